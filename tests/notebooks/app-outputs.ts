/**
 * What an executed application notebook must show (notebooks/{saxpy-sgemv,segment,fft,raytrace,
 * bitonic-sort}.ipynb): for each of its Figure 3 comparisons, the table with the hand-written WGSL,
 * Brook on WebGPU and Brook on CPU rows all measured (each was checked against its reference before
 * it was timed; CI has lavapipe, so the WebGPU rows must not be skipped), and the bar chart as a
 * picture and a Vega-Lite spec; and its pictures. The notebooks' own checking cells compare results
 * with float64 and raise on a mismatch, which the notebook test reports as a failed cell.
 */

interface Output {
  output_type: string;
  data?: Record<string, unknown>;
}
interface Cell {
  cell_type: string;
  outputs?: Output[];
}

export const APP_NOTEBOOKS: Record<string, { figures: string[]; pictures: number }> = {
  'saxpy-sgemv.ipynb': { figures: ['SAXPY', 'SGEMV'], pictures: 1 },
  'segment.ipynb': { figures: ['Segment'], pictures: 2 },
  'fft.ipynb': { figures: ['FFT'], pictures: 3 },
  'raytrace.ipynb': { figures: ['Ray'], pictures: 2 },
  'bitonic-sort.ipynb': { figures: ['Bitonic sort'], pictures: 2 },
};

const MEASURED = ['hand-written WGSL', 'Brook on WebGPU', 'Brook on CPU'];

function text(o: Output): string {
  const t = o.data?.['text/plain'];
  return Array.isArray(t) ? t.join('') : typeof t === 'string' ? t : '';
}

/** Problems with an executed app notebook's outputs (empty: all there). */
export function appOutputProblems(name: string, nb: { cells: Cell[] }): string[] {
  const want = APP_NOTEBOOKS[name];
  if (!want) return [];
  const outputs = nb.cells.flatMap((c) => c.outputs ?? []).filter((o) => o.data);
  const problems: string[] = [];
  for (const title of want.figures) {
    const table = outputs.find((o) => text(o).startsWith(`${title}: `) && text(o).includes('BROOK_SIZE='));
    if (!table) {
      problems.push(`${title}: no Figure 3 table in the outputs`);
      continue;
    }
    const lines = text(table).split('\n');
    for (const label of MEASURED) {
      const row = lines.find((l) => l.startsWith(label));
      const cols = row?.split(/\s{2,}/) ?? [];
      // implementation, device, time ms, rate, x Brook on CPU, ...
      const rate = Number((cols[3] ?? '').replace(/,/g, ''));
      if (!row) problems.push(`${title}: no '${label}' row`);
      else if (!(rate > 0)) problems.push(`${title}: '${label}' was not measured: ${row.trim()}`);
      else if (label === 'Brook on CPU' && cols[4] !== '1') problems.push(`${title}: the CPU row is the reference, its ratio must be 1: ${row.trim()}`);
    }
    const chart = outputs.find((o) => text(o).startsWith(`${title}, relative to Brook on the CPU`));
    if (!chart || typeof chart.data?.['image/png'] !== 'string' || !chart.data?.['application/vnd.vegalite.v5+json']) {
      problems.push(`${title}: no Figure 3 chart (PNG and Vega-Lite) in the outputs`);
    }
  }
  const pictures = outputs.filter((o) => typeof o.data?.['image/png'] === 'string' && !/relative to Brook on the CPU/.test(text(o))).length;
  if (pictures < want.pictures) problems.push(`${pictures} pictures besides the charts, expected at least ${want.pictures}`);
  return problems;
}
