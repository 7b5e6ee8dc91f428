#!/usr/bin/env bash
# Where Figure 3's many-call applications spend their time on a GPU (issue 28): each program here under
# `brook run --profile` (GPU time per launch, tiled or staged or not and why), with tiling and staging on
# and off (BROOK_TILE=0), the generated WGSL, and the host time a call of the sort and segment loops with
# CPU profiles of the rounds after warm-up (bench/probes/loop-host.mjs PROFILE=; read them with
# bench/probes/profile-under.mjs FILE issue 0). DIAG="profile loops" picks the parts (default both).
# Usage (device machine, tree root, node on PATH): bash bench/probes/fig3/diagnose.sh; writes $OUT/fig3-diag.tar.gz.
set -u
cd "$(dirname "$0")/../../.."
d=/tmp/fig3-diag
rm -rf "$d" && mkdir -p "$d/wgsl"
DIAG=${DIAG:-profile loops}
if [[ " $DIAG " == *" profile "* ]]; then
  for f in ${DIAG_PROGRAMS:-fft sort segment ray sgemv}; do
    for t in on 0; do
      BROOK_TILE=$t BROOK_WGSL_DUMP="$d/wgsl/$f-$t" timeout 120 node bin/brook.js run "bench/probes/fig3/$f.br" --backend webgpu --profile > "$d/$f-$t.txt" 2>&1
      echo "== $f BROOK_TILE=$t"; grep -v '^Warning' "$d/$f-$t.txt" | head -12
    done
  done
fi
if [[ " $DIAG " == *" loops "* ]]; then
  for w in "segment 2048 20 30" "sort 20 30"; do
    set -- $w
    PROFILE="$d/$1.hostprof.json" timeout 120 node bench/probes/loop-host.mjs $w >> "$d/loop-host.txt" 2>&1
    BROOK_TILE=0 timeout 120 node bench/probes/loop-host.mjs $w >> "$d/loop-host.txt" 2>&1
  done
  grep -v '^Warning' "$d/loop-host.txt"
fi
tar czf "${OUT:-/tmp}/fig3-diag.tar.gz" -C /tmp fig3-diag
