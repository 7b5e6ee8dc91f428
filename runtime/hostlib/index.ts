/**
 * The host C library of generated host code: memory model (memory.ts), printf (printf.ts),
 * rand (rand.ts), math (math.ts), the library object generated code calls (libc.ts, with string.h and
 * ctype.h in its base class libc-strings.ts; its clocks in
 * clocks.ts), the helpers of generated code (support.ts) and the loader that runs it (loader.ts). The C names, signatures and
 * constant values live in one table, compiler/check/hostlib.ts; the code generator reads it.
 */
export { Mem, NULL_PTR, STDIN_PTR, STDOUT_PTR, STDERR_PTR, hostPtr, utf8Bytes, decodeBytes } from './memory.js';
export { formatC, exactDecimal } from './printf.js';
export { GlibcRandom, RAND_MAX } from './rand.js';
export { MATH, cRound, rint } from './math.js';
export { HostLib, ExitRequest, CLOCKS_PER_SEC, type HostIO, type HostLibOptions } from './libc.js';
export { instantiateProgram, instantiateCell, runProgram, type HostEnv, type HostSession, type ProgramModule, type CellModule } from './loader.js';
