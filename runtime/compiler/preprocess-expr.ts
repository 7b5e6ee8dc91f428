/**
 * Evaluation of `#if` / `#elif` expressions after macro expansion and `defined` resolution: C's
 * integer constant expressions in 64-bit signed arithmetic (BigInt, wrapped with asIntN), with every
 * C operator including `?:` and `,`. Identifiers and keywords that remain are 0. An error is reported
 * once and the condition counts as false.
 */
import type { Token } from './lex.js';
import type { DiagnosticBag } from './diagnostics.js';
import { reportSyntax } from './messages/syntax.js';

class CondError {}

const PREC: Record<string, number> = {
  '||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6,
  '<': 7, '>': 7, '<=': 7, '>=': 7, '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10,
};

const wrap = (v: bigint): bigint => BigInt.asIntN(64, v);

export function evaluateCondition(toks: Token[], directive: Token, name: string, diags: DiagnosticBag): boolean {
  let i = 0;
  /** > 0 while parsing an operand whose value is not used (division by zero is no error there). */
  let dead = 0;
  const peek = () => toks[i];
  const fail = (code: 'BRK1115' | 'BRK1116' | 'BRK1117' | 'BRK1118' | 'BRK1124', t: Token | undefined): never => {
    reportSyntax(diags, code, (t ?? toks[toks.length - 1] ?? directive).span, { name, text: t?.text ?? '' });
    throw new CondError();
  };
  const isOp = (t: Token | undefined, text: string) => t !== undefined && t.kind === 'punct' && t.text === text;

  const primary = (): bigint => {
    const t = toks[i];
    if (!t) return fail('BRK1115', toks[toks.length - 1] ?? directive); // at the operator left dangling
    i++;
    switch (t.kind) {
      case 'number':
        if (t.isFloat) fail('BRK1124', t);
        return wrap(numberValue(t));
      case 'char':
        return BigInt(t.value as number);
      case 'ident': case 'keyword':
        return 0n;
      case 'punct':
        switch (t.text) {
          case '(': {
            const v = comma();
            if (!isOp(peek(), ')')) fail('BRK1117', peek() ?? t);
            i++;
            return v;
          }
          case '-': return wrap(-primary());
          case '+': return primary();
          case '!': return primary() === 0n ? 1n : 0n;
          case '~': return wrap(~primary());
        }
    }
    return fail('BRK1116', t);
  };

  const binary = (minPrec: number): bigint => {
    let left = primary();
    for (;;) {
      const t = peek();
      if (!t || t.kind !== 'punct') return left;
      const prec = PREC[t.text];
      if (prec === undefined || prec < minPrec) return left;
      i++;
      // The right side of `1 || x` and `0 && x` is parsed but not evaluated (`1 || 1/0` is fine).
      const skip = (t.text === '||' && left !== 0n) || (t.text === '&&' && left === 0n);
      if (skip) dead++;
      const right = binary(prec + 1);
      if (skip) dead--;
      left = apply(t, left, right);
    }
  };

  const apply = (t: Token, a: bigint, b: bigint): bigint => {
    switch (t.text) {
      case '||': return a !== 0n || b !== 0n ? 1n : 0n;
      case '&&': return a !== 0n && b !== 0n ? 1n : 0n;
      case '|': return a | b;
      case '^': return a ^ b;
      case '&': return a & b;
      case '==': return a === b ? 1n : 0n;
      case '!=': return a !== b ? 1n : 0n;
      case '<': return a < b ? 1n : 0n;
      case '>': return a > b ? 1n : 0n;
      case '<=': return a <= b ? 1n : 0n;
      case '>=': return a >= b ? 1n : 0n;
      case '<<': return wrap(a << (b & 63n));
      case '>>': return a >> (b & 63n);
      case '+': return wrap(a + b);
      case '-': return wrap(a - b);
      case '*': return wrap(a * b);
      case '/': if (b === 0n) return dead ? 0n : fail('BRK1118', t); return wrap(a / b);
      case '%': if (b === 0n) return dead ? 0n : fail('BRK1118', t); return wrap(a % b);
    }
    return fail('BRK1116', t);
  };

  const conditional = (): bigint => {
    const c = binary(1);
    if (!isOp(peek(), '?')) return c;
    i++;
    if (c === 0n) dead++;
    const a = comma();
    if (c === 0n) dead--;
    if (!isOp(peek(), ':')) fail('BRK1116', peek() ?? directive);
    i++;
    if (c !== 0n) dead++;
    const b = conditional();
    if (c !== 0n) dead--;
    return c !== 0n ? a : b;
  };

  const comma = (): bigint => {
    let v = conditional();
    while (isOp(peek(), ',')) {
      i++;
      v = conditional();
    }
    return v;
  };

  try {
    if (toks.length === 0) fail('BRK1115', directive);
    const v = comma();
    if (i < toks.length) fail('BRK1116', toks[i]);
    return v !== 0n;
  } catch (e) {
    if (e instanceof CondError) return false;
    throw e;
  }
}

/** Integer value of a number token, exact beyond 2^53 (the lexer's `value` is a double). */
function numberValue(t: Token): bigint {
  const digits = t.text.replace(/[uUlL]+$/, '');
  try {
    if (/^0[xX]/.test(digits)) return BigInt(digits);
    if (/^0[0-7]+$/.test(digits)) return BigInt('0o' + digits.slice(1));
    return BigInt(digits);
  } catch {
    return BigInt(Math.trunc(t.value as number));
  }
}
