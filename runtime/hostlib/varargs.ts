/**
 * <stdarg.h> in host code. A call of a user function declared with `...` packs its extra arguments
 * (after C's default promotions) into 8-byte slots of a frame slot of the caller: a double as f64, an
 * int / long / pointer as a 64-bit integer (an int sign-extended, an unsigned zero-extended). The
 * callee's `va_list` is a `char *` to the next slot, `va_start` gives the first, and `va_arg(ap, T)`
 * reads a T there and steps 8 bytes (preprocess-headers.ts defines the macros), so any C use of the
 * list (passing it on, copying it) is plain pointer code. vprintf and its kin find the JS values the
 * pack recorded for the slot the list points at, so they format exactly what printf would have.
 */
import type { Mem } from './memory.js';

/** Slot kinds, one letter per extra argument: d double, i int, u unsigned int, l long or pointer. */
export type VaKind = 'd' | 'i' | 'u' | 'l';

export class VarArgs {
  /** Per slot address: the packed values from that slot on (the frame slot is reused call after call). */
  private readonly values = new Map<number, unknown[]>();

  constructor(private readonly mem: Mem) {}

  /** Write `args` into the 8-byte slots at `at` (kinds[i] says how) and return `at`. */
  pack(at: number, kinds: string, args: unknown[]): number {
    const mem = this.mem;
    args.forEach((v, i) => {
      const p = at + 8 * i;
      const x = Number(v);
      switch (kinds[i] as VaKind) {
        case 'd': mem.f64[p >>> 3] = x; break;
        case 'u': mem.storeI64(p, x >>> 0); break;
        case 'i': mem.storeI64(p, x | 0); break;
        default: mem.storeI64(p, Math.trunc(x));
      }
      this.values.set(p, args.slice(i));
    });
    this.values.set(at + 8 * args.length, []);
    return at;
  }

  /** The arguments from the slot `ap` points at on (empty for a list that is not a pack's). */
  from(ap: number): unknown[] {
    return this.values.get(ap) ?? [];
  }
}
