/**
 * How deeply a kernel's expressions nest. Shader compilers cap it (Tint, the WGSL compiler in Dawn,
 * rejects more than 128 levels, and the code generator adds levels of its own for conversions and
 * helper calls), so a kernel expression deeper than MAX_KERNEL_EXPR_DEPTH is a compile error at the
 * expression instead of a failed pipeline at the first launch on WebGPU. Host code has only the parser's
 * limit (BRK1235).
 */
import type { Block } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import { reportCheck } from '../messages/check.js';
import type { Span } from '../source.js';

export const MAX_KERNEL_EXPR_DEPTH = 64;

const EXPR_KINDS = new Set([
  'NumberLit', 'StringLit', 'CharLit', 'Ident', 'BinaryExpr', 'AssignExpr', 'UnaryExpr', 'PostfixExpr', 'CondExpr',
  'CallExpr', 'IndexExpr', 'MemberExpr', 'CastExpr', 'SizeofExpr', 'CommaExpr', 'InitList', 'ConstructExpr', 'IndexofExpr',
]);
const SKIP = new Set(['type', 'symbol', 'span', 'nameSpan', 'typeSpec']);

/** Reports the outermost expression of `body` whose nesting passes the limit (one per statement). */
export function checkKernelExprDepth(bag: DiagnosticBag, body: Block): void {
  const visit = (v: unknown): number => {
    if (typeof v !== 'object' || v === null) return 0;
    if (Array.isArray(v)) return v.reduce((m: number, x) => Math.max(m, visit(x)), 0);
    const o = v as Record<string, unknown>;
    let inner = 0;
    for (const k in o) if (!SKIP.has(k)) inner = Math.max(inner, visit(o[k]));
    if (typeof o.kind !== 'string' || !EXPR_KINDS.has(o.kind)) {
      // A statement: report its expressions that are too deep, then count from zero again.
      if (inner > MAX_KERNEL_EXPR_DEPTH && 'span' in o) {
        reportCheck(bag, 'BRK2133', o.span as Span, { depth: inner, max: MAX_KERNEL_EXPR_DEPTH });
      }
      return 0;
    }
    return inner + 1;
  };
  visit(body);
}
