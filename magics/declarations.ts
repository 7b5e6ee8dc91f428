/**
 * TypeScript declarations of what `%%brook` cells defined, so later TypeScript cells complete
 * `result.` and show no false "cannot find name". One ambient text per Brook name, keyed `brook:NAME`.
 */
import type { SessionSymbol } from '../runtime/compiler/index.js';
import { typeToString, type Type } from '../runtime/compiler/types.js';

/** The declarations every session has once (the handle classes' shapes). */
export const BROOK_PRELUDE = `
interface BrookStream<E extends string = string> {
  /** Stream name as declared in Brook. */
  readonly name: string;
  /** Extents in declaration order (last is fastest). */
  readonly shape: number[];
  /** Element type, e.g. 'float4'. */
  readonly elementType: E;
  /** 'float4<1024>' style description. */
  readonly type: string;
  readonly length: number;
  /** Backend holding the stream: 'cpu', 'webgpu: <adapter>' or 'cpu fallback (...)'. */
  readonly backend: string;
  /** streamRead: copy a host array (row-major, components interleaved) into the stream. */
  read(array: ArrayLike<number> | ArrayBufferView): Promise<this>;
  /** streamWrite: the stream's data as a typed array. */
  toArray(): Promise<Float32Array | Int32Array | Uint32Array>;
  write(): Promise<Float32Array | Int32Array | Uint32Array>;
  /** An Arquero table: index columns i, j, ... then one column per component. */
  toTable(): Promise<import('arquero').ColumnTable>;
  /** A sub-box usable as a kernel argument. */
  domain(lo: number[] | number, hi: number[] | number): Promise<unknown>;
}
type BrookArg = BrookStream | number | number[] | unknown;
`;

function tsValueType(t: Type): string {
  switch (t.kind) {
    case 'scalar': return 'number';
    case 'vector': return 'number[]';
    case 'pointer': return 'number';
    case 'array': return t.elem.kind === 'scalar' && t.elem.name === 'float' ? 'Float32Array' : 'ArrayLike<number>';
    default: return 'unknown';
  }
}

/** The ambient declaration of one Brook name, or undefined when TypeScript has nothing to see. */
export function declarationFor(sym: SessionSymbol): string | undefined {
  switch (sym.kind) {
    case 'stream': {
      const elem = sym.type.kind === 'stream' ? typeToString(sym.type.elem) : 'unknown';
      return `/** Brook stream ${sym.name}: ${elem} */\ndeclare const ${sym.name}: BrookStream<'${elem}'>;`;
    }
    case 'kernel': {
      const ir = sym.kernel.ir;
      if (sym.kernel.kind === 'helper') return undefined;
      const params = ir.params.map((p) => {
        const t = p.role === 'const' ? (p.type.kind === 'scalar' ? 'number' : 'number[]') : 'BrookStream';
        return `${p.sourceName}: ${t}`;
      });
      const doc = `/** Brook ${sym.kernel.kind === 'reduce' ? 'reduction' : 'kernel'} ${ir.name}(${ir.params.map((p) => `${p.role} ${typeToString(p.type)} ${p.sourceName}`).join(', ')}) */`;
      if (sym.kernel.kind === 'reduce') {
        const withoutTarget = ir.params.filter((p) => p.role !== 'reduce').map((p) => `${p.sourceName}: ${p.role === 'const' ? 'number' : 'BrookStream'}`);
        const ret = ir.params.find((p) => p.role === 'reduce');
        const rt = ret && ret.type.kind === 'scalar' ? 'number' : 'number[]';
        return `${doc}\ndeclare function ${ir.name}(${withoutTarget.join(', ')}): Promise<${rt}>;\n${doc}\ndeclare function ${ir.name}(${params.join(', ')}): Promise<undefined>;`;
      }
      return `${doc}\ndeclare function ${ir.name}(${params.join(', ')}): Promise<undefined>;`;
    }
    case 'value':
      return sym.type.kind === 'dynamic' ? undefined : `/** Brook host variable ${sym.name}: ${typeToString(sym.type)} */\ndeclare let ${sym.name}: ${tsValueType(sym.type)};`;
    case 'function':
      return sym.type.kind === 'function'
        ? `/** Brook host function ${sym.name}: ${typeToString(sym.type)} */\ndeclare function ${sym.name}(...args: number[]): Promise<unknown>;`
        : undefined;
    default:
      return undefined;
  }
}
