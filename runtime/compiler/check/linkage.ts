/**
 * C++ emits an inline function (a member function defined in its class, or one declared `inline`)
 * only where the program uses it, so the linker asks for the functions it calls only then:
 * csgeom's `explicit csMatrix3(const Quaternion &q) { Set(q); }` calls a `Set(const Quaternion &)`
 * that no file defines, and g++ links rapid_collide because nothing constructs a csMatrix3 from a
 * quaternion. Here every function is compiled, so such a call is noted at the call (check/calls.ts)
 * and reported (BRK1238) after all bodies are checked, only if its inline caller is reachable from a
 * function that is not inline (main, the other functions of the files) or a global's initializer.
 * An unreachable one keeps its call; it can never run.
 */
import { reportSyntax } from '../messages/syntax.js';
import type { Ctx } from './ctx.js';

/** A call of host function `name` from the function being checked (or a global initializer). */
export function noteHostCall(ctx: Ctx, name: string): void {
  const caller = ctx.fn?.decl?.name ?? '';
  const calls = (ctx.hostCalls ??= new Map());
  let set = calls.get(caller);
  if (!set) calls.set(caller, (set = new Set()));
  set.add(name);
}

/** Report the noted calls of undefined functions whose inline caller the program can reach. */
export function reportUnlinkedCalls(ctx: Ctx, roots: Iterable<string>): void {
  if (!ctx.unlinked) return;
  const reached = new Set<string>(['']);
  const work = ['', ...roots];
  for (const r of work) reached.add(r);
  while (work.length > 0) {
    for (const callee of ctx.hostCalls?.get(work.pop()!) ?? []) {
      if (reached.has(callee)) continue;
      reached.add(callee);
      work.push(callee);
    }
  }
  for (const u of ctx.unlinked) if (reached.has(u.caller)) reportSyntax(ctx.bag, 'BRK1238', u.span, { name: u.name });
}
