(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 f32 f32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 f32 f32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x4, i32 x7, f32 x2, i32 x3, f32 x2, i32 x9, f32 x4, i32 x1, f32 x1, i32 x1, v128 x44, i32 x2, v128 x10)
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
        i32.const 8
        i32.mul
        i32.add
        local.set 18
        local.get 9
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 23
        f32.const 0
        f32x4.splat
        local.set 59
        local.get 7
        f32x4.splat
        local.set 62
        local.get 8
        f32x4.splat
        local.set 64
        i32.const 0
        i32.const -1
        i32.mul
        i32x4.splat
        local.set 66
        i32.const 1
        i32x4.splat
        local.set 69
        f32.const 2
        f32x4.splat
        local.set 87
        f32.const 1
        f32x4.splat
        local.set 94
        i32.const 0
        local.set 97
        local.get 5
        local.set 98
        block
          loop
            local.get 10
            local.get 11
            i32.ge_s
            br_if 1
            local.get 15
            local.get 97
            i32.ge_s
            local.get 15
            i32.const 4
            i32.add
            local.get 98
            i32.le_s
            i32.and
            local.get 10
            i32.const 4
            i32.add
            local.get 11
            i32.le_s
            i32.and
            if
              local.get 18
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 99
              local.get 18
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 100
              local.get 99
              local.get 100
              i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27
              local.set 53
              local.get 99
              local.get 100
              i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31
              local.set 54
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 55
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 56
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 57
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 58
              block
                block
                  local.get 53
                  local.get 59
                  f32x4.ge
                  local.set 60
                  local.get 54
                  local.get 59
                  f32x4.ge
                  local.set 61
                  local.get 53
                  local.get 62
                  f32x4.lt
                  local.set 63
                  local.get 54
                  local.get 64
                  f32x4.lt
                  local.set 65
                  local.get 63
                  local.get 66
                  local.get 60
                  v128.bitselect
                  local.set 67
                  local.get 65
                  local.get 66
                  local.get 61
                  v128.bitselect
                  local.set 68
                  local.get 67
                  local.get 69
                  v128.and
                  local.set 70
                  local.get 70
                  f32x4.convert_i32x4_u
                  local.set 71
                  local.get 68
                  local.get 69
                  v128.and
                  local.set 72
                  local.get 72
                  f32x4.convert_i32x4_u
                  local.set 73
                  local.get 71
                  local.get 59
                  f32x4.ne
                  local.set 74
                  local.get 73
                  local.get 59
                  f32x4.ne
                  local.set 75
                  local.get 74
                  local.get 75
                  v128.and
                  local.set 76
                  local.get 76
                  local.get 69
                  v128.and
                  local.set 77
                  local.get 77
                  f32x4.convert_i32x4_u
                  local.set 78
                  local.get 78
                  local.set 79
                  local.get 67
                  v128.not
                  local.set 80
                  local.get 68
                  v128.not
                  local.set 81
                  local.get 53
                  local.get 59
                  f32x4.lt
                  local.set 82
                  local.get 54
                  local.get 59
                  f32x4.lt
                  local.set 83
                  local.get 80
                  local.get 82
                  i32x4.eq
                  local.set 84
                  local.get 81
                  local.get 83
                  i32x4.eq
                  local.set 85
                  local.get 79
                  local.get 59
                  f32x4.ne
                  local.set 86
                  local.get 53
                  local.get 87
                  f32x4.ne
                  local.set 88
                  local.get 86
                  local.get 88
                  v128.and
                  local.set 89
                  local.get 89
                  local.get 69
                  v128.and
                  local.set 90
                  local.get 90
                  f32x4.convert_i32x4_u
                  local.set 91
                  local.get 91
                  local.set 79
                  local.get 71
                  local.get 87
                  f32x4.mul
                  local.set 92
                  local.get 92
                  local.get 73
                  f32x4.add
                  local.set 93
                  local.get 94
                  local.get 59
                  local.get 80
                  v128.bitselect
                  local.set 95
                  local.get 94
                  local.get 59
                  local.get 85
                  v128.bitselect
                  local.set 96
                  local.get 93
                  local.set 55
                  local.get 79
                  local.set 56
                  local.get 95
                  local.set 57
                  local.get 96
                  local.set 58
                end
              end
              local.get 55
              local.get 56
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 105
              local.get 57
              local.get 58
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 106
              local.get 55
              local.get 56
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 107
              local.get 57
              local.get 58
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 108
              local.get 105
              local.get 106
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 101
              local.get 105
              local.get 106
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 102
              local.get 107
              local.get 108
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 103
              local.get 107
              local.get 108
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 104
              local.get 23
              i32.const 0
              i32.add
              local.get 101
              v128.store align=1 offset=0
              local.get 23
              i32.const 16
              i32.add
              local.get 102
              v128.store align=1 offset=0
              local.get 23
              i32.const 32
              i32.add
              local.get 103
              v128.store align=1 offset=0
              local.get 23
              i32.const 48
              i32.add
              local.get 104
              v128.store align=1 offset=0
              local.get 10
              i32.const 4
              i32.add
              local.set 10
              local.get 15
              i32.const 4
              i32.add
              local.set 15
              local.get 18
              i32.const 32
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
            local.set 16
            local.get 18
            f32.load align=4 offset=4
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
                local.get 16
                f32.const 0
                f32.ge
                local.set 24
                local.get 17
                f32.const 0
                f32.ge
                local.set 25
                local.get 16
                local.get 7
                f32.lt
                local.set 26
                local.get 17
                local.get 8
                f32.lt
                local.set 27
                local.get 26
                i32.const 0
                local.get 24
                select
                local.set 28
                local.get 27
                i32.const 0
                local.get 25
                select
                local.set 29
                local.get 28
                f32.convert_i32_u
                local.set 30
                local.get 29
                f32.convert_i32_u
                local.set 31
                local.get 30
                f32.const 0
                f32.ne
                local.set 32
                local.get 32
                local.tee 33
                if
                  local.get 31
                  f32.const 0
                  f32.ne
                  local.set 34
                  local.get 34
                  local.set 33
                end
                local.get 33
                f32.convert_i32_u
                local.set 35
                local.get 35
                local.set 36
                local.get 28
                i32.eqz
                local.set 37
                local.get 29
                i32.eqz
                local.set 38
                local.get 16
                f32.const 0
                f32.lt
                local.set 39
                local.get 17
                f32.const 0
                f32.lt
                local.set 40
                local.get 37
                local.get 39
                i32.eq
                local.set 41
                local.get 38
                local.get 40
                i32.eq
                local.set 42
                local.get 36
                f32.const 0
                f32.ne
                local.set 43
                local.get 43
                local.tee 44
                if
                  local.get 16
                  f32.const 2
                  f32.ne
                  local.set 45
                  local.get 45
                  local.set 44
                end
                local.get 44
                f32.convert_i32_u
                local.set 46
                local.get 46
                local.set 36
                local.get 30
                f32.const 2
                f32.mul
                local.set 47
                local.get 47
                local.get 31
                f32.add
                local.set 48
                f32.const 0
                local.set 49
                i32.const 0
                local.set 50
                local.get 37
                if
                  f32.const 1
                  local.set 49
                  i32.const 1
                  local.set 50
                else
                  f32.const 0
                  local.set 49
                  i32.const 0
                  local.set 50
                end
                f32.const 0
                local.set 51
                i32.const 0
                local.set 52
                local.get 42
                if
                  f32.const 1
                  local.set 51
                  i32.const 1
                  local.set 52
                else
                  f32.const 0
                  local.set 51
                  i32.const 0
                  local.set 52
                end
                local.get 48
                local.set 19
                local.get 36
                local.set 20
                local.get 49
                local.set 21
                local.get 51
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
            local.get 10
            i32.const 1
            i32.add
            local.set 10
            local.get 18
            i32.const 8
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, Math.fround(L.args[1].value[0]), Math.fround(L.args[1].value[1]), L.args[2].F.byteOffset + L.args[2].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
;;   V[5] = Math.fround(L.args[1].value[0]);
;;   V[6] = Math.fround(L.args[1].value[1]);
;;   V[7] = L.args[2].F.byteOffset + L.args[2].base * 16;
;; };
;; run.valueCount = 8;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7]);
;; };
;; return run;
