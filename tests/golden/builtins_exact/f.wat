(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x3, f64 x1, f32 x1, f64 x2, i32 x3, f32 x2, f64 x2, i32 x3, f32 x3, i32 x1, f32 x18, i32 x1, f32 x1, v128 x20, f32 x1, f64 x1, f32 x2, f64 x1, f32 x2, f64 x1, f32 x2, f64 x1, f32 x1, v128 x1, f64 x1, i32 x2, f32 x1, f64 x1, i32 x2, f32 x1, f64 x1, i32 x2, f32 x1, f64 x1, i32 x2, f32 x1, v128 x2, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x1, f32 x4, v128 x1, f32 x4, v128 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, v128 x12, f32 x28, v128 x5, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, v128 x1, i32 x2)
    local.get 0
    local.set 11
    block
      loop
        local.get 11
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 12
        local.get 6
        local.get 11
        i32.const 4
        i32.mul
        i32.add
        local.set 18
        local.get 7
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 23
        local.get 8
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 28
        local.get 9
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 33
        local.get 10
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 38
        f32.const 2
        f64.promote_f32
        local.set 45
        local.get 45
        i32.trunc_sat_f64_s
        local.set 47
        f32.const 3
        f64.promote_f32
        local.set 52
        local.get 52
        i32.trunc_sat_f64_s
        local.set 54
        f32.const 10
        f32.const 2
        f32.sub
        local.set 65
        f32.const 4
        f32.const 0
        f32.sub
        local.set 69
        f32.const 0
        f32x4.splat
        local.set 171
        f32.const 1
        f32x4.splat
        local.set 173
        f32.const -1
        f32x4.splat
        local.set 175
        f32.const 2
        f32x4.splat
        local.set 177
        local.get 65
        f32x4.splat
        local.set 179
        f32.const 0.5
        f32x4.splat
        local.set 211
        f32.const -0.5
        f32x4.splat
        local.set 213
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 18
            f32.load align=4 offset=0
            local.set 17
            f32.const 0
            local.set 19
            f32.const 0
            local.set 20
            f32.const 0
            local.set 21
            f32.const 0
            local.set 22
            f32.const 0
            local.set 24
            f32.const 0
            local.set 25
            f32.const 0
            local.set 26
            f32.const 0
            local.set 27
            f32.const 0
            local.set 29
            f32.const 0
            local.set 30
            f32.const 0
            local.set 31
            f32.const 0
            local.set 32
            f32.const 0
            local.set 34
            f32.const 0
            local.set 35
            f32.const 0
            local.set 36
            f32.const 0
            local.set 37
            block
              block
                local.get 17
                f32.floor
                local.set 39
                local.get 17
                local.get 39
                f32.sub
                local.set 40
                local.get 17
                f32.ceil
                local.set 41
                local.get 17
                f64.promote_f32
                local.set 42
                local.get 42
                f64.const 0
                f64.lt
                if (result f64)
                  local.get 42
                  f64.neg
                  f64.const 0.5
                  f64.add
                  f64.floor
                  f64.neg
                else
                  local.get 42
                  f64.const 0
                  f64.eq
                  if (result f64)
                    local.get 42
                  else
                    local.get 42
                    f64.const 0.5
                    f64.add
                    f64.floor
                  end
                end
                f32.demote_f64
                local.set 43
                local.get 40
                local.set 19
                local.get 39
                local.set 20
                local.get 41
                local.set 21
                local.get 43
                local.set 22
                local.get 17
                f64.promote_f32
                local.set 44
                local.get 44
                i32.trunc_sat_f64_s
                local.set 46
                local.get 46
                f64.convert_i32_s
                local.get 44
                f64.eq
                local.get 47
                f64.convert_i32_s
                local.get 45
                f64.eq
                i32.and
                local.get 47
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 46
                  local.get 47
                  i32.rem_s
                  local.tee 48
                  i32.eqz
                  if (result f32)
                    local.get 17
                    f32.const 0
                    f32.mul
                  else
                    local.get 48
                    f32.convert_i32_s
                  end
                else
                  local.get 44
                  local.get 45
                  call 0
                  f32.demote_f64
                end
                local.set 49
                local.get 17
                f32.neg
                local.set 50
                local.get 50
                f64.promote_f32
                local.set 51
                local.get 51
                i32.trunc_sat_f64_s
                local.set 53
                local.get 53
                f64.convert_i32_s
                local.get 51
                f64.eq
                local.get 54
                f64.convert_i32_s
                local.get 52
                f64.eq
                i32.and
                local.get 54
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 53
                  local.get 54
                  i32.rem_s
                  local.tee 55
                  i32.eqz
                  if (result f32)
                    local.get 50
                    f32.const 0
                    f32.mul
                  else
                    local.get 55
                    f32.convert_i32_s
                  end
                else
                  local.get 51
                  local.get 52
                  call 0
                  f32.demote_f64
                end
                local.set 56
                local.get 17
                f32.abs
                local.set 57
                local.get 17
                f32.const 0
                f32.gt
                if (result f32)
                  f32.const 1
                else
                  local.get 17
                  f32.const 0
                  f32.lt
                  if (result f32)
                    f32.const -1
                  else
                    local.get 17
                  end
                end
                local.set 58
                local.get 49
                local.set 24
                local.get 56
                local.set 25
                local.get 57
                local.set 26
                local.get 58
                local.set 27
                local.get 17
                f32.const 1
                f32.ge
                local.set 59
                local.get 59
                f32.convert_i32_u
                local.set 60
                local.get 17
                f32.const 0
                f32.max
                local.set 61
                local.get 61
                f32.const 1
                f32.min
                local.set 62
                local.get 17
                f32.const -1
                f32.max
                local.set 63
                local.get 63
                f32.const 2
                f32.min
                local.set 64
                local.get 17
                local.get 65
                f32.mul
                local.set 66
                f32.const 2
                local.get 66
                f32.add
                local.set 67
                local.get 60
                local.set 29
                local.get 62
                local.set 30
                local.get 64
                local.set 31
                local.get 67
                local.set 32
                local.get 17
                f32.const 0
                f32.sub
                local.set 68
                local.get 68
                local.get 69
                f32.div
                local.set 70
                local.get 70
                f32.const 0
                f32.lt
                if (result f32)
                  f32.const 0
                else
                  local.get 70
                  f32.const 1
                  f32.gt
                  if (result f32)
                    f32.const 1
                  else
                    local.get 70
                  end
                end
                local.set 71
                local.get 71
                local.get 71
                f32.mul
                local.set 72
                f32.const 2
                local.get 71
                f32.mul
                local.set 73
                f32.const 3
                local.get 73
                f32.sub
                local.set 74
                local.get 72
                local.get 74
                f32.mul
                local.set 75
                local.get 17
                f32.const 0.5
                f32.min
                local.set 76
                local.get 17
                f32.const -0.5
                f32.max
                local.set 77
                f32.const 0
                local.get 17
                f32.ge
                local.set 78
                local.get 78
                f32.convert_i32_u
                local.set 79
                local.get 75
                local.set 34
                local.get 76
                local.set 35
                local.get 77
                local.set 36
                local.get 79
                local.set 37
              end
            end
            local.get 23
            local.get 19
            f32.store align=4 offset=0
            local.get 23
            local.get 20
            f32.store align=4 offset=4
            local.get 23
            local.get 21
            f32.store align=4 offset=8
            local.get 23
            local.get 22
            f32.store align=4 offset=12
            local.get 28
            local.get 24
            f32.store align=4 offset=0
            local.get 28
            local.get 25
            f32.store align=4 offset=4
            local.get 28
            local.get 26
            f32.store align=4 offset=8
            local.get 28
            local.get 27
            f32.store align=4 offset=12
            local.get 33
            local.get 29
            f32.store align=4 offset=0
            local.get 33
            local.get 30
            f32.store align=4 offset=4
            local.get 33
            local.get 31
            f32.store align=4 offset=8
            local.get 33
            local.get 32
            f32.store align=4 offset=12
            local.get 38
            local.get 34
            f32.store align=4 offset=0
            local.get 38
            local.get 35
            f32.store align=4 offset=4
            local.get 38
            local.get 36
            f32.store align=4 offset=8
            local.get 38
            local.get 37
            f32.store align=4 offset=12
            local.get 11
            i32.const 1
            i32.add
            local.set 11
            local.get 18
            i32.const 4
            i32.add
            local.set 18
            local.get 23
            i32.const 16
            i32.add
            local.set 23
            local.get 28
            i32.const 16
            i32.add
            local.set 28
            local.get 33
            i32.const 16
            i32.add
            local.set 33
            local.get 38
            i32.const 16
            i32.add
            local.set 38
            br 0
          end
        end
        br 0
      end
    end
  )
)
;; imports: fmod; vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 16, L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 16, L.args[4].F.byteOffset + L.args[4].base * 16);
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
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 16;
;; };
;; run.valueCount = 9;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8]);
;; };
;; return run;
