#!/bin/bash
# One GPU-machine call for issue 11's transfer / per-call / loop-spread work (bench/README.md, Probes).
# Run from the tree root after `source .device/setup.sh`, with $OUT set. Each step has its own
# timeout so a slow step cannot lose the others' output; at most 8 files are written to $OUT.
#   1. bench/probes/transfers.mjs: the chunk sizes of streamRead/streamWrite, the fastest named;
#   2. the bench's calls, streamRead, streamWrite and loop cases with those settings;
#   3. optional first argument: a directory holding an older build (dist/, bench/cases/) whose
#      calls and streamWrite cases are benched on the same machine as "before".
# nvidia-smi logs the clocks all along (smi.csv).
BASE=${1:-}
cd "$(dirname "$0")/../.."
t0=$(date +%s)
el() { echo "[$(( $(date +%s) - t0 ))s] $*" >> "$OUT/steps.log"; }
SMI=
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu --format=csv -lms 100 > "$OUT/smi.csv" 2>&1 &
  SMI=$!
fi
el transfers
timeout 22 node bench/probes/transfers.mjs 256 7 > "$OUT/transfers.jsonl" 2>> "$OUT/steps.log"
ENV=$(grep '"best"' "$OUT/transfers.jsonl" | sed 's/.*"env":"\([^"]*\)".*/\1/')
el "bench after with: ${ENV:-defaults}"
env $ENV timeout 52 node dist/bench/run.js --backend webgpu --only calls,streamRead,streamWrite,loop --json "$OUT/after.json" > "$OUT/after.log" 2>&1
if [ -n "$BASE" ]; then
  el bench before
  (cd "$BASE" && timeout 14 node dist/bench/run.js --backend webgpu --only calls,streamWrite --json "$OUT/before.json" > "$OUT/before.log" 2>&1)
fi
el done
[ -n "$SMI" ] && kill "$SMI"
exit 0
