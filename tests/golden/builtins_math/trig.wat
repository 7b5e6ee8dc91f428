(module
  (type 0 (func (param f64) (result f64)))
  (type 1 (func (param f64) (result f64)))
  (type 2 (func (param f64) (result f64)))
  (type 3 (func (param f64) (result f64)))
  (type 4 (func (param f64) (result f64)))
  (type 5 (func (param f64) (result f64)))
  (type 6 (func (param f64 f64) (result f64)))
  (type 7 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "sin" (func 0 (type 0)))
  (import "m" "cos" (func 1 (type 1)))
  (import "m" "tan" (func 2 (type 2)))
  (import "m" "atan" (func 3 (type 3)))
  (import "m" "asin" (func 4 (type 4)))
  (import "m" "acos" (func 5 (type 5)))
  (import "m" "atan2" (func 6 (type 6)))
  (func 7 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x9, v128 x9, f32 x8, v128 x1, f32 x4, v128 x3, f32 x8, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, i32 x2)
    local.get 0
    local.set 9
    block
      loop
        local.get 9
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 10
        local.get 6
        local.get 9
        i32.const 4
        i32.mul
        i32.add
        local.set 16
        local.get 7
        local.get 9
        i32.const 16
        i32.mul
        i32.add
        local.set 21
        local.get 8
        local.get 9
        i32.const 16
        i32.mul
        i32.add
        local.set 26
        f32.const 0.25
        f32x4.splat
        local.set 59
        block
          loop
            local.get 9
            local.get 10
            i32.ge_s
            br_if 1
            local.get 16
            f32.load align=4 offset=0
            local.set 15
            f32.const 0
            local.set 17
            f32.const 0
            local.set 18
            f32.const 0
            local.set 19
            f32.const 0
            local.set 20
            f32.const 0
            local.set 22
            f32.const 0
            local.set 23
            f32.const 0
            local.set 24
            f32.const 0
            local.set 25
            block
              block
                local.get 15
                f64.promote_f32
                call 0
                f32.demote_f64
                local.set 27
                local.get 15
                f64.promote_f32
                call 1
                f32.demote_f64
                local.set 28
                local.get 15
                f32.const 0.25
                f32.mul
                local.set 29
                local.get 29
                f64.promote_f32
                call 2
                f32.demote_f64
                local.set 30
                local.get 15
                f64.promote_f32
                call 3
                f32.demote_f64
                local.set 31
                local.get 27
                local.set 17
                local.get 28
                local.set 18
                local.get 30
                local.set 19
                local.get 31
                local.set 20
                local.get 29
                f64.promote_f32
                call 4
                f32.demote_f64
                local.set 32
                local.get 29
                f64.promote_f32
                call 5
                f32.demote_f64
                local.set 33
                local.get 15
                f64.promote_f32
                f32.const 2
                f64.promote_f32
                call 6
                f32.demote_f64
                local.set 34
                f32.const -1
                f64.promote_f32
                local.get 15
                f64.promote_f32
                call 6
                f32.demote_f64
                local.set 35
                local.get 32
                local.set 22
                local.get 33
                local.set 23
                local.get 34
                local.set 24
                local.get 35
                local.set 25
              end
            end
            local.get 21
            local.get 17
            f32.store align=4 offset=0
            local.get 21
            local.get 18
            f32.store align=4 offset=4
            local.get 21
            local.get 19
            f32.store align=4 offset=8
            local.get 21
            local.get 20
            f32.store align=4 offset=12
            local.get 26
            local.get 22
            f32.store align=4 offset=0
            local.get 26
            local.get 23
            f32.store align=4 offset=4
            local.get 26
            local.get 24
            f32.store align=4 offset=8
            local.get 26
            local.get 25
            f32.store align=4 offset=12
            local.get 9
            i32.const 1
            i32.add
            local.set 9
            local.get 16
            i32.const 4
            i32.add
            local.set 16
            local.get 21
            i32.const 16
            i32.add
            local.set 21
            local.get 26
            i32.const 16
            i32.add
            local.set 26
            br 0
          end
        end
        br 0
      end
    end
  )
)
;; imports: sin, cos, tan, atan, asin, acos, atan2; vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 16, L.args[2].F.byteOffset + L.args[2].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 16;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 16;
;; };
;; run.valueCount = 7;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6]);
;; };
;; return run;
