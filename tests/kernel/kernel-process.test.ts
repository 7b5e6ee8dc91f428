/**
 * The kernel as Jupyter runs it: `node bin/brook.js kernel --connection-file F` as a child process, spoken
 * to over real zeromq sockets. The design's numbers (first kernel_info reply under 1 s, idle CPU under
 * 2% of a core, interrupt of a spinning cell under 1 s with state kept, shutdown under 2 s) are the
 * bench's session.* targets; here each is checked with a bound a loaded 2-core CI machine meets, its
 * reason beside it (tests/README.md, "Time in tests"); and 20,000 printed lines arrive complete and in order.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, Signer } from '../../kernel/wire.js';
import { ensureBuilt } from './build.js';
import { KernelClient } from './client.js';

let k: KernelClient;
let firstInfoMs = 0;

beforeAll(async () => {
  await ensureBuilt();
  k = await KernelClient.start();
  // Ask until the sockets are connected; the first answer's time counts from the spawn.
  for (;;) {
    const id = k.send('shell', 'kernel_info_request', {});
    try {
      await k.reply('shell', id, 250);
      firstInfoMs = performance.now() - k.startedAt;
      break;
    } catch {
      if (performance.now() - k.startedAt > 20_000) throw new Error(`kernel did not answer kernel_info:\n${k.stderr}`);
    }
  }
  await k.untilIopubReady(80);
});

afterAll(() => k?.close());

describe('kernel process over zeromq', () => {
  it('answers the first kernel_info soon after process start, on shell and control', async () => {
    // The 1 s target is a speed figure, the bench's session.start (median 439 ms on the shared 2-core
    // machine at load 5-6). Here: within 10 s, a sixth of the 60 s jupyter_client waits before it gives
    // up on a kernel, and what a loaded 2-core CI machine meets (the loop above fails a silent kernel).
    expect(firstInfoMs).toBeLessThan(10_000);
    const id = k.send('control', 'kernel_info_request', {});
    const r = await k.reply('control', id);
    expect(r.content).toMatchObject({ status: 'ok', protocol_version: '5.3', language_info: { name: 'typescript', file_extension: '.ts' } });
  });

  it('answers the heartbeat', async () => {
    expect(await k.heartbeat()).toBe('ping');
  });

  it('executes a cell: busy, execute_input, stream, execute_result, idle, then the reply', async () => {
    const { reply, iopub } = await k.execute('const greeting: string = "hi";\nconsole.log(greeting);\n6 * 7');
    expect(reply.content).toMatchObject({ status: 'ok', execution_count: 1 });
    expect(iopub.map((m) => m.header.msg_type)).toEqual(['status', 'execute_input', 'stream', 'execute_result', 'status']);
    expect(iopub[2]!.content).toEqual({ name: 'stdout', text: 'hi\n' });
    expect(iopub[3]!.content).toMatchObject({ execution_count: 1, data: { 'text/plain': '42' } });
  });

  it('evaluates user_expressions after the cell', async () => {
    const { reply } = await k.execute('const base: number = 10;', { user_expressions: { twice: 'base * 2', bad: 'nope.x' } });
    expect(reply.content.user_expressions).toMatchObject({
      twice: { status: 'ok', data: { 'text/plain': '20' } },
      bad: { status: 'error', ename: 'ReferenceError', evalue: 'nope is not defined' },
    });
  });

  it('shows output of a long synchronous loop while it runs', async () => {
    // The iopub socket lives on the worker thread: a line printed before a 5 s busy loop arrives before the loop ends.
    const id = k.send('shell', 'execute_request', { code: 'console.log("started");\nconst until = Date.now() + 8000;\nwhile (Date.now() < until) {}', silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    const t0 = performance.now();
    await k.waitFor(() => k.received.iopub.find((m) => (m.parent_header as { msg_id?: string }).msg_id === id && m.header.msg_type === 'stream'));
    const shownMs = performance.now() - t0;
    console.log(`the line printed before an 8 s busy loop arrived after ${shownMs.toFixed(0)} ms`);
    // The bound is the loop: a line held until the main thread is free arrives 8 s or more after the
    // request, so any bound below 8 s tells the two apart; 7 s leaves the cell's start (transpiling,
    // scheduling on a loaded 2-core machine) up to 7 s.
    expect(shownMs).toBeLessThan(7000);
    expect((await k.reply('shell', id)).content.status).toBe('ok');
  });

  it('delivers 20,000 lines from one cell, all of them, in order', async () => {
    const { iopub } = await k.execute('for (let i = 0; i < 20000; i++) console.log(`line ${i}`)');
    const text = iopub.filter((m) => m.header.msg_type === 'stream').map((m) => m.content.text as string).join('');
    const lines = text.split('\n').slice(0, -1);
    expect(lines.length).toBe(20000);
    lines.forEach((l, i) => { if (l !== `line ${i}`) throw new Error(`line ${i} is "${l}"`); });
  });

  // Interrupt, idle and shutdown speed are the bench's (bench/session.ts: interrupt.ts, idleCpu,
  // shutdown); the bounds below are ones a slow machine meets, with the value printed.
  it('interrupts a spinning cell, keeps its state, and runs the next cell', async () => {
    await k.execute('let spins = 0;');
    const id = k.send('shell', 'execute_request', { code: 'while (true) { spins++ }', silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    await k.waitFor(() => k.received.iopub.find((m) => (m.parent_header as { msg_id?: string }).msg_id === id && m.header.msg_type === 'execute_input'));
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    const irq = k.send('control', 'interrupt_request', {});
    expect((await k.reply('control', irq)).content).toEqual({ status: 'ok' });
    const reply = await k.reply('shell', id);
    const stopMs = performance.now() - t0;
    console.log(`interrupt_request to the spinning cell's reply: ${stopMs.toFixed(0)} ms`);
    // A user's interrupt works when the cell stops within seconds (the bench's session.interrupt.ts holds
    // the 1 s target); 5 s is met by a loaded 2-core CI machine, and a lost SIGINT never ends the cell.
    expect(stopMs).toBeLessThan(5000);
    expect(reply.content).toMatchObject({ status: 'error', ename: 'Interrupted' });
    const next = await k.execute('spins > 0');
    expect(next.reply.content.status).toBe('ok');
    expect(next.iopub.find((m) => m.header.msg_type === 'execute_result')!.content).toMatchObject({ data: { 'text/plain': 'true' } });
  });

  it('is interrupted by SIGINT as well (signal mode)', async () => {
    const id = k.send('shell', 'execute_request', { code: 'for (;;) {}', silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    await k.waitFor(() => k.received.iopub.find((m) => (m.parent_header as { msg_id?: string }).msg_id === id && m.header.msg_type === 'execute_input'));
    await new Promise((r) => setTimeout(r, 200));
    k.child.kill('SIGINT');
    expect((await k.reply('shell', id, 5000)).content).toMatchObject({ status: 'error', ename: 'Interrupted' });
    expect((await k.execute('"still here"')).reply.content.status).toBe('ok');
  });

  it('interrupts code spinning after a top-level await', async () => {
    const id = k.send('shell', 'execute_request', { code: 'await new Promise((r) => setTimeout(r, 10));\nwhile (true) {}', silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    await new Promise((r) => setTimeout(r, 400));
    k.send('control', 'interrupt_request', {});
    expect((await k.reply('shell', id, 5000)).content).toMatchObject({ status: 'error', ename: 'Interrupted' });
    expect((await k.execute('1 + 1')).reply.content.status).toBe('ok');
  });

  it('aborts the cells queued behind a failing one (stop_on_error)', async () => {
    const base = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true };
    const a = k.send('shell', 'execute_request', { ...base, code: 'throw new Error("first fails")' });
    const b = k.send('shell', 'execute_request', { ...base, code: 'globalThis.ranB = true' });
    const c = k.send('shell', 'execute_request', { ...base, code: 'globalThis.ranC = true' });
    expect((await k.reply('shell', a)).content).toMatchObject({ status: 'error', ename: 'Error', evalue: 'first fails' });
    expect((await k.reply('shell', b)).content.status).toBe('aborted');
    expect((await k.reply('shell', c)).content.status).toBe('aborted');
    // Every request, aborted or not, still gets busy and idle (JupyterLab waits for idle).
    expect((await k.iopubOf(c)).map((m) => m.content.execution_state)).toEqual(['busy', 'idle']);
    const check = await k.execute('[typeof ranB, typeof ranC]');
    expect(check.iopub.find((m) => m.header.msg_type === 'execute_result')!.content).toMatchObject({ data: { 'text/plain': "[ 'undefined', 'undefined' ]" } });
  });

  it('sends the same ename, evalue and traceback in the error message and the reply', async () => {
    const { reply, iopub } = await k.execute('const o: any = undefined;\no.field');
    const err = iopub.find((m) => m.header.msg_type === 'error')!;
    expect(reply.content.status).toBe('error');
    expect(err.content).toEqual({ ename: reply.content.ename, evalue: reply.content.evalue, traceback: reply.content.traceback });
    expect((err.content.traceback as string[]).join('\n')).toMatch(/line 2:3/);
  });

  it('asks for input on the stdin channel for prompt()', async () => {
    const id = k.send('shell', 'execute_request', { code: 'const answer = prompt("Your name?");\n`hello ${answer}`', silent: false, store_history: true, user_expressions: {}, allow_stdin: true, stop_on_error: true });
    const req = await k.waitFor(() => k.received.stdin.find((m) => m.header.msg_type === 'input_request'));
    expect(req.content).toEqual({ prompt: 'Your name?', password: false });
    expect((req.parent_header as { msg_id: string }).msg_id).toBe(id);
    k.send('stdin', 'input_reply', { value: 'Ada' }, req.header);
    await k.reply('shell', id);
    const result = (await k.iopubOf(id)).find((m) => m.header.msg_type === 'execute_result')!;
    expect(result.content).toMatchObject({ data: { 'text/plain': "'hello Ada'" } });
  });

  it('drops a message with a bad signature and keeps serving', async () => {
    const frames = encode({ msgType: 'execute_request', content: { code: 'globalThis.forged = 1' } }, 'x', new Signer('wrong key'));
    k.sendRaw('shell', frames);
    const r = await k.execute('typeof forged');
    expect(r.iopub.find((m) => m.header.msg_type === 'execute_result')!.content).toMatchObject({ data: { 'text/plain': "'undefined'" } });
    expect(k.stderr).toMatch(/invalid signature/);
  });

  it('logs and drops malformed frames on shell and control, and never exits', async () => {
    const signer = new Signer(k.info.key);
    const signed = (parts: string[]) => [Buffer.from('<IDS|MSG>'), Buffer.from(signer.sign(parts)), ...parts.map((p) => Buffer.from(p))];
    const header = (type: string) => JSON.stringify({ msg_id: `bad-${type}`, msg_type: type, session: 's', username: 'u', date: new Date().toISOString(), version: '5.3' });
    const bad = [
      signed(['null', '{}', '{}', '{}']), // null header (once killed the shell loop, and the process on control)
      signed(['{}', '{}', '{}', '{}']), // no msg_type
      signed([header('execute_request'), '{}', '{}', '5']), // content not an object
      signed(['{not json', '{}', '{}', '{}']),
      signed([header('no_such_request'), '{}', '{}', '{}']), // unknown type
      signed([header('constructor'), '{}', '{}', '{}']), // names no handler either
      encode({ msgType: 'execute_request', content: { code: '1' } }, 'x', new Signer('wrong key')),
      [Buffer.from('no delimiter')],
    ];
    for (const frames of bad) {
      k.sendRaw('shell', frames);
      k.sendRaw('control', frames);
    }
    expect((await k.execute('"after bad frames"')).reply.content.status).toBe('ok');
    expect((await k.reply('control', k.send('control', 'kernel_info_request', {}))).content).toMatchObject({ status: 'ok' });
    expect(k.child.exitCode).toBeNull();
    // The log lines travel through the stderr pipe, which may trail the zeromq replies: wait for the last.
    await k.waitFor(() => /control: unknown message type "no_such_request", dropped/.test(k.stderr) || undefined, 5000, 'the control log').catch(() => {});
    expect(k.stderr).toMatch(/shell: dropped a message: header is null/);
    expect(k.stderr).toMatch(/control: dropped a message: header is null/);
    expect(k.stderr).toMatch(/control: unknown message type "no_such_request", dropped/);
    expect(k.stderr).toMatch(/shell: unknown message type "no_such_request", dropped/);
  });

  it('answers comm_info, closes comms to unknown targets, and is_complete/complete/inspect', async () => {
    expect((await k.reply('shell', k.send('shell', 'comm_info_request', {}))).content).toEqual({ status: 'ok', comms: {} });
    const open = k.send('shell', 'comm_open', { comm_id: 'c1', target_name: 'nowhere', data: {} });
    const closed = await k.waitFor(() => k.received.iopub.find((m) => m.header.msg_type === 'comm_close' && (m.parent_header as { msg_id?: string }).msg_id === open));
    expect(closed.content).toMatchObject({ comm_id: 'c1' });
    expect((await k.reply('shell', k.send('shell', 'is_complete_request', { code: 'if (a) {' }))).content).toEqual({ status: 'incomplete', indent: '  ' });
    const c = await k.reply('shell', k.send('shell', 'complete_request', { code: 'greeting.toUpp', cursor_pos: 14 }));
    expect(c.content).toMatchObject({ status: 'ok', matches: ['toUpperCase'], cursor_start: 9, cursor_end: 14 });
  });

  it('survives a storm of randomly timed interrupts (SIGINT never lands outside cell code)', async () => {
    // Before the interrupt gate, about one interrupt in a dozen landing as a cell ended killed the kernel.
    const base = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: false };
    let interrupted = 0;
    for (let i = 0; i < 150; i++) {
      const id = k.send('shell', 'execute_request', { ...base, code: i % 2 ? 'for (let i = 0; i < 2e5; i++) {}' : 'await null; for (let i = 0; i < 1e5; i++) {}\nawait new Promise((r) => setTimeout(r, 1)); 1' });
      setTimeout(() => k.send('control', 'interrupt_request', {}), Math.random() * 5);
      let reply;
      try {
        reply = await k.reply('shell', id, 3000);
      } catch {
        // Rarely a cell's await is lost to an interrupt that raced its end; a second interrupt ends it.
        k.send('control', 'interrupt_request', {});
        reply = await k.reply('shell', id, 5000);
      }
      if (reply.content.status === 'error') interrupted++;
      expect(k.child.exitCode, k.stderr).toBeNull();
      expect(k.child.signalCode, k.stderr).toBeNull();
    }
    expect(interrupted).toBeGreaterThan(20);
    expect((await k.execute('"alive"')).reply.content.status).toBe('ok');
  }, 120_000);

  it('does not spin when idle (the bench holds the 2% target)', async () => {
    const ticks = () => {
      const f = readFileSync(`/proc/${k.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(f[11]) + Number(f[12]);
    };
    // Settle first: after the storm's 150 cells the TypeScript language service works ~2 s in the
    // background (measured: 96% then 39% of a core in the first two seconds, then 0%).
    await new Promise((r) => setTimeout(r, 3000));
    const before = ticks();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 3000));
    const cpuSeconds = (ticks() - before) / 100;
    const wallSeconds = (performance.now() - t0) / 1000;
    console.log(`idle kernel: ${((100 * cpuSeconds) / wallSeconds).toFixed(2)}% of a core`);
    // 15% of a core: a kernel that polls or spins uses most of one; the bench's session.idleCpu holds the
    // 2% target. The slack is for garbage collection and the checker's tail on a loaded machine.
    expect(cpuSeconds / wallSeconds).toBeLessThan(0.15);
  });

  it('shuts down on shutdown_request (control)', async () => {
    const t0 = performance.now();
    const id = k.send('control', 'shutdown_request', { restart: false });
    expect((await k.reply('control', id)).content).toEqual({ status: 'ok', restart: false });
    const code = await k.exited();
    const exitMs = performance.now() - t0;
    console.log(`shutdown_request to exit: ${exitMs.toFixed(0)} ms`);
    // The bench's session.shutdown holds the 2 s target; 10 s is before Jupyter kills a kernel that did
    // not exit (its shutdown_wait_time is 5 s, then it signals) plus a loaded machine's slack.
    expect(exitMs).toBeLessThan(10_000);
    expect(code, `exit ${code} signal ${k.child.signalCode}; stderr:\n${k.stderr}`).toBe(0);
  });
});
