/**
 * The host C library and the Brook runtime API as host code sees them: one table of names, their C
 * signatures and categories. The checker types calls with it; the host code generator shares it to know
 * which names are library calls (and maps each to its runtime implementation).
 *
 * Entries marked `special` have argument rules that depend on stream types (streamRead, kernel-op
 * arguments, ...); the checker handles them in check/brook-api.ts and uses `type` only for the result.
 * `variadic` functions check their fixed parameters only (printf's format arguments are not checked).
 */
import type { StructType, Type } from '../types.js';
import { BOOL, CHAR, DOUBLE, FILE_TYPE, FLOAT, INT, STREAM_TYPE_DESC, UINT, VOID } from '../types.js';
import { ERROR } from './typing.js';

export type HostLibCategory = 'stdio' | 'stdlib' | 'string' | 'math' | 'time' | 'assert' | 'brook';

export interface HostLibEntry {
  name: string;
  kind: 'function' | 'constant' | 'variable';
  /** A function type for functions; the value's type for constants and variables. */
  type: Type;
  category: HostLibCategory;
  /** Constants: the value (NULL is 0, RAND_MAX is glibc's 2147483647). */
  value?: number;
  special?: boolean;
}

const LONG: Type = { kind: 'scalar', name: 'long' };
const ULONG: Type = { kind: 'scalar', name: 'ulong' };
const VOIDP: Type = { kind: 'pointer', to: VOID };
const CHARP: Type = { kind: 'pointer', to: CHAR };
const INTP: Type = { kind: 'pointer', to: INT };
const DOUBLEP: Type = { kind: 'pointer', to: DOUBLE };
const FLOATP: Type = { kind: 'pointer', to: FLOAT };
/** `FILE *` is opaque (runtime/hostlib/files.ts). */
const FILEP: Type = { kind: 'pointer', to: FILE_TYPE };
const FLOAT4: Type = { kind: 'vector', elem: 'float', size: 4 };

function fn(ret: Type, params: Type[], variadic = false): Type {
  return { kind: 'function', ret, params, variadic };
}

const entries: HostLibEntry[] = [];
function add(category: HostLibCategory, name: string, type: Type, extra: Partial<HostLibEntry> = {}): void {
  entries.push({ name, kind: type.kind === 'function' ? 'function' : 'constant', type, category, ...extra });
}

// stdio
add('stdio', 'printf', fn(INT, [CHARP], true));
add('stdio', 'fprintf', fn(INT, [FILEP, CHARP], true));
add('stdio', 'sprintf', fn(INT, [CHARP, CHARP], true));
add('stdio', 'snprintf', fn(INT, [CHARP, ULONG, CHARP], true));
add('stdio', 'puts', fn(INT, [CHARP]));
// <stdarg.h>: a va_list is a char * (hostlib/varargs.ts); va_start expands to __brook_va_start()
add('stdio', 'vprintf', fn(INT, [CHARP, CHARP]));
add('stdio', 'vfprintf', fn(INT, [FILEP, CHARP, CHARP]));
add('stdio', 'vsprintf', fn(INT, [CHARP, CHARP, CHARP]));
add('stdio', 'vsnprintf', fn(INT, [CHARP, ULONG, CHARP, CHARP]));
add('stdio', '__brook_va_start', fn(CHARP, []));
add('stdio', 'putchar', fn(INT, [INT]));
add('stdio', 'fflush', fn(INT, [FILEP]));
add('stdio', 'fputs', fn(INT, [CHARP, FILEP]));
add('stdio', 'stdout', FILEP, { kind: 'variable' });
add('stdio', 'stderr', FILEP, { kind: 'variable' });
add('stdio', 'stdin', FILEP, { kind: 'variable' });
// stdio on files (runtime/hostlib/files.ts) and input conversion (scanf.ts)
add('stdio', 'fopen', fn(FILEP, [CHARP, CHARP]));
add('stdio', 'fclose', fn(INT, [FILEP]));
add('stdio', 'fgets', fn(CHARP, [CHARP, INT, FILEP]));
add('stdio', 'fgetc', fn(INT, [FILEP]));
add('stdio', 'getc', fn(INT, [FILEP]));
add('stdio', 'getchar', fn(INT, []));
add('stdio', 'ungetc', fn(INT, [INT, FILEP]));
add('stdio', 'fread', fn(ULONG, [VOIDP, ULONG, ULONG, FILEP]));
add('stdio', 'fwrite', fn(ULONG, [VOIDP, ULONG, ULONG, FILEP]));
add('stdio', 'feof', fn(INT, [FILEP]));
add('stdio', 'ferror', fn(INT, [FILEP]));
add('stdio', 'clearerr', fn(VOID, [FILEP]));
add('stdio', 'fseek', fn(INT, [FILEP, LONG, INT]));
add('stdio', 'ftell', fn(LONG, [FILEP]));
add('stdio', 'rewind', fn(VOID, [FILEP]));
add('stdio', 'remove', fn(INT, [CHARP]));
add('stdio', 'fscanf', fn(INT, [FILEP, CHARP], true));
add('stdio', 'scanf', fn(INT, [CHARP], true));
add('stdio', 'sscanf', fn(INT, [CHARP, CHARP], true));
add('stdio', 'EOF', INT, { value: -1 });
add('stdio', 'SEEK_SET', INT, { value: 0 });
add('stdio', 'SEEK_CUR', INT, { value: 1 });
add('stdio', 'SEEK_END', INT, { value: 2 });
// stdlib
add('stdlib', 'rand', fn(INT, []));
add('stdlib', 'srand', fn(VOID, [UINT]));
add('stdlib', 'drand48', fn(DOUBLE, [])); // POSIX; glibc's sequence (hostlib/rand.ts)
add('stdlib', 'srand48', fn(VOID, [LONG]));
add('stdlib', 'RAND_MAX', INT, { value: 2147483647 });
add('stdlib', 'malloc', fn(VOIDP, [ULONG]));
add('stdlib', 'calloc', fn(VOIDP, [ULONG, ULONG]));
add('stdlib', 'realloc', fn(VOIDP, [VOIDP, ULONG]));
add('stdlib', 'free', fn(VOID, [VOIDP]));
add('stdlib', 'brmalloc', fn(VOIDP, [ULONG]));
add('stdlib', 'brcalloc', fn(VOIDP, [ULONG, ULONG])); // BrookGPU's brt.hpp, as calloc (fft)
add('stdlib', 'atoi', fn(INT, [CHARP]));
add('stdlib', 'atol', fn(LONG, [CHARP]));
add('stdlib', 'atof', fn(DOUBLE, [CHARP]));
add('stdlib', 'exit', fn(VOID, [INT]));
add('stdlib', 'getenv', fn(CHARP, [CHARP]));
add('stdlib', 'abort', fn(VOID, []));
add('stdlib', 'abs', fn(INT, [INT]));
add('stdlib', 'labs', fn(LONG, [LONG]));
add('stdlib', 'NULL', VOIDP, { value: 0 });
// brcc compiled .br files as C++: `true` and `false` are everywhere in programs of the era.
add('stdlib', 'true', BOOL, { value: 1 });
add('stdlib', 'false', BOOL, { value: 0 });
add('stdlib', 'EXIT_SUCCESS', INT, { value: 0 });
add('stdlib', 'EXIT_FAILURE', INT, { value: 1 });
add('stdlib', 'INT_MAX', INT, { value: 2147483647 });
add('stdlib', 'INT_MIN', INT, { value: -2147483648 });
add('stdlib', 'FLT_MAX', FLOAT, { value: 3.4028234663852886e38 });
add('stdlib', 'FLT_MIN', FLOAT, { value: 1.1754943508222875e-38 });
add('stdlib', 'FLT_EPSILON', FLOAT, { value: 1.1920928955078125e-7 });
add('stdlib', 'DBL_MAX', DOUBLE, { value: Number.MAX_VALUE });
add('stdlib', 'strtol', fn(LONG, [CHARP, { kind: 'pointer', to: CHARP }, INT]));
add('stdlib', 'strtoul', fn(ULONG, [CHARP, { kind: 'pointer', to: CHARP }, INT]));
add('stdlib', 'strtod', fn(DOUBLE, [CHARP, { kind: 'pointer', to: CHARP }]));
add('stdlib', 'strtof', fn(FLOAT, [CHARP, { kind: 'pointer', to: CHARP }]));
add('stdlib', 'atoll', fn(LONG, [CHARP]));
add('stdlib', 'llabs', fn(LONG, [LONG]));
add('stdlib', 'brfree', fn(VOID, [VOIDP]));
add('stdlib', 'UINT_MAX', UINT, { value: 4294967295 });
add('stdlib', 'SHRT_MAX', INT, { value: 32767 });
add('stdlib', 'SHRT_MIN', INT, { value: -32768 });
add('stdlib', 'CHAR_MAX', INT, { value: 127 });
add('stdlib', 'CHAR_MIN', INT, { value: -128 });
add('stdlib', 'UCHAR_MAX', INT, { value: 255 });
add('stdlib', 'CHAR_BIT', INT, { value: 8 });
add('stdlib', 'DBL_MIN', DOUBLE, { value: 2.2250738585072014e-308 });
add('stdlib', 'DBL_EPSILON', DOUBLE, { value: Number.EPSILON });
// ctype
for (const c of ['isdigit', 'isalpha', 'isalnum', 'isspace', 'isupper', 'islower', 'isxdigit', 'toupper', 'tolower']) {
  add('stdlib', c, fn(INT, [INT]));
}
add('stdio', 'fputc', fn(INT, [INT, FILEP]));
add('stdio', 'putc', fn(INT, [INT, FILEP]));
// string
add('string', 'memcmp', fn(INT, [VOIDP, VOIDP, ULONG]));
add('string', 'strncat', fn(CHARP, [CHARP, CHARP, ULONG]));
add('string', 'strchr', fn(CHARP, [CHARP, INT]));
add('string', 'strrchr', fn(CHARP, [CHARP, INT]));
add('string', 'strstr', fn(CHARP, [CHARP, CHARP]));
add('string', 'strdup', fn(CHARP, [CHARP]));
add('string', 'memset', fn(VOIDP, [VOIDP, INT, ULONG]));
add('string', 'memcpy', fn(VOIDP, [VOIDP, VOIDP, ULONG]));
add('string', 'memmove', fn(VOIDP, [VOIDP, VOIDP, ULONG]));
add('string', 'strlen', fn(ULONG, [CHARP]));
add('string', 'strcmp', fn(INT, [CHARP, CHARP]));
add('string', 'strncmp', fn(INT, [CHARP, CHARP, ULONG]));
add('string', 'strcpy', fn(CHARP, [CHARP, CHARP]));
add('string', 'strncpy', fn(CHARP, [CHARP, CHARP, ULONG]));
add('string', 'strcat', fn(CHARP, [CHARP, CHARP]));
// time
add('time', 'clock', fn(LONG, []));
add('time', 'usleep', fn(INT, [UINT])); // unistd.h
add('time', 'time', fn(LONG, [VOIDP]));
add('time', 'gettimeofday', fn(INT, [VOIDP, VOIDP]));
add('time', 'CLOCKS_PER_SEC', LONG, { value: 1000000 });
// What `asm("rdtsc")` becomes (parse/asm.ts): a sample of a nominal 1 GHz cycle counter, then its parts
// (0: low 32 bits, 1: high 32 bits, 2: all 64). Reserved names: no program declares them.
add('time', '__brook_rdtsc_sample', fn(VOID, []));
add('time', '__brook_rdtsc_word', fn(ULONG, [INT]));
// assert
add('assert', 'assert', fn(VOID, [INT]));
// math.h: double functions, their float (f-suffixed) forms, constants
const unaryMath = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'exp', 'exp2', 'log',
  'log2', 'log10', 'sqrt', 'cbrt', 'ceil', 'floor', 'fabs', 'round', 'trunc', 'asinh', 'acosh', 'atanh',
  'expm1', 'log1p', 'rint', 'nearbyint'];
const binaryMath = ['atan2', 'pow', 'fmod', 'hypot', 'fmin', 'fmax', 'copysign', 'fdim', 'remainder'];
for (const m of unaryMath) {
  add('math', m, fn(DOUBLE, [DOUBLE]));
  add('math', m + 'f', fn(FLOAT, [FLOAT]));
}
for (const m of binaryMath) {
  add('math', m, fn(DOUBLE, [DOUBLE, DOUBLE]));
  add('math', m + 'f', fn(FLOAT, [FLOAT, FLOAT]));
}
add('math', 'ldexp', fn(DOUBLE, [DOUBLE, INT]));
add('math', 'frexp', fn(DOUBLE, [DOUBLE, INTP]));
add('math', 'modf', fn(DOUBLE, [DOUBLE, DOUBLEP]));
add('math', 'modff', fn(FLOAT, [FLOAT, FLOATP]));
add('math', 'fma', fn(DOUBLE, [DOUBLE, DOUBLE, DOUBLE]));
add('math', 'lround', fn(LONG, [DOUBLE]));
add('math', 'llround', fn(LONG, [DOUBLE]));
add('math', 'lrint', fn(LONG, [DOUBLE]));
add('math', 'frexpf', fn(FLOAT, [FLOAT, INTP]));
add('math', 'ldexpf', fn(FLOAT, [FLOAT, INT]));
add('math', 'scalbn', fn(DOUBLE, [DOUBLE, INT]));
add('math', 'isnan', fn(INT, [DOUBLE]));
add('math', 'isinf', fn(INT, [DOUBLE]));
add('math', 'isfinite', fn(INT, [DOUBLE]));
// BrookGPU's brt.hpp (brtintrinsic.hpp), which brcc's output included: 1.0f or 0.0f (volume_division, subdivision).
add('math', 'finite_float', fn(FLOAT, [DOUBLE]));
add('math', 'isnan_float', fn(FLOAT, [DOUBLE]));
add('math', 'isinf_float', fn(FLOAT, [DOUBLE]));
add('math', 'M_PI', DOUBLE, { value: Math.PI });
add('math', 'M_PI_2', DOUBLE, { value: Math.PI / 2 });
add('math', 'M_E', DOUBLE, { value: Math.E });
add('math', 'M_SQRT2', DOUBLE, { value: Math.SQRT2 });
add('math', 'M_SQRT1_2', DOUBLE, { value: Math.SQRT1_2 });
add('math', 'M_PI_4', DOUBLE, { value: Math.PI / 4 });
add('math', 'M_1_PI', DOUBLE, { value: 1 / Math.PI });
add('math', 'M_2_PI', DOUBLE, { value: 2 / Math.PI });
add('math', 'M_LN2', DOUBLE, { value: Math.LN2 });
add('math', 'M_LN10', DOUBLE, { value: Math.LN10 });
add('math', 'M_LOG2E', DOUBLE, { value: Math.LOG2E });
add('math', 'M_LOG10E', DOUBLE, { value: Math.LOG10E });
add('math', 'INFINITY', FLOAT, { value: Infinity });
add('math', 'NAN', FLOAT, { value: NaN });
add('math', 'HUGE_VAL', DOUBLE, { value: Infinity });
// Brook runtime API (argument rules in check/brook-api.ts)
const brook = (name: string, ret: Type) => add('brook', name, fn(ret, [], true), { special: true });
brook('streamRead', VOID);
brook('streamWrite', VOID);
brook('streamPrint', VOID);
brook('streamSwap', VOID);
brook('streamSize', FLOAT4);
brook('streamScatterOp', VOID);
brook('streamGatherOp', VOID);
brook('streamSetWriteMask', VOID);
brook('streamEnableWriteMask', VOID);
brook('streamDisableWriteMask', VOID);
brook('iter', VOID);
// BrookGPU's C++ runtime function its vout code calls (parse/cxx.ts keeps the qualified name whole).
brook('brook::sentinelStream', { kind: 'pointer', to: { kind: 'stream', elem: FLOAT, rank: null, iter: false } });
// BrookGPU's element types as values and its heap streams (check/brook-stream.ts)
brook('brook::getStreamType', { kind: 'pointer', to: STREAM_TYPE_DESC });
brook('brook::getExtents', { kind: 'pointer', to: UINT });
brook('brook::newStream', { kind: 'pointer', to: { kind: 'stream', elem: ERROR, rank: null, iter: false } });
add('brook', 'STREAM_SCATTER_ASSIGN', INT, { value: 0 });
add('brook', 'STREAM_SCATTER_ADD', INT, { value: 1 });
add('brook', 'STREAM_SCATTER_MUL', INT, { value: 2 });
add('brook', 'STREAM_GATHER_FETCH', INT, { value: 0 });
add('brook', 'STREAM_GATHER_INC', INT, { value: 1 });
// BrookGPU's CPU-runtime vector masks (brtvector.hpp), for `v.mask1(x, maskY)` (parse/expressions.ts).
add('brook', 'maskX', INT, { value: 0 });
add('brook', 'maskY', INT, { value: 1 });
add('brook', 'maskZ', INT, { value: 2 });
add('brook', 'maskW', INT, { value: 3 });

/** Structs of the system headers that programs use by tag without defining them (`struct timeval tv;`
 *  for gettimeofday, from <sys/time.h>): glibc's x86-64 layout, `long` fields of 8 bytes. */
export const LIBRARY_STRUCTS: ReadonlyMap<string, StructType> = new Map([
  ['timeval', { kind: 'struct', name: 'timeval', fields: [{ name: 'tv_sec', type: LONG }, { name: 'tv_usec', type: LONG }] }],
  ['timezone', { kind: 'struct', name: 'timezone', fields: [{ name: 'tz_minuteswest', type: INT }, { name: 'tz_dsttime', type: INT }] }],
]);

/** Every host library name, by name. */
export const HOST_LIB: ReadonlyMap<string, HostLibEntry> = new Map(entries.map((e) => [e.name, e]));

/**
 * Library functions that only compute a value from their arguments: math.h's value functions (not
 * frexp/modf, which store through a pointer) and abs/labs/llabs. A loop that calls nothing else cannot
 * allocate, free or exit, so the loop optimizations (codegen/host bounds.ts) treat it as call-free.
 */
export function isPureHostFunction(name: string): boolean {
  const entry = HOST_LIB.get(name);
  if (!entry || entry.kind !== 'function' || entry.type.kind !== 'function') return false;
  if (name === 'abs' || name === 'labs' || name === 'llabs') return true;
  return entry.category === 'math' && entry.type.params.every((p) => p.kind === 'scalar');
}

export const SCATTER_GATHER_CONSTANTS = ['STREAM_SCATTER_ASSIGN', 'STREAM_SCATTER_ADD', 'STREAM_SCATTER_MUL', 'STREAM_GATHER_FETCH', 'STREAM_GATHER_INC'];
