/**
 * The WGSL module of a tiled chain (compiler/schedule/chain-tile.ts decides it, brt/tiling.ts forms
 * it): several map calls over one output shape in one launch, a workgroup per tile of the output.
 * Each step runs its kernel body for every position of the tile (a thread takes lanes lid, lid + W,
 * ...), keeping the results in registers; then, after a barrier, the outputs the next step reads go
 * to workgroup memory and the outputs whose last writer this step is go to their streams; a second
 * barrier and the next step reads the tile instead of memory. Double-buffered (two halves a slot,
 * where they fit), a step writes the half it did not read as it computes, and one barrier follows. The proof (chain-proof.ts) guarantees
 * every tile read lies in the tile, so the results are those of the calls one by one, bit for bit:
 * each body is printed by the same BodyWriter as an untiled kernel's, with the same gather rule.
 * Constants come from the uniform block (a chain's shader does not depend on their values); shapes
 * are written in as numbers.
 */
import type { KernelIR } from '../../ir.js';
import { storageScalars, type Type } from '../../types.js';
import { BodyWriter, helperFnName, writeHelper, type BodyContext } from './body.js';
import { Library } from './builtins.js';
import { wgslGatherFunction, kernelFacts } from '../../facts/index.js';
import { indexLibraryFor, loadFn, storeFn } from './memory.js';
import { storageKind } from './layout.js';
import { collectStructs, SPECIAL_DECL, scalarKind, wgslType } from './names.js';
import { flattenElement } from '../../types.js';
import { buildFromFlat } from './args.js';

export interface TiledStep {
  ir: KernelIR;
  /** Per parameter: the binding (1, 2, ...) of its stream, or -1. */
  binding: number[];
  /** Per parameter (in, gather): the tile slot it reads (the previous step's output), or -1. */
  tileSlot: number[];
  /** Per out parameter: the tile slot the next step reads it from, or -1. */
  writeSlot: number[];
  /** Per out parameter: whether this step stores it to its stream (its last writer in the chain). */
  store: boolean[];
  /** Per gather parameter read from memory: the gathered stream's shape (declaration order). */
  gatherShape: (readonly number[] | null)[];
  /** Per constant parameter: its first word in the uniform block. */
  constWord: number[];
}

export interface TiledModuleSpec {
  steps: TiledStep[];
  outShape: readonly number[];
  tile: readonly number[];
  workgroupSize: number;
  /** Binding k + 1: the element type of its stream (and narrow storage), and whether it is written. */
  bindings: { type: Type; storage?: Type; writable: boolean }[];
  /** Tile slot k: its element type. */
  slots: Type[];
  /** Two halves per slot, a step reading one and writing the other: one barrier a step instead of
   *  two (the caller sets it when twice the slots fit the device's workgroup memory). */
  doubleBuffer?: boolean;
  /** Identical double-buffered steps as one loop (smaller module, faster compile; the caller decides:
   *  webgpu/tiled.ts chainLoops). */
  loopSteps?: boolean;
  uniformVec4s: number;
}

const prod = (a: readonly number[]) => a.reduce((x, y) => x * y, 1);

export function writeTiledModule(spec: TiledModuleSpec): { code: string; entries: string[] } {
  const R = spec.outShape.length;
  const W = spec.workgroupSize;
  const lanes = prod(spec.tile);
  const perThread = lanes / W;
  const tilesPer = spec.outShape.map((n, d) => n / spec.tile[d]!);
  const totalTiles = prod(tilesPer);
  const laneStride = spec.tile.map((_, d) => prod(spec.tile.slice(d + 1)));
  const tileStride = tilesPer.map((_, d) => prod(tilesPer.slice(d + 1)));
  const outStride = spec.outShape.map((_, d) => prod(spec.outShape.slice(d + 1)));
  const db = spec.doubleBuffer === true;
  const lib = new Library();
  const structs = new Map<string, string>();
  const decls: string[] = [`@group(0) @binding(0) var<uniform> U: array<vec4<u32>, ${spec.uniformVec4s}>;`, SPECIAL_DECL];
  const fns: string[] = [];
  spec.bindings.forEach((b, k) => {
    collectStructs(b.type, structs);
    const st = storageKind(b.storage ?? b.type);
    const elem = st.kind === 'typed' ? st.array : 'u32';
    decls.push(`@group(0) @binding(${k + 1}) var<storage, ${b.writable ? 'read_write' : 'read'}> bb_${k + 1}: array<${elem}>;`);
    fns.push(loadFn(`ld_${k + 1}`, `bb_${k + 1}`, b.type, st));
    if (b.writable) fns.push(storeFn(`st_${k + 1}`, `bb_${k + 1}`, b.type, st, storageScalars({ storage: b.storage })));
  });
  spec.slots.forEach((t, k) => {
    collectStructs(t, structs);
    decls.push(`var<workgroup> ts_${k}: array<${wgslType(t)}, ${db ? 2 * lanes : lanes}>;`);
    // The half step functions read (set before each step; a constant once the step is inlined).
    if (db) decls.push(`var<private> tb_${k}: u32;`);
  });
  decls.push('var<private> ixp: vec4<f32>;');
  for (let d = 0; d < R; d++) decls.push(`var<private> og_${d}: u32;`);

  // Steps that differ only in their constants share one function (a chain of one kernel: one or two).
  const fnOf = new Map<string, number>();
  const irIds = new Map<KernelIR, number>();
  const stepFn = spec.steps.map((s) => {
    if (!irIds.has(s.ir)) irIds.set(s.ir, irIds.size);
    // (Output bindings are the entry's business: a ping-pong chain alternates them.)
    const reads = s.binding.map((b, k) => (s.ir.params[k]!.role === 'out' ? -1 : b));
    const key = `${irIds.get(s.ir)}|${reads.join(',')}|${s.tileSlot.join(',')}|${s.gatherShape.map((x) => x?.join('x') ?? '-').join(',')}`;
    let f = fnOf.get(key);
    if (f === undefined) {
      f = fnOf.size;
      fnOf.set(key, f);
      fns.push(...stepFunctions(s, f, spec, lib, structs, laneStride));
    }
    return f;
  });

  const memory = storageBarriers(spec.steps);
  // Per slot, the half (0 or 1) that holds the latest step's output.
  const half = spec.slots.map(() => 0);
  // The entry: tile origin, then each step's compute, store and hand-over phases.
  const L: string[] = [];
  L.push(`@compute @workgroup_size(${W})`);
  L.push('fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {');
  L.push(`  let t = wg.x + wg.y * nwg.x;`);
  // Workgroups past the last tile (a 2-D grid's rest) leave together: the barriers stay uniform.
  L.push(`  if (t >= ${totalTiles}u) { return; }`);
  for (let d = 0; d < R; d++) L.push(`  og_${d} = ((t / ${tileStride[d]}u) % ${tilesPer[d]}u) * ${spec.tile[d]}u;`);
  // Results that must wait for a barrier (a single tile) are kept per lane in scalars, each lane a
  // thread takes written out: an array indexed by the loop counter may stay in local memory (the
  // FFT's row and column chains: 0.636 to 0.548 ms on an H200). Results that go out as they are made
  // (double-buffered) need no such copies and keep the loop: written out, a 55-step sort chain's
  // code grew slower (1.44 to 1.53 ms).
  const lanesOf = Array.from({ length: perThread }, (_, r) => r);
  const position = (r: number | null): string[] => [
    r === null ? `    let l = lid + r * ${W}u;` : `    let l = lid + ${r * W}u;`,
    ...Array.from({ length: R }, (_, d) => `    let p_${d} = og_${d} + ((l / ${laneStride[d]}u) % ${spec.tile[d]}u);`),
    `    let e = ${Array.from({ length: R }, (_, d) => `p_${d} * ${outStride[d]}u`).join(' + ')};`,
  ];
  const last = spec.steps.length - 1;
  const entry: EntryState = { spec, stepFn, memory, half, lanes, perThread, R, position };
  for (let si = 0; si <= last; si++) {
    const run = loopRun(entry, si);
    if (run >= LOOP_MIN_STEPS) {
      L.push(...stepLoop(entry, si, run));
      si += run - 1;
      continue;
    }
    const s = spec.steps[si]!;
    const outs = outParams(s.ir);
    const res = (k: number, r: number | null) => (r === null ? `r${si}_${k}` : `r${si}_${k}_${r}`);
    if (db) for (const slot of readSlots(s)) L.push(`  tb_${slot} = ${half[slot]! * lanes}u;`);
    // Double-buffered, the hand-over writes the halves this step did not read: no barrier before it,
    // unless a store must wait for every read of its buffer (storageBarriers); each lane's results
    // then go out as soon as they are made.
    const direct = db && !memory.beforeStores[si];
    for (const k of outs) {
      const slot = s.writeSlot[k]!;
      if (slot >= 0 && db) half[slot] = 1 - half[slot]!;
    }
    const writes = (r: number | null): string[] => outs.flatMap((k) => {
      const slot = s.writeSlot[k]!;
      const w: string[] = [];
      if (slot >= 0) w.push(`    ts_${slot}[${half[slot]! > 0 ? `${lanes}u + ` : ''}l] = ${res(k, r)};`);
      if (s.store[k]) w.push(`    st_${s.binding[k]}(e, ${res(k, r)});`);
      return w;
    });
    const compute = (r: number | null): string[] => [
      ...position(r),
      `    ${indexofLine(R)}`,
      `    _ = e;`,
      `    ${stepName(stepFn[si]!)}(l, e, ${constBase(s)}u, ${outs.map((k) => `&${res(k, r)}`).join(', ')});`,
    ];
    if (direct) {
      L.push(`  for (var r = 0u; r < ${perThread}u; r++) {`);
      for (const k of outs) L.push(`    var ${res(k, null)}: ${wgslType(s.ir.params[k]!.type)};`);
      L.push(...compute(null), ...writes(null), '  }');
    } else {
      for (const r of lanesOf) {
        for (const k of outs) L.push(`  var ${res(k, r)}: ${wgslType(s.ir.params[k]!.type)};`);
        L.push('  {', ...compute(r), '  }');
      }
      L.push('  workgroupBarrier();');
      if (memory.beforeStores[si]) L.push('  storageBarrier();');
      if (writes(0).length > 0) {
        for (const r of lanesOf) L.push('  {', ...position(r), `    _ = e;`, ...writes(r), '  }');
      }
    }
    if (si < spec.steps.length - 1) {
      L.push('  workgroupBarrier();');
      if (memory.afterStores[si]) L.push('  storageBarrier();');
    }
  }
  L.push('}');
  fns.push(L.join('\n'));

  const libText = lib.text();
  const code = [
    `// Generated by the Brook WGSL writer: a tiled chain of ${spec.steps.length} calls (${spec.steps.map((s) => s.ir.name).join(', ')}), tile ${spec.tile.join('x')}`,
    ...structs.values(),
    ...decls,
    indexLibraryFor([libText, ...fns].join('\n')),
    libText,
    ...fns,
  ].filter((x) => x.length > 0).join('\n\n');
  return { code: code + '\n', entries: ['main'] };
}

/** What the entry's step writers share: the spec, each step's function, where barriers also order
 *  memory, the half of each slot holding the latest output (updated as steps are written), and the
 *  lines that place lane l of a thread (`r` a loop counter when null). */
interface EntryState {
  spec: TiledModuleSpec;
  stepFn: number[];
  memory: { beforeStores: boolean[]; afterStores: boolean[] };
  half: number[];
  lanes: number;
  perThread: number;
  R: number;
  position: (r: number | null) => string[];
}

/** How many steps from si on run as one WGSL loop (when asked for; 0 or 1: none): steps of one step function
 *  that each hand their results over through the double-buffered tile and store nothing, with
 *  their constants at evenly spaced uniform words, none the chain's last. */
function loopRun(st: EntryState, si: number): number {
  const { spec, stepFn, memory } = st;
  const last = spec.steps.length - 1;
  if (spec.doubleBuffer !== true || spec.loopSteps !== true) return 0;
  const first = spec.steps[si]!;
  const stride = si + 1 <= last ? constStride(spec, si) : 0;
  let n = 0;
  for (let k = si; k < last; k++) {
    const s = spec.steps[k]!;
    if (stepFn[k] !== stepFn[si] || memory.beforeStores[k] || memory.afterStores[k] || s.store.some((x) => x)) break;
    if (s.writeSlot.join(',') !== first.writeSlot.join(',') || constBase(s) !== constBase(first) + (k - si) * stride) break;
    n++;
  }
  return n;
}

/** Steps si .. si + n - 1 as one loop: step j reads the halves its predecessor wrote (a slot the
 *  step also writes alternates with j's parity) and the constants at word base + j * stride. */
function stepLoop(st: EntryState, si: number, n: number): string[] {
  const { spec, stepFn, half, lanes, perThread, R, position } = st;
  const s = spec.steps[si]!;
  const stride = constStride(spec, si);
  const outs = outParams(s.ir);
  const written = new Set(outs.map((k) => s.writeSlot[k]!).filter((x) => x >= 0));
  const out: string[] = [`  for (var j = 0u; j < ${n}u; j++) {`, '    let par = j & 1u;'];
  for (const slot of readSlots(s)) out.push(`    tb_${slot} = ${written.has(slot) ? `(${half[slot]!}u ^ par) * ${lanes}u` : `${half[slot]! * lanes}u`};`);
  out.push(`    for (var r = 0u; r < ${perThread}u; r++) {`);
  for (const k of outs) out.push(`      var r_${k}: ${wgslType(s.ir.params[k]!.type)};`);
  out.push(...position(null).map((x) => '  ' + x));
  out.push(`      ${indexofLine(R)}`, '      _ = e;');
  out.push(`      ${stepName(stepFn[si]!)}(l, e, ${constBase(s)}u + j * ${stride}u, ${outs.map((k) => `&r_${k}`).join(', ')});`);
  for (const k of outs) {
    const slot = s.writeSlot[k]!;
    if (slot >= 0) out.push(`      ts_${slot}[(${1 - half[slot]!}u ^ par) * ${lanes}u + l] = r_${k};`);
  }
  out.push('    }', '    workgroupBarrier();', '  }');
  // n steps flipped each written slot n times.
  for (const slot of written) if (n % 2 === 1) half[slot] = 1 - half[slot]!;
  return out;
}

const stepName = (si: number) => `step_${si}`;

/** Fewer identical steps than this stay written out (a loop saves nothing on two). */
const LOOP_MIN_STEPS = 3;

/**
 * Where a barrier must also order memory (storageBarrier), not only workgroup memory: the tile's
 * hand-over needs workgroupBarrier alone. Memory is read in compute phases and stored in write phases
 * (only by a buffer's last writer), so within a workgroup a store follows a read of the same buffer
 * across the storing step's first barrier (`beforeStores`), and a read follows a store across the
 * storing step's second one (`afterStores`). A storageBarrier at every step cost a chain of 10 sort
 * steps a memory fence per step and workgroup (issue 28).
 */
function storageBarriers(steps: readonly TiledStep[]): { beforeStores: boolean[]; afterStores: boolean[] } {
  const reads = steps.map((s) => new Set(s.binding.filter((b, k) => b >= 0 && s.ir.params[k]!.role !== 'out')));
  const stores = steps.map((s) => new Set(s.binding.filter((b, k) => b >= 0 && s.store[k])));
  const readBy = (b: number, from: number, to: number) => reads.slice(from, to).some((r) => r.has(b));
  return {
    beforeStores: stores.map((st, si) => [...st].some((b) => readBy(b, 0, si + 1))),
    afterStores: stores.map((st, si) => [...st].some((b) => readBy(b, si + 1, steps.length))),
  };
}

/** The tile slots a step reads, each once, in slot order (its function takes each one's base lane). */
function readSlots(s: TiledStep): number[] {
  return [...new Set(s.tileSlot.filter((x) => x >= 0))].sort((a, b) => a - b);
}

/** Indices of a kernel's out parameters. */
function outParams(ir: KernelIR): number[] {
  return ir.params.map((p, k) => (p.role === 'out' ? k : -1)).filter((k) => k >= 0);
}

/** The lane's position as indexof sees it (x the last dimension), from p_0.. of `position`. */
function indexofLine(R: number): string {
  const pos = Array.from({ length: 4 }, (_, k) => (k < R ? `f32(p_${R - 1 - k})` : '0.0'));
  return `ixp = vec4<f32>(${pos.join(', ')});`;
}

/** Uniform words between step si's constants and step si + 1's (a loop's j-th step reads base + j * this). */
function constStride(spec: TiledModuleSpec, si: number): number {
  return constBase(spec.steps[si + 1]!) - constBase(spec.steps[si]!);
}

/** The first uniform word of a step's constants (each constant is read relative to it). */
function constBase(s: TiledStep): number {
  const first = s.constWord.find((w) => w >= 0);
  return first ?? 0;
}

/** Step si's body (`kb_si`, the kernel body with value semantics) and its caller `step_si`, which
 *  loads the step's inputs at lane l / element e and runs the body into the result pointers. */
function stepFunctions(s: TiledStep, si: number, spec: TiledModuleSpec, lib: Library, structs: Map<string, string>, laneStride: number[]): string[] {
  const ir = s.ir;
  const R = spec.outShape.length;
  const out: string[] = [];
  for (const p of ir.params) collectStructs(p.type, structs);
  for (const h of ir.helpers) {
    for (const p of h.params) collectStructs(p.type, structs);
    collectStructs(h.returnType, structs);
  }
  const facts = kernelFacts(ir);
  const pa = (i: number) => `a_${i}`;
  const index = (i: number, c: { text: string; type: Type; ir?: import('../../ir.js').IRExpr }, n: number): string => {
    const kind = scalarKind(c.type);
    return `${wgslGatherFunction(kind, kind === 'f32' && c.ir !== undefined && facts.isWhole(c.ir))}(${c.text}, ${n}u)`;
  };
  const base: Omit<BodyContext, 'pointers' | 'helperIndexof'> = {
    lib,
    helpers: new Map(ir.helpers.map((h) => [h.name, h])),
    gatherParam: (i) => i,
    helperName: (h) => helperFnName(h.name),
    param: (i) => (ir.params[i]!.role === 'out' ? `(*${pa(i)})` : pa(i)),
    paramLValue: (i) => `(*${pa(i)})`,
    gather: (i, coords) => {
      const slot = s.tileSlot[i]!;
      if (slot >= 0) {
        // In the tile (proven): the lane of the gathered position.
        const parts = coords.map((c, k) => {
          const d = R - 1 - k;
          return `(${index(i, c, spec.outShape[d]!)} - og_${d}) * ${laneStride[d]}u`;
        });
        return `ts_${slot}[${[...(spec.doubleBuffer ? [`tb_${slot}`] : []), ...parts].join(' + ')}]`;
      }
      const shape = s.gatherShape[i]!;
      const r = shape.length;
      const parts = coords.map((c, k) => {
        const d = r - 1 - k;
        return `${index(i, c, shape[d]!)} * ${prod(shape.slice(d + 1))}u`;
      });
      return `ld_${s.binding[i]}(${parts.join(' + ')})`;
    },
    indexof: () => 'ixp',
    push: () => {
      throw new Error('internal: push in a tiled chain');
    },
  };
  for (const h of ir.helpers) out.push(writeHelper(h, base).replace(/\bh_/g, `h${si}_`));
  const sig = ir.params.flatMap((p, i) => {
    switch (p.role) {
      case 'gather': return [];
      case 'out': return [`${pa(i)}: ptr<function, ${wgslType(p.type)}>`];
      default: return [`${pa(i)}: ${wgslType(p.type)}`];
    }
  });
  const ctx: BodyContext = { ...base, pointers: new Set(), helperIndexof: () => { throw new Error('internal: helperIndexof outside a helper'); } };
  const body = new BodyWriter(ctx).stmts(ir.body, '  ').map((line) => line.replace(/\bh_/g, `h${si}_`));
  out.push(`fn kb_${si}(${sig.join(', ')}) {\n${body.join('\n')}\n}`);

  // The caller: arguments at this position, the body, the results out.
  const outs = outParams(ir);
  const base0 = constBase(s);
  const C: string[] = [`fn ${stepName(si)}(l: u32, e: u32, cw: u32, ${outs.map((k) => `o_${k}: ptr<function, ${wgslType(ir.params[k]!.type)}>`).join(', ')}) {`];
  C.push('  _ = l;');
  C.push('  _ = cw;');
  const args: string[] = [];
  ir.params.forEach((p, i) => {
    switch (p.role) {
      case 'in': {
        const slot = s.tileSlot[i]!;
        C.push(`  let ${pa(i)} = ${slot >= 0 ? `ts_${slot}[${spec.doubleBuffer ? `tb_${slot} + ` : ''}l]` : `ld_${s.binding[i]}(e)`};`);
        args.push(pa(i));
        break;
      }
      case 'const': {
        const flat = flattenElement(p.type);
        const words = flat.map((c, k) => {
          const w = s.constWord[i]! - base0 + k;
          const u = `U[(cw + ${w}u) >> 2u][(cw + ${w}u) & 3u]`;
          return c.scalar === 'float' || c.scalar === 'double' ? `bitcast<f32>(${u})` : c.scalar === 'int' ? `bitcast<i32>(${u})` : c.scalar === 'bool' ? `(${u} != 0u)` : u;
        });
        C.push(`  let ${pa(i)} = ${buildFromFlat(p.type, words)};`);
        args.push(pa(i));
        break;
      }
      case 'out':
        C.push(`  var ${pa(i)}: ${wgslType(p.type)};`);
        args.push(`&${pa(i)}`);
        break;
      default:
        break;
    }
  });
  C.push(`  kb_${si}(${args.join(', ')});`);
  for (const k of outs) C.push(`  *o_${k} = ${pa(k)};`);
  C.push('}');
  out.push(C.join('\n'));
  return out;
}
