/**
 * Editor help for `%%brook` cells: is_complete (the Brook parser, after open brackets, comments and
 * strings), completion (keywords, kernel built-ins, host library, session names, struct fields and
 * swizzles after `.`), and inspection (a kernel's signature, a stream's type and shape).
 * Positions are UTF-16 offsets into the cell body (the kernel converts Jupyter's code points).
 */
import { KEYWORDS } from '../runtime/compiler/lex.js';
import { KERNEL_BUILTIN_NAMES, builtinSignature } from '../runtime/compiler/check/builtins.js';
import { HOST_LIB, SCATTER_GATHER_CONSTANTS } from '../runtime/compiler/check/hostlib.js';
import type { SessionSymbol } from '../runtime/compiler/index.js';
import { typeToString, type Type } from '../runtime/compiler/types.js';
import { parseSource, type ParseOptions } from '../runtime/compiler/parse/index.js';
import { SourceSet } from '../runtime/compiler/source.js';

const BROOK_TYPES = ['float', 'float2', 'float3', 'float4', 'int', 'int2', 'int3', 'int4', 'uint', 'bool', 'double', 'char', 'void'];

/** Depth of (), [], {} left open, ignoring comments, strings and char literals; null if a comment/string is open. */
export function openBrackets(text: string): { depth: number; unbalanced: boolean } | null {
  let depth = 0;
  let unbalanced = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return null;
      i = end + 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length || text[j] === '\n') return null;
      i = j;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth < 0) unbalanced = true;
    }
  }
  return { depth, unbalanced };
}

/**
 * is_complete from the Brook parser: open brackets, comments and strings (and a trailing backslash) are
 * "incomplete" with an indent; otherwise the cell is parsed as the session would (earlier cells'
 * typedef names and macros known): no syntax error is "complete", errors only at the end of the text
 * (a missing ';' or '}') are "incomplete", any other syntax error is "invalid". Meaning (undeclared
 * names, types) is the compiler's business when the cell runs, so it never makes a cell invalid here.
 */
export function isCompleteBrook(body: string, context: ParseOptions = {}): { status: 'complete' | 'incomplete' | 'invalid'; indent?: string } {
  const open = openBrackets(body);
  if (open === null) return { status: 'incomplete', indent: '' };
  if (open.unbalanced) return { status: 'invalid' };
  if (open.depth > 0) return { status: 'incomplete', indent: '  '.repeat(open.depth) };
  // A trailing backslash continues a preprocessor line.
  if (/\\\s*$/.test(body)) return { status: 'incomplete', indent: '' };
  const sources = new SourceSet();
  const file = sources.add('cell', body);
  const { diagnostics } = parseSource(sources, file.id, { ...context, allowTopLevelStatements: true, readInclude: () => ({ name: 'include', text: '' }) });
  const errors = diagnostics.filter((d) => d.severity === 'error' && d.code.startsWith('BRK1'));
  if (errors.length === 0) return { status: 'complete' };
  const end = body.trimEnd().length;
  return errors.every((d) => d.span.start >= end) ? { status: 'incomplete', indent: '' } : { status: 'invalid' };
}

function memberNames(t: Type | undefined): string[] {
  if (!t) return [];
  if (t.kind === 'stream') return ['domain'];
  if (t.kind === 'struct') return t.fields.map((f) => f.name);
  if (t.kind === 'vector') return ['x', 'y', 'z', 'w'].slice(0, t.size).concat(['r', 'g', 'b', 'a'].slice(0, t.size));
  return [];
}

/** Names declared in the cell text itself (kernels, variables) so completion sees them before running. */
function namesInText(body: string): string[] {
  const out = new Set<string>();
  for (const m of body.matchAll(/\b(?:kernel|reduce)\s+\w+\s+(\w+)\s*\(/g)) out.add(m[1]!);
  for (const m of body.matchAll(/\b(?:float[234]?|int[234]?|uint|double|char|bool)\s+(\w+)\s*[<[;=,]/g)) out.add(m[1]!);
  return [...out];
}

export function completeBrook(body: string, cursor: number, session: Map<string, SessionSymbol>): { matches: string[]; start: number; end: number } {
  let start = cursor;
  while (start > 0 && /[A-Za-z0-9_]/.test(body[start - 1]!)) start--;
  const prefix = body.slice(start, cursor);
  let candidates: string[];
  if (body[start - 1] === '.') {
    let objEnd = start - 1;
    let objStart = objEnd;
    while (objStart > 0 && /[A-Za-z0-9_]/.test(body[objStart - 1]!)) objStart--;
    const sym = session.get(body.slice(objStart, objEnd));
    const t = sym && 'type' in sym ? (sym.type as Type) : undefined;
    candidates = memberNames(t);
  } else {
    candidates = [
      ...KEYWORDS, ...BROOK_TYPES, ...KERNEL_BUILTIN_NAMES, ...HOST_LIB.keys(), ...SCATTER_GATHER_CONSTANTS,
      ...session.keys(), ...namesInText(body),
    ];
  }
  const matches = [...new Set(candidates)].filter((c) => c.startsWith(prefix)).sort();
  return { matches, start, end: cursor };
}

export function describeSymbol(sym: SessionSymbol): string {
  switch (sym.kind) {
    case 'kernel': {
      const ir = sym.kernel.ir;
      const head = sym.kernel.kind === 'reduce' ? 'reduce void' : 'kernel void';
      return `${head} ${ir.name}(${ir.params.map((p) => `${p.role === 'in' || p.role === 'const' ? '' : p.role + ' '}${typeToString(p.type)} ${p.sourceName}${p.role === 'gather' ? '[]'.repeat(p.gatherDims ?? 1) : p.role === 'const' ? '' : '<>'}`).join(', ')})`;
    }
    case 'stream':
      return `stream ${sym.name}: ${typeToString(sym.type)}`;
    case 'value':
    case 'function':
      return `${sym.name}: ${typeToString(sym.type)}`;
    case 'struct':
    case 'typedef':
      return `${sym.kind} ${sym.name} = ${typeToString(sym.type)}`;
  }
}

export function inspectBrook(body: string, cursor: number, session: Map<string, SessionSymbol>, liveShape: (name: string) => number[] | undefined): { found: boolean; text: string } {
  let s = cursor;
  let e = cursor;
  while (s > 0 && /\w/.test(body[s - 1]!)) s--;
  while (e < body.length && /\w/.test(body[e]!)) e++;
  const word = body.slice(s, e);
  if (!word) return { found: false, text: '' };
  const sym = session.get(word);
  if (sym) {
    const shape = sym.kind === 'stream' ? liveShape(word) : undefined;
    return { found: true, text: describeSymbol(sym) + (shape ? `, shape <${shape.join(', ')}>` : '') };
  }
  if (KERNEL_BUILTIN_NAMES.includes(word)) return { found: true, text: `built-in ${builtinSignature(word)}` };
  const lib = HOST_LIB.get(word);
  if (lib) return { found: true, text: `host library: ${word}${'signature' in lib ? ` ${String((lib as { signature?: unknown }).signature ?? '')}` : ''}` };
  return { found: false, text: '' };
}
