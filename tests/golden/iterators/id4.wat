(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x2, v128 x12, i32 x18, v128 x8, i32 x4)
    local.get 0
    local.set 27
    local.get 0
    local.get 5
    i32.rem_u
    local.set 32
    local.get 0
    local.get 5
    i32.div_u
    local.set 46
    local.get 46
    local.get 4
    i32.rem_u
    local.set 31
    local.get 46
    local.get 4
    i32.div_u
    local.set 46
    local.get 46
    local.get 3
    i32.rem_u
    local.set 30
    local.get 46
    local.get 3
    i32.div_u
    local.set 29
    block
      loop
        local.get 27
        local.get 1
        i32.ge_s
        br_if 1
        local.get 27
        local.get 5
        i32.add
        local.get 32
        i32.sub
        local.set 28
        local.get 28
        local.get 1
        local.get 28
        local.get 1
        i32.lt_s
        select
        local.set 28
        local.get 26
        local.get 27
        i32.const 16
        i32.mul
        i32.add
        local.set 37
        i32.const 0
        local.set 59
        local.get 5
        local.set 60
        block
          loop
            local.get 27
            local.get 28
            i32.ge_s
            br_if 1
            local.get 32
            local.get 59
            i32.ge_s
            local.get 32
            i32.const 4
            i32.add
            local.get 60
            i32.le_s
            i32.and
            local.get 27
            i32.const 4
            i32.add
            local.get 28
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 55
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 56
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 57
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 58
              local.get 32
              i32.const 0
              i32.add
              local.get 9
              i32.add
              local.set 61
              local.get 7
              f64.promote_f32
              local.get 61
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 38
              local.get 38
              f32x4.splat
              local.set 48
              local.get 32
              i32.const 1
              i32.add
              local.get 9
              i32.add
              local.set 62
              local.get 7
              f64.promote_f32
              local.get 62
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 38
              local.get 48
              local.get 38
              f32x4.replace_lane 1
              local.set 48
              local.get 32
              i32.const 2
              i32.add
              local.get 9
              i32.add
              local.set 63
              local.get 7
              f64.promote_f32
              local.get 63
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 38
              local.get 48
              local.get 38
              f32x4.replace_lane 2
              local.set 48
              local.get 32
              i32.const 3
              i32.add
              local.get 9
              i32.add
              local.set 64
              local.get 7
              f64.promote_f32
              local.get 64
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 38
              local.get 48
              local.get 38
              f32x4.replace_lane 3
              local.set 48
              local.get 32
              i32.const 0
              i32.add
              local.get 14
              i32.add
              local.set 65
              local.get 12
              f64.promote_f32
              local.get 65
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 40
              local.get 40
              f32x4.splat
              local.set 50
              local.get 32
              i32.const 1
              i32.add
              local.get 14
              i32.add
              local.set 66
              local.get 12
              f64.promote_f32
              local.get 66
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 40
              local.get 50
              local.get 40
              f32x4.replace_lane 1
              local.set 50
              local.get 32
              i32.const 2
              i32.add
              local.get 14
              i32.add
              local.set 67
              local.get 12
              f64.promote_f32
              local.get 67
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 40
              local.get 50
              local.get 40
              f32x4.replace_lane 2
              local.set 50
              local.get 32
              i32.const 3
              i32.add
              local.get 14
              i32.add
              local.set 68
              local.get 12
              f64.promote_f32
              local.get 68
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 40
              local.get 50
              local.get 40
              f32x4.replace_lane 3
              local.set 50
              local.get 32
              i32.const 0
              i32.add
              local.get 19
              i32.add
              local.set 69
              local.get 17
              f64.promote_f32
              local.get 69
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 18
              f64.div
              f32.demote_f64
              local.get 16
              f32.add
              local.set 42
              local.get 42
              f32x4.splat
              local.set 52
              local.get 32
              i32.const 1
              i32.add
              local.get 19
              i32.add
              local.set 70
              local.get 17
              f64.promote_f32
              local.get 70
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 18
              f64.div
              f32.demote_f64
              local.get 16
              f32.add
              local.set 42
              local.get 52
              local.get 42
              f32x4.replace_lane 1
              local.set 52
              local.get 32
              i32.const 2
              i32.add
              local.get 19
              i32.add
              local.set 71
              local.get 17
              f64.promote_f32
              local.get 71
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 18
              f64.div
              f32.demote_f64
              local.get 16
              f32.add
              local.set 42
              local.get 52
              local.get 42
              f32x4.replace_lane 2
              local.set 52
              local.get 32
              i32.const 3
              i32.add
              local.get 19
              i32.add
              local.set 72
              local.get 17
              f64.promote_f32
              local.get 72
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 18
              f64.div
              f32.demote_f64
              local.get 16
              f32.add
              local.set 42
              local.get 52
              local.get 42
              f32x4.replace_lane 3
              local.set 52
              local.get 32
              i32.const 0
              i32.add
              local.get 24
              i32.add
              local.set 73
              local.get 22
              f64.promote_f32
              local.get 73
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 23
              f64.div
              f32.demote_f64
              local.get 21
              f32.add
              local.set 44
              local.get 44
              f32x4.splat
              local.set 54
              local.get 32
              i32.const 1
              i32.add
              local.get 24
              i32.add
              local.set 74
              local.get 22
              f64.promote_f32
              local.get 74
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 23
              f64.div
              f32.demote_f64
              local.get 21
              f32.add
              local.set 44
              local.get 54
              local.get 44
              f32x4.replace_lane 1
              local.set 54
              local.get 32
              i32.const 2
              i32.add
              local.get 24
              i32.add
              local.set 75
              local.get 22
              f64.promote_f32
              local.get 75
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 23
              f64.div
              f32.demote_f64
              local.get 21
              f32.add
              local.set 44
              local.get 54
              local.get 44
              f32x4.replace_lane 2
              local.set 54
              local.get 32
              i32.const 3
              i32.add
              local.get 24
              i32.add
              local.set 76
              local.get 22
              f64.promote_f32
              local.get 76
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 23
              f64.div
              f32.demote_f64
              local.get 21
              f32.add
              local.set 44
              local.get 54
              local.get 44
              f32x4.replace_lane 3
              local.set 54
              block
                block
                  local.get 48
                  local.set 55
                  local.get 50
                  local.set 56
                  local.get 52
                  local.set 57
                  local.get 54
                  local.set 58
                end
              end
              local.get 55
              local.get 56
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 81
              local.get 57
              local.get 58
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 82
              local.get 55
              local.get 56
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 83
              local.get 57
              local.get 58
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 84
              local.get 81
              local.get 82
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 77
              local.get 81
              local.get 82
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 78
              local.get 83
              local.get 84
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 79
              local.get 83
              local.get 84
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 80
              local.get 37
              i32.const 0
              i32.add
              local.get 77
              v128.store align=1 offset=0
              local.get 37
              i32.const 16
              i32.add
              local.get 78
              v128.store align=1 offset=0
              local.get 37
              i32.const 32
              i32.add
              local.get 79
              v128.store align=1 offset=0
              local.get 37
              i32.const 48
              i32.add
              local.get 80
              v128.store align=1 offset=0
              local.get 27
              i32.const 4
              i32.add
              local.set 27
              local.get 32
              i32.const 4
              i32.add
              local.set 32
              local.get 37
              i32.const 64
              i32.add
              local.set 37
              br 1
            end
            local.get 32
            local.get 9
            i32.add
            local.set 85
            local.get 7
            f64.promote_f32
            local.get 85
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 8
            f64.div
            f32.demote_f64
            local.get 6
            f32.add
            local.set 38
            local.get 32
            local.get 14
            i32.add
            local.set 86
            local.get 12
            f64.promote_f32
            local.get 86
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 13
            f64.div
            f32.demote_f64
            local.get 11
            f32.add
            local.set 40
            local.get 32
            local.get 19
            i32.add
            local.set 87
            local.get 17
            f64.promote_f32
            local.get 87
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 18
            f64.div
            f32.demote_f64
            local.get 16
            f32.add
            local.set 42
            local.get 32
            local.get 24
            i32.add
            local.set 88
            local.get 22
            f64.promote_f32
            local.get 88
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 23
            f64.div
            f32.demote_f64
            local.get 21
            f32.add
            local.set 44
            f32.const 0
            local.set 33
            f32.const 0
            local.set 34
            f32.const 0
            local.set 35
            f32.const 0
            local.set 36
            block
              block
                local.get 38
                local.set 33
                local.get 40
                local.set 34
                local.get 42
                local.set 35
                local.get 44
                local.set 36
              end
            end
            local.get 37
            local.get 33
            f32.store align=4 offset=0
            local.get 37
            local.get 34
            f32.store align=4 offset=4
            local.get 37
            local.get 35
            f32.store align=4 offset=8
            local.get 37
            local.get 36
            f32.store align=4 offset=12
            local.get 27
            i32.const 1
            i32.add
            local.set 27
            local.get 32
            i32.const 1
            i32.add
            local.set 32
            local.get 37
            i32.const 16
            i32.add
            local.set 37
            br 0
          end
        end
        local.get 32
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 32
          local.get 31
          i32.const 1
          i32.add
          local.tee 31
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 31
            local.get 30
            i32.const 1
            i32.add
            local.tee 30
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 30
              local.get 29
              i32.const 1
              i32.add
              local.set 29
            end
          end
        end
        br 0
      end
    end
  )
)
;; imports: (none); vector body: true
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].lo[0], L.args[0].d[0], L.args[0].n[0], L.args[0].o[3], L.args[0].s[3], L.args[0].lo[1], L.args[0].d[1], L.args[0].n[1], L.args[0].o[3], L.args[0].s[3], L.args[0].lo[2], L.args[0].d[2], L.args[0].n[2], L.args[0].o[3], L.args[0].s[3], L.args[0].lo[3], L.args[0].d[3], L.args[0].n[3], L.args[0].o[3], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].lo[0];
;;   V[5] = L.args[0].d[0];
;;   V[6] = L.args[0].n[0];
;;   V[7] = L.args[0].o[3];
;;   V[8] = L.args[0].s[3];
;;   V[9] = L.args[0].lo[1];
;;   V[10] = L.args[0].d[1];
;;   V[11] = L.args[0].n[1];
;;   V[12] = L.args[0].o[3];
;;   V[13] = L.args[0].s[3];
;;   V[14] = L.args[0].lo[2];
;;   V[15] = L.args[0].d[2];
;;   V[16] = L.args[0].n[2];
;;   V[17] = L.args[0].o[3];
;;   V[18] = L.args[0].s[3];
;;   V[19] = L.args[0].lo[3];
;;   V[20] = L.args[0].d[3];
;;   V[21] = L.args[0].n[3];
;;   V[22] = L.args[0].o[3];
;;   V[23] = L.args[0].s[3];
;;   V[24] = L.args[1].F.byteOffset + L.args[1].base * 16;
;; };
;; run.valueCount = 25;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19], V[20], V[21], V[22], V[23], V[24]);
;; };
;; return run;
