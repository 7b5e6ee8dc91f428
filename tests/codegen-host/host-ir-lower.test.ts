/**
 * The host IR's lowering (runtime/compiler/codegen/host/ir/lower.ts) decides C's conversions; this
 * pins what it decides for expressions where C is easy to get wrong, in the IR's text form
 * (ir/format.ts): every conversion explicit, every operation named with the kind it computes in.
 * (host-ir.test.ts runs the same kinds of expressions through both printers and gcc.)
 */
import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '../../runtime/compiler/ast.js';
import { compile } from '../../runtime/compiler/index.js';
import type { Ctx } from '../../runtime/compiler/codegen/host/expr.js';
import { formatHostIr, kindOfType, lowerAs, lowerBump, lowerCompound, type ArithOp, type HostIr } from '../../runtime/compiler/codegen/host/ir/index.js';

/** Each statement of main's body and the IR its right-hand side (or update) lowers to. */
const CASES: [string, string][] = [
  ['r = imax + 1', '(int.+ imax:int int:1)'],
  ['r = -7 / 2', '(int./ (int.neg int:7) int:2 divisor=2)'],
  ['r = i % 2', '(int.% i:int int:2 divisor=2)'],
  ['ur = (unsigned)-1 >> 1', '(uint.>> (int->uint (int.neg int:1)) int:1)'],
  ['r = 1 << 31', '(int.<< int:1 int:31)'],
  ['r = (int)3.99f', `(float->int float:${Math.fround(3.99)})`],
  ['r = (int)-3.99', '(double->int (double.neg double:3.99))'],
  ['fr = f * f', '(float.* f:float f:float)'],
  ['dr = f * d', '(double.* (float->double f:float) d:double)'],
  ['fr = f + i', '(float.+ f:float (int->float i:int))'],
  // A char converts to float with no rounding: the printers may leave out the float32 round trip.
  ['fr = f + c', '(float.+ f:float (char->float exact c:char))'],
  ['r = c + uc', '(int.+ (char->int c:char) (uchar->int uc:uchar))'],
  ['r = -1 < 1u', '(bool (uint.< (int->uint (int.neg int:1)) uint:1))'],
  ['r = i && d', '(bool (&& (truth i:int) (truth d:double)))'],
  ['r = !f', '(bool (! (truth f:float)))'],
  ['r = i ? c : 2.5', '(double->int (double.select (truth i:int) (char->double c:char) double:2.5))'],
  ['pr = p + i', '(ptr.+ p:ptr (int->long i:int) stride=4)'],
  ['l = pr - p', '(ptrdiff pr:ptr p:ptr stride=4)'],
  ['fr = sqrtf(f)', '(float.sqrtf f:float)'],
  ['dr = fabs(i)', '(double.fabs (int->double i:int))'],
  // Compound assignment and ++ convert the result back to the target's type.
  ['c <<= 2', '(int->char (int.<< (char->int current:char) int:2))'],
  ['s += 1.5', '(double->short (double.+ (short->double current:short) double:1.5))'],
  ['c++', '(int->char (int.+ (char->int current:char) int:1))'],
  ['pr++', '(ptr.+ current:ptr (int->long int:1) stride=4)'],
];

const SOURCE = `#include <math.h>
#include <limits.h>
int main(void) {
  char c = 1; unsigned char uc = 2; short s = 3; int i = 4, imax = INT_MAX; unsigned u = 5u; long l = 6;
  float f = 1.5f; double d = 2.5; float *p = 0; int r; unsigned ur; float fr; double dr; float *pr;
${CASES.map(([stmt]) => `  ${stmt};`).join('\n')}
  return 0;
}
`;

/** Lowering reads only the loop ranges of its context (exact.ts); main's statements are in no loop. */
const CTX = { f: null } as unknown as Ctx;

function lowerStatement(e: Expr): HostIr | undefined {
  if (e.kind === 'AssignExpr' && e.op === '=') return lowerAs(CTX, e.value, kindOfType(e.target.type)!);
  if (e.kind === 'AssignExpr') return lowerCompound(CTX, e.op.slice(0, -1) as ArithOp, e.target.type!, e.value, e.span);
  if (e.kind === 'PostfixExpr') return lowerBump(CTX, e.operand.type!, e.op, e.span);
  return undefined;
}

describe('host IR lowering: C conversions made explicit', () => {
  const r = compile(SOURCE, { fileName: 'lower.c' });
  const main = r.program?.functions.find((f) => f.name === 'main');
  const stmts = (main?.body?.body ?? []).filter((s: Stmt): s is Extract<Stmt, { kind: 'ExprStmt' }> => s.kind === 'ExprStmt');

  it('compiles, with one expression statement per case', () => {
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(stmts.length).toBe(CASES.length);
  });

  CASES.forEach(([stmt, want], k) => {
    it(stmt, () => {
      const e = stmts[k]!.expr;
      expect(SOURCE.slice(e.span.start, e.span.end)).toBe(stmt);
      const ir = lowerStatement(e);
      expect(ir && formatHostIr(ir)).toBe(want);
    });
  });
});
