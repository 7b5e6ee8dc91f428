/** `npm run bench` / `node dist/bench/run.js [options]`: see bench/main.ts and bench/cli.ts. */
import { runBench } from './main.js';
import { runSessionBench, sessionJsonPath, splitSessionArgs } from './session.js';

async function main(argv: string[]): Promise<number> {
  // `--only session` selects the notebook-session group (bench/session.ts); other names go to the harness.
  const { session, rest } = splitSessionArgs(argv);
  let code = 0;
  if (session) code = (await runSessionBench(argv, sessionJsonPath(argv, rest !== undefined))).code;
  if (rest) code = Math.max(code, (await runBench(rest)).code);
  return code;
}

main(process.argv.slice(2)).then(
  // Dawn keeps handles open after the device is destroyed; exit explicitly.
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`bench: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
