"use strict";
const { rt: $rt, lib: $L, H: $H, K: $K, S: $S } = $env;
const $M = $L.mem;
let $gt;
let $ic = 0;
function $ck(p, n, w, sp) { return $M.sh[p >>> 3] === 0 ? p : $H.ck($M, p, n, w, sp); }
function $ckv(sh, p, n, w, sp) { return sh[p >>> 3] === 0 ? p : $H.ck($M, p, n, w, sp); }
const $G0 = [8, 8];
const $sp0 = Object.freeze({ file: 0, start: 293, end: 298 });
const $sp1 = Object.freeze({ file: 0, start: 498, end: 502 });
const $T0 = {"kind":"scalar","name":"float"};
const $sp2 = Object.freeze({ file: 0, start: 504, end: 508 });
const $sp3 = Object.freeze({ file: 0, start: 512, end: 531 });
const $sp4 = Object.freeze({ file: 0, start: 535, end: 552 });
const $sp5 = Object.freeze({ file: 0, start: 556, end: 569 });
const $s0 = $L.literal("%g %g %u %d\n");
const $G1 = [32, 8, 48, 8];
const $sp6 = Object.freeze({ file: 0, start: 342, end: 346 });
let counter = 0;

function norm2($a0) {
  try {
    const $fp = $M.alloca(16, $G0);
    try {
      $H.copy($M, $fp, $a0, 8);
      return Math.fround(Math.fround($M.f32[$fp >>> 2] * $M.f32[$fp >>> 2]) + Math.fround($M.f32[($fp + 4) >>> 2] * $M.f32[($fp + 4) >>> 2]));
    } finally {
      $M.release($fp);
    }
  } catch ($e) { throw $H.stackOverflow($e, "norm2", $sp0); }
}

async function main(argc, argv) {
  try {
    let $t0, $t1, $t2;
    let total = 0, u = 0, i = 0, x = undefined, y = undefined;
    const $fp = $M.alloca(56, $G1);
    try {
      try {
        total = 0;
        u = 3;
        $M.u8.fill(0, ($fp + 40), ($fp + 40) + 8);
        ($M.f32[($fp + 40) >>> 2] = 3);
        ($M.f32[($fp + 44) >>> 2] = 4);
        {
          (i = 0);
          $t0 = $M.f32;
          $t1 = $M.i32;
          $t2 = $M.sh;
          for (; (i < 8) && (8 - i) % 4 !== 0; ((i = ((i + 1) | 0)))) {
            ($t0[(($fp >>> 2) + i)] = Math.fround(i * 0.5));
          }
          for (; (i + 3 < 8);) {
            ($t0[(($fp >>> 2) + i)] = Math.fround(i * 0.5));
            ((i = ((i + 1) | 0)));
            ($t0[(($fp >>> 2) + i)] = Math.fround(i * 0.5));
            ((i = ((i + 1) | 0)));
            ($t0[(($fp >>> 2) + i)] = Math.fround(i * 0.5));
            ((i = ((i + 1) | 0)));
            ($t0[(($fp >>> 2) + i)] = Math.fround(i * 0.5));
            ((i = ((i + 1) | 0)));
          }
        }
        x = $rt.createStream("x", $T0, [8], $sp1);
        y = $rt.createStream("y", $T0, [8], $sp2);
        (await $rt.streamRead(x, $H.ptr($M, $fp, 32, $T0), $sp3));
        $rt.call($K["scale"], [2, x, y], $sp4, { dead: [x] });
        (total = (await $rt.reduceToValue($K["sum"], [y, total], $sp5, { dead: [y] })));
        switch (argc) {
          case 1:
            ((counter = ((counter + 1) | 0)));
          default:
            ((counter = (counter << 2)));
        }
        $L.printf($s0, total, Math.fround(Math.fround($M.f32[($fp + 40) >>> 2] * $M.f32[($fp + 40) >>> 2]) + Math.fround($M.f32[($fp + 44) >>> 2] * $M.f32[($fp + 44) >>> 2])), ((u / 2) >>> 0), counter);
        return ((counter > 3) ? 0 : 1);
      } finally {
        if (x !== undefined) { if (!$L.streams.held(x)) $rt.free(x); x = undefined; }
        if (y !== undefined) { if (!$L.streams.held(y)) $rt.free(y); y = undefined; }
      }
      return 0;
    } finally {
      $M.release($fp);
    }
  } catch ($e) { throw $H.stackOverflow($e, "main", $sp6); }
}

async function $init() {
}
return { init: $init, main: main, functions: { "norm2": norm2, "main": main } };