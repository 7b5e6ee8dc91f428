#!/bin/bash
# One GPU-machine call that re-measures the committed figures, each step with its own time limit so a
# slow one cannot lose the others' output (at most 8 files come back from $OUT: steps.log, smi.csv and
# at most six results; name few steps a call). Every result is written under the name it has in
# bench/results/ (GROUP-TAG.json, TAG the machine: h100, h200): copy it there, replacing the old one
# (git keeps the history; docs/PERFORMANCE.md quotes them).
#   blas      bench-blas-TAG.json: gemm, gemv and axpy;
#   cpu       bench-cpu-TAG.json: the cpu group on this host's threads, gcc -O2 rows when gcc is present;
#   programs  programs-cpu-TAG.json: segment and sort on cpu, all threads, with a main-thread profile;
#   transfers transfers-TAG.jsonl: where streamRead's time goes (bench/probes/transfers.mjs);
#   xfer      bench-transfers-TAG.json: the bench's streamRead, streamWrite and loop cases.
# Not in the default STEPS (name them):
#   webgpu    bench-webgpu-TAG.json: the WebGPU cases (saxpy, sum, stencil, sgemv, chain4, loop, calls,
#             streamRead, streamWrite) in one run;
#   apps      programs-TAG.json: the six whole programs on cpu (all threads) and webgpu;
#   large     programs-large-TAG.json: whole programs at --large (programs-large.sh);
#   threads   programs-threads-TAG.json: segment and sort on cpu by thread count (THREAD_LIST);
#   host      bench-host-TAG.json: host loops vs gcc -O2;
#   loops     bench-loops-TAG.json: eight ordinary host loop shapes vs gcc -O2 and vs Brook's JavaScript path;
#   startup   startup-TAG.json: cold `brook check` vs Node's start;
#   session   session-TAG.json: the notebook session group (kernel start, first cell, rerun, restart);
#   huge      bench-huge-TAG.json: the 2^28 SAXPY alone;
#   budget    loop-budget-TAG.json: WGSL loop counters on and off in one run (sgemv single kernels);
#   loopchecks bench-cpu-loopchecks-TAG.json: CPU kernels' loop polls on and off in one run (bench/loopchecks.ts);
#   stops     stops-TAG.jsonl: how fast `brook run` ends an endless kernel (timeout, SIGINT; bench/probes/stops.sh).
#   figure3   figure3-TAG.tar.gz: the application notebooks at full size (scripts/run-notebooks-full.sh),
#             the executed notebooks, their logs and figure3/*.json (untar over notebooks/results/);
#   checks    checks-TAG.txt: chain tiling verified call by call (BROOK_TILE=verify) and exact iterators
#             on this GPU (conformance programs tile_bitonic, tile_xor_chain, tile_rows, iterator_exact);
#   hostprof  hostprof-TAG.tar.gz: host time a call of the segment and sort loops (bench/probes/loop-host.mjs,
#             tiling on and off) with CPU profiles of both (read with bench/probes/profile-under.mjs);
#   fuzz      fuzz-TAG.txt: the differential fuzzer for FUZZ_S seconds (default 240) on every core, from
#             program FUZZ_START (default 0) of seed 1.
# Usage (device machine, tree root, after `source .device/setup.sh`): bash bench/probes/remeasure-device.sh TAG
# with $OUT set. STEPS picks steps (default: info blas cpu programs transfers xfer).
TAG=${1:-h100}
STEPS=${STEPS:-info blas cpu programs transfers xfer}
cd "$(dirname "$0")/../.."
t0=$(date +%s)
log="$OUT/steps.log"
el() { echo "=== [$(( $(date +%s) - t0 ))s] $*" >> "$log"; }
has() { [[ " $STEPS " == *" $1 "* ]]; }
SMI=
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu --format=csv -l 1 > "$OUT/smi.csv" 2>&1 &
  SMI=$!
fi
if has info; then
  el info
  { nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
    nvidia-smi -q -d MEMORY | grep -A4 -i bar1
    lscpu | grep -E 'Model name|^CPU\(s\)|NUMA|L3'
    gcc --version 2>&1 | head -1; node --version; } >> "$log" 2>&1
fi
if has blas; then
  el blas
  timeout "${BLAS_S:-300}" node dist/bench/run.js --backend webgpu --only blas --json "$OUT/bench-blas-$TAG.json" >> "$log" 2>&1
fi
if has cpu; then
  el cpu
  timeout 240 node dist/bench/run.js --backend cpu --only cpu --json "$OUT/bench-cpu-$TAG.json" >> "$log" 2>&1
fi
if has programs; then
  el programs
  timeout 90 node dist/bench/programs.js --backends cpu --threads "$(nproc)" --only segment,sort --profile --runs 3 --json "$OUT/programs-cpu-$TAG.json" >> "$log" 2>&1
fi
if has transfers; then
  el transfers
  timeout 45 node bench/probes/transfers.mjs 256 7 > "$OUT/transfers-$TAG.jsonl" 2>> "$log"
fi
if has xfer; then
  el xfer
  timeout 70 node dist/bench/run.js --backend webgpu --only streamRead,streamWrite,loop --json "$OUT/bench-transfers-$TAG.json" >> "$log" 2>&1
fi
if has threads; then
  el threads
  timeout 150 node dist/bench/programs.js --backends cpu --threads "${THREAD_LIST:-8,12,14,16}" --only segment,sort --runs 5 --no-shares --json "$OUT/programs-threads-$TAG.json" >> "$log" 2>&1
fi
if has large; then
  el large
  RUNS=${LARGE_RUNS:-1} bash bench/probes/programs-large.sh "$TAG" > /dev/null 2>> "$log"
  tail -n 40 "$OUT/programs-large-$TAG.txt" >> "$log"; rm -f "$OUT/programs-large-$TAG.txt"
fi
if has host; then
  el host
  timeout 150 node dist/bench/run.js --backend cpu --only host --json "$OUT/bench-host-$TAG.json" >> "$log" 2>&1
fi
if has loops; then
  el loops
  timeout 200 node dist/bench/run.js --backend cpu --only loops --json "$OUT/bench-loops-$TAG.json" >> "$log" 2>&1
fi
if has startup; then
  el startup
  timeout 120 node dist/bench/startup.js --runs 15 --json "$OUT/startup-$TAG.json" >> "$log" 2>&1
fi
if has webgpu; then
  el webgpu
  timeout 540 node dist/bench/run.js --backend webgpu --only saxpy,sum,stencil,sgemv,chain4,loop,calls,streamRead,streamWrite --json "$OUT/bench-webgpu-$TAG.json" >> "$log" 2>&1
fi
if has apps; then
  el apps
  timeout 300 node dist/bench/programs.js --backends cpu,webgpu --threads "$(nproc)" --runs 3 --json "$OUT/programs-$TAG.json" >> "$log" 2>&1
fi
if has session; then
  el session
  timeout 240 node dist/bench/run.js --only session --json "$OUT/session-$TAG.json" >> "$log" 2>&1
fi
if has huge; then
  el huge
  timeout "${HUGE_S:-400}" node dist/bench/run.js --backend webgpu --only saxpy.huge --json "$OUT/bench-huge-$TAG.json" >> "$log" 2>&1
fi
if has budget; then
  el budget
  timeout 240 node dist/bench/run.js --backend webgpu --only budget,sgemv.small.single,sgemv.large.single --json "$OUT/loop-budget-$TAG.json" >> "$log" 2>&1
fi
if has loopchecks; then
  el loopchecks
  timeout 200 node dist/bench/loopchecks.js --rounds 21 --json "$OUT/bench-cpu-loopchecks-$TAG.json" >> "$log" 2>&1
fi
if has stops; then
  el stops
  timeout 200 bash bench/probes/stops.sh > "$OUT/stops-$TAG.jsonl" 2>> "$log"
fi
if has figure3; then
  el figure3
  timeout "${FIGURE3_S:-520}" bash scripts/run-notebooks-full.sh "$OUT/figure3" >> "$log" 2>&1
  rm -f "$OUT"/figure3/*.html
  tar czf "$OUT/figure3-$TAG.tar.gz" -C "$OUT" figure3 && rm -rf "$OUT/figure3"
fi
if has checks; then
  el checks
  for p in tile_bitonic tile_xor_chain tile_rows iterator_exact; do
    for b in webgpu cpu; do
      echo "== $p $b BROOK_TILE=verify"
      BROOK_TILE=verify timeout 60 node bin/brook.js run "tests/conformance/$p.br" --backend "$b" > "/tmp/$p.$b.out" 2> "/tmp/$p.$b.err"
      echo "exit $?"; cat "/tmp/$p.$b.err"; diff "/tmp/$p.$b.out" "tests/conformance/$p.expected" && echo "matches $p.expected"
    done
  done > "$OUT/checks-$TAG.txt" 2>&1
  timeout 60 node bin/brook.js run tests/conformance/tile_bitonic.br --backend webgpu --profile >> "$OUT/checks-$TAG.txt" 2>&1
fi
if has hostprof; then
  el hostprof
  mkdir -p /tmp/hostprof
  for t in on 0; do
    BROOK_TILE=$t timeout 60 node bench/probes/loop-host.mjs segment 2048 20 >> /tmp/hostprof/loop-host.txt 2>&1
    BROOK_TILE=$t timeout 60 node bench/probes/loop-host.mjs sort 20 >> /tmp/hostprof/loop-host.txt 2>&1
  done
  for w in "segment 2048 20 30" "sort 20 30"; do
    set -- $w
    timeout 90 node --cpu-prof --cpu-prof-interval 100 --cpu-prof-dir=/tmp/hostprof --cpu-prof-name="$1.cpuprofile" bench/probes/loop-host.mjs $w >> /tmp/hostprof/loop-host.txt 2>&1
  done
  tar czf "$OUT/hostprof-$TAG.tar.gz" -C /tmp hostprof
fi
if has fuzz; then
  el fuzz
  timeout $(( ${FUZZ_S:-240} + 60 )) node dist/fuzz/diff-run.js --seed 1 --start "${FUZZ_START:-0}" --count 100000 --jobs "$(nproc)" --minutes "$(( ${FUZZ_S:-240} / 60 ))" --out /tmp/fuzz-findings > "$OUT/fuzz-$TAG.txt" 2>&1
  [ -d /tmp/fuzz-findings ] && tar czf "$OUT/fuzz-findings-$TAG.tar.gz" -C /tmp fuzz-findings
fi
el done
[ -n "$SMI" ] && kill "$SMI"
exit 0
