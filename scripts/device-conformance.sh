#!/usr/bin/env bash
# Runs every tests/conformance program on one backend with the built CLI and compares stdout with the
# expected output (exact, as `diff -w` would; programs in tolerance.json are reported, not failed).
# Programs run from the repository root, as conformance.test.ts runs them (relative data paths).
# Meant for the lent GPU machine, where vitest is not installed:
#   source .device/setup.sh && bash scripts/device-conformance.sh webgpu
set -u
backend="${1:-webgpu}"
cd "$(dirname "$0")/.."
pass=0; fail=0; failed=()
tol=$(node -e "try{console.log(Object.keys(require('./tests/conformance/tolerance.json')).join(' '))}catch{console.log('')}")
for br in tests/conformance/*.br; do
  name=$(basename "$br" .br)
  args=()
  if [ -f "tests/conformance/$name.args" ]; then mapfile -t args < "tests/conformance/$name.args"; fi
  out=$(BROOK_REQUIRE_GPU=$([ "$backend" = webgpu ] && echo 1 || echo 0) timeout 120 node bin/brook.js run "tests/conformance/$name.br" --backend "$backend" -- "${args[@]}" 2>/tmp/conf-$name.err)
  rc=$?
  want_rc=0; [ -f "tests/conformance/$name.exitcode" ] && want_rc=$(cat "tests/conformance/$name.exitcode")
  if diff -w <(printf '%s\n' "$out") <(cat "tests/conformance/$name.expected"; [ -n "$(tail -c1 tests/conformance/$name.expected)" ] && echo) >/tmp/conf-$name.diff 2>&1 && [ "$rc" = "$want_rc" ]; then
    pass=$((pass+1))
  elif [[ " $tol " == *" $name "* ]]; then
    echo "TOLERANCE $name (differs within its stated tolerance? see diff)"; head -5 /tmp/conf-$name.diff
    pass=$((pass+1))
  else
    fail=$((fail+1)); failed+=("$name")
    echo "FAIL $name (exit $rc, want $want_rc)"; head -10 /tmp/conf-$name.diff; head -5 /tmp/conf-$name.err
  fi
done
echo "$backend: $pass passed, $fail failed ${failed[*]:-}"
[ "$fail" = 0 ]
