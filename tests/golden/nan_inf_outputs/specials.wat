(module
  (type 0 (func (param f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "log" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x4, i32 x3, f32 x2, i32 x1, f32 x14, i32 x1, f32 x3, v128 x15, f32 x8, v128 x17, i32 x2, v128 x15)
    local.get 0
    local.set 15
    block
      loop
        local.get 15
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 16
        local.get 6
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.set 22
        local.get 7
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.set 24
        local.get 10
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.set 26
        local.get 11
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.set 28
        local.get 12
        local.get 15
        i32.const 16
        i32.mul
        i32.add
        local.set 33
        local.get 13
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.set 35
        local.get 14
        local.get 15
        i32.const 8
        i32.mul
        i32.add
        local.set 38
        local.get 9
        f32x4.splat
        local.set 82
        local.get 8
        f32x4.splat
        local.set 89
        f32.const 100000000
        f32x4.splat
        local.set 94
        i32.const 0
        local.set 97
        local.get 5
        local.set 98
        block
          loop
            local.get 15
            local.get 16
            i32.ge_s
            br_if 1
            local.get 20
            local.get 97
            i32.ge_s
            local.get 20
            i32.const 4
            i32.add
            local.get 98
            i32.le_s
            i32.and
            local.get 15
            i32.const 4
            i32.add
            local.get 16
            i32.le_s
            i32.and
            if
              local.get 22
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 99
              local.get 99
              local.set 57
              local.get 24
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 100
              local.get 100
              local.set 58
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 59
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 60
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 61
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 62
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 63
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 64
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 65
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 66
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 67
              block
                block
                  local.get 57
                  local.get 57
                  f32x4.sub
                  local.set 68
                  local.get 57
                  local.get 58
                  f32x4.div
                  local.set 69
                  local.get 69
                  local.set 59
                  local.get 57
                  local.get 58
                  f32x4.sub
                  local.set 70
                  local.get 70
                  f32x4.sqrt
                  local.set 71
                  local.get 58
                  f32x4.extract_lane 0
                  local.set 72
                  local.get 72
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 73
                  local.get 58
                  f32x4.extract_lane 1
                  local.set 74
                  local.get 74
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 75
                  local.get 58
                  f32x4.extract_lane 2
                  local.set 76
                  local.get 76
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 77
                  local.get 58
                  f32x4.extract_lane 3
                  local.set 78
                  local.get 78
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 79
                  local.get 73
                  f32x4.splat
                  local.get 75
                  f32x4.replace_lane 1
                  local.get 77
                  f32x4.replace_lane 2
                  local.get 79
                  f32x4.replace_lane 3
                  local.set 80
                  local.get 71
                  local.get 80
                  f32x4.add
                  local.set 81
                  local.get 81
                  local.set 60
                  local.get 57
                  local.get 82
                  f32x4.mul
                  local.set 83
                  local.get 57
                  f32x4.neg
                  local.set 84
                  local.get 84
                  local.get 82
                  f32x4.mul
                  local.set 85
                  local.get 68
                  local.get 68
                  f32x4.div
                  local.set 86
                  local.get 86
                  local.get 57
                  f32x4.add
                  local.set 87
                  local.get 58
                  local.get 68
                  f32x4.div
                  local.set 88
                  local.get 83
                  local.set 61
                  local.get 85
                  local.set 62
                  local.get 87
                  local.set 63
                  local.get 88
                  local.set 64
                  local.get 57
                  local.get 89
                  f32x4.mul
                  local.set 90
                  local.get 90
                  local.get 58
                  f32x4.div
                  local.set 91
                  local.get 91
                  i32x4.trunc_sat_f32x4_s
                  local.set 92
                  local.get 92
                  local.set 65
                  local.get 59
                  local.get 60
                  f32x4.min
                  local.set 93
                  local.get 93
                  local.set 66
                  local.get 90
                  local.get 94
                  f32x4.mul
                  local.set 95
                  local.get 95
                  local.get 58
                  f32x4.mul
                  local.set 96
                  local.get 96
                  local.set 67
                end
              end
              local.get 59
              local.set 101
              local.get 26
              i32.const 0
              i32.add
              local.get 101
              v128.store align=1 offset=0
              local.get 60
              local.set 102
              local.get 28
              i32.const 0
              i32.add
              local.get 102
              v128.store align=1 offset=0
              local.get 61
              local.get 62
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 107
              local.get 63
              local.get 64
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 108
              local.get 61
              local.get 62
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 109
              local.get 63
              local.get 64
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 110
              local.get 107
              local.get 108
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 103
              local.get 107
              local.get 108
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 104
              local.get 109
              local.get 110
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 105
              local.get 109
              local.get 110
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 106
              local.get 33
              i32.const 0
              i32.add
              local.get 103
              v128.store align=1 offset=0
              local.get 33
              i32.const 16
              i32.add
              local.get 104
              v128.store align=1 offset=0
              local.get 33
              i32.const 32
              i32.add
              local.get 105
              v128.store align=1 offset=0
              local.get 33
              i32.const 48
              i32.add
              local.get 106
              v128.store align=1 offset=0
              local.get 65
              local.set 111
              local.get 35
              i32.const 0
              i32.add
              local.get 111
              v128.store align=1 offset=0
              local.get 66
              local.get 67
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 112
              local.get 66
              local.get 67
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 113
              local.get 38
              i32.const 0
              i32.add
              local.get 112
              v128.store align=1 offset=0
              local.get 38
              i32.const 16
              i32.add
              local.get 113
              v128.store align=1 offset=0
              local.get 15
              i32.const 4
              i32.add
              local.set 15
              local.get 20
              i32.const 4
              i32.add
              local.set 20
              local.get 22
              i32.const 16
              i32.add
              local.set 22
              local.get 24
              i32.const 16
              i32.add
              local.set 24
              local.get 26
              i32.const 16
              i32.add
              local.set 26
              local.get 28
              i32.const 16
              i32.add
              local.set 28
              local.get 33
              i32.const 64
              i32.add
              local.set 33
              local.get 35
              i32.const 16
              i32.add
              local.set 35
              local.get 38
              i32.const 32
              i32.add
              local.set 38
              br 1
            end
            local.get 22
            f32.load align=4 offset=0
            local.set 21
            local.get 24
            f32.load align=4 offset=0
            local.set 23
            f32.const 0
            local.set 25
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
            i32.const 0
            local.set 34
            f32.const 0
            local.set 36
            f32.const 0
            local.set 37
            block
              block
                local.get 21
                local.get 21
                f32.sub
                local.set 39
                local.get 21
                local.get 23
                f32.div
                local.set 40
                local.get 40
                local.set 25
                local.get 21
                local.get 23
                f32.sub
                local.set 41
                local.get 41
                f32.sqrt
                local.set 42
                local.get 23
                f64.promote_f32
                call 0
                f32.demote_f64
                local.set 43
                local.get 42
                local.get 43
                f32.add
                local.set 44
                local.get 44
                local.set 27
                local.get 21
                local.get 9
                f32.mul
                local.set 45
                local.get 21
                f32.neg
                local.set 46
                local.get 46
                local.get 9
                f32.mul
                local.set 47
                local.get 39
                local.get 39
                f32.div
                local.set 48
                local.get 48
                local.get 21
                f32.add
                local.set 49
                local.get 23
                local.get 39
                f32.div
                local.set 50
                local.get 45
                local.set 29
                local.get 47
                local.set 30
                local.get 49
                local.set 31
                local.get 50
                local.set 32
                local.get 21
                local.get 8
                f32.mul
                local.set 51
                local.get 51
                local.get 23
                f32.div
                local.set 52
                local.get 52
                i32.trunc_sat_f32_s
                local.set 53
                local.get 53
                local.set 34
                local.get 25
                local.get 27
                f32.min
                local.set 54
                local.get 54
                local.set 36
                local.get 51
                f32.const 100000000
                f32.mul
                local.set 55
                local.get 55
                local.get 23
                f32.mul
                local.set 56
                local.get 56
                local.set 37
              end
            end
            local.get 26
            local.get 25
            f32.store align=4 offset=0
            local.get 28
            local.get 27
            f32.store align=4 offset=0
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
            local.get 35
            local.get 34
            i32.store align=4 offset=0
            local.get 38
            local.get 36
            f32.store align=4 offset=0
            local.get 38
            local.get 37
            f32.store align=4 offset=4
            local.get 15
            i32.const 1
            i32.add
            local.set 15
            local.get 22
            i32.const 4
            i32.add
            local.set 22
            local.get 24
            i32.const 4
            i32.add
            local.set 24
            local.get 26
            i32.const 4
            i32.add
            local.set 26
            local.get 28
            i32.const 4
            i32.add
            local.set 28
            local.get 33
            i32.const 16
            i32.add
            local.set 33
            local.get 35
            i32.const 4
            i32.add
            local.set 35
            local.get 38
            i32.const 8
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
;; imports: log; vector body: true
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 4, Math.fround(L.args[2].value[0]), Math.fround(L.args[3].value[0]), L.args[4].F.byteOffset + L.args[4].base * 4, L.args[5].F.byteOffset + L.args[5].base * 4, L.args[6].F.byteOffset + L.args[6].base * 16, L.args[7].F.byteOffset + L.args[7].base * 4, L.args[8].F.byteOffset + L.args[8].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 4;
;;   V[6] = Math.fround(L.args[2].value[0]);
;;   V[7] = Math.fround(L.args[3].value[0]);
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 4;
;;   V[9] = L.args[5].F.byteOffset + L.args[5].base * 4;
;;   V[10] = L.args[6].F.byteOffset + L.args[6].base * 16;
;;   V[11] = L.args[7].F.byteOffset + L.args[7].base * 4;
;;   V[12] = L.args[8].F.byteOffset + L.args[8].base * 8;
;; };
;; run.valueCount = 13;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12]);
;; };
;; return run;
