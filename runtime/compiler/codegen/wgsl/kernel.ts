/**
 * Assembles a kernel's WGSL module for one variant (layout.ts): the kernel body as a function with
 * value semantics (`kbody`), the helpers it calls, element loads and stores, and the entry points
 * of the variant's mode:
 *   map          one invocation per output position: load inputs, run the body, store outputs;
 *   reduceAll    `main`: each thread folds a contiguous chunk left to right, the workgroup combines
 *                chunks in order (a tree over neighbours), one partial per workgroup;
 *                `combine`: one workgroup folds the partials the same way into `result`;
 *   reduceBlocks one invocation per target element folds its block of the input in row-major order;
 *   voutCount    runs the body, counting pushes per position (and the largest count per vout);
 *   voutWrite    runs the body again, pushing to offsets from the scanned counts;
 *   scatterFold  streamScatterOp with a reduce kernel: one invocation per destination element folds
 *                the data elements aimed at it (listed by the backend) in element order;
 *   gatherFold   streamGatherOp with a reduce kernel: one invocation per source element hands its
 *                value to the positions fetching it (listed by the backend) in element order, updating
 *                it after each fetch with the body run on (old, old), as the CPU backend does.
 * Element order is kept everywhere, so a non-commutative reduction gives the ordered result.
 */
import type { KernelIR } from '../../ir.js';
import { flattenElement, storageScalars } from '../../types.js';
import { BodyWriter, helperFnName, writeHelper, type BodyContext } from './body.js';
import { Library } from './builtins.js';
import { bindingDecl, indexLibraryFor, loadFn, pagedAccessFns, storeFn } from './memory.js';
import { collectStructs, scalarKind, SPECIAL_DECL, wgslType } from './names.js';
import { planModule, voutParams, WG2D, type KernelVariant, type ModulePlan } from './layout.js';
import { Shapes, vecOf, ZERO, type Pos } from './shapes.js';
import { kernelFacts, wgslGatherFunction, type ExactTerm } from '../../facts/index.js';
import { budgetDecls, budgetFns, budgetStart, loopIdOf } from './budget.js';
import { coopLoop, coopShared, writeCoopBody, type CoopLoop } from './coop.js';

export interface WgslModule {
  code: string;
  plan: ModulePlan;
  /** Entry points: `main`, and `combine` for reduceAll. */
  entries: string[];
}

const a = (i: number) => `a_${i}`;

export function writeKernelModule(ir: KernelIR, v: KernelVariant): WgslModule {
  const plan = planModule(ir, v);
  const S = new Shapes(v.shapes);
  const lib = new Library();
  const structs = new Map<string, string>();
  for (const p of ir.params) collectStructs(p.type, structs);
  for (const h of ir.helpers) {
    for (const p of h.params) collectStructs(p.type, structs);
    collectStructs(h.returnType, structs);
  }
  const helpers = new Map(ir.helpers.map((h) => [h.name, h]));
  const decls: string[] = [];
  const fns: string[] = [];
  const indexofSet = new Set(ir.indexofParams);
  decls.push(`@group(0) @binding(0) var<uniform> U: array<vec4<u32>, ${plan.uniformVec4s}>;`);
  decls.push(SPECIAL_DECL);
  for (const b of plan.bindings) {
    decls.push(`@group(0) @binding(${b.binding}) var<storage, ${b.writable ? 'read_write' : 'read'}> bb_${b.binding}: array<${b.array}>;`);
  }
  for (const p of plan.params) {
    if (p.binding === null || !p.storage) continue;
    const writes = plan.writable.has(p.binding);
    if (p.pages) {
      fns.push(...pagedAccessFns({ load: `ld_${p.index}`, store: writes ? `st_${p.index}` : undefined }, p.binding, p.type, p.storage, p.pages, storageScalars(ir.params[p.index]!)));
      continue;
    }
    if (plan.vec4Params.has(p.index)) {
      // Declared vec4 (a coarsened map): four elements at a time, and one element where needed.
      const ty = wgslType(p.type);
      const bb = `bb_${p.binding}`;
      fns.push(`fn ld_${p.index}(e: u32) -> ${ty} { return ${bb}[e >> 2u][e & 3u]; }`);
      fns.push(`fn ld4_${p.index}(q: u32) -> vec4<${ty}> { return ${bb}[q]; }`);
      if (writes) fns.push(`fn st4_${p.index}(q: u32, v: vec4<${ty}>) { ${bb}[q] = v; }`);
      continue;
    }
    fns.push(loadFn(`ld_${p.index}`, `bb_${p.binding}`, p.type, p.storage));
    if (writes) fns.push(storeFn(`st_${p.index}`, `bb_${p.binding}`, p.type, p.storage, storageScalars(ir.params[p.index]!)));
  }
  if (plan.mask) {
    const float: import('../../types.js').Type = { kind: 'scalar', name: 'float' };
    if (plan.mask.pages) fns.push(...pagedAccessFns({ load: 'ld_mask' }, plan.mask.binding, float, plan.mask.storage, plan.mask.pages));
    else fns.push(loadFn('ld_mask', `bb_${plan.mask.binding}`, float, plan.mask.storage));
  }
  for (const e of plan.extra) {
    const atomic = e.name === 'vstat';
    decls.push(bindingDecl(e.binding, `b_${e.name}`, { kind: 'words', words: 1 }, e.name !== 'offsets', atomic));
  }
  if (plan.budget) {
    decls.push(...budgetDecls(plan.budget.binding));
    fns.push(...budgetFns(plan.budget.uniform));
  }
  const startBudget = plan.budget ? [budgetStart(plan.budget.uniform, '  ')] : [];
  for (const i of indexofSet) decls.push(`var<private> ix_${i}: vec4<f32>;`);
  // Integer positions beside the float ones, for gathers with exact integer coordinates (exact.ts).
  const exactGathers = v.mode === 'map' && S.specialized;
  if (exactGathers) for (const i of indexofSet) if (ir.params[i]!.role !== 'iter') decls.push(`var<private> ixu_${i}: vec4<u32>;`);
  const vouts = voutParams(ir);
  for (const k of vouts) decls.push(`var<private> vc_${k}: u32;`, `var<private> vb_${k}: u32;`);

  // Gather functions: g_k(c0, c1, ..) with coordinates already rounded and clamped (c0 fastest).
  const gatherFns = new Map<number, string>();
  for (const p of plan.params) {
    if (p.role !== 'gather') continue;
    const dims = ir.params[p.index]!.gatherDims ?? 1;
    const cs = Array.from({ length: dims }, (_, k) => `c${k}`);
    const pos: Pos = [ZERO, ZERO, ZERO, ZERO];
    cs.forEach((c, k) => (pos[3 - k] = c));
    fns.push(
      `fn g_${p.index}(${cs.map((c) => `${c}: u32`).join(', ')}) -> ${wgslType(p.type)} {\n` +
        `  return ld_${p.index}(${S.linear(pos, p.uniform, p.uniform + 2)});\n}`,
    );
    gatherFns.set(p.index, `g_${p.index}`);
  }

  // Each index as the kernel facts class it (compiler/facts): rounded float, whole float, int, uint.
  // In a specialized map module, a float coordinate with an exact integer form (whole.ts) is computed
  // in i32 and clamped as an integer; the bounds of indexof come from the call's shapes.
  const facts = kernelFacts(ir);
  const indexofBound = (param: number, k: number): number | null => {
    const p = plan.params[param]!;
    if (k > 3 || !indexofSet.has(param) || (p.role !== 'in' && p.role !== 'out')) return null;
    return S.words(p.role === 'out' ? 0 : p.uniform + 1)?.[3 - k] ?? null;
  };
  const exactText = (t: ExactTerm): string => {
    switch (t.op) {
      case 'const': return t.value < 0 ? `(${t.value}i)` : `${t.value}i`;
      case 'indexof': return `i32(ixu_${t.param}.${'wzyx'[t.comp]})`;
      case 'neg': return `(-${exactText(t.a)})`;
      default: return `(${exactText(t.a)} ${t.op} ${exactText(t.b)})`;
    }
  };
  function indexText(i: number, c: { text: string; type: import('../../types.js').Type; ir?: import('../../ir.js').IRExpr }, k: number, exact: boolean): string {
    const n = S.comp(plan.params[i]!.uniform + 1, 3 - k);
    const kind = scalarKind(c.type);
    const e = exact && kind === 'f32' && c.ir ? facts.exactInt(c.ir, indexofBound) : null;
    if (e) return `brk_gii(${exactText(e.term)}, ${n})`;
    return `${wgslGatherFunction(kind, kind === 'f32' && c.ir !== undefined && facts.isWhole(c.ir))}(${c.text}, ${n})`;
  }

  // Helpers with gather parameters are written on demand, once per combination of kernel gathers.
  const specialized = new Map<string, { h: import('../../ir.js').IRHelper; gathers: number[] }>();
  // A cooperative variant's strided loop has a uniform bound and a constant step: not counted.
  const coopSpan = v.coop ? ir.body.find((s) => s.op === 'loop')?.span : undefined;
  const ctxBase: Omit<BodyContext, 'pointers' | 'helperIndexof'> = {
    lib,
    helpers,
    loopId: plan.budget ? (s) => (coopSpan !== undefined && s.span === coopSpan ? null : loopIdOf(ir, s)) : undefined,
    gatherParam: (i) => i,
    helperName: (h, gathers) => {
      const name = helperFnName(h.name, gathers);
      if (gathers.length > 0 && !specialized.has(name)) specialized.set(name, { h, gathers });
      return name;
    },
    param: (i) => {
      const r = ir.params[i]!.role;
      return r === 'out' || r === 'reduce' || r === 'vout' ? `(*${a(i)})` : a(i);
    },
    paramLValue: (i) => `(*${a(i)})`,
    gather: (i, coords) => `${gatherFns.get(i)}(${coords.map((c, k) => indexText(i, c, k, false)).join(', ')})`,
    indexof: (i) => `ix_${i}`,
    push: (i, value, ind) => {
      if (v.mode === 'voutWrite') return [`${ind}st_${i}(vb_${i} + vc_${i}, ${value});`, `${ind}vc_${i} = vc_${i} + 1u;`];
      return [`${ind}_ = ${value};`, `${ind}vc_${i} = vc_${i} + 1u;`];
    },
  };
  for (const h of ir.helpers) if (!h.params.some((p) => p.type.kind === 'gather')) fns.push(writeHelper(h, ctxBase));

  // The kernel body: inputs, constants and iterators by value; outputs and the accumulator by pointer.
  // (A fused reduction's producer parameters are not the body's: `pr_elem` below reads them.)
  const sig = ir.params.flatMap((p, i) => {
    if (!inBody(ir, i)) return [];
    switch (p.role) {
      case 'gather': return [];
      case 'out': case 'reduce': case 'vout': return [`${a(i)}: ptr<function, ${wgslType(p.type)}>`];
      default: return [`${a(i)}: ${wgslType(p.type)}`];
    }
  });
  const bodyCtx: BodyContext = {
    ...ctxBase,
    gather: (i, coords) => `${gatherFns.get(i)}(${coords.map((c, k) => indexText(i, c, k, exactGathers)).join(', ')})`,
    pointers: new Set(),
    helperIndexof: () => {
      throw new Error('internal: helperIndexof outside a helper');
    },
  };
  // A cooperative variant (coop.ts): the workgroup runs one element, lanes split the loop.
  const coop = v.coop ? coopOf(ir) : null;
  if (coop) {
    decls.push(...coopShared(coop, v.workgroupSize));
    const body = writeCoopBody(ir, coop, v.workgroupSize, new BodyWriter(bodyCtx));
    fns.push(`fn kbody(${['lid: u32', ...sig].join(', ')}) {\n${[...startBudget, ...body].join('\n')}\n}`);
  } else {
    const body = new BodyWriter(bodyCtx).stmts(ir.body, '  ');
    fns.push(`fn kbody(${sig.join(', ')}) {\n${[...startBudget, ...body].join('\n')}\n}`);
  }
  if (ir.produce && (v.mode === 'reduceAll' || v.mode === 'reduceBlocks')) {
    const produceCtx: BodyContext = {
      ...ctxBase,
      // Inside pr_elem every parameter is a local of its own (the input and outputs are vars).
      param: (i) => a(i),
      paramLValue: (i) => a(i),
      pointers: new Set(),
      helperIndexof: () => {
        throw new Error('internal: helperIndexof outside a helper');
      },
    };
    fns.push(producerFn(ir, v, plan, indexofSet, S, [...startBudget, ...new BodyWriter(produceCtx).stmts(ir.produce.body, '  ')]));
  }
  // Specializations requested by the body, and by the specializations themselves.
  const written = new Set<string>();
  for (let more = true; more; ) {
    more = false;
    for (const [name, s] of [...specialized]) {
      if (written.has(name)) continue;
      written.add(name);
      fns.push(writeHelper(s.h, ctxBase, s.gathers));
      more = true;
    }
  }

  const entries = ['main'];
  switch (v.mode) {
    case 'map': case 'voutCount': case 'voutWrite':
      fns.push(coop ? coopMain(ir, v, plan, indexofSet, S) : plan.coarsen > 1 ? coarseMapMain(ir, v, plan, indexofSet, S) : mapMain(ir, v, plan, indexofSet, S));
      break;
    case 'reduceAll':
      fns.push(...reduceAllMains(ir, v, plan));
      entries.push('combine');
      break;
    case 'reduceBlocks':
      fns.push(reduceBlocksMain(ir, v, plan, S));
      break;
    case 'scatterFold': case 'gatherFold':
      fns.push(foldMain(ir, v, plan, v.mode));
      break;
  }

  const libText = lib.text();
  const code = [
    '// Generated by the Brook WGSL writer from kernel ' + ir.name + ' (' + v.mode + ')',
    ...structs.values(),
    ...decls,
    indexLibraryFor([libText, ...fns].join('\n')),
    libText,
    ...fns,
  ].filter((s) => s.length > 0).join('\n\n');
  return { code: code + '\n', plan, entries };
}

/** Statements computing argument values for output position `o` (components `o`) with linear index `i`,
 *  in an iteration space of shape U[space] (the output's, U[0], unless a fused reduction's producer
 *  runs at input positions). */
function argumentSetup(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, ind: string, S: Shapes, o: Pos, space = 0, loaded?: (i: number) => string | undefined): string[] {
  const lines: string[] = [];
  for (const p of plan.params) {
    const i = p.index;
    const u = p.uniform;
    const ty = wgslType(p.type);
    switch (p.role) {
      case 'in': {
        const r = `r_${i}`;
        const given = loaded?.(i);
        if (given !== undefined) {
          lines.push(`${ind}let ${a(i)} = ${given};`);
          break;
        }
        if (v.direct[i] && !indexofSet.has(i)) {
          lines.push(`${ind}let ${a(i)} = ld_${i}(i);`);
          break;
        }
        const rp = S.resize(o, u + 1, space);
        lines.push(`${ind}let ${a(i)} = ld_${i}(${v.direct[i] ? 'i' : S.linear(rp, u, u + 2)});`);
        if (indexofSet.has(i)) {
          lines.push(`${ind}ix_${i} = brk_pos(${vecOf(rp)});`);
          if (v.mode === 'map' && S.specialized) lines.push(`${ind}ixu_${i} = ${vecOf(rp)};`);
        }
        break;
      }
      case 'iter': {
        const n = flattenElement(p.type).length;
        const r = `r_${i}`;
        lines.push(`${ind}let ${r} = U[${u}u] + brk_resize(${vecOf(o)}, U[${u + 1}u], ${S.vec(space)});`);
        lines.push(`${ind}let fs_${i} = vec4<f32>(U[${u + 2}u]);`);
        lines.push(`${ind}let lo_${i} = bitcast<vec4<f32>>(U[${u + 3}u]);`);
        lines.push(`${ind}let hi_${i} = bitcast<vec4<f32>>(U[${u + 4}u]);`);
        // 1-D: every component steps with the index; 2-D and up: component c steps along dimension
        // c counted from the fastest (.x along the columns, .y along the rows).
        lines.push(`${ind}let t1_${i} = vec4<f32>(vec4<u32>(${r}.w));`);
        lines.push(`${ind}let tn_${i} = vec4<f32>(${r}.wzyx);`);
        lines.push(`${ind}let f_${i} = select(tn_${i}, t1_${i}, U[${u + 5}u].x <= 1u);`);
        lines.push(`${ind}let d_${i} = select(fs_${i}.wzyx, fs_${i}.wwww, U[${u + 5}u].x <= 1u);`);
        lines.push(`${ind}let v_${i} = lo_${i} + (hi_${i} - lo_${i}) * f_${i} / d_${i};`);
        const comps = ['x', 'y', 'z', 'w'].slice(0, n);
        lines.push(`${ind}let ${a(i)} = ${n === 1 ? `v_${i}.x` : `${ty}(${comps.map((c) => `v_${i}.${c}`).join(', ')})`};`);
        if (indexofSet.has(i)) lines.push(`${ind}ix_${i} = brk_pos(${r} - U[${u}u]);`);
        break;
      }
      case 'const': {
        const flat = flattenElement(p.type);
        const words = flat.map((c, k) => {
          const w = `U[${u + (k >> 2)}u].${'xyzw'[k & 3]}`;
          return c.scalar === 'float' ? `bitcast<f32>(${w})` : c.scalar === 'int' ? `bitcast<i32>(${w})` : c.scalar === 'bool' ? `(${w} != 0u)` : w;
        });
        lines.push(`${ind}let ${a(i)} = ${buildFromFlat(p.type, words)};`);
        break;
      }
      case 'out':
        lines.push(`${ind}var ${a(i)}: ${ty};`);
        if (indexofSet.has(i)) {
          lines.push(`${ind}ix_${i} = brk_pos(${vecOf(o)});`);
          if (v.mode === 'map' && S.specialized) lines.push(`${ind}ixu_${i} = ${vecOf(o)};`);
        }
        break;
      case 'vout':
        lines.push(`${ind}var ${a(i)}: ${ty};`);
        break;
      default:
        break;
    }
  }
  return lines;
}

/** A value of type t from its flat component expressions (C order). */
function buildFromFlat(t: import('../../types.js').Type, words: string[]): string {
  let k = 0;
  const build = (ty: import('../../types.js').Type): string => {
    if (ty.kind === 'scalar') return words[k++]!;
    if (ty.kind === 'vector') return `${wgslType(ty)}(${Array.from({ length: ty.size }, () => words[k++]!).join(', ')})`;
    if (ty.kind === 'struct') return `${wgslType(ty)}(${ty.fields.map((f) => build(f.type)).join(', ')})`;
    if (ty.kind === 'array' && ty.length !== null) return `${wgslType(ty)}(${Array.from({ length: ty.length }, () => build(ty.elem)).join(', ')})`;
    throw new Error(`internal: constant of type ${ty.kind}`);
  };
  return build(t);
}

/** The call of `kbody`; `lead`: arguments before the parameters' (a cooperative body's lane). */
function bodyCall(ir: KernelIR, lead: string[] = []): string {
  const args = [...lead, ...ir.params.flatMap((p, i) => (p.role === 'gather' || !inBody(ir, i) ? [] : p.role === 'out' || p.role === 'reduce' || p.role === 'vout' ? [`&${a(i)}`] : [a(i)]))];
  return `kbody(${args.join(', ')});`;
}

/** Whether kernel parameter i is a parameter of `kbody` (all but a fused reduction's producer's). */
function inBody(ir: KernelIR, i: number): boolean {
  return !ir.produce || i < ir.produce.from;
}

/**
 * A fused reduction's input element (ir.ts `produce`): `pr_elem(o, i)` runs the producer's part at
 * input position `o` (linear index `i` in the input's dense shape), stores the outputs it keeps
 * there, and returns the element. Every reduction mode reads each element exactly once, so each
 * kept output is stored once.
 */
function producerFn(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes, body: string[]): string {
  const { input } = reduceParams(ir);
  const inP = plan.params[input]!;
  const from = ir.produce!.from;
  const own: ModulePlan = { ...plan, params: plan.params.filter((p) => p.index >= from) };
  const o: Pos = ['o.x', 'o.y', 'o.z', 'o.w'];
  const T = wgslType(ir.params[input]!.type);
  const stores = own.params
    .filter((p) => p.role === 'out')
    .map((p) => `  st_${p.index}(${v.direct[p.index] ? 'i' : S.linear(o, p.uniform, p.uniform + 2)}, ${a(p.index)});`);
  // The computed input is dense: its indexof (the producer's position, compiler/fuse) is `o`.
  const inputPos = indexofSet.has(input) ? [`  ix_${input} = brk_pos(o);`] : [];
  return [
    `fn pr_elem(o: vec4<u32>, i: u32) -> ${T} {`,
    ...inputPos,
    ...argumentSetup(ir, v, own, indexofSet, '  ', S, o, inP.uniform + 1),
    `  var ${a(input)}: ${T};`,
    ...body,
    ...stores,
    `  return ${a(input)};`,
    '}',
  ].join('\n');
}

/** The entry's first lines: `i` (linear output index) and the output position, or a return for
 *  threads past the end. A 2-D grid (ShapeSpec.grid 2) runs over (row, column) of a 2-D output. */
function positionSetup(v: KernelVariant, S: Shapes): { head: string[]; o: Pos } {
  if (v.shapes?.grid === 2) {
    const cols = S.comp(0, 3);
    return {
      head: [
        `@compute @workgroup_size(${WG2D[0]}, ${WG2D[1]})`,
        'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
        '  let col = gid.x;',
        '  let row = U[1].z + gid.y;',
        `  if (col >= ${cols} || row >= U[1].x) { return; }`,
        `  let i = row * ${cols} + col;`,
      ],
      o: [ZERO, ZERO, 'row', 'col'],
    };
  }
  const u = S.unflatten('i', 0);
  return {
    head: [
      `@compute @workgroup_size(${v.workgroupSize})`,
      'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
      '  let i = U[1].z + gid.x + gid.y * U[1].y;',
      '  if (i >= U[1].x) { return; }',
      ...u.setup.map((l) => '  ' + l),
    ],
    o: u.pos,
  };
}

function mapMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const L: string[] = [];
  const { head, o } = positionSetup(v, S);
  L.push(...head);
  if (plan.mask) {
    const m = plan.mask.uniform;
    L.push(`  let mi = ${S.linear(o, m, m + 2)};`);
    L.push('  if (ld_mask(mi) == 0.0) { return; }');
  }
  const vouts = voutParams(ir);
  const counts = plan.extra.find((e) => e.name === 'counts');
  const offsets = plan.extra.find((e) => e.name === 'offsets');
  if (v.mode === 'voutWrite' && offsets) {
    // offsets[k * n + i] - offsets[k * n] is where position i starts pushing to vout k.
    vouts.forEach((k, j) => L.push(`  vb_${k} = b_offsets[${j}u * U[2].x + i] - b_offsets[${j}u * U[2].x];`));
  }
  L.push(...argumentSetup(ir, v, plan, indexofSet, '  ', S, o));
  L.push(`  ${bodyCall(ir)}`);
  if (v.mode === 'voutCount' && counts) {
    vouts.forEach((k, j) => {
      L.push(`  b_counts[${j}u * U[2].x + i] = vc_${k};`);
      L.push(`  atomicMax(&b_vstat[${j}u], vc_${k});`);
    });
  } else {
    for (const p of plan.params) {
      if (p.role !== 'out') continue;
      const idx = v.direct[p.index] ? 'i' : S.linear(o, p.uniform, p.uniform + 2);
      L.push(`  st_${p.index}(${idx}, ${a(p.index)});`);
    }
  }
  L.push('}');
  return L.join('\n');
}

function coopOf(ir: KernelIR): CoopLoop {
  const c = coopLoop(ir);
  if (c.ok) return c.loop;
  throw new Error(`internal: kernel '${ir.name}' cannot run cooperatively: ${c.reason}`);
}

/**
 * The entry of a cooperative variant (coop.ts): workgroup `wid` computes output element `i`; every
 * lane sets up the arguments and runs `kbody`, lane 0 stores the outputs. `i` depends only on the
 * workgroup, so the early return is uniform and the barriers in kbody are reached by all lanes.
 * U[1].y is the number of workgroups in a grid row.
 */
function coopMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const u = S.unflatten('i', 0);
  const L = [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {',
    '  let i = U[1].z + wid.x + wid.y * U[1].y;',
    '  if (i >= U[1].x) { return; }',
    ...u.setup.map((l) => '  ' + l),
    ...argumentSetup(ir, v, plan, indexofSet, '  ', S, u.pos),
    `  ${bodyCall(ir, ['lid'])}`,
    '  if (lid == 0u) {',
  ];
  for (const p of plan.params) {
    if (p.role !== 'out') continue;
    const idx = v.direct[p.index] ? 'i' : S.linear(u.pos, p.uniform, p.uniform + 2);
    L.push(`    st_${p.index}(${idx}, ${a(p.index)});`);
  }
  L.push('  }', '}');
  return L.join('\n');
}

/**
 * A coarsened 2-D map (layout.ts mapCoarsening): thread (q, row) computes the four outputs at columns
 * 4q .. 4q+3 of its row, one body run each in column order, from direct inputs loaded as one vec4
 * (`i4`, their element index over 4), and stores each output as one vec4.
 */
function coarseMapMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const cols = Number(S.words(0)![3]);
  const quads = cols / 4;
  const vecIn = plan.params.filter((p) => p.role === 'in' && plan.vec4Params.has(p.index)).map((p) => p.index);
  const outs = plan.params.filter((p) => p.role === 'out').map((p) => p.index);
  const L = [
    `@compute @workgroup_size(${WG2D[0]}, ${WG2D[1]})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
    '  let q = gid.x;',
    '  let row = U[1].z + gid.y;',
    `  if (q >= ${quads}u || row >= U[1].x) { return; }`,
    `  let i4 = row * ${quads}u + q;`,
    ...vecIn.map((k) => `  let v_${k} = ld4_${k}(i4);`),
    ...outs.map((k) => `  var s_${k}: vec4<${wgslType(ir.params[k]!.type)}>;`),
  ];
  for (let j = 0; j < 4; j++) {
    const c = 'xyzw'[j]!;
    L.push('  {');
    L.push(`    let col = q * 4u + ${j}u;`);
    L.push(`    let i = row * ${cols}u + col;`);
    L.push(...argumentSetup(ir, v, plan, indexofSet, '    ', S, [ZERO, ZERO, 'row', 'col'], 0, (k) => (vecIn.includes(k) ? `v_${k}.${c}` : undefined)));
    L.push(`    ${bodyCall(ir)}`);
    L.push(...outs.map((k) => `    s_${k}.${c} = ${a(k)};`));
    L.push('  }');
  }
  L.push(...outs.map((k) => `  st4_${k}(i4, s_${k});`));
  L.push('}');
  return L.join('\n');
}

function reduceParams(ir: KernelIR): { input: number; acc: number } {
  const input = ir.params.findIndex((p) => p.role === 'in');
  const acc = ir.params.findIndex((p) => p.role === 'reduce');
  if (input < 0 || acc < 0) throw new Error(`internal: reduction '${ir.name}' needs one input stream and one reduce parameter`);
  return { input, acc };
}

/** Constants for the body in reduction modes (streams other than the input are gathers or constants). */
function constSetup(ir: KernelIR, plan: ModulePlan, ind: string): string[] {
  const v: KernelVariant = { mode: 'map', direct: ir.params.map(() => false), share: [], masked: false, workgroupSize: 1 };
  const onlyConsts: ModulePlan = { ...plan, params: plan.params.filter((p) => p.role === 'const') };
  return argumentSetup(ir, v, onlyConsts, new Set(), ind, new Shapes(undefined), [ZERO, ZERO, ZERO, ZERO]);
}

/** The combining call: acc = op(acc, x), written as the reduce body with x as the input. */
function combineCall(ir: KernelIR, input: number, acc: number, x: string, accVar: string): string {
  const args = ir.params.flatMap((p, i) => {
    if (p.role === 'gather' || !inBody(ir, i)) return [];
    if (i === input) return [x];
    if (i === acc) return [`&${accVar}`];
    return [a(i)];
  });
  return `kbody(${args.join(', ')});`;
}

function reduceAllMains(ir: KernelIR, v: KernelVariant, plan: ModulePlan): string[] {
  const { input, acc } = reduceParams(ir);
  const T = wgslType(ir.params[acc]!.type);
  const WG = v.workgroupSize;
  const inP = plan.params[input]!;
  const words = flattenElement(ir.params[acc]!.type).length;
  // Split streams (v.pages): a dispatch reduces the U[2].y elements from U[1].z on (one range of
  // pages) into the partials from U[1].x on; `combine` then folds every range's partials in order.
  const first = v.pages ? 'U[1].z + ' : '';
  const load = ir.produce
    ? (e: string) => `pr_elem(brk_unflatten(${first}${e}, U[0]), ${first}${e})`
    : v.direct[input]
      ? (e: string) => `ld_${input}(${first}${e})`
      : (e: string) => `ld_${input}(brk_linear(U[${inP.uniform}u] + brk_unflatten(${first}${e}, U[0]), U[${inP.uniform + 2}u]))`;
  const partial = v.pages ? 'U[1].x + wid.x + wid.y * nwg.x' : 'wid.x + wid.y * nwg.x';
  const partialStore = storeFn('st_partial', 'b_partials', ir.params[acc]!.type, { kind: 'words', words });
  const partialLoad = loadFn('ld_partial', 'b_partials', ir.params[acc]!.type, { kind: 'words', words });
  const resultStore = storeFn('st_result', 'b_result', ir.params[acc]!.type, { kind: 'words', words });
  const consts = constSetup(ir, plan, '  ');
  const tree = (target: string) => treeCombine(ir, input, acc, WG, target);
  const shared = `var<workgroup> sh: array<${T}, ${WG}>;\nvar<workgroup> shv: array<u32, ${WG}>;`;
  const main = v.strided ? stridedMain() : chunkedMain();
  function stridedMain(): string {
    return [
    `@compute @workgroup_size(${WG})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32,',
    '        @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
    ...consts,
    '  let t = gid.x + gid.y * U[1].y;',
    '  let n = U[2].y;',
    `  var acc: ${T};`,
    '  var valid = false;',
    ...[
        // Commutative operation: grid-strided elements, so neighbouring threads load neighbouring
        // words (coalesced); four loads in flight before they are combined (eight measured slower
        // on an H100: 0.28 ms instead of 0.12 ms for 256 MiB).
        '  let threads = U[2].w;',
        '  if (t < n) {',
        `    acc = ${load('t')};`,
        '    valid = true;',
        '    var e = t + threads;',
        '    loop {',
        '      if (e + 3u * threads >= n) { break; }',
        ...[0, 1, 2, 3].map((k) => `      let x${k} = ${load(k === 0 ? 'e' : `e + ${k}u * threads`)};`),
        ...[0, 1, 2, 3].map((k) => `      ${combineCall(ir, input, acc, `x${k}`, 'acc')}`),
        '      e = e + 4u * threads;',
        '    }',
        '    for (; e < n; e = e + threads) {',
        `      ${combineCall(ir, input, acc, load('e'), 'acc')}`,
        '    }',
        '  }',
      ],
    ...tree(`st_partial(${partial}, sh[0]);`),
    '}',
  ].join('\n');
  }
  // Order-keeping: threads own contiguous chunks of `chunk` elements, folded left to right with four
  // loads in flight; the chunks of a workgroup are neighbours, so combining neighbours in the tree
  // keeps the order. Valid chunks form a prefix of the threads. (Measured on an H100: a variant with
  // coalesced tiles and a tree per tile ran 2.5 times slower than this, the barriers dominating.)
  function chunkedMain(): string {
    return [
      `@compute @workgroup_size(${WG})`,
      'fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32,',
      '        @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
      ...consts,
      '  let t = gid.x + gid.y * U[1].y;',
      '  let n = U[2].y;',
      '  let chunk = U[2].x;',
      `  var acc: ${T};`,
      '  var valid = false;',
      '  if (t < (n + chunk - 1u) / chunk) {',
      '    let start = t * chunk;',
      '    let end = min(start + chunk, n);',
      `    acc = ${load('start')};`,
      '    valid = true;',
      '    var e = start + 1u;',
      '    loop {',
      '      if (e + 3u >= end) { break; }',
      ...[0, 1, 2, 3].map((k) => `      let x${k} = ${load(k === 0 ? 'e' : `e + ${k}u`)};`),
      ...[0, 1, 2, 3].map((k) => `      ${combineCall(ir, input, acc, `x${k}`, 'acc')}`),
      '      e = e + 4u;',
      '    }',
      '    for (; e < end; e = e + 1u) {',
      `      ${combineCall(ir, input, acc, load('e'), 'acc')}`,
      '    }',
      '  }',
      ...tree(`st_partial(${partial}, sh[0]);`),
      '}',
    ].join('\n');
  }
  const final = [
    `@compute @workgroup_size(${WG})`,
    'fn combine(@builtin(local_invocation_index) lid: u32) {',
    ...consts,
    '  let n = U[2].z;',
    `  let chunk = (n + ${WG - 1}u) / ${WG}u;`,
    `  var acc: ${T};`,
    '  var valid = false;',
    '  let start = lid * chunk;',
    '  if (start < n) {',
    '    let end = min(start + chunk, n);',
    '    acc = ld_partial(start);',
    '    valid = true;',
    '    for (var e = start + 1u; e < end; e = e + 1u) {',
    `      ${combineCall(ir, input, acc, 'ld_partial(e)', 'acc')}`,
    '    }',
    '  }',
    ...tree('st_result(0u, sh[0]);'),
    '}',
  ].join('\n');
  return [shared, partialStore, partialLoad, resultStore, main, final];
}

/** Workgroup tree over neighbours: sh[lid] = op(sh[lid], sh[lid + s]) keeps the element order;
 *  valid entries (threads that had elements) form a prefix. */
function treeCombine(ir: KernelIR, input: number, acc: number, WG: number, target: string): string[] {
  return [
    `  sh[lid] = acc;`,
    `  shv[lid] = select(0u, 1u, valid);`,
    `  workgroupBarrier();`,
    `  for (var s = 1u; s < ${WG}u; s = s * 2u) {`,
    `    if ((lid % (2u * s)) == 0u && lid + s < ${WG}u && shv[lid + s] != 0u) {`,
    `      var x = sh[lid];`,
    `      ${combineCall(ir, input, acc, 'sh[lid + s]', 'x')}`,
    `      sh[lid] = x;`,
    `    }`,
    `    workgroupBarrier();`,
    `  }`,
    `  if (lid == 0u && shv[0] != 0u) { ${target} }`,
  ];
}

/** Workgroup tree for a commutative operation where every thread holds a value (a wide block has
 *  at least WG elements): the lower half combines the upper half, no modulo, no validity flags. */
function halvingTree(ir: KernelIR, input: number, acc: number, WG: number, target: string): string[] {
  return [
    `  sh[lid] = acc;`,
    `  workgroupBarrier();`,
    `  for (var s = ${WG >> 1}u; s > 0u; s = s >> 1u) {`,
    `    if (lid < s) {`,
    `      var x = sh[lid];`,
    `      ${combineCall(ir, input, acc, 'sh[lid + s]', 'x')}`,
    `      sh[lid] = x;`,
    `    }`,
    `    workgroupBarrier();`,
    `  }`,
    `  if (lid == 0u) { ${target} }`,
  ];
}

function reduceBlocksMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, S: Shapes): string {
  const { input, acc } = reduceParams(ir);
  const T = wgslType(ir.params[acc]!.type);
  const inP = plan.params[input]!;
  const accP = plan.params[acc]!;
  const consts = constSetup(ir, plan, '  ');
  const u = S.unflatten('i', 0);
  const target = S.linear(u.pos, accP.uniform, accP.uniform + 2);
  // Element j (row-major inside the block) of target o's block: with constant shapes, a block
  // that varies along one dimension (a row) is `first + j` there, no unflattening.
  const inShape = S.words(inP.uniform + 1);
  const outShape = S.words(0);
  let setup: string[];
  let at: (j: string) => string;
  let count: string;
  let rowStart = '';
  if (inShape && outShape) {
    const bs = inShape.map((e, d) => e / outShape[d]!);
    const first = u.pos.map((c, d) => (c === ZERO || bs[d] === 1 ? c : `${c} * ${bs[d]}u`)) as Pos;
    rowStart = S.linear(first, inP.uniform, inP.uniform + 2);
    const along = [0, 1, 2, 3].filter((d) => bs[d]! > 1);
    count = `${bs.reduce((x, y) => x * y, 1)}u`;
    setup = [];
    at = (j) => {
      if (along.length <= 1) {
        const pos = first.slice() as Pos;
        const d = along[0] ?? 3;
        pos[d] = pos[d] === ZERO ? j : `${pos[d]} + ${j}`;
        const linear = S.linear(pos, inP.uniform, inP.uniform + 2);
        return ir.produce ? `pr_elem(${vecOf(pos)}, ${linear})` : `ld_${input}(${linear})`;
      }
      const pos = `${vecOf(first)} + brk_unflatten(${j}, ${S.vec(inP.uniform + 1)} / ${S.vec(0)})`;
      // A fused input is dense from 0 (its lo is 0), so its position is its domain position.
      if (ir.produce) return `pr_elem(${pos}, brk_linear(${pos}, ${S.vec(inP.uniform + 2)}))`;
      return `ld_${input}(brk_linear(${S.vec(inP.uniform)} + ${pos}, ${S.vec(inP.uniform + 2)}))`;
    };
  } else {
    setup = [`  let bs = U[${inP.uniform + 1}u] / U[0];`, '  let count = bs.x * bs.y * bs.z * bs.w;', `  let first = ${vecOf(u.pos)} * bs;`];
    count = 'count';
    at = (j) =>
      ir.produce
        ? `pr_elem(first + brk_unflatten(${j}, bs), brk_linear(first + brk_unflatten(${j}, bs), U[${inP.uniform + 2}u]))`
        : `ld_${input}(brk_linear(U[${inP.uniform}u] + first + brk_unflatten(${j}, bs), U[${inP.uniform + 2}u]))`;
  }
  if (v.wide && plan.vec4Params.has(input)) {
    // Rows read as vec4 (layout.ts vec4Blocks): thread lid folds vec4s lid, lid + WG, ... of the
    // row, each vec4's words in order, then the workgroup combines in a halving tree.
    const WG = v.workgroupSize;
    const ld = (q: string) => `ld4_${input}(b4 + ${q})`;
    const words = (x: string) => ['y', 'z', 'w'].map((c) => `${combineCall(ir, input, acc, `${x}.${c}`, 'acc')}`);
    return [
      `var<workgroup> sh: array<${T}, ${WG}>;`,
      `@compute @workgroup_size(${WG})`,
      'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
      '  let i = wid.x + wid.y * nwg.x;',
      '  if (i >= U[1].x) { return; }',
      ...consts,
      ...u.setup.map((l) => '  ' + l),
      `  let b4 = (${rowStart}) >> 2u;`,
      `  let n4 = ${count} >> 2u;`,
      `  let f = ${ld('lid')};`,
      `  var acc: ${T} = f.x;`,
      ...words('f').map((l) => '  ' + l),
      `  var j = lid + ${WG}u;`,
      '  loop {',
      `    if (j + ${3 * WG}u >= n4) { break; }`,
      ...[0, 1, 2, 3].map((k) => `    let x${k} = ${ld(k === 0 ? 'j' : `j + ${k * WG}u`)};`),
      ...[0, 1, 2, 3].flatMap((k) => [`    ${combineCall(ir, input, acc, `x${k}.x`, 'acc')}`, ...words(`x${k}`).map((l) => '    ' + l)]),
      `    j = j + ${4 * WG}u;`,
      '  }',
      `  for (; j < n4; j = j + ${WG}u) {`,
      `    let x = ${ld('j')};`,
      `    ${combineCall(ir, input, acc, 'x.x', 'acc')}`,
      ...words('x').map((l) => '    ' + l),
      '  }',
      ...halvingTree(ir, input, acc, WG, `st_${acc}(${target}, sh[0]);`),
      '}',
    ].join('\n');
  }
  if (v.wide) {
    // Large blocks: a workgroup per target element. A commutative operation takes grid-strided
    // elements (neighbouring threads read neighbouring words: coalesced, four loads in flight);
    // otherwise threads fold contiguous runs of the block (row-major order), combined in order.
    const WG = v.workgroupSize;
    const fold = v.strided
      ? [
          '  if (lid < n) {',
          `    acc = ${at('lid')};`,
          '    valid = true;',
          `    var j = lid + ${WG}u;`,
          '    loop {',
          `      if (j + ${3 * WG}u >= n) { break; }`,
          ...[0, 1, 2, 3].map((k) => `      let x${k} = ${at(k === 0 ? 'j' : `j + ${k * WG}u`)};`),
          ...[0, 1, 2, 3].map((k) => `      ${combineCall(ir, input, acc, `x${k}`, 'acc')}`),
          `      j = j + ${4 * WG}u;`,
          '    }',
          `    for (; j < n; j = j + ${WG}u) {`,
          `      ${combineCall(ir, input, acc, at('j'), 'acc')}`,
          '    }',
          '  }',
        ]
      : [
          `  let chunk = (n + ${WG - 1}u) / ${WG}u;`,
          '  let start = lid * chunk;',
          '  if (start < n) {',
          '    let end = min(start + chunk, n);',
          `    acc = ${at('start')};`,
          '    valid = true;',
          '    for (var j = start + 1u; j < end; j = j + 1u) {',
          `      ${combineCall(ir, input, acc, at('j'), 'acc')}`,
          '    }',
          '  }',
        ];
    return [
      `var<workgroup> sh: array<${T}, ${WG}>;`,
      `var<workgroup> shv: array<u32, ${WG}>;`,
      `@compute @workgroup_size(${WG})`,
      'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {',
      // Split streams: a dispatch covers the targets from U[1].z on (one range of pages).
      `  let i = ${v.pages ? 'U[1].z + ' : ''}wid.x + wid.y * nwg.x;`,
      '  if (i >= U[1].x) { return; }',
      ...consts,
      ...u.setup.map((l) => '  ' + l),
      ...setup,
      `  let n = ${count};`,
      `  var acc: ${T};`,
      '  var valid = false;',
      ...fold,
      ...(v.strided ? halvingTree(ir, input, acc, WG, `st_${acc}(${target}, sh[0]);`) : treeCombine(ir, input, acc, WG, `st_${acc}(${target}, sh[0]);`)),
      '}',
    ].join('\n');
  }
  return [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
    '  let i = U[1].z + gid.x + gid.y * U[1].y;',
    '  if (i >= U[1].x) { return; }',
    ...consts,
    ...u.setup.map((l) => '  ' + l),
    ...setup,
    `  var acc: ${T} = ${at('0u')};`,
    `  for (var j = 1u; j < ${count}; j = j + 1u) {`,
    `    ${combineCall(ir, input, acc, at('j'), 'acc')}`,
    '  }',
    `  st_${acc}(${target}, acc);`,
    '}',
  ].join('\n');
}

/**
 * The fold modes, one invocation per element of the target stream (U[0] its whole shape), over the
 * positions listed for it (offsets/list, filled by the backend in any order, sorted here first):
 * - scatterFold: the data elements aimed at this destination element are folded into it in order;
 * - gatherFold: the positions fetching this source element each receive the current value in order,
 *   which the body then updates with both arguments set to it; the last value is stored back.
 */
function foldMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, mode: 'scatterFold' | 'gatherFold'): string {
  const { input, acc } = reduceParams(ir);
  const inP = plan.params[input]!;
  const consts = constSetup(ir, plan, '  ');
  const step = mode === 'scatterFold'
    ? [`    ${combineCall(ir, input, acc, `ld_${input}(e)`, 'acc')}`]
    : [`    st_${input}(e, acc);`, '    let old = acc;', `    ${combineCall(ir, input, acc, 'old', 'acc')}`];
  return [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>) {',
    '  let i = U[1].z + gid.x + gid.y * U[1].y;',
    '  if (i >= U[1].x) { return; }',
    '  let start = b_offsets[i];',
    '  let end = b_offsets[i + 1u];',
    '  if (start == end) { return; }',
    ...consts,
    ...sortListLines(),
    `  var acc = ld_${acc}(i);`,
    '  for (var k = start; k < end; k = k + 1u) {',
    `    let e = brk_linear(U[${inP.uniform}u] + brk_unflatten(b_list[k], U[${inP.uniform + 1}u]), U[${inP.uniform + 2}u]);`,
    ...step,
    '  }',
    `  st_${acc}(i, acc);`,
    '}',
  ].join('\n');
}

/** Insertion sort of b_list[start..end) (the positions aimed at one element, listed in any order). */
function sortListLines(): string[] {
  return [
    '  for (var k = start + 1u; k < end; k = k + 1u) {',
    '    let x = b_list[k];',
    '    var j = k;',
    '    loop {',
    '      if (j == start || b_list[j - 1u] <= x) { break; }',
    '      b_list[j] = b_list[j - 1u];',
    '      j = j - 1u;',
    '    }',
    '    b_list[j] = x;',
    '  }',
  ];
}

/** Owned by the kernel facts (compiler/facts reduce.ts). */
export { isCommutativeReduction } from '../../facts/index.js';
