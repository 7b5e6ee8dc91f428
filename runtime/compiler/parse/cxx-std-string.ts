/**
 * `std::string` in host code (docs/CXX.md): a class written in the C++ subset (PRELUDE below), put
 * before the file's tokens when the file names `std::string` (or `string` after `using std::string;`
 * / `using namespace std;`). Its characters live in checked host memory (malloc), always
 * NUL-terminated, so `c_str()` hands them to printf and the C string functions.
 *
 *   std::string s = "abc";   ->  std__string s("abc");   (copy-initialization is a constructor call)
 *   s + t, s + "x", s == t, s == "x", s != t, s += t, s[i], s.size(), s.length(), s.c_str(), s.empty()
 *
 * Differences from the standard library (docs/CXX.md): memory is not freed (no destructors run);
 * `"x" + s` (a literal on the left) is not accepted.
 */
import { lex, copyToken, type Token } from '../lex.js';
import { isPunct, isScope } from './cxx.js';

const PRELUDE = `
struct std__string {
  char* chars; unsigned int count;
  void take(const char* a, unsigned int na, const char* b, unsigned int nb) {
    chars = (char*)malloc(na + nb + 1);
    memcpy(chars, a, na);
    memcpy(chars + na, b, nb);
    chars[na + nb] = 0;
    count = na + nb;
  }
  std__string() { take("", 0, "", 0); }
  std__string(const char* s) { take(s, strlen(s), "", 0); }
  std__string(std__string o) { take(o.chars, o.count, "", 0); }
  std__string(unsigned int n, char c) { take("", 0, "", 0); for (unsigned int i = 0; i < n; i++) *this += c; }
  const char* c_str() const { return chars; }
  const char* data() const { return chars; }
  unsigned int size() const { return count; }
  unsigned int length() const { return count; }
  bool empty() const { return count == 0; }
  void clear() { take("", 0, "", 0); }
  char& operator[](unsigned int i) { return chars[i]; }
  char& at(unsigned int i) { return chars[i]; }
  std__string operator+(std__string o) const { std__string r; r.take(chars, count, o.chars, o.count); return r; }
  std__string operator+(const char* o) const { std__string r; r.take(chars, count, o, strlen(o)); return r; }
  std__string operator+(char c) const { char one[2]; one[0] = c; one[1] = 0; std__string r; r.take(chars, count, one, 1); return r; }
  std__string& operator+=(std__string o) { take(chars, count, o.chars, o.count); return *this; }
  std__string& operator+=(const char* o) { take(chars, count, o, strlen(o)); return *this; }
  std__string& operator+=(char c) { char one[2]; one[0] = c; one[1] = 0; take(chars, count, one, 1); return *this; }
  bool operator==(std__string o) const { return strcmp(chars, o.chars) == 0; }
  bool operator==(const char* o) const { return strcmp(chars, o) == 0; }
  bool operator!=(std__string o) const { return strcmp(chars, o.chars) != 0; }
  bool operator!=(const char* o) const { return strcmp(chars, o) != 0; }
  bool operator<(std__string o) const { return strcmp(chars, o.chars) < 0; }
  int compare(std__string o) const { return strcmp(chars, o.chars); }
};
`;

/** `std::string` -> the prelude's `std__string`; `std__string s = x;` -> `std__string s(x);`. */
export function lowerStdString(input: Token[]): Token[] {
  const tokens = input;
  const usingAll = tokens.some((t, i) => t.text === 'using' && tokens[i + 1]?.text === 'namespace' && tokens[i + 2]?.text === 'std');
  let bare = usingAll;
  let first: Token | undefined;
  const named: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === 'using' && tokens[i + 1]?.text === 'std' && isScope(tokens, i + 2) && tokens[i + 4]?.text === 'string' && isPunct(tokens[i + 5], ';')) {
      bare = true;
      i += 5;
      continue;
    }
    if (t.text === 'std' && isScope(tokens, i + 1) && tokens[i + 3]?.text === 'string') {
      first ??= t;
      named.push({ ...copyToken(t, { text: 'std__string' }), kind: 'ident' });
      i += 3;
      continue;
    }
    if (bare && t.kind === 'ident' && t.text === 'string' && !isPunct(tokens[i - 1], '.') && !isPunct(tokens[i - 1], '->') && usedAsType(tokens[i + 1])) {
      first ??= t;
      named.push({ ...copyToken(t, { text: 'std__string' }), kind: 'ident' });
      continue;
    }
    named.push(t);
  }
  if (!first) return input;
  const out: Token[] = [];
  for (let i = 0; i < named.length; i++) {
    const t = named[i]!;
    out.push(t);
    // `std__string s = x, u = y;` (a declaration, not an assignment: a type name precedes the name).
    if (t.text !== 'std__string') continue;
    let k = i + 1;
    while (named[k]?.kind === 'ident' && isPunct(named[k + 1], '=')) {
      out.push(named[k]!, copyToken(named[k + 1]!, { text: '(' }));
      let depth = 0;
      let j = k + 2;
      for (; j < named.length; j++) {
        const x = named[j]!;
        if (x.kind === 'punct' && (x.text === '(' || x.text === '[' || x.text === '{')) depth++;
        if (x.kind === 'punct' && (x.text === ')' || x.text === ']' || x.text === '}')) depth--;
        if (depth === 0 && (isPunct(x, ';') || isPunct(x, ','))) break;
        out.push(x);
      }
      out.push({ ...copyToken(named[j - 1]!, { text: ')' }), kind: 'punct' });
      if (!isPunct(named[j], ',')) { i = j - 1; break; }
      out.push(named[j]!);
      k = j + 1;
      i = j;
    }
  }
  const prelude = lex(PRELUDE, first.span.file).filter((t) => t.kind !== 'eof').map((t) => copyToken(t, { span: first.span, expanded: true }));
  return [...prelude, ...out];
}

/** After `using namespace std;`, `string` is the type where a type can stand (`string s`, `string&`,
 *  `string("x")`, `vector<string>`), and stays a C name elsewhere (`char *string;`, `string[i]`). */
function usedAsType(next: Token | undefined): boolean {
  return next !== undefined && (next.kind === 'ident' || ['&', '*', '>', '(', ','].includes(next.kind === 'punct' ? next.text : ''));
}
