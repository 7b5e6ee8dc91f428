/**
 * C++ iostream output in host code, the forms BrookGPU's applications use:
 *
 *   std::cout << "n = " << n << "\t" << x << std::endl;   ->  fprintf(stdout, FORMAT, "n = ", n, "\t", x)
 *   std::cerr << "bad args" << std::endl;                  ->  fprintf(stderr, FORMAT, "bad args")
 *
 * FORMAT is chosen by the checker from each value's type, as an ostream with default flags prints it
 * (check/cxx-stream-io.ts: `%g` for float and double, `%d` for int and bool, `%c` for char, `%s` for
 * strings); `std::endl` is a newline. Other stream forms (`std::cin`, manipulators such as
 * `std::setprecision`, a chain used as a value) are outside the subset: their `std::` names stay and
 * the C++ scan (cxx.ts) reports them.
 */
import type { CallExpr, Expr, StringLit, TranslationUnit } from '../ast.js';
import { copyToken, type Token } from '../lex.js';
import { isScope } from './cxx.js';
import { rewriteUnit } from './cxx-walk.js';

export const STD_IO_NAMES: ReadonlySet<string> = new Set(['cout', 'cerr', 'endl']);
const STREAMS: Record<string, string> = { 'std::cout': 'stdout', 'std::cerr': 'stderr' };

/** `std::cout` written as three tokens becomes one name the parser takes as an identifier. */
export function mergeStdStreamNames(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const name = tokens[i + 3];
    if (t.kind === 'ident' && t.text === 'std' && isScope(tokens, i + 1) && name && STD_IO_NAMES.has(name.text)) {
      const span = { file: t.span.file, start: t.span.start, end: name.span.file === t.span.file ? name.span.end : t.span.end };
      out.push(copyToken(t, { text: `std::${name.text}`, span }));
      i += 3;
      continue;
    }
    out.push(t);
  }
  return out;
}

export function lowerStreamOutput(unit: TranslationUnit): void {
  // Children are rewritten first, so `(std::cout << a) << b` meets its call already made.
  rewriteUnit(unit, (e) => {
    if (e.kind !== 'BinaryExpr' || e.op !== '<<') return e;
    const left = e.left;
    if (left.kind === 'CallExpr' && left.streamLayout) {
      addOperand(left, e.right);
      left.span = e.span;
      return left;
    }
    const file = left.kind === 'Ident' ? STREAMS[left.name] : undefined;
    if (!file) return e;
    const format: StringLit = { kind: 'StringLit', span: left.span, value: '' };
    const call: CallExpr = {
      kind: 'CallExpr', span: e.span, callee: { kind: 'Ident', span: left.span, name: 'fprintf' },
      args: [{ kind: 'Ident', span: left.span, name: file }, format], streamLayout: [],
    };
    addOperand(call, e.right);
    return call;
  });
}

function addOperand(call: CallExpr, x: Expr): void {
  if (x.kind === 'Ident' && x.name === 'std::endl') {
    call.streamLayout!.push('endl');
    return;
  }
  call.streamLayout!.push('value');
  call.args.push(x);
}
