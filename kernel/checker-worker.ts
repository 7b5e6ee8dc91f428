/**
 * The worker thread that owns the session's TypeScript language service (checker.ts starts it). Building
 * the service's first program parses the standard library and @types/node (1.4 s alone on a 2-core
 * machine, up to 6 s under load); here it happens beside the main thread, so kernel_info and a first
 * `%%brook` cell never wait for it, and a first TypeScript cell waits only for what is left of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LanguageService } from './language.js';
import { transformCell } from './transform.js';
import { saveTypeScriptCache, typeScriptCacheState } from './typescript.js';
import type { Ambient, CheckerAnswer, CheckerReply, CheckerRequest } from './checker-protocol.js';

let ambient: Ambient = { text: '', version: -1 };
const service = new LanguageService((workerData as { directory: string }).directory, () => ambient);

function answer(req: CheckerRequest): CheckerAnswer {
  switch (req.op) {
    // An empty cell builds the program and the checker (parse and bind every declaration file).
    case 'warm':
      service.typeErrors('');
      // The warm-up compiled what a program build and check need: keep that code for the next kernel
      // (typescript.ts), with the code of a cell transform besides (the kernel's thread transforms each
      // cell through this same cache: 150-300 ms of compiling at its first cell without it). Written at
      // once (a kernel may end soon after its first cell); in the first kernel only, when there is no
      // usable cache yet.
      if (typeScriptCacheState() === 'missing' || typeScriptCacheState() === 'rejected') {
        transformCell('import { x } from "y";\nconst a: number[] = [1, 2].map((v) => v * 2);\nlet b = { c: a };\nawait Promise.resolve(b.c)');
        saveTypeScriptCache();
      }
      return null;
    // Node's types, parsed while the checker is idle, so the first cell that needs them waits less.
    case 'warmNode': service.warmNodeTypes(); return null;
    case 'addCell': service.addCell(req.source, req.names); return null;
    case 'typeErrors': return service.typeErrors(req.code);
    case 'complete': return service.complete(req.code, req.cursor);
    case 'inspect': return service.inspect(req.code, req.cursor);
  }
}

parentPort!.on('message', (req: CheckerRequest) => {
  if (req.ambient) ambient = req.ambient;
  const t0 = performance.now();
  let reply: CheckerReply;
  try {
    reply = { id: req.id, ok: true, value: answer(req), ms: performance.now() - t0 };
  } catch (err) {
    reply = { id: req.id, ok: false, error: (err as Error)?.stack ?? String(err) };
  }
  parentPort!.postMessage(reply);
});
