#!/usr/bin/env bash
# Checks particle_cloth's kernels (its output is only a timing line, and its gpuIterate sets every
# force constant to 0): particle_cloth/drive.br runs them from a BrookGPU checkout with non-zero
# constants for 3 steps on a 4x4 cloth, and the positions and velocities printed must equal those of
# particle_cloth/reference.c (plain C, float32, gcc) to the printed 6 decimals.
#
# usage: scripts/original-apps/check-particle-cloth.sh BROOK_CHECKOUT BACKEND   (BACKEND: cpu | webgpu)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=$1/prog/apps/particle_cloth
backend=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O0 -ffloat-store -fno-fast-math -o "$tmp/ref" "$here/particle_cloth/reference.c" -lm
"$tmp/ref" > "$tmp/want"
node "$root/bin/brook.js" run -I "$app" "$here/particle_cloth/drive.br" "$app/timing.cpp" --backend "$backend" > "$tmp/got"
if diff "$tmp/want" "$tmp/got"; then echo "particle_cloth $backend: 16 particles equal the C reference"; else echo "particle_cloth $backend: differs from the C reference"; exit 1; fi
