/**
 * Folding of integer constant expressions in the tree (enumerator values). C computes them with int
 * arithmetic; results are truncated to 32 bits the same way. Returns undefined for anything that is
 * not a constant (the caller reports it).
 */
import type { Expr } from '../ast.js';

export function foldIntegerConstant(e: Expr, names: ReadonlyMap<string, number>): number | undefined {
  switch (e.kind) {
    case 'NumberLit':
      return e.isFloat ? undefined : e.value | 0;
    case 'CharLit':
      return e.value;
    case 'Ident':
      return names.get(e.name);
    case 'UnaryExpr': {
      const v = foldIntegerConstant(e.operand, names);
      if (v === undefined) return undefined;
      switch (e.op) {
        case '-': return -v | 0;
        case '+': return v;
        case '~': return ~v;
        case '!': return v ? 0 : 1;
        default: return undefined;
      }
    }
    case 'CastExpr':
      return foldIntegerConstant(e.operand, names);
    case 'CondExpr': {
      const c = foldIntegerConstant(e.cond, names);
      if (c === undefined) return undefined;
      return foldIntegerConstant(c ? e.then : e.else, names);
    }
    case 'BinaryExpr': {
      const a = foldIntegerConstant(e.left, names);
      const b = foldIntegerConstant(e.right, names);
      if (a === undefined || b === undefined) return undefined;
      switch (e.op) {
        case '+': return (a + b) | 0;
        case '-': return (a - b) | 0;
        case '*': return Math.imul(a, b);
        case '/': return b === 0 ? undefined : (a / b) | 0;
        case '%': return b === 0 ? undefined : a % b | 0;
        case '<<': return a << b;
        case '>>': return a >> b;
        case '&': return a & b;
        case '|': return a | b;
        case '^': return a ^ b;
        case '<': return a < b ? 1 : 0;
        case '>': return a > b ? 1 : 0;
        case '<=': return a <= b ? 1 : 0;
        case '>=': return a >= b ? 1 : 0;
        case '==': return a === b ? 1 : 0;
        case '!=': return a !== b ? 1 : 0;
        case '&&': return a && b ? 1 : 0;
        case '||': return a || b ? 1 : 0;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
