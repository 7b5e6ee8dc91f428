/**
 * The WebAssembly module of a program's compiled host loops (wasmloop.ts writes the functions): the
 * helpers they import, the span constants those helpers report, and the module-level JavaScript that
 * instantiates it once as `$W` (runtime/hostlib/support.ts hostWasm supplies the imports).
 */
import { encodeModuleOf, type ExportedFunction, type HostImport, type ValType } from '../wasm/encode.js';

/** The program's WebAssembly module: its loop functions, the helpers they import, the spans they name. */
export class HostWasmModule {
  readonly functions: ExportedFunction[] = [];
  readonly imports: HostImport[] = [];
  /** Span constants (`$spN`) the helpers report, by index. */
  readonly spans: string[] = [];

  importIndex(name: string, params: ValType[], results: ValType[]): number {
    const k = this.imports.findIndex((im) => im.name === name);
    if (k >= 0) return k;
    this.imports.push({ name, params, results });
    return this.imports.length - 1;
  }

  spanIndex(span: string): number {
    const k = this.spans.indexOf(span);
    if (k >= 0) return k;
    this.spans.push(span);
    return this.spans.length - 1;
  }

  /** Module-level JavaScript that instantiates the module as `$W` (empty when no loop was compiled). */
  instantiation(): string[] {
    if (!this.functions.length) return [];
    const bytes = encodeModuleOf({ functions: this.functions, imports: this.imports, memory: { shared: false, maxPages: 65535 } });
    return [
      `const $Wsp = [${this.spans.join(', ')}];`,
      `const $W = $H.hostWasm(${JSON.stringify(Buffer.from(bytes).toString('base64'))}, $M, $Wsp);`,
    ];
  }
}

