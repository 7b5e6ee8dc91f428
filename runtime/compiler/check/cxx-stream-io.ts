/**
 * The format of a lowered `std::cout << ...` chain (parse/cxx-stream-io.ts), from the checked
 * types of its values: what an ostream with default flags prints.
 *   float, double           %g    (default precision 6, shortest of fixed and scientific)
 *   int, short, bool        %d    unsigned: %u; long: %ld / %lu
 *   char, 'c' literals      %c    (C++'s character literals are chars)
 *   char * / char[] values  %s    other pointers: %p
 * Vectors, structs and streams have no operator<<: one located BRK1243 naming the type.
 */
import type { CallExpr, Expr } from '../ast.js';
import type { Type } from '../types.js';
import { typeToString } from '../types.js';
import { reportSyntax } from '../messages/syntax.js';
import type { Ctx } from './ctx.js';
import { isLoose } from './typing.js';

export function writeStreamFormat(ctx: Ctx, e: CallExpr): void {
  const format = e.args[1];
  if (!format || format.kind !== 'StringLit' || !e.streamLayout) return;
  let next = 2;
  let text = '';
  for (const part of e.streamLayout) {
    if (part === 'endl') { text += '\n'; continue; }
    const value = e.args[next++]!;
    const spec = value.type && !isLoose(value.type) ? specFor(value, value.type) : '%d';
    if (spec === undefined) {
      reportSyntax(ctx.bag, 'BRK1243', value.span, { construct: `<< ${typeToString(value.type!)}`, why: 'the C++ subset prints numbers, characters and strings with << (docs/CXX.md)' }, { hint: 'print the components one by one (v.x, v.y, ...) or use printf' });
      return;
    }
    text += spec;
  }
  format.value = text;
}

function specFor(value: Expr, t: Type): string | undefined {
  if (value.kind === 'CharLit') return '%c';
  if (t.kind === 'scalar') {
    switch (t.name) {
      case 'float': case 'double': case 'fixed': return '%g';
      case 'int': case 'short': case 'bool': return '%d';
      case 'uint': case 'ushort': return '%u';
      case 'long': return '%ld';
      case 'ulong': return '%lu';
      case 'char': case 'uchar': return '%c';
    }
  }
  const pointee = t.kind === 'pointer' ? t.to : t.kind === 'array' ? t.elem : undefined;
  if (pointee && pointee.kind === 'scalar' && (pointee.name === 'char' || pointee.name === 'uchar')) return '%s';
  if (t.kind === 'pointer') return '%p';
  return undefined;
}
