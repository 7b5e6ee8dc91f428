/**
 * The host IR: C's meaning of host scalar expressions, decided once, printed twice (issue 26).
 *
 * In:  a checked host expression (every Expr typed by check/program.ts) and the emitting Ctx (the
 *      loop ranges that exact.ts reads).
 * Out: `lower.ts` turns it into a tree of `HostIr` nodes, each with its C kind and every conversion
 *      explicit: the usual arithmetic conversions and integer promotions (check/typing.ts
 *      binaryTypes), the promoted left type of a shift, the kind a comparison compares in, the
 *      conversion of a result back to the expression's (or an assignment target's) type, pointer
 *      arithmetic scaled by the element size, literal values folded to their type, the math.h calls
 *      with their arguments converted to the parameter types. Two printers print it:
 *      `print-js.ts` (JavaScript text; codegen/host/expr.ts) and `print-wasm.ts` (WebAssembly
 *      instructions; codegen/host/wasmloop-writer.ts). A printer chooses instructions for a node; it
 *      never decides a conversion, a promotion or an operand kind. `layout.ts` places members (struct
 *      field offsets, vector components) for both; `format.ts` prints the IR as text for tests.
 * Always:
 * - an `arith`, `compare`, `neg` or `bitnot` node's operands are already of the node's `kind`;
 * - a `convert` node has `from !== to`; `exact` marks an integer to float conversion the compiler
 *   proved needs no rounding (|value| <= 2^24, exact.ts): a printer may leave the rounding out;
 * - `leaf` nodes are the operands this IR does not (yet) cover: variables, memory accesses
 *   (IndexExpr, MemberExpr, `*p`), assignments, ++/--, calls other than math.h, comma expressions.
 *   Each printer reads a leaf itself (its own storage model: JavaScript locals and typed views,
 *   WebAssembly locals and linear memory), calling back into lowering for the leaf's operands (an
 *   element `P[i]`'s address is the IR's pointer arithmetic, lowerElementAddress);
 * - `current` is the value of the lvalue being updated by a compound assignment or ++/--: the
 *   printer supplies it (read once, after the address is computed once);
 * - a notebook (TypeScript) value converted to a C number is a `session` node (a double, checked when
 *   read, its error located at the value); an expression whose own type is a vector, struct,
 *   stream or notebook value is not lowered (lowerValue returns undefined): values.ts keeps its
 *   JavaScript (WebAssembly takes none of them);
 * - print-wasm.ts throws NotCompiled for what it cannot print (long leaves and variables, unsigned
 *   long, fixed, an unsigned index; long inside an expression is i64): the loop then stays JavaScript.
 *
 * Conditions (`compare`, `logical`, `not`, `truth`) are truth values: JavaScript booleans or
 * WebAssembly i32s; `bool` makes one the C int 0 or 1.
 */
export type { ArithOp, CompareOp, HostIr, IrCond, IrValue, Kind } from './nodes.js';
export { formatHostIr } from './format.js';
export { componentOffset, fieldPlace, swizzleComponents } from './layout.js';
export { constValue, kindOfType, lowerAs, lowerBump, lowerCompound, lowerCond, lowerElementAddress, lowerValue, MATH_FUNCTIONS } from './lower.js';
export { printJsCond, printJsValue, type JsPrinter } from './print-js.js';
export { NotCompiled, notCompiled, printWasmCond, printWasmConvert, printWasmIndex, printWasmValue, valType, wasmKind, type WasmKind, type WasmPrinter } from './print-wasm.js';
