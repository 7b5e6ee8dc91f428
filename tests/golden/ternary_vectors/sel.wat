(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x2, i32 x6, f32 x4, i32 x1, f32 x4, i32 x4, f32 x8, i32 x16, f32 x1, i32 x10, f32 x1, i32 x1, v128 x47, i32 x28, v128 x5, i32 x28, v128 x9, i32 x28, v128 x5, i32 x2, v128 x34)
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
        i32.const 0
        i32.const -1
        i32.mul
        i32x4.splat
        local.set 114
        f32.const 0
        f32x4.splat
        local.set 123
        f32.const 2
        f32x4.splat
        local.set 129
        f32.const 1
        f32x4.splat
        local.set 206
        f32.const 100
        f32x4.splat
        local.set 241
        i32.const 0
        local.set 245
        local.get 5
        local.set 246
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 16
            local.get 245
            i32.ge_s
            local.get 16
            i32.const 4
            i32.add
            local.get 246
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
              local.set 247
              local.get 21
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 248
              local.get 21
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 249
              local.get 21
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 250
              local.get 247
              local.get 248
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 251
              local.get 249
              local.get 250
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 252
              local.get 247
              local.get 248
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 253
              local.get 249
              local.get 250
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 254
              local.get 251
              local.get 252
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 95
              local.get 251
              local.get 252
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 96
              local.get 253
              local.get 254
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 97
              local.get 253
              local.get 254
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 98
              local.get 26
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 255
              local.get 26
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 256
              local.get 26
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 257
              local.get 26
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 258
              local.get 255
              local.get 256
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 259
              local.get 257
              local.get 258
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 260
              local.get 255
              local.get 256
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 261
              local.get 257
              local.get 258
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 262
              local.get 259
              local.get 260
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 99
              local.get 259
              local.get 260
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 100
              local.get 261
              local.get 262
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 101
              local.get 261
              local.get 262
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 102
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 103
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 104
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 105
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 106
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 107
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 108
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 109
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 110
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 111
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 112
              block
                block
                  local.get 114
                  local.set 113
                  local.get 95
                  local.get 99
                  f32x4.gt
                  local.set 115
                  local.get 96
                  local.get 100
                  f32x4.gt
                  local.set 116
                  local.get 97
                  local.get 101
                  f32x4.gt
                  local.set 117
                  local.get 98
                  local.get 102
                  f32x4.gt
                  local.set 118
                  local.get 95
                  local.get 99
                  local.get 115
                  v128.bitselect
                  local.set 119
                  local.get 96
                  local.get 100
                  local.get 116
                  v128.bitselect
                  local.set 120
                  local.get 97
                  local.get 101
                  local.get 117
                  v128.bitselect
                  local.set 121
                  local.get 98
                  local.get 102
                  local.get 118
                  v128.bitselect
                  local.set 122
                  local.get 119
                  local.set 103
                  local.get 120
                  local.set 104
                  local.get 121
                  local.set 105
                  local.get 122
                  local.set 106
                  local.get 95
                  local.get 123
                  f32x4.lt
                  local.set 124
                  local.get 95
                  f32x4.neg
                  local.set 125
                  local.get 96
                  f32x4.neg
                  local.set 126
                  local.get 97
                  f32x4.neg
                  local.set 127
                  local.get 98
                  f32x4.neg
                  local.set 128
                  local.get 95
                  local.get 129
                  f32x4.mul
                  local.set 130
                  local.get 96
                  local.get 129
                  f32x4.mul
                  local.set 131
                  local.get 97
                  local.get 129
                  f32x4.mul
                  local.set 132
                  local.get 98
                  local.get 129
                  f32x4.mul
                  local.set 133
                  local.get 125
                  local.get 130
                  local.get 124
                  v128.bitselect
                  local.set 134
                  local.get 126
                  local.get 131
                  local.get 124
                  v128.bitselect
                  local.set 135
                  local.get 127
                  local.get 132
                  local.get 124
                  v128.bitselect
                  local.set 136
                  local.get 128
                  local.get 133
                  local.get 124
                  v128.bitselect
                  local.set 137
                  local.get 134
                  local.set 107
                  local.get 135
                  local.set 108
                  local.get 136
                  local.set 109
                  local.get 137
                  local.set 110
                  local.get 95
                  local.get 123
                  f32x4.gt
                  local.set 138
                  local.get 96
                  local.get 123
                  f32x4.gt
                  local.set 139
                  local.get 97
                  local.get 123
                  f32x4.gt
                  local.set 140
                  local.get 98
                  local.get 123
                  f32x4.gt
                  local.set 141
                  local.get 138
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 142
                  local.get 139
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 143
                  local.get 140
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 144
                  local.get 141
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 145
                  local.get 142
                  local.get 143
                  i32.and
                  local.set 146
                  local.get 146
                  local.get 144
                  i32.and
                  local.set 147
                  local.get 147
                  local.get 145
                  i32.and
                  local.set 148
                  local.get 138
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 149
                  local.get 139
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 150
                  local.get 140
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 151
                  local.get 141
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 152
                  local.get 149
                  local.get 150
                  i32.and
                  local.set 153
                  local.get 153
                  local.get 151
                  i32.and
                  local.set 154
                  local.get 154
                  local.get 152
                  i32.and
                  local.set 155
                  local.get 138
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 156
                  local.get 139
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 157
                  local.get 140
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 158
                  local.get 141
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 159
                  local.get 156
                  local.get 157
                  i32.and
                  local.set 160
                  local.get 160
                  local.get 158
                  i32.and
                  local.set 161
                  local.get 161
                  local.get 159
                  i32.and
                  local.set 162
                  local.get 138
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 163
                  local.get 139
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 164
                  local.get 140
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 165
                  local.get 141
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 166
                  local.get 163
                  local.get 164
                  i32.and
                  local.set 167
                  local.get 167
                  local.get 165
                  i32.and
                  local.set 168
                  local.get 168
                  local.get 166
                  i32.and
                  local.set 169
                  local.get 148
                  i32.const -1
                  i32.mul
                  i32x4.splat
                  local.get 155
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 1
                  local.get 162
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 2
                  local.get 169
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 3
                  local.set 170
                  local.get 99
                  local.get 123
                  f32x4.lt
                  local.set 171
                  local.get 100
                  local.get 123
                  f32x4.lt
                  local.set 172
                  local.get 101
                  local.get 123
                  f32x4.lt
                  local.set 173
                  local.get 102
                  local.get 123
                  f32x4.lt
                  local.set 174
                  local.get 171
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 175
                  local.get 172
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 176
                  local.get 173
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 177
                  local.get 174
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 178
                  local.get 175
                  local.get 176
                  i32.or
                  local.set 179
                  local.get 179
                  local.get 177
                  i32.or
                  local.set 180
                  local.get 180
                  local.get 178
                  i32.or
                  local.set 181
                  local.get 171
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 182
                  local.get 172
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 183
                  local.get 173
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 184
                  local.get 174
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 185
                  local.get 182
                  local.get 183
                  i32.or
                  local.set 186
                  local.get 186
                  local.get 184
                  i32.or
                  local.set 187
                  local.get 187
                  local.get 185
                  i32.or
                  local.set 188
                  local.get 171
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 189
                  local.get 172
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 190
                  local.get 173
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 191
                  local.get 174
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 192
                  local.get 189
                  local.get 190
                  i32.or
                  local.set 193
                  local.get 193
                  local.get 191
                  i32.or
                  local.set 194
                  local.get 194
                  local.get 192
                  i32.or
                  local.set 195
                  local.get 171
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 196
                  local.get 172
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 197
                  local.get 173
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 198
                  local.get 174
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 199
                  local.get 196
                  local.get 197
                  i32.or
                  local.set 200
                  local.get 200
                  local.get 198
                  i32.or
                  local.set 201
                  local.get 201
                  local.get 199
                  i32.or
                  local.set 202
                  local.get 181
                  i32.const -1
                  i32.mul
                  i32x4.splat
                  local.get 188
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 1
                  local.get 195
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 2
                  local.get 202
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 3
                  local.set 203
                  local.get 203
                  v128.not
                  local.set 204
                  local.get 170
                  local.get 204
                  v128.and
                  local.set 205
                  local.get 205
                  local.set 113
                  local.get 206
                  local.get 123
                  local.get 113
                  v128.bitselect
                  local.set 207
                  local.get 207
                  local.set 111
                  local.get 95
                  local.get 99
                  f32x4.eq
                  local.set 208
                  local.get 96
                  local.get 100
                  f32x4.eq
                  local.set 209
                  local.get 97
                  local.get 101
                  f32x4.eq
                  local.set 210
                  local.get 98
                  local.get 102
                  f32x4.eq
                  local.set 211
                  local.get 208
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 212
                  local.get 209
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 213
                  local.get 210
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 214
                  local.get 211
                  i32x4.extract_lane 0
                  i32.const 1
                  i32.and
                  local.set 215
                  local.get 212
                  local.get 213
                  i32.or
                  local.set 216
                  local.get 216
                  local.get 214
                  i32.or
                  local.set 217
                  local.get 217
                  local.get 215
                  i32.or
                  local.set 218
                  local.get 208
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 219
                  local.get 209
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 220
                  local.get 210
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 221
                  local.get 211
                  i32x4.extract_lane 1
                  i32.const 1
                  i32.and
                  local.set 222
                  local.get 219
                  local.get 220
                  i32.or
                  local.set 223
                  local.get 223
                  local.get 221
                  i32.or
                  local.set 224
                  local.get 224
                  local.get 222
                  i32.or
                  local.set 225
                  local.get 208
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 226
                  local.get 209
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 227
                  local.get 210
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 228
                  local.get 211
                  i32x4.extract_lane 2
                  i32.const 1
                  i32.and
                  local.set 229
                  local.get 226
                  local.get 227
                  i32.or
                  local.set 230
                  local.get 230
                  local.get 228
                  i32.or
                  local.set 231
                  local.get 231
                  local.get 229
                  i32.or
                  local.set 232
                  local.get 208
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 233
                  local.get 209
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 234
                  local.get 210
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 235
                  local.get 211
                  i32x4.extract_lane 3
                  i32.const 1
                  i32.and
                  local.set 236
                  local.get 233
                  local.get 234
                  i32.or
                  local.set 237
                  local.get 237
                  local.get 235
                  i32.or
                  local.set 238
                  local.get 238
                  local.get 236
                  i32.or
                  local.set 239
                  local.get 218
                  i32.const -1
                  i32.mul
                  i32x4.splat
                  local.get 225
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 1
                  local.get 232
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 2
                  local.get 239
                  i32.const -1
                  i32.mul
                  i32x4.replace_lane 3
                  local.set 240
                  local.get 98
                  local.get 241
                  f32x4.gt
                  local.set 242
                  local.get 240
                  local.get 242
                  v128.or
                  local.set 243
                  local.get 206
                  local.get 123
                  local.get 243
                  v128.bitselect
                  local.set 244
                  local.get 244
                  local.set 112
                end
              end
              local.get 103
              local.get 104
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 267
              local.get 105
              local.get 106
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 268
              local.get 103
              local.get 104
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 269
              local.get 105
              local.get 106
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 270
              local.get 267
              local.get 268
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 263
              local.get 267
              local.get 268
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 264
              local.get 269
              local.get 270
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 265
              local.get 269
              local.get 270
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 266
              local.get 31
              i32.const 0
              i32.add
              local.get 263
              v128.store align=1 offset=0
              local.get 31
              i32.const 16
              i32.add
              local.get 264
              v128.store align=1 offset=0
              local.get 31
              i32.const 32
              i32.add
              local.get 265
              v128.store align=1 offset=0
              local.get 31
              i32.const 48
              i32.add
              local.get 266
              v128.store align=1 offset=0
              local.get 107
              local.get 108
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 275
              local.get 109
              local.get 110
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 276
              local.get 107
              local.get 108
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 277
              local.get 109
              local.get 110
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 278
              local.get 275
              local.get 276
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 271
              local.get 275
              local.get 276
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 272
              local.get 277
              local.get 278
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 273
              local.get 277
              local.get 278
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 274
              local.get 36
              i32.const 0
              i32.add
              local.get 271
              v128.store align=1 offset=0
              local.get 36
              i32.const 16
              i32.add
              local.get 272
              v128.store align=1 offset=0
              local.get 36
              i32.const 32
              i32.add
              local.get 273
              v128.store align=1 offset=0
              local.get 36
              i32.const 48
              i32.add
              local.get 274
              v128.store align=1 offset=0
              local.get 111
              local.get 112
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 279
              local.get 111
              local.get 112
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 280
              local.get 39
              i32.const 0
              i32.add
              local.get 279
              v128.store align=1 offset=0
              local.get 39
              i32.const 16
              i32.add
              local.get 280
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
            local.get 26
            f32.load align=4 offset=0
            local.set 22
            local.get 26
            f32.load align=4 offset=4
            local.set 23
            local.get 26
            f32.load align=4 offset=8
            local.set 24
            local.get 26
            f32.load align=4 offset=12
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
                i32.const 0
                local.set 40
                local.get 17
                local.get 22
                f32.gt
                local.set 41
                local.get 18
                local.get 23
                f32.gt
                local.set 42
                local.get 19
                local.get 24
                f32.gt
                local.set 43
                local.get 20
                local.get 25
                f32.gt
                local.set 44
                local.get 17
                local.get 22
                local.get 41
                select
                local.set 45
                local.get 18
                local.get 23
                local.get 42
                select
                local.set 46
                local.get 19
                local.get 24
                local.get 43
                select
                local.set 47
                local.get 20
                local.get 25
                local.get 44
                select
                local.set 48
                local.get 45
                local.set 27
                local.get 46
                local.set 28
                local.get 47
                local.set 29
                local.get 48
                local.set 30
                local.get 17
                f32.const 0
                f32.lt
                local.set 49
                f32.const 0
                local.set 50
                f32.const 0
                local.set 51
                f32.const 0
                local.set 52
                f32.const 0
                local.set 53
                i32.const 0
                local.set 54
                i32.const 0
                local.set 55
                i32.const 0
                local.set 56
                i32.const 0
                local.set 57
                local.get 49
                if
                  local.get 17
                  f32.neg
                  local.set 58
                  local.get 18
                  f32.neg
                  local.set 59
                  local.get 19
                  f32.neg
                  local.set 60
                  local.get 20
                  f32.neg
                  local.set 61
                  local.get 58
                  local.set 50
                  local.get 59
                  local.set 51
                  local.get 60
                  local.set 52
                  local.get 61
                  local.set 53
                else
                  local.get 17
                  f32.const 2
                  f32.mul
                  local.set 62
                  local.get 18
                  f32.const 2
                  f32.mul
                  local.set 63
                  local.get 19
                  f32.const 2
                  f32.mul
                  local.set 64
                  local.get 20
                  f32.const 2
                  f32.mul
                  local.set 65
                  local.get 62
                  local.set 50
                  local.get 63
                  local.set 51
                  local.get 64
                  local.set 52
                  local.get 65
                  local.set 53
                end
                local.get 50
                local.set 32
                local.get 51
                local.set 33
                local.get 52
                local.set 34
                local.get 53
                local.set 35
                local.get 17
                f32.const 0
                f32.gt
                local.set 66
                local.get 18
                f32.const 0
                f32.gt
                local.set 67
                local.get 19
                f32.const 0
                f32.gt
                local.set 68
                local.get 20
                f32.const 0
                f32.gt
                local.set 69
                local.get 66
                local.get 67
                i32.and
                local.set 70
                local.get 70
                local.get 68
                i32.and
                local.set 71
                local.get 71
                local.get 69
                i32.and
                local.set 72
                local.get 72
                local.tee 73
                if
                  local.get 22
                  f32.const 0
                  f32.lt
                  local.set 74
                  local.get 23
                  f32.const 0
                  f32.lt
                  local.set 75
                  local.get 24
                  f32.const 0
                  f32.lt
                  local.set 76
                  local.get 25
                  f32.const 0
                  f32.lt
                  local.set 77
                  local.get 74
                  local.get 75
                  i32.or
                  local.set 78
                  local.get 78
                  local.get 76
                  i32.or
                  local.set 79
                  local.get 79
                  local.get 77
                  i32.or
                  local.set 80
                  local.get 80
                  i32.eqz
                  local.set 81
                  local.get 81
                  local.set 73
                end
                local.get 73
                local.set 40
                f32.const 0
                local.set 82
                i32.const 0
                local.set 83
                local.get 40
                if
                  f32.const 1
                  local.set 82
                  i32.const 1
                  local.set 83
                else
                  f32.const 0
                  local.set 82
                  i32.const 0
                  local.set 83
                end
                local.get 82
                local.set 37
                local.get 17
                local.get 22
                f32.eq
                local.set 84
                local.get 18
                local.get 23
                f32.eq
                local.set 85
                local.get 19
                local.get 24
                f32.eq
                local.set 86
                local.get 20
                local.get 25
                f32.eq
                local.set 87
                local.get 84
                local.get 85
                i32.or
                local.set 88
                local.get 88
                local.get 86
                i32.or
                local.set 89
                local.get 89
                local.get 87
                i32.or
                local.set 90
                local.get 90
                local.tee 91
                i32.eqz
                if
                  local.get 20
                  f32.const 100
                  f32.gt
                  local.set 92
                  local.get 92
                  local.set 91
                end
                f32.const 0
                local.set 93
                i32.const 0
                local.set 94
                local.get 91
                if
                  f32.const 1
                  local.set 93
                  i32.const 1
                  local.set 94
                else
                  f32.const 0
                  local.set 93
                  i32.const 0
                  local.set 94
                end
                local.get 93
                local.set 38
              end
            end
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
