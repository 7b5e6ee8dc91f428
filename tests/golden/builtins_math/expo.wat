(module
  (type 0 (func (param f64) (result f64)))
  (type 1 (func (param f64 f64) (result f64)))
  (type 2 (func (param f64) (result f64)))
  (type 3 (func (param f64) (result f64)))
  (type 4 (func (param f64) (result f64)))
  (type 5 (func (param f64) (result f64)))
  (type 6 (func (param f64) (result f64)))
  (type 7 (func (param f64) (result f64)))
  (type 8 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "exp" (func 0 (type 0)))
  (import "m" "pow" (func 1 (type 1)))
  (import "m" "log" (func 2 (type 2)))
  (import "m" "log2" (func 3 (type 3)))
  (import "m" "log10" (func 4 (type 4)))
  (import "m" "sinh" (func 5 (type 5)))
  (import "m" "cosh" (func 6 (type 6)))
  (import "m" "tanh" (func 7 (type 7)))
  (func 8 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x2, f64 x8, i32 x3, f32 x16, v128 x13, f32 x8, v128 x3, f32 x4, v128 x1, f32 x4, v128 x1, f32 x8, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, f32 x4, v128 x2, f32 x4, v128 x2, f32 x8, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, f32 x4, v128 x3, f32 x8, v128 x2, i32 x2)
    local.get 0
    local.set 10
    block
      loop
        local.get 10
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 11
        local.get 6
        local.get 10
        i32.const 4
        i32.mul
        i32.add
        local.set 17
        local.get 7
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 22
        local.get 8
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 27
        local.get 9
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 32
        f32.const 0.5
        f32x4.splat
        local.set 84
        f32.const 100
        f32x4.splat
        local.set 151
        block
          loop
            local.get 10
            local.get 11
            i32.ge_s
            br_if 1
            local.get 17
            f32.load align=4 offset=0
            local.set 16
            f32.const 0
            local.set 18
            f32.const 0
            local.set 19
            f32.const 0
            local.set 20
            f32.const 0
            local.set 21
            f32.const 0
            local.set 23
            f32.const 0
            local.set 24
            f32.const 0
            local.set 25
            f32.const 0
            local.set 26
            f32.const 0
            local.set 28
            f32.const 0
            local.set 29
            f32.const 0
            local.set 30
            f32.const 0
            local.set 31
            block
              block
                local.get 16
                f32.abs
                local.set 33
                local.get 33
                f32.const 0.5
                f32.add
                local.set 34
                local.get 16
                f64.promote_f32
                local.set 35
                local.get 35
                i64.reinterpret_f64
                i32.const 32
                i64.extend_i32_u
                i64.shr_u
                i32.wrap_i64
                local.set 43
                local.get 43
                i32.const 31
                i32.shr_u
                local.set 44
                local.get 43
                i32.const 2147483647
                i32.and
                local.set 43
                block
                  local.get 43
                  i32.const 1082130432
                  i32.ge_u
                  if
                    local.get 35
                    call 0
                    local.set 42
                    br 1
                  end
                  i32.const 0
                  local.set 45
                  local.get 43
                  i32.const 1071001154
                  i32.gt_u
                  if
                    local.get 43
                    i32.const 1072734898
                    i32.lt_u
                    if
                      local.get 35
                      f64.const 1
                      f64.eq
                      if
                        f64.const 2.718281828459045
                        local.set 42
                        br 3
                      end
                      i32.const 1
                      local.get 44
                      local.get 44
                      i32.add
                      i32.sub
                      local.set 45
                    else
                      local.get 35
                      f64.const 1.4426950408889634
                      f64.mul
                      f64.const -0.5
                      f64.const 0.5
                      local.get 44
                      select
                      f64.add
                      i32.trunc_sat_f64_s
                      local.set 45
                    end
                    local.get 45
                    f64.convert_i32_s
                    local.set 41
                    local.get 35
                    local.get 41
                    f64.const 0.6931471803691238
                    f64.mul
                    f64.sub
                    local.set 36
                    local.get 41
                    f64.const 1.9082149292705877e-10
                    f64.mul
                    local.set 37
                    local.get 36
                    local.get 37
                    f64.sub
                    local.set 38
                  else
                    local.get 43
                    i32.const 1043333120
                    i32.lt_u
                    if
                      f64.const 1
                      local.get 35
                      f64.add
                      local.set 42
                      br 2
                    end
                    local.get 35
                    local.set 38
                  end
                  local.get 38
                  local.get 38
                  f64.mul
                  local.set 39
                  local.get 38
                  local.get 39
                  local.get 39
                  f64.const 4.1381367970572385e-8
                  f64.mul
                  f64.const -0.0000016533902205465252
                  f64.add
                  local.get 39
                  f64.mul
                  f64.const 0.00006613756321437934
                  f64.add
                  local.get 39
                  f64.mul
                  f64.const -0.0027777777777015593
                  f64.add
                  local.get 39
                  f64.mul
                  f64.const 0.16666666666666602
                  f64.add
                  f64.mul
                  f64.sub
                  local.set 40
                  local.get 45
                  i32.eqz
                  if
                    f64.const 1
                    local.get 38
                    local.get 40
                    f64.mul
                    local.get 40
                    f64.const 2
                    f64.sub
                    f64.div
                    local.get 38
                    f64.sub
                    f64.sub
                    local.set 42
                  else
                    f64.const 1
                    local.get 37
                    local.get 38
                    local.get 40
                    f64.mul
                    f64.const 2
                    local.get 40
                    f64.sub
                    f64.div
                    f64.sub
                    local.get 36
                    f64.sub
                    f64.sub
                    local.get 45
                    i32.const 1023
                    i32.add
                    i64.extend_i32_s
                    i32.const 52
                    i64.extend_i32_u
                    i64.shl
                    f64.reinterpret_i64
                    f64.mul
                    local.set 42
                  end
                end
                local.get 42
                f32.demote_f64
                local.set 46
                f64.const 2
                local.get 16
                f64.promote_f32
                call 1
                f32.demote_f64
                local.set 47
                local.get 34
                f64.promote_f32
                call 2
                f32.demote_f64
                local.set 48
                local.get 34
                f64.promote_f32
                call 3
                f32.demote_f64
                local.set 49
                local.get 46
                local.set 18
                local.get 47
                local.set 19
                local.get 48
                local.set 20
                local.get 49
                local.set 21
                local.get 34
                f64.promote_f32
                call 4
                f32.demote_f64
                local.set 50
                local.get 34
                f64.promote_f32
                f32.const 1.5
                f64.promote_f32
                call 1
                f32.demote_f64
                local.set 51
                local.get 34
                f32.sqrt
                local.set 52
                f64.const 1
                local.get 34
                f64.promote_f32
                f64.sqrt
                f64.div
                f32.demote_f64
                local.set 53
                local.get 50
                local.set 23
                local.get 51
                local.set 24
                local.get 52
                local.set 25
                local.get 53
                local.set 26
                local.get 16
                f32.const 0.5
                f32.mul
                local.set 54
                local.get 54
                f64.promote_f32
                call 5
                f32.demote_f64
                local.set 55
                local.get 54
                f64.promote_f32
                call 6
                f32.demote_f64
                local.set 56
                local.get 16
                f64.promote_f32
                call 7
                f32.demote_f64
                local.set 57
                local.get 16
                f32.const 57.295780181884766
                f32.mul
                local.set 58
                local.get 16
                f32.const 100
                f32.mul
                local.set 59
                local.get 59
                f32.const 0.01745329238474369
                f32.mul
                local.set 60
                local.get 58
                local.get 60
                f32.add
                local.set 61
                local.get 55
                local.set 28
                local.get 56
                local.set 29
                local.get 57
                local.set 30
                local.get 61
                local.set 31
              end
            end
            local.get 22
            local.get 18
            f32.store align=4 offset=0
            local.get 22
            local.get 19
            f32.store align=4 offset=4
            local.get 22
            local.get 20
            f32.store align=4 offset=8
            local.get 22
            local.get 21
            f32.store align=4 offset=12
            local.get 27
            local.get 23
            f32.store align=4 offset=0
            local.get 27
            local.get 24
            f32.store align=4 offset=4
            local.get 27
            local.get 25
            f32.store align=4 offset=8
            local.get 27
            local.get 26
            f32.store align=4 offset=12
            local.get 32
            local.get 28
            f32.store align=4 offset=0
            local.get 32
            local.get 29
            f32.store align=4 offset=4
            local.get 32
            local.get 30
            f32.store align=4 offset=8
            local.get 32
            local.get 31
            f32.store align=4 offset=12
            local.get 10
            i32.const 1
            i32.add
            local.set 10
            local.get 17
            i32.const 4
            i32.add
            local.set 17
            local.get 22
            i32.const 16
            i32.add
            local.set 22
            local.get 27
            i32.const 16
            i32.add
            local.set 27
            local.get 32
            i32.const 16
            i32.add
            local.set 32
            br 0
          end
        end
        br 0
      end
    end
  )
)
;; imports: exp, pow, log, log2, log10, sinh, cosh, tanh; vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 16, L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 16;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 16;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 16;
;; };
;; run.valueCount = 8;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7]);
;; };
;; return run;
