/**
 * Host memory facts that both the host code generator (codegen/host) and the host library (hostlib/)
 * rely on. A neutral module, so hostlib never imports a code generator (tests/architecture).
 */

/**
 * Where a compiled loop records the access that failed its check before it traps: eight i32s (flag,
 * span index, base, index, write, element stride, bytes accessed, a fixed array's length or -1) that
 * runtime/hostlib/support.ts wasmFault turns into the located fault. In host memory below the heap
 * (hostlib/memory.ts HEAP_BASE), where no C object is.
 */
export const WASM_FAULT_RECORD = 256;

/**
 * Where a compiled loop's call says how it left (an i32): 1 the loop ended (its test failed or it
 * broke out), 0 it used up its budget of iterations and returns to be called again
 * (codegen/host/wasmloop.ts). Below the heap, past the fault record.
 */
export const WASM_LOOP_ENDED = 288;
