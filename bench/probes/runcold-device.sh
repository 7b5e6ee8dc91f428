#!/bin/bash
# issue 12 (runcold): `brook run` from its bundle and V8 code cache against the modules one by one, on
# the device machine, in under 60 s. Writes to $OUT: runcold.log (which loader ran, step times),
# startup-TAG-runcold.json (cold Node / check / run, each loader), programs-cpu-TAG-runcold-{modules,
# bundle}.json (segment and fft2d on cpu, all threads) and programs-webgpu-TAG-runcold-{modules,bundle}.json
# (fft2d on webgpu); the rows' `shares.ms.start` is the `start` share in milliseconds.
# Usage (tree root, after `npm run build` and `source .device/setup.sh`): bash bench/probes/runcold-device.sh TAG
TAG=${1:-h100}
cd "$(dirname "$0")/../.."
t0=$(date +%s)
log="$OUT/runcold.log"
el() { echo "=== [$(( $(date +%s) - t0 ))s] $*" >> "$log"; }
# A cache folder of this call's own: the build's caches next to the bundles are used when this Node
# takes them; otherwise the first run writes one here and the rest use it (the trace lines say which).
export BROOK_CACHE_DIR="$(mktemp -d)"
el loaders
for b in cpu webgpu; do
  BROOK_RUN_TRACE=1 node bin/brook.js run examples/saxpy.br --backend "$b" 2>&1 >/dev/null | grep 'run loader' >> "$log"
  BROOK_RUN_TRACE=1 node bin/brook.js run examples/saxpy.br --backend "$b" 2>&1 >/dev/null | grep 'run loader' >> "$log"
done
el startup
timeout 24 node dist/bench/startup.js --runs 7 --json "$OUT/startup-$TAG-runcold.json" > /dev/null 2>> "$log"
for L in modules bundle; do
  if [ "$L" = modules ]; then export BROOK_RUN_LOADER=modules; else unset BROOK_RUN_LOADER; fi
  el "programs cpu $L"
  timeout 10 node dist/bench/programs.js --backends cpu --threads "$(nproc)" --only segment,fft2d --runs 3 --json "$OUT/programs-cpu-$TAG-runcold-$L.json" >> "$log" 2>&1
  el "programs webgpu $L"
  timeout 7 node dist/bench/programs.js --backends webgpu --only fft2d --runs 3 --json "$OUT/programs-webgpu-$TAG-runcold-$L.json" >> "$log" 2>&1
done
el done
