// Where a .cpuprofile's time goes under one function (issue 28: the host time a call of the Figure 3
// loops): self and inclusive time of every function below `fn`, counting only the samples from the
// given fraction of them on, so a loop's warm-up rounds (plans, proofs, pipelines made once) can be
// left out. Make the profile with `node --cpu-prof --cpu-prof-interval 100 bench/probes/loop-host.mjs
// sort 20 30` (the remeasure-device.sh step `hostprof` does it on the device), then
//   node bench/probes/profile-under.mjs FILE.cpuprofile issue [FROM_FRACTION=0.3] [SELF_ROWS] [INCL_ROWS]
import { readFileSync } from 'node:fs';
const [file, fn, fromFrac = '0.3', nSelf = '30', nIncl = '40'] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
const stack = (id) => { const s = []; let c = id; while (c !== undefined) { s.push(byId.get(c)); c = parent.get(c); } return s; };
const under = [];
for (let i = 0; i < p.samples.length; i++) { const st = stack(p.samples[i]); if (st.some((n) => n.callFrame.functionName === fn)) under.push([st, p.timeDeltas[i + 1] ?? p.timeDeltas[i]]); }
const start = Math.floor(under.length * Number(fromFrac));
const self = new Map(), incl = new Map(); let total = 0;
for (const [st, t] of under.slice(start)) {
  total += t;
  const k0 = key(st[0]); self.set(k0, (self.get(k0) ?? 0) + t);
  const seen = new Set();
  for (const n of st) { const k = key(n); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `${(t / 1000).toFixed(1).padStart(8)} ms ${(100 * t / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
console.log(`samples under ${fn}: ${under.length}, used from ${start}: ${(total / 1000).toFixed(1)} ms\n-- self\n${top(self, +nSelf)}\n-- inclusive\n${top(incl, +nIncl)}`);
