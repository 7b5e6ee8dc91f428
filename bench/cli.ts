/** Command-line options of `npm run bench` / `node dist/bench/run.js`. */

export interface BenchOptions {
  backends: ('webgpu' | 'cpu')[];
  quick: boolean;
  only?: string[];
  json?: string;
  help: boolean;
}

export const USAGE = `usage: node dist/bench/run.js [--backend webgpu|cpu|both] [--quick] [--only NAME[,NAME]] [--json OUT.json]

  --backend  which Brook backend's cases to run (default both): webgpu cases compare with
             hand-written WGSL, cpu cases with plain JavaScript loops
  --quick    small sizes and few samples: a smoke run that finishes in under 2 minutes on lavapipe
  --only     run only these cases: an id (saxpy.large) or a prefix up to a dot (saxpy, sgemv.large, cpu)
  --json     where to write the results (default bench/results/last-run.json, ignored by git)
  Dawn toggles come from BROOK_DAWN_FLAGS (default: disable-dawn-features=timestamp_quantization).`;

export function parseArgs(argv: string[]): BenchOptions | { error: string } {
  const o: BenchOptions = { backends: ['webgpu', 'cpu'], quick: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | undefined => (eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '--quick':
        o.quick = true;
        break;
      case '--help':
      case '-h':
        o.help = true;
        break;
      case '--backend': {
        const v = value();
        if (v === 'both') o.backends = ['webgpu', 'cpu'];
        else if (v === 'webgpu' || v === 'cpu') o.backends = [v];
        else return { error: `--backend takes webgpu, cpu or both, not ${v === undefined ? 'nothing' : JSON.stringify(v)}` };
        break;
      }
      case '--only': {
        const v = value();
        if (!v) return { error: '--only needs a case name (for example --only saxpy)' };
        o.only = v.split(',').map((s) => s.trim()).filter(Boolean);
        break;
      }
      case '--json': {
        const v = value();
        if (!v) return { error: '--json needs a file name' };
        o.json = v;
        break;
      }
      default:
        return { error: `unknown option ${JSON.stringify(a)}` };
    }
  }
  return o;
}
