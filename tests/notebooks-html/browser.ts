/**
 * What the browser tests of this folder share: Debian's Chromium and how it is started, a free local
 * port for a notebook server, and where screenshots go (docs/screenshots/ with BROOK_SCREENSHOTS=1,
 * else the test's temporary folder).
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { repoRoot } from '../conformance/cli.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SHOTS = process.env.BROOK_SCREENSHOTS ? path.join(repoRoot, 'docs', 'screenshots') : undefined;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
    s.on('error', reject);
  });
}

/** Where screenshot NAME goes: docs/screenshots/ with BROOK_SCREENSHOTS=1, else TMP/screenshots/. */
export function shotPath(tmp: string, name: string): string {
  const dir = SHOTS ?? path.join(tmp, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
