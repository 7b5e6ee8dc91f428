/** A non-negative number from the environment (tuning knobs of the transfer paths), else `fallback`. */
export function envNumber(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return fallback;
  const x = Number(v);
  return Number.isFinite(x) && x >= 0 ? x : fallback;
}
