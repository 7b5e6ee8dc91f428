/**
 * The first minutes in a clone (issue 25): `npm install` says what it builds, npm 11 has no
 * install-scripts notice to end it with (every dependency with an install script is reviewed in
 * package.json's allowScripts), and Jupyter's checkpoint folders stay out of git.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; allowScripts?: Record<string, boolean> };

/** The name of a lockfile path: node_modules/a/node_modules/@s/b -> @s/b. */
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

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
    // The tree npm ci installs: the shrinkwrap's packages, as it flags them and as their installed
    // manifests say (the two must agree; npm runs these three scripts, and node-gyp for a binding.gyp).
    const lock = JSON.parse(readFileSync(join(root, 'npm-shrinkwrap.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = new Set<string>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path) continue;
      const at = join(root, path);
      let installedHas = false;
      if (existsSync(join(at, 'package.json'))) {
        const s = (JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
        installedHas = !!(s.preinstall || s.install || s.postinstall) || existsSync(join(at, 'binding.gyp'));
        expect({ path, installedHas }).toEqual({ path, installedHas: entry.hasInstallScript === true });
      }
      if (entry.hasInstallScript || installedHas) withScripts.add(nameOf(path));
    }
    expect(withScripts.size).toBeGreaterThan(0);
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...withScripts].sort());
    // The three whose scripts the product needs run them; Font Awesome's (a devDependency of the lab
    // page's build) only prints an attribution, so it is denied.
    const allowed = Object.entries(pkg.allowScripts ?? {}).filter(([, v]) => v === true).map(([k]) => k).sort();
    expect(allowed).toEqual(['esbuild', 'webgpu', 'zeromq']);
    expect(pkg.allowScripts?.['@fortawesome/fontawesome-free']).toBe(false);
  });

  it('.ipynb_checkpoints/ is ignored', () => {
    const lines = readFileSync(join(root, '.gitignore'), 'utf8').split('\n').map((l) => l.trim());
    expect(lines).toContain('.ipynb_checkpoints/');
  });
});
