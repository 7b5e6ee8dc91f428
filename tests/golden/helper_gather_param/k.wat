(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x3, i32 x1, f32 x1, i32 x3, f32 x1, i32 x5, f32 x4, i32 x1, f32 x1, i32 x3, f32 x1, i32 x5, f32 x9, i32 x3, f32 x1, i32 x5, f32 x7, i32 x3, f32 x1, i32 x5, f32 x9, i32 x3, f32 x1, i32 x5, f32 x7, i32 x3, f32 x1, i32 x5, f32 x5, i32 x1, f32 x1, i32 x4, f32 x6, i32 x4, f32 x3, v128 x9, f32 x3, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, v128 x4, f32 x3, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, v128 x8, f32 x3, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, v128 x7, f32 x3, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, v128 x8, f32 x3, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, v128 x6, f32 x3, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x4, i32 x3, f32 x1, i32 x5, f32 x1, v128 x23, i32 x2)
    local.get 0
    local.set 49
    block
      loop
        local.get 49
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 50
        local.get 6
        local.get 49
        i32.const 8
        i32.mul
        i32.add
        local.set 57
        local.get 46
        local.get 49
        i32.const 4
        i32.mul
        i32.add
        local.set 59
        local.get 47
        local.get 49
        i32.const 4
        i32.mul
        i32.add
        local.set 61
        local.get 48
        local.get 49
        i32.const 4
        i32.mul
        i32.add
        local.set 63
        local.get 7
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.get 14
        local.get 18
        i32.mul
        i32.const 4
        i32.mul
        i32.add
        local.set 67
        local.get 20
        local.get 28
        i32.const 4
        i32.mul
        i32.add
        local.get 27
        local.get 31
        i32.mul
        i32.const 4
        i32.mul
        i32.add
        local.set 82
        local.get 33
        local.get 41
        i32.const 4
        i32.mul
        i32.add
        local.set 166
        f32.const 0
        f32x4.splat
        local.set 191
        f32.const 1
        f32x4.splat
        local.set 363
        f32.const 10
        f32x4.splat
        local.set 549
        f32.const 0.800000011920929
        f32x4.splat
        local.set 551
        block
          loop
            local.get 49
            local.get 50
            i32.ge_s
            br_if 1
            local.get 57
            f32.load align=4 offset=0
            local.set 55
            local.get 57
            f32.load align=4 offset=4
            local.set 56
            f32.const 0
            local.set 58
            f32.const 0
            local.set 60
            f32.const 0
            local.set 62
            block
              block
                f32.const 0
                local.set 64
                local.get 55
                local.set 65
                local.get 56
                local.set 66
                block
                  local.get 65
                  f32.const 0.25
                  f32.add
                  local.set 68
                  local.get 68
                  i32.trunc_sat_f32_s
                  local.tee 69
                  local.get 11
                  i32.const 1
                  i32.sub
                  local.get 69
                  local.get 11
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 68
                  f32.const 0
                  f32.ge
                  select
                  local.set 70
                  local.get 70
                  i32.const 4
                  i32.mul
                  local.set 71
                  local.get 66
                  f32.const 0.25
                  f32.add
                  local.set 72
                  local.get 72
                  i32.trunc_sat_f32_s
                  local.tee 73
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 73
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 72
                  f32.const 0
                  f32.ge
                  select
                  local.set 74
                  local.get 74
                  local.get 18
                  i32.mul
                  i32.const 4
                  i32.mul
                  local.set 75
                  local.get 67
                  local.get 71
                  i32.add
                  local.set 76
                  local.get 76
                  local.get 75
                  i32.add
                  local.set 77
                  local.get 77
                  f32.load align=4 offset=0
                  local.set 78
                  local.get 78
                  local.set 64
                  br 0
                end
                f32.const 0
                local.set 79
                local.get 55
                local.set 80
                local.get 56
                local.set 81
                block
                  local.get 80
                  f32.const 0.25
                  f32.add
                  local.set 83
                  local.get 83
                  i32.trunc_sat_f32_s
                  local.tee 84
                  local.get 24
                  i32.const 1
                  i32.sub
                  local.get 84
                  local.get 24
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 83
                  f32.const 0
                  f32.ge
                  select
                  local.set 85
                  local.get 85
                  i32.const 4
                  i32.mul
                  local.set 86
                  local.get 81
                  f32.const 0.25
                  f32.add
                  local.set 87
                  local.get 87
                  i32.trunc_sat_f32_s
                  local.tee 88
                  local.get 23
                  i32.const 1
                  i32.sub
                  local.get 88
                  local.get 23
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 87
                  f32.const 0
                  f32.ge
                  select
                  local.set 89
                  local.get 89
                  local.get 31
                  i32.mul
                  i32.const 4
                  i32.mul
                  local.set 90
                  local.get 82
                  local.get 86
                  i32.add
                  local.set 91
                  local.get 91
                  local.get 90
                  i32.add
                  local.set 92
                  local.get 92
                  f32.load align=4 offset=0
                  local.set 93
                  local.get 93
                  local.set 79
                  br 0
                end
                local.get 64
                local.get 79
                f32.sub
                local.set 94
                local.get 94
                local.set 58
                f32.const 0
                local.set 95
                local.get 55
                local.set 96
                local.get 56
                local.set 97
                block
                  f32.const 0
                  local.set 98
                  local.get 96
                  local.set 99
                  local.get 97
                  local.set 100
                  block
                    local.get 99
                    f32.const 0.25
                    f32.add
                    local.set 101
                    local.get 101
                    i32.trunc_sat_f32_s
                    local.tee 102
                    local.get 24
                    i32.const 1
                    i32.sub
                    local.get 102
                    local.get 24
                    i32.lt_s
                    select
                    i32.const 0
                    local.get 101
                    f32.const 0
                    f32.ge
                    select
                    local.set 103
                    local.get 103
                    i32.const 4
                    i32.mul
                    local.set 104
                    local.get 100
                    f32.const 0.25
                    f32.add
                    local.set 105
                    local.get 105
                    i32.trunc_sat_f32_s
                    local.tee 106
                    local.get 23
                    i32.const 1
                    i32.sub
                    local.get 106
                    local.get 23
                    i32.lt_s
                    select
                    i32.const 0
                    local.get 105
                    f32.const 0
                    f32.ge
                    select
                    local.set 107
                    local.get 107
                    local.get 31
                    i32.mul
                    i32.const 4
                    i32.mul
                    local.set 108
                    local.get 82
                    local.get 104
                    i32.add
                    local.set 109
                    local.get 109
                    local.get 108
                    i32.add
                    local.set 110
                    local.get 110
                    f32.load align=4 offset=0
                    local.set 111
                    local.get 111
                    local.set 98
                    br 0
                  end
                  local.get 96
                  f32.const 1
                  f32.add
                  local.set 112
                  local.get 97
                  f32.const 0
                  f32.add
                  local.set 113
                  f32.const 0
                  local.set 114
                  local.get 112
                  local.set 115
                  local.get 113
                  local.set 116
                  block
                    local.get 115
                    f32.const 0.25
                    f32.add
                    local.set 117
                    local.get 117
                    i32.trunc_sat_f32_s
                    local.tee 118
                    local.get 24
                    i32.const 1
                    i32.sub
                    local.get 118
                    local.get 24
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
                    local.get 116
                    f32.const 0.25
                    f32.add
                    local.set 121
                    local.get 121
                    i32.trunc_sat_f32_s
                    local.tee 122
                    local.get 23
                    i32.const 1
                    i32.sub
                    local.get 122
                    local.get 23
                    i32.lt_s
                    select
                    i32.const 0
                    local.get 121
                    f32.const 0
                    f32.ge
                    select
                    local.set 123
                    local.get 123
                    local.get 31
                    i32.mul
                    i32.const 4
                    i32.mul
                    local.set 124
                    local.get 82
                    local.get 120
                    i32.add
                    local.set 125
                    local.get 125
                    local.get 124
                    i32.add
                    local.set 126
                    local.get 126
                    f32.load align=4 offset=0
                    local.set 127
                    local.get 127
                    local.set 114
                    br 0
                  end
                  local.get 98
                  local.get 114
                  f32.add
                  local.set 128
                  local.get 128
                  local.set 95
                  br 0
                end
                f32.const 0
                local.set 129
                local.get 56
                local.set 130
                local.get 55
                local.set 131
                block
                  f32.const 0
                  local.set 132
                  local.get 130
                  local.set 133
                  local.get 131
                  local.set 134
                  block
                    local.get 133
                    f32.const 0.25
                    f32.add
                    local.set 135
                    local.get 135
                    i32.trunc_sat_f32_s
                    local.tee 136
                    local.get 11
                    i32.const 1
                    i32.sub
                    local.get 136
                    local.get 11
                    i32.lt_s
                    select
                    i32.const 0
                    local.get 135
                    f32.const 0
                    f32.ge
                    select
                    local.set 137
                    local.get 137
                    i32.const 4
                    i32.mul
                    local.set 138
                    local.get 134
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
                    local.get 18
                    i32.mul
                    i32.const 4
                    i32.mul
                    local.set 142
                    local.get 67
                    local.get 138
                    i32.add
                    local.set 143
                    local.get 143
                    local.get 142
                    i32.add
                    local.set 144
                    local.get 144
                    f32.load align=4 offset=0
                    local.set 145
                    local.get 145
                    local.set 132
                    br 0
                  end
                  local.get 130
                  f32.const 1
                  f32.add
                  local.set 146
                  local.get 131
                  f32.const 0
                  f32.add
                  local.set 147
                  f32.const 0
                  local.set 148
                  local.get 146
                  local.set 149
                  local.get 147
                  local.set 150
                  block
                    local.get 149
                    f32.const 0.25
                    f32.add
                    local.set 151
                    local.get 151
                    i32.trunc_sat_f32_s
                    local.tee 152
                    local.get 11
                    i32.const 1
                    i32.sub
                    local.get 152
                    local.get 11
                    i32.lt_s
                    select
                    i32.const 0
                    local.get 151
                    f32.const 0
                    f32.ge
                    select
                    local.set 153
                    local.get 153
                    i32.const 4
                    i32.mul
                    local.set 154
                    local.get 150
                    f32.const 0.25
                    f32.add
                    local.set 155
                    local.get 155
                    i32.trunc_sat_f32_s
                    local.tee 156
                    local.get 10
                    i32.const 1
                    i32.sub
                    local.get 156
                    local.get 10
                    i32.lt_s
                    select
                    i32.const 0
                    local.get 155
                    f32.const 0
                    f32.ge
                    select
                    local.set 157
                    local.get 157
                    local.get 18
                    i32.mul
                    i32.const 4
                    i32.mul
                    local.set 158
                    local.get 67
                    local.get 154
                    i32.add
                    local.set 159
                    local.get 159
                    local.get 158
                    i32.add
                    local.set 160
                    local.get 160
                    f32.load align=4 offset=0
                    local.set 161
                    local.get 161
                    local.set 148
                    br 0
                  end
                  local.get 132
                  local.get 148
                  f32.add
                  local.set 162
                  local.get 162
                  local.set 129
                  br 0
                end
                local.get 95
                local.get 129
                f32.add
                local.set 163
                local.get 163
                local.set 60
                f32.const 0
                local.set 164
                local.get 55
                local.set 165
                block
                  local.get 165
                  f32.const 0.25
                  f32.add
                  local.set 167
                  local.get 167
                  i32.trunc_sat_f32_s
                  local.tee 168
                  local.get 37
                  i32.const 1
                  i32.sub
                  local.get 168
                  local.get 37
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 167
                  f32.const 0
                  f32.ge
                  select
                  local.set 169
                  local.get 169
                  i32.const 4
                  i32.mul
                  local.set 170
                  local.get 166
                  local.get 170
                  i32.add
                  local.set 171
                  local.get 171
                  f32.load align=4 offset=0
                  local.set 172
                  local.get 172
                  f32.const 10
                  f32.mul
                  local.set 173
                  local.get 173
                  local.set 164
                  br 0
                end
                local.get 56
                f32.const 0.800000011920929
                f32.add
                local.set 174
                f32.const 0
                local.set 175
                local.get 174
                local.set 176
                block
                  local.get 176
                  f32.const 0.25
                  f32.add
                  local.set 177
                  local.get 177
                  i32.trunc_sat_f32_s
                  local.tee 178
                  local.get 37
                  i32.const 1
                  i32.sub
                  local.get 178
                  local.get 37
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 177
                  f32.const 0
                  f32.ge
                  select
                  local.set 179
                  local.get 179
                  i32.const 4
                  i32.mul
                  local.set 180
                  local.get 166
                  local.get 180
                  i32.add
                  local.set 181
                  local.get 181
                  f32.load align=4 offset=0
                  local.set 182
                  local.get 182
                  f32.const 10
                  f32.mul
                  local.set 183
                  local.get 183
                  local.set 175
                  br 0
                end
                local.get 164
                local.get 175
                f32.add
                local.set 184
                local.get 184
                local.set 62
              end
            end
            local.get 59
            local.get 58
            f32.store align=4 offset=0
            local.get 61
            local.get 60
            f32.store align=4 offset=0
            local.get 63
            local.get 62
            f32.store align=4 offset=0
            local.get 49
            i32.const 1
            i32.add
            local.set 49
            local.get 57
            i32.const 8
            i32.add
            local.set 57
            local.get 59
            i32.const 4
            i32.add
            local.set 59
            local.get 61
            i32.const 4
            i32.add
            local.set 61
            local.get 63
            i32.const 4
            i32.add
            local.set 63
            br 0
          end
        end
        br 0
      end
    end
  )
)
;; imports: (none); vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, L.args[1].F.byteOffset, L.args[1].e[0], L.args[1].e[1], L.args[1].e[2], L.args[1].e[3], L.args[1].l[0], L.args[1].l[1], L.args[1].l[2], L.args[1].l[3], L.args[1].s[0], L.args[1].s[1], L.args[1].s[2], L.args[1].s[3], L.args[2].F.byteOffset, L.args[2].e[0], L.args[2].e[1], L.args[2].e[2], L.args[2].e[3], L.args[2].l[0], L.args[2].l[1], L.args[2].l[2], L.args[2].l[3], L.args[2].s[0], L.args[2].s[1], L.args[2].s[2], L.args[2].s[3], L.args[3].F.byteOffset, L.args[3].e[0], L.args[3].e[1], L.args[3].e[2], L.args[3].e[3], L.args[3].l[0], L.args[3].l[1], L.args[3].l[2], L.args[3].l[3], L.args[3].s[0], L.args[3].s[1], L.args[3].s[2], L.args[3].s[3], L.args[4].F.byteOffset + L.args[4].base * 4, L.args[5].F.byteOffset + L.args[5].base * 4, L.args[6].F.byteOffset + L.args[6].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
;;   V[5] = L.args[1].F.byteOffset;
;;   V[6] = L.args[1].e[0];
;;   V[7] = L.args[1].e[1];
;;   V[8] = L.args[1].e[2];
;;   V[9] = L.args[1].e[3];
;;   V[10] = L.args[1].l[0];
;;   V[11] = L.args[1].l[1];
;;   V[12] = L.args[1].l[2];
;;   V[13] = L.args[1].l[3];
;;   V[14] = L.args[1].s[0];
;;   V[15] = L.args[1].s[1];
;;   V[16] = L.args[1].s[2];
;;   V[17] = L.args[1].s[3];
;;   V[18] = L.args[2].F.byteOffset;
;;   V[19] = L.args[2].e[0];
;;   V[20] = L.args[2].e[1];
;;   V[21] = L.args[2].e[2];
;;   V[22] = L.args[2].e[3];
;;   V[23] = L.args[2].l[0];
;;   V[24] = L.args[2].l[1];
;;   V[25] = L.args[2].l[2];
;;   V[26] = L.args[2].l[3];
;;   V[27] = L.args[2].s[0];
;;   V[28] = L.args[2].s[1];
;;   V[29] = L.args[2].s[2];
;;   V[30] = L.args[2].s[3];
;;   V[31] = L.args[3].F.byteOffset;
;;   V[32] = L.args[3].e[0];
;;   V[33] = L.args[3].e[1];
;;   V[34] = L.args[3].e[2];
;;   V[35] = L.args[3].e[3];
;;   V[36] = L.args[3].l[0];
;;   V[37] = L.args[3].l[1];
;;   V[38] = L.args[3].l[2];
;;   V[39] = L.args[3].l[3];
;;   V[40] = L.args[3].s[0];
;;   V[41] = L.args[3].s[1];
;;   V[42] = L.args[3].s[2];
;;   V[43] = L.args[3].s[3];
;;   V[44] = L.args[4].F.byteOffset + L.args[4].base * 4;
;;   V[45] = L.args[5].F.byteOffset + L.args[5].base * 4;
;;   V[46] = L.args[6].F.byteOffset + L.args[6].base * 4;
;; };
;; run.valueCount = 47;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19], V[20], V[21], V[22], V[23], V[24], V[25], V[26], V[27], V[28], V[29], V[30], V[31], V[32], V[33], V[34], V[35], V[36], V[37], V[38], V[39], V[40], V[41], V[42], V[43], V[44], V[45], V[46]);
;; };
;; return run;
