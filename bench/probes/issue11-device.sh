#!/bin/bash
# One GPU-machine call for issue 11's transfer / per-call / loop-spread work (bench/README.md, Probes).
# Run from the tree root after `source .device/setup.sh`, with $OUT set. Every step has its own
# timeout so one slow step cannot lose the others' output. Optional first argument: a directory
# holding an older build (dist/ and bench/cases/) to bench as "before" on the same machine.
BASE=${1:-}
cd "$(dirname "$0")/../.."
t0=$(date +%s)
el() { echo "[$(( $(date +%s) - t0 ))s] $*"; }
SMI=
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu --format=csv -lms 100 > "$OUT/smi.csv" 2>&1 &
  SMI=$!
fi
el loop-warmup
timeout 25 node bench/probes/loop-warmup.mjs 24 30 1500 > "$OUT/loop-warmup.jsonl" 2> "$OUT/loop-warmup.err"
el calls
for ps in 128 512; do PROBE_PER_SUBMIT=$ps timeout 10 node bench/probes/calls-profile.mjs 1000 30 2>/dev/null; done > "$OUT/calls.jsonl"
BROOK_GPU_TIMING=1 PROBE_PER_SUBMIT=100000 timeout 10 node bench/probes/calls-profile.mjs 1000 20 >> "$OUT/calls.jsonl" 2>/dev/null
timeout 12 node --cpu-prof --cpu-prof-dir="$OUT/prof" bench/probes/calls-profile.mjs 1000 200 >> "$OUT/calls.jsonl" 2>/dev/null
el transfers
timeout 25 node bench/probes/transfers.mjs 256 7 > "$OUT/transfers.jsonl" 2> "$OUT/transfers.err"
el bench after
timeout 40 node dist/bench/run.js --backend webgpu --only calls,streamRead,streamWrite,loop --json "$OUT/after.json" > "$OUT/after.log" 2>&1
if [ -n "$BASE" ]; then
  el bench before
  (cd "$BASE" && timeout 40 node dist/bench/run.js --backend webgpu --only calls,streamRead,streamWrite,loop --json "$OUT/before.json" > "$OUT/before.log" 2>&1)
fi
el done
[ -n "$SMI" ] && kill "$SMI"
exit 0
