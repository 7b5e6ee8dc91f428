/** `npm run bench` / `node dist/bench/run.js [options]`: see bench/main.ts and bench/cli.ts. */
import { runBench } from './main.js';

runBench(process.argv.slice(2)).then(
  // Dawn keeps handles open after the device is destroyed; exit explicitly.
  (r) => process.exit(r.code),
  (e) => {
    process.stderr.write(`bench: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
