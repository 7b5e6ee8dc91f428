/**
 * BRK1xxx: every message of the lexer (10xx), the preprocessor (11xx) and the parser (12xx-13xx),
 * as data. A message and its hint are templates: `{name}` is replaced by the argument of that name.
 * Codes are stable: tests and users search for them, so never renumber; add new codes at the end of
 * their block.
 */
import type { DiagnosticBag, Diagnostic } from '../diagnostics.js';
import type { Span } from '../source.js';
import { formatTemplate } from './template.js';

export interface MessageTemplate {
  message: string;
  hint?: string;
  /** Default 'error'. */
  severity?: 'error' | 'warning' | 'note';
}

export const SYNTAX_MESSAGES = {
  // ---- lexer
  BRK1001: { message: 'unterminated comment', hint: "close the comment with '*/'" },
  BRK1002: { message: 'unterminated string literal', hint: 'add the closing \'"\' on the same line (a string cannot span lines; write "a" "b" to join pieces)' },
  BRK1003: { message: 'unterminated character literal', hint: "add the closing \"'\"" },
  BRK1004: { message: "stray character '{char}' in the program", hint: 'delete it; C and Brook use only ASCII operators' },
  BRK1005: { message: "invalid number '{text}': {reason}" },
  BRK1008: { message: "'{text}' is not a valid float literal", hint: "write '{digits}.0f' (it is read as that float)", severity: 'warning' },
  BRK1009: { message: "unknown escape sequence '{escape}'", hint: 'use \\n, \\t, \\\\, \\", \\\', \\0, \\xHH or an octal escape' },
  BRK1010: { message: 'empty character literal', hint: "put one character between the quotes, as in 'a'" },
  BRK1011: { message: 'character literal {text} has more than one character', hint: 'use a string ("...") for text; a char literal holds one character' },
  BRK1012: { message: "'{text}' starts with 0, so it is octal, and octal has no digits 8 or 9: read as {digits} (= {value}), as BrookGPU's brcc read it", hint: 'drop the leading 0 for the decimal number, or write only the digits 0-7 for an octal one', severity: 'warning' },

  // ---- preprocessor
  BRK1101: { message: "unknown preprocessor directive '#{name}'", hint: 'known directives: #include #define #undef #if #ifdef #ifndef #elif #else #endif #error #pragma #line' },
  BRK1102: { message: "'#{name}' without a matching #if", hint: 'remove it, or add the #if/#ifdef it belongs to' },
  BRK1103: { message: "unterminated '#{name}'", hint: "add '#endif' to close it" },
  BRK1104: { message: "'#{name}' after '#else'", hint: "'#else' must be the last branch of an #if; move it or use #endif first" },
  BRK1105: { message: '#error {text}' },
  BRK1106: { message: "expected a macro name after '#{name}'", hint: 'write #{name} NAME' },
  BRK1107: { message: "macro '{name}' redefined differently", hint: "#undef it first if the new definition is intended", severity: 'warning' },
  BRK1108: { message: "macro '{name}' expects {expected} argument{s}, but {given} {were} given", hint: 'see its #define; wrap an argument containing a comma in parentheses' },
  BRK1109: { message: "unterminated argument list of macro '{name}'", hint: "add the missing ')'" },
  BRK1110: { message: "'#' must be followed by a macro parameter name in a function-like macro", hint: "the # operator turns a parameter into a string, as in #define STR(x) #x" },
  BRK1111: { message: "'##' cannot appear at either end of a macro's replacement", hint: '## pastes the tokens on its two sides together' },
  BRK1112: { message: "pasting '{left}' and '{right}' does not give a valid token", hint: 'the result of ## must be one token, as in x ## 1 -> x1' },
  BRK1113: { message: 'invalid macro parameter list', hint: 'write #define NAME(a, b) with names separated by commas; no space between NAME and (' },
  BRK1114: { message: "duplicate macro parameter '{name}'" },
  BRK1115: { message: 'expected an expression in #{name}' },
  BRK1116: { message: "invalid token '{text}' in #{name} expression", hint: 'only integer constants, macros, defined(NAME) and C operators are allowed' },
  BRK1117: { message: "missing ')' in #{name} expression" },
  BRK1118: { message: 'division by zero in #{name} expression' },
  BRK1119: { message: 'expected a file name after #include', hint: 'write #include "file.brh" or #include <header.h>' },
  BRK1120: { message: "cannot find include file '{name}'", hint: "the file is looked up next to the including file, then in each folder given with -I DIR (brook run -I DIR)" },
  BRK1121: { message: "#include nested too deeply (over {depth} levels) at '{name}'", hint: 'a header probably includes itself; add an include guard (#ifndef X / #define X / #endif)' },
  BRK1122: { message: "'defined' must be followed by a macro name", hint: 'write defined(NAME) or defined NAME' },
  BRK1123: { message: "extra tokens after '#{name}'", hint: 'remove them (or turn them into a comment)', severity: 'warning' },
  BRK1124: { message: "floating-point number in #{name} expression", hint: 'preprocessor conditions compute with integers only' },
  BRK1125: { message: "cannot #undef or #define built-in macro '{name}'", severity: 'warning' },
  BRK1126: { message: "macro uses nested more than {max} levels deep in '{name}'", hint: 'a macro argument probably expands to itself; simplify the macro' },

  // ---- parser
  BRK1201: { message: "expected ';' after {what}", hint: "add ';' at the end of {what}" },
  BRK1202: { message: 'expected {expected}, found {found}' },
  BRK1203: { message: "unmatched '}'", hint: "the braces are unbalanced: remove this '}', or add the '{' it should close" },
  BRK1204: { message: "unmatched '{'", hint: "the braces are unbalanced: add the '}' that closes this block" },
  BRK1205: { message: "expected ')'", hint: "add ')' to match the '(' noted below" },
  BRK1206: { message: "expected ']'", hint: "add ']' to match the '[' noted below" },
  BRK1207: { message: 'expected an expression, found {found}', hint: 'an operand is missing here: write a value, a name or a parenthesized expression' },
  BRK1208: { message: 'expected a declaration, found {found}', hint: 'the top level of a .br file holds declarations and function definitions' },
  BRK1209: { message: "{kw} function '{name}' needs a return type", hint: "write '{kw} void {name}(...)'" },
  BRK1210: { message: "a stream's extents must all be written in one <>", hint: "write '{type} {name}<{dims}>'; a stream cannot also be a C array" },
  BRK1211: { message: "{qual} argument '{name}' must be a stream", hint: "write '{qual} {type} {name}<>'" },
  BRK1212: { message: "unexpected '>'", hint: 'a stray > here; remove it, or check the stream declaration before it' },
  BRK1213: { message: 'a kernel stream parameter takes no extents', hint: "write '{name}<>'; the extents come from the stream passed at the call" },
  BRK1214: { message: "'{qual}' parameters are only allowed in a kernel or reduce function", hint: "a host function takes a stream as 'float s<>' (or 'float (*s)<>' to replace it with streamSwap) and passes it to kernels; mark the function 'kernel' to write its elements" },
  BRK1215: { message: "expected a type name", hint: 'a declaration starts with a type such as float, float4, int or a typedef name' },
  BRK1216: { message: "expected a name in the declaration, found {found}" },
  BRK1217: { message: "unknown type '{name}'", hint: "declare it with typedef first, or fix the spelling" },
  BRK1218: { message: "function definitions cannot be nested", hint: 'move the function to the top level' },
  BRK1219: { message: "'case' outside of a switch", hint: "'case' and 'default' labels belong inside switch (...) { ... }" },
  BRK1220: { message: "expected 'while' after the body of a do statement", hint: 'write do { ... } while (cond);' },
  BRK1221: { message: "'else' without a matching 'if'", hint: "check the braces and ';' before it: a ';' after 'if (...)' ends the if" },
  BRK1223: { message: "'{name}' has no return type; assuming int", hint: "write 'int {name}(...)'", severity: 'warning' },
  BRK1224: { message: "expected a parameter declaration, found {found}" },
  BRK1225: { message: 'missing {kind} name after {what}' },
  BRK1226: { message: "'indexof' needs a stream name", hint: 'write indexof(s) or indexof s, where s is a stream parameter' },
  BRK1227: { message: "'{kw}' cannot be used as a name", hint: 'it is a keyword in Brook; choose another name' },
  BRK1228: { message: 'unions are not supported', hint: 'use a struct' },
  BRK1229: { message: "a stream declaration needs its extents", hint: "write '{name}<10>' or '{name}<rows, cols>'; only kernel parameters use '<>'" },
  BRK1230: { message: 'a stream can have at most 4 dimensions', hint: 'reshape the data into 4 or fewer dimensions' },
  BRK1231: { message: "expected ':' in the conditional expression", hint: 'write cond ? a : b' },
  BRK1233: { message: 'a statement outside of a function', hint: 'in a .br file statements go inside a function such as main; only notebook cells run top-level statements' },
  BRK1235: { message: 'nesting deeper than {max} levels', hint: 'split the expression or statement into smaller pieces' },
  BRK1236: { message: 'the program is nested too deeply to compile', hint: 'split deeply nested expressions, statements or macro uses into smaller pieces' },
  BRK1237: { message: 'too many errors ({max}); stopping here', hint: 'fix the first errors: the later ones often follow from them', severity: 'note' },

  // ---- C and C++ of the BrookGPU era (programs of 2004-2007 as they were written)
  BRK1238: { message: "function '{name}' is declared but never defined", hint: "define it in one of the program's files, or name the file that defines it on the command line" },
  BRK1239: { message: "'{name}' is a pointer to a function: not supported", hint: 'call the function by its name' },
  BRK1240: { message: "'{first} {second}': {why}", hint: "keep one of the two words; write 'out float o<>' for an output" },
  BRK1241: { message: "'{decl}': a kernel parameter cannot be a C++ reference (references are host code only)", hint: "a kernel writes through 'out' streams; in host code pass a pointer instead ('{type} *{name}', call with &x, use *{name}), or write 'const {type}& {name}' if the function only reads it" },
  BRK1242: { message: "inline assembly {what} cannot run here: the statement is skipped{effect}", hint: 'only rdtsc (the cycle counter BrookGPU-era timings read) runs here, as a nominal 1 GHz clock; other assembly is skipped (this warning is given once per program)', severity: 'warning' },
  BRK1243: { message: "'{construct}': {why}; not supported", hint: 'this compiler takes C with Brook' },
  BRK1244: { message: "a second function '{name}' with the same parameters and another return type ({second}; the first is {first}): overloads must differ in their parameters", hint: 'give this variant its own name, or make the return types agree' },
  BRK1245: { message: "'{call}': calling a method is C++; not supported", hint: "C and Brook have functions only: write a function that takes the value (vector components are .x .y .z .w); this is reported once per program" },
  BRK1259: { message: "{type} '{name}': {why}", hint: 'write brook::stream {name}(brook::getStreamType((float *)0), 10, 5, -1), the same as float {name}<10, 5>; or brook::iter {name}(brook::__BRTFLOAT2, 10, 5, -1, 0.0f, 0.0f, 1.0f, 1.0f, -1), the same as iter float2 {name}<10, 5> = iter(float2(0, 0), float2(1, 1))' },
  // ---- Brook libraries (runtime/library): codes from the BLAS range BRK5200-BRK5249
  BRK5200: { message: "'#pragma brook native({name})' is not followed by a kernel definition", hint: 'put the pragma on the line before the kernel it names (kernel void k(...) { ... }); nothing else may come between' },
} as const satisfies Record<string, MessageTemplate>;

export type SyntaxCode = keyof typeof SYNTAX_MESSAGES;


/** Format a message without recording it (tests and other stages may use it). */
export function formatSyntax(code: SyntaxCode, args: Record<string, string | number> = {}): { message: string; hint?: string } {
  return formatTemplate(SYNTAX_MESSAGES[code], args);
}

/** Record diagnostic `code` at `span`. */
export function reportSyntax(
  bag: DiagnosticBag,
  code: SyntaxCode,
  span: Span,
  args: Record<string, string | number> = {},
  extra?: { hint?: string; related?: Diagnostic['related'] },
): Diagnostic {
  const t: MessageTemplate = SYNTAX_MESSAGES[code];
  const { message, hint } = formatSyntax(code, args);
  const finalHint = extra?.hint ?? hint;
  const d = t.severity === 'warning' ? bag.warning(code, span, message, finalHint) : bag.error(code, span, message, finalHint);
  if (t.severity === 'note') d.severity = 'note';
  if (extra?.related) d.related = extra.related;
  return d;
}
