#!/usr/bin/env bash
# Regenerates tests/conformance/NAME.expected (and NAME.exitcode when the status is not 0) from the
# plain C reference translations in this folder. Usage: reference/generate.sh [NAME...]
# Floats stay float32: -O0 -ffloat-store -fno-fast-math, glibc's printf and rand.
# Each runs in the repository root, the working directory conformance.test.ts gives brook (file paths).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
conf="$(dirname "$here")"
root="$(dirname "$(dirname "$conf")")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$here"/*.c; do names+=("$(basename "$f" .c)"); done
fi
for name in "${names[@]}"; do
  gcc -std=gnu99 -O0 -ffloat-store -fno-fast-math -Wall -Wno-unused-function -I "$here" \
    -o "$tmp/$name" "$here/$name.c" -lm
  args=()
  if [ -f "$conf/$name.args" ]; then mapfile -t args < "$conf/$name.args"; fi
  set +e
  (cd "$root" && "$tmp/$name" "${args[@]}") > "$conf/$name.expected"
  rc=$?
  set -e
  if [ "$rc" -ne 0 ]; then echo "$rc" > "$conf/$name.exitcode"; else rm -f "$conf/$name.exitcode"; fi
  echo "$name: $(wc -l < "$conf/$name.expected") lines, exit $rc"
done
