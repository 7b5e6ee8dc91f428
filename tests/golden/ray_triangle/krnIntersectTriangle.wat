(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x7, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x18, i32 x2, f32 x1, i32 x4, f32 x10, i32 x4, f32 x13, i32 x4, f32 x10, i32 x4, f32 x28, i32 x4, f32 x39, i32 x2)
    local.get 0
    local.set 22
    block
      loop
        local.get 22
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 23
        local.get 6
        local.get 22
        i32.const 28
        i32.mul
        i32.add
        local.set 35
        local.get 20
        local.get 22
        i32.const 16
        i32.mul
        i32.add
        local.set 40
        local.get 21
        local.get 22
        i32.const 16
        i32.mul
        i32.add
        local.set 45
        local.get 7
        local.get 15
        i32.const 36
        i32.mul
        i32.add
        local.set 65
        block
          loop
            local.get 22
            local.get 23
            i32.ge_s
            br_if 1
            local.get 35
            f32.load align=4 offset=0
            local.set 28
            local.get 35
            f32.load align=4 offset=4
            local.set 29
            local.get 35
            f32.load align=4 offset=8
            local.set 30
            local.get 35
            f32.load align=4 offset=12
            local.set 31
            local.get 35
            f32.load align=4 offset=16
            local.set 32
            local.get 35
            f32.load align=4 offset=20
            local.set 33
            local.get 35
            f32.load align=4 offset=24
            local.set 34
            local.get 40
            f32.load align=4 offset=0
            local.set 36
            local.get 40
            f32.load align=4 offset=4
            local.set 37
            local.get 40
            f32.load align=4 offset=8
            local.set 38
            local.get 40
            f32.load align=4 offset=12
            local.set 39
            f32.const 0
            local.set 41
            f32.const 0
            local.set 42
            f32.const 0
            local.set 43
            f32.const 0
            local.set 44
            block
              block
                f32.const 0
                local.set 46
                f32.const 0
                local.set 47
                f32.const 0
                local.set 48
                f32.const 0
                local.set 49
                f32.const 0
                local.set 50
                f32.const 0
                local.set 51
                f32.const 0
                local.set 52
                f32.const 0
                local.set 53
                f32.const 0
                local.set 54
                f32.const 0
                local.set 55
                f32.const 0
                local.set 56
                f32.const 0
                local.set 57
                f32.const 0
                local.set 58
                f32.const 0
                local.set 59
                f32.const 0
                local.set 60
                f32.const 0
                local.set 61
                f32.const 0
                local.set 62
                f32.const 0
                local.set 63
                local.get 37
                f32.const 0
                f32.gt
                local.set 64
                local.get 64
                if
                  local.get 39
                  local.set 46
                  local.get 46
                  f32.const 0.25
                  f32.add
                  local.set 66
                  local.get 66
                  i32.trunc_sat_f32_s
                  local.tee 67
                  local.get 11
                  i32.const 1
                  i32.sub
                  local.get 67
                  local.get 11
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 66
                  f32.const 0
                  f32.ge
                  select
                  local.set 68
                  local.get 68
                  i32.const 36
                  i32.mul
                  local.set 69
                  local.get 65
                  local.get 69
                  i32.add
                  local.set 70
                  local.get 70
                  f32.load align=4 offset=0
                  local.set 71
                  local.get 70
                  f32.load align=4 offset=4
                  local.set 72
                  local.get 70
                  f32.load align=4 offset=8
                  local.set 73
                  local.get 70
                  f32.load align=4 offset=12
                  local.set 74
                  local.get 70
                  f32.load align=4 offset=16
                  local.set 75
                  local.get 70
                  f32.load align=4 offset=20
                  local.set 76
                  local.get 70
                  f32.load align=4 offset=24
                  local.set 77
                  local.get 70
                  f32.load align=4 offset=28
                  local.set 78
                  local.get 70
                  f32.load align=4 offset=32
                  local.set 79
                  local.get 46
                  f32.const 0.25
                  f32.add
                  local.set 80
                  local.get 80
                  i32.trunc_sat_f32_s
                  local.tee 81
                  local.get 11
                  i32.const 1
                  i32.sub
                  local.get 81
                  local.get 11
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 80
                  f32.const 0
                  f32.ge
                  select
                  local.set 82
                  local.get 82
                  i32.const 36
                  i32.mul
                  local.set 83
                  local.get 65
                  local.get 83
                  i32.add
                  local.set 84
                  local.get 84
                  f32.load align=4 offset=0
                  local.set 85
                  local.get 84
                  f32.load align=4 offset=4
                  local.set 86
                  local.get 84
                  f32.load align=4 offset=8
                  local.set 87
                  local.get 84
                  f32.load align=4 offset=12
                  local.set 88
                  local.get 84
                  f32.load align=4 offset=16
                  local.set 89
                  local.get 84
                  f32.load align=4 offset=20
                  local.set 90
                  local.get 84
                  f32.load align=4 offset=24
                  local.set 91
                  local.get 84
                  f32.load align=4 offset=28
                  local.set 92
                  local.get 84
                  f32.load align=4 offset=32
                  local.set 93
                  local.get 74
                  local.get 85
                  f32.sub
                  local.set 94
                  local.get 75
                  local.get 86
                  f32.sub
                  local.set 95
                  local.get 76
                  local.get 87
                  f32.sub
                  local.set 96
                  local.get 94
                  local.set 49
                  local.get 95
                  local.set 50
                  local.get 96
                  local.set 51
                  local.get 46
                  f32.const 0.25
                  f32.add
                  local.set 97
                  local.get 97
                  i32.trunc_sat_f32_s
                  local.tee 98
                  local.get 11
                  i32.const 1
                  i32.sub
                  local.get 98
                  local.get 11
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 97
                  f32.const 0
                  f32.ge
                  select
                  local.set 99
                  local.get 99
                  i32.const 36
                  i32.mul
                  local.set 100
                  local.get 65
                  local.get 100
                  i32.add
                  local.set 101
                  local.get 101
                  f32.load align=4 offset=0
                  local.set 102
                  local.get 101
                  f32.load align=4 offset=4
                  local.set 103
                  local.get 101
                  f32.load align=4 offset=8
                  local.set 104
                  local.get 101
                  f32.load align=4 offset=12
                  local.set 105
                  local.get 101
                  f32.load align=4 offset=16
                  local.set 106
                  local.get 101
                  f32.load align=4 offset=20
                  local.set 107
                  local.get 101
                  f32.load align=4 offset=24
                  local.set 108
                  local.get 101
                  f32.load align=4 offset=28
                  local.set 109
                  local.get 101
                  f32.load align=4 offset=32
                  local.set 110
                  local.get 46
                  f32.const 0.25
                  f32.add
                  local.set 111
                  local.get 111
                  i32.trunc_sat_f32_s
                  local.tee 112
                  local.get 11
                  i32.const 1
                  i32.sub
                  local.get 112
                  local.get 11
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 111
                  f32.const 0
                  f32.ge
                  select
                  local.set 113
                  local.get 113
                  i32.const 36
                  i32.mul
                  local.set 114
                  local.get 65
                  local.get 114
                  i32.add
                  local.set 115
                  local.get 115
                  f32.load align=4 offset=0
                  local.set 116
                  local.get 115
                  f32.load align=4 offset=4
                  local.set 117
                  local.get 115
                  f32.load align=4 offset=8
                  local.set 118
                  local.get 115
                  f32.load align=4 offset=12
                  local.set 119
                  local.get 115
                  f32.load align=4 offset=16
                  local.set 120
                  local.get 115
                  f32.load align=4 offset=20
                  local.set 121
                  local.get 115
                  f32.load align=4 offset=24
                  local.set 122
                  local.get 115
                  f32.load align=4 offset=28
                  local.set 123
                  local.get 115
                  f32.load align=4 offset=32
                  local.set 124
                  local.get 108
                  local.get 116
                  f32.sub
                  local.set 125
                  local.get 109
                  local.get 117
                  f32.sub
                  local.set 126
                  local.get 110
                  local.get 118
                  f32.sub
                  local.set 127
                  local.get 125
                  local.set 52
                  local.get 126
                  local.set 53
                  local.get 127
                  local.set 54
                  local.get 32
                  local.get 54
                  f32.mul
                  local.set 128
                  local.get 33
                  local.get 53
                  f32.mul
                  local.set 129
                  local.get 128
                  local.get 129
                  f32.sub
                  local.set 130
                  local.get 33
                  local.get 52
                  f32.mul
                  local.set 131
                  local.get 31
                  local.get 54
                  f32.mul
                  local.set 132
                  local.get 131
                  local.get 132
                  f32.sub
                  local.set 133
                  local.get 31
                  local.get 53
                  f32.mul
                  local.set 134
                  local.get 32
                  local.get 52
                  f32.mul
                  local.set 135
                  local.get 134
                  local.get 135
                  f32.sub
                  local.set 136
                  local.get 130
                  local.set 55
                  local.get 133
                  local.set 56
                  local.get 136
                  local.set 57
                  local.get 49
                  local.get 55
                  f32.mul
                  local.set 137
                  local.get 50
                  local.get 56
                  f32.mul
                  local.set 138
                  local.get 137
                  local.get 138
                  f32.add
                  local.set 139
                  local.get 51
                  local.get 57
                  f32.mul
                  local.set 140
                  local.get 139
                  local.get 140
                  f32.add
                  local.set 141
                  local.get 141
                  local.set 47
                  f32.const 1
                  local.get 47
                  f32.div
                  local.set 142
                  local.get 142
                  local.set 48
                  local.get 46
                  f32.const 0.25
                  f32.add
                  local.set 143
                  local.get 143
                  i32.trunc_sat_f32_s
                  local.tee 144
                  local.get 11
                  i32.const 1
                  i32.sub
                  local.get 144
                  local.get 11
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 143
                  f32.const 0
                  f32.ge
                  select
                  local.set 145
                  local.get 145
                  i32.const 36
                  i32.mul
                  local.set 146
                  local.get 65
                  local.get 146
                  i32.add
                  local.set 147
                  local.get 147
                  f32.load align=4 offset=0
                  local.set 148
                  local.get 147
                  f32.load align=4 offset=4
                  local.set 149
                  local.get 147
                  f32.load align=4 offset=8
                  local.set 150
                  local.get 147
                  f32.load align=4 offset=12
                  local.set 151
                  local.get 147
                  f32.load align=4 offset=16
                  local.set 152
                  local.get 147
                  f32.load align=4 offset=20
                  local.set 153
                  local.get 147
                  f32.load align=4 offset=24
                  local.set 154
                  local.get 147
                  f32.load align=4 offset=28
                  local.set 155
                  local.get 147
                  f32.load align=4 offset=32
                  local.set 156
                  local.get 28
                  local.get 148
                  f32.sub
                  local.set 157
                  local.get 29
                  local.get 149
                  f32.sub
                  local.set 158
                  local.get 30
                  local.get 150
                  f32.sub
                  local.set 159
                  local.get 157
                  local.set 58
                  local.get 158
                  local.set 59
                  local.get 159
                  local.set 60
                  local.get 58
                  local.get 55
                  f32.mul
                  local.set 160
                  local.get 59
                  local.get 56
                  f32.mul
                  local.set 161
                  local.get 160
                  local.get 161
                  f32.add
                  local.set 162
                  local.get 60
                  local.get 57
                  f32.mul
                  local.set 163
                  local.get 162
                  local.get 163
                  f32.add
                  local.set 164
                  local.get 164
                  local.get 48
                  f32.mul
                  local.set 165
                  local.get 165
                  local.set 42
                  local.get 59
                  local.get 51
                  f32.mul
                  local.set 166
                  local.get 60
                  local.get 50
                  f32.mul
                  local.set 167
                  local.get 166
                  local.get 167
                  f32.sub
                  local.set 168
                  local.get 60
                  local.get 49
                  f32.mul
                  local.set 169
                  local.get 58
                  local.get 51
                  f32.mul
                  local.set 170
                  local.get 169
                  local.get 170
                  f32.sub
                  local.set 171
                  local.get 58
                  local.get 50
                  f32.mul
                  local.set 172
                  local.get 59
                  local.get 49
                  f32.mul
                  local.set 173
                  local.get 172
                  local.get 173
                  f32.sub
                  local.set 174
                  local.get 168
                  local.set 61
                  local.get 171
                  local.set 62
                  local.get 174
                  local.set 63
                  local.get 31
                  local.get 61
                  f32.mul
                  local.set 175
                  local.get 32
                  local.get 62
                  f32.mul
                  local.set 176
                  local.get 175
                  local.get 176
                  f32.add
                  local.set 177
                  local.get 33
                  local.get 63
                  f32.mul
                  local.set 178
                  local.get 177
                  local.get 178
                  f32.add
                  local.set 179
                  local.get 179
                  local.get 48
                  f32.mul
                  local.set 180
                  local.get 180
                  local.set 43
                  local.get 52
                  local.get 61
                  f32.mul
                  local.set 181
                  local.get 53
                  local.get 62
                  f32.mul
                  local.set 182
                  local.get 181
                  local.get 182
                  f32.add
                  local.set 183
                  local.get 54
                  local.get 63
                  f32.mul
                  local.set 184
                  local.get 183
                  local.get 184
                  f32.add
                  local.set 185
                  local.get 185
                  local.get 48
                  f32.mul
                  local.set 186
                  local.get 186
                  local.set 41
                  local.get 46
                  local.set 44
                else
                  f32.const 0
                  local.set 41
                  f32.const 0
                  local.set 42
                  f32.const 0
                  local.set 43
                  f32.const -1
                  local.set 44
                end
              end
            end
            local.get 45
            local.get 41
            f32.store align=4 offset=0
            local.get 45
            local.get 42
            f32.store align=4 offset=4
            local.get 45
            local.get 43
            f32.store align=4 offset=8
            local.get 45
            local.get 44
            f32.store align=4 offset=12
            local.get 22
            i32.const 1
            i32.add
            local.set 22
            local.get 35
            i32.const 28
            i32.add
            local.set 35
            local.get 40
            i32.const 16
            i32.add
            local.set 40
            local.get 45
            i32.const 16
            i32.add
            local.set 45
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 28, L.args[1].F.byteOffset, L.args[1].e[0], L.args[1].e[1], L.args[1].e[2], L.args[1].e[3], L.args[1].l[0], L.args[1].l[1], L.args[1].l[2], L.args[1].l[3], L.args[1].s[0], L.args[1].s[1], L.args[1].s[2], L.args[1].s[3], L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 28;
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
;;   V[18] = L.args[2].F.byteOffset + L.args[2].base * 16;
;;   V[19] = L.args[3].F.byteOffset + L.args[3].base * 16;
;; };
;; run.valueCount = 20;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19]);
;; };
;; return run;
