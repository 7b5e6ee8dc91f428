/**
 * Turns one TypeScript cell into JavaScript that runs in the kernel's persistent global scope.
 *
 * In:  the cell text. Out: a script whose completion value is a Promise of `{ value }` (the last expression's
 * value, wrapped so a returned Promise is shown, not awaited) or `undefined`, plus a map from positions in the
 * script back to the cell, and the names the cell declares at top level.
 *
 * What always holds:
 * - Top-level `const`/`let`/`var`/`class`/`function`/`import` become assignments to globals, so later cells see
 *   them and a cell can run again (the rewrite Chrome's console and Deno use). `const` loses its
 *   immutability across cells; nothing else changes.
 * - The body runs as a generator, `(function* () { ... }).call(globalThis)`, with each top-level `await x`
 *   turned into `(yield x)`; the session drives it and resumes every step inside vm's `breakOnSigint`, so
 *   code that spins after an await is interruptible too (a plain async function's continuations run as
 *   microtasks, where no interrupt reaches). A cell with a top-level `for await` runs as
 *   `(async () => { ... })()` instead (mode "async"); awaits inside functions stay native in both modes.
 * - `import x from 'm'` becomes `import('m')`; the script's filename sits in the notebook's folder, so
 *   Node's own loader resolves bare names from there (ESM and CommonJS alike, through
 *   vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER).
 * - Lines `%name args` (line magics) become `await __kernel__.lineMagic("name", "args")` in place, so they
 *   run in order with the code around them.
 * - Positions map back exactly: text edits are recorded (EditMap) on both sides of the TypeScript emit, and
 *   the emit's own source map joins them.
 */
import type * as TS from 'typescript';
import { EditMap, lineColumn, lineStarts, offsetOf, SourceMap } from './positions.js';
import { ts } from './typescript.js';

export const KERNEL_GLOBAL = '__kernel__';

export interface CellDiagnostic {
  message: string;
  /** 0-based line and column in the cell. */
  line: number;
  column: number;
  length: number;
}

export type TransformResult =
  | { ok: false; diagnostics: CellDiagnostic[] }
  | {
      ok: true;
      code: string;
      /** "generator": the script returns a generator to drive; "async": it returns a Promise. */
      mode: 'generator' | 'async';
      /** Top-level names the cell declares (ensured to exist as globals before the script runs). */
      names: string[];
      /** Script position (1-based line and column, as in stack traces) -> 0-based cell line and column. */
      toCell(line: number, column: number): { line: number; column: number };
    };

const LINE_MAGIC = /^%([A-Za-z_][\w-]*)[ \t]*(.*)$/;

/** Rewrites `%name args` lines into calls, keeping every other line and the line count. */
function rewriteLineMagics(source: string, edits: EditMap): string {
  const starts = lineStarts(source);
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = i + 1 < starts.length ? starts[i + 1]! - 1 : source.length;
    const line = source.slice(start, end).replace(/\r$/, '');
    if (line.startsWith('%%')) continue;
    const m = LINE_MAGIC.exec(line);
    if (!m) continue;
    edits.replace(start, start + line.length, `await ${KERNEL_GLOBAL}.lineMagic(${JSON.stringify(m[1])}, ${JSON.stringify(m[2]!.trimEnd())});`);
  }
  return edits.apply(source);
}

/** `{ a: 1 }` typed alone is an object, not a block (what Node's REPL, Chrome and Deno do). */
function objectLiteralCandidate(source: string): string | undefined {
  const t = source.trim();
  if (!t.startsWith('{') || t.endsWith(';') || !t.endsWith('}')) return undefined;
  return `(${source})`;
}

function transpile(source: string): { js: string; map: SourceMap; diagnostics: readonly TS.Diagnostic[] } {
  const t = ts();
  const out = t.transpileModule(source, {
    fileName: 'cell.ts',
    reportDiagnostics: true,
    compilerOptions: {
      target: t.ScriptTarget.ES2022,
      module: t.ModuleKind.ESNext,
      sourceMap: true,
      // Keep every import: an import used only by a later cell must not be elided.
      verbatimModuleSyntax: true,
      experimentalDecorators: false,
      useDefineForClassFields: true,
      jsx: t.JsxEmit.React,
    },
  });
  const js = out.outputText.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
  return { js, map: SourceMap.fromJson(out.sourceMapText ?? '{"mappings":""}'), diagnostics: out.diagnostics ?? [] };
}

function bindingNames(name: TS.BindingName, into: string[]): void {
  const t = ts();
  if (t.isIdentifier(name)) {
    into.push(name.text);
    return;
  }
  for (const el of name.elements) if (!t.isOmittedExpression(el)) bindingNames(el.name, into);
}

/** Removes `export` and `export default` from a declaration. */
function stripExport(node: TS.Node, sf: TS.SourceFile, edits: EditMap): void {
  const t = ts();
  if (!t.canHaveModifiers(node)) return;
  for (const m of t.getModifiers(node) ?? []) {
    if (m.kind === t.SyntaxKind.ExportKeyword || m.kind === t.SyntaxKind.DefaultKeyword) {
      edits.replace(m.getStart(sf), m.end, '');
    }
  }
}

let awaitKeyword: 'await' | 'yield' = 'await';

/** Modules the kernel itself provides: tslab notebooks `import * as tslab from "tslab"`. */
const KERNEL_MODULES: Record<string, string> = { tslab: 'globalThis.tslab' };

function importCall(spec: TS.Expression, sf: TS.SourceFile): string {
  const t = ts();
  if (t.isStringLiteral(spec) && KERNEL_MODULES[spec.text]) return `(${KERNEL_MODULES[spec.text]})`;
  return `(${awaitKeyword} import(${spec.getText(sf)}))`;
}

function isFunctionLike(node: TS.Node): boolean {
  const t = ts();
  return t.isFunctionLike(node) || t.isClassStaticBlockDeclaration(node);
}

/** True when the top level (outside functions) has a `for await`, which a generator cannot express. */
function hasTopLevelForAwait(sf: TS.SourceFile): boolean {
  const t = ts();
  const visit = (node: TS.Node): boolean =>
    (t.isForOfStatement(node) && node.awaitModifier !== undefined) || (!isFunctionLike(node) && t.forEachChild(node, visit) === true);
  return t.forEachChild(sf, visit) === true;
}

/** `await x` outside functions -> `(yield x)`. Runs before the top-level rewrite (its ")" must come first). */
function rewriteAwaits(sf: TS.SourceFile, edits: EditMap): void {
  const t = ts();
  const visit = (node: TS.Node): void => {
    if (isFunctionLike(node)) return;
    if (t.isAwaitExpression(node)) {
      edits.replace(node.getStart(sf), node.expression.getStart(sf), '(yield ');
      t.forEachChild(node, visit);
      edits.insert(node.end, ')');
      return;
    }
    t.forEachChild(node, visit);
  };
  t.forEachChild(sf, visit);
}

/** Rewrites the emitted JavaScript's top level; returns the declared names and the function names to hoist. */
function rewriteTopLevel(sf: TS.SourceFile, edits: EditMap): { names: string[]; functions: string[] } {
  const t = ts();
  const names: string[] = [];
  const functions: string[] = [];
  const statements = sf.statements;
  statements.forEach((st, index) => {
    const isLast = index === statements.length - 1;
    if (t.isImportDeclaration(st)) {
      const clause = st.importClause;
      const call = importCall(st.moduleSpecifier, sf);
      let text: string;
      if (!clause) {
        text = `${call};`;
      } else {
        const parts: string[] = [];
        let namespace: string | undefined;
        if (clause.name) {
          names.push(clause.name.text);
        }
        const nb = clause.namedBindings;
        if (nb && t.isNamespaceImport(nb)) {
          namespace = nb.name.text;
          names.push(namespace);
        } else if (nb) {
          for (const el of nb.elements) {
            const local = el.name.text;
            const imported = el.propertyName ? el.propertyName.getText(sf) : local;
            names.push(local);
            parts.push(imported === local ? local : `${imported}: ${local}`);
          }
        }
        if (namespace !== undefined) {
          text = `(${namespace} = ${call}${clause.name ? `, ${clause.name.text} = ${namespace}.default` : ''});`;
        } else {
          if (clause.name) parts.unshift(`default: ${clause.name.text}`);
          text = `({ ${parts.join(', ')} } = ${call});`;
        }
      }
      edits.replace(st.getStart(sf), st.end, text);
      return;
    }
    if (t.isExportDeclaration(st)) {
      // `export { a }` names what is already global; `export * from 'm'` still loads m.
      edits.replace(st.getStart(sf), st.end, st.moduleSpecifier ? `${importCall(st.moduleSpecifier, sf)};` : '');
      return;
    }
    if (t.isExportAssignment(st)) {
      const expr = st.expression;
      edits.replace(st.getStart(sf), expr.getStart(sf), isLast ? 'return { value: (' : '(');
      edits.insert(expr.end, isLast ? ') };' : ');');
      if (st.end > expr.end) edits.replace(expr.end, st.end, '');
      return;
    }
    stripExport(st, sf, edits);
    if (t.isVariableStatement(st)) {
      const list = st.declarationList;
      const isVar = (list.flags & (t.NodeFlags.Let | t.NodeFlags.Const)) === 0;
      // The keyword token sits at the list's start; replacing it with "(" turns the list into one expression.
      const kwStart = list.getStart(sf);
      const kwEnd = kwStart + (list.getFirstToken(sf)?.getWidth(sf) ?? 0);
      edits.replace(kwStart, kwEnd, '(');
      for (const d of list.declarations) {
        bindingNames(d.name, names);
        if (!d.initializer && !isVar) edits.insert(d.name.end, ' = undefined');
      }
      edits.insert(list.end, ')');
      return;
    }
    if (t.isFunctionDeclaration(st) && st.name) {
      names.push(st.name.text);
      functions.push(st.name.text);
      return;
    }
    if (t.isClassDeclaration(st) && st.name) {
      names.push(st.name.text);
      const start = t.getModifiers(st)?.length ? st.getStart(sf) : st.getStart(sf);
      edits.insert(start, `${st.name.text} = `);
      edits.insert(st.end, ';');
      return;
    }
    if (isLast && t.isExpressionStatement(st)) {
      const expr = st.expression;
      edits.insert(expr.getStart(sf), 'return { value: (');
      edits.insert(expr.end, ') }');
    }
  });
  return { names, functions };
}

/** Transforms a cell; `fileName` is what stack traces will show (a path in the notebook's folder). */
export function transformCell(cell: string): TransformResult {
  const t = ts();
  const magicEdits = new EditMap();
  let source = rewriteLineMagics(cell, magicEdits);
  let wrapped = false;

  let { js, map, diagnostics } = transpile(source);
  const candidate = objectLiteralCandidate(source);
  if (candidate !== undefined) {
    const alt = transpile(candidate);
    if (alt.diagnostics.length === 0) {
      ({ js, map, diagnostics } = alt);
      source = candidate;
      wrapped = true;
    }
  }
  const sourceStarts = lineStarts(source);
  const cellStarts = lineStarts(cell);
  const toCellOffset = (offset: number) => magicEdits.toOriginal(Math.max(0, offset - (wrapped ? 1 : 0)));

  if (diagnostics.length > 0) {
    return {
      ok: false,
      diagnostics: diagnostics.map((d) => {
        const start = d.start ?? 0;
        const pos = lineColumn(cellStarts, Math.min(toCellOffset(start), cell.length));
        return {
          message: t.flattenDiagnosticMessageText(d.messageText, '\n'),
          line: pos.line,
          column: pos.column,
          length: d.length ?? 1,
        };
      }),
    };
  }

  const sf = t.createSourceFile('cell.js', js, t.ScriptTarget.ES2022, true, t.ScriptKind.JS);
  const edits = new EditMap();
  const prefix = new EditMap();
  const mode = hasTopLevelForAwait(sf) ? 'async' : 'generator';
  awaitKeyword = mode === 'generator' ? 'yield' : 'await';
  if (mode === 'generator') rewriteAwaits(sf, edits);
  const { names, functions } = rewriteTopLevel(sf, edits);
  // Everything before the cell's code sits on the first line, so line numbers only shift by columns.
  const hoist = functions.map((f) => `globalThis[${JSON.stringify(f)}] = ${f};`).join(' ');
  const body = edits.apply(js);
  prefix.insert(0, mode === 'generator' ? `(function* () { ${hoist}` : `(async () => { ${hoist}`);
  prefix.insert(body.length, mode === 'generator' ? '\n}).call(globalThis)' : '\n})()');
  const code = prefix.apply(body);
  const codeStarts = lineStarts(code);
  const jsStarts = lineStarts(js);

  const toCell = (line: number, column: number) => {
    const codeOffset = offsetOf(codeStarts, line - 1, column - 1, code.length);
    const jsPos = lineColumn(jsStarts, Math.min(edits.toOriginal(prefix.toOriginal(codeOffset)), js.length));
    const src = map.original(jsPos.line, jsPos.column) ?? { line: 0, column: 0 };
    const srcOffset = offsetOf(sourceStarts, src.line, src.column, source.length);
    return lineColumn(cellStarts, Math.min(toCellOffset(srcOffset), cell.length));
  };
  return { ok: true, code, mode, names: [...new Set(names)], toCell };
}
