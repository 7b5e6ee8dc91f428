/**
 * A small WebAssembly binary writer: opcodes, LEB128 numbers, and a module of one exported function
 * that imports a shared memory (`m.mem`) and some host functions (`m.<name>`, f64 -> f64 and the like).
 * Only what the kernel writer (emit.ts, drivers.ts) needs; the format is the WebAssembly core spec's
 * (binary section 5) plus the saturating float-to-int conversions (0xfc prefix).
 */

export type ValType = 'i32' | 'i64' | 'f32' | 'f64' | 'v128';

export const VALTYPE: Record<ValType, number> = { i32: 0x7f, i64: 0x7e, f32: 0x7d, f64: 0x7c, v128: 0x7b };

/** Opcodes by their text-format names. */
export const OP = {
  unreachable: 0x00, block: 0x02, loop: 0x03, if: 0x04, else: 0x05, end: 0x0b, br: 0x0c, br_if: 0x0d,
  call: 0x10, drop: 0x1a, select: 0x1b,
  'local.get': 0x20, 'local.set': 0x21, 'local.tee': 0x22,
  'i32.load': 0x28, 'f32.load': 0x2a, 'f64.load': 0x2b, 'i32.load8_s': 0x2c, 'i32.load8_u': 0x2d, 'i32.load16_s': 0x2e, 'i32.load16_u': 0x2f,
  'i32.store': 0x36, 'f32.store': 0x38, 'f64.store': 0x39, 'i32.store8': 0x3a, 'i32.store16': 0x3b,
  'i32.const': 0x41, 'i64.const': 0x42, 'f32.const': 0x43, 'f64.const': 0x44,
  'i32.eqz': 0x45, 'i32.eq': 0x46, 'i32.ne': 0x47, 'i32.lt_s': 0x48, 'i32.lt_u': 0x49, 'i32.gt_s': 0x4a, 'i32.gt_u': 0x4b,
  'i32.le_s': 0x4c, 'i32.le_u': 0x4d, 'i32.ge_s': 0x4e, 'i32.ge_u': 0x4f,
  'f32.eq': 0x5b, 'f32.ne': 0x5c, 'f32.lt': 0x5d, 'f32.gt': 0x5e, 'f32.le': 0x5f, 'f32.ge': 0x60,
  'f64.eq': 0x61, 'f64.ne': 0x62, 'f64.lt': 0x63, 'f64.gt': 0x64, 'f64.le': 0x65, 'f64.ge': 0x66,
  'i32.add': 0x6a, 'i32.sub': 0x6b, 'i32.mul': 0x6c, 'i32.div_s': 0x6d, 'i32.div_u': 0x6e, 'i32.rem_s': 0x6f, 'i32.rem_u': 0x70,
  'i32.and': 0x71, 'i32.or': 0x72, 'i32.xor': 0x73, 'i32.shl': 0x74, 'i32.shr_s': 0x75, 'i32.shr_u': 0x76,
  'i64.eqz': 0x50, 'i64.eq': 0x51, 'i64.ne': 0x52, 'i64.lt_s': 0x53, 'i64.gt_s': 0x55, 'i64.le_s': 0x57, 'i64.ge_s': 0x59,
  'i64.add': 0x7c, 'i64.sub': 0x7d, 'i64.mul': 0x7e, 'i64.div_s': 0x7f, 'i64.div_u': 0x80, 'i64.rem_s': 0x81,
  'i64.and': 0x83, 'i64.or': 0x84, 'i64.xor': 0x85, 'i64.shl': 0x86, 'i64.shr_s': 0x87, 'i64.shr_u': 0x88,
  'f32.abs': 0x8b, 'f32.neg': 0x8c, 'f32.ceil': 0x8d, 'f32.floor': 0x8e, 'f32.trunc': 0x8f, 'f32.sqrt': 0x91,
  'f32.add': 0x92, 'f32.sub': 0x93, 'f32.mul': 0x94, 'f32.div': 0x95, 'f32.min': 0x96, 'f32.max': 0x97,
  'f64.abs': 0x99, 'f64.neg': 0x9a, 'f64.ceil': 0x9b, 'f64.floor': 0x9c, 'f64.trunc': 0x9d, 'f64.sqrt': 0x9f,
  'f64.add': 0xa0, 'f64.sub': 0xa1, 'f64.mul': 0xa2, 'f64.div': 0xa3, 'f64.min': 0xa4, 'f64.max': 0xa5,
  'i32.wrap_i64': 0xa7, 'i64.extend_i32_s': 0xac, 'i64.extend_i32_u': 0xad, 'i64.reinterpret_f64': 0xbd, 'f64.reinterpret_i64': 0xbf,
  'f32.convert_i32_s': 0xb2, 'f32.convert_i32_u': 0xb3, 'f32.convert_i64_s': 0xb4, 'f32.demote_f64': 0xb6,
  'f64.convert_i32_s': 0xb7, 'f64.convert_i32_u': 0xb8, 'f64.convert_i64_s': 0xb9, 'f64.promote_f32': 0xbb,
  'i32.extend8_s': 0xc0, 'i32.extend16_s': 0xc1,
} as const;

export type OpName = keyof typeof OP;

/** Saturating conversions (prefix 0xfc): NaN gives 0, out of range the nearest bound (WGSL's rule). */
export const SAT = { 'i32.trunc_sat_f32_s': 0, 'i32.trunc_sat_f32_u': 1, 'i32.trunc_sat_f64_s': 2, 'i32.trunc_sat_f64_u': 3 } as const;

/** 128-bit SIMD opcodes (prefix 0xfd), by their text-format names. */
export const SIMD = {
  'v128.load': 0x00, 'v128.store': 0x0b, 'i8x16.shuffle': 0x0d,
  'i32x4.splat': 0x11, 'f32x4.splat': 0x13,
  'i32x4.extract_lane': 0x1b, 'i32x4.replace_lane': 0x1c, 'f32x4.extract_lane': 0x1f, 'f32x4.replace_lane': 0x20,
  'i32x4.eq': 0x37, 'i32x4.ne': 0x38, 'i32x4.lt_s': 0x39, 'i32x4.lt_u': 0x3a, 'i32x4.gt_s': 0x3b, 'i32x4.gt_u': 0x3c,
  'i32x4.le_s': 0x3d, 'i32x4.le_u': 0x3e, 'i32x4.ge_s': 0x3f, 'i32x4.ge_u': 0x40,
  'f32x4.eq': 0x41, 'f32x4.ne': 0x42, 'f32x4.lt': 0x43, 'f32x4.gt': 0x44, 'f32x4.le': 0x45, 'f32x4.ge': 0x46,
  'v128.not': 0x4d, 'v128.and': 0x4e, 'v128.or': 0x50, 'v128.xor': 0x51, 'v128.bitselect': 0x52,
  'f32x4.ceil': 0x67, 'f32x4.floor': 0x68, 'f32x4.trunc': 0x69,
  'i32x4.neg': 0xa1, 'i32x4.shl': 0xab, 'i32x4.shr_s': 0xac, 'i32x4.shr_u': 0xad, 'i32x4.add': 0xae, 'i32x4.sub': 0xb1, 'i32x4.mul': 0xb5,
  'i32x4.min_s': 0xb6, 'i32x4.min_u': 0xb7, 'i32x4.max_s': 0xb8, 'i32x4.max_u': 0xb9,
  'f32x4.abs': 0xe0, 'f32x4.neg': 0xe1, 'f32x4.sqrt': 0xe3, 'f32x4.add': 0xe4, 'f32x4.sub': 0xe5, 'f32x4.mul': 0xe6, 'f32x4.div': 0xe7,
  'f32x4.min': 0xe8, 'f32x4.max': 0xe9,
  'i32x4.trunc_sat_f32x4_s': 0xf8, 'i32x4.trunc_sat_f32x4_u': 0xf9, 'f32x4.convert_i32x4_s': 0xfa, 'f32x4.convert_i32x4_u': 0xfb,
} as const;

export type SimdName = keyof typeof SIMD;

export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

export function sleb(n: number): number[] {
  const out: number[] = [];
  let v = BigInt(n);
  for (;;) {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

export function f32Bytes(v: number): number[] {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, v, true);
  return [...b];
}

export function f64Bytes(v: number): number[] {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v, true);
  return [...b];
}

function vec(items: number[][]): number[] {
  const out = uleb(items.length);
  for (const item of items) for (let i = 0; i < item.length; i++) out.push(item[i]!);
  return out;
}

function name(s: string): number[] {
  const b = [...new TextEncoder().encode(s)];
  return [...uleb(b.length), ...b];
}

function section(id: number, body: number[]): number[] {
  const out = [id, ...uleb(body.length)];
  for (let i = 0; i < body.length; i++) out.push(body[i]!);
  return out;
}

export interface HostImport {
  name: string;
  params: ValType[];
  results: ValType[];
}

export interface WasmFunction {
  params: ValType[];
  /** Types of the locals after the parameters, in index order. */
  locals: ValType[];
  code: number[];
}

/**
 * A module importing `m.mem` (a shared memory of up to `maxPages` pages) and the host functions
 * `imports` (function indices 0..), exporting `fn` as `run`.
 */
export function encodeModule(fn: WasmFunction, imports: HostImport[], maxPages: number): Uint8Array {
  return encodeModuleOf({ functions: [{ ...fn, results: [], name: 'run' }], imports, memory: { shared: true, maxPages } });
}

/**
 * A module importing `m.mem` (a shared memory of up to `maxPages` pages) that exports
 * `copy(dst, src, bytes)`: memory.copy, a memmove inside that memory (the CPU arena's copies).
 */
export function encodeMemoryCopyModule(maxPages: number): Uint8Array {
  const MEMORY_COPY = [0xfc, 0x0a, 0x00, 0x00];
  const code = [OP['local.get'], 0, OP['local.get'], 1, OP['local.get'], 2, ...MEMORY_COPY];
  return encodeModuleOf({ functions: [{ name: 'copy', params: ['i32', 'i32', 'i32'], results: [], locals: [], code }], imports: [], memory: { shared: true, maxPages } });
}

export interface ExportedFunction extends WasmFunction {
  results: ValType[];
  /** The export name. */
  name: string;
}

/**
 * A module importing `m.mem` (up to `memory.maxPages` pages, shared or not) and the host functions
 * `imports` (function indices 0..), exporting each of `functions` (indices after the imports) by
 * its name.
 */
export function encodeModuleOf(m: { functions: ExportedFunction[]; imports: HostImport[]; memory: { shared: boolean; maxPages: number } }): Uint8Array {
  const { functions, imports } = m;
  const sig = (params: ValType[], results: ValType[]) => [0x60, ...vec(params.map((t) => [VALTYPE[t]])), ...vec(results.map((t) => [VALTYPE[t]]))];
  const types = [...imports.map((im) => sig(im.params, im.results)), ...functions.map((fn) => sig(fn.params, fn.results))];
  const importEntries = [
    [...name('m'), ...name('mem'), 0x02, m.memory.shared ? 0x03 : 0x01, ...uleb(0), ...uleb(m.memory.maxPages)],
    ...imports.map((im, k) => [...name('m'), ...name(im.name), 0x00, ...uleb(k)]),
  ];
  const entries = functions.map((fn) => {
    // Locals as runs of one type (the format's compression).
    const runs: number[][] = [];
    for (let k = 0; k < fn.locals.length; ) {
      let j = k;
      while (j < fn.locals.length && fn.locals[j] === fn.locals[k]) j++;
      runs.push([...uleb(j - k), VALTYPE[fn.locals[k]!]]);
      k = j;
    }
    const body = vec(runs);
    for (let i = 0; i < fn.code.length; i++) body.push(fn.code[i]!);
    body.push(OP.end);
    const entry = uleb(body.length); // a function body: its size, then the body
    for (let i = 0; i < body.length; i++) entry.push(body[i]!);
    return entry;
  });
  const parts = [
    [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    section(1, vec(types)),
    section(2, vec(importEntries)),
    section(3, vec(functions.map((_, k) => uleb(imports.length + k)))),
    section(7, vec(functions.map((fn, k) => [...name(fn.name), 0x00, ...uleb(imports.length + k)]))),
    section(10, vec(entries)),
  ];
  const bytes: number[] = [];
  for (const p of parts) for (let i = 0; i < p.length; i++) bytes.push(p[i]!);
  return new Uint8Array(bytes);
}
