/**
 * BROOK.md section 7's built-in functions in WGSL, with Cg's semantics where WGSL's own differ.
 *
 * The CPU backend (codegen/js) is the reference; where WGSL leaves a result indeterminate (log of a
 * negative, acos outside [-1, 1], min/max/saturate/clamp with NaN, smoothstep with equal edges,
 * atan2(0, 0)) the functions below spell out the result C and JavaScript give, so both backends
 * agree. isnan/isinf/isfinite test bit patterns: a compiler allowed to assume no NaNs cannot fold them.
 *
 *   frac(x) = x - floor(x)          (WGSL's fract may clamp below 1; Cg's frac(-0.25) = 0.75)
 *   fmod(x, y) has the sign of x and is exact (C's fmod; WGSL's % on floats rounds x - y*trunc(x/y))
 *   round halves away from zero     (WGSL's round is half to even)
 *   step(a, x) = x >= a ? 1 : 0;  lerp(a, b, s) = a + s * (b - a);  sign(+-0) = +-0, sign(NaN) = NaN
 *   pow follows JavaScript's Math.pow (the CPU backend): pow(-2, 3) = -8, pow(x, 0) = 1,
 *   pow(-2, 0.5) = NaN, pow(1, NaN) = NaN
 *   frexp and modf arrive lowered to frexpMantissa, frexpExponent and trunc (0, inf, NaN: m = x, e = 0)
 *
 * WGSL has no overloading of user functions, so each library function is instantiated per type with
 * a suffix (`brk_round_v4f32`). `Library` collects the instances a module needs.
 */
import type { Type } from '../../types.js';
import { componentCount } from '../../types.js';
import { SPECIAL_BITS, scalarKind, wgslType, type WScalar } from './names.js';

export interface Operand {
  text: string;
  type: Type;
}

/** Library function instances a module uses, by name -> WGSL source. */
export class Library {
  readonly fns = new Map<string, string>();

  /** Instantiate `template` for type `t` (placeholders: {S} suffix, {T} type, {U} u32 type, {B} bool type, {I} i32 type). */
  use(base: string, t: Type, template: string): string {
    const n = componentCount(t);
    const k = scalarKind(t);
    const suffix = n === 1 ? k : `v${n}${k}`;
    const name = `brk_${base}_${suffix}`;
    if (!this.fns.has(name)) {
      const vt = (s: string) => (n === 1 ? s : `vec${n}<${s}>`);
      const text = template
        .replace(/\{NAME\}/g, name)
        .replace(/\{S\}/g, suffix)
        .replace(/\{T\}/g, wgslType(t))
        .replace(/\{U\}/g, vt('u32'))
        .replace(/\{B\}/g, vt('bool'))
        .replace(/\{I\}/g, vt('i32'));
      this.fns.set(name, text.trim());
    }
    return name;
  }

  text(): string {
    return [...this.fns.values()].join('\n\n');
  }
}

const NAN = `bitcast<f32>(${SPECIAL_BITS}.x)`;
const INF = `bitcast<f32>(${SPECIAL_BITS}.y)`;

const T_ISNAN = `
fn {NAME}(x: {T}) -> {B} {
  let b = bitcast<{U}>(x);
  return ((b & {U}(0x7f800000u)) == {U}(0x7f800000u)) & ((b & {U}(0x007fffffu)) != {U}(0u));
}`;
const T_ISINF = `
fn {NAME}(x: {T}) -> {B} {
  return (bitcast<{U}>(x) & {U}(0x7fffffffu)) == {U}(0x7f800000u);
}`;
const T_ISFINITE = `
fn {NAME}(x: {T}) -> {B} {
  return (bitcast<{U}>(x) & {U}(0x7f800000u)) != {U}(0x7f800000u);
}`;

function isnanFn(lib: Library, t: Type): string {
  return lib.use('isnan', t, T_ISNAN);
}

const NAN_T = `{T}(${NAN})`;

function libFn(lib: Library, base: string, t: Type): string {
  const isnan = () => isnanFn(lib, t);
  switch (base) {
    case 'min': return lib.use('min', t, `fn {NAME}(a: {T}, b: {T}) -> {T} { return select(min(a, b), a + b, ${isnan()}(a) | ${isnan()}(b)); }`);
    case 'max': return lib.use('max', t, `fn {NAME}(a: {T}, b: {T}) -> {T} { return select(max(a, b), a + b, ${isnan()}(a) | ${isnan()}(b)); }`);
    case 'saturate': return lib.use('saturate', t, `fn {NAME}(x: {T}) -> {T} { return select(clamp(x, {T}(0.0), {T}(1.0)), x, ${isnan()}(x)); }`);
    case 'round': return lib.use('round', t, `fn {NAME}(x: {T}) -> {T} { let t = trunc(x); return select(t, t + sign(x), abs(x - t) >= {T}(0.5)); }`);
    case 'sign': return lib.use('sign', t, `fn {NAME}(x: {T}) -> {T} { return select(select(x, {T}(-1.0), x < {T}(0.0)), {T}(1.0), x > {T}(0.0)); }`);
    case 'sqrt': return lib.use('sqrt', t, `fn {NAME}(x: {T}) -> {T} { return select(sqrt(x), ${NAN_T}, x < {T}(0.0)); }`);
    case 'log': case 'log2':
      return lib.use(base, t, `fn {NAME}(x: {T}) -> {T} { return select(select(${base}(x), -{T}(${INF}), x == {T}(0.0)), ${NAN_T}, x < {T}(0.0)); }`);
    case 'log10':
      return lib.use('log10', t, `fn {NAME}(x: {T}) -> {T} { return select(select(log2(x) * {T}(0.30102999566398120f), -{T}(${INF}), x == {T}(0.0)), ${NAN_T}, x < {T}(0.0)); }`);
    // WGSL allows 4096 ulp for atan2 and asin/acos inherit it (lavapipe is off by 4e-4 at asin(0.5)):
    // Cephes' float polynomials instead, a few ulp everywhere, so both backends agree.
    case 'atan':
      return lib.use('atan', t, `fn {NAME}(x0: {T}) -> {T} {
  let a = abs(x0);
  let big = a > {T}(2.414213562373095);
  let mid = (a > {T}(0.4142135623730950)) & !big;
  let x = select(select(a, (a - {T}(1.0)) / (a + {T}(1.0)), mid), {T}(-1.0) / a, big);
  let y0 = select(select({T}(0.0), {T}(0.7853981633974483), mid), {T}(1.5707963267948966), big);
  let z = x * x;
  let y = y0 + ((({T}(8.05374449538e-2) * z - {T}(1.38776856032e-1)) * z + {T}(1.99777106478e-1)) * z - {T}(3.33329491539e-1)) * z * x + x;
  return select(y, -y, (bitcast<{U}>(x0) & {U}(0x80000000u)) != {U}(0u));
}`);
    case 'asin':
      return lib.use('asin', t, `fn {NAME}(x: {T}) -> {T} {
  let a = abs(x);
  let hi = a > {T}(0.5);
  let z = select(a * a, {T}(0.5) * ({T}(1.0) - a), hi);
  let r = select(a, sqrt(z), hi);
  var p = (((({T}(4.2163199048e-2) * z + {T}(2.4181311049e-2)) * z + {T}(4.5470025998e-2)) * z + {T}(7.4953002686e-2)) * z + {T}(1.6666752422e-1)) * z * r + r;
  p = select(p, {T}(1.5707963267948966) - (p + p), hi);
  p = select(p, -p, (bitcast<{U}>(x) & {U}(0x80000000u)) != {U}(0u));
  return select(p, ${NAN_T}, !(a <= {T}(1.0)));
}`);
    case 'acos': {
      const asin = libFn(lib, 'asin', t);
      return lib.use('acos', t, `fn {NAME}(x: {T}) -> {T} {
  let lo = ${asin}(sqrt({T}(0.5) * ({T}(1.0) + x)));
  let hi = ${asin}(sqrt({T}(0.5) * ({T}(1.0) - x)));
  let mid = {T}(1.5707963267948966) - ${asin}(x);
  let r = select(select(mid, {T}(2.0) * hi, x > {T}(0.5)), {T}(3.141592653589793) - {T}(2.0) * lo, x < {T}(-0.5));
  return select(r, ${NAN_T}, !(abs(x) <= {T}(1.0)));
}`);
    }
    case 'cosh':
      // e^|x| overflows at 88.7 while cosh stays finite to 89.4: scale by 1/2 inside the exponent.
      return lib.use('cosh', t, `fn {NAME}(x: {T}) -> {T} { let e = exp(abs(x) - {T}(0.69314718f)); return e + {T}(0.25) / e; }`);
    case 'sinh':
      return lib.use('sinh', t, `fn {NAME}(x: {T}) -> {T} {
  let e = exp(abs(x) - {T}(0.69314718f));
  let big = sign(x) * (e - {T}(0.25) / e);
  // Near 0 the difference above cancels; the series x + x^3/6 + x^5/120 is exact to float there.
  let x2 = x * x;
  let small = x + x * x2 * ({T}(1.0 / 6.0) + x2 * {T}(1.0 / 120.0));
  return select(big, small, abs(x) < {T}(0.5));
}`);
    case 'tanh':
      return lib.use('tanh', t, `fn {NAME}(x: {T}) -> {T} {
  let e = exp({T}(-2.0) * abs(x));
  let big = sign(x) * ({T}(1.0) - e) / ({T}(1.0) + e);
  let x2 = x * x;
  let small = x * ({T}(1.0) - x2 * ({T}(1.0 / 3.0) - x2 * ({T}(2.0 / 15.0) - x2 * {T}(17.0 / 315.0))));
  return select(big, small, abs(x) < {T}(0.125));
}`);
    case 'atan2':
      // atan2's zero and infinite cases as C gives them (Vulkan leaves atan2(0, 0) undefined).
      return lib.use('atan2', t, `fn {NAME}(y: {T}, x: {T}) -> {T} {
  let negx = (bitcast<{U}>(x) & {U}(0x80000000u)) != {U}(0u);
  let sy = select({T}(1.0), {T}(-1.0), (bitcast<{U}>(y) & {U}(0x80000000u)) != {U}(0u));
  let zero = select(y, sy * {T}(3.14159265358979f), negx);
  let infs = sy * select({T}(0.78539816339745f), {T}(2.35619449019234f), negx);
  let yi = abs(y) == {T}(${INF});
  let xi = abs(x) == {T}(${INF});
  let q = ${libFn(lib, 'atan', t)}(${libFn(lib, 'div', t)}(y, x));
  var r = select(q, q + sy * {T}(3.141592653589793), x < {T}(0.0));
  r = select(r, zero, (y == {T}(0.0)) & (x == {T}(0.0)));
  r = select(r, infs, yi & xi);
  return r;
}`);
    case 'fmod':
      return fmodFn(lib, t);
    case 'pow':
      return lib.use('pow', t, `fn {NAME}(x: {T}, y: {T}) -> {T} {
  let ax = abs(x);
  var r = exp2(y * log2(ax));
  let yint = trunc(y) == y;
  let odd = yint & (abs(y) < {T}(16777216.0)) & (abs(y - {T}(2.0) * floor(y * {T}(0.5))) == {T}(1.0));
  r = select(r, -r, (x < {T}(0.0)) & odd);
  r = select(r, ${NAN_T}, (x < {T}(0.0)) & !yint & (x != -{T}(${INF})));
  // x == 0: C gives +-0 for y > 0 and +-inf for y < 0 (the sign of x when y is an odd integer).
  let z = select({T}(0.0), {T}(${INF}), y < {T}(0.0));
  r = select(r, select(z, -z, odd & ((bitcast<{U}>(x) & {U}(0x80000000u)) != {U}(0u))), x == {T}(0.0));
  r = select(r, ${NAN_T}, ${isnan()}(x) | ${isnan()}(y));
  r = select(r, {T}(1.0), y == {T}(0.0));
  return r;
}`);
    case 'smoothstep':
      return lib.use('smoothstep', t, `fn {NAME}(a: {T}, b: {T}, x: {T}) -> {T} {
  let t = ${libFn(lib, 'saturate', t)}(${libFn(lib, 'div', t)}(x - a, b - a));
  return t * t * ({T}(3.0) - {T}(2.0) * t);
}`);
    case 'ldexp':
      // Two factors, so 2^e underflowing or overflowing on its own does not spoil x * 2^e.
      return lib.use('ldexp', t, `fn {NAME}(x: {T}, e: {T}) -> {T} { let h = floor(e * {T}(0.5)); return x * exp2(h) * exp2(e - h); }`);
    case 'div':
      // x / y with |y| > 2^126: GPUs divide as x * (1 / y), and 1 / y is subnormal there and
      // flushed to 0 (NVIDIA gives 1 / 3e38 = 0). Scaling both by 1/4 keeps the quotient (the factor
      // is chosen, not the quotient: one division instead of two; a factor of 1 is exact).
      // y == 0: IEEE's +-inf (sign of x xor sign of y) or NaN (0 / 0, NaN / 0), built from the
      // uniform's bit patterns. WGSL lets a compiler assume no inf or NaN, so a quotient it can see is
      // a division by zero (`b / (a - a)`) may become anything: lavapipe left the output unwritten.
      return lib.use('div', t, `fn {NAME}(x: {T}, y: {T}) -> {T} {
  let s = select({T}(1.0), {T}(0.25), abs(y) > {T}(8.5e37));
  let q = (x * s) / (y * s);
  let sign = (bitcast<{U}>(x) ^ bitcast<{U}>(y)) & {U}(0x80000000u);
  let inf = bitcast<{T}>({U}(${SPECIAL_BITS}.y) | sign);
  return select(q, select(inf, ${NAN_T}, (x == {T}(0.0)) | ${isnan()}(x)), y == {T}(0.0));
}`);
    case 'sin': case 'cos':
      // Cody-Waite reduction by 2 pi in three parts (the first two products exact for |x| < 25000):
      // Vulkan bounds sin/cos only on [-pi, pi], and NVIDIA's error grows with |x| outside.
      return lib.use(base, t, `fn {NAME}(x: {T}) -> {T} {
  let k = round(x * {T}(0.15915494309189535));
  let r = ((x - k * {T}(6.283203125)) - k * {T}(-0.000017642974853515625)) - k * {T}(-1.7484555314695172e-7);
  return ${base}(select(r, x, abs(x) > {T}(1.0e5)));
}`);
    case 'isnan': return isnanFn(lib, t);
    case 'isinf': return lib.use('isinf', t, T_ISINF);
    case 'isfinite': return lib.use('isfinite', t, T_ISFINITE);
  }
  throw new Error(`internal: no library function ${base}`);
}

function fmodFn(lib: Library, t: Type): string {
  // Scalar exact fmod (Sterbenz: r - d is exact while d <= r < 2d), then a componentwise wrapper.
  const s: Type = { kind: 'scalar', name: 'float' };
  const scalar = lib.use('fmod', s, `fn {NAME}(x: f32, y: f32) -> f32 {
  let ay = abs(y);
  var r = abs(x);
  let bx = bitcast<u32>(x) & 0x7fffffffu;
  let by = bitcast<u32>(y) & 0x7fffffffu;
  if (bx >= 0x7f800000u || by > 0x7f800000u || by == 0u) { return ${NAN}; }
  if (r < ay) { return x; }
  // Whole numbers below 2^32 (indices, counters, a sort's steps): the integers' remainder is the exact
  // fmod, which is representable, so converting it back is exact too. The loop below costs a compare,
  // a subtraction and a halving per bit of r / y (issue 28: 20 for a 2^20 index, each step of a sort).
  if (r < 4294967296.0 && r == floor(r) && ay == floor(ay)) {
    let n = u32(r);
    let q = u32(ay);
    // A power-of-two q (a sort's strides) takes a mask: a u32 remainder is a long sequence on GPUs.
    var m: u32;
    if ((q & (q - 1u)) == 0u) { m = n & (q - 1u); } else { m = n % q; }
    return bitcast<f32>(bitcast<u32>(f32(m)) | (bitcast<u32>(x) & 0x80000000u));
  }
  var d = ldexp(ay, frexp(r).exp - frexp(ay).exp);
  if (d > r) { d = d * 0.5; }
  // At most 278 halvings from the largest float to the smallest subnormal; the bound stops a GPU that
  // flushes a subnormal y to zero (d reaches 0, never below ay) instead of spinning unbudgeted.
  for (var k = 0; k < 280; k++) {
    if (d < ay) { break; }
    if (r >= d) { r = r - d; }
    d = d * 0.5;
  }
  return bitcast<f32>(bitcast<u32>(r) | (bitcast<u32>(x) & 0x80000000u));
}`);
  const n = componentCount(t);
  if (n === 1) return scalar;
  const comps = ['x', 'y', 'z', 'w'].slice(0, n).map((c) => `${scalar}(x.${c}, y.${c})`).join(', ');
  return lib.use('fmod', t, `fn {NAME}(x: {T}, y: {T}) -> {T} { return {T}(${comps}); }`);
}

/** abs of an int (or int vector) as a select, not WGSL's abs: on an NVIDIA H200 (driver 580, Dawn's
 *  Vulkan backend) an int output computed as max(abs(a), b) read 0 in four kernels where every CPU writer
 *  and lavapipe agree (tests/conformance/output_paths.br; fuzz/findings/h200-2026-12-02c). Same value
 *  as abs, INT_MIN included (negation wraps). */
function intAbsFn(lib: Library, t: Type): string {
  return lib.use('iabs', t, `fn {NAME}(x: {T}) -> {T} { return select(x, -x, x < {T}(0)); }`);
}

/** min/max of ints (or int vectors, signed or not) as a select, not WGSL's min/max: on an NVIDIA H200
 *  (driver 580, Dawn's Vulkan backend) `min(min(1 % a, -a), a)` gave 1 for a = 18 (it dropped the `-a`;
 *  max alike for a < 0) wherever the other operand divides by `a`, while every CPU writer and lavapipe
 *  give -18 (fuzz program 8261; tests/conformance/int_minmax_nested.br). The select form computed every
 *  case right there (fuzz/findings/h200-2026-12-03/minmax-probe.mjs). Same values: a tie gives
 *  either operand, which are equal. */
function intMinMaxFn(lib: Library, base: 'min' | 'max', t: Type): string {
  return lib.use(`i${base}`, t, `fn {NAME}(a: {T}, b: {T}) -> {T} { return select(a, b, b ${base === 'min' ? '<' : '>'} a); }`);
}

/** The min or max function for `t`: NaN-aware for floats (libFn), a select for ints. */
function minMaxFn(lib: Library, base: 'min' | 'max', t: Type, float: boolean): string {
  return float ? libFn(lib, base, t) : intMinMaxFn(lib, base, t);
}

/** float -> int/uint as the CPU backend converts: truncate, saturate, NaN -> 0 (drivers differ: lavapipe
 *  gives INT_MIN for NaN and clamps to 2147483520). `t` is the float source type, `to` 'i32' or 'u32'. */
export function floatToInt(lib: Library, t: Type, to: 'i32' | 'u32', x: string): string {
  const n = componentCount(t);
  const it = n === 1 ? to : `vec${n}<${to}>`;
  if (to === 'i32') {
    const name = lib.use('f2i', t, `fn {NAME}(x: {T}) -> {I} {
  var r = select(select({I}(x), {I}(i32(-2147483647 - 1)), x <= {T}(-2147483648.0)), {I}(2147483647), x >= {T}(2147483648.0));
  return select(r, {I}(0), ${isnanFn(lib, t)}(x));
}`);
    return `${name}(${x})`;
  }
  const name = lib.use('f2u', t, `fn {NAME}(x: {T}) -> ${it} {
  return select(select(${it}(x), ${it}(0u), !(x > {T}(0.0))), ${it}(4294967295u), x >= {T}(4294967296.0));
}`);
  return `${name}(${x})`;
}

/** Text of a float division (robust for divisors past 2^126, see libFn 'div'). */
export function floatDiv(lib: Library, t: Type, a: string, b: string): string {
  return `${libFn(lib, 'div', t)}(${a}, ${b})`;
}

/** Text of a float `%` (C's fmod). */
export function floatMod(lib: Library, t: Type, a: string, b: string): string {
  return `${fmodFn(lib, t)}(${a}, ${b})`;
}

function isFloat(t: Type): boolean {
  return scalarKind(t) === 'f32';
}

function zeroOf(t: Type): string {
  return `${wgslType(t)}()`;
}

/**
 * A built-in call as WGSL text. `frexp` and `modf` (with an out argument) are handled by the
 * statement writer, which calls `frexpParts`/`modfParts`.
 */
export function builtinCall(lib: Library, name: string, args0: Operand[], result: Type): string {
  const args = COMPONENTWISE.has(name) ? broadcast(args0) : args0;
  const a = args.map((x) => x.text);
  const t0 = args[0]?.type ?? result;
  const floatArg = args.length > 0 && (t0.kind === 'scalar' || t0.kind === 'vector') && isFloat(t0);
  const n1 = (fn: string) => `${fn}(${a[0]})`;
  switch (name) {
    case 'abs': case 'fabs': return scalarKind(t0) === 'i32' ? `${intAbsFn(lib, t0)}(${a[0]})` : n1('abs');
    case 'ceil': case 'floor': case 'trunc': case 'tan':
    case 'exp': case 'exp2': case 'degrees': case 'radians':
      return n1(name);
    case 'sin': case 'cos':
      return `${libFn(lib, name, t0)}(${a[0]})`;
    case 'acos': case 'asin': case 'atan': case 'cosh': case 'sinh': case 'tanh': case 'log': case 'log2': case 'log10':
    case 'round': case 'saturate': case 'isnan': case 'isinf': case 'isfinite': case 'sqrt':
      return `${libFn(lib, name, t0)}(${a[0]})`;
    case 'sign':
      return floatArg ? `${libFn(lib, 'sign', t0)}(${a[0]})` : n1('sign');
    case 'frexpMantissa': return `${frexpFn(lib, t0)}(${a[0]}).m`;
    case 'frexpExponent': return `${frexpFn(lib, t0)}(${a[0]}).e`;
    case 'frac': return `(${a[0]} - floor(${a[0]}))`;
    case 'fuseFence': {
      // compiler/fuse: the value's bits, exclusive-or a uniform that is always 0, so the driver
      // cannot contract the producer's arithmetic with the consumer's (a fused multiply-add).
      if (!floatArg) return a[0]!;
      const n = t0.kind === 'vector' ? t0.size : 1;
      const u = n === 1 ? 'u32' : `vec${n}<u32>`;
      return `bitcast<${wgslType(t0)}>(bitcast<${u}>(${a[0]}) ^ ${n === 1 ? a[1] : `${u}(${a[1]})`})`;
    }
    case 'rsqrt': return `(${wgslType(t0)}(1.0) / sqrt(${a[0]}))`;
    case 'atan2': return `${libFn(lib, 'atan2', t0)}(${a[0]}, ${a[1]})`;
    case 'fmod': return floatMod(lib, t0, a[0]!, a[1]!);
    case 'pow': return `${libFn(lib, 'pow', t0)}(${a[0]}, ${a[1]})`;
    case 'ldexp': return `${libFn(lib, 'ldexp', t0)}(${a[0]}, ${a[1]})`;
    case 'min': case 'max': case 'fmin': case 'fmax':
      return `${minMaxFn(lib, name.endsWith('min') ? 'min' : 'max', t0, floatArg)}(${a[0]}, ${a[1]})`;
    case 'clamp':
      // min(max(x, a), b) as the CPU backend computes it (also when a > b: WGSL's clamp is undefined there).
      return `${minMaxFn(lib, 'min', t0, floatArg)}(${minMaxFn(lib, 'max', t0, floatArg)}(${a[0]}, ${a[1]}), ${a[2]})`;
    case 'lerp': return `(${a[0]} + ${a[2]} * (${a[1]} - ${a[0]}))`;
    case 'step': return `select(${zeroOf(args[1]!.type)}, ${wgslType(args[1]!.type)}(1.0), ${a[1]} >= ${a[0]})`;
    case 'smoothstep': return `${libFn(lib, 'smoothstep', args[2]!.type)}(${a[0]}, ${a[1]}, ${a[2]})`;
    case 'dot': return componentCount(t0) === 1 ? `(${a[0]} * ${a[1]})` : `dot(${a[0]}, ${a[1]})`;
    case 'cross': return `cross(${a[0]}, ${a[1]})`;
    case 'pack_4ubyte': return `brk_pack4ub(${a[0]})`; // memory.ts INDEX_LIBRARY
    case 'unpack_4ubyte': return `brk_unpack4ub(${a[0]})`;
    case 'length': return componentCount(t0) === 1 ? `abs(${a[0]})` : `length(${a[0]})`;
    case 'distance': return componentCount(t0) === 1 ? `abs(${a[0]} - ${a[1]})` : `distance(${a[0]}, ${a[1]})`;
    case 'normalize': return componentCount(t0) === 1 ? `(${a[0]} / abs(${a[0]}))` : `(${a[0]} / sqrt(dot(${a[0]}, ${a[0]})))`;
    case 'any': case 'all': {
      if (scalarKind(t0) === 'bool') return `${name}(${a[0]})`;
      return `${name}(${a[0]} != ${zeroOf(t0)})`;
    }
  }
  throw new Error(`internal: the WGSL writer has no built-in '${name}'`);
}

/** Builtins applied per component: a scalar argument next to vectors is splatted (as on the CPU backend). */
const COMPONENTWISE = new Set(['atan2', 'fmod', 'pow', 'ldexp', 'min', 'max', 'fmin', 'fmax', 'clamp', 'lerp', 'step', 'smoothstep']);

function broadcast(args: Operand[]): Operand[] {
  const n = Math.max(...args.map((x) => componentCount(x.type)));
  if (n === 1) return args;
  return args.map((x) => {
    if (componentCount(x.type) === n || x.type.kind !== 'scalar') return x;
    const t: Type = { kind: 'vector', elem: x.type.name === 'float' ? 'float' : x.type.name === 'uint' ? 'uint' : x.type.name === 'bool' ? 'bool' : 'int', size: n as 2 | 3 | 4 };
    return { text: `${wgslType(t)}(${x.text})`, type: t };
  });
}

/** frexp of every component: mantissa in [0.5, 1) with the sign of x and exponent as float; for
 *  0, infinities and NaN the mantissa is x and the exponent 0 (C's frexp, the CPU backend's rule). */
function frexpFn(lib: Library, t: Type): string {
  lib.use('frexp_parts', t, `struct {NAME}_r { m: {T}, e: {T} }`);
  return lib.use('frexp', t, `fn {NAME}(x: {T}) -> brk_frexp_parts_{S}_r {
  let f = frexp(x);
  let special = ((bitcast<{U}>(x) & {U}(0x7f800000u)) == {U}(0x7f800000u)) | (x == {T}(0.0));
  return brk_frexp_parts_{S}_r(select(f.fract, x, special), select({T}(f.exp), {T}(0.0), special));
}`);
}

/** frexp(x) as (mantissa, exponent as float), Cg's convention: mantissa in [0.5, 1), frexp(0) = (0, 0). */
export function frexpParts(lib: Library, t: Type): string {
  return lib.use('frexp', t, `fn {NAME}(x: {T}, e: ptr<function, {T}>) -> {T} {
  let f = frexp(x);
  let special = (bitcast<{U}>(x) & {U}(0x7f800000u)) == {U}(0x7f800000u);
  *e = select({T}(f.exp), {T}(0.0), special | (x == {T}(0.0)));
  return select(f.fract, x, special | (x == {T}(0.0)));
}`);
}

/** modf(x): fractional part with the sign of x; the integral part (trunc) through the pointer. */
export function modfParts(lib: Library, t: Type): string {
  return lib.use('modf', t, `fn {NAME}(x: {T}, ip: ptr<function, {T}>) -> {T} {
  let i = trunc(x);
  *ip = i;
  let inf = abs(x) == {T}(${INF});
  return select(x - i, select({T}(0.0), {T}(-0.0), x < {T}(0.0)), inf);
}`);
}

export const BUILTIN_NAMES = new Set([
  'abs', 'acos', 'asin', 'atan', 'atan2', 'ceil', 'clamp', 'cos', 'cosh', 'cross', 'degrees', 'distance', 'dot',
  'exp', 'exp2', 'floor', 'fmod', 'frac', 'frexp', 'isfinite', 'isinf', 'isnan', 'ldexp', 'length', 'lerp', 'log',
  'log2', 'log10', 'max', 'min', 'modf', 'normalize', 'pow', 'radians', 'round', 'rsqrt', 'saturate', 'sign', 'sin',
  'sinh', 'smoothstep', 'sqrt', 'step', 'tan', 'tanh', 'any', 'all', 'fabs', 'fmin', 'fmax', 'trunc',
  'frexpMantissa', 'frexpExponent', 'fuseFence', 'pack_4ubyte', 'unpack_4ubyte',
]);

export type { WScalar };
