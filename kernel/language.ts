/**
 * Completion and inspection from the TypeScript language service, over what the session has declared so far.
 *
 * The service sees virtual files in the notebook's folder (so `import('arquero')` types resolve from its
 * node_modules): one ambient file (the kernel's globals plus what the evaluator hook declared through
 * setDeclarations), one script per executed TypeScript cell, and the cell being edited. Executed cells are
 * turned into global scripts: imports become `declare const` of `typeof import(...)`, `export` is dropped,
 * line magics become blank lines; a cell whose every name a later cell declares again is dropped, so a
 * re-run cell does not leave two declarations of one name. Its first program costs a second or two: the
 * session runs it in a worker thread, warmed at kernel start (checker.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TS from 'typescript';
import { ambientDeclarations } from './magics-api.js';
import { ts } from './typescript.js';

/** Declarations of the globals the kernel defines for cells (session.ts installs them). */
export const KERNEL_GLOBALS_DTS = `
interface DisplayOptions { display_id?: string; update?: boolean; metadata?: Record<string, unknown> }
/** Shows a value below the cell (rich output through the kernel's format rules). */
declare function display(value: unknown, options?: DisplayOptions): void;
/** tslab's display methods: display.html(...), display.png(...), ... */
declare namespace display {
  function html(s: string): void; function markdown(s: string): void; function latex(s: string): void;
  function svg(s: string): void; function png(b: Uint8Array): void; function jpeg(b: Uint8Array): void;
  function gif(b: Uint8Array): void; function pdf(b: Uint8Array): void; function text(s: string): void;
  function raw(mime: string, content: unknown): void;
}
/** Clears the cell's output; with wait, when the next output arrives. */
declare function clearOutput(wait?: boolean): void;
/** Shows text in the pager (the panel for help text). */
declare function page(value: unknown): void;
/** Asks the user for a line of text through the notebook (stdin channel); null when cancelled. */
declare function prompt(message?: string, defaultValue?: string): string | null;
interface TslabDisplay {
  html(s: string): void; markdown(s: string): void; latex(s: string): void; svg(s: string): void;
  png(b: Uint8Array): void; jpeg(b: Uint8Array): void; gif(b: Uint8Array): void; pdf(b: Uint8Array): void;
  text(s: string): void; raw(mime: string, content: unknown): void;
}
/** tslab's API (tslab notebooks run unchanged; \`import * as tslab from "tslab"\` gives this object). */
declare const tslab: { display: TslabDisplay; newDisplay(): TslabDisplay; isNode: boolean; isBrowser: boolean };
declare module 'tslab' {
  export const display: TslabDisplay;
  export function newDisplay(): TslabDisplay;
  export const isNode: boolean;
  export const isBrowser: boolean;
}
`;

/** TS2339 "Property 'x' does not exist on type 'T'" and TS2551 (the same, with "Did you mean 'y'?"). */
const CHECKED_CODES = new Set([2339, 2551]);

export interface TypeErrorAt {
  /** UTF-16 offset and length in the cell. */
  start: number;
  length: number;
  message: string;
  code: number;
}

interface CellFile {
  name: string;
  text: string;
  names: Set<string>;
}

export interface Completion {
  matches: string[];
  start: number;
  end: number;
}

const kernelTypesRoot = (() => {
  // @types of the kernel's own install, so `process`, `Buffer` and node: modules are typed anywhere.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'node_modules', '@types', 'node'))) return join(dir, 'node_modules', '@types');
    dir = dirname(dir);
  }
  return undefined;
})();

/**
 * Node's own declarations (@types/node: about 2.3 MB, 60% of the first program's parse and check) join
 * the program only once the session needs them: a cell that names a Node global or imports a module,
 * a completion or an inspection (whose lists must hold them), or `warmNodeTypes()` when the checker is
 * idle. So the first TypeScript cell of a kernel, typically plain TypeScript, is checked without waiting
 * for them (first program: ~0.45 s of CPU against ~1.1 s). Without them `console` has the small
 * declaration below, so `console.lgo` is still caught. The check only reports properties that do not
 * exist (CHECKED_CODES): a Node name missing from the lean program is never reported, it types as
 * unknown; the lean program can only miss an error, never invent one.
 */
const NODE_USE = /\b(?:process|Buffer|require|module|exports|__dirname|__filename|global|NodeJS|setTimeout|setInterval|setImmediate|clearTimeout|clearInterval|clearImmediate|queueMicrotask|structuredClone|TextEncoder|TextDecoder|URL|URLSearchParams|fetch|performance|AbortController|AbortSignal|Blob|File|atob|btoa|crypto|EventTarget|Event|CustomEvent|MessageChannel|MessagePort|BroadcastChannel|WebAssembly|Response|Request|Headers|FormData|ReadableStream|WritableStream|TransformStream|DOMException|navigator|WebSocket)\b|\bimport\s*[\s{*('"]|\bimport\.meta\b/;

const LEAN_CONSOLE_DTS = `
interface Console {
  log(...data: any[]): void; error(...data: any[]): void; warn(...data: any[]): void; info(...data: any[]): void;
  debug(...data: any[]): void; trace(...data: any[]): void; dir(item?: any, options?: any): void;
  table(tabularData: any, properties?: string[]): void; time(label?: string): void; timeEnd(label?: string): void;
  timeLog(label?: string, ...data: any[]): void; count(label?: string): void; countReset(label?: string): void;
  group(...label: any[]): void; groupCollapsed(...label: any[]): void; groupEnd(): void;
  assert(condition?: boolean, ...data: any[]): void; clear(): void;
}
declare var console: Console;
`;

/** Rewrites an executed cell into a global script with the same line count. */
export function toGlobalScript(source: string): string {
  const t = ts();
  const noMagics = source.replace(/^%.*$/gm, (l) => ' '.repeat(l.length));
  const sf = t.createSourceFile('cell.ts', noMagics, t.ScriptTarget.ES2022, true, t.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const st of sf.statements) {
    if (t.isImportDeclaration(st)) {
      const spec = st.moduleSpecifier.getText(sf);
      const c = st.importClause;
      const decls: string[] = [];
      if (c?.name) decls.push(`declare const ${c.name.text}: typeof import(${spec}).default;`);
      if (c?.namedBindings && t.isNamespaceImport(c.namedBindings)) {
        decls.push(`declare const ${c.namedBindings.name.text}: typeof import(${spec});`);
      } else if (c?.namedBindings && t.isNamedImports(c.namedBindings)) {
        for (const el of c.namedBindings.elements) {
          const imported = (el.propertyName ?? el.name).getText(sf);
          const local = el.name.text;
          if (!c.isTypeOnly && !el.isTypeOnly) decls.push(`declare const ${local}: typeof import(${spec}).${imported};`);
          decls.push(`type ${local} = import(${spec}).${imported};`);
        }
      }
      const original = st.getText(sf);
      const lines = original.split('\n').length;
      edits.push({ start: st.getStart(sf), end: st.end, text: decls.join(' ') + '\n'.repeat(lines - 1) });
    } else if (t.isExportDeclaration(st) || t.isExportAssignment(st)) {
      edits.push({ start: st.getStart(sf), end: st.end, text: '' });
    } else if (t.canHaveModifiers(st)) {
      for (const m of t.getModifiers(st) ?? []) {
        if (m.kind === t.SyntaxKind.ExportKeyword || m.kind === t.SyntaxKind.DefaultKeyword) {
          edits.push({ start: m.getStart(sf), end: m.end, text: ' '.repeat(m.end - m.getStart(sf)) });
        }
      }
    }
  }
  let out = noMagics;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

export class LanguageService {
  private readonly files = new Map<string, { text: string; version: number }>();
  private cells: CellFile[] = [];
  /** One service per program kind (lean, or with @types/node), over one registry of parsed files. */
  private readonly services = new Map<boolean, TS.LanguageService>();
  private registry: TS.DocumentRegistry | undefined;
  /** Whether cells are checked with @types/node (see NODE_USE); never goes back to false. */
  private nodeTypes = false;
  private ambientVersion = -1;
  private readonly ambientFile: string;
  private readonly currentFile: string;
  private counter = 0;
  /** Bumped when the session's declarations change in a way a type check could see (see addCell). */
  private generation = 0;
  private readonly checked = new Map<string, { key: string; errors: TypeErrorAt[] }>();

  /** `ambient`: the session's declarations (in a worker thread, what the main thread sent last). */
  constructor(private readonly directory: string, private readonly ambient: () => { text: string; version: number } = ambientDeclarations) {
    this.ambientFile = join(directory, '__kernel_ambient__.d.ts');
    this.currentFile = join(directory, '__kernel_current__.ts');
  }

  /** Records an executed TypeScript cell and the top-level names it declared. */
  addCell(source: string, names: string[]): void {
    const declared = new Set(names);
    // A cell all of whose names are declared again is superseded (a re-run, typically).
    const keep: CellFile[] = [];
    const text = toGlobalScript(source);
    let sameAsBefore = false;
    for (const c of this.cells) {
      if (c.names.size > 0 && [...c.names].every((n) => declared.has(n))) {
        this.files.delete(c.name);
        sameAsBefore ||= c.text === text;
      } else keep.push(c);
    }
    // A re-run of an unchanged cell declares nothing new: earlier type checks stay valid. Nor does a
    // cell's own first run change its own check (its names were the current file's already).
    if (!sameAsBefore) {
      const own = this.checked.get(source);
      const wasCurrent = own?.key === this.checkKey();
      this.generation++;
      if (own && wasCurrent) own.key = this.checkKey();
    }
    this.needNodeTypesFor(source);
    const name = join(this.directory, `__kernel_cell_${++this.counter}__.ts`);
    keep.push({ name, text, names: declared });
    this.cells = keep;
    this.setFile(name, text);
  }

  private setFile(name: string, text: string): void {
    const old = this.files.get(name);
    if (old?.text === text) return;
    this.files.set(name, { text, version: (old?.version ?? 0) + 1 });
  }

  /** From now on, programs include @types/node (where the kernel's install has them). */
  useNodeTypes(): void {
    if (this.nodeTypes || !kernelTypesRoot) return;
    this.nodeTypes = true;
    this.ambientVersion = -1; // the ambient file loses its lean console
    this.generation++; // checks made without Node's types may differ now
  }

  /** Parses @types/node into the registry ahead of need (the checker's idle time), without switching. */
  warmNodeTypes(): void {
    if (!kernelTypesRoot) return;
    this.service(true).getProgram();
  }

  private needNodeTypesFor(text: string): void {
    if (!this.nodeTypes && NODE_USE.test(text)) this.useNodeTypes();
  }

  private get(): TS.LanguageService {
    const ambient = this.ambient();
    if (ambient.version !== this.ambientVersion) {
      this.ambientVersion = ambient.version;
      this.setFile(this.ambientFile, KERNEL_GLOBALS_DTS + (this.nodeTypes || !kernelTypesRoot ? '' : LEAN_CONSOLE_DTS) + ambient.text);
    }
    return this.service(this.nodeTypes || !kernelTypesRoot);
  }

  private service(withNode: boolean): TS.LanguageService {
    const have = this.services.get(withNode);
    if (have) return have;
    const t = ts();
    const options: TS.CompilerOptions = {
      target: t.ScriptTarget.ES2022,
      module: t.ModuleKind.ESNext,
      moduleResolution: t.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts'],
      types: withNode && kernelTypesRoot ? ['node'] : [],
      typeRoots: kernelTypesRoot ? [kernelTypesRoot] : undefined,
      strict: true,
      esModuleInterop: true,
      allowSyntheticDefaultImports: true,
      skipLibCheck: true,
      noEmit: true,
    };
    const host: TS.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => [...this.files.keys()],
      getScriptVersion: (f) => String(this.files.get(f)?.version ?? 0),
      getScriptSnapshot: (f) => {
        const v = this.files.get(f);
        if (v) return t.ScriptSnapshot.fromString(v.text);
        return existsSync(f) ? t.ScriptSnapshot.fromString(readFileSync(f, 'utf8')) : undefined;
      },
      getCurrentDirectory: () => this.directory,
      getDefaultLibFileName: (o) => t.getDefaultLibFilePath(o),
      fileExists: (f) => this.files.has(f) || t.sys.fileExists(f),
      readFile: (f) => this.files.get(f)?.text ?? t.sys.readFile(f),
      readDirectory: t.sys.readDirectory,
      directoryExists: t.sys.directoryExists,
      getDirectories: t.sys.getDirectories,
      realpath: t.sys.realpath,
    };
    this.registry ??= t.createDocumentRegistry();
    const service = t.createLanguageService(host, this.registry);
    this.services.set(withNode, service);
    return service;
  }

  private withCurrent(code: string): TS.LanguageService {
    this.needNodeTypesFor(code);
    this.setFile(this.currentFile, code.replace(/^%.*$/gm, (l) => ' '.repeat(l.length)));
    return this.get();
  }

  /**
   * Type errors in a cell that are certainly mistakes, checked before it runs: a property that does not
   * exist on a value's type (a misspelt `plot.caption`, `stream.shpae`), where JavaScript would give
   * `undefined` silently. Other diagnostics (implicit any, redeclarations across re-runs, names defined
   * at run time through globalThis) are left to run time: notebooks are written loosely. The answer for
   * one cell text is cached until the session's declarations change, so a re-run costs no check.
   */
  typeErrors(code: string): TypeErrorAt[] {
    const key = this.checkKey();
    const cached = this.checked.get(code);
    if (cached?.key === key) return cached.errors;
    const t = ts();
    const service = this.withCurrent(code);
    const program = service.getProgram();
    const errors = service
      .getSemanticDiagnostics(this.currentFile)
      .filter((d) => CHECKED_CODES.has(d.code) && d.start !== undefined)
      .filter((d) => !program || !receiverShadowsLibrary(t, program, this.ambientFile, d.file, d.start!))
      .map((d) => ({ start: d.start!, length: d.length ?? 1, message: t.flattenDiagnosticMessageText(d.messageText, '\n'), code: d.code }));
    if (this.checked.size > 200) this.checked.clear();
    this.checked.set(code, { key, errors });
    return errors;
  }

  private checkKey(): string {
    return `${this.generation}:${this.ambient().version}`;
  }

  /** Completions at a UTF-16 offset: the identifier being typed is replaced by each match. */
  complete(code: string, cursor: number): Completion {
    this.useNodeTypes(); // the lists must hold Node's names too
    let start = cursor;
    while (start > 0 && /[\w$]/.test(code[start - 1]!)) start--;
    let end = cursor;
    while (end < code.length && /[\w$]/.test(code[end]!)) end++;
    const prefix = code.slice(start, cursor);
    const info = this.withCurrent(code).getCompletionsAtPosition(this.currentFile, cursor, {
      includeCompletionsWithInsertText: false,
    });
    const matches = (info?.entries ?? [])
      .map((e) => e.name)
      .filter((n) => n.startsWith(prefix) && !n.startsWith('__kernel'))
      .sort((a, b) => a.localeCompare(b));
    return { matches: [...new Set(matches)], start, end };
  }

  /** Quick info (signature and documentation) for the name at or just before a UTF-16 offset. */
  inspect(code: string, cursor: number): { signature: string; documentation: string } | undefined {
    this.useNodeTypes();
    const service = this.withCurrent(code);
    let info = service.getQuickInfoAtPosition(this.currentFile, cursor);
    if (!info && cursor > 0) info = service.getQuickInfoAtPosition(this.currentFile, cursor - 1);
    if (!info) return undefined;
    const t = ts();
    const signature = t.displayPartsToString(info.displayParts);
    const docs = t.displayPartsToString(info.documentation);
    const tags = (info.tags ?? []).map((tag) => `@${tag.name} ${t.displayPartsToString(tag.text)}`.trim());
    return { signature, documentation: [docs, ...tags].filter((s) => s !== '').join('\n') };
  }
}

/**
 * Whether the property access at `start` reads a name that the session's ambient file declares and
 * the standard library declares too (a Brook stream called `escape`): TypeScript resolves it to the
 * library's declaration, so its "no such property" would be wrong; run time sees the session's value.
 */
function receiverShadowsLibrary(t: typeof TS, program: TS.Program, ambientFile: string, file: TS.SourceFile | undefined, start: number): boolean {
  if (!file) return false;
  let receiver: TS.Expression | undefined;
  const visit = (node: TS.Node): void => {
    if (receiver || start < node.pos || start >= node.end) return;
    if (t.isPropertyAccessExpression(node) && node.name.getStart(file) === start) receiver = node.expression;
    else t.forEachChild(node, visit);
  };
  visit(file);
  if (!receiver || !t.isIdentifier(receiver)) return false;
  const name = receiver.text;
  const declarations = program.getTypeChecker().getSymbolAtLocation(receiver)?.declarations ?? [];
  if (!declarations.some((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()))) return false;
  const ambient = program.getSourceFile(ambientFile);
  return ambient?.statements.some((st) =>
    t.isVariableStatement(st) && st.declarationList.declarations.some((d) => t.isIdentifier(d.name) && d.name.text === name)) ?? false;
}
