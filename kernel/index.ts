/**
 * The Jupyter kernel: everything that knows nothing of Brook.
 *
 * In: a connection file (runKernel), a notebook path (executeNotebook), an install target (installKernelspec).
 * Out: a Jupyter messaging protocol 5.3 kernel running TypeScript cells; executed notebooks; a kernelspec.
 * What always holds: kernel/ never imports magics/ or runtime/ statically; other languages reach the
 * notebook only through the evaluator hook in magics-api.ts (cell and line magics, ambient declarations,
 * display through `Symbol.for('Jupyter.display')`).
 * What the kernel shares with the runtime (the interrupt flag and watchdog of a cell) lives below both, in
 * common/ (tests/architecture/layers.test.ts).
 *
 * Module map: wire.ts (frames, signing) -> channel.ts (one socket, send queue) -> kernel.ts (shell, iopub,
 * request handlers) + control-worker.ts (control, heartbeat, stdin on a worker thread); session.ts runs
 * cells (transform.ts rewrites a TS cell, errors.ts renders failures, display.ts formats values,
 * output.ts batches streams, language.ts answers type checks, completion and inspection, run in a worker
 * thread by checker.ts and checker-worker.ts, typescript.ts loads the compiler through its V8 code cache,
 * history.ts keeps input history).
 */
export { runKernel } from './kernel.js';
export { installKernelspec, type InstallOptions, type InstallResult } from './install.js';
export { executeNotebook, type ExecuteNotebookOptions, type ExecuteNotebookResult } from './execute-notebook.js';
export { Session, type SessionOptions, type ExecuteOutcome } from './session.js';
export { format, addDisplayRule, DISPLAY_SYMBOL } from './display.js';
export * from './magics-api.js';
