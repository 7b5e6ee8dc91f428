/**
 * The kernel_info_reply content (shared by the shell on the main thread and the control channel's worker)
 * and the kernel's display name. Reads versions from package.json files, never loads the compiler
 * (kernel_info must answer fast).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PROTOCOL_VERSION } from './wire.js';

export const KERNEL_DISPLAY_NAME = 'Brook (TypeScript)';
export const KERNEL_NAME = 'brook';

function version(path: string): string {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

let cached: object | undefined;

export function kernelInfoContent(): object {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  let tsVersion = '5';
  try {
    tsVersion = version(require.resolve('typescript/package.json'));
  } catch {
    // typescript is a dependency; without it cells fail with a clear error of their own.
  }
  const own = version(new URL('../../package.json', import.meta.url).pathname);
  cached = {
    status: 'ok',
    protocol_version: PROTOCOL_VERSION,
    implementation: 'brook',
    implementation_version: own,
    language_info: {
      name: 'typescript',
      version: tsVersion,
      mimetype: 'text/typescript',
      file_extension: '.ts',
      pygments_lexer: 'typescript',
      codemirror_mode: { name: 'javascript', typescript: true },
    },
    banner: `${KERNEL_DISPLAY_NAME} ${own}: TypeScript ${tsVersion} cells on Node ${process.versions.node}; %%brook cells for Brook stream programs`,
    help_links: [{ text: 'TypeScript handbook', url: 'https://www.typescriptlang.org/docs/handbook/intro.html' }],
    debugger: false,
  };
  return cached;
}
