/**
 * `std::sort(first, last)` and `std::sort(first, last, comp)` in host code (docs/CXX.md,
 * `#include <algorithm>`): each distinct element type and comparator gets a merge sort written in
 * the subset (SORT below), a static function put before the function that first calls it:
 *
 *   std::sort(v, v + n)                    ->  std__sort__float(v, v + n)         (a < b: also a class's operator<)
 *   std::sort(b->begin(), b->end(), Less()) ->  std__sort__T__Less(...)           (a functor: Less comp; comp(a, b))
 *   std::sort(v, v + n, byKey)              ->  std__sort__T__byKey(v, v + n)     (a function: byKey(a, b))
 *   std::sort(v, v + n, cmp)                ->  std__sort__T__C(v, v + n, cmp)    (a functor object, passed)
 *
 * The element type is read from the first argument before types are checked (a small inference
 * over names, `+`/`-`, `&`, `*`, `[]`, fields and method results); an argument it cannot read is
 * BRK1243 with a hint to name it in a variable. Differences from the standard library: the sort is
 * stable (std::sort need not be), so elements that compare equal may come out in another order
 * than g++'s; its scratch memory is the checked host memory.
 */
import type { CallExpr, Expr, FunctionDecl, Stmt, StructDef, TopLevel, TranslationUnit, TypeSpec } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import { copyToken, type Token } from '../lex.js';
import { reportSyntax } from '../messages/syntax.js';
import { isPunct, isScope } from './cxx.js';
import { rewriteExpr, walkStmt } from './cxx-walk.js';

/** `std::sort` -> the identifier `std__sort` (before the check for other `std::` names). */
export function mergeStdSort(tokens: Token[]): Token[] {
  if (!tokens.some((t) => t.text === 'sort')) return tokens;
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === 'std' && isScope(tokens, i + 1) && tokens[i + 3]!.text === 'sort' && isPunct(tokens[i + 4], '(')) {
      out.push({ ...copyToken(t, { text: 'std__sort' }), kind: 'ident' });
      i += 3;
      continue;
    }
    out.push(t);
  }
  return out;
}

interface Typed { name: string; pointer: number }

const SORT = (name: string, t: string, param: string, local: string, less: string) => `
static void ${name}(${t} *first, ${t} *last${param}) {
  int n = last - first;
  if (n < 2) return;
  ${local}
  ${t} *tmp = (${t} *)malloc(sizeof(${t}) * n);
  for (int width = 1; width < n; width *= 2) {
    for (int lo = 0; lo < n; lo += 2 * width) {
      int mid = lo + width < n ? lo + width : n;
      int hi = lo + 2 * width < n ? lo + 2 * width : n;
      int i = lo;
      int j = mid;
      int k = lo;
      while (i < mid && j < hi) {
        if (${less}) { tmp[k] = first[j]; j++; } else { tmp[k] = first[i]; i++; }
        k++;
      }
      while (i < mid) { tmp[k] = first[i]; i++; k++; }
      while (j < hi) { tmp[k] = first[j]; j++; k++; }
    }
    for (int m = 0; m < n; m++) first[m] = tmp[m];
  }
  free(tmp);
}
`;

/**
 * Replaces each `std__sort(...)` call by a call of its instance and adds the instances. `parse`
 * parses an instance's text (with the file's type names known).
 */
export function lowerStdSort(unit: TranslationUnit, bag: DiagnosticBag, parse: (text: string, at: Token) => TopLevel[]): void {
  const structs = new Map<string, StructDef>();
  const globals = new Map<string, Typed>();
  const functions = new Set<string>();
  for (const item of unit.items) {
    const def = item.kind === 'StructDecl' ? (item.def.forward ? undefined : item.def) : item.kind === 'TypedefDecl' || item.kind === 'VarDecl' ? item.typeSpec.struct : undefined;
    if (def?.tag) structs.set(def.tag, def);
    if (item.kind === 'TypedefDecl' && item.typeSpec.struct) for (const d of item.declarators) if (d.pointer === 0) structs.set(d.name, item.typeSpec.struct);
    if (item.kind === 'VarDecl') for (const d of item.declarators) globals.set(d.name, { name: bare(item.typeSpec), pointer: d.pointer + d.arrayDims.length });
    if (item.kind === 'FunctionDecl') functions.add(item.name);
  }
  const made = new Map<string, TopLevel[]>();
  const before = new Map<number, TopLevel[]>();
  unit.items.forEach((item, index) => {
    if (item.kind !== 'FunctionDecl' || !item.body) return;
    const locals = new Map<string, Typed>(globals);
    for (const p of item.params) locals.set(p.name, { name: bare(p.typeSpec), pointer: p.pointer + p.arrayDims.length + (p.reference ? -1 : 0) });
    const hooks = {
      expr: (e: Expr) => rewriteExpr(e, (x) => {
        if (x.kind === 'CallExpr' && x.callee.kind === 'Ident' && x.callee.name === 'std__sort') instance(x);
        return x;
      }),
      declare: () => undefined,
    };
    const noteDecls = (s: Stmt) => {
      if (s.kind === 'DeclStmt' && s.decl.kind === 'VarDecl') for (const d of s.decl.declarators) locals.set(d.name, { name: bare(s.decl.typeSpec), pointer: d.pointer + d.arrayDims.length });
    };
    const instance = (call: CallExpr) => {
      if (call.args.length !== 2 && call.args.length !== 3) {
        reportSyntax(bag, 'BRK1243', call.span, { construct: `std::sort with ${call.args.length} arguments`, why: 'std::sort takes (first, last) or (first, last, comp)' });
        return;
      }
      const first = typeOf(call.args[0]!, locals, structs);
      if (!first || first.pointer < 1) {
        reportSyntax(bag, 'BRK1243', call.args[0]!.span, { construct: 'std::sort of this argument', why: 'its element type could not be read before type checking' }, { hint: 'put the first element\'s address in a pointer variable first: T *p = ...; std::sort(p, p + n)' });
        return;
      }
      const t = `${first.name}${' *'.repeat(first.pointer - 1)}`;
      let param = '';
      let local = '';
      let less = 'first[j] < first[i]';
      let suffix = '';
      const comp = call.args[2];
      if (comp) {
        if (comp.kind === 'Ident' && functions.has(comp.name) && !locals.has(comp.name)) {
          less = `${comp.name}(first[j], first[i])`;
          suffix = comp.name;
          call.args.pop();
        } else if (comp.kind === 'CallExpr' && comp.callee.kind === 'Ident' && comp.args.length === 0 && structs.has(comp.callee.name)) {
          const c = comp.callee.name;
          // A class with constructors gets its default one (cxx-class-lower.ts); one without is zeroed.
          local = structs.get(c)!.methods?.some((m) => m.method?.kind === 'ctor') ? `${c} comp;` : `${c} comp; memset(&comp, 0, sizeof(${c}));`;
          less = 'comp(first[j], first[i])';
          suffix = c;
          call.args.pop();
        } else {
          const c = typeOf(comp, locals, structs);
          if (!c || c.pointer !== 0 || !structs.has(c.name)) {
            reportSyntax(bag, 'BRK1243', comp.span, { construct: 'std::sort comparator', why: 'a comparator is a function name, a class temporary `C()` or a variable of a class with operator()' });
            return;
          }
          param = `, ${c.name} comp`;
          less = 'comp(first[j], first[i])';
          suffix = `${c.name}_object`;
        }
      }
      const name = `std__sort__${t.replace(/ \*/g, '_ptr')}${suffix ? `__${suffix}` : ''}`;
      (call.callee as { name: string }).name = name;
      if (made.has(name)) return;
      const at: Token = { kind: 'ident', text: name, span: call.span } as Token;
      const items = parse(SORT(name, t, param, local, less), at);
      made.set(name, items);
      before.set(index, [...(before.get(index) ?? []), ...items]);
    };
    forEach(item.body, noteDecls);
    walkStmt(item.body, hooks);
  });
  if (before.size === 0) return;
  const items: TopLevel[] = [];
  const order: TranslationUnit['order'] = [];
  for (const [kind, index] of unit.order) {
    if (kind === 'stmt') { order.push([kind, index]); continue; }
    for (const x of before.get(index) ?? []) { order.push(['item', items.length]); items.push(x); }
    order.push(['item', items.length]);
    items.push(unit.items[index]!);
  }
  unit.items = items;
  unit.order = order;
}

function bare(ts: TypeSpec): string {
  return ts.name.replace(/^struct /, '');
}

/** The type of `e` from declarations alone (undefined when this small inference cannot tell). */
function typeOf(e: Expr, names: Map<string, Typed>, structs: Map<string, StructDef>): Typed | undefined {
  const at = (x: Expr) => typeOf(x, names, structs);
  const deref = (t: Typed | undefined) => (t && t.pointer > 0 ? { name: t.name, pointer: t.pointer - 1 } : undefined);
  switch (e.kind) {
    case 'Ident': return names.get(e.name);
    case 'BinaryExpr': {
      if (e.op !== '+' && e.op !== '-') return undefined;
      const l = at(e.left);
      return l && l.pointer > 0 ? l : at(e.right);
    }
    case 'UnaryExpr': {
      const t = at(e.operand);
      if (e.op === '&') return t && { name: t.name, pointer: t.pointer + 1 };
      return e.op === '*' ? deref(t) : undefined;
    }
    case 'IndexExpr': return deref(at(e.object));
    case 'CastExpr': return { name: bare(e.target.typeSpec), pointer: e.target.pointer };
    case 'MemberExpr': {
      const o = at(e.object);
      const s = o && (e.arrow ? o.pointer === 1 : o.pointer === 0) ? structs.get(o.name) : undefined;
      const f = s?.fields.find((x) => x.name === e.member);
      return f && { name: bare(f.typeSpec), pointer: f.pointer + f.arrayDims.length };
    }
    case 'CallExpr': {
      if (e.callee.kind !== 'MemberExpr') return undefined;
      const o = at(e.callee.object);
      const s = o && (e.callee.arrow ? o.pointer === 1 : o.pointer === 0) ? structs.get(o.name) : undefined;
      const m: FunctionDecl | undefined = s?.methods?.find((x) => x.name === (e.callee as { member: string }).member);
      return m && { name: bare(m.returnType), pointer: m.returnPointer - (m.returnsReference ? 1 : 0) };
    }
    default: return undefined;
  }
}

function forEach(s: Stmt, f: (s: Stmt) => void): void {
  f(s);
  switch (s.kind) {
    case 'Block': for (const x of s.body) forEach(x, f); break;
    case 'IfStmt': forEach(s.then, f); if (s.else) forEach(s.else, f); break;
    case 'ForStmt': if (s.init) forEach(s.init, f); forEach(s.body, f); break;
    case 'WhileStmt': case 'DoWhileStmt': case 'LabeledStmt': case 'SwitchStmt': forEach(s.body, f); break;
    default: break;
  }
}
