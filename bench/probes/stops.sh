#!/bin/bash
# Stop times of an endless kernel under `brook run` (issue 24), one JSON line per case on stdout:
# backend (cpu, webgpu), how (timeout: BROOK_KERNEL_TIMEOUT=3; sigint: SIGINT 2 s after the start),
# the exit status, the seconds past the limit (start-up included) or from the signal to the exit, and the
# error's code.
# Usage (tree root, built): bash bench/probes/stops.sh > stops.jsonl
cd "$(dirname "$0")/../.."
# Job control: a background job of a script otherwise starts with SIGINT ignored.
set -m
prog=bench/probes/endless.br
err=$(mktemp)
now() { date +%s.%N; }
for backend in cpu webgpu; do
  t0=$(now)
  BROOK_KERNEL_TIMEOUT=3 timeout 60 node bin/brook.js run --backend "$backend" "$prog" > /dev/null 2> "$err"
  status=$?
  t1=$(now)
  code=$(grep -o 'BRK50[0-9][0-9]' "$err" | head -1)
  echo "{\"backend\":\"$backend\",\"how\":\"timeout\",\"limit_s\":3,\"status\":$status,\"after_limit_s\":$(awk "BEGIN{print $t1 - $t0 - 3}"),\"code\":\"$code\"}"
  node bin/brook.js run --backend "$backend" "$prog" > /dev/null 2> "$err" &
  pid=$!
  sleep 2
  t0=$(now)
  kill -INT "$pid"
  wait "$pid"
  status=$?
  t1=$(now)
  code=$(grep -o 'BRK50[0-9][0-9]' "$err" | head -1)
  echo "{\"backend\":\"$backend\",\"how\":\"sigint\",\"status\":$status,\"after_signal_s\":$(awk "BEGIN{print $t1 - $t0}"),\"code\":\"$code\"}"
done
rm -f "$err"
