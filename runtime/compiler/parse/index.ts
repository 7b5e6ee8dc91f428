/**
 * The Brook front end: preprocess, lex and parse one source file into a TranslationUnit.
 *
 * Contract:
 * - In: a SourceSet and the id of the file to parse; `readInclude` resolves `#include "x"` (the file
 *   it returns is added to the SourceSet, so spans point into it); `predefined` are -D macros;
 *   `typedefNames` are typedef names from earlier notebook cells (the parser must know type names to
 *   tell `(T) x` from `(a) * b`); `allowTopLevelStatements` for notebook cells.
 * - Out: the tree (every node with a span into user text), the diagnostics of all three stages
 *   (BRK1xxx, messages in messages/syntax.ts) in source order, the macro table after the file (for
 *   later cells), and the typedef names visible at its end (those passed in included).
 * - Never throws on bad input: errors become diagnostics and the tree holds what could be parsed
 *   (a broken declaration or statement is left out). The tree is meaningful for the checker only
 *   when there are no errors. Warnings (BRK1008 `3f`, BRK1107 macro redefined, BRK1123, BRK1125,
 *   BRK1223 implicit int, #warning) do not stop compilation.
 *
 * Layout: parser.ts (cursor, scopes, recovery primitives), contextual.ts (Brook keywords that are
 * also C names), cxx-std-vector.ts, cxx-std-string.ts, cxx-std-map.ts, cxx-std-queue.ts, cxx-std-sort.ts (std::vector, std::string, std::map, std::queue, std::sort in the subset), cxx-templates.ts (templates instantiated), cxx-namespaces.ts (namespaces and `::` qualifiers removed), cxx.ts (C++ constructs reported once, before parsing), cxx-references.ts and cxx-stream-io.ts (C++ references and `std::cout <<` lowered to C after parsing), asm.ts (inline assembly), toplevel.ts, declarations.ts, statements.ts, expressions.ts, fold.ts (enum values).
 */
import type { TranslationUnit } from '../ast.js';
import { DiagnosticBag, type Diagnostic } from '../diagnostics.js';
import type { SourceSet } from '../source.js';
import { preprocess, type MacroDef, type NativePragma } from '../preprocess.js';
import { copyToken, lex, type Token } from '../lex.js';
import { Parser } from './parser.js';
import { demoteContextualKeywords } from './contextual.js';
import { parseTranslationUnit } from './toplevel.js';
import { parseTypeSpecifiers } from './declarations.js';
import { parseBlock } from './statements.js';
import { reportSyntax } from '../messages/syntax.js';
import { lowerStreamCreate, lowerUsingBrook } from './brook-using.js';
import { findCxxConstruct, mergeBrookRuntimeNames } from './cxx.js';
import { lowerReferences } from './cxx-references.js';
import { lowerValueInit } from './cxx-value-init.js';
import { lowerClasses } from './cxx-class-lower.js';
import { lowerNamespaces } from './cxx-namespaces.js';
import { instantiateTemplates } from './cxx-templates.js';
import { lowerStdVector } from './cxx-std-vector.js';
import { lowerStdQueue } from './cxx-std-queue.js';
import { lowerStdSort, mergeStdSort } from './cxx-std-sort.js';
import { lowerStdString } from './cxx-std-string.js';
import { lowerStdMap } from './cxx-std-map.js';
import { fillDefaultArguments } from './cxx-default-args.js';
import { lowerStreamOutput, mergeStdStreamNames } from './cxx-stream-io.js';

export { lex, KEYWORDS, type Token, type TokenKind } from '../lex.js';
export { preprocess, type MacroDef, type PreprocessOptions, type PreprocessResult } from '../preprocess.js';

export interface ParseOptions {
  readInclude?: (name: string, fromFileName: string) => { name: string; text: string } | undefined;
  /** -D style macros: name (or `F(a, b)`) -> replacement text. */
  predefined?: Record<string, string>;
  /** Typedef names known from earlier notebook cells. */
  typedefNames?: Iterable<string>;
  /** Notebook cells: statements at top level run like a REPL. A missing ';' after the cell's last
   *  statement is accepted (a bare `result` displays the stream). */
  allowTopLevelStatements?: boolean;
  /** Macros from earlier notebook cells (the `macros` of their parse results). */
  macros?: ReadonlyMap<string, MacroDef>;
}

export interface ParseResult {
  unit: TranslationUnit;
  diagnostics: Diagnostic[];
  /** Macros defined after this file (predefined and carried-over ones included). */
  macros: Map<string, MacroDef>;
  /** Typedef names declared at the top level (including those passed in). */
  typedefNames: string[];
}

export function parseSource(sources: SourceSet, fileId: number, options: ParseOptions = {}): ParseResult {
  const bag = new DiagnosticBag();
  try {
    const { tokens, macros, natives } = preprocess(sources, fileId, {
      diagnostics: bag,
      readInclude: options.readInclude,
      predefined: options.predefined,
      macros: options.macros,
    });
    // A header that cannot be had (windows.h, GLUT) leaves its names undeclared: parsing the file would
    // only add a cascade of errors after the one that names the header.
    if (bag.items.some((d) => d.code === 'BRK1243')) {
      const span = { file: fileId, start: 0, end: 0 };
      const unit: TranslationUnit = { kind: 'TranslationUnit', span, items: [], statements: [], order: [] };
      return { unit, diagnostics: inSourceOrder(bag.items), macros, typedefNames: [...(options.typedefNames ?? [])] };
    }
    const { unit, typedefNames } = parseTokens(tokens, bag, options);
    attachNatives(unit, natives, bag);
    return { unit, diagnostics: inSourceOrder(bag.items), macros, typedefNames };
  } catch (e) {
    // The parser and preprocessor bound their own nesting; this is the last line of defence for
    // input nested so deeply (an #if expression, say) that the JavaScript stack runs out.
    if (!(e instanceof RangeError)) throw e;
    const span = { file: fileId, start: 0, end: 0 };
    reportSyntax(bag, 'BRK1236', span);
    const unit: TranslationUnit = { kind: 'TranslationUnit', span, items: [], statements: [], order: [] };
    return { unit, diagnostics: bag.items, macros: new Map(options.macros ?? []), typedefNames: [...(options.typedefNames ?? [])] };
  }
}

/** Parse already preprocessed tokens (tests, and callers that preprocess themselves). */
export function parseTokens(
  tokens: Token[],
  bag: DiagnosticBag,
  options: Pick<ParseOptions, 'typedefNames' | 'allowTopLevelStatements'> = {},
): { unit: TranslationUnit; typedefNames: string[] } {
  // The C++ token passes only rewrite what follows a `::` or one of C++'s words; a program with
  // neither (every C program) skips them: seven whole-token passes were a third of parsing time.
  const cxxPasses = mayNeedCxxPasses(tokens);
  const templates = cxxPasses ? instantiateTemplates(lowerStdQueue(lowerStdMap(lowerStdVector(lowerStdString(lowerStreamCreate(mergeStdSort(mergeBrookRuntimeNames(lowerUsingBrook(tokens))))))))) : { tokens, error: undefined };
  if (cxxPasses) tokens = mergeStdStreamNames(lowerNamespaces(templates.tokens));
  const cxx = templates.error ?? findCxxConstruct(tokens);
  if (cxx) {
    // One error naming the construct instead of the cascade that parsing C++ as C would give.
    reportSyntax(bag, 'BRK1243', cxx.span, { construct: cxx.construct, why: cxx.why }, { hint: cxx.hint });
    const span = { file: cxx.span.file, start: 0, end: 0 };
    return { unit: { kind: 'TranslationUnit', span, items: [], statements: [], order: [] }, typedefNames: [...(options.typedefNames ?? [])] };
  }
  const parser = new Parser(demoteContextualKeywords(tokens), bag, { typeSpecifiers: parseTypeSpecifiers, block: parseBlock }, options);
  const unit = parseTranslationUnit(parser);
  if (!bag.hasErrors && cxxPasses && tokens.some((t) => t.text === 'std__sort')) {
    lowerStdSort(unit, bag, (text, at) => {
      const made = lex(text, at.span.file).map((t) => copyToken(t, { span: at.span, expanded: true }));
      return parseTokens(made, bag, { typedefNames: parser.topLevelTypedefs() }).unit.items;
    });
  }
  if (!bag.hasErrors) lowerClasses(unit, bag);
  if (!bag.hasErrors && cxxPasses) lowerValueInit(unit, bag);
  if (!bag.hasErrors) fillDefaultArguments(unit);
  if (!bag.hasErrors) {
    lowerReferences(unit);
    if (tokens.some((t) => t.kind === 'ident' && t.text.startsWith('std::'))) lowerStreamOutput(unit);
  }
  return { unit, typedefNames: parser.topLevelTypedefs() };
}

/** Words after which (or a `::`) the C++ token passes (namespaces, std::string/vector/map, templates,
 *  brook:: and std:: names) may rewrite something; without any, they leave the tokens as they are. */
const CXX_PASS_WORDS: ReadonlySet<string> = new Set(['namespace', 'using', 'template', 'class', 'operator', 'typename', 'std', 'brook', 'string', 'vector', 'map', 'queue', 'cout', 'cerr', 'endl']);

function mayNeedCxxPasses(tokens: Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (CXX_PASS_WORDS.has(t.text)) return true;
    if (t.text === ':' && tokens[i + 1]?.text === ':') return true; // `::` lexes as two colons
  }
  return false;
}

/**
 * Each `#pragma brook native(NAME)` names the kernel defined next in the same file (nothing else may
 * come between). A pragma with no kernel after it is an error: the author meant to mark something.
 */
function attachNatives(unit: TranslationUnit, natives: NativePragma[], bag: DiagnosticBag): void {
  for (const n of natives) {
    let next: TranslationUnit['items'][number] | undefined;
    for (const item of unit.items) {
      if (item.span.file !== n.span.file || item.span.start < n.span.end) continue;
      if (!next || item.span.start < next.span.start) next = item;
    }
    if (next && next.kind === 'FunctionDecl' && next.brook === 'kernel' && next.body) next.native = { name: n.name, span: n.span };
    else reportSyntax(bag, 'BRK5200', n.span, { name: n.name });
  }
}

/** Diagnostics by file, then position (stable: a diagnostic's notes and equal positions keep their
 *  order), so a user reads them top to bottom whichever stage found them. */
function inSourceOrder(items: Diagnostic[]): Diagnostic[] {
  return items
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.span.file - b.d.span.file || a.d.span.start - b.d.span.start || a.i - b.i)
    .map((x) => x.d);
}
