/**
 * Display: one `format(value)` over an ordered list of rules (Deno's design). The first rule that answers
 * gives the mime bundle; `text/plain` is always added so every client (nbconvert to text, a terminal
 * console) has something to show. Adding a library means adding one rule with `addDisplayRule`.
 *
 * A Promise (any thenable) is awaited first and its value displayed: `display(stream.plot())` shows the
 * plot, not `Promise { <pending> }`.
 *
 * Rules, in order:
 *  1. `value[Symbol.for('Jupyter.display')]()` (Deno's convention; may return a Promise): the bundle as given.
 *  2. Primitives and null: util.inspect text.
 *  3. Vega-Lite and Vega specs by `$schema`: the v5 mime types JupyterLab renders.
 *  4. PNG, JPEG and GIF bytes (Uint8Array/Buffer by their magic numbers): base64 images.
 *  5. Objects with `_repr_html_()`, `toHTML()`, `_repr_markdown_()`, `_repr_svg_()`, `_repr_latex_()`.
 *  6. Everything else: util.inspect text.
 */
import { inspect } from 'node:util';
import type { MimeBundle } from './magics-api.js';

export const DISPLAY_SYMBOL = Symbol.for('Jupyter.display');

export interface Formatted {
  data: MimeBundle;
  metadata: Record<string, unknown>;
}

export type DisplayRule = (value: unknown) => Formatted | Promise<Formatted> | undefined;

export function inspectText(value: unknown): string {
  return inspect(value, { depth: 4, maxArrayLength: 100, maxStringLength: 10_000, breakLength: 100 });
}

function bundle(data: MimeBundle, metadata: Record<string, unknown> = {}): Formatted {
  return { data, metadata };
}

const displaySymbolRule: DisplayRule = (value) => {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  const fn = (value as Record<symbol, unknown>)[DISPLAY_SYMBOL];
  if (typeof fn !== 'function') return undefined;
  const result = (fn as () => unknown).call(value);
  const asBundle = (b: unknown): Formatted => {
    if (b === null || typeof b !== 'object') return bundle({ 'text/plain': String(b) });
    // A {data, metadata} pair is accepted as well as a bare bundle.
    const r = b as Record<string, unknown>;
    if (typeof r.data === 'object' && r.data !== null && !Object.keys(r).some((k) => k.includes('/'))) {
      return bundle(r.data as MimeBundle, (r.metadata as Record<string, unknown>) ?? {});
    }
    return bundle(r);
  };
  return result instanceof Promise ? result.then(asBundle) : asBundle(result);
};

const primitiveRule: DisplayRule = (value) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function')
    ? bundle({ 'text/plain': inspectText(value) })
    : undefined;

const vegaRule: DisplayRule = (value) => {
  const schema = (value as { $schema?: unknown }).$schema;
  if (typeof schema !== 'string') return undefined;
  const mime = schema.includes('vega-lite')
    ? 'application/vnd.vegalite.v5+json'
    : schema.includes('/vega/')
      ? 'application/vnd.vega.v5+json'
      : undefined;
  if (!mime) return undefined;
  const plain = schema.includes('vega-lite') ? '<VegaLite 5 object>' : '<Vega 5 object>';
  return bundle({ [mime]: JSON.parse(JSON.stringify(value)) as unknown, 'text/plain': plain });
};

function imageMime(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'image/gif';
  return undefined;
}

const imageRule: DisplayRule = (value) => {
  if (!(value instanceof Uint8Array)) return undefined;
  const mime = imageMime(value);
  if (!mime) return undefined;
  return bundle({ [mime]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'), 'text/plain': `<${mime}, ${value.length} bytes>` });
};

const REPR_METHODS: [string, string][] = [
  ['_repr_html_', 'text/html'],
  ['toHTML', 'text/html'],
  ['_repr_markdown_', 'text/markdown'],
  ['_repr_svg_', 'image/svg+xml'],
  ['_repr_latex_', 'text/latex'],
];

const reprRule: DisplayRule = (value) => {
  const v = value as Record<string, unknown>;
  for (const [method, mime] of REPR_METHODS) {
    if (typeof v[method] === 'function') {
      const out = (v[method] as () => unknown).call(value);
      if (typeof out === 'string') return bundle({ [mime]: out });
    }
  }
  return undefined;
};

const textRule: DisplayRule = (value) => bundle({ 'text/plain': inspectText(value) });

const rules: DisplayRule[] = [displaySymbolRule, primitiveRule, vegaRule, imageRule, reprRule];

/** Adds a rule before the catch-all text rule (after the earlier ones: the display symbol always wins). */
export function addDisplayRule(rule: DisplayRule): void {
  rules.push(rule);
}

/**
 * The mime bundle for a value; never throws (a failing rule shows as text with the failure). Synchronous
 * unless a display-symbol method returns a Promise, so `display(x); console.log(y)` keeps its order.
 */
export function format(value: unknown): Formatted | Promise<Formatted> {
  if (isThenable(value)) {
    return Promise.resolve(value).then(format, (err: unknown) =>
      bundle({ 'text/plain': `(display: the promise was rejected: ${(err as Error)?.message ?? String(err)})` }));
  }
  const failed = (err: unknown): Formatted =>
    bundle({ 'text/plain': `${plainFallback(value)}\n(display failed: ${(err as Error)?.message ?? String(err)})` });
  try {
    for (const rule of rules) {
      const r = rule(value);
      if (r === undefined) continue;
      return r instanceof Promise ? r.then(withText(value), failed) : withText(value)(r);
    }
    return textRule(value) as Formatted;
  } catch (err) {
    return failed(err);
  }
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

function withText(value: unknown) {
  return (result: Formatted): Formatted =>
    'text/plain' in result.data ? result : { data: { ...result.data, 'text/plain': plainFallback(value) }, metadata: result.metadata };
}

function plainFallback(value: unknown): string {
  try {
    return inspectText(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** tslab's `display` object (tslab.display.html(...) etc.), so tslab notebooks run unchanged. */
export function createTslabDisplay(emit: (data: MimeBundle) => void) {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return {
    html: (s: string) => emit({ 'text/html': s }),
    markdown: (s: string) => emit({ 'text/markdown': s }),
    latex: (s: string) => emit({ 'text/latex': s }),
    svg: (s: string) => emit({ 'image/svg+xml': s }),
    png: (b: Uint8Array) => emit({ 'image/png': b64(b) }),
    jpeg: (b: Uint8Array) => emit({ 'image/jpeg': b64(b) }),
    gif: (b: Uint8Array) => emit({ 'image/gif': b64(b) }),
    pdf: (b: Uint8Array) => emit({ 'application/pdf': b64(b) }),
    text: (s: string) => emit({ 'text/plain': s }),
    raw: (mime: string, content: unknown) => emit({ [mime]: content }),
  };
}
