/**
 * C's printf formatting, exactly as glibc prints it.
 *
 * `formatC(fmt, args, readString)` formats a byte string (one JS char per byte) and returns a byte
 * string. Arguments arrive as JS numbers after C's default promotions (char/short -> int,
 * float -> double); `%s` and `%p` arguments are pointers (byte offsets) that `readString` resolves, or
 * JS strings passed straight through.
 *
 * Decisions, each pinned by tests/hostlib against gcc's output:
 * - Floating point conversions round the exact binary value of the double (glibc does), ties to even.
 *   `exactDecimal` expands a double into all its decimal digits with BigInt; `%f` uses toFixed only
 *   where that is provably the same (no exact tie, magnitude below 1e21).
 * - inf/nan print as `inf`, `-inf`, `nan`, `-nan` (upper case for %F %E %G %A); the sign of a NaN is
 *   its sign bit (see formatFloat for where JavaScript's NaN signs differ). The `0` flag does not apply.
 * - Length modifiers h, hh truncate; l, ll, z, j, t, L use 64-bit two's complement (exact below 2^53).
 * - `%s` of NULL prints `(null)`, `%p` of NULL prints `(nil)`; an unknown conversion is copied as is.
 */

export type StringReader = (ptr: number) => string;

interface Spec {
  minus: boolean;
  plus: boolean;
  space: boolean;
  hash: boolean;
  zero: boolean;
  width: number;
  precision: number; // -1 = not given
  length: string;
  conv: string;
}

export function formatC(fmt: string, args: readonly unknown[], readString: StringReader): string {
  let out = '';
  let ai = 0;
  const next = (): unknown => args[ai++];
  let i = 0;
  const n = fmt.length;
  while (i < n) {
    const pct = fmt.indexOf('%', i);
    if (pct < 0) {
      out += fmt.slice(i);
      break;
    }
    out += fmt.slice(i, pct);
    i = pct + 1;
    if (i >= n) {
      out += '%';
      break;
    }
    const spec: Spec = { minus: false, plus: false, space: false, hash: false, zero: false, width: 0, precision: -1, length: '', conv: '' };
    for (;;) {
      const c = fmt[i];
      if (c === '-') spec.minus = true;
      else if (c === '+') spec.plus = true;
      else if (c === ' ') spec.space = true;
      else if (c === '#') spec.hash = true;
      else if (c === '0') spec.zero = true;
      else if (c === "'") { /* thousands grouping: no-op in the C locale */ }
      else break;
      i++;
    }
    if (fmt[i] === '*') {
      const w = toInt32(next());
      if (w < 0) {
        spec.minus = true;
        spec.width = -w;
      } else spec.width = w;
      i++;
    } else {
      while (i < n && fmt[i]! >= '0' && fmt[i]! <= '9') spec.width = spec.width * 10 + (fmt.charCodeAt(i++) - 48);
    }
    if (fmt[i] === '.') {
      i++;
      if (fmt[i] === '*') {
        const p = toInt32(next());
        spec.precision = p < 0 ? -1 : p;
        i++;
      } else {
        spec.precision = 0;
        while (i < n && fmt[i]! >= '0' && fmt[i]! <= '9') spec.precision = spec.precision * 10 + (fmt.charCodeAt(i++) - 48);
      }
    }
    const lm = /^(hh|h|ll|l|L|q|j|z|Z|t)/.exec(fmt.slice(i, i + 2));
    if (lm) {
      spec.length = lm[1]!;
      i += lm[1]!.length;
    }
    spec.conv = fmt[i] ?? '';
    i++;
    switch (spec.conv) {
      case 'd': case 'i':
        out += formatSigned(spec, next());
        break;
      case 'u': case 'x': case 'X': case 'o': case 'b': case 'B':
        out += formatUnsigned(spec, next());
        break;
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        out += formatFloat(spec, toNumber(next()));
        break;
      case 'c':
        out += pad(spec, String.fromCharCode(toInt32(next()) & 255), false);
        break;
      case 's': {
        const a = next();
        let s: string;
        if (typeof a === 'string') s = a;
        else {
          const p = toNumber(a);
          s = p === 0 ? (spec.precision >= 0 && spec.precision < 6 ? '' : '(null)') : readString(p);
        }
        if (spec.precision >= 0) s = s.slice(0, spec.precision);
        out += pad(spec, s, false);
        break;
      }
      case 'p': {
        const p = toNumber(next());
        out += pad({ ...spec, zero: false }, p === 0 ? '(nil)' : (spec.plus ? '+' : spec.space ? ' ' : '') + '0x' + Math.trunc(p).toString(16), false);
        break;
      }
      case 'n':
        next(); // writing the count back is not supported; consume the argument
        break;
      case '%':
        out += '%';
        break;
      default:
        // glibc prints an unknown conversion specification unchanged.
        out += fmt.slice(pct, i);
        break;
    }
  }
  return out;
}

function toNumber(a: unknown): number {
  if (typeof a === 'number') return a;
  if (typeof a === 'bigint') return Number(a);
  if (typeof a === 'boolean') return a ? 1 : 0;
  return 0;
}

function toInt32(a: unknown): number {
  return toNumber(a) | 0;
}

/** Pad a formatted value to the field width; `zeroOk` allows the 0 flag (inserted after sign/prefix). */
function pad(spec: Spec, body: string, zeroOk: boolean, prefixLen = 0): string {
  if (body.length >= spec.width) return body;
  const fill = spec.width - body.length;
  if (spec.minus) return body + ' '.repeat(fill);
  if (zeroOk && spec.zero) return body.slice(0, prefixLen) + '0'.repeat(fill) + body.slice(prefixLen);
  return ' '.repeat(fill) + body;
}

const TWO64 = 1n << 64n;

/** The argument as a signed integer of the length modifier's width: number or bigint. */
function signedValue(length: string, a: unknown): number | bigint {
  const v = toNumber(a);
  switch (length) {
    case 'hh': return (v << 24) >> 24;
    case 'h': return (v << 16) >> 16;
    case '': return v | 0;
    default: {
      // 64-bit: exact for |v| < 2^53; beyond, wrap like a 64-bit integer conversion.
      const t = Math.trunc(v);
      if (Number.isSafeInteger(t)) return t;
      if (!Number.isFinite(t)) return 0;
      // Beyond 2^63 the value came from a saturated long (strtol's LONG_MAX): print the limit.
      if (t >= 9223372036854775807) return 9223372036854775807n;
      if (t <= -9223372036854775808) return -9223372036854775808n;
      return BigInt(t);
    }
  }
}

function unsignedValue(length: string, a: unknown): number | bigint {
  const v = toNumber(a);
  switch (length) {
    case 'hh': return v & 0xff;
    case 'h': return v & 0xffff;
    case '': return v >>> 0;
    default: {
      const t = Math.trunc(v);
      if (!Number.isFinite(t)) return 0;
      if (t >= 0 && Number.isSafeInteger(t)) return t;
      return BigInt.asUintN(64, BigInt(t) % TWO64);
    }
  }
}

function formatSigned(spec: Spec, a: unknown): string {
  const v = signedValue(spec.length, a);
  const neg = v < 0;
  const mag = neg ? (typeof v === 'bigint' ? (-v).toString() : String(-v)) : v.toString();
  const sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  return intBody(spec, sign, mag === '0' ? '' : mag, mag === '0');
}

function formatUnsigned(spec: Spec, a: unknown): string {
  const v = unsignedValue(spec.length, a);
  const isZero = v === 0 || v === 0n;
  let digits: string;
  let prefix = '';
  switch (spec.conv) {
    case 'x': digits = v.toString(16); if (spec.hash && !isZero) prefix = '0x'; break;
    case 'X': digits = v.toString(16).toUpperCase(); if (spec.hash && !isZero) prefix = '0X'; break;
    case 'o': digits = v.toString(8); break;
    case 'b': digits = v.toString(2); if (spec.hash && !isZero) prefix = '0b'; break;
    case 'B': digits = v.toString(2); if (spec.hash && !isZero) prefix = '0B'; break;
    default: digits = v.toString(10);
  }
  if (isZero) digits = '';
  let body = intDigits(spec, digits, isZero);
  // `#o`: the first digit must be 0 (raise the precision just enough).
  if (spec.conv === 'o' && spec.hash && body[0] !== '0') body = '0' + body;
  return padInt(spec, prefix, body);
}

/** Digits with the precision applied: at least `precision` digits; precision 0 and value 0 give "". */
function intDigits(spec: Spec, digits: string, isZero: boolean): string {
  if (spec.precision < 0) return isZero ? '0' : digits;
  return digits.length < spec.precision ? '0'.repeat(spec.precision - digits.length) + digits : digits;
}

function intBody(spec: Spec, sign: string, digits: string, isZero: boolean): string {
  return padInt(spec, sign, intDigits(spec, digits, isZero));
}

function padInt(spec: Spec, prefix: string, body: string): string {
  // The 0 flag is ignored when a precision is given.
  const zeroOk = spec.precision < 0;
  return pad(spec, prefix + body, zeroOk, prefix.length);
}

// ---------------------------------------------------------------------------------------------------
// Floating point

const f64buf = new Float64Array(1);
const u32buf = new Uint32Array(f64buf.buffer);

function signBit(x: number): boolean {
  f64buf[0] = x;
  return (u32buf[1]! >>> 31) === 1;
}

function formatFloat(spec: Spec, x: number): string {
  const upper = spec.conv === 'F' || spec.conv === 'E' || spec.conv === 'G' || spec.conv === 'A';
  // NaN prints by its sign bit, as glibc does. On x86-64 the NaNs that arithmetic produces at run time
  // (0/0, sqrt(-1), inf-inf) have it set, in C and in JavaScript alike, so they print -nan; NaNs that
  // V8 folds at compile time or returns from some Math functions (Math.log(-1)) are +NaN and print
  // nan where glibc printed -nan. strtod("nan") and NAN are +nan in both.
  const neg = signBit(x);
  const sign = neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  if (!Number.isFinite(x)) {
    const word = Number.isNaN(x) ? 'nan' : 'inf';
    return pad(spec, sign + (upper ? word.toUpperCase() : word), false);
  }
  const ax = Math.abs(x);
  let body: string;
  switch (spec.conv) {
    case 'f': case 'F':
      body = fixed(ax, spec.precision < 0 ? 6 : spec.precision, spec.hash);
      break;
    case 'e': case 'E':
      body = exponential(ax, spec.precision < 0 ? 6 : spec.precision, spec.hash, upper);
      break;
    case 'g': case 'G':
      body = general(ax, spec.precision < 0 ? 6 : spec.precision === 0 ? 1 : spec.precision, spec.hash, upper);
      break;
    default:
      body = hexFloat(ax, spec.precision, spec.hash, upper);
      return pad(spec, sign + body, true, sign.length + 2);
  }
  return pad(spec, sign + body, true, sign.length);
}

/** x = mant * 2^exp with mant odd (or x = 0), for finite x >= 0. */
function decompose(x: number): { mant: bigint; exp: number } {
  f64buf[0] = x;
  const hi = u32buf[1]!;
  const lo = u32buf[0]!;
  const bexp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (bexp === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = bexp - 1075;
  }
  if (mant === 0n) return { mant, exp: 0 };
  while ((mant & 1n) === 0n) {
    mant >>= 1n;
    exp++;
  }
  return { mant, exp };
}

const pow5Cache: bigint[] = [1n];
function pow5(k: number): bigint {
  for (let i = pow5Cache.length; i <= k; i++) pow5Cache.push(pow5Cache[i - 1]! * 5n);
  return pow5Cache[k]!;
}

/**
 * All decimal digits of x >= 0: x = 0.D * 10^(point), i.e. D[0] is the digit of 10^(point - 1).
 * For x = 0: digits "0", point 1.
 */
export function exactDecimal(x: number): { digits: string; point: number } {
  const { mant, exp } = decompose(x);
  if (mant === 0n) return { digits: '0', point: 1 };
  if (exp >= 0) {
    const s = (mant << BigInt(exp)).toString();
    return { digits: s, point: s.length };
  }
  const k = -exp;
  const s = (mant * pow5(k)).toString();
  return { digits: s, point: s.length - k };
}

/**
 * Round the digit string to `keep` digits (ties to even); keep may be <= 0. Returns the kept digits as
 * a string of exactly max(keep, 0) digits plus a carry flag (all nines rounded up: "1" + zeros).
 */
function roundDigits(digits: string, keep: number): { kept: string; carry: boolean } {
  if (keep >= digits.length) return { kept: digits + '0'.repeat(keep - digits.length), carry: false };
  if (keep < 0) return { kept: '', carry: false };
  const kept = digits.slice(0, keep);
  const d = digits.charCodeAt(keep) - 48;
  let up: boolean;
  if (d > 5) up = true;
  else if (d < 5) up = false;
  else {
    let restNonZero = false;
    for (let j = keep + 1; j < digits.length; j++) {
      if (digits.charCodeAt(j) !== 48) {
        restNonZero = true;
        break;
      }
    }
    const prev = keep > 0 ? digits.charCodeAt(keep - 1) - 48 : 0;
    up = restNonZero || (prev & 1) === 1;
  }
  if (!up) return { kept, carry: false };
  // Increment the decimal string.
  const arr = kept.split('');
  let j = arr.length - 1;
  while (j >= 0 && arr[j] === '9') arr[j--] = '0';
  if (j < 0) return { kept: '1' + arr.join(''), carry: true };
  arr[j] = String.fromCharCode(arr[j]!.charCodeAt(0) + 1);
  return { kept: arr.join(''), carry: false };
}

/** True when x.toFixed(p) equals the exact round-half-even result (no exact tie is possible). */
function toFixedIsExact(x: number, p: number): boolean {
  if (x >= 1e21 || p > 100) return false;
  const { mant, exp } = decompose(x);
  if (mant === 0n || exp >= 0) return true;
  // The exact expansion has exactly -exp fractional digits, the last one a 5: a tie needs -exp == p + 1.
  return -exp !== p + 1;
}

function fixed(x: number, p: number, hash: boolean): string {
  let s: string;
  if (toFixedIsExact(x, p)) s = x.toFixed(p);
  else {
    const { digits, point } = exactDecimal(x);
    const keep = point + p; // digits down to 10^-p
    // kept = round(x * 10^p) as decimal digits ("" when it rounds to 0 from below 10^-p).
    let all = roundDigits(digits, keep).kept || '0';
    if (all.length < p + 1) all = '0'.repeat(p + 1 - all.length) + all;
    s = p > 0 ? all.slice(0, all.length - p) + '.' + all.slice(all.length - p) : all;
  }
  if (hash && p === 0) s += '.';
  return s;
}

/** Significant digits rounded to `n` digits and the decimal exponent of the first one. */
function significant(x: number, n: number): { digits: string; exp10: number; carry: boolean } {
  if (x === 0) return { digits: '0'.repeat(n), exp10: 0, carry: false };
  const { digits, point } = exactDecimal(x);
  const { kept, carry } = roundDigits(digits, n);
  if (carry) return { digits: kept.slice(0, n), exp10: point, carry };
  return { digits: kept, exp10: point - 1, carry };
}

function expSuffix(e: number, upper: boolean): string {
  const a = Math.abs(e);
  return (upper ? 'E' : 'e') + (e < 0 ? '-' : '+') + (a < 10 ? '0' + a : String(a));
}

function exponential(x: number, p: number, hash: boolean, upper: boolean): string {
  const { digits, exp10 } = significant(x, p + 1);
  const mant = digits[0]! + (p > 0 || hash ? '.' : '') + digits.slice(1);
  return mant + expSuffix(exp10, upper);
}

function general(x: number, P: number, hash: boolean, upper: boolean): string {
  // C: X = exponent of the %e form with precision P - 1; %f if P > X >= -4.
  const { exp10: X, carry } = significant(x, P);
  // glibc quirk: a value with exactly P integer digits that rounds up to 10^P is printed in the
  // e style with no fraction digits ("%#.3g" of 999.5 is "1.e+03", not "1.00e+03").
  if (hash && carry && X === P) return '1.' + expSuffix(X, upper);
  let s: string;
  if (P > X && X >= -4) s = fixed(x, P - 1 - X, hash);
  else s = exponential(x, P - 1, hash, upper);
  if (!hash) s = stripZeros(s);
  return s;
}

/** %g without '#': drop trailing zeros of the fraction, and the point if nothing follows it. */
function stripZeros(s: string): string {
  const e = s.search(/[eE]/);
  const mant = e < 0 ? s : s.slice(0, e);
  const tail = e < 0 ? '' : s.slice(e);
  if (!mant.includes('.')) return s;
  return mant.replace(/0+$/, '').replace(/\.$/, '') + tail;
}

/** %a: glibc's hexadecimal form, 0x1.hhhp+e (normals) or 0x0.hhhp-1022 (subnormals). */
function hexFloat(x: number, precision: number, hash: boolean, upper: boolean): string {
  f64buf[0] = x;
  const hi = u32buf[1]!;
  const lo = u32buf[0]!;
  const bexp = (hi >>> 20) & 0x7ff;
  let frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let lead = bexp === 0 ? 0n : 1n;
  const e = x === 0 ? 0 : bexp === 0 ? -1022 : bexp - 1023;
  let hex = frac.toString(16).padStart(13, '0');
  if (precision >= 0 && precision < 13) {
    // Round the 52-bit fraction to `precision` hex digits, ties to even.
    const drop = BigInt(4 * (13 - precision));
    const unit = 1n << drop;
    const rem = frac & (unit - 1n);
    frac >>= drop;
    const half = unit >> 1n;
    // Ties to even; at precision 0 the last kept digit is the leading one.
    const odd = precision === 0 ? (lead & 1n) === 1n : (frac & 1n) === 1n;
    if (rem > half || (rem === half && odd)) frac += 1n;
    if (frac >> BigInt(4 * precision) !== 0n) {
      lead += 1n;
      frac &= (1n << BigInt(4 * precision)) - 1n;
    }
    hex = precision === 0 ? '' : frac.toString(16).padStart(precision, '0');
  } else {
    hex = hex.replace(/0+$/, '');
    if (precision > 13) hex = hex.padEnd(precision, '0');
  }
  // A carry out of the fraction gives a leading 2 (glibc prints 0x2p+8, it does not renormalise).
  let s = '0x' + lead.toString() + (hex.length > 0 || hash ? '.' : '') + hex + 'p' + (e < 0 ? '-' : '+') + Math.abs(e);
  if (upper) s = s.toUpperCase();
  return s;
}
