/**
 * The entry of `brook run`'s bundle: scripts/build-check-bundle.mjs bundles this file and what it
 * imports (the compiler, the libraries, the host runtime, brt and both backends; the `webgpu`
 * package stays an external import) into dist/cli/run.bundle.cjs, which bin/brook.js runs through
 * cli/bundle-loader.cts. Nothing of the notebook side (kernel, magics, zeromq, vega) may get in: the
 * build fails if it does.
 */
import { parseArgs, USAGE } from './args.js';
import { defaultIO, type CliIO } from './io.js';
import { PhaseClock } from './phases.js';
import { runCommand } from './run.js';

/** `brook run ...` as cli/main.ts answers it; undefined for a command line this entry leaves to main
 *  (anything but run, `run --help`, and `--profile`, whose report needs the chart renderer). `buildId`:
 *  the bundle's content hash (cli/bundle-loader.cts), which keys the compile cache (cli/program-cache.ts). */
export async function runEntry(argv: string[], io: CliIO = defaultIO, buildId?: string): Promise<number | undefined> {
  // Made first, as main() makes it first: the phases count everything before as loading.
  const phases = new PhaseClock();
  if (argv[0] !== 'run') return undefined;
  const parsed = parseArgs(argv);
  if (typeof parsed === 'string') {
    io.stderr(Buffer.from(`brook: ${parsed}\n${USAGE}`, 'utf8'));
    return 2;
  }
  if (parsed.command !== 'run' || parsed.profile) return undefined;
  return runCommand(parsed, io, phases, buildId);
}
