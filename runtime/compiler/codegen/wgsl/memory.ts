/**
 * Reading and writing stream elements from storage buffers, and the index arithmetic every mode
 * shares: unflattening a linear position, shape resizing (exact in u32), gather rounding and clamping.
 */
import type { ScalarName, Type } from '../../types.js';
import { fixedValue, SHORTFIXED_STEP } from '../../types.js';
import { fieldName, scalarKind, wgslType, type WScalar } from './names.js';
import type { PagePlan, StorageKind } from './layout.js';
import { WGSL_GATHER_FUNCTIONS, WGSL_ITER_FUNCTIONS } from '../../facts/index.js';

/** Declaration of a storage binding for elements stored as `storage`. */
export function bindingDecl(binding: number, name: string, storage: StorageKind, writable: boolean, atomic = false): string {
  const elem = atomic ? 'atomic<u32>' : storage.kind === 'typed' ? storage.array : 'u32';
  return `@group(0) @binding(${binding}) var<storage, ${writable ? 'read_write' : 'read'}> ${name}: array<${elem}>;`;
}

/** `fn name(e: u32) -> T` loading element e. */
export function loadFn(fnName: string, buf: string, t: Type, storage: StorageKind): string {
  const ty = wgslType(t);
  if (storage.kind === 'typed') return `fn ${fnName}(e: u32) -> ${ty} { return ${buf}[e]; }`;
  let k = 0;
  const word = () => `${buf}[b + ${k++}u]`;
  const build = (ty2: Type): string => {
    if (ty2.kind === 'scalar') return fromWord(scalarKind(ty2), word());
    if (ty2.kind === 'vector') {
      const comps = Array.from({ length: ty2.size }, () => fromWord(scalarKind(ty2), word()));
      return `${wgslType(ty2)}(${comps.join(', ')})`;
    }
    if (ty2.kind === 'struct') return `${wgslType(ty2)}(${ty2.fields.map((f) => build(f.type)).join(', ')})`;
    if (ty2.kind === 'array' && ty2.length !== null) {
      return `${wgslType(ty2)}(${Array.from({ length: ty2.length }, () => build(ty2.elem)).join(', ')})`;
    }
    throw new Error(`internal: cannot load ${ty2.kind}`);
  };
  const expr = build(t);
  return `fn ${fnName}(e: u32) -> ${ty} {\n  let b = e * ${storage.words}u;\n  return ${expr};\n}`;
}

/** `fn name(e: u32, v: T)` storing element e. `narrow` (per flat component, from the parameter's
 *  declared storage type) narrows 8/16-bit and fixed components as they are stored. */
export function storeFn(fnName: string, buf: string, t: Type, storage: StorageKind, narrow: (ScalarName | undefined)[] = []): string {
  const ty = wgslType(t);
  if (storage.kind === 'typed') {
    if (!narrow.some((s) => s !== undefined)) return `fn ${fnName}(e: u32, v: ${ty}) { ${buf}[e] = v; }`;
    const value = t.kind === 'vector'
      ? `${ty}(${Array.from({ length: t.size }, (_, i) => narrowWgsl(narrow[i], `v.${'xyzw'[i]}`)).join(', ')})`
      : narrowWgsl(narrow[0], 'v');
    return `fn ${fnName}(e: u32, v: ${ty}) { ${buf}[e] = ${value}; }`;
  }
  const lines: string[] = [];
  let k = 0;
  const word = (kind: WScalar, v: string) => {
    lines.push(`  ${buf}[b + ${k}u] = ${toWord(kind, narrowWgsl(narrow[k], v))};`);
    k++;
  };
  const walk = (ty2: Type, path: string) => {
    if (ty2.kind === 'scalar') word(scalarKind(ty2), path);
    else if (ty2.kind === 'vector') {
      for (let i = 0; i < ty2.size; i++) word(scalarKind(ty2), `${path}.${'xyzw'[i]}`);
    } else if (ty2.kind === 'struct') for (const f of ty2.fields) walk(f.type, `${path}.${fieldName(f.name)}`);
    else if (ty2.kind === 'array' && ty2.length !== null) for (let i = 0; i < ty2.length; i++) walk(ty2.elem, `${path}[${i}]`);
    else throw new Error(`internal: cannot store ${ty2.kind}`);
  };
  walk(t, 'v');
  return `fn ${fnName}(e: u32, v: ${ty}) {\n  let b = e * ${storage.words}u;\n${lines.join('\n')}\n}`;
}

/** A component (i32, or f32 for fixed) narrowed to what a stream of scalar `s` holds: the twin of
 *  codegen/js/scalar.ts narrowStore. Fixed calls brk_fixq (NARROW_LIBRARY). */
function narrowWgsl(s: ScalarName | undefined, v: string): string {
  switch (s) {
    case 'char': return `((${v} << 24u) >> 24u)`;
    case 'uchar': return `(${v} & 255)`;
    case 'short': return `((${v} << 16u) >> 16u)`;
    case 'ushort': return `(${v} & 65535)`;
    case 'fixed': return `brk_fixq(${v})`;
    case 'shortfixed': return `brk_sfixq(${v})`;
    default: return v;
  }
}

/**
 * Load and store functions `name(e)` of a stream split into pages (layout.ts PagePlan): one function
 * per page binding (`name_p0` ...), and `name` itself, which finds the page of element `e` from the
 * page base in the uniform block. With one slot (a map dispatch whose range lies in one page of the
 * stream) that is a subtraction; with more, a shift and a mask pick the slot.
 */
export function pagedAccessFns(name: { load: string; store?: string }, binding: number, t: Type, storage: StorageKind, pages: PagePlan, narrow: (ScalarName | undefined)[] = []): string[] {
  const ty = wgslType(t);
  const out: string[] = [];
  for (let k = 0; k < pages.slots; k++) {
    out.push(loadFn(`${name.load}_p${k}`, `bb_${binding + k}`, t, storage));
    if (name.store) out.push(storeFn(`${name.store}_p${k}`, `bb_${binding + k}`, t, storage, narrow));
  }
  out.push(`fn ${name.load}(e: u32) -> ${ty} {\n${pageSelect(pages, (k, l) => `return ${name.load}_p${k}(${l});`)}\n}`);
  if (name.store) out.push(`fn ${name.store}(e: u32, v: ${ty}) {\n${pageSelect(pages, (k, l) => `${name.store}_p${k}(${l}, v); return;`)}\n}`);
  return out;
}

function pageSelect(pages: PagePlan, body: (slot: number, local: string) => string): string {
  const base = `U[${pages.base >> 2}u].${'xyzw'[pages.base & 3]}`;
  if (pages.slots === 1) return `  ${body(0, `e - ${base}`)}`;
  const lines = [`  let r = e - ${base};`, `  let l = r & ${((2 ** pages.shift) - 1) >>> 0}u;`, `  let k = r >> ${pages.shift}u;`];
  for (let k = 0; k < pages.slots - 1; k++) lines.push(`  if (k == ${k}u) { ${body(k, 'l')} }`);
  lines.push(`  ${body(pages.slots - 1, 'l')}`);
  return lines.join('\n');
}

function fromWord(kind: string, w: string): string {
  switch (kind) {
    case 'f32': return `bitcast<f32>(${w})`;
    case 'i32': return `bitcast<i32>(${w})`;
    case 'bool': return `(${w} != 0u)`;
    default: return w;
  }
}

function toWord(kind: string, v: string): string {
  switch (kind) {
    case 'f32': case 'i32': return `bitcast<u32>(${v})`;
    case 'bool': return `select(0u, 1u, ${v})`;
    default: return v;
  }
}

/** The float32 bits of code / 255 for each fixed code (exact: computed here, not by the GPU's
 *  division, which WGSL allows to be off by 2.5 ulp; the CPU backend's fixq gives these values). */
const SHORTFIXED_STEP_BITS = new Uint32Array(new Float32Array([SHORTFIXED_STEP]).buffer)[0]!;
const FIXED_BITS = Array.from({ length: 256 }, (_, c) => new Uint32Array(new Float32Array([fixedValue(c)]).buffer)[0]!);

/** Index helpers every kernel module includes. */
export const INDEX_LIBRARY = `
fn brk_unflatten(i: u32, s: vec4<u32>) -> vec4<u32> {
  var r = i;
  let w = r % s.w; r = r / s.w;
  let z = r % s.z; r = r / s.z;
  let y = r % s.y; r = r / s.y;
  return vec4<u32>(r, y, z, w);
}

fn brk_mulhi(a: u32, b: u32) -> u32 {
  let al = a & 0xffffu; let ah = a >> 16u;
  let bl = b & 0xffffu; let bh = b >> 16u;
  let ll = al * bl; let lh = al * bh; let hl = ah * bl; let hh = ah * bh;
  let mid = (ll >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
  return hh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
}

// floor(a * b / c) exactly for a < c (shape resizing: out_index * in_extent / out_extent).
fn brk_muldiv(a: u32, b: u32, c: u32) -> u32 {
  let lo = a * b;
  let hi = brk_mulhi(a, b);
  if (hi == 0u) { return lo / c; }
  var r = hi;
  var q = 0u;
  for (var k = 0u; k < 32u; k = k + 1u) {
    let top = r >> 31u;
    r = (r << 1u) | ((lo >> (31u - k)) & 1u);
    q = q << 1u;
    if (top != 0u || r >= c) { r = r - c; q = q | 1u; }
  }
  return q;
}

fn brk_resize1(a: u32, inE: u32, outE: u32) -> u32 {
  if (inE == outE) { return a; }
  // BROOK.md 4 (the original BrookGPU): floor(a * inE / outE), exactly; twin of resizedIndex (cpu/launchdata.ts).
  return brk_muldiv(a, inE, outE);
}

fn brk_resize(o: vec4<u32>, inS: vec4<u32>, outS: vec4<u32>) -> vec4<u32> {
  return vec4<u32>(brk_resize1(o.x, inS.x, outS.x), brk_resize1(o.y, inS.y, outS.y),
                   brk_resize1(o.z, inS.z, outS.z), brk_resize1(o.w, inS.w, outS.w));
}

fn brk_linear(p: vec4<u32>, strides: vec4<u32>) -> u32 {
  return p.x * strides.x + p.y * strides.y + p.z * strides.z + p.w * strides.w;
}

${WGSL_GATHER_FUNCTIONS}

${WGSL_ITER_FUNCTIONS}

// code / 255 for an 8-bit code, exactly (a table, not a division).
fn brk_unorm8(c: u32) -> f32 {
  const T = array<u32, 256>(${FIXED_BITS.map((b) => `${b}u`).join(', ')});
  return bitcast<f32>(T[c & 255u]);
}

// The 8-bit code of v (types.ts fixedCode): saturate (NaN: 0), round v * 255 half to even.
fn brk_ub8(v: f32) -> u32 {
  return u32(round(select(0.0, min(v, 1.0), v > 0.0) * 255.0));
}

// A value stored into a fixed stream (types.ts narrowStorage).
fn brk_fixq(v: f32) -> f32 {
  return brk_unorm8(brk_ub8(v));
}

// A value stored into a shortfixed stream: its 16-bit code (saturate, round v * 65535 half to even)
// times fround(1 / 65535), a correctly rounded product (types.ts shortfixedValue).
fn brk_sfixq(v: f32) -> f32 {
  return f32(u32(round(select(0.0, min(v, 1.0), v > 0.0) * 65535.0))) * bitcast<f32>(${SHORTFIXED_STEP_BITS}u);
}

// Cg's pack_4ubyte / unpack_4ubyte: four codes as the bits of one float, x in the lowest byte.
fn brk_pack4ub(v: vec4<f32>) -> f32 {
  return bitcast<f32>(brk_ub8(v.x) | (brk_ub8(v.y) << 8u) | (brk_ub8(v.z) << 16u) | (brk_ub8(v.w) << 24u));
}

fn brk_unpack4ub(f: f32) -> vec4<f32> {
  let b = bitcast<u32>(f);
  return vec4<f32>(brk_unorm8(b), brk_unorm8(b >> 8u), brk_unorm8(b >> 16u), brk_unorm8(b >> 24u));
}

// Position (x fastest) of a padded 4-D index, as indexof gives it.
fn brk_pos(p: vec4<u32>) -> vec4<f32> {
  return vec4<f32>(f32(p.w), f32(p.z), f32(p.y), f32(p.x));
}
`;

/** The functions of INDEX_LIBRARY that `code` calls, directly or through each other, in library
 *  order: a module specialized on its shapes then shows only the arithmetic it really does. */
export function indexLibraryFor(code: string): string {
  // One part per function with the comment lines above it.
  const parts: string[] = [];
  let prevComment = false;
  for (const line of INDEX_LIBRARY.trim().split('\n')) {
    const top = line.startsWith('fn ') || line.startsWith('//');
    if (top && !prevComment) parts.push(line);
    else parts[parts.length - 1] += '\n' + line;
    prevComment = line.startsWith('//');
  }
  const name = (part: string) => /fn (brk_\w+)/.exec(part)![1]!;
  const used = new Set<string>();
  let text = code;
  for (let changed = true; changed; ) {
    changed = false;
    for (const part of parts) {
      const n = name(part);
      if (!used.has(n) && new RegExp(`\\b${n}\\(`).test(text)) {
        used.add(n);
        text += '\n' + part;
        changed = true;
      }
    }
  }
  return parts.filter((p) => used.has(name(p))).join('\n');
}
