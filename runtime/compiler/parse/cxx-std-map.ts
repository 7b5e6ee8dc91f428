/**
 * `std::map<K, V>` in host code (docs/CXX.md): a class template written in the C++ subset (PRELUDE),
 * put before the file when it names `std::map`, instantiated by cxx-templates.ts. The entries
 * (`std__pair<K, V>`: `first`, `second`) are kept sorted by `<` on the keys (a class key needs its
 * `operator<`), in checked host memory; an iterator is a `std__pair<K, V> *`.
 *
 *   m[k] (inserts a zeroed value when k is absent), m.find(k) (m.end() when absent), m.count(k),
 *   m.size(), m.empty(), m.erase(k), m.clear(), begin()/end() loops with it->first, it->second
 *
 * Differences from the standard library: memory is not freed (no destructors run); a new value of a
 * class type is zeroed, not default-constructed; an iterator is invalidated by any insertion.
 */
import { copyToken, type Token } from '../lex.js';
import { lowerStdTemplate } from './cxx-std-vector.js';

const PRELUDE = `
template <class K, class V> struct std__pair { K first; V second; };
template <class K, class V> struct std__map {
  std__pair<K, V>* items; unsigned int n; unsigned int room;
  std__map() : items(0), n(0), room(0) {}
  unsigned int size() const { return n; }
  bool empty() const { return n == 0; }
  std__pair<K, V>* begin() { return items; }
  std__pair<K, V>* end() { return items + n; }
  unsigned int lower(K key) {
    unsigned int lo = 0;
    unsigned int hi = n;
    while (lo < hi) {
      unsigned int mid = (lo + hi) / 2;
      if (items[mid].first < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  bool holds(unsigned int at, K key) { return at < n && !(key < items[at].first); }
  std__pair<K, V>* find(K key) { unsigned int at = lower(key); return holds(at, key) ? items + at : items + n; }
  unsigned int count(K key) { return holds(lower(key), key) ? 1 : 0; }
  V& operator[](K key) {
    unsigned int at = lower(key);
    if (holds(at, key)) return items[at].second;
    if (n == room) {
      unsigned int more = room ? 2 * room : 8;
      std__pair<K, V>* grown = (std__pair<K, V>*)malloc(sizeof(std__pair<K, V>) * more);
      for (unsigned int i = 0; i < n; i++) grown[i] = items[i];
      if (items) free(items);
      items = grown;
      room = more;
    }
    for (unsigned int i = n; i > at; i--) items[i] = items[i - 1];
    memset(&items[at], 0, sizeof(std__pair<K, V>));
    items[at].first = key;
    n++;
    return items[at].second;
  }
  unsigned int erase(K key) {
    unsigned int at = lower(key);
    if (!holds(at, key)) return 0;
    for (unsigned int i = at; i + 1 < n; i++) items[i] = items[i + 1];
    n--;
    return 1;
  }
  void clear() { n = 0; }
};
`;

/** `std::map<K, V>` -> `std__map<K, V>`; its `::iterator` -> `std__pair<K, V> *`. */
export function lowerStdMap(input: Token[]): Token[] {
  return lowerStdTemplate(input, 'map', PRELUDE, (args, close) => {
    const pair = { ...copyToken(close, { text: 'std__pair' }), kind: 'ident' as const };
    const open = copyToken(close, { text: '<' });
    return [pair, open, ...args, copyToken(close, { text: '>' }), copyToken(close, { text: '*' })];
  });
}
