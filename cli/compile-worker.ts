/**
 * The worker thread of `compileOnWorker` (cli/compile-files.ts): compiles the request it was started
 * with and posts the result back as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileFiles, type CompiledMessage, type CompileRequest } from './compile-files.js';

const { sources, kernels, ...rest } = await compileFiles(workerData as CompileRequest);
// Kernels as plain data (their IR and key): the facts are closures, made again on the other side.
const plain = new Map([...kernels].map(([name, k]) => [name, { ir: k.ir, key: k.key }]));
const message: CompiledMessage = { ...rest, kernels: plain, sourceFiles: sources.files.map((f) => ({ name: f.name, text: f.text })) };
parentPort!.postMessage(message);
