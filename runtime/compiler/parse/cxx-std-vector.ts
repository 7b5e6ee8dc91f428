/**
 * `std::vector<T>` in host code (docs/CXX.md): a class template written in the C++ subset (PRELUDE
 * below), put before the file's tokens when the file names `std::vector`, and instantiated by
 * cxx-templates.ts like any template. Its memory is the checked host memory (malloc / free).
 *
 *   std::vector<float3> v;   ->  std__vector<float3> v;   (then std__vector_of_float3)
 *   std::vector<T>::iterator, ::const_iterator   ->  T *   (begin() and end() are pointers)
 *   using std::vector;  vector<int> w;          ->  std__vector<int> w;
 *
 * Differences from the standard library (docs/CXX.md): a copy (`a = b`, passing by value) shares the
 * elements instead of copying them, and memory is not freed when a vector goes out of scope (no
 * destructors run); new elements of a class type are zeroed, not default-constructed. `clear()`
 * lets go of the elements (a later push_back starts a new block, capacity() is 0), so a copy stored
 * before (`all.push_back(row); row.clear();`, rapid_collide's guide) keeps its elements.
 * Growing copies the elements with memcpy (a class value is assigned member-wise in the subset: the
 * same bytes). push_back grows through std__vector_grow (inline, not static: a static one is a function of each
 * file, so push_back instantiated in two files would differ and be a redefinition), which takes values, not the vector: with
 * push_back inlined (codegen/host/inline.ts), a vector used only through its inlined members has no
 * address taken and its fields become locals (scalarize.ts).
 */
import { lex, copyToken, type Token } from '../lex.js';
import { isPunct, isScope } from './cxx.js';
import { closingAngle } from './cxx-templates.js';

const PRELUDE = `
inline void* std__vector_grow(void* data, unsigned int count, unsigned int n, unsigned int size) {
  void* grown = malloc(size * n);
  if (count) memcpy(grown, data, size * count);
  if (data) free(data);
  return grown;
}
template <class T> struct std__vector {
  T* data; unsigned int count; unsigned int room;
  std__vector() : data(0), count(0), room(0) {}
  std__vector(unsigned int n) : data(0), count(0), room(0) { resize(n); }
  std__vector(unsigned int n, T value) : data(0), count(0), room(0) { resize(n, value); }
  unsigned int size() const { return count; }
  bool empty() const { return count == 0; }
  unsigned int capacity() const { return room; }
  T& operator[](unsigned int i) { return data[i]; }
  T& at(unsigned int i) { return data[i]; }
  T& front() { return data[0]; }
  T& back() { return data[count - 1]; }
  T* begin() { return data; }
  T* end() { return data + count; }
  void reserve(unsigned int n) {
    if (n <= room) return;
    T* grown = (T*)malloc(sizeof(T) * n);
    if (count) memcpy(grown, data, sizeof(T) * count);
    if (data) free(data);
    data = grown;
    room = n;
  }
  void push_back(T value) { /* small enough to inline (codegen/host/inline.ts LIMIT) */
    if (count == room) data = (T*)std__vector_grow(data, count, room = room ? 2 * room : 4, sizeof(T));
    data[count++] = value;
  }
  void pop_back() { count--; }
  void clear() { data = 0; count = 0; room = 0; }
  void resize(unsigned int n) {
    reserve(n);
    for (unsigned int i = count; i < n; i++) memset(&data[i], 0, sizeof(T));
    count = n;
  }
  void resize(unsigned int n, T value) {
    reserve(n);
    for (unsigned int i = count; i < n; i++) data[i] = value;
    count = n;
  }
  T* insert(T* pos, unsigned int n, T value) {
    unsigned int at = pos - data;
    if (count + n > room) reserve(count + n > 2 * room ? count + n : 2 * room);
    for (unsigned int i = count; i > at; i--) data[i - 1 + n] = data[i - 1];
    for (unsigned int i = 0; i < n; i++) data[at + i] = value;
    count += n;
    return data + at;
  }
  T* insert(T* pos, T value) { return insert(pos, 1, value); }
  void swap(std__vector<T>& other) {
    T* d = data; unsigned int c = count; unsigned int r = room;
    data = other.data; count = other.count; room = other.room;
    other.data = d; other.count = c; other.room = r;
  }
  T* erase(T* pos) {
    for (T* p = pos; p + 1 < data + count; p++) *p = *(p + 1);
    count--;
    return pos;
  }
};
`;

const ITERATORS: ReadonlySet<string> = new Set(['iterator', 'const_iterator']);

/** `std::vector` (and `vector` after `using std::vector;` / `using namespace std;`) -> the prelude's. */
export function lowerStdVector(input: Token[]): Token[] {
  return lowerStdTemplate(input, 'vector', PRELUDE, (args, close) => [...args, copyToken(close, { text: '*' })]);
}

/**
 * A class template of the standard library written in the subset: `std::NAME<...>` (and `NAME<...>`
 * after `using std::NAME;` / `using namespace std;`) becomes `std__NAME<...>`, and
 * `std::NAME<...>::iterator` / `const_iterator` the tokens `iterator(args, '>')` gives; `prelude` is
 * put before the file when it is used (its tokens carry the first use's span).
 */
export function lowerStdTemplate(input: Token[], name: string, prelude: string, iterator: (args: Token[], close: Token) => Token[]): Token[] {
  const tokens = [...input];
  const usingAll = tokens.some((t, i) => t.text === 'using' && tokens[i + 1]?.text === 'namespace' && tokens[i + 2]?.text === 'std');
  let bare = usingAll;
  let first: Token | undefined;
  const out: Token[] = [];
  // `typedef std::NAME<...> T;`: `T::iterator` is the container's iterator too (subdivision's kstype).
  const typedefs = new Map<string, { args: Token[]; close: Token }>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const alias = t.kind === 'ident' ? typedefs.get(t.text) : undefined;
    if (alias && isScope(tokens, i + 1) && ITERATORS.has(tokens[i + 3]?.text ?? '')) {
      out.push(...iterator(alias.args, copyToken(alias.close, { span: t.span })));
      i += 3;
      continue;
    }
    // `using std::NAME;`
    if (t.text === 'using' && tokens[i + 1]?.text === 'std' && isScope(tokens, i + 2) && tokens[i + 4]?.text === name && isPunct(tokens[i + 5], ';')) {
      bare = true;
      i += 5;
      continue;
    }
    const qualified = t.text === 'std' && isScope(tokens, i + 1) && tokens[i + 3]?.text === name;
    const at = qualified ? i + 3 : (bare && t.kind === 'ident' && t.text === name && !isPunct(tokens[i - 1], '.') && !isPunct(tokens[i - 1], '->')) ? i : -1;
    if (at < 0 || !isPunct(tokens[at + 1], '<')) { out.push(t); continue; }
    first ??= t;
    const close = closingAngle(tokens, at + 1);
    if (close > 0 && isScope(tokens, close + 1) && ITERATORS.has(tokens[close + 3]!.text)) {
      out.push(...iterator(tokens.slice(at + 2, close), tokens[close]!));
      i = close + 3;
      continue;
    }
    const named = close > 0 ? tokens[close + 1] : undefined;
    if (named?.kind === 'ident' && isPunct(tokens[close + 2], ';') && tokens[i - 1]?.text === 'typedef') {
      typedefs.set(named.text, { args: tokens.slice(at + 2, close), close: tokens[close]! });
    }
    out.push({ ...copyToken(t, { text: `std__${name}` }), kind: 'ident' });
    i = at;
  }
  if (!first) return input;
  const use = first;
  const made = lex(prelude, use.span.file).filter((t) => t.kind !== 'eof').map((t) => copyToken(t, { span: use.span, expanded: true }));
  return [...made, ...out];
}
