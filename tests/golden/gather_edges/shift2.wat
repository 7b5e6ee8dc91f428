(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x4, i32 x6, f32 x1, i32 x1, f32 x1, i32 x7, f32 x1, i32 x1, f32 x1, i32 x1, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, i32 x1, f32 x1, i32 x2, f32 x1, i32 x1, f32 x3, i32 x8, f32 x1, v128 x8, i32 x3, v128 x7, f32 x2, i32 x8, f32 x3, i32 x8, f32 x3, i32 x8, f32 x3, i32 x8, f32 x1, v128 x1, i32 x2, v128 x2)
    local.get 0
    local.set 21
    local.get 0
    local.get 5
    i32.rem_u
    local.set 26
    local.get 0
    local.get 5
    i32.div_u
    local.set 39
    local.get 39
    local.get 4
    i32.rem_u
    local.set 25
    local.get 39
    local.get 4
    i32.div_u
    local.set 39
    local.get 39
    local.get 3
    i32.rem_u
    local.set 24
    local.get 39
    local.get 3
    i32.div_u
    local.set 23
    block
      loop
        local.get 21
        local.get 1
        i32.ge_s
        br_if 1
        local.get 21
        local.get 5
        i32.add
        local.get 26
        i32.sub
        local.set 22
        local.get 22
        local.get 1
        local.get 22
        local.get 1
        i32.lt_s
        select
        local.set 22
        local.get 23
        local.tee 38
        f32.convert_i32_s
        local.set 34
        local.get 24
        local.tee 37
        f32.convert_i32_s
        local.set 33
        local.get 25
        local.tee 36
        f32.convert_i32_s
        local.set 32
        local.get 19
        local.get 21
        i32.const 4
        i32.mul
        i32.add
        local.set 28
        local.get 20
        local.get 21
        i32.const 4
        i32.mul
        i32.add
        local.set 30
        local.get 36
        i32.const 1
        i32.add
        local.set 42
        local.get 32
        f32.const 1
        f32.add
        local.set 43
        local.get 6
        local.get 14
        i32.const 4
        i32.mul
        i32.add
        local.get 13
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        i32.add
        local.set 44
        local.get 42
        local.get 9
        i32.const 1
        i32.sub
        local.get 42
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 42
        i32.const 0
        i32.ge_s
        select
        local.set 47
        local.get 47
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 48
        local.get 44
        local.get 48
        i32.add
        local.set 49
        local.get 36
        i32.const 2
        i32.mul
        local.set 54
        local.get 32
        f32.const 2
        f32.mul
        local.set 55
        local.get 55
        f32.const 1.5
        f32.sub
        local.set 57
        local.get 57
        f32.const 0.25
        f32.add
        local.set 62
        local.get 62
        i32.trunc_sat_f32_s
        local.tee 63
        local.get 9
        i32.const 1
        i32.sub
        local.get 63
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 62
        f32.const 0
        f32.ge
        select
        local.set 64
        local.get 64
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 65
        local.get 44
        local.get 65
        i32.add
        local.set 66
        local.get 62
        i32.trunc_sat_f32_s
        local.tee 81
        local.get 9
        i32.const 1
        i32.sub
        local.get 81
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 62
        f32.const 0
        f32.ge
        select
        local.set 82
        local.get 82
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 83
        local.get 44
        local.get 83
        i32.add
        local.set 84
        i32.const -2
        i32x4.splat
        local.set 91
        f32.const -2
        f32x4.splat
        local.set 93
        i32.const 2
        i32x4.splat
        local.set 99
        f32.const 2
        f32x4.splat
        local.set 101
        f32.const 0.25
        f32x4.splat
        local.set 103
        local.get 62
        i32.trunc_sat_f32_s
        local.tee 110
        local.get 9
        i32.const 1
        i32.sub
        local.get 110
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 62
        f32.const 0
        f32.ge
        select
        local.set 111
        local.get 111
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 112
        local.get 44
        local.get 112
        i32.add
        local.set 113
        local.get 62
        i32.trunc_sat_f32_s
        local.tee 121
        local.get 9
        i32.const 1
        i32.sub
        local.get 121
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 62
        f32.const 0
        f32.ge
        select
        local.set 122
        local.get 122
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 123
        local.get 44
        local.get 123
        i32.add
        local.set 124
        local.get 62
        i32.trunc_sat_f32_s
        local.tee 132
        local.get 9
        i32.const 1
        i32.sub
        local.get 132
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 62
        f32.const 0
        f32.ge
        select
        local.set 133
        local.get 133
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 134
        local.get 44
        local.get 134
        i32.add
        local.set 135
        local.get 62
        i32.trunc_sat_f32_s
        local.tee 143
        local.get 9
        i32.const 1
        i32.sub
        local.get 143
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 62
        f32.const 0
        f32.ge
        select
        local.set 144
        local.get 144
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 145
        local.get 44
        local.get 145
        i32.add
        local.set 146
        i32.const 2
        local.set 150
        local.get 5
        local.set 151
        local.get 10
        i32.const -2
        i32.sub
        local.get 151
        local.get 10
        i32.const -2
        i32.sub
        local.get 151
        i32.lt_s
        select
        local.set 151
        block
          loop
            local.get 21
            local.get 22
            i32.ge_s
            br_if 1
            local.get 26
            local.get 150
            i32.ge_s
            local.get 26
            i32.const 4
            i32.add
            local.get 151
            i32.le_s
            i32.and
            local.get 21
            i32.const 4
            i32.add
            local.get 22
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 87
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 88
              local.get 26
              i32x4.splat
              v128.const i8x16 0 0 0 0 1 0 0 0 2 0 0 0 3 0 0 0
              i32x4.add
              local.tee 89
              f32x4.convert_i32x4_s
              local.set 90
              block
                block
                  local.get 89
                  local.get 91
                  i32x4.add
                  local.set 92
                  local.get 90
                  local.get 93
                  f32x4.add
                  local.set 94
                  local.get 26
                  i32.const -2
                  i32.add
                  local.set 95
                  local.get 95
                  i32.const 4
                  i32.mul
                  local.set 96
                  local.get 49
                  local.get 96
                  i32.add
                  local.set 97
                  local.get 97
                  i32.const 0
                  i32.add
                  v128.load align=1 offset=0
                  local.set 98
                  local.get 98
                  local.set 87
                  local.get 89
                  local.get 99
                  i32x4.mul
                  local.set 100
                  local.get 90
                  local.get 101
                  f32x4.mul
                  local.set 102
                  local.get 102
                  local.get 103
                  f32x4.sub
                  local.set 104
                  local.get 104
                  f32x4.extract_lane 0
                  local.set 105
                  local.get 105
                  f32.const 0.25
                  f32.add
                  local.set 106
                  local.get 106
                  i32.trunc_sat_f32_s
                  local.tee 107
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 107
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 106
                  f32.const 0
                  f32.ge
                  select
                  local.set 108
                  local.get 108
                  i32.const 4
                  i32.mul
                  local.set 109
                  local.get 113
                  local.get 109
                  i32.add
                  local.set 114
                  local.get 114
                  f32.load align=4 offset=0
                  local.set 115
                  local.get 104
                  f32x4.extract_lane 1
                  local.set 116
                  local.get 116
                  f32.const 0.25
                  f32.add
                  local.set 117
                  local.get 117
                  i32.trunc_sat_f32_s
                  local.tee 118
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 118
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 117
                  f32.const 0
                  f32.ge
                  select
                  local.set 119
                  local.get 119
                  i32.const 4
                  i32.mul
                  local.set 120
                  local.get 124
                  local.get 120
                  i32.add
                  local.set 125
                  local.get 125
                  f32.load align=4 offset=0
                  local.set 126
                  local.get 104
                  f32x4.extract_lane 2
                  local.set 127
                  local.get 127
                  f32.const 0.25
                  f32.add
                  local.set 128
                  local.get 128
                  i32.trunc_sat_f32_s
                  local.tee 129
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 129
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 128
                  f32.const 0
                  f32.ge
                  select
                  local.set 130
                  local.get 130
                  i32.const 4
                  i32.mul
                  local.set 131
                  local.get 135
                  local.get 131
                  i32.add
                  local.set 136
                  local.get 136
                  f32.load align=4 offset=0
                  local.set 137
                  local.get 104
                  f32x4.extract_lane 3
                  local.set 138
                  local.get 138
                  f32.const 0.25
                  f32.add
                  local.set 139
                  local.get 139
                  i32.trunc_sat_f32_s
                  local.tee 140
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 140
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 139
                  f32.const 0
                  f32.ge
                  select
                  local.set 141
                  local.get 141
                  i32.const 4
                  i32.mul
                  local.set 142
                  local.get 146
                  local.get 142
                  i32.add
                  local.set 147
                  local.get 147
                  f32.load align=4 offset=0
                  local.set 148
                  local.get 115
                  f32x4.splat
                  local.get 126
                  f32x4.replace_lane 1
                  local.get 137
                  f32x4.replace_lane 2
                  local.get 148
                  f32x4.replace_lane 3
                  local.set 149
                  local.get 149
                  local.set 88
                end
              end
              local.get 87
              local.set 152
              local.get 28
              i32.const 0
              i32.add
              local.get 152
              v128.store align=1 offset=0
              local.get 88
              local.set 153
              local.get 30
              i32.const 0
              i32.add
              local.get 153
              v128.store align=1 offset=0
              local.get 21
              i32.const 4
              i32.add
              local.set 21
              local.get 26
              i32.const 4
              i32.add
              local.set 26
              local.get 28
              i32.const 16
              i32.add
              local.set 28
              local.get 30
              i32.const 16
              i32.add
              local.set 30
              br 1
            end
            local.get 26
            local.tee 35
            f32.convert_i32_s
            local.set 31
            f32.const 0
            local.set 27
            f32.const 0
            local.set 29
            local.get 26
            local.get 150
            i32.ge_s
            local.get 26
            local.get 151
            i32.lt_s
            i32.and
            if
              block
                local.get 35
                i32.const -2
                i32.add
                local.set 69
                local.get 31
                f32.const -2
                f32.add
                local.set 70
                local.get 69
                i32.const 4
                i32.mul
                local.set 71
                local.get 49
                local.get 71
                i32.add
                local.set 72
                local.get 72
                f32.load align=4 offset=0
                local.set 73
                local.get 73
                local.set 27
                local.get 35
                i32.const 2
                i32.mul
                local.set 74
                local.get 31
                f32.const 2
                f32.mul
                local.set 75
                local.get 75
                f32.const 0.25
                f32.sub
                local.set 76
                local.get 76
                f32.const 0.25
                f32.add
                local.set 77
                local.get 77
                i32.trunc_sat_f32_s
                local.tee 78
                local.get 10
                i32.const 1
                i32.sub
                local.get 78
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 77
                f32.const 0
                f32.ge
                select
                local.set 79
                local.get 79
                i32.const 4
                i32.mul
                local.set 80
                local.get 84
                local.get 80
                i32.add
                local.set 85
                local.get 85
                f32.load align=4 offset=0
                local.set 86
                local.get 86
                local.set 29
              end
            else
              block
                local.get 35
                i32.const -2
                i32.add
                local.set 40
                local.get 31
                f32.const -2
                f32.add
                local.set 41
                local.get 40
                local.get 10
                i32.const 1
                i32.sub
                local.get 40
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 40
                i32.const 0
                i32.ge_s
                select
                local.set 45
                local.get 45
                i32.const 4
                i32.mul
                local.set 46
                local.get 49
                local.get 46
                i32.add
                local.set 50
                local.get 50
                f32.load align=4 offset=0
                local.set 51
                local.get 51
                local.set 27
                local.get 35
                i32.const 2
                i32.mul
                local.set 52
                local.get 31
                f32.const 2
                f32.mul
                local.set 53
                local.get 53
                f32.const 0.25
                f32.sub
                local.set 56
                local.get 56
                f32.const 0.25
                f32.add
                local.set 58
                local.get 58
                i32.trunc_sat_f32_s
                local.tee 59
                local.get 10
                i32.const 1
                i32.sub
                local.get 59
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 58
                f32.const 0
                f32.ge
                select
                local.set 60
                local.get 60
                i32.const 4
                i32.mul
                local.set 61
                local.get 66
                local.get 61
                i32.add
                local.set 67
                local.get 67
                f32.load align=4 offset=0
                local.set 68
                local.get 68
                local.set 29
              end
            end
            local.get 28
            local.get 27
            f32.store align=4 offset=0
            local.get 30
            local.get 29
            f32.store align=4 offset=0
            local.get 21
            i32.const 1
            i32.add
            local.set 21
            local.get 26
            i32.const 1
            i32.add
            local.set 26
            local.get 28
            i32.const 4
            i32.add
            local.set 28
            local.get 30
            i32.const 4
            i32.add
            local.set 30
            br 0
          end
        end
        local.get 26
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 26
          local.get 25
          i32.const 1
          i32.add
          local.tee 25
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 25
            local.get 24
            i32.const 1
            i32.add
            local.tee 24
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 24
              local.get 23
              i32.const 1
              i32.add
              local.set 23
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset, L.args[0].e[0], L.args[0].e[1], L.args[0].e[2], L.args[0].e[3], L.args[0].l[0], L.args[0].l[1], L.args[0].l[2], L.args[0].l[3], L.args[0].s[0], L.args[0].s[1], L.args[0].s[2], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 4, L.args[2].F.byteOffset + L.args[2].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset;
;;   V[5] = L.args[0].e[0];
;;   V[6] = L.args[0].e[1];
;;   V[7] = L.args[0].e[2];
;;   V[8] = L.args[0].e[3];
;;   V[9] = L.args[0].l[0];
;;   V[10] = L.args[0].l[1];
;;   V[11] = L.args[0].l[2];
;;   V[12] = L.args[0].l[3];
;;   V[13] = L.args[0].s[0];
;;   V[14] = L.args[0].s[1];
;;   V[15] = L.args[0].s[2];
;;   V[16] = L.args[0].s[3];
;;   V[17] = L.args[1].F.byteOffset + L.args[1].base * 4;
;;   V[18] = L.args[2].F.byteOffset + L.args[2].base * 4;
;; };
;; run.valueCount = 19;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18]);
;; };
;; return run;
