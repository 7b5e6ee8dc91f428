/**
 * Seeded source mutations for the checker's robustness test (check.test.ts, "mutated programs"): a name
 * replaced by another name of the file, a type by another type, a line deleted, an operator changed.
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const TYPES = ['float', 'float2', 'float3', 'float4', 'int', 'int2', 'double', 'uint', 'char'];
const OPS = ['+', '-', '*', '/', '%', '<', '==', '&&', '&', '='];

export function mutate(src: string, r: () => number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const kind = Math.floor(r() * 4);
  if (kind === 0) {
    const names = [...new Set(src.match(/\b[A-Za-z_]\w*\b/g) ?? [])];
    const spots = [...src.matchAll(/\b[A-Za-z_]\w*\b/g)];
    const at = pick(spots);
    return src.slice(0, at.index!) + pick(names) + src.slice(at.index! + at[0].length);
  }
  if (kind === 1) {
    const spots = [...src.matchAll(/\b(float[234]?|int[234]?|double|uint)\b/g)];
    if (spots.length === 0) return src;
    const at = pick(spots);
    return src.slice(0, at.index!) + pick(TYPES) + src.slice(at.index! + at[0].length);
  }
  if (kind === 2) {
    const lines = src.split('\n');
    lines.splice(Math.floor(r() * lines.length), 1);
    return lines.join('\n');
  }
  const spots = [...src.matchAll(/ [-+*/<=&%]{1,2} /g)];
  if (spots.length === 0) return src;
  const at = pick(spots);
  return src.slice(0, at.index!) + ` ${pick(OPS)} ` + src.slice(at.index! + at[0].length);
}
