/**
 * `brook run --profile`: the profile as text on stderr, and with `--profile-out` as JSON and PNG.
 * Its own module, loaded only with --profile: the profiler's report pulls in the roofline chart
 * (resvg, fonts), which a plain run and the run bundle (cli/run-entry.ts) never load.
 */
import type { Args } from './args.js';
import type { BrookRuntime } from '../runtime/brt/api.js';
import type { RecordedProfile } from '../runtime/profile/recorder.js';

/** `--profile`: the profile as text on stderr (stdout keeps only what the program prints), and with
 *  `--profile-out PREFIX` as PREFIX.json and PREFIX.png. */
export async function reportProfile(recorded: RecordedProfile, rt: BrookRuntime, args: Args, err: (s: string) => void): Promise<void> {
  const { finishProfile } = await import('../runtime/profile/index.js');
  const profile = await finishProfile(recorded, rt, { title: args.files[0]! });
  err(`\n${profile.text()}\n`);
  if (!args.profileOut) return;
  const { writeFileSync } = await import('node:fs');
  const written = [`${args.profileOut}.json`];
  try {
    writeFileSync(written[0]!, JSON.stringify(profile.toJSON(), null, 1));
    if (profile.roofline?.png) {
      written.push(`${args.profileOut}.png`);
      writeFileSync(written[1]!, profile.roofline.png);
    }
  } catch (e) {
    err(`brook: --profile-out: could not write ${written[written.length - 1]}: ${(e as Error).message}\n`);
    return;
  }
  err(`profile written to ${written.join(' and ')}\n`);
}
