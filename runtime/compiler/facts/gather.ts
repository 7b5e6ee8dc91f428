/**
 * The gather index rule (BROOK.md 4), written once. Every writer prints it from here:
 *
 *   a float index x along an extent n addresses floor(fround(x + 0.25)), clamped into [0, n - 1];
 *   NaN and everything below 0 give 0, +inf and everything at or above n give n - 1;
 *   an int index is clamped the same way (no rounding); a uint index only from above;
 *   a float index known to be a whole number (whole.ts) skips the rounding: floor(x + 0.25) is x.
 *
 * The sum x + 0.25 is rounded to float32 before the floor (kernels compute in float32; BROOK.md 2),
 * so 2^24 - 1 + 0.25 rounds to 2^24 - 1 and a huge x stays x. An index of a scatter
 * (streamScatterOp) rounds the same way but is skipped, not clamped, when outside the stream.
 *
 * Dimension k of an index (k = 0 the fastest, `g[x]` / `g[float2(x, y)]`; `g[i][j]` is `g[float2(j, i)]`)
 * addresses padded dimension 3 - k of the gathered stream; the element is
 * sum_k (index_k + lo_{3-k}) * stride_{3-k} (lo: the domain's start, strides of the whole stream).
 */

/** The bias added before the floor. */
export const GATHER_ROUND_BIAS = 0.25;

/** The kind of an index component as the rule sees it. */
export type IndexClass = 'float' | 'whole' | 'int' | 'uint';

/**
 * The rule itself, on numbers: the index along an extent `n` (n >= 1) for `x`. The CPU backend's
 * stream operations (gatherOp, scatterOp) call it; `clamp` false gives -1 outside the extent.
 */
export function gatherIndex(x: number, n: number, cls: IndexClass, clamp = true): number {
  const i = cls === 'float' ? Math.floor(Math.fround(x + GATHER_ROUND_BIAS)) : x;
  if (i >= 0 && i < n) return i;
  if (!clamp) return -1;
  return i >= n ? n - 1 : 0; // NaN: 0
}

/**
 * The JavaScript prelude's index functions (codegen/js/scalar.ts PRELUDE): gidx for a float index,
 * gidxz for a whole one (or an infinity, or NaN), gidxi for an integer. For x in [0, n) floor(x) is
 * x | 0, so the result is an int32 (cheaper addressing in V8).
 */
export const JS_GATHER_FUNCTIONS = `// Gather index along an extent n (compiler/facts/gather.ts): floor(x + ${GATHER_ROUND_BIAS}) in float32, clamped into [0, n) (NaN: 0).
function gidx(x, n) { x = fround(x + ${GATHER_ROUND_BIAS}); return x >= 0 ? (x < n ? x | 0 : n - 1) : 0; }
// The same for an x known to be a whole number (or an infinity, or NaN): no rounding step.
function gidxz(x, n) { return x >= 0 ? (x < n ? x | 0 : n - 1) : 0; }
function gidxi(x, n) { return x >= 0 ? (x < n ? x : n - 1) : 0; }
`;

/** The JavaScript function name for an index of class `cls`. */
export function jsGatherFunction(cls: IndexClass): 'gidx' | 'gidxz' | 'gidxi' {
  return cls === 'float' ? 'gidx' : cls === 'whole' ? 'gidxz' : 'gidxi';
}

/** The rounded (not yet clamped) float index, as a JavaScript expression of float `x`. */
export function jsRoundedIndex(x: string): string {
  return `floor(fround(${x} + ${GATHER_ROUND_BIAS}))`;
}

/**
 * The WGSL index functions (codegen/wgsl/memory.ts INDEX_LIBRARY): brk_gi for a float index,
 * brk_giz for a whole float one, brk_gii for an i32, brk_giu for a u32. Branch-free: NaN and
 * negatives select 0; u32() saturates, so huge values clamp at n - 1.
 */
export const WGSL_GATHER_FUNCTIONS = `// Gather index rounding (compiler/facts/gather.ts): floor(i + ${GATHER_ROUND_BIAS}), clamped to [0, n - 1]; NaN gives 0.
// Branch-free: NaN and negatives select 0; u32() saturates, so huge values clamp at n - 1.
fn brk_gi(x: f32, n: u32) -> u32 {
  let f = ${wgslRoundedIndex('x')};
  return min(u32(select(0.0, f, f >= 0.0)), max(n, 1u) - 1u);
}
fn brk_giz(x: f32, n: u32) -> u32 {
  return min(u32(select(0.0, x, x >= 0.0)), max(n, 1u) - 1u);
}
fn brk_gii(x: i32, n: u32) -> u32 {
  return min(u32(max(x, 0i)), max(n, 1u) - 1u);
}
fn brk_giu(x: u32, n: u32) -> u32 {
  return min(x, max(n, 1u) - 1u);
}`;

/** The WGSL function name for an index of WGSL scalar kind `kind` ('f32', 'i32', 'u32'); `whole`: a
 *  float index the kernel facts know to be a whole number. */
export function wgslGatherFunction(kind: string, whole = false): 'brk_gi' | 'brk_giz' | 'brk_gii' | 'brk_giu' {
  return kind === 'f32' ? (whole ? 'brk_giz' : 'brk_gi') : kind === 'i32' ? 'brk_gii' : 'brk_giu';
}

/** The rounded (not yet clamped) float index, as a WGSL expression of f32 `x`. */
export function wgslRoundedIndex(x: string): string {
  return `floor(${x} + ${GATHER_ROUND_BIAS})`;
}
