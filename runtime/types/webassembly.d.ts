/**
 * The part of the WebAssembly JavaScript API the CPU backend uses (Node has it; the project's `lib`
 * setting leaves out the DOM declarations that normally carry it).
 */
declare namespace WebAssembly {
  interface MemoryDescriptor {
    initial: number;
    maximum?: number;
    shared?: boolean;
  }
  class Memory {
    constructor(descriptor: MemoryDescriptor);
    readonly buffer: ArrayBuffer | SharedArrayBuffer;
    grow(delta: number): number;
  }
  class Module {
    constructor(bytes: Uint8Array);
  }
  type ImportValue = Memory | ((...args: number[]) => number);
  type Imports = Record<string, Record<string, ImportValue>>;
  class Instance {
    constructor(module: Module, imports?: Imports);
    readonly exports: Record<string, unknown>;
  }
  function validate(bytes: Uint8Array): boolean;
  /** A trap (unreachable, an out-of-range access) in WebAssembly code. */
  class RuntimeError extends Error {}
}
