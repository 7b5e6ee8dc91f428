#!/usr/bin/env node
// Median wall time of a command run repeatedly (a small hyperfine): warm-up runs first, then N timed runs.
//   node scripts/time-command.mjs [--runs N] [--warmup W] -- CMD ARGS...   (several commands: separate with ---)
import { spawnSync } from 'node:child_process';

const argv = process.argv.slice(2);
let runs = 21;
let warmup = 3;
while (argv.length && argv[0] !== '--') {
  const a = argv.shift();
  if (a === '--runs') runs = Number(argv.shift());
  else if (a === '--warmup') warmup = Number(argv.shift());
  else throw new Error(`unknown option ${a}`);
}
argv.shift();
const commands = [];
let cur = [];
for (const a of argv) {
  if (a === '---') { commands.push(cur); cur = []; } else cur.push(a);
}
if (cur.length) commands.push(cur);

function once(cmd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const results = [];
for (const cmd of commands) {
  for (let i = 0; i < warmup; i++) once(cmd);
}
// Interleave the commands so that machine load affects them alike.
const times = commands.map(() => []);
for (let i = 0; i < runs; i++) commands.forEach((cmd, j) => times[j].push(once(cmd)));
commands.forEach((cmd, j) => {
  const t = times[j];
  results.push({ command: cmd.join(' '), runs, median_ms: +median(t).toFixed(1), min_ms: +Math.min(...t).toFixed(1) });
});
console.log(JSON.stringify(results, null, 1));
