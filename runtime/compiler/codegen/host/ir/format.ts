/**
 * A stable text form of the host IR, for tests and debugging: one S-expression per node, each
 * operation named with the kind it computes in (`int.+`, `float.*`, `uint.<`), conversions as
 * `(char->int x)` (`exact` where no rounding is possible), literals as `kind:value`, leaves by name.
 */
import type { Expr } from '../../../ast.js';
import type { HostIr } from './nodes.js';

function leafName(e: Expr): string {
  return e.kind === 'Ident' ? e.name : `<${e.kind}>`;
}

export function formatHostIr(n: HostIr): string {
  const f = formatHostIr;
  switch (n.op) {
    case 'const': return `${n.kind}:${n.value}`;
    case 'leaf': return `${leafName(n.expr)}:${n.kind}`;
    case 'current': return `current:${n.kind}`;
    case 'session': return `(session->double ${leafName(n.expr)})`;
    case 'convert': return `(${n.from}->${n.kind}${n.exact ? ' exact' : ''} ${f(n.arg)})`;
    case 'arith': return `(${n.kind}.${n.bin} ${f(n.left)} ${f(n.right)}${n.divisor !== undefined ? ` divisor=${n.divisor}` : ''})`;
    case 'neg': case 'bitnot': return `(${n.kind}.${n.op} ${f(n.arg)})`;
    case 'bool': return `(bool ${f(n.cond)})`;
    case 'select': return `(${n.kind}.select ${f(n.cond)} ${f(n.then)} ${f(n.else)})`;
    case 'ptradd': return `(ptr.${n.sub ? '-' : '+'} ${f(n.ptr)} ${f(n.index)} stride=${n.stride})`;
    case 'ptrdiff': return `(ptrdiff ${f(n.left)} ${f(n.right)} stride=${n.stride})`;
    case 'math': return `(${n.kind}.${n.name}${n.single ? 'f' : ''} ${n.args.map(f).join(' ')})`;
    case 'compare': return `(${n.kind}.${n.cmp} ${f(n.left)} ${f(n.right)})`;
    case 'logical': return `(${n.and ? '&&' : '||'} ${f(n.left)} ${f(n.right)})`;
    case 'not': return `(! ${f(n.arg)})`;
    case 'truth': return `(truth ${f(n.arg)})`;
  }
}
