/**
 * The worker thread of `compileOnWorker` (cli/compile-files.ts): compiles the request it was started
 * with and posts the result back as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileFiles, type CompiledMessage, type CompileRequest } from './compile-files.js';

const { sources, ...rest } = await compileFiles(workerData as CompileRequest);
const message: CompiledMessage = { ...rest, sourceFiles: sources.files.map((f) => ({ name: f.name, text: f.text })) };
parentPort!.postMessage(message);
