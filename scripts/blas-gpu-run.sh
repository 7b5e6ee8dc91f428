#!/usr/bin/env bash
# The BLAS library's run on a GPU machine (issue 14), in one go: the bench's BLAS group (gemm and its
# tile sweep first, then gemv and its split sweep, then axpy; each verified against float64 before it
# is timed), the library's tests (tests/library) on the real GPU, and notebooks/blas.ipynb at
# BROOK_SIZE=full. Run from the repository root after `npm run build`. Writes into OUT (first argument, or
# $OUT, or ./blas-gpu-out): blas-bench.json, bench.log, blas-full.ipynb, nb.log, test.log.
# Each step has a time limit (seconds: BENCH_S, NB_S, TEST_S) so a slow step cannot eat the others'.
set -u
OUT=${1:-${OUT:-./blas-gpu-out}}
mkdir -p "$OUT"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}

timeout "${BENCH_S:-100}" node dist/bench/run.js --backend webgpu --only blas --json "$OUT/blas-bench.json" > "$OUT/bench.log" 2>&1
echo "bench: exit $?"
# vitest without the suite's global setup (it rebuilds dist/, which is already built here).
cfg=$(mktemp --suffix=.mjs)
printf "export default { test: { include: ['tests/library/*.test.ts'], testTimeout: 120000, hookTimeout: 120000, pool: 'forks' } };\n" > "$cfg"
BROOK_TEST_SKIP_BUILD=1 timeout "${TEST_S:-40}" node node_modules/vitest/vitest.mjs run --config "$cfg" --root . --reporter=verbose > "$OUT/test.log" 2>&1
echo "tests: exit $?"
BROOK_SIZE=full timeout "${NB_S:-30}" node bin/brook.js execute notebooks/blas.ipynb --output "$OUT/blas-full.ipynb" > "$OUT/nb.log" 2>&1
echo "notebook: exit $?"

grep -v "^bench: " "$OUT/bench.log" | tail -n 45
tail -n 8 "$OUT/nb.log"
grep -E "Test Files|Tests|FAIL|✗|×" "$OUT/test.log" | head -20
