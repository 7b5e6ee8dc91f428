/**
 * Kernel IR -> WebAssembly (the CPU backend's fast path). Same plans, launch data and results as
 * codegen/js; see drivers.ts for what is covered. `generateKernelWasm` throws `WasmUnsupported` for
 * anything else, and the backend keeps the JavaScript kernel for that launch.
 */
export { generateKernelWasm, type WasmKernelCode } from './drivers.js';
export { HOST_IMPORTS_SOURCE, WasmUnsupported } from './emit.js';
