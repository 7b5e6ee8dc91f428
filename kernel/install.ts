/**
 * `installKernelspec(options)`: registers the "Brook (TypeScript)" kernel with Jupyter by writing
 * `kernels/brook/kernel.json` (and an SVG logo) into a Jupyter data directory. No Python is needed: the
 * directories are Jupyter's documented ones, computed here.
 *
 * - `user` (the default): JUPYTER_DATA_DIR, else ~/.local/share/jupyter (Linux; XDG_DATA_HOME respected),
 *   ~/Library/Jupyter (macOS), %APPDATA%\jupyter (Windows).
 * - `sysPrefix`: <prefix>/share/jupyter of the active Python environment (VIRTUAL_ENV, CONDA_PREFIX), else
 *   the prefix of the `jupyter` found on PATH (/usr/bin/jupyter -> /usr).
 * - `prefix`: <prefix>/share/jupyter.
 *
 * The kernelspec starts the built JavaScript (`node <abs>/bin/brook.js kernel --connection-file ...`) with
 * absolute paths, so it works from any working directory and whatever `node` is first on PATH later.
 * interrupt_mode is "message": interrupts come as interrupt_request on the control channel (SIGINT works too).
 */
import { accessSync, constants, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KERNEL_DISPLAY_NAME, KERNEL_NAME } from './kernel-info.js';
import { Resvg } from '@resvg/resvg-js';
import { FONT_FAMILY, FONT_FILES } from '../common/fonts.js';

export interface InstallOptions {
  user?: boolean;
  sysPrefix?: boolean;
  prefix?: string;
  /** Kernel directory name (default "brook"). */
  name?: string;
  /** Extra environment for the kernel process. */
  env?: Record<string, string>;
}

export interface InstallResult {
  /** The kernelspec directory written (holds kernel.json). */
  directory: string;
  kernelJson: KernelJson;
}

export interface KernelJson {
  argv: string[];
  display_name: string;
  language: string;
  interrupt_mode: 'message' | 'signal';
  env: Record<string, string>;
  metadata: Record<string, unknown>;
}

/** bin/brook.js of this installation: the nearest one above this module (dist/kernel/ or kernel/). */
export function brookEntry(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'bin', 'brook.js');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'brook.js');
}

export function userDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JUPYTER_DATA_DIR) return resolve(env.JUPYTER_DATA_DIR);
  const os = platform();
  if (os === 'darwin') return join(homedir(), 'Library', 'Jupyter');
  if (os === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'jupyter');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'jupyter');
}

function findOnPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not here
    }
  }
  return undefined;
}

export function sysPrefixDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const prefix = env.VIRTUAL_ENV || env.CONDA_PREFIX;
  if (prefix) return join(prefix, 'share', 'jupyter');
  const jupyter = findOnPath('jupyter', env);
  if (!jupyter) {
    throw new Error('--sys-prefix: no Python environment is active and no `jupyter` is on PATH; use --user or --prefix DIR');
  }
  return join(dirname(dirname(jupyter)), 'share', 'jupyter');
}

export function kernelJson(env: Record<string, string> = {}): KernelJson {
  return {
    argv: [process.execPath, brookEntry(), 'kernel', '--connection-file', '{connection_file}'],
    display_name: KERNEL_DISPLAY_NAME,
    language: 'typescript',
    interrupt_mode: 'message',
    env,
    metadata: { debugger: false },
  };
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="10" fill="#1d5f8a"/>
<path d="M8 44 C20 30, 30 52, 42 38 S56 28, 58 30" stroke="#8fd3ff" stroke-width="5" fill="none" stroke-linecap="round"/>
<text x="32" y="30" font-family="Helvetica, Arial, DejaVu Sans, sans-serif" font-size="26" font-weight="bold" fill="#ffffff" text-anchor="middle">B</text>
</svg>
`;

/** The logo as a size x size PNG (resvg, with the DejaVu Sans the plots use, so it looks the same everywhere). */
export function logoPng(size: number): Uint8Array {
  const r = new Resvg(LOGO_SVG, {
    fitTo: { mode: 'width', value: size },
    font: { fontFiles: [FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  }).render();
  return new Uint8Array(r.asPng());
}

export function installKernelspec(options: InstallOptions = {}): InstallResult {
  const chosen = [options.user, options.sysPrefix, options.prefix !== undefined].filter(Boolean).length;
  if (chosen > 1) throw new Error('choose one of --user, --sys-prefix, --prefix DIR');
  const entry = brookEntry();
  if (!existsSync(entry)) throw new Error(`the kernel entry ${entry} does not exist; run \`npm run build\` first`);
  const dataDir = options.prefix !== undefined
    ? join(resolve(options.prefix), 'share', 'jupyter')
    : options.sysPrefix
      ? sysPrefixDataDir()
      : userDataDir();
  const directory = join(dataDir, 'kernels', options.name ?? KERNEL_NAME);
  mkdirSync(directory, { recursive: true });
  const spec = kernelJson(options.env);
  writeFileSync(join(directory, 'kernel.json'), JSON.stringify(spec, null, 2) + '\n');
  writeFileSync(join(directory, 'logo-svg.svg'), LOGO_SVG);
  // The classic notebook and nbviewer-style pages read PNG logos; they are drawn from the same SVG.
  for (const size of [32, 64]) writeFileSync(join(directory, `logo-${size}x${size}.png`), logoPng(size));
  return { directory, kernelJson: spec };
}
