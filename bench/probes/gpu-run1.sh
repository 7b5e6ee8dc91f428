#!/bin/bash
# GPU run 1 of issue 12 (programs helper): before figures with shares, Dawn start/pipeline probes, large-size candidates.
T() { local s=$(date +%s%N); "$@"; local rc=$?; echo "wall_ms $(( ($(date +%s%N)-s)/1000000 )) rc $rc :: $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | tail -1
for i in 1 2 3; do T node -e 0; done
T node bin/brook.js check bench/programs/raytrace.br; T node bin/brook.js check bench/programs/raytrace.br
T node bench/probes/dawn-start.mjs sync 1 > $OUT/probe-sync-cold.json
T node bench/probes/dawn-start.mjs sync 1 > $OUT/probe-sync-again.json
T node bench/probes/dawn-start.mjs async 2 > $OUT/probe-async-cold.json
T node bench/probes/dawn-start.mjs none > $OUT/probe-none.json
ls -la ~/.cache/nvidia ~/.cache/nvidia/* ~/.nv 2>&1 | head -20
T node dist/bench/programs.js --backends cpu,webgpu --threads 16 --runs 3 --json $OUT/before.json
export BROOK_CPU_THREADS=16
L() { local n=$1 f=$2; shift 2; for b in webgpu cpu; do T node bin/brook.js run bench/programs/$f.br --backend $b --phases-out $OUT/large-$n-$b.json -- "$@"; done; }
L raytrace raytrace 2048 256
L sgemv sgemv_power 4096 200
L sort sort 22
L fft2d fft2d 2048
L segment segment 2048 150
L saxpy saxpy_loop 22 1000
echo done
