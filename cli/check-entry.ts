/**
 * The entry of `brook check`'s bundle: scripts/build-check-bundle.mjs bundles this file and what it
 * imports (the compiler, the shipped libraries) into dist/cli/check.bundle.cjs, which bin/brook.js
 * runs through cli/check-bundle.cts. It must import nothing that `check` does not need (no kernel, no
 * backends, no runtime): the build fails if the bundle's inputs include any.
 */
import { parseArgs, USAGE } from './args.js';
import { checkCommand } from './check.js';

/** `brook check ...` as cli/main.ts answers it; undefined for a command line this entry leaves to
 *  main (anything but check, and `check --help`, whose text comes from the kernel's commands). */
export async function checkEntry(argv: string[], err: (s: string) => void): Promise<number | undefined> {
  if (argv[0] !== 'check') return undefined;
  const parsed = parseArgs(argv);
  if (typeof parsed === 'string') {
    err(`brook: ${parsed}\n${USAGE}`);
    return 2;
  }
  if (parsed.command !== 'check') return undefined;
  return checkCommand(parsed, err);
}
