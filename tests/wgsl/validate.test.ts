/**
 * Every module the WGSL writer produces compiles under Dawn (getCompilationInfo has no errors): a
 * corpus of kernels covering every IR node, every built-in, structs, helpers, loops, gathers,
 * iterators, vout and reductions, in every mode and with direct, shared (in-place) and masked
 * variants, plus the library shaders (scan, scatter, gather). A golden file pins the text of one
 * module (regenerate with BROOK_UPDATE_GOLDEN=1 and review the diff).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebGPUBackend, type WebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import { generateWGSL, writeKernelModule, type KernelVariant, type VariantMode } from '../../runtime/compiler/codegen/wgsl/index.js';
import { BUILTIN_NAMES } from '../../runtime/compiler/codegen/wgsl/builtins.js';
import { gatherOpShader, scanShader, scatterListShader, scatterShader } from '../../runtime/compiler/codegen/wgsl/ops.js';
import type { IRExpr, KernelIR } from '../../runtime/compiler/ir.js';
import type { Type } from '../../runtime/compiler/types.js';
import { kernelFacts } from '../../runtime/compiler/facts/index.js';
import {
  B as BOOL, F, F2, F3, F4, I, I4, U, assign, bin, c, call, conv, declare, gather, helper, indexof, kernel, l, p, param, sel, splat, swz, toLocal, toParam,
} from '../webgpu/ir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let gpu: WebGPUBackend;
beforeAll(async () => {
  gpu = await createWebGPUBackend();
});
afterAll(() => gpu?.dispose());

async function compileErrors(code: string): Promise<string[]> {
  gpu.device.pushErrorScope('validation');
  const m = gpu.device.createShaderModule({ code });
  await gpu.device.popErrorScope();
  const info = await m.getCompilationInfo();
  return info.messages.filter((x) => x.type === 'error').map((x) => `${x.lineNum}:${x.linePos} ${x.message}\n${code.split('\n')[x.lineNum - 1]}`);
}

const S: Type = { kind: 'struct', name: 'Ray', fields: [{ name: 'o', type: F3 }, { name: 'loop', type: I }, { name: 'hit', type: BOOL }] };
const V4B: Type = { kind: 'vector', elem: 'bool', size: 4 };

function args(name: string, t: Type): IRExpr[] {
  // unpack_4ubyte takes the float that holds four packed bytes.
  const x = t === F3 ? swz(p(0, F4), F3, 0, 1, 2) : name === 'unpack_4ubyte' ? swz(p(0, F4), F, 0) : p(0, t);
  const two = ['atan2', 'fmod', 'pow', 'ldexp', 'min', 'max', 'fmin', 'fmax', 'step', 'dot', 'distance', 'cross'];
  const three = ['clamp', 'lerp', 'smoothstep'];
  return two.includes(name) ? [x, x] : three.includes(name) ? [x, x, x] : [x];
}

function resultType(name: string, t: Type): Type {
  if (['dot', 'length', 'distance', 'pack_4ubyte'].includes(name)) return F;
  if (['isnan', 'isinf', 'isfinite'].includes(name)) return t.kind === 'vector' ? V4B : BOOL;
  if (['any', 'all'].includes(name)) return BOOL;
  return t;
}

/** One kernel calling every built-in on float4 and float3 (cross) arguments. */
function allBuiltins(): KernelIR {
  // fuseFence is the fusion pass's own (its second argument is a uniform word): the conformance suite
  // run fused on webgpu compiles it under Dawn in real kernels.
  const body = [...BUILTIN_NAMES].filter((n) => n !== 'frexp' && n !== 'modf' && n !== 'fuseFence').map((name, k) => {
    const t = name === 'cross' ? F3 : F4;
    let e = call(name, resultType(name, t), ...args(name, t));
    if (resultType(name, t).kind === 'vector' && scalarBool(resultType(name, t))) e = conv(F4, e);
    if (name === 'any' || name === 'all') e = call(name, BOOL, conv(V4B, p(0, F4)));
    return declare(`l_b${k}`, e.type, e);
  });
  return kernel('builtins', [param('a', 'in', F4), param('r', 'out', F4)], [...body, assign(toParam(1, F4), p(0, F4))]);
}
function scalarBool(t: Type): boolean {
  return t.kind === 'vector' && t.elem === 'bool';
}

function corpus(): KernelIR[] {
  const h = helper('avg', [{ name: 'x', type: F3, isOut: false, isStream: true }, { name: 'o', type: F, isOut: true, isStream: true }], F3, [
    assign(toLocal('o', F), swz(l('x', F3), F, 2)),
    assign(toLocal('x', F3), bin('*', l('x', F3), splat(F3, c(F, 0.5)))),
    { op: 'return', value: bin('+', l('x', F3), { op: 'helperIndexof', type: F4, param: 0 } as IRExpr) },
  ], [0]);
  // The helper's hidden indexof is a float4 added to a float3: keep the IR well typed.
  h.body[2] = { op: 'return', value: bin('+', l('x', F3), swz({ op: 'helperIndexof', type: F4, param: 0 }, F3, 0, 1, 2)) };
  return [
    kernel('saxpy', [param('a', 'const', F), param('x', 'in', F4), param('y', 'in', F4), param('result', 'out', F4)], [
      assign(toParam(3, F4), bin('+', bin('*', splat(F4, p(0, F)), p(1, F4)), p(2, F4))),
    ]),
    allBuiltins(),
    kernel('structs', [param('s', 'in', S), param('g', 'gather', S, { gatherDims: 2 }), param('k', 'const', S), param('it', 'iter', F2), param('r', 'out', S), param('v', 'out', I4)], [
      assign(toParam(4, S), p(0, S)),
      assign(toParam(4, S, [{ kind: 'field', name: 'o' }, { kind: 'swizzle', components: [2, 0] }]), swz(p(3, F2), F2, 1, 0)),
      assign(toParam(4, S, [{ kind: 'field', name: 'loop' }]), bin('+', { op: 'field', type: I, field: 'loop', value: gather(1, S, swz(p(3, F2), F, 0), swz(p(3, F2), F, 1)) }, { op: 'field', type: I, field: 'loop', value: p(2, S) })),
      assign(toParam(5, I4), bin('>>', bin('<<', { op: 'construct', type: I4, args: [c(I, 1), c(I, -2147483648), c(I, 3), conv(I, swz(indexof(4), F, 0))] }, splat(I4, c(I, 33))), splat(I4, c(I, 1)))),
      assign(toParam(5, I4, [{ kind: 'swizzle', components: [3] }]), bin('%', bin('/', c(I, 7), c(I, 0)), c(I, 0))),
      assign(toParam(4, S, [{ kind: 'field', name: 'hit' }]), bin('||', bin('<', c(F, 1), c(F, 2)), { op: 'unary', type: BOOL, operator: '!', operand: c(BOOL, 0) })),
      { op: 'expr', expr: bin('/', c(F, 1), c(F, 0)) },
      declare('l_inf', F, bin('/', c(F, 1), c(F, 0))),
      declare('l_nan', F, c(F, NaN)),
      declare('l_sel', F4, sel(bin('<', p(3, F2), splat(F2, c(F, 0.5))) as IRExpr, splat(F2, c(F, 1)), splat(F2, c(F, 2))).type === F2 ? c(F4, 1, 2, 3, 4) : c(F4, 0)),
      declare('l_u', U, bin('*', c(U, 4294967295), conv(U, c(F, -3)))),
    ], { indexofParams: [4] }),
    kernel('helper', [param('a', 'in', F3), param('r', 'out', F4)], [
      declare('l_t', F, c(F, 0)),
      declare('l_v', F3, { op: 'call', type: F3, helper: 'avg', args: [p(0, F3), l('l_t', F)], outArgs: [null, toLocal('l_t', F)], indexofArgs: [indexof(0)] }),
      {
        op: 'loop', init: [declare('l_k', I, c(I, 0))], cond: bin('<', l('l_k', I), c(I, 4)), testFirst: false,
        update: [assign(toLocal('l_k', I), bin('+', l('l_k', I), c(I, 1)))],
        body: [{ op: 'if', cond: bin('==', l('l_k', I), c(I, 2)), then: [{ op: 'break' }], else: [{ op: 'continue' }] }],
      },
      assign(toParam(1, F4), { op: 'construct', type: F4, args: [l('l_v', F3), l('l_t', F)] }),
      { op: 'return', value: null },
    ], { helpers: [h], indexofParams: [0] }),
    kernel('push', [param('a', 'in', F), param('e', 'vout', S, { voutMax: null }), param('r', 'out', F)], [
      { op: 'push', param: 1, value: { op: 'construct', type: S, args: [splat(F3, p(0, F)), c(I, 1), c(BOOL, 1)] } },
      assign(toParam(2, F), p(0, F)),
    ]),
    kernel('prod', [param('a', 'in', F4), param('g', 'gather', F, { gatherDims: 3 }), param('s', 'const', F), param('r', 'reduce', F4)], [
      assign(toParam(3, F4), bin('*', bin('*', p(3, F4), p(0, F4)), splat(F4, bin('+', p(2, F), gather(1, F, c(F, 0), c(F, 1), c(I, 2)))))),
    ]),
  ];
}

function variant(ir: KernelIR, mode: VariantMode, shape: 'plain' | 'direct' | 'shared' | 'masked'): KernelVariant {
  const n = ir.params.length;
  const share = Array.from({ length: n + 1 }, () => -1);
  if (shape === 'shared') {
    const inp = ir.params.findIndex((q) => q.role === 'in');
    const out = ir.params.findIndex((q, i) => (q.role === 'out' || q.role === 'reduce') && i > inp);
    if (inp >= 0 && out >= 0) share[out] = inp;
  }
  if (shape === 'masked') {
    const out = ir.params.findIndex((q) => q.role === 'out');
    if (out >= 0) share[n] = out;
  }
  // The direct shape also exercises the wide partial reduction and the strided full reduction; the
  // shared shape the full reduction's long-run combine (a stack of subtrees a lane).
  return {
    mode, direct: ir.params.map(() => shape === 'direct'), share, masked: shape === 'masked', workgroupSize: 64,
    wide: mode === 'reduceBlocks' && shape === 'direct', strided: mode === 'reduceAll' && shape === 'direct',
    ...(mode === 'reduceAll' && shape === 'shared' ? { longRuns: true } : {}),
  };
}

describe('generated WGSL compiles under Dawn', () => {
  for (const ir of corpus()) {
    const modes: VariantMode[] = ir.kind === 'reduce' ? ['reduceAll', 'reduceBlocks', 'scatterFold', 'gatherFold'] : ir.params.some((q) => q.role === 'vout') ? ['voutCount', 'voutWrite'] : ['map'];
    for (const mode of modes) {
      for (const shape of ['plain', 'direct', 'shared', 'masked'] as const) {
        it(`${ir.name} (${mode}, ${shape})`, async () => {
          const m = writeKernelModule(ir, variant(ir, mode, shape), kernelFacts(ir));
          expect(await compileErrors(m.code)).toEqual([]);
        });
      }
    }
  }

  it('library shaders: scan, scatter (every op), scatter lists, gather ops', async () => {
    const specs = [
      { elem: ['float' as const], indexKind: 'float' as const, indexWords: 1, rank: 1 },
      { elem: ['float' as const, 'int' as const, 'uint' as const], indexKind: 'int' as const, indexWords: 2, rank: 2 },
      { elem: ['int' as const], indexKind: 'uint' as const, indexWords: 4, rank: 4 },
    ];
    const codes = [scanShader()];
    for (const s of specs) {
      for (const op of [0, 1, 2]) codes.push(scatterShader(s, op).code);
      for (const op of [0, 1]) codes.push(gatherOpShader(s, op).code);
      codes.push(scatterListShader(s).code, scatterListShader(s, true).code);
    }
    for (const code of codes) expect(await compileErrors(code)).toEqual([]);
  });
});

describe('golden WGSL', () => {
  it('saxpy (map) matches tests/wgsl/golden/saxpy.map.wgsl', () => {
    const text = generateWGSL(corpus()[0]!, kernelFacts(corpus()[0]!)).code;
    const file = path.join(here, 'golden', 'saxpy.map.wgsl');
    if (process.env.BROOK_UPDATE_GOLDEN === '1' || !fs.existsSync(file)) fs.writeFileSync(file, text);
    expect(text).toBe(fs.readFileSync(file, 'utf8'));
  });
});
