/**
 * A kernelspec for tests, written by the real installKernelspec into a temporary prefix, so Jupyter clients
 * started with `JUPYTER_PATH=<prefix>/share/jupyter` run `node bin/brook.js kernel` exactly as users get it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installKernelspec } from '../../kernel/install.js';

export function testKernelspec(): { prefix: string; jupyterPath: string; directory: string } {
  const prefix = mkdtempSync(join(tmpdir(), 'brook-kernelspec-'));
  const r = installKernelspec({ prefix });
  return { prefix, jupyterPath: join(prefix, 'share', 'jupyter'), directory: r.directory };
}
