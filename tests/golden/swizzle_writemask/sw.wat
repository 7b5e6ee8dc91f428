(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x2, i32 x1, f32 x13, v128 x35, i32 x2, v128 x34)
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
        i32.const 16
        i32.mul
        i32.add
        local.set 21
        local.get 7
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 26
        local.get 8
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 31
        local.get 9
        local.get 11
        i32.const 16
        i32.mul
        i32.add
        local.set 36
        local.get 10
        local.get 11
        i32.const 8
        i32.mul
        i32.add
        local.set 39
        f32.const 0
        f32x4.splat
        local.set 72
        f32.const -1
        f32x4.splat
        local.set 80
        f32.const -2
        f32x4.splat
        local.set 81
        f32.const 100
        f32x4.splat
        local.set 82
        i32.const 0
        local.set 88
        local.get 5
        local.set 89
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 16
            local.get 88
            i32.ge_s
            local.get 16
            i32.const 4
            i32.add
            local.get 89
            i32.le_s
            i32.and
            local.get 11
            i32.const 4
            i32.add
            local.get 12
            i32.le_s
            i32.and
            if
              local.get 21
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 90
              local.get 21
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 91
              local.get 21
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 92
              local.get 21
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 93
              local.get 90
              local.get 91
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 94
              local.get 92
              local.get 93
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 95
              local.get 90
              local.get 91
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 96
              local.get 92
              local.get 93
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 97
              local.get 94
              local.get 95
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 53
              local.get 94
              local.get 95
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 54
              local.get 96
              local.get 97
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 55
              local.get 96
              local.get 97
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 56
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 57
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
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
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 68
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 69
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 70
              block
                block
                  local.get 72
                  local.set 71
                  local.get 72
                  local.set 73
                  local.get 72
                  local.set 74
                  local.get 72
                  local.set 75
                  local.get 72
                  local.set 76
                  local.get 72
                  local.set 77
                  local.get 72
                  local.set 78
                  local.get 72
                  local.set 79
                  local.get 55
                  local.set 57
                  local.get 56
                  local.set 58
                  local.get 53
                  local.set 59
                  local.get 54
                  local.set 60
                  local.get 53
                  local.set 61
                  local.get 53
                  local.set 62
                  local.get 54
                  local.set 63
                  local.get 54
                  local.set 64
                  local.get 53
                  local.set 71
                  local.get 54
                  local.set 73
                  local.get 55
                  local.set 74
                  local.get 56
                  local.set 75
                  local.get 80
                  local.set 74
                  local.get 81
                  local.set 73
                  local.get 53
                  local.get 82
                  f32x4.add
                  local.set 83
                  local.get 83
                  local.set 75
                  local.get 71
                  local.set 65
                  local.get 73
                  local.set 66
                  local.get 74
                  local.set 67
                  local.get 75
                  local.set 68
                  local.get 53
                  local.set 76
                  local.get 54
                  local.set 77
                  local.get 55
                  local.set 78
                  local.get 56
                  local.set 79
                  local.get 77
                  local.set 76
                  local.get 79
                  local.set 78
                  local.get 67
                  local.get 76
                  f32x4.add
                  local.set 84
                  local.get 65
                  local.get 78
                  f32x4.add
                  local.set 85
                  local.get 84
                  local.set 65
                  local.get 85
                  local.set 67
                  local.get 56
                  local.get 54
                  f32x4.mul
                  local.set 86
                  local.get 55
                  local.get 54
                  f32x4.mul
                  local.set 87
                  local.get 86
                  local.set 69
                  local.get 87
                  local.set 70
                end
              end
              local.get 57
              local.get 58
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 102
              local.get 59
              local.get 60
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 103
              local.get 57
              local.get 58
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 104
              local.get 59
              local.get 60
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 105
              local.get 102
              local.get 103
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 98
              local.get 102
              local.get 103
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 99
              local.get 104
              local.get 105
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 100
              local.get 104
              local.get 105
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 101
              local.get 26
              i32.const 0
              i32.add
              local.get 98
              v128.store align=1 offset=0
              local.get 26
              i32.const 16
              i32.add
              local.get 99
              v128.store align=1 offset=0
              local.get 26
              i32.const 32
              i32.add
              local.get 100
              v128.store align=1 offset=0
              local.get 26
              i32.const 48
              i32.add
              local.get 101
              v128.store align=1 offset=0
              local.get 61
              local.get 62
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 110
              local.get 63
              local.get 64
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 111
              local.get 61
              local.get 62
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 112
              local.get 63
              local.get 64
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 113
              local.get 110
              local.get 111
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 106
              local.get 110
              local.get 111
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 107
              local.get 112
              local.get 113
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 108
              local.get 112
              local.get 113
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 109
              local.get 31
              i32.const 0
              i32.add
              local.get 106
              v128.store align=1 offset=0
              local.get 31
              i32.const 16
              i32.add
              local.get 107
              v128.store align=1 offset=0
              local.get 31
              i32.const 32
              i32.add
              local.get 108
              v128.store align=1 offset=0
              local.get 31
              i32.const 48
              i32.add
              local.get 109
              v128.store align=1 offset=0
              local.get 65
              local.get 66
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 118
              local.get 67
              local.get 68
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 119
              local.get 65
              local.get 66
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 120
              local.get 67
              local.get 68
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 121
              local.get 118
              local.get 119
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 114
              local.get 118
              local.get 119
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 115
              local.get 120
              local.get 121
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 116
              local.get 120
              local.get 121
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 117
              local.get 36
              i32.const 0
              i32.add
              local.get 114
              v128.store align=1 offset=0
              local.get 36
              i32.const 16
              i32.add
              local.get 115
              v128.store align=1 offset=0
              local.get 36
              i32.const 32
              i32.add
              local.get 116
              v128.store align=1 offset=0
              local.get 36
              i32.const 48
              i32.add
              local.get 117
              v128.store align=1 offset=0
              local.get 69
              local.get 70
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 122
              local.get 69
              local.get 70
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 123
              local.get 39
              i32.const 0
              i32.add
              local.get 122
              v128.store align=1 offset=0
              local.get 39
              i32.const 16
              i32.add
              local.get 123
              v128.store align=1 offset=0
              local.get 11
              i32.const 4
              i32.add
              local.set 11
              local.get 16
              i32.const 4
              i32.add
              local.set 16
              local.get 21
              i32.const 64
              i32.add
              local.set 21
              local.get 26
              i32.const 64
              i32.add
              local.set 26
              local.get 31
              i32.const 64
              i32.add
              local.set 31
              local.get 36
              i32.const 64
              i32.add
              local.set 36
              local.get 39
              i32.const 32
              i32.add
              local.set 39
              br 1
            end
            local.get 21
            f32.load align=4 offset=0
            local.set 17
            local.get 21
            f32.load align=4 offset=4
            local.set 18
            local.get 21
            f32.load align=4 offset=8
            local.set 19
            local.get 21
            f32.load align=4 offset=12
            local.set 20
            f32.const 0
            local.set 22
            f32.const 0
            local.set 23
            f32.const 0
            local.set 24
            f32.const 0
            local.set 25
            f32.const 0
            local.set 27
            f32.const 0
            local.set 28
            f32.const 0
            local.set 29
            f32.const 0
            local.set 30
            f32.const 0
            local.set 32
            f32.const 0
            local.set 33
            f32.const 0
            local.set 34
            f32.const 0
            local.set 35
            f32.const 0
            local.set 37
            f32.const 0
            local.set 38
            block
              block
                f32.const 0
                local.set 40
                f32.const 0
                local.set 41
                f32.const 0
                local.set 42
                f32.const 0
                local.set 43
                f32.const 0
                local.set 44
                f32.const 0
                local.set 45
                f32.const 0
                local.set 46
                f32.const 0
                local.set 47
                local.get 19
                local.set 22
                local.get 20
                local.set 23
                local.get 17
                local.set 24
                local.get 18
                local.set 25
                local.get 17
                local.set 27
                local.get 17
                local.set 28
                local.get 18
                local.set 29
                local.get 18
                local.set 30
                local.get 17
                local.set 40
                local.get 18
                local.set 41
                local.get 19
                local.set 42
                local.get 20
                local.set 43
                f32.const -1
                local.set 42
                f32.const -2
                local.set 41
                local.get 17
                f32.const 100
                f32.add
                local.set 48
                local.get 48
                local.set 43
                local.get 40
                local.set 32
                local.get 41
                local.set 33
                local.get 42
                local.set 34
                local.get 43
                local.set 35
                local.get 17
                local.set 44
                local.get 18
                local.set 45
                local.get 19
                local.set 46
                local.get 20
                local.set 47
                local.get 45
                local.set 44
                local.get 47
                local.set 46
                local.get 34
                local.get 44
                f32.add
                local.set 49
                local.get 32
                local.get 46
                f32.add
                local.set 50
                local.get 49
                local.set 32
                local.get 50
                local.set 34
                local.get 20
                local.get 18
                f32.mul
                local.set 51
                local.get 19
                local.get 18
                f32.mul
                local.set 52
                local.get 51
                local.set 37
                local.get 52
                local.set 38
              end
            end
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
            local.get 31
            local.get 27
            f32.store align=4 offset=0
            local.get 31
            local.get 28
            f32.store align=4 offset=4
            local.get 31
            local.get 29
            f32.store align=4 offset=8
            local.get 31
            local.get 30
            f32.store align=4 offset=12
            local.get 36
            local.get 32
            f32.store align=4 offset=0
            local.get 36
            local.get 33
            f32.store align=4 offset=4
            local.get 36
            local.get 34
            f32.store align=4 offset=8
            local.get 36
            local.get 35
            f32.store align=4 offset=12
            local.get 39
            local.get 37
            f32.store align=4 offset=0
            local.get 39
            local.get 38
            f32.store align=4 offset=4
            local.get 11
            i32.const 1
            i32.add
            local.set 11
            local.get 21
            i32.const 16
            i32.add
            local.set 21
            local.get 26
            i32.const 16
            i32.add
            local.set 26
            local.get 31
            i32.const 16
            i32.add
            local.set 31
            local.get 36
            i32.const 16
            i32.add
            local.set 36
            local.get 39
            i32.const 8
            i32.add
            local.set 39
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 16, L.args[1].F.byteOffset + L.args[1].base * 16, L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 16, L.args[4].F.byteOffset + L.args[4].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 16;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 16;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 16;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 16;
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 8;
;; };
;; run.valueCount = 9;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8]);
;; };
;; return run;
