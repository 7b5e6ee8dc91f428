/**
 * The notebook's kernels, as the application modules take them: a `%%brook` cell's kernel is a
 * function in TypeScript cells (magics/handles.ts) that carries its CompiledKernel under the
 * `brook.handle` symbol. A CompiledKernel is backend-neutral (each backend compiles and caches its
 * own form), so the kernels a notebook compiled once run on every runtime the harness makes.
 */
import type { CompiledKernel } from '../../runtime/brt/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/index.js';

/** Symbol.for, so this module needs nothing from magics/ (the same symbol magics/session.ts uses). */
const BROOK_HANDLE = Symbol.for('brook.handle');

function isCompiled(v: unknown): v is CompiledKernel {
  return typeof v === 'object' && v !== null && 'ir' in v && 'cache' in v;
}

/** A kernel from a notebook (the function a %%brook cell defined) or a CompiledKernel, checked by name. */
export function compiledKernel(k: unknown, name: string): CompiledKernel {
  let c: unknown = k;
  if (typeof k === 'function' && BROOK_HANDLE in k) c = (k as unknown as { [BROOK_HANDLE]: () => unknown })[BROOK_HANDLE]();
  if (!isCompiled(c)) {
    throw new BrookRuntimeError('BRK5351', `'${name}' is not a Brook kernel (got ${k === undefined ? 'undefined' : typeof k})`, undefined, `run the %%brook cell that defines kernel '${name}', then pass it by name`);
  }
  return c;
}

/** Every kernel an application needs, by name: `kernels({ evolve }, ['evolve'])`. */
export function kernels<N extends string>(given: Record<string, unknown>, names: readonly N[]): Record<N, CompiledKernel> {
  const out = {} as Record<N, CompiledKernel>;
  for (const n of names) out[n] = compiledKernel(given[n], n);
  return out;
}
