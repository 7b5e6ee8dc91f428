(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x4, i32 x1, f32 x11, i32 x2, f32 x6, v128 x31, i32 x2, v128 x16)
    local.get 0
    local.set 8
    block
      loop
        local.get 8
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 9
        local.get 6
        local.get 8
        i32.const 16
        i32.mul
        i32.add
        local.set 18
        local.get 7
        local.get 8
        i32.const 16
        i32.mul
        i32.add
        local.set 23
        f32.const 2
        f32x4.splat
        local.set 51
        f32.const 1
        f32x4.splat
        local.set 56
        f32.const 0.5
        f32x4.splat
        local.set 60
        f32.const 100
        f32x4.splat
        local.set 69
        i32.const 0
        local.set 74
        local.get 5
        local.set 75
        block
          loop
            local.get 8
            local.get 9
            i32.ge_s
            br_if 1
            local.get 13
            local.get 74
            i32.ge_s
            local.get 13
            i32.const 4
            i32.add
            local.get 75
            i32.le_s
            i32.and
            local.get 8
            i32.const 4
            i32.add
            local.get 9
            i32.le_s
            i32.and
            if
              local.get 18
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 76
              local.get 18
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 77
              local.get 18
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 78
              local.get 18
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 79
              local.get 76
              local.get 77
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 80
              local.get 78
              local.get 79
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 81
              local.get 76
              local.get 77
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 82
              local.get 78
              local.get 79
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 83
              local.get 80
              local.get 81
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 43
              local.get 80
              local.get 81
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 44
              local.get 82
              local.get 83
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 45
              local.get 82
              local.get 83
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 46
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 47
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 48
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 49
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 50
              block
                block
                  local.get 43
                  local.get 51
                  f32x4.mul
                  local.set 52
                  local.get 44
                  local.get 51
                  f32x4.mul
                  local.set 53
                  local.get 45
                  local.get 51
                  f32x4.mul
                  local.set 54
                  local.get 46
                  local.get 51
                  f32x4.mul
                  local.set 55
                  local.get 43
                  local.get 56
                  f32x4.sub
                  local.set 57
                  local.get 44
                  local.get 56
                  f32x4.sub
                  local.set 58
                  local.get 45
                  local.get 56
                  f32x4.sub
                  local.set 59
                  local.get 43
                  local.get 60
                  f32x4.add
                  local.set 61
                  local.get 44
                  local.get 60
                  f32x4.add
                  local.set 62
                  local.get 45
                  local.get 60
                  f32x4.add
                  local.set 63
                  local.get 46
                  local.get 60
                  f32x4.add
                  local.set 64
                  local.get 61
                  i32x4.trunc_sat_f32x4_s
                  local.set 65
                  local.get 62
                  i32x4.trunc_sat_f32x4_s
                  local.set 66
                  local.get 43
                  local.get 44
                  f32x4.add
                  local.set 67
                  local.get 67
                  local.get 45
                  f32x4.add
                  local.set 68
                  local.get 52
                  local.get 69
                  f32x4.mul
                  local.set 70
                  local.get 70
                  local.get 53
                  f32x4.add
                  local.set 71
                  local.get 66
                  f32x4.convert_i32x4_s
                  local.set 72
                  local.get 43
                  local.get 72
                  f32x4.add
                  local.set 73
                  local.get 68
                  local.set 47
                  local.get 71
                  local.set 48
                  local.get 73
                  local.set 49
                  local.get 59
                  local.set 50
                end
              end
              local.get 47
              local.get 48
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 88
              local.get 49
              local.get 50
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 89
              local.get 47
              local.get 48
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 90
              local.get 49
              local.get 50
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 91
              local.get 88
              local.get 89
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 84
              local.get 88
              local.get 89
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 85
              local.get 90
              local.get 91
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 86
              local.get 90
              local.get 91
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 87
              local.get 23
              i32.const 0
              i32.add
              local.get 84
              v128.store align=1 offset=0
              local.get 23
              i32.const 16
              i32.add
              local.get 85
              v128.store align=1 offset=0
              local.get 23
              i32.const 32
              i32.add
              local.get 86
              v128.store align=1 offset=0
              local.get 23
              i32.const 48
              i32.add
              local.get 87
              v128.store align=1 offset=0
              local.get 8
              i32.const 4
              i32.add
              local.set 8
              local.get 13
              i32.const 4
              i32.add
              local.set 13
              local.get 18
              i32.const 64
              i32.add
              local.set 18
              local.get 23
              i32.const 64
              i32.add
              local.set 23
              br 1
            end
            local.get 18
            f32.load align=4 offset=0
            local.set 14
            local.get 18
            f32.load align=4 offset=4
            local.set 15
            local.get 18
            f32.load align=4 offset=8
            local.set 16
            local.get 18
            f32.load align=4 offset=12
            local.set 17
            f32.const 0
            local.set 19
            f32.const 0
            local.set 20
            f32.const 0
            local.set 21
            f32.const 0
            local.set 22
            block
              block
                local.get 14
                f32.const 2
                f32.mul
                local.set 24
                local.get 15
                f32.const 2
                f32.mul
                local.set 25
                local.get 16
                f32.const 2
                f32.mul
                local.set 26
                local.get 17
                f32.const 2
                f32.mul
                local.set 27
                local.get 14
                f32.const 1
                f32.sub
                local.set 28
                local.get 15
                f32.const 1
                f32.sub
                local.set 29
                local.get 16
                f32.const 1
                f32.sub
                local.set 30
                local.get 14
                f32.const 0.5
                f32.add
                local.set 31
                local.get 15
                f32.const 0.5
                f32.add
                local.set 32
                local.get 16
                f32.const 0.5
                f32.add
                local.set 33
                local.get 17
                f32.const 0.5
                f32.add
                local.set 34
                local.get 31
                i32.trunc_sat_f32_s
                local.set 35
                local.get 32
                i32.trunc_sat_f32_s
                local.set 36
                local.get 14
                local.get 15
                f32.add
                local.set 37
                local.get 37
                local.get 16
                f32.add
                local.set 38
                local.get 24
                f32.const 100
                f32.mul
                local.set 39
                local.get 39
                local.get 25
                f32.add
                local.set 40
                local.get 36
                f32.convert_i32_s
                local.set 41
                local.get 14
                local.get 41
                f32.add
                local.set 42
                local.get 38
                local.set 19
                local.get 40
                local.set 20
                local.get 42
                local.set 21
                local.get 30
                local.set 22
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
            local.get 8
            i32.const 1
            i32.add
            local.set 8
            local.get 18
            i32.const 16
            i32.add
            local.set 18
            local.get 23
            i32.const 16
            i32.add
            local.set 23
            br 0
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 16, L.args[1].F.byteOffset + L.args[1].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 16;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 16;
;; };
;; run.valueCount = 6;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5]);
;; };
;; return run;
