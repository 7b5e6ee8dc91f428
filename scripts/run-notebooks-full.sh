#!/usr/bin/env bash
# Executes the application notebooks at the paper's sizes (BROOK_SIZE=full) on the WebGPU backend and
# writes the executed notebooks, their HTML pages, one log each and the Figure 3 numbers (JSON, and a
# summary table at the end) to OUTDIR. Meant for the GPU machine (the results committed under
# notebooks/results/ come from it); needs dist/ (npm run build) and a GPU: it does not fall back.
#
#   scripts/run-notebooks-full.sh OUTDIR [NOTEBOOK.ipynb ...]
#
# Without notebooks it runs saxpy-sgemv, segment, fft, raytrace, bitonic-sort and blas (when present),
# one after another, then figure3 (every saved figure in one chart, read from OUTDIR/figure3); a
# notebook that fails is reported and the others still run (exit status 1).
# BROOK_SIZE=small in the environment makes it a smoke run of the script itself.
set -uo pipefail
out=${1:?usage: scripts/run-notebooks-full.sh OUTDIR [NOTEBOOK.ipynb ...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
if [ ! -f dist/cli/main.js ]; then
  echo "run-notebooks-full: dist/ is missing; run npm run build first" >&2
  exit 2
fi
if [ $# -gt 0 ]; then
  notebooks=("$@")
else
  notebooks=()
  for n in saxpy-sgemv segment fft raytrace bitonic-sort blas figure3; do
    [ -f "notebooks/$n.ipynb" ] && notebooks+=("notebooks/$n.ipynb")
  done
fi
export BROOK_SIZE=${BROOK_SIZE:-full} BROOK_BACKEND=webgpu BROOK_REQUIRE_GPU=1 BROOK_FIGURE3_JSON_DIR="$out/figure3"
status=0
for nb in "${notebooks[@]}"; do
  name=$(basename "$nb" .ipynb)
  start=$(date +%s)
  if node bin/brook.js execute "$nb" --output "$out/$name.ipynb" --html "$out/$name.html" >"$out/$name.log" 2>&1; then
    result=ok
  else
    result="FAILED (see $name.log)"
    status=1
  fi
  echo "run-notebooks-full: $name: $result in $(( $(date +%s) - start )) s"
done
# One line per implementation of every figure: the numbers the notebooks' tables show.
node -e '
const fs = require("fs"), path = require("path");
const dir = process.argv[1];
if (!fs.existsSync(dir)) process.exit(0);
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const j = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
  console.log(`${j.app.title} (${j.app.size}, ${j.app.unit}):`);
  for (const r of j.rows) {
    const rate = r.rate === undefined ? r.status + (r.reason ? ": " + r.reason.split("\n")[0] : "") : `${r.rate.toPrecision(4)} ${j.app.unit}, x${r.vsCpu.toPrecision(3)} CPU, ${r.medianMs.toPrecision(4)} ms`;
    console.log(`  ${r.label.padEnd(18)} ${rate}  [${r.device}]`);
  }
}' "$out/figure3"
exit $status
