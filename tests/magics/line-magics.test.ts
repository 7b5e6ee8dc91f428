/**
 * The `%brook` line magics and `%%brook` flags through the handlers the kernel calls
 * (kernel/magics-api.ts), with a recording ExecuteContext instead of a kernel.
 */
import { describe, expect, it } from 'vitest';
import { getCellMagic, getLineMagic, parseCellMagic, type ExecuteContext, type MimeBundle } from '../../kernel/magics-api.js';
import '../../magics/index.js';
import { session } from '../../magics/index.js';
import { webgpuAdapterAvailable } from '../conformance/cli.js';
import { sessionAbort } from '../../common/abort-state.js';

const TIME_BACKENDS = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['webgpu'] : [])];

function context(globals: Record<string, unknown> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const displays: MimeBundle[] = [];
  let result: unknown;
  const ctx: ExecuteContext = {
    executionCount: 1,
    signal: new AbortController().signal,
    globals,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    display: async () => {},
    displayData: (d) => displays.push(d),
    setResult: (v) => { result = v; },
    throwIfInterrupted: () => {},
    setDeclarations: () => {},
  };
  return { ctx, out, err, displays, result: () => result };
}

async function cell(text: string, globals: Record<string, unknown> = {}) {
  const c = context(globals);
  const input = parseCellMagic(text)!;
  await getCellMagic('brook')!.execute(input, c.ctx);
  return c;
}

const shown = (c: ReturnType<typeof context>) => c.displays.map((d) => String(d['text/plain'])).join('\n');

describe('%brook line magics (cpu)', () => {
  it('backend, streams, free, reset: answers shown as text and tables, not JavaScript literals', async () => {
    const line = getLineMagic('brook')!;
    const g: Record<string, unknown> = {};
    const sw = context(g);
    expect(await line('backend cpu', sw.ctx)).toBeUndefined();
    expect(shown(sw)).toBe('brook backend: cpu');
    await cell('%%brook\nkernel void fill(float v, out float o<>) { o = v; }\nfloat a<6>;\nfloat4 b<2, 3>;\nfill(1.5f, a);', g);

    const s = context(g);
    await line('streams', s.ctx);
    const table = String(s.displays[0]!['text/plain']);
    expect(table.split('\n')[0]).toBe('2 live streams on cpu'); // the backend said once, not per row
    expect(table).toMatch(/^a\s+float\s+<6>\s+24 bytes$/m); // 6 floats of 4 bytes
    expect(table).toMatch(/^b\s+float4\s+<2, 3>\s+96 bytes$/m);
    expect(String(s.displays[0]!['text/html'])).toMatch(/<table>.*<td[^>]*>a<\/td><td[^>]*>float<\/td>/);

    const info = context(g);
    await line('info', info.ctx);
    const infoText = String(info.displays[0]!['text/plain']);
    expect(infoText).toMatch(/^backend\s+cpu$/m);
    // Limits in words with their API name, bytes in plain units: the CPU backend's 2^31 - 4 bytes.
    expect(infoText).toMatch(/^largest piece one launch binds \(maxBindingBytes\)\s+2\.00 GiB$/m);
    expect(infoText).toMatch(/^largest stream \(maxBufferBytes\)\s+2\.00 GiB$/m);
    expect(infoText).not.toMatch(/\d,\d{3},\d{3}/); // no raw byte counts
    expect(infoText).not.toMatch(/\b1 worker threads\b/);
    expect(String(info.displays[0]!['text/html'])).toContain('<table>');

    const free = context(g);
    await line('free b', free.ctx);
    expect(shown(free)).toBe('freed b');
    await expect(line('free b', context(g).ctx)).rejects.toThrow(/no live stream named 'b'/);
    expect(g.b).toBeUndefined();
    const after = context(g);
    await line('streams', after.ctx);
    expect(String(after.displays[0]!['text/plain'])).not.toMatch(/^b\s/m);

    // Data survives a backend switch to cpu again (a fresh runtime; streams are copied across).
    await line('backend cpu', context(g).ctx);
    const printed = await cell('%%brook\nstreamPrint(a);', g);
    expect(printed.out.join('').trim()).toBe('1.50 1.50 1.50 1.50 1.50 1.50');

    const reset = context(g);
    await line('reset', reset.ctx);
    expect(shown(reset)).toMatch(/reset/);
    expect(g.a).toBeUndefined();
    await expect(cell('%%brook\nstreamPrint(a);', g)).rejects.toThrow(/unknown identifier 'a'/);
    await expect(line('frobnicate', context(g).ctx)).rejects.toThrow(/unknown subcommand 'frobnicate'/);
  });

  it('%brook help lists every magic and option, as a table', async () => {
    const h = context();
    await getLineMagic('brook')!('help', h.ctx);
    const text = String(h.displays[0]!['text/plain']);
    for (const m of ['%%brook --time', '%%brook --backend cpu|webgpu|auto', '%%brook --plot[=KIND]', '%%brook --no-plot', '%brook help', '%brook backend', '%brook info', '%brook streams', '%brook free NAME', '%brook reset', '%brook timeout [N|off]']) {
      expect(text).toContain(m);
    }
    expect(String(h.displays[0]!['text/html'])).toContain('<table>');
  });

  it('%%brook --time: a bad flag is a usage error', async () => {
    const g: Record<string, unknown> = {};
    await getLineMagic('brook')!('backend cpu', context(g).ctx);
    await expect(cell('%%brook --fast\nfloat v<4>;', g)).rejects.toThrow(/unknown option '--fast'/);
    expect(session.streamNamed('v')).toBeUndefined();
  });
});

describe.each(TIME_BACKENDS)('cell flag --time, backend %s', (backend) => {
  it('wall time split into compile, run, transfer, GPU wait and display that add up; big copies show as transfer', async () => {
    const g: Record<string, unknown> = {};
    await getLineMagic('brook')!(`backend ${backend}`, context(g).ctx);
    // 2^20 floats each way: streamRead into the stream, streamWrite (a readback on the GPU) out of it.
    const n = 1 << 20;
    const c = await cell(`%%brook --time
kernel void sq(float a<>, out float b<>) { b = a * a; }
float t<${n}>;
float u<${n}>;
float h[${n}];
float o[${n}];
int i;
for (i = 0; i < ${n}; i++) h[i] = (float)(i % 1024);
streamRead(t, h);
sq(t, u);
streamWrite(u, o);
int bad = 0;
for (i = 0; i < ${n}; i++) if (o[i] != (float)((i % 1024) * (i % 1024))) bad = bad + 1;
bad;`, g);
    expect(c.result(), 'elements of o differing from the float64 reference (i % 1024)^2').toBe(0);
    const badge = String(c.displays.at(-1)!['text/plain']);
    const m = /^\[brook: ([^;]+); wall ([\d.]+) ms = compile ([\d.]+) ms \+ run ([\d.]+) ms \+ transfer ([\d.]+) ms \+ GPU wait ([\d.]+) ms \+ display ([\d.]+) ms(?: \+ other ([\d.]+) ms)?; GPU (busy|timestamps)[^\]]*\]$/.exec(badge);
    expect(m, badge).not.toBeNull();
    expect(m![1]).toMatch(new RegExp(`^${backend}`));
    const [wall, compile, run, transfer, wait, display, other] = m!.slice(2, 9).map((v) => Number(v ?? 0));
    expect(transfer, badge).toBeGreaterThan(0);
    // Each printed with one decimal: the parts add up to the wall time within rounding.
    const parts = [compile!, run!, transfer!, wait!, display!, other!];
    expect(Math.abs(parts.reduce((a, b) => a + b, 0) - wall!), badge).toBeLessThanOrEqual(0.05 * parts.length + 0.05);
  }, 120_000);
});

describe.each(TIME_BACKENDS)('--time after an interrupted cell, backend %s', (backend) => {
  it('a copy the earlier cell left in flight is not this cell\'s transfer: no part is negative, and they still add up', async () => {
    const g: Record<string, unknown> = {};
    await getLineMagic('brook')!(`backend ${backend}`, context(g).ctx);
    const rt = await session.rt();
    const abort = sessionAbort();
    // An interrupted cell's readback, still waiting for the GPU when the next cell starts (the kernel
    // begins a new unit of work per cell: kernel/interrupt-gate.ts).
    abort.begin();
    let finish!: () => void;
    const leftover = rt.transfers.time(() => new Promise<void>((r) => { finish = r; }));
    abort.begin();
    try {
      const c = await cell(`%%brook --time
float w<4>;
float hw[4] = {1.0f, 2.0f, 3.0f, 4.0f};
float ow[4];
streamRead(w, hw);
streamWrite(w, ow);
ow[0] + ow[1] + ow[2] + ow[3]`, g);
      expect(c.result()).toBe(10);
      const badge = String(c.displays.at(-1)!['text/plain']);
      const m = /wall (-?[\d.]+) ms = compile (-?[\d.]+) ms \+ run (-?[\d.]+) ms \+ transfer (-?[\d.]+) ms \+ GPU wait (-?[\d.]+) ms \+ display (-?[\d.]+) ms(?: \+ other (-?[\d.]+) ms)?;/.exec(badge);
      expect(m, badge).not.toBeNull();
      const [wall, ...parts] = m!.slice(1, 8).map((v) => Number(v ?? 0));
      // Before, the leftover counted as transfer from this cell's start (its compiling included): run < 0.
      for (const p of parts) expect(p, badge).toBeGreaterThanOrEqual(0);
      expect(m![0], 'no part printed with a minus sign, -0.0 included').not.toMatch(/\s-[\d.]/);
      expect(Math.abs(parts.reduce((a, b) => a + b, 0) - wall!), badge).toBeLessThanOrEqual(0.05 * parts.length + 0.05);
    } finally {
      finish();
      await leftover;
      abort.end();
    }
  }, 120_000);
});

describe('the --time line never shows GPU time above the time it happened in', () => {
  it('GPU busy is shown when within run + transfer + wait, and called unreliable when timestamps claim more', async () => {
    const { timeText } = await import('../../magics/report.js');
    const base = { wallMs: 12, compileMs: 2, runMs: 3, transferMs: 2, waitMs: 4, displayMs: 0.5 };
    expect(timeText({ ...base, gpu: { ms: 5, passes: 3 } })).toBe('wall 12.0 ms = compile 2.0 ms + run 3.0 ms + transfer 2.0 ms + GPU wait 4.0 ms + display 0.5 ms + other 0.5 ms; GPU busy 5.0 ms (part of run + transfer + wait) in 3 passes');
    expect(timeText({ ...base, gpu: { ms: 50, passes: 3 } })).toContain('GPU timestamps span 50.0 ms, more than run + transfer + wait (9.0 ms): not reliable on this adapter');
    // A part that rounds to zero prints 0.0, never -0.0 (a difference of clock readings can be -1e-13).
    expect(timeText({ ...base, waitMs: -1e-13, displayMs: -0.02, wallMs: 5 })).toMatch(/GPU wait 0\.0 ms \+ display 0\.0 ms;/);
  });
});

describe('the CPU-fallback reason is said once per session', () => {
  it('the badge is one short word; the reason comes once, then never again', async () => {
    const { BrookSession } = await import('../../magics/session.js');
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    // A runtime that fell back to the CPU (what createRuntime gives when WebGPU cannot start).
    (s as unknown as { runtime: unknown }).runtime = { backend: { name: 'cpu', description: 'JavaScript' }, fallbackReason: 'no WebGPU adapter was found (Vulkan driver missing)' };
    expect(s.backendLabel()).toBe('cpu');
    expect(s.takeFallbackNotice()).toBe('brook: WebGPU is not available, so Brook runs on the CPU backend. Why: no WebGPU adapter was found (Vulkan driver missing) (%brook info shows this again)');
    expect(s.takeFallbackNotice()).toBeUndefined();
    expect(s.backendLabel()).toBe('cpu');
    (s as unknown as { runtime: unknown }).runtime = { backend: { name: 'webgpu', description: 'NVIDIA H100 80GB HBM3 (Vulkan 1.3, driver 550.54)' } };
    expect(s.backendLabel()).toBe('webgpu: NVIDIA H100 80GB HBM3');
  });
});

describe('%brook info and streams: byte counts in plain units', () => {
  it('formatBytes: whole units exactly, others to three digits, small counts in bytes', async () => {
    const { formatBytes } = await import('../../magics/report.js');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(128 * 2 ** 20)).toBe('128 MiB');
    expect(formatBytes(2 ** 31 - 4)).toBe('2.00 GiB');
    expect(formatBytes(4 * 2 ** 30)).toBe('4 GiB');
  });
});
