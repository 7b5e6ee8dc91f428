/**
 * State of lowering one kernel body (as a launchable kernel or as a helper).
 */
import type { DiagnosticBag } from '../diagnostics.js';
import type { IRHelper, IRStmt } from '../ir.js';
import type { Type } from '../types.js';
import type { Facts, KernelInfo } from '../check/ctx.js';

export interface LowerState {
  facts: Facts;
  bag: DiagnosticBag;
  kernel: KernelInfo;
  /** 'kernel': stream params are read with `param`/`indexof`; 'helper': positions come as hidden args. */
  mode: 'kernel' | 'helper';
  returnType: Type;
  temps: number;
  /** kernel mode: params whose indexof is read (directly or through helpers). */
  indexofParams: Set<number>;
  /** helper mode: params whose position the caller must pass. */
  hiddenIndexof: Set<number>;
  /** Helper kernels called directly from this body. */
  callees: Set<string>;
  /** The IRHelper of a kernel called from this body (lowered on demand, callees first). */
  helperOf(name: string): IRHelper | undefined;
}

/** A temporary: `l_tmp`, `l_tmp_1`, ... from the kernel's own namer, so it is unique among the body's
 *  locals and shares their `l_` prefix (writers keep other prefixes, such as `t_`, for themselves). */
export function freshTemp(st: LowerState): string {
  st.temps++;
  return st.kernel.namer ? st.kernel.namer.fresh('tmp') : `l_tmp_${st.temps}`;
}

/** Statements hoisted out of an expression, in evaluation order. */
export type Pre = IRStmt[];
