// Preload (`node -r ./bench/probes/threadcpu.cjs ...`): at exit, one line on stderr with the process's
// on-CPU milliseconds per thread name and the calling thread's (`main=`), from /proc/self/task/*/schedstat
// (time spent waiting for a core is not counted, so it holds on a loaded machine; issue 27). Workers
// inherit the preload and print their own line at their exit. Linux only. Not a gate.
'use strict';
const fs = require('node:fs');
process.on('exit', () => {
  const rows = [];
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const comm = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      const ns = Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      rows.push([tid, comm, ns / 1e6]);
    } catch {
      // the thread ended meanwhile
    }
  }
  const main = rows.find(([tid]) => Number(tid) === process.pid);
  const by = {};
  for (const [, c, ms] of rows) by[c] = (by[c] ?? 0) + ms;
  const names = Object.entries(by).map(([c, ms]) => `${c}=${ms.toFixed(0)}`).join(' ');
  process.stderr.write(`THREADCPU main=${main ? main[2].toFixed(0) : '?'} ${names}\n`);
});
