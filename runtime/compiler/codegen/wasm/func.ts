/**
 * Building one WebAssembly function body: locals by type, instructions, and structured labels by name
 * (a `br` names the block it leaves and the builder computes the relative depth).
 */
import { f32Bytes, f64Bytes, OP, SAT, SIMD, sleb, uleb, VALTYPE, type OpName, type SimdName, type ValType } from './encode.js';

export class FuncBuilder {
  /** Where instructions go (swapped by the kernel writer to collect code hoisted out of a loop). */
  code: number[] = [];
  readonly locals: ValType[] = [];
  /** Open structured blocks, innermost last (null: an unnamed block). */
  private readonly labels: (string | null)[] = [];
  /**
   * Values computed so far that every later point of the current block reaches (the kernel writer's
   * common subexpressions): a block starts with its parent's, and forgets its own at its end (and at
   * `else`, which the then-branch's do not reach).
   */
  cse = new Map<string, number>();
  private readonly cseStack: Map<string, number>[] = [];

  constructor(readonly params: ValType[]) {}

  /** The writing state, to abandon what was written after it (labels, common subexpressions). */
  save(): { code: number[]; labels: number; cse: Map<string, number>; cseStack: number } {
    return { code: this.code, labels: this.labels.length, cse: this.cse, cseStack: this.cseStack.length };
  }

  restore(s: ReturnType<FuncBuilder['save']>): void {
    this.code = s.code;
    this.labels.length = s.labels;
    this.cse = s.cse;
    this.cseStack.length = s.cseStack;
  }

  local(t: ValType): number {
    this.locals.push(t);
    return this.params.length + this.locals.length - 1;
  }

  op(name: OpName): this {
    this.code.push(OP[name]);
    return this;
  }

  sat(name: keyof typeof SAT): this {
    this.code.push(0xfc, ...uleb(SAT[name]));
    return this;
  }

  simd(name: SimdName, lane?: number): this {
    this.code.push(0xfd, ...uleb(SIMD[name]));
    if (name === 'v128.load' || name === 'v128.store') this.code.push(0, 0); // align 1, offset 0
    if (lane !== undefined) this.code.push(lane);
    return this;
  }

  /** i8x16.shuffle picking 32-bit lanes: 0-3 from the first operand, 4-7 from the second. */
  shuffle(lanes: [number, number, number, number]): this {
    this.code.push(0xfd, ...uleb(0x0d));
    for (const l of lanes) for (let b = 0; b < 4; b++) this.code.push(4 * l + b);
    return this;
  }

  /**
   * Sets `out[c]` (component c of 4 consecutive elements of `words` words each) from `rows`, the
   * elements as loaded (words v128s, element-major), or the reverse (`out` element-major from
   * components in `rows`): the 2x2 interleave for two words, the 4x4 transpose for four (its own
   * inverse). One word: a copy.
   */
  transpose(words: number, rows: number[], out: number[]): this {
    if (words === 1) return this.get(rows[0]!).set(out[0]!);
    if (words === 2) {
      this.get(rows[0]!).get(rows[1]!).shuffle([0, 2, 4, 6]).set(out[0]!);
      this.get(rows[0]!).get(rows[1]!).shuffle([1, 3, 5, 7]).set(out[1]!);
      return this;
    }
    if (words !== 4) throw new Error(`internal: no transpose of ${words} words`);
    const t = [0, 1, 2, 3].map(() => this.local('v128'));
    this.get(rows[0]!).get(rows[1]!).shuffle([0, 4, 1, 5]).set(t[0]!);
    this.get(rows[2]!).get(rows[3]!).shuffle([0, 4, 1, 5]).set(t[1]!);
    this.get(rows[0]!).get(rows[1]!).shuffle([2, 6, 3, 7]).set(t[2]!);
    this.get(rows[2]!).get(rows[3]!).shuffle([2, 6, 3, 7]).set(t[3]!);
    this.get(t[0]!).get(t[1]!).shuffle([0, 1, 4, 5]).set(out[0]!);
    this.get(t[0]!).get(t[1]!).shuffle([2, 3, 6, 7]).set(out[1]!);
    this.get(t[2]!).get(t[3]!).shuffle([0, 1, 4, 5]).set(out[2]!);
    this.get(t[2]!).get(t[3]!).shuffle([2, 3, 6, 7]).set(out[3]!);
    return this;
  }

  /** Components back to element-major order for two words (the inverse of `transpose`). */
  interleave(words: number, comps: number[], out: number[]): this {
    if (words !== 2) return this.transpose(words, comps, out);
    this.get(comps[0]!).get(comps[1]!).shuffle([0, 4, 1, 5]).set(out[0]!);
    this.get(comps[0]!).get(comps[1]!).shuffle([2, 6, 3, 7]).set(out[1]!);
    return this;
  }

  /** i32x4 constant lanes (v128.const). */
  v128(lanes: [number, number, number, number]): this {
    const b = new Uint8Array(16);
    const dv = new DataView(b.buffer);
    lanes.forEach((v, k) => dv.setInt32(4 * k, v | 0, true));
    this.code.push(0xfd, ...uleb(0x0c), ...b);
    return this;
  }

  get(i: number): this {
    this.code.push(OP['local.get'], ...uleb(i));
    return this;
  }

  set(i: number): this {
    this.code.push(OP['local.set'], ...uleb(i));
    return this;
  }

  tee(i: number): this {
    this.code.push(OP['local.tee'], ...uleb(i));
    return this;
  }

  i32(v: number): this {
    this.code.push(OP['i32.const'], ...sleb(v | 0));
    return this;
  }

  f32(v: number): this {
    this.code.push(OP['f32.const'], ...f32Bytes(v));
    return this;
  }

  f64(v: number): this {
    this.code.push(OP['f64.const'], ...f64Bytes(v));
    return this;
  }

  const(t: ValType, v: number): this {
    if (t === 'v128') throw new Error('internal: a v128 constant needs its lanes');
    if (t === 'f32') return this.f32(v);
    if (t === 'f64') return this.f64(v);
    if (t === 'i32') return this.i32(v);
    this.code.push(OP['i64.const'], ...sleb(v));
    return this;
  }

  /** A load of type t from (address on the stack) + offset bytes. */
  load(t: 'i32' | 'f32' | 'f64', offset = 0): this {
    const o = t === 'i32' ? OP['i32.load'] : t === 'f32' ? OP['f32.load'] : OP['f64.load'];
    this.code.push(o, t === 'f64' ? 3 : 2, ...uleb(offset));
    return this;
  }

  /** A store of type t: (address, value) on the stack, + offset bytes. */
  store(t: 'i32' | 'f32' | 'f64', offset = 0): this {
    const o = t === 'i32' ? OP['i32.store'] : t === 'f32' ? OP['f32.store'] : OP['f64.store'];
    this.code.push(o, t === 'f64' ? 3 : 2, ...uleb(offset));
    return this;
  }

  call(fn: number): this {
    this.code.push(OP.call, ...uleb(fn));
    return this;
  }

  /** Opens a block, loop or if (the condition already on the stack), with an optional result type. */
  open(kind: 'block' | 'loop' | 'if', label: string | null = null, result: ValType | null = null): this {
    this.code.push(OP[kind], result ? VALTYPE[result] : 0x40);
    this.labels.push(label);
    this.cseStack.push(this.cse);
    this.cse = new Map(this.cse);
    return this;
  }

  else(): this {
    this.code.push(OP.else);
    this.cse = new Map(this.cseStack[this.cseStack.length - 1]!);
    return this;
  }

  close(): this {
    this.code.push(OP.end);
    this.labels.pop();
    this.cse = this.cseStack.pop()!;
    return this;
  }

  private depth(label: string): number {
    for (let d = 0; d < this.labels.length; d++) if (this.labels[this.labels.length - 1 - d] === label) return d;
    throw new Error(`internal: no open wasm block '${label}'`);
  }

  br(label: string): this {
    this.code.push(OP.br, ...uleb(this.depth(label)));
    return this;
  }

  brIf(label: string): this {
    this.code.push(OP.br_if, ...uleb(this.depth(label)));
    return this;
  }
}

/** Appends `src` to `dst` (no argument spreading: bodies can exceed the engine's argument limit). */
export function append(dst: number[], ...srcs: number[][]): number[] {
  for (const src of srcs) for (let i = 0; i < src.length; i++) dst.push(src[i]!);
  return dst;
}

/** The bytes of `local.set i`. */
export function setLocal(i: number): number[] {
  return [OP['local.set'], ...uleb(i)];
}
