/**
 * A compact, stable text form of the syntax tree for parser tests: one line per declaration or
 * statement, two spaces of indentation per nesting level, expressions fully parenthesised so the
 * tree's shape (precedence, associativity) is visible: `a + b * c` prints as `(a + (b * c))`.
 */
import type {
  Declarator, Expr, FieldDecl, FunctionDecl, ParamDecl, Stmt, StructDef, TopLevel, TranslationUnit, TypeName, TypeSpec,
} from '../../../runtime/compiler/ast.js';

export function printUnit(u: TranslationUnit): string {
  const lines: string[] = [];
  for (const [kind, i] of u.order) {
    if (kind === 'item') printTop(u.items[i]!, lines, '');
    else printStmt(u.statements[i]!, lines, '');
  }
  return lines.join('\n');
}

export function printTop(d: TopLevel, out: string[], ind: string): void {
  switch (d.kind) {
    case 'FunctionDecl': printFunction(d, out, ind); return;
    case 'VarDecl': {
      const q = (d.isStatic ? 'static ' : '') + (d.isExtern ? 'extern ' : '') + (d.isIter ? 'iter ' : '');
      out.push(`${ind}var ${q}${typeSpec(d.typeSpec)} ${d.declarators.map(declarator).join(', ')}`);
      return;
    }
    case 'TypedefDecl':
      out.push(`${ind}typedef ${typeSpec(d.typeSpec)} ${d.declarators.map(declarator).join(', ')}`);
      return;
    case 'StructDecl':
      out.push(`${ind}struct ${structDef(d.def)}`);
      return;
  }
}

function printFunction(f: FunctionDecl, out: string[], ind: string): void {
  const head = `${f.brook ? f.brook + ' ' : ''}${f.isStatic ? 'static ' : ''}${typeSpec(f.returnType)}${'*'.repeat(f.returnPointer)} ${f.name}(${f.params.map(param).join(', ')})`;
  if (!f.body) { out.push(`${ind}proto ${head}`); return; }
  out.push(`${ind}${head}`);
  for (const s of f.body.body) printStmt(s, out, ind + '  ');
}

function param(p: ParamDecl): string {
  let s = p.qualifier ? p.qualifier + ' ' : '';
  if (p.qualifier === 'vout') s += `[${p.voutMax ? expr(p.voutMax) : ''}] `;
  s += typeSpec(p.typeSpec) + ' ' + '*'.repeat(p.pointer) + p.name;
  if (p.isStream) s += '<>';
  for (const d of p.arrayDims) s += `[${d ? expr(d) : ''}]`;
  return s;
}

export function typeSpec(t: TypeSpec): string {
  const c = t.isConst ? 'const ' : '';
  if (t.struct) return c + (t.name === 'struct' ? 'struct ' : t.name + ' ') + structBody(t.struct);
  return c + t.name;
}

function structDef(d: StructDef): string {
  return (d.tag ? d.tag + ' ' : '') + structBody(d);
}
function structBody(d: StructDef): string {
  return `{ ${d.fields.map(field).join(' ')} }`;
}
function field(f: FieldDecl): string {
  return `${typeSpec(f.typeSpec)} ${'*'.repeat(f.pointer)}${f.name}${f.arrayDims.map((e) => `[${expr(e)}]`).join('')};`;
}

function declarator(d: Declarator): string {
  let s = '*'.repeat(d.pointer) + d.name;
  for (const a of d.arrayDims) s += `[${a ? expr(a) : ''}]`;
  if (d.streamDims) s += `<${d.streamDims.map(expr).join(', ')}>`;
  if (d.init) s += ` = ${expr(d.init)}`;
  return s;
}

function typeName(t: TypeName): string {
  return typeSpec(t.typeSpec) + (t.pointer ? ' ' + '*'.repeat(t.pointer) : '') + t.arrayDims.map((e) => `[${expr(e)}]`).join('');
}

export function expr(e: Expr): string {
  switch (e.kind) {
    case 'NumberLit': return e.raw;
    case 'StringLit': return JSON.stringify(e.value);
    case 'CharLit': return `'#${e.value}'`;
    case 'Ident': return e.name;
    case 'BinaryExpr': return `(${expr(e.left)} ${e.op} ${expr(e.right)})`;
    case 'AssignExpr': return `(${expr(e.target)} ${e.op} ${expr(e.value)})`;
    case 'UnaryExpr': return `(${e.op}${expr(e.operand)})`;
    case 'PostfixExpr': return `(${expr(e.operand)}${e.op})`;
    case 'CondExpr': return `(${expr(e.cond)} ? ${expr(e.then)} : ${expr(e.else)})`;
    case 'CallExpr': return `${expr(e.callee)}(${e.args.map(expr).join(', ')})`;
    case 'IndexExpr': return `${expr(e.object)}[${expr(e.index)}]`;
    case 'MemberExpr': return `${expr(e.object)}${e.arrow ? '->' : '.'}${e.member}`;
    case 'CastExpr': return `((${typeName(e.target)}) ${expr(e.operand)})`;
    case 'SizeofExpr': return e.target.kind === 'TypeName' ? `sizeof(${typeName(e.target)})` : `sizeof ${expr(e.target)}`;
    case 'CommaExpr': return `(${e.exprs.map(expr).join(', ')})`;
    case 'InitList': return `{${e.items.map(expr).join(', ')}}`;
    case 'ConstructExpr': return `${e.typeName}{${e.args.map(expr).join(', ')}}`;
    case 'IndexofExpr': return `indexof(${e.stream.name})`;
  }
}

export function printStmt(s: Stmt, out: string[], ind: string): void {
  const sub = (b: Stmt, label: string) => {
    out.push(`${ind}${label}`);
    printBody(b, out, ind + '  ');
  };
  switch (s.kind) {
    case 'Block':
      out.push(`${ind}block`);
      for (const x of s.body) printStmt(x, out, ind + '  ');
      return;
    case 'ExprStmt': out.push(`${ind}${expr(s.expr)};`); return;
    case 'DeclStmt': printTop(s.decl, out, ind); return;
    case 'IfStmt':
      sub(s.then, `if ${expr(s.cond)}`);
      if (s.else) sub(s.else, 'else');
      return;
    case 'ForStmt': {
      let init = '';
      if (s.init?.kind === 'ExprStmt') init = expr(s.init.expr);
      else if (s.init) { const l: string[] = []; printTop(s.init.decl, l, ''); init = l.join(''); }
      sub(s.body, `for (${init}; ${s.cond ? expr(s.cond) : ''}; ${s.update ? expr(s.update) : ''})`);
      return;
    }
    case 'WhileStmt': sub(s.body, `while ${expr(s.cond)}`); return;
    case 'DoWhileStmt': sub(s.body, 'do'); out.push(`${ind}while ${expr(s.cond)}`); return;
    case 'ReturnStmt': out.push(`${ind}return${s.value ? ' ' + expr(s.value) : ''};`); return;
    case 'BreakStmt': out.push(`${ind}break;`); return;
    case 'ContinueStmt': out.push(`${ind}continue;`); return;
    case 'SwitchStmt': sub(s.body, `switch ${expr(s.discriminant)}`); return;
    case 'CaseClause': out.push(`${ind}${s.test ? 'case ' + expr(s.test) : 'default'}:`); return;
    case 'EmptyStmt': out.push(`${ind};`); return;
    case 'GotoStmt': out.push(`${ind}goto ${s.label};`); return;
    case 'LabeledStmt': out.push(`${ind}${s.label}:`); printStmt(s.body, out, ind + '  '); return;
  }
}

/** The body of if/for/while: a block's statements directly, anything else as one statement. */
function printBody(s: Stmt, out: string[], ind: string): void {
  if (s.kind === 'Block') for (const x of s.body) printStmt(x, out, ind);
  else printStmt(s, out, ind);
}
