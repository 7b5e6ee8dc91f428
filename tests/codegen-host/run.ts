/** Compile Brook/C source with our compiler and run it on the CPU runtime, capturing output. */
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';

export interface RunResult { stdout: string; stderr: string; status: number; diagnostics: string[] }

/** `hostWasm` picks the host path (default: the compiler's, BROOK_HOST_WASM). */
export async function runBrook(source: string, args: string[] = [], fileName = 'prog.br', options: { hostWasm?: boolean } = {}): Promise<RunResult> {
  const r = compile(source, { fileName, ...options });
  const diagnostics = r.diagnostics.map((d) => renderDiagnostic(r.sources, d));
  if (!r.ok || !r.hostJs) return { stdout: '', stderr: diagnostics.join('\n'), status: -1, diagnostics };
  let stdout = '';
  let stderr = '';
  const lib = new HostLib({ io: { write: (fd, s) => { if (fd === 1) stdout += s; else stderr += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  try {
    const status = await runProgram(r.hostJs, { rt, lib, K: r.kernels, argv: [fileName, ...args] });
    return { stdout, stderr, status, diagnostics };
  } finally {
    rt.dispose();
  }
}

/** The host JavaScript of `source` with every loop kept JavaScript (WebAssembly host loops off). */
export function hostJsOf(source: string, fileName = 'prog.c'): string {
  const r = compile(source, { fileName, hostWasm: false });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.hostJs!;
}

/** The text of the generated function `name` (up to the next top-level closing brace). */
export function fnText(js: string, name: string): string {
  const start = js.indexOf(`function ${name}(`);
  if (start < 0) throw new Error(`no function ${name} in the host JavaScript`);
  return js.slice(start, js.indexOf('\n}\n', start));
}
