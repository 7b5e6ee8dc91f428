#!/usr/bin/env bash
# Runs applications of the original BrookGPU (a checkout of github.com/lkosmid/brook) through this
# project's CLI, each in its own folder with the sources its Makefile lists (FILES = ..., each name
# as .br, .bri, .cpp or .c) and the -I folders of its CFLAGS (then -I ., as BrookGPU's common.mk adds).
# Nothing of the original is copied here.
#
# usage: scripts/run-original-apps.sh BROOK_CHECKOUT BACKEND OUTDIR [APP[:ARGS] ...]
#   BROOK_CHECKOUT  the checkout (its prog/apps holds the applications)
#   BACKEND         cpu | webgpu
#   OUTDIR          gets BACKEND.APP.out (stdout) and BACKEND.APP.err (stderr)
#   APP:ARGS        an application folder name, optionally with its program arguments after ':'
#                   (space separated); without APPs, the list of docs/ORIGINAL-APPS.md is run.
# Prints one line per application: its exit status, time, sources and the first line of stderr.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
checkout=$1; backend=$2; outdir=$(mkdir -p "$3" && cd "$3" && pwd); shift 3
apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
  apps=(scan fft rapid_collide spMatrixVec "volume_division:13" "blur3x3:64 4 1" "formats:64 64 32 2"
        "particle_cloth:gpu 16 10" subdivision "PMLSeg:64 64 10" "volfire:32 1.0 0.5 $outdir/volfire-$backend- 2"
        "raytracer:-w 16 -h 16 -o $outdir/raytracer-$backend.ppm" bitonic_sort bsearch "conjugate_gradient:100 0.0001" "conjugate_gradient_1D:100 0.0001"
        "imageproc:64 64" sgemm sgemm_multipass)
fi
for spec in "${apps[@]}"; do
  app=${spec%%:*}; args=""; [[ $spec == *:* ]] && args=${spec#*:}
  dir=$checkout/prog/apps/$app
  srcs=()
  for f in $(sed -n 's/^[[:space:]]*FILES[[:space:]]*=[[:space:]]*//p' "$dir/Makefile"); do
    # A file of ours in scripts/original-apps/windows-only/APP/ stands in for a source that needs the
    # Windows API (raytracer's timer.c: QueryPerformanceCounter); docs/ORIGINAL-APPS.md names each.
    for e in br bri cpp c; do
      if [ -f "$here/scripts/original-apps/windows-only/$app/$f.$e" ]; then srcs+=("$here/scripts/original-apps/windows-only/$app/$f.$e")
      elif [ -f "$dir/$f.$e" ]; then srcs+=("$f.$e"); fi
    done
  done
  incs=$(sed -n 's/^[[:space:]]*CFLAGS[[:space:]]*=[[:space:]]*//p' "$dir/Makefile" | grep -o -- '-I *[^ ]*' | sed 's/-I */-I /')
  incs="$incs -I ."   # common.mk adds -I. to every application's CFLAGS
  start=$(date +%s%N)
  # shellcheck disable=SC2086  # $incs and $args are word lists on purpose
  (cd "$dir" && timeout 300 node "$here/bin/brook.js" run $incs "${srcs[@]}" --backend "$backend" ${args:+-- $args} \
     >"$outdir/$backend.$app.out" 2>"$outdir/$backend.$app.err")
  rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "$backend $app exit=$rc ${ms}ms [${srcs[*]}] $(grep -m1 -E 'error|warning|internal' "$outdir/$backend.$app.err")"
done
