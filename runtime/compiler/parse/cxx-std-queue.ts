/**
 * `std::queue<T>` in host code (docs/CXX.md): a class template written in the C++ subset (PRELUDE),
 * put before the file when it names `std::queue` (`#include <queue>`), instantiated by
 * cxx-templates.ts. The elements are a growing array in checked host memory, `head` the front.
 *
 *   q.push(v), q.pop(), q.front(), q.back(), q.size(), q.empty()
 *
 * Differences from the standard library: memory is not freed (no destructors run); a copy of a
 * queue shares its elements.
 */
import { copyToken, type Token } from '../lex.js';
import { lowerStdTemplate } from './cxx-std-vector.js';

const PRELUDE = `
template <class T> struct std__queue {
  T* data; unsigned int head; unsigned int count; unsigned int room;
  std__queue() : data(0), head(0), count(0), room(0) {}
  unsigned int size() const { return count; }
  bool empty() const { return count == 0; }
  T& front() { return data[head]; }
  T& back() { return data[head + count - 1]; }
  void push(T value) {
    if (head + count == room) {
      unsigned int more = 2 * count > 8 ? 2 * count : 8;
      T* grown = (T*)malloc(sizeof(T) * more);
      for (unsigned int i = 0; i < count; i++) grown[i] = data[head + i];
      if (data) free(data);
      data = grown;
      head = 0;
      room = more;
    }
    data[head + count] = value;
    count++;
  }
  void pop() { head++; count--; }
};
`;

/** `std::queue<T>` -> `std__queue<T>` (a queue has no iterators). */
export function lowerStdQueue(input: Token[]): Token[] {
  return lowerStdTemplate(input, 'queue', PRELUDE, (args, close) => [...args, copyToken(close, { text: '*' })]);
}
