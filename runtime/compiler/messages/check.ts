/**
 * BRK2xxx: every message of the semantic checker (check/), as data. A message and its hint are
 * templates: `{name}` is replaced by the argument of that name. Codes are stable (tests and users
 * search for them): never renumber; add new codes at the end of their block.
 *
 * Blocks: 20xx names and types, 21xx expressions and statements, 22xx kernels and reductions,
 * 23xx host calls of kernels and the Brook API, 24xx warnings.
 */
import type { DiagnosticBag, Diagnostic } from '../diagnostics.js';
import type { Span } from '../source.js';
import { formatTemplate } from './template.js';

export interface CheckMessageTemplate {
  message: string;
  hint?: string;
  severity?: 'error' | 'warning';
}

export const CHECK_MESSAGES = {
  // ---- names and types
  BRK2001: { message: "unknown identifier '{name}'", hint: "declare '{name}' before using it, or pass it as a kernel argument" },
  BRK2002: { message: "unknown type '{name}'", hint: 'declare it with typedef or struct first, or use a built-in type such as float, float4 or int' },
  BRK2003: { message: "redefinition of '{name}' (it is already declared in this scope)", hint: 'rename one of the two declarations' },
  BRK2004: { message: "unknown struct '{name}'", hint: "declare 'struct {name} { ... };' before using it" },
  BRK2005: { message: "struct '{struct}' has no field '{field}'", hint: 'its fields are: {fields}' },
  BRK2007: { message: "field '{name}' is declared twice in struct '{struct}'", hint: 'rename one of the two fields' },
  BRK2008: { message: "a variable cannot have type 'void'", hint: 'use a type such as float or int' },
  BRK2009: { message: "array size must be a positive integer constant", hint: 'use a number or a #define constant; for a size known only at run time, use malloc' },
  BRK2010: { message: "array of {count} x {elem} needs {bytes} bytes, more than the limit of {limit} bytes for one host object", hint: 'use a smaller array, or a stream for large data (streams live on the device)' },
  BRK2011: { message: "stream extent {value} is out of range: an extent is 0 to {limit}", hint: 'use a smaller extent; the total size of a stream is limited further by the backend' },

  // ---- expressions and statements
  BRK2101: { message: "operator '{op}' cannot be applied to {left} and {right}", hint: '{why}' },
  BRK2102: { message: "operator '{op}' cannot be applied to {type}", hint: '{why}' },
  BRK2103: { message: 'cannot convert {from} to {to}', hint: '{why}' },
  BRK2104: { message: 'the left side of {op} is not assignable', hint: 'assign to a variable, a struct field, an array element or a vector component' },
  BRK2105: { message: "type {type} has no member '{member}'", hint: 'only structs have fields, and only vectors have components (.x .y .z .w or .r .g .b .a)' },
  BRK2106: { message: "invalid swizzle '.{member}' on {type}: {why}", hint: 'components are .x .y .z .w (or .r .g .b .a), up to 4, one naming set per swizzle, within the vector\'s size' },
  BRK2107: { message: "write mask '.{member}' repeats a component", hint: 'a component can appear once on the left of =; write the assignment as two statements' },
  BRK2108: { message: '{type} cannot be indexed', hint: 'only arrays, pointers, gather parameters and vectors take [ ]' },
  BRK2109: { message: "'{name}' is not a function", hint: 'only functions, kernels and built-ins can be called' },
  BRK2110: { message: "'{name}' expects {expected} argument{s}, got {given}", hint: '{signature}' },
  BRK2111: { message: "argument {n} of '{name}': cannot convert {from} to {to}", hint: '{signature}' },
  BRK2112: { message: "'break' outside of a loop or switch", hint: 'break leaves the innermost for, while, do or switch; there is none here' },
  BRK2113: { message: "'continue' outside of a loop", hint: 'continue goes to the next iteration of the innermost for, while or do; there is none here' },
  BRK2114: { message: "helper kernel '{name}' can reach its end without returning a value", hint: 'add a return statement at the end of the kernel body' },
  BRK2115: { message: "'{name}' returns void, but this return gives a value", hint: 'remove the value, or declare the function with a return type' },
  BRK2116: { message: "'{name}' must return a value of type {type}", hint: 'write return EXPR;' },
  BRK2117: { message: "{type} expects {expected} component{s}, but {given} {were} given", hint: "give exactly {expected} components in total, as in {type}({example})" },
  BRK2118: { message: 'too many initializers for {type}', hint: '{type} holds {expected} value{s}' },
  BRK2119: { message: "the condition has type {type}; a scalar is needed", hint: 'use any(v) or all(v) to test a vector, or compare one component such as v.x' },
  BRK2120: { message: "stream '{name}' has no value in host code", hint: "copy it to a host array with streamWrite({name}, array) first, or compute with a kernel" },
  BRK2121: { message: "vector components must be indexed with a constant 0..{max}", hint: 'write v.x, v.y, ... or v[0], v[1], ...' },
  BRK2122: { message: "'{name}' is not supported inside kernels", hint: '{why}' },
  BRK2123: { message: "goto is not supported inside kernels", hint: 'restructure the code with loops, break and continue' },
  BRK2124: { message: "'case' is only allowed directly inside a switch", hint: 'move it inside switch (...) { ... }' },
  BRK2126: { message: "the value of a void expression cannot be used", hint: 'call it as a statement of its own' },
  BRK2127: { message: "label '{name}' is not defined in this function", hint: 'goto jumps to a label of the same function, written as name: statement' },
  BRK2128: { message: "label '{name}' is defined twice in this function", hint: 'rename one of the two labels' },
  BRK2129: { message: "kernel '{name}' is declared but never defined, so it cannot be called", hint: "give it a body: kernel ... {name}(...) { ... }, in this file or an earlier cell" },
  BRK2130: { message: "more than one default label in this switch", hint: 'keep one default: label per switch' },
  BRK2131: { message: "case label is not an integer constant", hint: 'use a number, a character, an enum-like #define or a const int; compare other values with if / else if' },
  BRK2132: { message: "duplicate case value {value} in this switch", hint: 'each case value may appear once; merge the two cases' },
  BRK2133: { message: "an expression in this kernel statement nests {depth} levels deep; kernels allow {max}", hint: 'GPU shader compilers reject deeper expressions: split it into several statements with local variables' },

  // ---- kernels and reductions (declarations and bodies)
  BRK2202: { message: "{qual} argument '{name}' must be a stream", hint: "write '{qual} {type} {name}<>'" },
  BRK2203: { message: "out argument '{name}' must be a stream (helper kernel '{kernel}')", hint: "write 'out {type} {name}<>'; the caller passes one of its output streams or a local variable" },
  BRK2204: { message: "reduce kernel '{name}' needs exactly one reduce argument, found {count}", hint: "declare it as reduce void {name}({type} a<>, reduce {type} r<>)" },
  BRK2205: { message: "reduce kernel '{name}' needs exactly one input stream, found {count}", hint: 'a reduction combines the elements of one stream; pass other data as constants or gathers' },
  BRK2206: { message: "a reduce kernel has no out arguments: '{param}' of '{name}'", hint: "the result goes to the 'reduce' argument; remove 'out'" },
  BRK2207: { message: "the reduce argument has type {reduceType} but the input stream has type {inputType}", hint: 'a reduction combines two values of one type; declare both with the same type' },
  BRK2208: { message: "'reduce' parameter '{name}' is only allowed in a reduce kernel", hint: "declare the kernel with 'reduce void {kernel}(...)', or use 'out' for an output stream" },
  BRK2209: { message: "a reduce kernel must return void", hint: "write 'reduce void {name}(...)'" },
  BRK2210: { message: "gather index of the wrong rank: '{name}' has {dims} dimension{s}, indexed with {given}", hint: '{why}' },
  BRK2211: { message: "cannot write to input stream '{name}'", hint: "input streams are read-only; copy it to a local (float t = {name};) or declare an output (out ... {name}<>)" },
  BRK2212: { message: "cannot write to gather '{name}'", hint: 'gathers are read-only inside kernels; write results to an out stream (streamScatterOp scatters from the host)' },
  BRK2213: { message: "cannot write to constant '{name}'", hint: 'kernel arguments that are not streams are read-only; copy it to a local first' },
  BRK2214: { message: "cannot write to iterator '{name}'", hint: 'iterators are read-only; copy it to a local first' },
  BRK2215: { message: "recursion: kernel '{name}' calls itself{via}", hint: 'kernels cannot be recursive (GPUs have no call stack); rewrite the recursion as a loop' },
  BRK2216: { message: "kernels cannot call host function '{name}'", hint: 'a kernel runs on the device; only built-in functions (sin, dot, ...) and other kernels can be called' },
  BRK2217: { message: "kernels cannot use global variable '{name}'", hint: "pass it as a constant argument: kernel void k(float {name}, ...), or use a #define" },
  BRK2218: { message: "push needs a vout argument, but this kernel has none", hint: "declare an argument as 'vout [N] T e<>' and push(e)" },
  BRK2219: { message: "push needs a vout argument of this kernel, but '{name}' is not one", hint: 'push(e) appends the current value of the vout argument e to its stream' },
  BRK2220: { message: "indexof needs a stream argument of the kernel, but '{name}' is {what}", hint: 'indexof(s) gives the position in an input or output stream s; for a gather, compute the index yourself' },
  BRK2221: { message: "reduce kernel '{name}' cannot be called from a kernel", hint: 'reductions are launched from host code' },
  BRK2222: { message: "argument {n} of helper '{name}' is an out argument and needs an assignable value", hint: 'pass a local variable or an output stream of the calling kernel' },
  BRK2223: { message: "indexof({param}) in helper '{name}' needs a stream of the caller, but argument {n} is not one", hint: 'pass one of the calling kernel\'s stream arguments directly' },
  BRK2224: { message: "a kernel parameter cannot have type {type}", hint: 'kernel arguments are scalars, vectors (float2..4, int2..4) and structs of those' },
  BRK2225: { message: "kernel '{name}' has no output", hint: "add an argument 'out T r<>' (or make it a helper that returns a value)" },
  BRK2226: { message: "kernels cannot write to global variable '{name}'", hint: 'kernels have no side effects; write results to an out stream' },
  BRK2227: { message: "arrays are not supported inside kernels", hint: 'use vectors (float4) or several variables; gathers give random-access reads' },
  BRK2228: { message: "pointers are not supported inside kernels", hint: 'kernels work on values; use streams, gathers and local variables' },

  // ---- host calls of kernels and the Brook API
  BRK2301: { message: "kernel '{name}' expects {expected} argument{s}, got {given}", hint: '{signature}' },
  BRK2302: { message: "argument {n} of kernel '{name}': expected a stream ({param}), but {given} is {what}", hint: "declare a stream such as '{type} s<100>;' and pass it" },
  BRK2303: { message: "argument {n} of kernel '{name}': expected a scalar ({param}), but a stream was given", hint: 'pass a host value of type {type}; to use a stream element per element, declare the parameter as a stream ({type} {pname}<>)' },
  BRK2304: { message: "argument {n} of kernel '{name}': stream of {given} where {expected} is expected", hint: '{signature}' },
  BRK2305: { message: "output argument cannot be an iterator (argument {n} of kernel '{name}')", hint: 'iterators are read-only; pass an ordinary stream as the output' },
  BRK2306: { message: "argument {n} of kernel '{name}' is an iterator parameter, but '{given}' is not an iterator", hint: "declare it as 'iter {type} it<n> = iter(lo, hi);'" },
  BRK2307: { message: "the result of reduction '{name}' needs a variable or a stream, found {what}", hint: 'pass a host variable (float r; {name}(s, r);) or a stream of the result shape' },
  BRK2308: { message: "helper kernel '{name}' returns a value; it can be called only from kernels", hint: "declare it as 'kernel void {name}(..., out T r<>)' to launch it from host code" },
  BRK2309: { message: "a kernel call is a statement; it has no value", hint: 'write the call on its own line; results arrive in the out streams' },
  BRK2310: { message: "argument {n} of '{name}': expected a stream, but {given} is {what}", hint: '{signature}' },
  BRK2311: { message: "'{name}' expects a host array or pointer as argument {n}, but {given} is {what}", hint: 'pass an array such as float a[100] or a pointer from malloc' },
  BRK2312: { message: "'{name}': the host array holds {array} but the stream holds {stream}", hint: 'use a host array of the stream\'s element type' },
  BRK2313: { message: "domain bounds of a {rank}-D stream must be {want}, found {given}", hint: 'the bounds give lower (inclusive) and upper (exclusive) indices; x is the fastest (last) dimension' },
  BRK2314: { message: "an iterator stream must be initialized with iter(lo, hi)", hint: "write 'iter {type} {name}<{dims}> = iter(lo, hi);'" },
  BRK2315: { message: "iter(lo, hi) is only allowed as the initializer of an iterator stream", hint: "write 'iter float it<100> = iter(0.0f, 100.0f);'" },
  BRK2316: { message: "iterator streams must be 1-D of float..float4, or 2-D..4-D of float2..float4 (one component per dimension), not {type} with {rank} dimension{s}", hint: 'for a 2-D iterator use float2: .x steps along the columns and .y along the rows (float3 for 3-D, float4 for 4-D)' },
  BRK2317: { message: "a stream extent must be an integer, found {type}", hint: 'convert it with (int)' },
  BRK2318: { message: "streams cannot be assigned", hint: 'copy with a kernel, exchange with streamSwap(a, b), or read/write with streamRead/streamWrite' },
  BRK2319: { message: "streamSwap needs two streams of the same type, found {a} and {b}", hint: 'swap streams of one element type' },
  BRK2320: { message: "'{name}' cannot be used as a value", hint: 'call it' },
  BRK2321: { message: "the reduction result has type {given} but '{name}' reduces {expected}", hint: 'use a variable or stream of type {expected}' },
  BRK2322: { message: "stream element type {type} is not supported", hint: 'streams hold float, int, uint (and their vectors) and structs of those' },
  BRK2323: { message: "the op of {name} must be a reduce kernel or {consts}, found {given}", hint: "write a reduce kernel such as 'reduce void add(float a<>, reduce float r<>) { r += a; }'" },
  BRK2324: { message: "statements outside functions are only allowed in notebook cells", hint: 'put the statement inside main() or another function' },
  BRK2325: { message: "a stream cannot be initialized with a brace list", hint: 'declare the stream, put the values in a C array and copy them in with streamRead(s, array)' },

  // ---- warnings
  BRK2401: { message: 'operands have different vector sizes ({left} and {right}); the result takes the smaller size, {result}', hint: "Cg's rule: extra components are dropped; write .{mask} to make it explicit", severity: 'warning' },
  BRK2402: { message: "'double' is computed as 'float' (32-bit) inside kernels", hint: 'GPUs have no 64-bit floating point in WebGPU; both backends compute kernels in float32. Write float to silence this', severity: 'warning' },
  BRK2403: { message: 'implicit conversion from {from} to {to} drops components', hint: 'write .{mask} to take the components you want', severity: 'warning' },
  BRK2404: { message: "function '{name}' can reach its end without returning a value", hint: 'add a return statement; the result is undefined otherwise', severity: 'warning' },
  BRK2405: { message: "'{name}' is treated as 32-bit {as} inside kernels", hint: 'kernels compute with 32-bit int, uint and float', severity: 'warning' },
  BRK2407: { message: "argument {n} of '{name}': {from} where {to} is declared", hint: "BrookGPU's host stream parameters were untyped brook::stream handles, so this compiles; a kernel call, streamSwap or streamRead on it checks the element type when it runs. Pass a stream of the declared type to silence this (reported once per program)", severity: 'warning' },
  BRK2406: { message: "{what} '{name}' of kernel '{kernel}' is never written", hint: 'assign it in the body ({name} = ...;); otherwise its stream keeps undefined values', severity: 'warning' },
} as const satisfies Record<string, CheckMessageTemplate>;

export type CheckCode = keyof typeof CHECK_MESSAGES;
export type MessageArgs = Record<string, string | number>;


/** Format a message without recording it. */
export function formatCheck(code: CheckCode, args: MessageArgs = {}): { message: string; hint?: string } {
  return formatTemplate(CHECK_MESSAGES[code], args);
}

/** Record diagnostic `code` at `span`. `extra.hint` replaces the template's hint (e.g. "did you mean"). */
export function reportCheck(
  bag: DiagnosticBag,
  code: CheckCode,
  span: Span,
  args: MessageArgs = {},
  extra?: { hint?: string; related?: Diagnostic['related'] },
): Diagnostic {
  const t: CheckMessageTemplate = CHECK_MESSAGES[code];
  const { message, hint } = formatCheck(code, args);
  const finalHint = extra?.hint ?? hint;
  const d = t.severity === 'warning' ? bag.warning(code, span, message, finalHint) : bag.error(code, span, message, finalHint);
  if (extra?.related) d.related = extra.related;
  return d;
}

/** "1 argument was" / "2 arguments were" helpers for templates with {s} and {were}. */
export function plural(n: number): { s: string; were: string } {
  return { s: n === 1 ? '' : 's', were: n === 1 ? 'was' : 'were' };
}
