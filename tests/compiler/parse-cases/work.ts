/**
 * Work counters for the front end's linearity tests: what a call did, counted, not timed (a count does
 * not move with the machine's load; speed itself is the bench's compiler group, bench/compiler.ts).
 * Each patches a prototype for the duration of one synchronous call and puts it back.
 */
import { Parser } from '../../../runtime/compiler/parse/parser.js';
import { HideSets } from '../../../runtime/compiler/preprocess-macros.js';

type Patch = [target: object, key: string, wrap: (orig: PropertyDescriptor) => PropertyDescriptor];

function counting(patches: Patch[], f: () => void): number {
  let n = 0;
  const saved = patches.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)!] as const);
  for (const [target, key, wrap] of patches) Object.defineProperty(target, key, wrap(Object.getOwnPropertyDescriptor(target, key)!));
  const inc = () => void n++;
  counter = inc;
  try {
    f();
  } finally {
    counter = undefined;
    for (const [target, key, d] of saved) Object.defineProperty(target, key, d);
  }
  return n;
}
let counter: (() => void) | undefined;

/** A method wrapped to count its calls. */
function method(d: PropertyDescriptor): PropertyDescriptor {
  const orig = d.value as (...a: unknown[]) => unknown;
  return { ...d, value: function (this: unknown, ...a: unknown[]) { counter?.(); return orig.apply(this, a); } };
}
/** A getter wrapped to count its reads. */
function getter(d: PropertyDescriptor): PropertyDescriptor {
  const orig = d.get!;
  return { ...d, get: function (this: unknown) { counter?.(); return orig.call(this); } };
}

/** Characters the call read from strings (charCodeAt, codePointAt): the lexer's work. */
export function charReads(f: () => void): number {
  return counting([[String.prototype, 'charCodeAt', method], [String.prototype, 'codePointAt', method]], f);
}

/** Token looks through the parser's cursor (tok, peek, prev, next): the parser's work, backtracking included. */
export function cursorLooks(f: () => void): number {
  const p = Parser.prototype;
  return counting([[p, 'tok', getter], [p, 'prev', getter], [p, 'peek', method], [p, 'next', method]], f);
}

/** Hide-set operations of macro expansion (add, union, intersect, and the interning of a new set). */
export function hideSetOps(f: () => void): number {
  const h = HideSets.prototype;
  return counting([[h, 'add', method], [h, 'union', method], [h, 'intersect', method], [h, 'intern', method]], f);
}
