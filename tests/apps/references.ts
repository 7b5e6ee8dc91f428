/**
 * Float64 references for the programs in tests/apps/: each function rebuilds the program's input data
 * (the same formulas, the same file) and computes, in plain JavaScript doubles, what the program must
 * print. Nothing here comes from running this project.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
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

// ---- dense products: sgemm in one pass, and in 4-wide tiles (the sum is the same, exact here).
function matmul(a: number[][], b: number[][]): number[][] {
  return a.map((row) => b[0]!.map((_, j) => row.reduce((s, aik, k) => s + aik * b[k]![j]!, 0)));
}
const matrixText = (m: number[][]) => m.map((row) => row.map((v) => `${g(v)} `).join('') + '\n').join('');
function sgemm(): string {
  const a = range(8).map((i) => range(8).map((j) => ((i * 3 + j * 5) % 7) - 3));
  const b = range(8).map((i) => range(8).map((j) => ((i * 2 + j) % 5) * 0.5));
  return matrixText(matmul(a, b));
}
function sgemmMultipass(): string {
  const n = 12;
  const a = range(n).map((i) => range(n).map((j) => (i * n + j) * 0.25));
  const b = range(n).map((i) => range(n).map((j) => ((i + 2 * j) % 9) - 4));
  return matrixText(matmul(a, b));
}

// ---- 3x3 box blur with clamped borders, one channel and four channels.
const clampTo = (v: number, n: number) => Math.min(Math.max(v, 0), n - 1);
function blur3x3(): string {
  const [w, h] = [7, 5];
  const blurAt = (get: (x: number, y: number) => number, x: number, y: number) => {
    let sum = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += get(clampTo(x + dx, w), clampTo(y + dy, h));
    return sum / 9;
  };
  const gray = (x: number, y: number) => (x * 7 + y * 3) % 10;
  const channels = [(x: number) => x, (_x: number, y: number) => y, (x: number, y: number) => (x + y) % 3, () => 1];
  const out: string[] = [];
  for (let y = 0; y < h; y++) out.push(range(w).map((x) => `${f(blurAt(gray, x, y), 4)} `).join(''));
  for (let y = 0; y < h; y++) {
    out.push(range(w).map((x) => `(${channels.map((c) => f(blurAt(c, x, y), 4)).join(' ')}) `).join(''));
  }
  return lines(out);
}

// ---- blur3x3 with four 8-bit channels packed in a float (pack_4ubyte / unpack_4ubyte): each channel
// code becomes the rounded mean of its clamped 3x3 neighbourhood (a mean of 9 integers is never
// halfway between two, so rounding has no ties); the last line unpacks the first row again.
function blur3x3Packed(): string {
  const [w, h] = [6, 4];
  const code = (x: number, y: number, k: number) =>
    [(x * 37 + y * 59) % 256, (x * 91 + y * 13 + 200) % 256, (x * x * 17 + y * 101) % 256, (x * 13 + y * 29) % 120][k]!;
  const out = range(h).map((y) => range(w).map((x) => range(4).map((k) => {
    let sum = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += code(clampTo(x + dx, w), clampTo(y + dy, h), k);
    return Math.round(sum / 9);
  })));
  const rows = out.map((row) => row.map((c) => `(${c.join(' ')}) `).join(''));
  return lines([...rows, out[0]!.map((c) => c.map((v) => `${v} `).join('')).join('')]);
}

// ---- iterated 5-point stencil (iterators as neighbour coordinates, clamped gathers).
function diffusion(): string {
  const [w, h] = [6, 4];
  let img = range(h).map((y) => range(w).map((x) => (x === 2 && y === 1 ? 64 : (x + 2 * y) % 3)));
  for (let i = 0; i < 6; i++) {
    const at = (x: number, y: number) => img[clampTo(y, h)]![clampTo(x, w)]!;
    img = img.map((row, y) => row.map((mid, x) => mid + 0.125 * (at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1) - 4 * mid)));
  }
  return img.map((row) => row.map((v) => `${f(v, 5)} `).join('') + '\n').join('');
}

// ---- inclusive prefix sum.
function scan(): string {
  const data = range(32).map((i) => ((i * 5) % 7) - 2);
  let run = 0;
  return lines(data.map((v) => g((run += v))));
}

// ---- formats: eight streams per type summed in place; codes (fixed, shortfixed) add as their values.
function formatsSum(): string {
  const comps = (n: number, code: (k: number, e: number, c: number) => number) =>
    range(4).flatMap((e) => range(n).map((c) => range(8).reduce((sum, k) => sum + code(k, e, c), 0)));
  return lines([
    `fixed4 (4 bytes): ${comps(4, (k, e, c) => k * 3 + e + c).join(' ')}`,
    `shortfixed2 (4 bytes): ${comps(2, (k, e, c) => k * 1000 + e * 7 + c).join(' ')}`,
    `shortfixed4 (8 bytes): ${comps(4, (k, _e, c) => (k === 7 ? 60000 : k * 11 + c)).join(' ')}`,
    `float4 (16 bytes): ${comps(4, (k, e, c) => k + e * 0.5 + c * 0.25).join(' ')}`,
  ]);
}

// ---- PPM written by helper kernels that gather: bytes = trunc(value * 255).
function ppmHelperGather(): string {
  const [w, h] = [8, 4];
  const perm = range(8).map((i) => (i * 3 + 1) % 8);
  const grad = range(8).map((i) => [(i % 3) * 0.5, ((i + 1) % 4) * 0.25]);
  const lookup = (i: number) => {
    const gr = grad[perm[i]!]!;
    return gr[0]! * 0.5 + gr[1]! * 0.25;
  };
  const out = ['P6', `${w} ${h} 255`];
  for (let y = 0; y < h; y++) {
    out.push(
      range(w)
        .map((x) => {
          const [a, b] = [lookup(x), lookup(y + 2)];
          return `${[a, b, (a + b) * 0.5].map((v) => Math.trunc(v * 255)).join(',')} `;
        })
        .join(''),
    );
  }
  return lines(out);
}

// ---- fft's stream API: signal times twiddles (row and column alike), then its first half doubled and
// halved; two heap streams made, the cache answering the third request; element-type values compared.
function streamApiHeap(): string {
  const n = 8;
  const data = range(n).map((i) => [i + 1, (i % 3) - 1]);
  const prod = data.map(([ax, ay], k) => {
    const t = (2 * Math.PI * k) / n;
    const [wx, wy] = [Math.cos(t), Math.sin(t)];
    return [ax! * wx - ay! * wy, ax! * wy + ay! * wx];
  });
  const row = (tag: string, v: number[][]) => v.map(([x, y], i) => `${tag} ${i}: ${f(x!, 5)} ${f(y!, 5)}`);
  const half = (s: number) => prod.slice(0, n / 2).map(([x, y]) => [x! * s, y! * s]);
  return lines([...row('row', prod), ...row('col', prod), ...row('grown', half(2)), ...row('shrunk', half(0.5)),
    'made 2, cached 2, same 1', 'types: float2 1, float 0']);
}

// ---- stream_slot_assign: *plan = tmp (then tmp written by gen), slots[k] = s, share(slots + 1, c).
function streamSlotAssign(): string {
  const plan = (n: number, base: number) => [`plan size ${n}`, ...range(n).map((i) => `plan ${i}: ${[base + i, base * i, i * i, -i].map((x) => f(x, 2)).join(' ')}`)];
  const ramp = (k: number, n: number) => range(n).reduce((a, i) => a + k * 10 + i, 0);
  return lines([...plan(8, 0.5), ...plan(4, -3), ...range(3).map((k) => `slot ${k}: size ${k + 2} sum ${f(ramp(k, k + 2), 1)}`),
    `slot 1 shared: size 5 sum ${f(ramp(7, 5), 1)}`]);
}

// ---- stream_interface: TallyKernel's extents (rows, columns) of up to three streams, the widest of each;
// the empty handle is null; after streamSwap(a, big), a has big's extents; o = 2 a.
function streamInterface(): string {
  const sizes: Record<string, number[]> = { a: [3, 5], o: [3, 5], big: [7, 2] };
  const area = (tag: string, ...names: string[]) => {
    const h = Math.max(...names.map((n) => sizes[n]![0]!));
    const w = Math.max(...names.map((n) => sizes[n]![1]!));
    return { line: `${tag}: ${names.length} streams, ${h} x ${w}`, area: h * w };
  };
  const calls = [area('one', 'a'), area('two', 'a', 'o'), area('three', 'a', 'o', 'big')];
  const total = calls.reduce((t, c) => t + c.area, 0);
  const sum = range(15).reduce((t, i) => t + 2 * i, 0);
  return lines([...calls.map((c) => c.line), area('pointer', 'o', 'big').line, 'line: 9, null handle: 1',
    `swapped: 1 streams, ${sizes.big!.join(' x ')}`, `total ${total}, sum ${f(sum, 1)}`]);
}

// ---- vector_operator: the triangles of a 3 x 3 grid (two a cell), by integer vertex; for each edge
// AB, BC, CA how many other triangles have it (either direction). Then near-equality, a dot product,
// and a component-wise float2 product.
function vectorOperator(): string {
  const tris: number[][][] = [];
  for (let j = 0; j < 2; j++) {
    for (let i = 0; i < 2; i++) {
      tris.push([[i, j], [i + 1, j], [i + 1, j + 1]], [[i, j], [i + 1, j + 1], [i, j + 1]]);
    }
  }
  const key = (v: number[]) => v.join(',');
  const has = (t: number[][], a: number[], b: number[]) => {
    const ks = t.map(key);
    return ks.includes(key(a)) && ks.includes(key(b)) ? 1 : 0;
  };
  const out = tris.map((t, k) => {
    const edges = [[t[0]!, t[1]!], [t[1]!, t[2]!], [t[2]!, t[0]!]];
    const counts = edges.map(([a, b]) => tris.reduce((n, u, j) => n + (j === k ? 0 : has(u, a!, b!)), 0));
    return `triangle ${k}: ${counts.join(' ')}`;
  });
  return lines([...out, 'p == q: 1, p == r: 0', `u * v = ${g(1 * 4 + 2 * 5 + 3 * 6)}, s = ${g(3)} ${g(8)}`]);
}

// ---- vout_launch_width: a<3, 4> holds 0..11 row-major; values > 4.5 push their (column, row), values < 2
// too (into the other output); each output is 4 wide (the input's width), ceil(n / 4) rows, padded.
function voutLaunchWidth(): string {
  const W = 4;
  const show = (name: string, pick: (v: number) => boolean) => {
    const items = range(12).filter(pick).map((i) => `(${i % W}, ${Math.floor(i / W)})`);
    const rows = Math.ceil(items.length / W);
    return `${name}: ${W} x ${rows}: ${items.join(' ')}, ${rows * W - items.length} padded`;
  };
  return lines([show('big', (v) => v > 4.5), show('small', (v) => v < 2)]);
}

// ---- vector_component_address: components set through float pointers and scanf; z of the parsed vertex + 100.
function vectorComponentAddress(): string {
  return lines([`2 ${g(5)} ${g(2.5)} ${g(3.5)} ${g(6)}, t ${g(1)} ${g(9)} ${g(3)}, g ${g(7)}`, `vertex ${g(0.25)} ${g(-1.5)} ${g(102)} ${g(-1)}`]);
}

// ---- vout_amplify: over <5R, C>, position (y, x) reads cell (floor(y / 5), x) and pushes item j = y mod 5
// when j < the cell's count; pushes in row-major order of the positions; rows ceil(n / C), padded.
function voutAmplify(): string {
  const [R, C] = [3, 4];
  const w = range(5).map((i) => 0.5 * (i + 1));
  const out: string[] = [];
  for (const round of [0, 1]) {
    const items: number[][] = [];
    for (let y = 0; y < 5 * R; y++) {
      for (let x = 0; x < C; x++) {
        const r = Math.floor(y / 5);
        const j = y % 5;
        const [base, weight, count] = [r * 10 + x + round * 100, w[(r + x) % 5]!, (r * 4 + x * 3 + round) % 6];
        if (j < count) items.push([base, j, base + j * weight, count]);
      }
    }
    const rows = Math.ceil(items.length / C);
    out.push(`round ${round}: ${rows} x ${C}`, ...items.map((v) => v.map(g).join(' ')), `kept ${items.length} padding ${rows * C - items.length}`);
  }
  return lines([...out, 'weights filled 1 time(s)']);
}

/** Where ppm_helper_gather writes its image (a fresh name per test process). */
export const ppmOutput = path.join(os.tmpdir(), `brook-apps-${process.pid}.ppm`);

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
  { name: 'sgemm', args: [], expected: sgemm, tolerance: { abs: 0, rel: 0 }, stands_for: 'sgemm' },
  { name: 'sgemm_multipass', args: [], expected: sgemmMultipass, tolerance: { abs: 0, rel: 0 }, stands_for: 'sgemm_multipass' },
  // 1/9 in float32 and the sum order: a few ulps of values below 10, printed to 4 decimals.
  { name: 'blur3x3', args: [], expected: blur3x3, tolerance: { abs: 2e-4, rel: 0 }, stands_for: 'blur3x3' },
  { name: 'blur3x3_packed', args: [], expected: blur3x3Packed, tolerance: { abs: 0, rel: 0 }, stands_for: 'blur3x3 (pack_4ubyte)' },
  { name: 'diffusion', args: [], expected: diffusion, tolerance: { abs: 2e-5, rel: 1e-5 }, stands_for: 'PMLSeg, imageproc' },
  { name: 'scan', args: [], expected: scan, tolerance: { abs: 0, rel: 0 }, stands_for: 'scan' },
  { name: 'formats_sum', args: [], expected: formatsSum, tolerance: { abs: 0, rel: 0 }, stands_for: 'formats' },
  // cos/sin and the products in float32 against float64: a few ulps of values below 10.
  { name: 'stream_api_heap', args: [], expected: streamApiHeap, tolerance: { abs: 2e-5, rel: 0 }, stands_for: 'fft (wfft.cpp: brook::StreamType, new brook::stream, brook::stream &)' },
  { name: 'stream_slot_assign', args: [], expected: streamSlotAssign, tolerance: { abs: 0, rel: 0 }, stands_for: 'fft (testfft.br allocatePlan: *plan = tmp)' },
  { name: 'stream_interface', args: [], expected: streamInterface, tolerance: { abs: 0, rel: 0 }, stands_for: 'subdivision (timing.cpp TallyKernel: brook::StreamInterface *, brook::stream dummystr, getExtents)' },
  { name: 'vector_operator', args: [], expected: vectorOperator, tolerance: { abs: 0, rel: 0 }, stands_for: 'subdivision (model.cpp: bool operator==(const float4 &, const float4 &))' },
  { name: 'vout_launch_width', args: [], expected: voutLaunchWidth, tolerance: { abs: 0, rel: 0 }, stands_for: 'subdivision (float2 shouldProduce<streamY, 0>: a vout output as wide as the launch)' },
  { name: 'vector_component_address', args: [], expected: vectorComponentAddress, tolerance: { abs: 0, rel: 0 }, stands_for: 'subdivision (splyload.cpp: fscanf(fp, "%f %f %f", &in.x, &in.y, &in.z))' },
  { name: 'vout_amplify', args: [], expected: voutAmplify, tolerance: { abs: 0, rel: 0 }, stands_for: 'volume_division (vout over the largest input, static locals, finite_float)' },
  { name: 'ppm_helper_gather', args: [ppmOutput], expected: ppmHelperGather, tolerance: { abs: 0, rel: 0 }, stands_for: 'volfire' },
];
