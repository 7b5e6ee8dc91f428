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
import { storageScalars } from '../../types.js';
import { BodyWriter, helperFnName, writeHelper, type BodyContext } from './body.js';
import { Library } from './builtins.js';
import { bindingDecl, indexLibraryFor, loadFn, pagedAccessFns, storeFn } from './memory.js';
import { collectStructs, scalarKind, SPECIAL_DECL, wgslType } from './names.js';
import { planModule, voutParams, type KernelVariant, type ModulePlan } from './layout.js';
import { Shapes, ZERO, type Pos } from './shapes.js';
import { wgslGatherFunction, type ExactTerm, type KernelFacts } from '../../facts/index.js';
import { budgetDecls, budgetFns, budgetStart, loopIdOf } from './budget.js';
import { coopShared, writeCoopBody } from './coop.js';
import { a, inBody } from './args.js';
import { coarseMapMain, coopMain, coopOf, mapMain } from './mains.js';
import { foldMain, producerFn, reduceAllMains, reduceBlocksMain } from './reduce.js';
import { StagedReads, stagedKbody, stagedMain, stageShared } from './stage.js';

/** Owned by the kernel facts (compiler/facts reduce.ts). */
export { isCommutativeReduction } from '../../facts/index.js';

export interface WgslModule {
  code: string;
  plan: ModulePlan;
  /** Entry points: `main`, and `combine` for reduceAll. */
  entries: string[];
}


export function writeKernelModule(ir: KernelIR, v: KernelVariant, facts: KernelFacts): WgslModule {
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
  const indexofSet = new Set(ir.indexofParams);
  const { decls, fns, gatherFns, startBudget } = declarations(ir, v, plan, S, indexofSet);

  // Each index as the kernel facts class it (compiler/facts): rounded float, whole float, int, uint.
  // In a specialized map module (it keeps integer positions beside the float ones: declarations), a
  // float coordinate with an exact integer form (whole.ts) is computed in i32 and clamped as an
  // integer; the bounds of indexof come from the call's shapes.
  const exactGathers = v.mode === 'map' && S.specialized;
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
  // A staged variant (stage.ts): gathers at its loop's counter read the block in workgroup memory.
  const staged = v.mode === 'map' && !v.coop && v.stage ? new StagedReads(v.stage) : null;
  const bodyCtx: BodyContext = {
    ...ctxBase,
    gather: (i, coords) =>
      staged?.read(i, coords, (c) => indexText(i, c, 0, exactGathers)) ??
      `${gatherFns.get(i)}(${coords.map((c, k) => indexText(i, c, k, exactGathers)).join(', ')})`,
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
  } else if (staged) {
    decls.push(...stageShared(ir, staged.plan));
    fns.push(...stagedKbody(ir, staged, v.workgroupSize, new BodyWriter(bodyCtx), sig, startBudget, (k) => String(S.comp(plan.params[k]!.uniform + 1, 3))));
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

  const entries = entryPoints(ir, v, plan, indexofSet, S, coop !== null, fns, staged !== null);

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

/** Bindings, accessors (ld_k/st_k), private state and gather functions (g_k) of a module. */
function declarations(ir: KernelIR, v: KernelVariant, plan: ModulePlan, S: Shapes, indexofSet: Set<number>): { decls: string[]; fns: string[]; gatherFns: Map<number, string>; startBudget: string[] } {
  const decls: string[] = [];
  const fns: string[] = [];
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
  // Integer positions beside the float ones, for gathers with exact integer coordinates (compiler/facts).
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

  return { decls, fns, gatherFns, startBudget };
}

/** The entry points of the variant's mode, appended to `fns`; returns their names. */
function entryPoints(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes, coop: boolean, fns: string[], staged: boolean): string[] {
  const entries = ['main'];
  switch (v.mode) {
    case 'map': case 'voutCount': case 'voutWrite':
      fns.push(staged ? stagedMain(ir, v, plan, indexofSet, S) : coop ? coopMain(ir, v, plan, indexofSet, S) : plan.coarsen > 1 ? coarseMapMain(ir, v, plan, indexofSet, S) : mapMain(ir, v, plan, indexofSet, S));
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

  return entries;
}
