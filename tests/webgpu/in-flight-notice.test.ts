/**
 * The "waiting for the GPU to finish ... launched by an earlier cell" notice (backends/webgpu/in-flight.ts)
 * names only work that is still running: once a wait has seen an earlier cell's work finish, a later
 * cell's long wait for its own work says nothing. (The differential fuzzer's programs, one unit of work
 * each, printed the notice for the previous program's finished kernel.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AbortState, sessionAbort, setSessionAbort } from '../../runtime/brt/abort.js';
import { InFlight, NOTICE_MS } from '../../runtime/backends/webgpu/in-flight.js';

const previous = sessionAbort();
const abort = new AbortState(undefined, {});
setSessionAbort(abort);
afterAll(() => setSessionAbort(previous));

const after = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function tracker(): { f: InFlight; said: string[] } {
  const f = new InFlight();
  const said: string[] = [];
  f.write = (t) => void said.push(t);
  return { f, said };
}

describe('GPU wait notices', () => {
  it('a later cell waiting on work an earlier cell left running is told so', async () => {
    const { f, said } = tracker();
    abort.begin(1);
    f.note([{ what: "kernel 'slow'" }], 0);
    abort.begin(2);
    await f.announced(after(NOTICE_MS + 300));
    expect(said.join('')).toMatch(/waiting for the GPU to finish kernel 'slow' launched by an earlier cell/);
  });

  it('work an earlier cell waited for to the end is never named again', async () => {
    const { f, said } = tracker();
    abort.begin(3);
    f.note([{ what: "kernel 'done'" }], 0);
    await f.announced(Promise.resolve());
    abort.begin(4);
    f.note([{ what: "kernel 'mine'" }], 0);
    await f.announced(after(NOTICE_MS + 300));
    expect(said).toEqual([]);
  });

  it('a wait that can end with the GPU still busy (behind an interrupted cell\'s drain) is told once a cell and forgets nothing', async () => {
    const { f, said } = tracker();
    abort.begin(5);
    f.note([{ what: "kernel 'climb'" }], 0);
    abort.begin(6);
    // Behind the drain: it gives up after its grace while the kernel runs on (pieces.ts).
    await f.announced(after(NOTICE_MS + 300), false);
    // The same cell's read then waits for the queue: the same cause, not told twice.
    await f.announced(after(NOTICE_MS + 300));
    expect(said.length).toBe(1);
    expect(said[0]).toMatch(/waiting for the GPU to finish kernel 'climb' launched by an earlier cell/);
    // Had the drain's end cleared the work, this second cell would have waited in silence.
    abort.begin(7);
    const { f: g, said: saidG } = tracker();
    g.note([{ what: "kernel 'climb'" }], 0);
    abort.begin(8);
    await g.announced(after(NOTICE_MS + 300), false);
    abort.begin(9);
    await g.announced(after(NOTICE_MS + 300));
    expect(saidG.length).toBe(2);
    expect(saidG[1]).toMatch(/waiting for the GPU to finish kernel 'climb' launched by an earlier cell/);
  });
});
