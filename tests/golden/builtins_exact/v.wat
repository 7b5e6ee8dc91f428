(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x8, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x5, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x37, v128 x28, f32 x4, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x5, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x5, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x5, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x1, f64 x1, f32 x1, v128 x8, f32 x4, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x5, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x5, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x5, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, f64 x2, i32 x3, f32 x1, v128 x48, i32 x2, v128 x40)
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
        i32.const 16
        i32.mul
        i32.add
        local.set 41
        f32.const 10
        f32x4.splat
        local.set 322
        f32.const 0
        f32x4.splat
        local.set 328
        f32.const 0.25
        f32x4.splat
        local.set 332
        f32.const 0.5
        f32x4.splat
        local.set 336
        f32.const 1
        f32x4.splat
        local.set 340
        f32.const 2
        f32x4.splat
        local.set 354
        f32.const 3
        f32x4.splat
        local.set 357
        f32.const 4
        f32x4.splat
        local.set 360
        i32.const 0
        local.set 366
        local.get 5
        local.set 367
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 16
            local.get 366
            i32.ge_s
            local.get 16
            i32.const 4
            i32.add
            local.get 367
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
              local.set 368
              local.get 21
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 369
              local.get 21
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 370
              local.get 21
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 371
              local.get 368
              local.get 369
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 372
              local.get 370
              local.get 371
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 373
              local.get 368
              local.get 369
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 374
              local.get 370
              local.get 371
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 375
              local.get 372
              local.get 373
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 122
              local.get 372
              local.get 373
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 123
              local.get 374
              local.get 375
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 124
              local.get 374
              local.get 375
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 125
              local.get 26
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 376
              local.get 26
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 377
              local.get 26
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 378
              local.get 26
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 379
              local.get 376
              local.get 377
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 380
              local.get 378
              local.get 379
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 381
              local.get 376
              local.get 377
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 382
              local.get 378
              local.get 379
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 383
              local.get 380
              local.get 381
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 126
              local.get 380
              local.get 381
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 127
              local.get 382
              local.get 383
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 128
              local.get 382
              local.get 383
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 129
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 130
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 131
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 132
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 133
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 134
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 135
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 136
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 137
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 138
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 139
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 140
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 141
              block
                block
                  local.get 122
                  f32x4.floor
                  local.set 142
                  local.get 122
                  local.get 142
                  f32x4.sub
                  local.set 143
                  local.get 123
                  f32x4.floor
                  local.set 144
                  local.get 123
                  local.get 144
                  f32x4.sub
                  local.set 145
                  local.get 124
                  f32x4.floor
                  local.set 146
                  local.get 124
                  local.get 146
                  f32x4.sub
                  local.set 147
                  local.get 125
                  f32x4.floor
                  local.set 148
                  local.get 125
                  local.get 148
                  f32x4.sub
                  local.set 149
                  local.get 126
                  f32x4.extract_lane 0
                  local.set 150
                  local.get 127
                  f32x4.extract_lane 0
                  local.set 151
                  local.get 128
                  f32x4.extract_lane 0
                  local.set 152
                  local.get 129
                  f32x4.extract_lane 0
                  local.set 153
                  local.get 150
                  f64.promote_f32
                  local.set 154
                  local.get 154
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 154
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 154
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 154
                    else
                      local.get 154
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 155
                  local.get 151
                  f64.promote_f32
                  local.set 156
                  local.get 156
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 156
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 156
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 156
                    else
                      local.get 156
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 157
                  local.get 152
                  f64.promote_f32
                  local.set 158
                  local.get 158
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 158
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 158
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 158
                    else
                      local.get 158
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 159
                  local.get 153
                  f64.promote_f32
                  local.set 160
                  local.get 160
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 160
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 160
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 160
                    else
                      local.get 160
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 161
                  local.get 126
                  f32x4.extract_lane 1
                  local.set 162
                  local.get 127
                  f32x4.extract_lane 1
                  local.set 163
                  local.get 128
                  f32x4.extract_lane 1
                  local.set 164
                  local.get 129
                  f32x4.extract_lane 1
                  local.set 165
                  local.get 162
                  f64.promote_f32
                  local.set 166
                  local.get 166
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 166
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 166
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 166
                    else
                      local.get 166
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 167
                  local.get 163
                  f64.promote_f32
                  local.set 168
                  local.get 168
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 168
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 168
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 168
                    else
                      local.get 168
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 169
                  local.get 164
                  f64.promote_f32
                  local.set 170
                  local.get 170
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 170
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 170
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 170
                    else
                      local.get 170
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 171
                  local.get 165
                  f64.promote_f32
                  local.set 172
                  local.get 172
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 172
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 172
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 172
                    else
                      local.get 172
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 173
                  local.get 126
                  f32x4.extract_lane 2
                  local.set 174
                  local.get 127
                  f32x4.extract_lane 2
                  local.set 175
                  local.get 128
                  f32x4.extract_lane 2
                  local.set 176
                  local.get 129
                  f32x4.extract_lane 2
                  local.set 177
                  local.get 174
                  f64.promote_f32
                  local.set 178
                  local.get 178
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 178
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 178
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 178
                    else
                      local.get 178
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 179
                  local.get 175
                  f64.promote_f32
                  local.set 180
                  local.get 180
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 180
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 180
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 180
                    else
                      local.get 180
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 181
                  local.get 176
                  f64.promote_f32
                  local.set 182
                  local.get 182
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 182
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 182
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 182
                    else
                      local.get 182
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 183
                  local.get 177
                  f64.promote_f32
                  local.set 184
                  local.get 184
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 184
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 184
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 184
                    else
                      local.get 184
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 185
                  local.get 126
                  f32x4.extract_lane 3
                  local.set 186
                  local.get 127
                  f32x4.extract_lane 3
                  local.set 187
                  local.get 128
                  f32x4.extract_lane 3
                  local.set 188
                  local.get 129
                  f32x4.extract_lane 3
                  local.set 189
                  local.get 186
                  f64.promote_f32
                  local.set 190
                  local.get 190
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 190
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 190
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 190
                    else
                      local.get 190
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 191
                  local.get 187
                  f64.promote_f32
                  local.set 192
                  local.get 192
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 192
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 192
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 192
                    else
                      local.get 192
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 193
                  local.get 188
                  f64.promote_f32
                  local.set 194
                  local.get 194
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 194
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 194
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 194
                    else
                      local.get 194
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 195
                  local.get 189
                  f64.promote_f32
                  local.set 196
                  local.get 196
                  f64.const 0
                  f64.lt
                  if (result f64)
                    local.get 196
                    f64.neg
                    f64.const 0.5
                    f64.add
                    f64.floor
                    f64.neg
                  else
                    local.get 196
                    f64.const 0
                    f64.eq
                    if (result f64)
                      local.get 196
                    else
                      local.get 196
                      f64.const 0.5
                      f64.add
                      f64.floor
                    end
                  end
                  f32.demote_f64
                  local.set 197
                  local.get 155
                  f32x4.splat
                  local.get 167
                  f32x4.replace_lane 1
                  local.get 179
                  f32x4.replace_lane 2
                  local.get 191
                  f32x4.replace_lane 3
                  local.set 198
                  local.get 157
                  f32x4.splat
                  local.get 169
                  f32x4.replace_lane 1
                  local.get 181
                  f32x4.replace_lane 2
                  local.get 193
                  f32x4.replace_lane 3
                  local.set 199
                  local.get 159
                  f32x4.splat
                  local.get 171
                  f32x4.replace_lane 1
                  local.get 183
                  f32x4.replace_lane 2
                  local.get 195
                  f32x4.replace_lane 3
                  local.set 200
                  local.get 161
                  f32x4.splat
                  local.get 173
                  f32x4.replace_lane 1
                  local.get 185
                  f32x4.replace_lane 2
                  local.get 197
                  f32x4.replace_lane 3
                  local.set 201
                  local.get 143
                  local.get 198
                  f32x4.add
                  local.set 202
                  local.get 145
                  local.get 199
                  f32x4.add
                  local.set 203
                  local.get 147
                  local.get 200
                  f32x4.add
                  local.set 204
                  local.get 149
                  local.get 201
                  f32x4.add
                  local.set 205
                  local.get 202
                  local.set 130
                  local.get 203
                  local.set 131
                  local.get 204
                  local.set 132
                  local.get 205
                  local.set 133
                  local.get 122
                  f32x4.extract_lane 0
                  local.set 206
                  local.get 123
                  f32x4.extract_lane 0
                  local.set 207
                  local.get 124
                  f32x4.extract_lane 0
                  local.set 208
                  local.get 125
                  f32x4.extract_lane 0
                  local.set 209
                  local.get 206
                  f64.promote_f32
                  local.set 210
                  local.get 150
                  f64.promote_f32
                  local.set 211
                  local.get 210
                  i32.trunc_sat_f64_s
                  local.set 212
                  local.get 211
                  i32.trunc_sat_f64_s
                  local.set 213
                  local.get 212
                  f64.convert_i32_s
                  local.get 210
                  f64.eq
                  local.get 213
                  f64.convert_i32_s
                  local.get 211
                  f64.eq
                  i32.and
                  local.get 213
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 212
                    local.get 213
                    i32.rem_s
                    local.tee 214
                    i32.eqz
                    if (result f32)
                      local.get 206
                      f32.const 0
                      f32.mul
                    else
                      local.get 214
                      f32.convert_i32_s
                    end
                  else
                    local.get 210
                    local.get 211
                    call 0
                    f32.demote_f64
                  end
                  local.set 215
                  local.get 207
                  f64.promote_f32
                  local.set 216
                  local.get 151
                  f64.promote_f32
                  local.set 217
                  local.get 216
                  i32.trunc_sat_f64_s
                  local.set 218
                  local.get 217
                  i32.trunc_sat_f64_s
                  local.set 219
                  local.get 218
                  f64.convert_i32_s
                  local.get 216
                  f64.eq
                  local.get 219
                  f64.convert_i32_s
                  local.get 217
                  f64.eq
                  i32.and
                  local.get 219
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 218
                    local.get 219
                    i32.rem_s
                    local.tee 220
                    i32.eqz
                    if (result f32)
                      local.get 207
                      f32.const 0
                      f32.mul
                    else
                      local.get 220
                      f32.convert_i32_s
                    end
                  else
                    local.get 216
                    local.get 217
                    call 0
                    f32.demote_f64
                  end
                  local.set 221
                  local.get 208
                  f64.promote_f32
                  local.set 222
                  local.get 152
                  f64.promote_f32
                  local.set 223
                  local.get 222
                  i32.trunc_sat_f64_s
                  local.set 224
                  local.get 223
                  i32.trunc_sat_f64_s
                  local.set 225
                  local.get 224
                  f64.convert_i32_s
                  local.get 222
                  f64.eq
                  local.get 225
                  f64.convert_i32_s
                  local.get 223
                  f64.eq
                  i32.and
                  local.get 225
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 224
                    local.get 225
                    i32.rem_s
                    local.tee 226
                    i32.eqz
                    if (result f32)
                      local.get 208
                      f32.const 0
                      f32.mul
                    else
                      local.get 226
                      f32.convert_i32_s
                    end
                  else
                    local.get 222
                    local.get 223
                    call 0
                    f32.demote_f64
                  end
                  local.set 227
                  local.get 209
                  f64.promote_f32
                  local.set 228
                  local.get 153
                  f64.promote_f32
                  local.set 229
                  local.get 228
                  i32.trunc_sat_f64_s
                  local.set 230
                  local.get 229
                  i32.trunc_sat_f64_s
                  local.set 231
                  local.get 230
                  f64.convert_i32_s
                  local.get 228
                  f64.eq
                  local.get 231
                  f64.convert_i32_s
                  local.get 229
                  f64.eq
                  i32.and
                  local.get 231
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 230
                    local.get 231
                    i32.rem_s
                    local.tee 232
                    i32.eqz
                    if (result f32)
                      local.get 209
                      f32.const 0
                      f32.mul
                    else
                      local.get 232
                      f32.convert_i32_s
                    end
                  else
                    local.get 228
                    local.get 229
                    call 0
                    f32.demote_f64
                  end
                  local.set 233
                  local.get 122
                  f32x4.extract_lane 1
                  local.set 234
                  local.get 123
                  f32x4.extract_lane 1
                  local.set 235
                  local.get 124
                  f32x4.extract_lane 1
                  local.set 236
                  local.get 125
                  f32x4.extract_lane 1
                  local.set 237
                  local.get 234
                  f64.promote_f32
                  local.set 238
                  local.get 162
                  f64.promote_f32
                  local.set 239
                  local.get 238
                  i32.trunc_sat_f64_s
                  local.set 240
                  local.get 239
                  i32.trunc_sat_f64_s
                  local.set 241
                  local.get 240
                  f64.convert_i32_s
                  local.get 238
                  f64.eq
                  local.get 241
                  f64.convert_i32_s
                  local.get 239
                  f64.eq
                  i32.and
                  local.get 241
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 240
                    local.get 241
                    i32.rem_s
                    local.tee 242
                    i32.eqz
                    if (result f32)
                      local.get 234
                      f32.const 0
                      f32.mul
                    else
                      local.get 242
                      f32.convert_i32_s
                    end
                  else
                    local.get 238
                    local.get 239
                    call 0
                    f32.demote_f64
                  end
                  local.set 243
                  local.get 235
                  f64.promote_f32
                  local.set 244
                  local.get 163
                  f64.promote_f32
                  local.set 245
                  local.get 244
                  i32.trunc_sat_f64_s
                  local.set 246
                  local.get 245
                  i32.trunc_sat_f64_s
                  local.set 247
                  local.get 246
                  f64.convert_i32_s
                  local.get 244
                  f64.eq
                  local.get 247
                  f64.convert_i32_s
                  local.get 245
                  f64.eq
                  i32.and
                  local.get 247
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 246
                    local.get 247
                    i32.rem_s
                    local.tee 248
                    i32.eqz
                    if (result f32)
                      local.get 235
                      f32.const 0
                      f32.mul
                    else
                      local.get 248
                      f32.convert_i32_s
                    end
                  else
                    local.get 244
                    local.get 245
                    call 0
                    f32.demote_f64
                  end
                  local.set 249
                  local.get 236
                  f64.promote_f32
                  local.set 250
                  local.get 164
                  f64.promote_f32
                  local.set 251
                  local.get 250
                  i32.trunc_sat_f64_s
                  local.set 252
                  local.get 251
                  i32.trunc_sat_f64_s
                  local.set 253
                  local.get 252
                  f64.convert_i32_s
                  local.get 250
                  f64.eq
                  local.get 253
                  f64.convert_i32_s
                  local.get 251
                  f64.eq
                  i32.and
                  local.get 253
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 252
                    local.get 253
                    i32.rem_s
                    local.tee 254
                    i32.eqz
                    if (result f32)
                      local.get 236
                      f32.const 0
                      f32.mul
                    else
                      local.get 254
                      f32.convert_i32_s
                    end
                  else
                    local.get 250
                    local.get 251
                    call 0
                    f32.demote_f64
                  end
                  local.set 255
                  local.get 237
                  f64.promote_f32
                  local.set 256
                  local.get 165
                  f64.promote_f32
                  local.set 257
                  local.get 256
                  i32.trunc_sat_f64_s
                  local.set 258
                  local.get 257
                  i32.trunc_sat_f64_s
                  local.set 259
                  local.get 258
                  f64.convert_i32_s
                  local.get 256
                  f64.eq
                  local.get 259
                  f64.convert_i32_s
                  local.get 257
                  f64.eq
                  i32.and
                  local.get 259
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 258
                    local.get 259
                    i32.rem_s
                    local.tee 260
                    i32.eqz
                    if (result f32)
                      local.get 237
                      f32.const 0
                      f32.mul
                    else
                      local.get 260
                      f32.convert_i32_s
                    end
                  else
                    local.get 256
                    local.get 257
                    call 0
                    f32.demote_f64
                  end
                  local.set 261
                  local.get 122
                  f32x4.extract_lane 2
                  local.set 262
                  local.get 123
                  f32x4.extract_lane 2
                  local.set 263
                  local.get 124
                  f32x4.extract_lane 2
                  local.set 264
                  local.get 125
                  f32x4.extract_lane 2
                  local.set 265
                  local.get 262
                  f64.promote_f32
                  local.set 266
                  local.get 174
                  f64.promote_f32
                  local.set 267
                  local.get 266
                  i32.trunc_sat_f64_s
                  local.set 268
                  local.get 267
                  i32.trunc_sat_f64_s
                  local.set 269
                  local.get 268
                  f64.convert_i32_s
                  local.get 266
                  f64.eq
                  local.get 269
                  f64.convert_i32_s
                  local.get 267
                  f64.eq
                  i32.and
                  local.get 269
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 268
                    local.get 269
                    i32.rem_s
                    local.tee 270
                    i32.eqz
                    if (result f32)
                      local.get 262
                      f32.const 0
                      f32.mul
                    else
                      local.get 270
                      f32.convert_i32_s
                    end
                  else
                    local.get 266
                    local.get 267
                    call 0
                    f32.demote_f64
                  end
                  local.set 271
                  local.get 263
                  f64.promote_f32
                  local.set 272
                  local.get 175
                  f64.promote_f32
                  local.set 273
                  local.get 272
                  i32.trunc_sat_f64_s
                  local.set 274
                  local.get 273
                  i32.trunc_sat_f64_s
                  local.set 275
                  local.get 274
                  f64.convert_i32_s
                  local.get 272
                  f64.eq
                  local.get 275
                  f64.convert_i32_s
                  local.get 273
                  f64.eq
                  i32.and
                  local.get 275
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 274
                    local.get 275
                    i32.rem_s
                    local.tee 276
                    i32.eqz
                    if (result f32)
                      local.get 263
                      f32.const 0
                      f32.mul
                    else
                      local.get 276
                      f32.convert_i32_s
                    end
                  else
                    local.get 272
                    local.get 273
                    call 0
                    f32.demote_f64
                  end
                  local.set 277
                  local.get 264
                  f64.promote_f32
                  local.set 278
                  local.get 176
                  f64.promote_f32
                  local.set 279
                  local.get 278
                  i32.trunc_sat_f64_s
                  local.set 280
                  local.get 279
                  i32.trunc_sat_f64_s
                  local.set 281
                  local.get 280
                  f64.convert_i32_s
                  local.get 278
                  f64.eq
                  local.get 281
                  f64.convert_i32_s
                  local.get 279
                  f64.eq
                  i32.and
                  local.get 281
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 280
                    local.get 281
                    i32.rem_s
                    local.tee 282
                    i32.eqz
                    if (result f32)
                      local.get 264
                      f32.const 0
                      f32.mul
                    else
                      local.get 282
                      f32.convert_i32_s
                    end
                  else
                    local.get 278
                    local.get 279
                    call 0
                    f32.demote_f64
                  end
                  local.set 283
                  local.get 265
                  f64.promote_f32
                  local.set 284
                  local.get 177
                  f64.promote_f32
                  local.set 285
                  local.get 284
                  i32.trunc_sat_f64_s
                  local.set 286
                  local.get 285
                  i32.trunc_sat_f64_s
                  local.set 287
                  local.get 286
                  f64.convert_i32_s
                  local.get 284
                  f64.eq
                  local.get 287
                  f64.convert_i32_s
                  local.get 285
                  f64.eq
                  i32.and
                  local.get 287
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 286
                    local.get 287
                    i32.rem_s
                    local.tee 288
                    i32.eqz
                    if (result f32)
                      local.get 265
                      f32.const 0
                      f32.mul
                    else
                      local.get 288
                      f32.convert_i32_s
                    end
                  else
                    local.get 284
                    local.get 285
                    call 0
                    f32.demote_f64
                  end
                  local.set 289
                  local.get 122
                  f32x4.extract_lane 3
                  local.set 290
                  local.get 123
                  f32x4.extract_lane 3
                  local.set 291
                  local.get 124
                  f32x4.extract_lane 3
                  local.set 292
                  local.get 125
                  f32x4.extract_lane 3
                  local.set 293
                  local.get 290
                  f64.promote_f32
                  local.set 294
                  local.get 186
                  f64.promote_f32
                  local.set 295
                  local.get 294
                  i32.trunc_sat_f64_s
                  local.set 296
                  local.get 295
                  i32.trunc_sat_f64_s
                  local.set 297
                  local.get 296
                  f64.convert_i32_s
                  local.get 294
                  f64.eq
                  local.get 297
                  f64.convert_i32_s
                  local.get 295
                  f64.eq
                  i32.and
                  local.get 297
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 296
                    local.get 297
                    i32.rem_s
                    local.tee 298
                    i32.eqz
                    if (result f32)
                      local.get 290
                      f32.const 0
                      f32.mul
                    else
                      local.get 298
                      f32.convert_i32_s
                    end
                  else
                    local.get 294
                    local.get 295
                    call 0
                    f32.demote_f64
                  end
                  local.set 299
                  local.get 291
                  f64.promote_f32
                  local.set 300
                  local.get 187
                  f64.promote_f32
                  local.set 301
                  local.get 300
                  i32.trunc_sat_f64_s
                  local.set 302
                  local.get 301
                  i32.trunc_sat_f64_s
                  local.set 303
                  local.get 302
                  f64.convert_i32_s
                  local.get 300
                  f64.eq
                  local.get 303
                  f64.convert_i32_s
                  local.get 301
                  f64.eq
                  i32.and
                  local.get 303
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 302
                    local.get 303
                    i32.rem_s
                    local.tee 304
                    i32.eqz
                    if (result f32)
                      local.get 291
                      f32.const 0
                      f32.mul
                    else
                      local.get 304
                      f32.convert_i32_s
                    end
                  else
                    local.get 300
                    local.get 301
                    call 0
                    f32.demote_f64
                  end
                  local.set 305
                  local.get 292
                  f64.promote_f32
                  local.set 306
                  local.get 188
                  f64.promote_f32
                  local.set 307
                  local.get 306
                  i32.trunc_sat_f64_s
                  local.set 308
                  local.get 307
                  i32.trunc_sat_f64_s
                  local.set 309
                  local.get 308
                  f64.convert_i32_s
                  local.get 306
                  f64.eq
                  local.get 309
                  f64.convert_i32_s
                  local.get 307
                  f64.eq
                  i32.and
                  local.get 309
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 308
                    local.get 309
                    i32.rem_s
                    local.tee 310
                    i32.eqz
                    if (result f32)
                      local.get 292
                      f32.const 0
                      f32.mul
                    else
                      local.get 310
                      f32.convert_i32_s
                    end
                  else
                    local.get 306
                    local.get 307
                    call 0
                    f32.demote_f64
                  end
                  local.set 311
                  local.get 293
                  f64.promote_f32
                  local.set 312
                  local.get 189
                  f64.promote_f32
                  local.set 313
                  local.get 312
                  i32.trunc_sat_f64_s
                  local.set 314
                  local.get 313
                  i32.trunc_sat_f64_s
                  local.set 315
                  local.get 314
                  f64.convert_i32_s
                  local.get 312
                  f64.eq
                  local.get 315
                  f64.convert_i32_s
                  local.get 313
                  f64.eq
                  i32.and
                  local.get 315
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 314
                    local.get 315
                    i32.rem_s
                    local.tee 316
                    i32.eqz
                    if (result f32)
                      local.get 293
                      f32.const 0
                      f32.mul
                    else
                      local.get 316
                      f32.convert_i32_s
                    end
                  else
                    local.get 312
                    local.get 313
                    call 0
                    f32.demote_f64
                  end
                  local.set 317
                  local.get 215
                  f32x4.splat
                  local.get 243
                  f32x4.replace_lane 1
                  local.get 271
                  f32x4.replace_lane 2
                  local.get 299
                  f32x4.replace_lane 3
                  local.set 318
                  local.get 221
                  f32x4.splat
                  local.get 249
                  f32x4.replace_lane 1
                  local.get 277
                  f32x4.replace_lane 2
                  local.get 305
                  f32x4.replace_lane 3
                  local.set 319
                  local.get 227
                  f32x4.splat
                  local.get 255
                  f32x4.replace_lane 1
                  local.get 283
                  f32x4.replace_lane 2
                  local.get 311
                  f32x4.replace_lane 3
                  local.set 320
                  local.get 233
                  f32x4.splat
                  local.get 261
                  f32x4.replace_lane 1
                  local.get 289
                  f32x4.replace_lane 2
                  local.get 317
                  f32x4.replace_lane 3
                  local.set 321
                  local.get 318
                  local.get 322
                  f32x4.mul
                  local.set 323
                  local.get 319
                  local.get 322
                  f32x4.mul
                  local.set 324
                  local.get 320
                  local.get 322
                  f32x4.mul
                  local.set 325
                  local.get 321
                  local.get 322
                  f32x4.mul
                  local.set 326
                  local.get 323
                  local.set 134
                  local.get 324
                  local.set 135
                  local.get 325
                  local.set 136
                  local.get 326
                  local.set 137
                  local.get 126
                  local.get 122
                  f32x4.sub
                  local.set 327
                  local.get 328
                  local.get 327
                  f32x4.mul
                  local.set 329
                  local.get 122
                  local.get 329
                  f32x4.add
                  local.set 330
                  local.get 127
                  local.get 123
                  f32x4.sub
                  local.set 331
                  local.get 332
                  local.get 331
                  f32x4.mul
                  local.set 333
                  local.get 123
                  local.get 333
                  f32x4.add
                  local.set 334
                  local.get 128
                  local.get 124
                  f32x4.sub
                  local.set 335
                  local.get 336
                  local.get 335
                  f32x4.mul
                  local.set 337
                  local.get 124
                  local.get 337
                  f32x4.add
                  local.set 338
                  local.get 129
                  local.get 125
                  f32x4.sub
                  local.set 339
                  local.get 340
                  local.get 339
                  f32x4.mul
                  local.set 341
                  local.get 125
                  local.get 341
                  f32x4.add
                  local.set 342
                  local.get 122
                  local.get 126
                  f32x4.min
                  local.set 343
                  local.get 123
                  local.get 127
                  f32x4.min
                  local.set 344
                  local.get 124
                  local.get 128
                  f32x4.min
                  local.set 345
                  local.get 125
                  local.get 129
                  f32x4.min
                  local.set 346
                  local.get 330
                  local.get 343
                  f32x4.add
                  local.set 347
                  local.get 334
                  local.get 344
                  f32x4.add
                  local.set 348
                  local.get 338
                  local.get 345
                  f32x4.add
                  local.set 349
                  local.get 342
                  local.get 346
                  f32x4.add
                  local.set 350
                  local.get 126
                  local.get 328
                  f32x4.max
                  local.set 351
                  local.get 351
                  local.get 340
                  f32x4.min
                  local.set 352
                  local.get 127
                  local.get 328
                  f32x4.max
                  local.set 353
                  local.get 353
                  local.get 354
                  f32x4.min
                  local.set 355
                  local.get 128
                  local.get 328
                  f32x4.max
                  local.set 356
                  local.get 356
                  local.get 357
                  f32x4.min
                  local.set 358
                  local.get 129
                  local.get 328
                  f32x4.max
                  local.set 359
                  local.get 359
                  local.get 360
                  f32x4.min
                  local.set 361
                  local.get 347
                  local.get 352
                  f32x4.add
                  local.set 362
                  local.get 348
                  local.get 355
                  f32x4.add
                  local.set 363
                  local.get 349
                  local.get 358
                  f32x4.add
                  local.set 364
                  local.get 350
                  local.get 361
                  f32x4.add
                  local.set 365
                  local.get 362
                  local.set 138
                  local.get 363
                  local.set 139
                  local.get 364
                  local.set 140
                  local.get 365
                  local.set 141
                end
              end
              local.get 130
              local.get 131
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 388
              local.get 132
              local.get 133
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 389
              local.get 130
              local.get 131
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 390
              local.get 132
              local.get 133
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 391
              local.get 388
              local.get 389
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 384
              local.get 388
              local.get 389
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 385
              local.get 390
              local.get 391
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 386
              local.get 390
              local.get 391
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 387
              local.get 31
              i32.const 0
              i32.add
              local.get 384
              v128.store align=1 offset=0
              local.get 31
              i32.const 16
              i32.add
              local.get 385
              v128.store align=1 offset=0
              local.get 31
              i32.const 32
              i32.add
              local.get 386
              v128.store align=1 offset=0
              local.get 31
              i32.const 48
              i32.add
              local.get 387
              v128.store align=1 offset=0
              local.get 134
              local.get 135
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 396
              local.get 136
              local.get 137
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 397
              local.get 134
              local.get 135
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 398
              local.get 136
              local.get 137
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 399
              local.get 396
              local.get 397
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 392
              local.get 396
              local.get 397
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 393
              local.get 398
              local.get 399
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 394
              local.get 398
              local.get 399
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 395
              local.get 36
              i32.const 0
              i32.add
              local.get 392
              v128.store align=1 offset=0
              local.get 36
              i32.const 16
              i32.add
              local.get 393
              v128.store align=1 offset=0
              local.get 36
              i32.const 32
              i32.add
              local.get 394
              v128.store align=1 offset=0
              local.get 36
              i32.const 48
              i32.add
              local.get 395
              v128.store align=1 offset=0
              local.get 138
              local.get 139
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 404
              local.get 140
              local.get 141
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 405
              local.get 138
              local.get 139
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 406
              local.get 140
              local.get 141
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 407
              local.get 404
              local.get 405
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 400
              local.get 404
              local.get 405
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 401
              local.get 406
              local.get 407
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 402
              local.get 406
              local.get 407
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 403
              local.get 41
              i32.const 0
              i32.add
              local.get 400
              v128.store align=1 offset=0
              local.get 41
              i32.const 16
              i32.add
              local.get 401
              v128.store align=1 offset=0
              local.get 41
              i32.const 32
              i32.add
              local.get 402
              v128.store align=1 offset=0
              local.get 41
              i32.const 48
              i32.add
              local.get 403
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
              local.get 41
              i32.const 64
              i32.add
              local.set 41
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
            f32.const 0
            local.set 39
            f32.const 0
            local.set 40
            block
              block
                local.get 17
                f32.floor
                local.set 42
                local.get 17
                local.get 42
                f32.sub
                local.set 43
                local.get 18
                f32.floor
                local.set 44
                local.get 18
                local.get 44
                f32.sub
                local.set 45
                local.get 19
                f32.floor
                local.set 46
                local.get 19
                local.get 46
                f32.sub
                local.set 47
                local.get 20
                f32.floor
                local.set 48
                local.get 20
                local.get 48
                f32.sub
                local.set 49
                local.get 22
                f64.promote_f32
                local.set 50
                local.get 50
                f64.const 0
                f64.lt
                if (result f64)
                  local.get 50
                  f64.neg
                  f64.const 0.5
                  f64.add
                  f64.floor
                  f64.neg
                else
                  local.get 50
                  f64.const 0
                  f64.eq
                  if (result f64)
                    local.get 50
                  else
                    local.get 50
                    f64.const 0.5
                    f64.add
                    f64.floor
                  end
                end
                f32.demote_f64
                local.set 51
                local.get 23
                f64.promote_f32
                local.set 52
                local.get 52
                f64.const 0
                f64.lt
                if (result f64)
                  local.get 52
                  f64.neg
                  f64.const 0.5
                  f64.add
                  f64.floor
                  f64.neg
                else
                  local.get 52
                  f64.const 0
                  f64.eq
                  if (result f64)
                    local.get 52
                  else
                    local.get 52
                    f64.const 0.5
                    f64.add
                    f64.floor
                  end
                end
                f32.demote_f64
                local.set 53
                local.get 24
                f64.promote_f32
                local.set 54
                local.get 54
                f64.const 0
                f64.lt
                if (result f64)
                  local.get 54
                  f64.neg
                  f64.const 0.5
                  f64.add
                  f64.floor
                  f64.neg
                else
                  local.get 54
                  f64.const 0
                  f64.eq
                  if (result f64)
                    local.get 54
                  else
                    local.get 54
                    f64.const 0.5
                    f64.add
                    f64.floor
                  end
                end
                f32.demote_f64
                local.set 55
                local.get 25
                f64.promote_f32
                local.set 56
                local.get 56
                f64.const 0
                f64.lt
                if (result f64)
                  local.get 56
                  f64.neg
                  f64.const 0.5
                  f64.add
                  f64.floor
                  f64.neg
                else
                  local.get 56
                  f64.const 0
                  f64.eq
                  if (result f64)
                    local.get 56
                  else
                    local.get 56
                    f64.const 0.5
                    f64.add
                    f64.floor
                  end
                end
                f32.demote_f64
                local.set 57
                local.get 43
                local.get 51
                f32.add
                local.set 58
                local.get 45
                local.get 53
                f32.add
                local.set 59
                local.get 47
                local.get 55
                f32.add
                local.set 60
                local.get 49
                local.get 57
                f32.add
                local.set 61
                local.get 58
                local.set 27
                local.get 59
                local.set 28
                local.get 60
                local.set 29
                local.get 61
                local.set 30
                local.get 17
                f64.promote_f32
                local.set 62
                local.get 22
                f64.promote_f32
                local.set 63
                local.get 62
                i32.trunc_sat_f64_s
                local.set 64
                local.get 63
                i32.trunc_sat_f64_s
                local.set 65
                local.get 64
                f64.convert_i32_s
                local.get 62
                f64.eq
                local.get 65
                f64.convert_i32_s
                local.get 63
                f64.eq
                i32.and
                local.get 65
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 64
                  local.get 65
                  i32.rem_s
                  local.tee 66
                  i32.eqz
                  if (result f32)
                    local.get 17
                    f32.const 0
                    f32.mul
                  else
                    local.get 66
                    f32.convert_i32_s
                  end
                else
                  local.get 62
                  local.get 63
                  call 0
                  f32.demote_f64
                end
                local.set 67
                local.get 18
                f64.promote_f32
                local.set 68
                local.get 23
                f64.promote_f32
                local.set 69
                local.get 68
                i32.trunc_sat_f64_s
                local.set 70
                local.get 69
                i32.trunc_sat_f64_s
                local.set 71
                local.get 70
                f64.convert_i32_s
                local.get 68
                f64.eq
                local.get 71
                f64.convert_i32_s
                local.get 69
                f64.eq
                i32.and
                local.get 71
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 70
                  local.get 71
                  i32.rem_s
                  local.tee 72
                  i32.eqz
                  if (result f32)
                    local.get 18
                    f32.const 0
                    f32.mul
                  else
                    local.get 72
                    f32.convert_i32_s
                  end
                else
                  local.get 68
                  local.get 69
                  call 0
                  f32.demote_f64
                end
                local.set 73
                local.get 19
                f64.promote_f32
                local.set 74
                local.get 24
                f64.promote_f32
                local.set 75
                local.get 74
                i32.trunc_sat_f64_s
                local.set 76
                local.get 75
                i32.trunc_sat_f64_s
                local.set 77
                local.get 76
                f64.convert_i32_s
                local.get 74
                f64.eq
                local.get 77
                f64.convert_i32_s
                local.get 75
                f64.eq
                i32.and
                local.get 77
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 76
                  local.get 77
                  i32.rem_s
                  local.tee 78
                  i32.eqz
                  if (result f32)
                    local.get 19
                    f32.const 0
                    f32.mul
                  else
                    local.get 78
                    f32.convert_i32_s
                  end
                else
                  local.get 74
                  local.get 75
                  call 0
                  f32.demote_f64
                end
                local.set 79
                local.get 20
                f64.promote_f32
                local.set 80
                local.get 25
                f64.promote_f32
                local.set 81
                local.get 80
                i32.trunc_sat_f64_s
                local.set 82
                local.get 81
                i32.trunc_sat_f64_s
                local.set 83
                local.get 82
                f64.convert_i32_s
                local.get 80
                f64.eq
                local.get 83
                f64.convert_i32_s
                local.get 81
                f64.eq
                i32.and
                local.get 83
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 82
                  local.get 83
                  i32.rem_s
                  local.tee 84
                  i32.eqz
                  if (result f32)
                    local.get 20
                    f32.const 0
                    f32.mul
                  else
                    local.get 84
                    f32.convert_i32_s
                  end
                else
                  local.get 80
                  local.get 81
                  call 0
                  f32.demote_f64
                end
                local.set 85
                local.get 67
                f32.const 10
                f32.mul
                local.set 86
                local.get 73
                f32.const 10
                f32.mul
                local.set 87
                local.get 79
                f32.const 10
                f32.mul
                local.set 88
                local.get 85
                f32.const 10
                f32.mul
                local.set 89
                local.get 86
                local.set 32
                local.get 87
                local.set 33
                local.get 88
                local.set 34
                local.get 89
                local.set 35
                local.get 22
                local.get 17
                f32.sub
                local.set 90
                f32.const 0
                local.get 90
                f32.mul
                local.set 91
                local.get 17
                local.get 91
                f32.add
                local.set 92
                local.get 23
                local.get 18
                f32.sub
                local.set 93
                f32.const 0.25
                local.get 93
                f32.mul
                local.set 94
                local.get 18
                local.get 94
                f32.add
                local.set 95
                local.get 24
                local.get 19
                f32.sub
                local.set 96
                f32.const 0.5
                local.get 96
                f32.mul
                local.set 97
                local.get 19
                local.get 97
                f32.add
                local.set 98
                local.get 25
                local.get 20
                f32.sub
                local.set 99
                f32.const 1
                local.get 99
                f32.mul
                local.set 100
                local.get 20
                local.get 100
                f32.add
                local.set 101
                local.get 17
                local.get 22
                f32.min
                local.set 102
                local.get 18
                local.get 23
                f32.min
                local.set 103
                local.get 19
                local.get 24
                f32.min
                local.set 104
                local.get 20
                local.get 25
                f32.min
                local.set 105
                local.get 92
                local.get 102
                f32.add
                local.set 106
                local.get 95
                local.get 103
                f32.add
                local.set 107
                local.get 98
                local.get 104
                f32.add
                local.set 108
                local.get 101
                local.get 105
                f32.add
                local.set 109
                local.get 22
                f32.const 0
                f32.max
                local.set 110
                local.get 110
                f32.const 1
                f32.min
                local.set 111
                local.get 23
                f32.const 0
                f32.max
                local.set 112
                local.get 112
                f32.const 2
                f32.min
                local.set 113
                local.get 24
                f32.const 0
                f32.max
                local.set 114
                local.get 114
                f32.const 3
                f32.min
                local.set 115
                local.get 25
                f32.const 0
                f32.max
                local.set 116
                local.get 116
                f32.const 4
                f32.min
                local.set 117
                local.get 106
                local.get 111
                f32.add
                local.set 118
                local.get 107
                local.get 113
                f32.add
                local.set 119
                local.get 108
                local.get 115
                f32.add
                local.set 120
                local.get 109
                local.get 117
                f32.add
                local.set 121
                local.get 118
                local.set 37
                local.get 119
                local.set 38
                local.get 120
                local.set 39
                local.get 121
                local.set 40
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
            local.get 41
            local.get 37
            f32.store align=4 offset=0
            local.get 41
            local.get 38
            f32.store align=4 offset=4
            local.get 41
            local.get 39
            f32.store align=4 offset=8
            local.get 41
            local.get 40
            f32.store align=4 offset=12
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
            local.get 41
            i32.const 16
            i32.add
            local.set 41
            br 0
          end
        end
        br 0
      end
    end
  )
)
;; imports: fmod; vector body: true
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 16, L.args[1].F.byteOffset + L.args[1].base * 16, L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 16, L.args[4].F.byteOffset + L.args[4].base * 16);
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
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 16;
;; };
;; run.valueCount = 9;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8]);
;; };
;; return run;
