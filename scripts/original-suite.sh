#!/usr/bin/env bash
# Runs the original BrookGPU regression suite (prog/tests of a checkout of lkosmid/brook) through this
# project's `brook run`, the way its own harness judged it: each test directory that has a .gold file
# is run in that directory with the sources its Makefile lists (FILES = ...), and its stdout is
# compared with `diff -w` against the gold. Nothing of the suite is copied into this project.
#
# usage: scripts/original-suite.sh BROOK_CHECKOUT [cpu|webgpu] [TEST...]
#   BROOK_CHECKOUT  a checkout of https://github.com/lkosmid/brook (the folder holding prog/)
#   TEST            test directory names (default: every one with a .gold, except the *GLES copies;
#                   GLES alone: the *GLES copies that have a .gold)
# Output: one line per test (pass/FAIL), a summary, and each failure's stdout/stderr under
# $BROOK_SUITE_OUT (default: a fresh folder in /tmp), named out.BACKEND.TEST.txt / err.BACKEND.TEST.txt.
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
checkout="${1:?usage: scripts/original-suite.sh BROOK_CHECKOUT [cpu|webgpu] [TEST...]}"
backend="${2:-cpu}"
shift $(( $# >= 2 ? 2 : $# ))
tests_dir="$checkout/prog/tests"
[ -d "$tests_dir" ] || { echo "no prog/tests in $checkout" >&2; exit 2; }
out="${BROOK_SUITE_OUT:-$(mktemp -d /tmp/brook-suite-XXXXXX)}"
mkdir -p "$out"

cd "$tests_dir" || exit 2
tests=("$@")
if [ "${tests[*]}" = "GLES" ]; then          # the OpenGL ES copies with a gold file
  tests=()
  for d in *GLES/; do d="${d%/}"; compgen -G "$d/*.gold" > /dev/null && tests+=("$d"); done
elif [ ${#tests[@]} -eq 0 ]; then
  for d in */; do
    d="${d%/}"
    case "$d" in *GLES) continue ;; esac
    compgen -G "$d/*.gold" > /dev/null && tests+=("$d")
  done
fi

pass=0
failed=()
for d in "${tests[@]}"; do
  srcs=()
  for f in $(tr -d '\r' < "$d/Makefile" | sed -n 's/^FILES *= *//p'); do
    for e in br cpp c; do [ -f "$d/$f.$e" ] && srcs+=("$f.$e"); done
  done
  # The original's `make regression` diffed against $(EXECUTABLE).gold; else the folder's first gold.
  exe="$(tr -d '\r' < "$d/Makefile" | sed -n 's/^EXECUTABLE *= *//p' | head -1)"
  gold="$d/$exe.gold"
  [ -n "$exe" ] && [ -f "$gold" ] || gold="$(ls "$d"/*.gold | head -1)"
  (cd "$d" && timeout 300 node "$here/bin/brook.js" run "${srcs[@]}" --backend "$backend" \
    > "$out/out.$backend.$d.txt" 2> "$out/err.$backend.$d.txt")
  if diff -q -w "$out/out.$backend.$d.txt" "$gold" > /dev/null; then
    pass=$((pass + 1))
    echo "pass  $d"
  else
    failed+=("$d")
    echo "FAIL  $d"
  fi
done
echo "$backend: pass $pass fail ${#failed[@]}"
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}  (stdout/stderr in $out)"
exit 0
