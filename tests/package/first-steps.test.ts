/**
 * The first minutes in a clone (issue 25): `npm install` says what it builds, npm 11 has no
 * install-scripts notice to end it with (every dependency with an install script is reviewed in
 * package.json's allowScripts), and Jupyter's checkpoint folders stay out of git.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; allowScripts?: Record<string, boolean> };

/** Every installed package (node_modules, nested ones too) as [name, its package.json]. */
function installedPackages(dir: string, out: [string, { scripts?: Record<string, string> }, string][] = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@') ? readdirSync(join(dir, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const name of names) {
      const at = join(dir, name);
      const manifest = join(at, 'package.json');
      if (!existsSync(manifest)) continue;
      out.push([name, JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }, at]);
      installedPackages(join(at, 'node_modules'), out);
    }
  }
  return out;
}

describe('npm install in a clone', () => {
  it('prepare first prints one line saying what it builds, then runs the build', () => {
    const [say, build, ...rest] = pkg.scripts.prepare!.split(' && ');
    expect(rest).toEqual([]);
    expect(build).toBe('npm run build');
    expect(say).toMatch(/^echo /);
    const r = spawnSync('sh', ['-c', say!], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/^brook-notebook: building dist\/ \(.+\)[^\n]*\n$/);
    expect(r.stdout).toMatch(/tsc/);
    expect(r.stdout).toMatch(/bundle/);
  });

  it('allowScripts names exactly the installed packages that have install scripts (npm 11 then has no notice)', () => {
    const withScripts = new Set<string>();
    for (const [name, manifest, at] of installedPackages(join(root, 'node_modules'))) {
      const s = manifest.scripts ?? {};
      // What npm runs at install: these three, and node-gyp for a binding.gyp without an install script.
      if (s.preinstall || s.install || s.postinstall || existsSync(join(at, 'binding.gyp'))) withScripts.add(name);
    }
    expect(withScripts.size).toBeGreaterThan(0);
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...withScripts].sort());
    expect(Object.values(pkg.allowScripts ?? {}).every((v) => v === true)).toBe(true);
  });

  it('.ipynb_checkpoints/ is ignored', () => {
    const lines = readFileSync(join(root, '.gitignore'), 'utf8').split('\n').map((l) => l.trim());
    expect(lines).toContain('.ipynb_checkpoints/');
  });
});
