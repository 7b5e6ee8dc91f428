/**
 * The host C library of generated host code: memory model (memory.ts), printf (printf.ts),
 * rand (rand.ts), math (math.ts) and the library object generated code calls (libc.ts).
 */
export { Mem, NULL_PTR, STDIN_PTR, STDOUT_PTR, STDERR_PTR, hostPtr, utf8Bytes, decodeBytes } from './memory.js';
export { formatC, exactDecimal } from './printf.js';
export { GlibcRandom, RAND_MAX } from './rand.js';
export { MATH, cRound, rint } from './math.js';
export { HostLib, ExitRequest, HOST_CONSTANTS, CLOCKS_PER_SEC, type HostIO, type HostLibOptions } from './libc.js';
