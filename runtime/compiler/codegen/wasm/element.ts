/**
 * The WebAssembly driver's per-position code (drivers.ts places it): domain indices, iterator values,
 * an element's loads and zeroed outputs, its stores, the step to the next position, the reduction's
 * seed, and a body version (the kernel body in a block of its own).
 */
import { storageScalars } from '../../types.js';
import type { Val, WasmKernelEmitter } from './emit.js';
import type { FuncBuilder } from './func.js';
import { indexofWalk, type IterComp, type WasmLaunch } from './launch.js';

/** Extents array for dimIndex: an iterator's own extent along its dimension. */
export function dimsN(it: IterComp): number[] {
  return [0, 1, 2, 3].map((d) => (d === it.d ? it.IS : -1));
}

/** Pushes the (resized) domain index of dimension d for an argument of extents N (locals), forms as
 *  loop-plan.ts `StreamWalk.forms` (the resize rule: loop-plan.ts `resizeIndex`). */
export function dimIndex(lw: WasmLaunch, forms: string, d: number, N: number[]): void {
  const { f, c, E } = lw;
  if (forms[d] === 'i') {
    f.get(c[d]!);
    return;
  }
  // floor(c * extent / out) exactly, in 64 bits.
  f.get(c[d]!).op('i64.extend_i32_u').get(N[d]!).op('i64.extend_i32_u').op('i64.mul');
  f.get(E[d]!).op('i64.extend_i32_u').op('i64.div_u').op('i32.wrap_i64');
}

/** Sets an iterator component's value (and its i32 twin for form 's') from the index on the stack. */
export function iterValue(lw: WasmLaunch, it: IterComp): void {
  const { f } = lw;
  const idx = f.local('i32');
  f.get(it.IO).op('i32.add').set(idx); // absolute index: domain offset + position
  if (it.form === 's') {
    f.get(it.ILi).get(idx).op('i32.add').tee(it.int).op('f32.convert_i32_s').set(it.val);
  } else if (it.form === 'g') {
    // fround(lo + fround(fround(d * idx) / n))
    f.get(it.ID).op('f64.promote_f32').get(idx).op('f64.convert_i32_u').op('f64.mul').op('f32.demote_f64');
    f.op('f64.promote_f32').get(it.IN).op('f64.div').op('f32.demote_f64');
    f.get(it.IL).op('f32.add').set(it.val);
  } else {
    // fround(lo + idx)
    f.get(it.IL).op('f64.promote_f32').get(idx).op('f64.convert_i32_u').op('f64.add').op('f32.demote_f64').set(it.val);
  }
}

/** Per element: the resized fastest-dimension offsets, indexof x, the input loads, zeroed outputs. */
export function elementStart(lw: WasmLaunch): void {
  const { f, ir, iters, indexofLocals, indexofInts, streams, bindings, emitter, producer, inputParam } = lw;
  for (const it of iters) {
    if (it.where !== 'element') continue;
    dimIndex(lw, it.forms, 3, dimsN(it));
    iterValue(lw, it);
  }
  for (const [k, xs] of indexofLocals) {
    const w = indexofWalk(lw, k);
    const int = indexofInts.get(k)![0]!;
    dimIndex(lw, w.forms, 3, w.N);
    f.tee(int).op('f32.convert_i32_s').set(xs[0]!);
  }
  for (const s of streams) {
    const b = bindings[s.k]!;
    if (!s.walk.running) {
      f.get(s.row);
      dimIndex(lw, s.walk.forms, 3, s.N);
      f.op('i32.add').i32(s.words * 4).op('i32.mul').get(s.addr).op('i32.add').set(s.running);
    }
    const p = ir.params[s.k]!;
    b.comps!.forEach((v, comp) => {
      const kind = s.kinds[comp]!;
      if (p.role === 'out') {
        emitter.push({ kind, num: 0 });
        f.set(v.local!);
        return;
      }
      f.get(s.running);
      if (kind === 'float') f.load('f32', comp * 4);
      else if (kind === 'double') f.load('f32', comp * 4).op('f64.promote_f32');
      else {
        f.load('i32', comp * 4);
        if (kind === 'bool') f.i32(0).op('i32.ne');
      }
      f.set(v.local!);
    });
  }
  if (producer) {
    // The producer's part in a block of its own, then its kept outputs' stores.
    for (const v of bindings[inputParam]!.comps!) {
      emitter.push({ kind: v.kind, num: 0 });
      f.set(v.local!);
    }
    producer.emitBody();
    storeOutputs(lw);
  }
}

/** After the body: the outputs' stores (a fused reduction's producer stored its own already). */
export function stores(lw: WasmLaunch): void {
  if (!lw.producer) storeOutputs(lw);
}

function storeOutputs(lw: WasmLaunch): void {
  const { f, ir, streams, bindings, emitter } = lw;
  for (const s of streams) {
    if (ir.params[s.k]!.role !== 'out') continue;
    const narrow = storageScalars(ir.params[s.k]!);
    bindings[s.k]!.comps!.forEach((v, comp) => {
      const kind = s.kinds[comp]!;
      f.get(s.running);
      emitter.push(v);
      narrowStoreOp(f, narrow[comp]);
      if (kind === 'float') f.store('f32', comp * 4);
      else if (kind === 'double') f.op('f32.demote_f64').store('f32', comp * 4);
      else f.store('i32', comp * 4);
    });
  }
}

/** The next position: i, c3 and the running addresses of streams not resized along c3. */
export function advance(lw: WasmLaunch): void {
  const { f, i, c, usesCoords, addressed } = lw;
  f.get(i).i32(1).op('i32.add').set(i);
  if (usesCoords) f.get(c[3]!).i32(1).op('i32.add').set(c[3]!);
  for (const s of addressed) {
    if (!s.walk.running) continue;
    f.get(s.running).i32(s.words * 4).op('i32.add').set(s.running);
  }
}

/** reduceAll: the accumulator set from the chunk's first element. */
export function seed(lw: WasmLaunch): void {
  const { f, bindings, reduceParam, inputParam, emitter } = lw;
  const acc = bindings[reduceParam]!;
  const input = bindings[inputParam]!;
  acc.comps!.forEach((v, comp) => {
    emitter.push(emitter.convert(input.kinds[comp] ?? 'float', acc.kinds[comp]!, input.comps![comp]!));
    f.set(v.local!);
  });
}

/** The kernel body's code inside one extra block level (the caller wraps it in a block or an if arm). */
export function bodyVersion(f: FuncBuilder, emitter: WasmKernelEmitter, interior: boolean): number[] {
  const saved = f.code;
  f.code = [];
  f.open('block');
  emitter.interior = interior;
  emitter.emitBody();
  emitter.interior = false;
  f.close();
  const code = f.code;
  f.code = saved;
  return code.slice(2, -1); // without the block's opening (2 bytes) and its end
}

/** The stored value of an 8- or 16-bit integer stream component (scalar.ts narrowStore): wrapped. */
function narrowStoreOp(f: FuncBuilder, s: string | undefined): void {
  switch (s) {
    case 'char': f.i32(24).op('i32.shl').i32(24).op('i32.shr_s'); return;
    case 'uchar': f.i32(255).op('i32.and'); return;
    case 'short': f.i32(16).op('i32.shl').i32(16).op('i32.shr_s'); return;
    case 'ushort': f.i32(65535).op('i32.and'); return;
  }
}

export function pushAsF64(f: FuncBuilder, v: Val, emitter: WasmKernelEmitter): void {
  emitter.push(v);
  switch (v.kind) {
    case 'float': f.op('f64.promote_f32'); return;
    case 'double': return;
    case 'uint': f.op('f64.convert_i32_u'); return;
    default: f.op('f64.convert_i32_s');
  }
}
