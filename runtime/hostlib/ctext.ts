/**
 * Character rules shared by the C library's number parsers (strtol/strtod in libc.ts, the scanf
 * conversions in scanf.ts): C's isspace, digit values in any base, and hex-float mantissas.
 */

/** C's isspace in the "C" locale: space, \t \n \v \f \r. */
export const isSpaceCode = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Value of a digit character in bases up to 36 (0-9, a-z, A-Z); 99 for anything else. */
export function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 122) return c - 87;
  if (c >= 65 && c <= 90) return c - 55;
  return 99;
}

/** A hex float after its `0x` and without a sign: `1.8p1` is 3. NaN if it is not one. */
export function parseHexFloat(s: string): number {
  const m = /^([0-9a-f]*)\.?([0-9a-f]*)(?:p([+-]?\d+))?$/i.exec(s);
  if (!m) return NaN;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  let v = 0;
  for (const ch of digits) v = v * 16 + parseInt(ch, 16);
  const e = Number(m[3] ?? 0) - 4 * (m[2] ?? '').length;
  return v * 2 ** e;
}
