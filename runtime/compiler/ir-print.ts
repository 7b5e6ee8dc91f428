/**
 * A stable text form of kernel IR, for tests (expected IR is compared as text) and debugging
 * (`printKernelIR(ir)`). One line per statement, nested blocks indented by two spaces; expressions are
 * fully parenthesized so the tree shape is visible; float constants always show a '.' (`1.0`), so an
 * integer literal that became a float in float context is visible as such.
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from './ir.js';
import type { Type } from './types.js';
import { typeToString } from './types.js';

const COMPS = 'xyzw';

interface Names {
  params: string[];
}

export function printKernelIR(ir: KernelIR): string {
  const lines: string[] = [];
  lines.push(`${ir.kind} ${ir.name}(${ir.params.map((p) => paramText(p)).join(', ')})`);
  if (ir.indexofParams.length) lines.push(`  indexof: ${ir.indexofParams.map((i) => ir.params[i]!.name).join(', ')}`);
  const names: Names = { params: ir.params.map((p) => p.name) };
  printBlock(ir.body, names, 1, lines);
  if (ir.produce) {
    lines.push(`  produce (parameters from ${ir.produce.from}):`);
    printBlock(ir.produce.body, names, 2, lines);
  }
  for (const h of ir.helpers) lines.push(...printHelper(h).split('\n'));
  return lines.join('\n') + '\n';
}

function paramText(p: KernelIR['params'][number]): string {
  const extra = p.role === 'gather' ? `[${p.gatherDims}]` : p.role === 'vout' ? `[${p.voutMax ?? ''}]` : '';
  const stored = p.storage ? ` stored ${typeToString(p.storage)}` : '';
  return `${p.role}${extra} ${typeToString(p.type)}${stored} ${p.name}`;
}

export function printHelper(h: IRHelper): string {
  const lines: string[] = [];
  const ps = h.params.map((p) => `${p.isOut ? 'out ' : ''}${p.isStream ? 'stream ' : ''}${typeToString(p.type)} ${p.name}`);
  const hidden = h.hiddenIndexofParams.length ? ` hidden indexof(${h.hiddenIndexofParams.map((i) => h.params[i]!.name).join(', ')})` : '';
  lines.push(`helper ${h.name}(${ps.join(', ')}) -> ${typeToString(h.returnType)}${hidden}`);
  printBlock(h.body, { params: h.params.map((p) => p.name) }, 1, lines);
  return lines.join('\n');
}

function printBlock(stmts: IRStmt[], names: Names, depth: number, out: string[]): void {
  for (const s of stmts) printStmt(s, names, depth, out);
}

function printStmt(s: IRStmt, n: Names, depth: number, out: string[]): void {
  const ind = '  '.repeat(depth);
  switch (s.op) {
    case 'declare':
      out.push(`${ind}${typeToString(s.type)} ${s.name}${s.init ? ` = ${expr(s.init, n)}` : ''};`);
      return;
    case 'assign':
      out.push(`${ind}${lvalue(s.target, n)} = ${expr(s.value, n)};`);
      return;
    case 'expr':
      out.push(`${ind}${expr(s.expr, n)};`);
      return;
    case 'if':
      out.push(`${ind}if ${expr(s.cond, n)} {`);
      printBlock(s.then, n, depth + 1, out);
      if (s.else.length) {
        out.push(`${ind}} else {`);
        printBlock(s.else, n, depth + 1, out);
      }
      out.push(`${ind}}`);
      return;
    case 'loop':
      out.push(`${ind}loop ${s.testFirst ? 'test-first' : 'test-last'} cond ${s.cond ? expr(s.cond, n) : 'none'} {`);
      if (s.init.length) { out.push(`${ind}  init:`); printBlock(s.init, n, depth + 2, out); }
      if (s.update.length) { out.push(`${ind}  update:`); printBlock(s.update, n, depth + 2, out); }
      out.push(`${ind}  body:`);
      printBlock(s.body, n, depth + 2, out);
      out.push(`${ind}}`);
      return;
    case 'break': out.push(`${ind}break;`); return;
    case 'continue': out.push(`${ind}continue;`); return;
    case 'return': out.push(`${ind}return${s.value ? ' ' + expr(s.value, n) : ''};`); return;
    case 'push': out.push(`${ind}push ${n.params[s.param]} = ${expr(s.value, n)};`); return;
  }
}

function num(v: number, t: Type): string {
  const s = t.kind === 'scalar' ? t.name : t.kind === 'vector' ? t.elem : 'float';
  if (s === 'bool') return v ? 'true' : 'false';
  if (s === 'float' || s === 'double') {
    if (!Number.isFinite(v)) return String(v);
    const text = String(v);
    return /[.e]/.test(text) ? text : text + '.0';
  }
  return String(v) + (s === 'uint' ? 'u' : '');
}

function comps(c: number[]): string {
  return c.map((i) => COMPS[i]).join('');
}

export function expr(e: IRExpr, n: Names): string {
  switch (e.op) {
    case 'const':
      return e.value.length === 1 ? num(e.value[0]!, e.type) : `${typeToString(e.type)}(${e.value.map((v) => num(v, e.type)).join(', ')})`;
    case 'local': return e.name;
    case 'param': return n.params[e.index] ?? `param#${e.index}`;
    case 'binary': return `(${expr(e.left, n)} ${e.operator} ${expr(e.right, n)})`;
    case 'unary': return `(${e.operator}${expr(e.operand, n)})`;
    case 'select': return `(${expr(e.cond, n)} ? ${expr(e.then, n)} : ${expr(e.else, n)})`;
    case 'convert': return `${typeToString(e.type)}(${expr(e.value, n)})`;
    case 'splat': return `splat<${typeToString(e.type)}>(${expr(e.value, n)})`;
    case 'swizzle': return `${expr(e.value, n)}.${comps(e.components)}`;
    case 'construct': return `${typeToString(e.type)}{${e.args.map((a) => expr(a, n)).join(', ')}}`;
    case 'field': return `${expr(e.value, n)}.${e.field}`;
    case 'builtin': return `${e.name}(${e.args.map((a) => expr(a, n)).join(', ')})`;
    case 'call': {
      const outs = e.outArgs.map((o, i) => (o ? `${i}->${lvalue(o, n)}` : null)).filter((x) => x !== null);
      const idx = e.indexofArgs.length ? `; indexof ${e.indexofArgs.map((a) => expr(a, n)).join(', ')}` : '';
      return `${e.helper}(${e.args.map((a) => expr(a, n)).join(', ')}${outs.length ? `; out ${outs.join(', ')}` : ''}${idx})`;
    }
    case 'gather': return `${n.params[e.param]}[${e.index.map((a) => expr(a, n)).join(', ')}]`;
    case 'indexof': return `indexof(${n.params[e.param]})`;
    case 'helperIndexof': return `hidden_indexof(${n.params[e.param]})`;
  }
}

function lvalue(lv: IRLValue, n: Names): string {
  let s = lv.root.kind === 'local' ? lv.root.name : n.params[lv.root.index] ?? `param#${lv.root.index}`;
  for (const p of lv.path) {
    if (p.kind === 'field') s += `.${p.name}`;
    else if (p.kind === 'swizzle') s += `.${comps(p.components)}`;
    else s += `[${expr(p.index, n)}]`;
  }
  return s;
}
