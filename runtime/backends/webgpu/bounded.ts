/**
 * Which launches need no pieces (pieces.ts). Pieces exist so an interrupt can land inside a long
 * launch: a kernel with a loop may run for any time per element. A kernel without loops (its body
 * and every helper it calls) does a bounded amount of work per element, about its number of IR
 * nodes, so a launch whose positions times that is small finishes quickly whatever the data, and is
 * recorded whole: splitting it costs a host round trip per piece, the GPU idle in between (a 2^24
 * float4 SAXPY measured 1.16 ms in pieces against 0.48 ms whole on an H100).
 */
import type { IRExpr, IRLValue, IRStmt, KernelIR } from '../../compiler/ir.js';

/** Positions x IR nodes at or below which a loop-free launch is recorded whole on a software
 *  adapter (lavapipe, SwiftShader: a CPU): about a second of its work. */
export const WHOLE_WORK = 2 ** 30;
/** The same on a hardware GPU, which runs such work two to three orders of magnitude faster: 2^34 is
 *  tens of milliseconds on an H100 (a 2^28 float4 SAXPY, 2^28 positions x 5 nodes, takes 4.3 ms), far
 *  inside the < 2 s an interrupt must take. Below it, pieces only cost: a 2^28 SAXPY over split
 *  streams measured 4.85 ms in pieces against 4.30 ms for the same dispatches recorded at once. */
export const WHOLE_WORK_GPU = 2 ** 34;

/** Whether an adapter, from how it describes itself, is a software renderer (a CPU). */
export function isSoftwareDescription(adapterDescription: string): boolean {
  return /llvmpipe|lavapipe|swiftshader|warp|software|cpu/i.test(adapterDescription);
}

/** The whole-launch limit for an adapter, from how it describes itself. */
export function wholeWorkFor(adapterDescription: string): number {
  return isSoftwareDescription(adapterDescription) ? WHOLE_WORK : WHOLE_WORK_GPU;
}

const work = new WeakMap<KernelIR, number>();

/** IR nodes of the kernel's body and helpers, or Infinity when any of them has a loop. */
export function kernelWork(ir: KernelIR): number {
  let w = work.get(ir);
  if (w === undefined) {
    w = stmts(ir.body);
    for (const h of ir.helpers) w += stmts(h.body);
    work.set(ir, w);
  }
  return w;
}

/** Whether a launch of `ir` over `positions` may be recorded whole. */
export function recordWhole(ir: KernelIR, positions: number, limit = WHOLE_WORK): boolean {
  return positions * kernelWork(ir) <= limit;
}

function stmts(list: IRStmt[]): number {
  let n = 0;
  for (const s of list) n += stmt(s);
  return n;
}

function stmt(s: IRStmt): number {
  switch (s.op) {
    case 'loop':
      return Infinity;
    case 'declare':
      return 1 + (s.init ? expr(s.init) : 0);
    case 'assign':
      return 1 + lvalue(s.target) + expr(s.value);
    case 'expr':
      return 1 + expr(s.expr);
    case 'if':
      return 1 + expr(s.cond) + stmts(s.then) + stmts(s.else);
    case 'return':
      return 1 + (s.value ? expr(s.value) : 0);
    case 'push':
      return 1 + expr(s.value);
    case 'break':
    case 'continue':
      return 1;
  }
}

function lvalue(l: IRLValue): number {
  let n = 1;
  for (const p of l.path) if (p.kind === 'index') n += expr(p.index);
  return n;
}

function expr(e: IRExpr): number {
  switch (e.op) {
    case 'const': case 'local': case 'param': case 'indexof': case 'helperIndexof':
      return 1;
    case 'binary':
      return 1 + expr(e.left) + expr(e.right);
    case 'unary':
      return 1 + expr(e.operand);
    case 'select':
      return 1 + expr(e.cond) + expr(e.then) + expr(e.else);
    case 'convert': case 'splat': case 'swizzle': case 'field':
      return 1 + expr(e.value);
    case 'construct': case 'builtin':
      return 1 + e.args.reduce((a, x) => a + expr(x), 0);
    case 'call':
      return 1 + e.args.reduce((a, x) => a + expr(x), 0) + e.indexofArgs.reduce((a, x) => a + expr(x), 0);
    case 'gather':
      return 1 + e.index.reduce((a, x) => a + expr(x), 0);
  }
}
