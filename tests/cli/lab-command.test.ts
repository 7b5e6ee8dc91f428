/**
 * `brook lab`'s command line, in-process (main(argv, io)): its options, its usage errors (one line,
 * exit status 2), a clear message when no jupyter_server is found, and that the page's source (lab/,
 * which esbuild bundles without type-checking) type-checks. The page itself is tested in a browser
 * by tests/notebooks-html/lab-page.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { labStaticDir, parseLabArgs } from '../../cli/lab.js';
import { repoRoot } from '../conformance/cli.js';

async function brook(argv: string[], env: Record<string, string> = {}) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const status = await main(argv, { stdout: (b) => out.push(Buffer.from(b)), stderr: (b) => err.push(Buffer.from(b)), env });
  return { status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('brook lab: the command line', () => {
  it('reads --port N, --port=N, --no-browser and one notebook', () => {
    expect(parseLabArgs([])).toEqual({ browser: true });
    expect(parseLabArgs(['--port', '9000', '--no-browser', 'a/b.ipynb'])).toEqual({ port: 9000, browser: false, notebook: 'a/b.ipynb' });
    expect(parseLabArgs(['--port=1'])).toEqual({ port: 1, browser: true });
    expect(parseLabArgs(['-h'])).toBe('help');
  });

  it('rejects a bad port, a second notebook, an unknown option and a file that is not a notebook', () => {
    expect(parseLabArgs(['--port', 'x'])).toBe("lab: --port takes a port number (1-65535), not 'x'");
    expect(parseLabArgs(['--port', '70000'])).toMatch(/not '70000'/);
    expect(parseLabArgs(['--port'])).toMatch(/--port takes a port number/);
    expect(parseLabArgs(['a.ipynb', 'b.ipynb'])).toBe("lab: unexpected argument 'b.ipynb'");
    expect(parseLabArgs(['--ip', '0.0.0.0'])).toBe("lab: unexpected argument '--ip'");
    expect(parseLabArgs(['notes.txt'])).toBe("lab: 'notes.txt' is not a notebook (.ipynb)");
  });

  it('usage errors are one line with exit status 2; --help prints the usage', async () => {
    const bad = await brook(['lab', '--port', 'x']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("brook: lab: --port takes a port number (1-65535), not 'x'\n");
    const help = await brook(['lab', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: brook lab \[--port N\] \[--no-browser\] \[NOTEBOOK\.ipynb\]/);
  });

  it('without jupyter_server it says what to install, and starts nothing', async () => {
    // The page must be there for the command to get as far as looking for Python.
    expect(existsSync(join(labStaticDir(), 'brook-lab', 'index.html'))).toBe(true);
    const r = await brook(['lab', '--no-browser', 'never-created.ipynb'], { BROOK_LAB_PYTHON: '/nonexistent/python3' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^brook: lab: no Python with jupyter_server found; .*apt-get install python3-jupyter-server/);
    expect(existsSync('never-created.ipynb')).toBe(false);
  });

  it("the page's source type-checks (esbuild only strips its types)", () => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(repoRoot, 'lab', 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);
});
