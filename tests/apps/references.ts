/**
 * Float64 references for the programs in tests/apps/: each function rebuilds the program's input data
 * (the same formulas, the same file) and computes, in plain JavaScript doubles, what the program must
 * print. Nothing here comes from running this project.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Tolerance {
  /** |actual - expected| <= abs + rel * |expected| for every number. */
  abs: number;
  rel: number;
}

export interface AppCase {
  /** tests/apps/NAME.br */
  name: string;
  /** Program arguments (after --). */
  args: string[];
  /** The expected stdout: text between numbers must match exactly, numbers within the tolerance. */
  expected: () => string;
  tolerance: Tolerance;
  /** Why this behaviour matters: the original application it stands for. */
  stands_for: string;
}

const appsDir = path.dirname(new URL(import.meta.url).pathname);

/** C's %.Nf for a double (the references print like the programs; ties do not occur in this data). */
const f = (x: number, digits: number) => x.toFixed(digits);
/** C's %g for the values used here (integers and short fractions). */
const g = (x: number) => String(Number(x.toPrecision(6)));
const lines = (ls: string[]) => ls.map((l) => `${l}\n`).join('');
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

// ---- bitonic sort: the input sorted ascending.
function bitonicSort(): string {
  const data = range(64).map((i) => ((i * 37 + 11) % 53) - 20.5);
  return lines([...data].sort((a, b) => a - b).map((x) => f(x, 1)));
}

// ---- binary search: index of each query in the sorted array, -1 when absent.
function bsearch(): string {
  const sorted = range(32).map((i) => 3 * i + (i % 3));
  const queries = range(12).map((i) => ((i * 13) % 101) - 2);
  return lines(queries.map((q) => `${g(q)} ${g(sorted.indexOf(q))}`));
}

// ---- sparse mat-vec from the text file, as a dense float64 product.
interface SparseFile {
  rows: number;
  maxnz: number;
  entries: { row: number; col: number; value: number }[];
  x: number[];
}
export function readSparseFile(file: string): SparseFile {
  const nums = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  const [rows, maxnz] = [nums[0]!, nums[1]!];
  const entries: SparseFile['entries'] = [];
  let k = 2;
  for (let r = 0; r < rows; r++) {
    for (let e = 0; e < maxnz; e++, k += 2) if (nums[k]! >= 0) entries.push({ row: r, col: nums[k]!, value: nums[k + 1]! });
  }
  return { rows, maxnz, entries, x: nums.slice(k, k + rows) };
}
function spmv(): string {
  const m = readSparseFile(path.join(appsDir, 'spmv_matrix.txt'));
  const y = new Array<number>(m.rows).fill(0);
  for (const e of m.entries) y[e.row]! += e.value * m.x[e.col]!;
  return lines(y.map(g));
}

// ---- conjugate gradient on the 1-D Poisson matrix: residuals of a float64 CG, x from a direct solve.
function poissonMul(v: number[]): number[] {
  return v.map((vi, i) => 2 * vi - (i > 0 ? v[i - 1]! : 0) - (i < v.length - 1 ? v[i + 1]! : 0));
}
/** Thomas algorithm for the tridiagonal (-1, 2, -1) system: the exact solution, independent of CG. */
function poissonSolve(b: number[]): number[] {
  const n = b.length;
  const c = new Array<number>(n).fill(0);
  const d = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    // diagonal 2, sub- and super-diagonal -1: denom = 2 - (-1) * c'[i-1]
    const denom = 2 + (i > 0 ? c[i - 1]! : 0);
    c[i] = -1 / denom;
    d[i] = (b[i]! + (i > 0 ? d[i - 1]! : 0)) / denom;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) x[i] = d[i]! - c[i]! * (i < n - 1 ? x[i + 1]! : 0);
  return x;
}
function conjugateGradient(): string {
  const n = 16;
  const b = range(n).map((i) => (i % 5) - 1);
  const dot = (u: number[], v: number[]) => u.reduce((s, ui, i) => s + ui * v[i]!, 0);
  let x = new Array<number>(n).fill(0);
  let r = [...b];
  let d = [...b];
  let rr = dot(r, r);
  const out: string[] = [];
  for (let it = 0; it < 4; it++) {
    const q = poissonMul(d);
    const alpha = rr / dot(d, q);
    x = x.map((xi, i) => xi + alpha * d[i]!);
    r = r.map((ri, i) => ri - alpha * q[i]!);
    const rrNew = dot(r, r);
    out.push(`residual ${it + 1}: ${f(rrNew, 6)}`);
    d = r.map((ri, i) => ri + (rrNew / rr) * d[i]!);
    rr = rrNew;
  }
  poissonSolve(b).forEach((xi, i) => out.push(`x[${i}] = ${f(xi, 5)}`));
  return lines(out);
}

export const appCases: AppCase[] = [
  { name: 'bitonic_sort', args: [], expected: bitonicSort, tolerance: { abs: 0, rel: 0 }, stands_for: 'bitonic_sort' },
  { name: 'bsearch', args: [], expected: bsearch, tolerance: { abs: 0, rel: 0 }, stands_for: 'bsearch' },
  { name: 'spmv', args: ['tests/apps/spmv_matrix.txt'], expected: spmv, tolerance: { abs: 0, rel: 0 }, stands_for: 'spMatrixVec' },
  {
    name: 'conjugate_gradient',
    args: [],
    expected: conjugateGradient,
    // float32 streams against float64: residuals agree to about 1e-6 relative, x to a few ulps of 40.
    tolerance: { abs: 2e-4, rel: 1e-5 },
    stands_for: 'conjugate_gradient, conjugate_gradient_1D',
  },
];
