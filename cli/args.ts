/**
 * The `brook run` / `brook check` command line: its usage text and its parser. Shared by cli/main.ts
 * and `brook check`'s bundle (cli/check-entry.ts), so both read a command line the same way.
 */

export const USAGE = `usage: brook run FILE.br [MORE.br ...] [--backend cpu|webgpu] [-I DIR] [--profile] [--profile-out PREFIX] [--phases-out FILE] [-- ARGS...]
       brook check FILE.br [MORE.br ...] [-I DIR]
       brook kernel | install | execute ...
       brook lab [--port N] [--no-browser] [NOTEBOOK.ipynb]
       brook --help | --version;  brook COMMAND --help: that command's usage

commands:
  run      compile the program and run its main(argc, argv); argv[0] is the program path,
           ARGS after -- follow. Prints what the program prints; the exit status is main's.
  check    compile only: print errors and warnings (exit status 1 on errors).
  lab      open NOTEBOOK in a JupyterLab notebook page with the Brook kernel (brook lab --help)

options:
  --backend cpu|webgpu   run kernels on this backend (no fallback when given)
  -I DIR                 look for #include "..." files in DIR too (after the including file's folder)
  --profile              after the run, print on stderr where the time went: per kernel and copy its
                         calls, time, bytes, flops, rates, % of this adapter's peaks, and the Brook
                         paper's cost model (section 5.2) with advice (docs/PROFILE.md)
  --profile-out PREFIX   with --profile: also write PREFIX.json (tables, model, peaks, roofline spec)
                         and PREFIX.png (the roofline chart)
  --phases-out FILE      write FILE (JSON): this process's wall time split into Node start, module
                         loading, compiling, device start, pipeline creation, host code, copies and
                         kernels (cli/phases.ts); prints nothing more

environment:
  BROOK_BACKEND=cpu|webgpu   preferred backend (falls back to cpu with a notice)
  BRT_RUNTIME=cpu|<gpu>      the original BrookGPU variable: cpu means cpu, any other name webgpu
`;

export interface Args {
  command: 'run' | 'check' | 'help' | 'version';
  files: string[];
  backend?: 'cpu' | 'webgpu';
  programArgs: string[];
  /** -I DIR, in order. */
  includeDirs?: string[];
  /** --profile, and --profile-out PREFIX. */
  profile?: boolean;
  profileOut?: string;
  /** --phases-out FILE: where this process's wall time went, as JSON (cli/phases.ts). */
  phasesOut?: string;
}

export function parseArgs(argv: string[]): Args | string {
  if (argv.length === 0) return 'no command given';
  const first = argv[0]!;
  if (first === '--help' || first === '-h' || first === 'help') return { command: 'help', files: [], programArgs: [] };
  if (first === '--version' || first === '-V') return { command: 'version', files: [], programArgs: [] };
  if (first !== 'run' && first !== 'check') return `unknown command '${first}' (commands: run, check, kernel, install, execute, lab)`;
  const args: Args = { command: first, files: [], programArgs: [] };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      args.programArgs = argv.slice(i + 1);
      break;
    }
    if (a === '--backend' || a.startsWith('--backend=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v !== 'cpu' && v !== 'webgpu') return `--backend takes cpu or webgpu, not '${v ?? ''}'`;
      args.backend = v;
      continue;
    }
    if (a === '--profile') {
      args.profile = true;
      continue;
    }
    if (a === '--profile-out' || a.startsWith('--profile-out=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) return '--profile-out takes a path prefix, as in --profile-out saxpy-profile';
      args.profileOut = v;
      continue;
    }
    if (a === '--phases-out' || a.startsWith('--phases-out=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) return '--phases-out takes a file name, as in --phases-out phases.json';
      args.phasesOut = v;
      continue;
    }
    if (a === '-I' || (a.startsWith('-I') && a.length > 2)) {
      const dir = a === '-I' ? argv[++i] : a.slice(2);
      if (!dir) return "-I takes a folder, as in -I include";
      (args.includeDirs ??= []).push(dir);
      continue;
    }
    if (a === '--help' || a === '-h') return { command: 'help', files: [], programArgs: [] };
    if (a.startsWith('-') && a !== '-') return `unknown option '${a}'`;
    args.files.push(a);
  }
  if (args.files.length === 0) return `'brook ${first}' needs a .br file`;
  if (args.profileOut && !args.profile) return '--profile-out needs --profile';
  if (args.phasesOut && args.profile) return '--phases-out and --profile are two ways of timing a run: give one';
  return args;
}

