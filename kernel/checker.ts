/**
 * The session's TypeScript language service, run in a worker thread (checker-worker.ts): type checks
 * before a cell runs, completion and inspection.
 *
 * `warm()` starts the thread and builds the service's first program there, at kernel start, so the main
 * thread stays free for kernel_info and `%%brook` cells. Requests queue behind the warm-up in the worker
 * (one at a time, in order): a TypeScript cell that arrives before the warm-up ends waits for it rather
 * than building a second program. Executed cells and the session's ambient declarations are sent along
 * with the requests, so the worker's view is always the session's at the time of the request.
 *
 * If the worker cannot start (no built dist/ beside the sources) or dies, the same LanguageService runs
 * on the main thread instead, with every executed cell replayed into it: slower to start, same answers.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LanguageService, type Completion, type TypeErrorAt } from './language.js';
import { ambientDeclarations } from './magics-api.js';
import type { CheckerAnswer, CheckerReply, CheckerRequest, Inspection } from './checker-protocol.js';

type Request = CheckerRequest extends infer R ? (R extends CheckerRequest ? Omit<R, 'id' | 'ambient'> : never) : never;

/** checker-worker.js beside this module when built; from the sources (vitest), the built one in dist/. */
function workerUrl(): URL | undefined {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return new URL('./checker-worker.js', import.meta.url);
  const built = join(dirname(dirname(here)), 'dist', 'kernel', 'checker-worker.js');
  return existsSync(built) ? pathToFileURL(built) : undefined;
}

/** Quiet time after which the worker parses Node's types (a request restarts the wait). */
const NODE_WARM_QUIET_MS = 2000;

/** Warm-ups: nobody awaits them, so they never keep the process alive. */
function background(req: Request): boolean {
  return req.op === 'warm' || req.op === 'warmNode';
}

export class BackgroundLanguageService {
  private worker: Worker | undefined;
  private local: LanguageService | undefined;
  private readonly cells: { source: string; names: string[] }[] = [];
  private readonly pending = new Map<number, { req: Request; resolve: (v: CheckerAnswer) => void; reject: (e: Error) => void }>();
  /** Answers someone awaits (all but the warm-up): while there are any, the worker keeps the process alive. */
  private awaited = 0;
  private nextId = 0;
  private sentAmbient = -1;
  private disposed = false;
  /** Milliseconds the worker spent on the warm-up (undefined until it ends). */
  warmMs: number | undefined;
  /** What the worker answered, in order, with the milliseconds each took there (tests read it). */
  readonly answered: { op: string; ms: number }[] = [];

  constructor(private readonly directory: string, private readonly log: (text: string) => void = () => {}) {}

  /** Starts the worker and builds the first program in it (without Node's types: language.ts NODE_USE);
   *  returns at once. Node's types are parsed there later, once the checker has been asked nothing for
   *  NODE_WARM_QUIET_MS: that parse cannot be interrupted, and a first cell must not queue behind it. */
  warm(): Promise<void> {
    return this.request({ op: 'warm' }).then(() => this.armNodeWarm(), () => {});
  }

  private nodeWarm: { timer?: ReturnType<typeof setTimeout>; done: boolean } | undefined;

  /** (Re)starts the quiet timer for the Node-types warm-up, unless it ran already. */
  private armNodeWarm(): void {
    const w = (this.nodeWarm ??= { done: false });
    if (w.done) return;
    if (w.timer) clearTimeout(w.timer);
    w.timer = setTimeout(() => {
      w.done = true;
      void this.request({ op: 'warmNode' }).catch(() => {});
    }, NODE_WARM_QUIET_MS);
    w.timer.unref();
  }

  addCell(source: string, names: string[]): void {
    this.cells.push({ source, names: [...names] });
    if (this.local) return this.local.addCell(source, names);
    void this.request({ op: 'addCell', source, names }).catch((err: Error) => this.log(`checker: ${err.message}`));
  }

  typeErrors(code: string): Promise<TypeErrorAt[]> {
    return this.request({ op: 'typeErrors', code }) as Promise<TypeErrorAt[]>;
  }

  complete(code: string, cursor: number): Promise<Completion> {
    return this.request({ op: 'complete', code, cursor }) as Promise<Completion>;
  }

  inspect(code: string, cursor: number): Promise<Inspection> {
    return this.request({ op: 'inspect', code, cursor }) as Promise<Inspection>;
  }

  dispose(): void {
    this.disposed = true;
    const w = this.worker;
    this.worker = undefined;
    void w?.terminate();
  }

  private request(req: Request): Promise<CheckerAnswer> {
    if (!background(req) && this.nodeWarm) this.armNodeWarm();
    if (this.disposed) return Promise.reject(new Error('the session was disposed'));
    const worker = this.local ? undefined : this.startWorker();
    if (!worker) return Promise.resolve().then(() => this.answerHere(req));
    const id = this.nextId++;
    const ambient = ambientDeclarations();
    const message = { ...req, id, ...(ambient.version !== this.sentAmbient ? { ambient } : {}) } as CheckerRequest;
    this.sentAmbient = ambient.version;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { req, resolve, reject });
      // Referenced only while an answer is awaited: an idle or warming checker never keeps the process
      // alive (`brook execute` of a notebook without TypeScript cells exits without waiting for it).
      if (!background(req) && this.awaited++ === 0) worker.ref();
      worker.postMessage(message);
    });
  }

  private startWorker(): Worker | undefined {
    if (this.worker) return this.worker;
    const url = workerUrl();
    if (!url) return this.fallBack('no built checker-worker.js (run the build)');
    try {
      const w = new Worker(url, { workerData: { directory: this.directory } });
      w.unref();
      w.on('message', (r: CheckerReply) => this.settle(r));
      w.on('error', (err) => this.fallBack(`the checker thread failed: ${err?.message ?? err}`));
      w.on('exit', (code) => { if (this.worker === w && !this.disposed) this.fallBack(`the checker thread exited (${code})`); });
      this.worker = w;
      return w;
    } catch (err) {
      return this.fallBack(`the checker thread did not start: ${(err as Error)?.message ?? err}`);
    }
  }

  private settle(r: CheckerReply): void {
    const p = this.pending.get(r.id);
    if (!p) return;
    this.pending.delete(r.id);
    if (!background(p.req) && --this.awaited === 0) this.worker?.unref();
    if (!r.ok) return p.reject(new Error(r.error));
    if (p.req.op === 'warm') this.warmMs = r.ms;
    if (this.answered.length < 100) this.answered.push({ op: p.req.op, ms: r.ms });
    p.resolve(r.value);
  }

  /** Switches to a main-thread service; requests the worker had not answered are answered here. */
  private fallBack(why: string): undefined {
    if (this.disposed) return undefined;
    this.log(`checker: ${why}; type checks run on the main thread`);
    this.localService();
    const w = this.worker;
    this.worker = undefined;
    void w?.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.awaited = 0;
    for (const p of waiting) {
        try {
        p.resolve(this.answerHere(p.req));
      } catch (err) {
        p.reject(err as Error);
      }
    }
    return undefined;
  }

  /** The main-thread service, made on first need with every executed cell replayed into it. */
  private localService(): LanguageService {
    if (this.local) return this.local;
    this.local = new LanguageService(this.directory);
    for (const c of this.cells) this.local.addCell(c.source, c.names);
    return this.local;
  }

  private answerHere(req: Request): CheckerAnswer {
    const local = this.localService();
    switch (req.op) {
      // Executed cells reach the local service when it is made (localService) or directly (addCell).
      case 'warm': case 'warmNode': case 'addCell': return null; // no warm-up on the main thread
      case 'typeErrors': return local.typeErrors(req.code);
      case 'complete': return local.complete(req.code, req.cursor);
      case 'inspect': return local.inspect(req.code, req.cursor);
    }
  }
}
