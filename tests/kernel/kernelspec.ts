/**
 * A kernelspec for tests, written by the real installKernelspec into a temporary prefix, so Jupyter clients
 * started with `JUPYTER_PATH=<prefix>/share/jupyter` run `node bin/brook.js kernel` exactly as users get it.
 * (BROOK_TEST_BIN, when set, replaces bin/brook.js: a hook for running these tests before the CLI is wired.)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installKernelspec } from '../../kernel/install.js';

export function testKernelspec(): { prefix: string; jupyterPath: string; directory: string } {
  const prefix = mkdtempSync(join(tmpdir(), 'brook-kernelspec-'));
  const r = installKernelspec({ prefix });
  if (process.env.BROOK_TEST_BIN) {
    r.kernelJson.argv[1] = process.env.BROOK_TEST_BIN;
    writeFileSync(join(r.directory, 'kernel.json'), JSON.stringify(r.kernelJson, null, 2));
  }
  return { prefix, jupyterPath: join(prefix, 'share', 'jupyter'), directory: r.directory };
}
