/**
 * WebAssembly binary -> text, for the golden files of the kernel writer (codegen/wasm). Reads the
 * modules encode.ts writes (types, imports, functions, exports, code) and names every instruction by
 * encode.ts's own tables (OP, SAT, SIMD), so an opcode the tables do not know fails here rather than
 * printing something invented (the one exception, the threads prefix's i32.atomic.load, is written
 * by emit.ts outside the tables). The text follows the WebAssembly text format's instruction names, one
 * instruction a line, indented by block depth; constants are printed exactly (floats as their shortest
 * decimal, with the bits for a NaN).
 */
import { OP, SAT, SIMD, VALTYPE } from '../../runtime/compiler/codegen/wasm/encode.js';

const invert = (t: Record<string, number>) => new Map(Object.entries(t).map(([name, code]) => [code, name]));
const OPS = invert(OP);
const SATS = invert(SAT);
const SIMDS = invert(SIMD);
const TYPES = invert(VALTYPE);
const MEMORY_OPS = new Set<number>(Object.entries(OP).filter(([n]) => /\.(load|store)/.test(n)).map(([, c]) => c));
const LANE_OPS = new Set<number>(Object.entries(SIMD).filter(([n]) => /_lane$/.test(n)).map(([, c]) => c));

class Reader {
  pos = 0;
  constructor(readonly b: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.b.length) throw new Error('wasm-text: read past the end of the module');
    return this.b[this.pos++]!;
  }
  uleb(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const x = this.byte();
      result += (x & 0x7f) * scale;
      scale *= 128;
      if ((x & 0x80) === 0) return result;
    }
  }
  sleb(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const x = this.byte();
      result |= BigInt(x & 0x7f) << shift;
      shift += 7n;
      if ((x & 0x80) === 0) return x & 0x40 ? result - (1n << shift) : result;
    }
  }
  bytes(n: number): Uint8Array {
    const out = this.b.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  name(): string {
    return new TextDecoder().decode(this.bytes(this.uleb()));
  }
  valType(): string {
    const t = this.byte();
    const name = TYPES.get(t);
    if (!name) throw new Error(`wasm-text: unknown value type 0x${t.toString(16)}`);
    return name;
  }
}

function floatText(bytes: Uint8Array, width: 4 | 8): string {
  const v = new DataView(bytes.buffer, bytes.byteOffset, width);
  const x = width === 4 ? v.getFloat32(0, true) : v.getFloat64(0, true);
  if (!Number.isNaN(x)) return Object.is(x, -0) ? '-0' : String(x);
  const hex = [...bytes].reverse().map((b) => b.toString(16).padStart(2, '0')).join('');
  return `nan (bits 0x${hex})`;
}

function instructions(r: Reader, end: number, lines: string[]): void {
  let depth = 2;
  const emit = (text: string) => lines.push(`${'  '.repeat(depth)}${text}`);
  while (r.pos < end) {
    const code = r.byte();
    if (code === OP.end) {
      depth--;
      if (r.pos === end) return; // the function's own end
      emit('end');
      continue;
    }
    if (code === OP.else) {
      depth--;
      emit('else');
      depth++;
      continue;
    }
    if (code === OP.block || code === OP.loop || code === OP.if) {
      const bt = r.byte();
      emit(`${OPS.get(code)}${bt === 0x40 ? '' : ` (result ${TYPES.get(bt) ?? `type ${bt}`})`}`);
      depth++;
      continue;
    }
    if (code === 0xfc) {
      const sub = r.uleb();
      emit(SATS.get(sub) ?? fail(`0xfc ${sub}`));
      continue;
    }
    if (code === 0xfe) {
      // Threads prefix: the writer uses only the loop poll's read of the stop word (emit.ts).
      const sub = r.uleb();
      if (sub !== 0x10) fail(`0xfe ${sub}`);
      emit(`i32.atomic.load align=${2 ** r.uleb()} offset=${r.uleb()}`);
      continue;
    }
    if (code === 0xfd) {
      const sub = r.uleb();
      if (sub === 0x0c) emit(`v128.const i8x16 ${[...r.bytes(16)].join(' ')}`);
      else if (sub === SIMD['i8x16.shuffle']) emit(`i8x16.shuffle ${[...r.bytes(16)].join(' ')}`);
      else {
        const name = SIMDS.get(sub) ?? fail(`0xfd ${sub}`);
        if (sub === SIMD['v128.load'] || sub === SIMD['v128.store']) emit(`${name} align=${2 ** r.uleb()} offset=${r.uleb()}`);
        else if (LANE_OPS.has(sub)) emit(`${name} ${r.byte()}`);
        else emit(name);
      }
      continue;
    }
    const name = OPS.get(code) ?? fail(`0x${code.toString(16)}`);
    if (MEMORY_OPS.has(code)) emit(`${name} align=${2 ** r.uleb()} offset=${r.uleb()}`);
    else if (code === OP['i32.const'] || code === OP['i64.const']) emit(`${name} ${r.sleb()}`);
    else if (code === OP['f32.const']) emit(`${name} ${floatText(r.bytes(4), 4)}`);
    else if (code === OP['f64.const']) emit(`${name} ${floatText(r.bytes(8), 8)}`);
    else if (code === OP.br || code === OP.br_if || code === OP.call || code === OP['local.get'] || code === OP['local.set'] || code === OP['local.tee']) emit(`${name} ${r.uleb()}`);
    else emit(name);
  }
  throw new Error('wasm-text: a function body ran past its size');
}

function signature(params: string[], results: string[]): string {
  return `${params.length ? ` (param ${params.join(' ')})` : ''}${results.length ? ` (result ${results.join(' ')})` : ''}`;
}

function fail(what: string): never {
  throw new Error(`wasm-text: opcode ${what} is not in encode.ts's tables`);
}

/** The module's text: types, imports, then each function with its export name, locals and code. */
export function wasmText(bytes: Uint8Array): string {
  const r = new Reader(bytes);
  if ([...r.bytes(8)].join(',') !== '0,97,115,109,1,0,0,0') throw new Error('wasm-text: not a version 1 WebAssembly module');
  const lines = ['(module'];
  const types: { params: string[]; results: string[] }[] = [];
  let importedFuncs = 0;
  const funcTypes: number[] = [];
  const exportNames = new Map<number, string>();
  while (r.pos < bytes.length) {
    const id = r.byte();
    const size = r.uleb();
    const end = r.pos + size;
    if (id === 1) {
      for (let n = r.uleb(); n > 0; n--) {
        if (r.byte() !== 0x60) throw new Error('wasm-text: a type that is not a function type');
        const params = Array.from({ length: r.uleb() }, () => r.valType());
        const results = Array.from({ length: r.uleb() }, () => r.valType());
        types.push({ params, results });
        lines.push(`  (type ${types.length - 1} (func${signature(params, results)}))`);
      }
    } else if (id === 2) {
      for (let n = r.uleb(); n > 0; n--) {
        const mod = r.name();
        const field = r.name();
        const kind = r.byte();
        if (kind === 0x00) lines.push(`  (import "${mod}" "${field}" (func ${importedFuncs++} (type ${r.uleb()})))`);
        else if (kind === 0x02) {
          const flags = r.byte();
          const min = r.uleb();
          const max = flags & 1 ? ` ${r.uleb()}` : '';
          lines.push(`  (import "${mod}" "${field}" (memory ${min}${max}${flags & 2 ? ' shared' : ''}))`);
        } else throw new Error(`wasm-text: import kind ${kind}`);
      }
    } else if (id === 3) {
      for (let n = r.uleb(); n > 0; n--) funcTypes.push(r.uleb());
    } else if (id === 7) {
      for (let n = r.uleb(); n > 0; n--) {
        const name = r.name();
        const kind = r.byte();
        const index = r.uleb();
        if (kind === 0x00) exportNames.set(index, name);
      }
    } else if (id === 10) {
      const count = r.uleb();
      for (let k = 0; k < count; k++) {
        const index = importedFuncs + k;
        const bodyEnd = r.uleb() + r.pos;
        const locals: string[] = [];
        for (let runs = r.uleb(); runs > 0; runs--) {
          const n = r.uleb();
          const t = r.valType();
          locals.push(`${t} x${n}`);
        }
        const t = types[funcTypes[k]!]!;
        const exported = exportNames.has(index) ? ` (export "${exportNames.get(index)}")` : '';
        lines.push(`  (func ${index}${exported}${signature(t.params, t.results)}`);
        if (locals.length > 0) lines.push(`    (local ${locals.join(', ')})`);
        instructions(r, bodyEnd, lines);
        lines.push('  )');
      }
    } else throw new Error(`wasm-text: section ${id} is not one encode.ts writes`);
    if (r.pos !== end) throw new Error(`wasm-text: section ${id} has ${end - r.pos} bytes left unread`);
  }
  lines.push(')');
  return lines.join('\n');
}
