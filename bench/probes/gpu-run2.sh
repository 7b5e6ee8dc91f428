#!/bin/bash
# GPU run 2 of issue 12 (programs helper): after figures (full and large sizes, with shares), the compile
# worker on and off, and the Dawn start / pipeline probe (cold and warm driver cache). Four files in $OUT.
T() { local s=$(date +%s%N); "$@"; local rc=$?; echo "wall_ms $(( ($(date +%s%N)-s)/1000000 )) rc $rc :: $*"; }
P=$OUT/probes.txt
{ T node bench/probes/dawn-start.mjs sync 11; T node bench/probes/dawn-start.mjs sync 11; T node bench/probes/dawn-start.mjs async 12; T node bench/probes/dawn-start.mjs none; } >> $P 2>&1
for i in 1 2 3 4; do for w in 0 1; do BROOK_COMPILE_WORKER=$w T node bin/brook.js run bench/programs/raytrace.br --backend webgpu -- 1024 256 | sed "s/^/worker=$w /"; done; done > $OUT/ab.txt 2>&1
for i in 1 2; do for w in 0 1; do BROOK_COMPILE_WORKER=$w node bin/brook.js run bench/programs/raytrace.br --backend webgpu --phases-out /tmp/ph.json -- 1024 256 >/dev/null 2>&1; echo "worker=$w $(cat /tmp/ph.json | tr -d '\n ')"; done; done >> $OUT/ab.txt
T node dist/bench/programs.js --backends cpu,webgpu --threads 16 --runs 3 --json $OUT/after.json
T node dist/bench/programs.js --backends cpu,webgpu --threads 16 --runs 1 --large --phases-timed --json $OUT/large.json
echo done
