#!/bin/bash
# Issue 12 (whole programs faster on webgpu): the `programs` group at its --large sizes on cpu (all
# 16 threads of the H100 host) and webgpu, one run each, shares from the timed run (--phases-timed).
# Every program self-checks; the JSON and the printed table go to $OUT. About 40-50 s on an H100 host
# (cpu rows: raytrace ~6 s, sort ~7.5 s, sgemv ~6 s, fft2d ~5 s, segment ~2.5 s, saxpy ~2 s; webgpu
# rows ~1 s each). ONLY=sgemv,fft2d limits the programs; RUNS=3 takes medians of 3 (about 3x longer);
# SIZE=--small runs the smoke sizes (a check of the script).
# Usage (device machine, tree root, after `source .device/setup.sh`, `npm run build` done):
#   bash bench/probes/programs-large.sh TAG    -> $OUT/programs-large-TAG.json, $OUT/programs-large-TAG.txt
TAG=${1:-h100}
cd "$(dirname "$0")/../.."
unset BROOK_COMPILE_WORKER   # opt-in, slower on an H100 (docs/DECISIONS.md "Whole programs: fixed costs")
THREADS=${THREADS:-$(nproc)}
args=(--backends cpu,webgpu --threads "$THREADS" "${SIZE:---large}" --runs "${RUNS:-1}" --phases-timed --json "$OUT/programs-large-$TAG.json")
[ -n "$ONLY" ] && args+=(--only "$ONLY")
timeout 300 node dist/bench/programs.js "${args[@]}" 2>&1 | tee "$OUT/programs-large-$TAG.txt"
