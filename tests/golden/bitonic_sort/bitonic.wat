(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 f32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 f32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x2, f32 x5, f64 x2, i32 x3, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, f64 x2, i32 x3, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, i32 x1, f32 x1, i32 x4, f32 x2, i32 x4, f32 x1, i32 x1, f32 x1, i32 x5, f32 x2, i32 x4, f32 x1, i32 x4, f32 x2, i32 x4, f32 x1, i32 x1, f32 x1, i32 x5, f32 x2, i32 x4, f32 x1, i32 x1, f32 x1, i32 x1, v128 x9, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x9, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x51, i32 x6, v128 x1, i32 x1)
    local.get 0
    local.set 28
    local.get 0
    local.get 5
    i32.rem_u
    local.set 33
    local.get 0
    local.get 5
    i32.div_u
    local.set 38
    local.get 38
    local.get 4
    i32.rem_u
    local.set 32
    local.get 38
    local.get 4
    i32.div_u
    local.set 38
    local.get 38
    local.get 3
    i32.rem_u
    local.set 31
    local.get 38
    local.get 3
    i32.div_u
    local.set 30
    block
      loop
        local.get 28
        local.get 1
        i32.ge_s
        br_if 1
        local.get 28
        local.get 5
        i32.add
        local.get 33
        i32.sub
        local.set 29
        local.get 29
        local.get 1
        local.get 29
        local.get 1
        i32.lt_s
        select
        local.set 29
        local.get 24
        local.get 28
        i32.const 4
        i32.mul
        i32.add
        local.set 35
        local.get 27
        f64.promote_f32
        local.set 45
        local.get 45
        i32.trunc_sat_f64_s
        local.set 47
        f32.const 2
        f64.promote_f32
        local.set 56
        local.get 56
        i32.trunc_sat_f64_s
        local.set 58
        local.get 11
        local.get 19
        i32.const 4
        i32.mul
        i32.add
        local.set 66
        f32.const 0
        f32x4.splat
        local.set 125
        local.get 26
        f32x4.splat
        local.set 151
        f32.const 1
        f32x4.splat
        local.set 153
        f32.const -1
        f32x4.splat
        local.set 154
        local.get 25
        f32x4.splat
        local.set 156
        i32.const 0
        local.set 230
        local.get 5
        local.set 231
        block
          loop
            local.get 28
            local.get 29
            i32.ge_s
            br_if 1
            local.get 33
            local.get 230
            i32.ge_s
            local.get 33
            i32.const 4
            i32.add
            local.get 231
            i32.le_s
            i32.and
            local.get 28
            i32.const 4
            i32.add
            local.get 29
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 123
              local.get 33
              i32.const 0
              i32.add
              local.get 9
              i32.add
              local.set 232
              local.get 7
              f64.promote_f32
              local.get 232
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 36
              local.get 36
              f32x4.splat
              local.set 122
              local.get 33
              i32.const 1
              i32.add
              local.get 9
              i32.add
              local.set 233
              local.get 7
              f64.promote_f32
              local.get 233
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 36
              local.get 122
              local.get 36
              f32x4.replace_lane 1
              local.set 122
              local.get 33
              i32.const 2
              i32.add
              local.get 9
              i32.add
              local.set 234
              local.get 7
              f64.promote_f32
              local.get 234
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 36
              local.get 122
              local.get 36
              f32x4.replace_lane 2
              local.set 122
              local.get 33
              i32.const 3
              i32.add
              local.get 9
              i32.add
              local.set 235
              local.get 7
              f64.promote_f32
              local.get 235
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 36
              local.get 122
              local.get 36
              f32x4.replace_lane 3
              local.set 122
              block
                block
                  local.get 125
                  local.set 124
                  local.get 125
                  local.set 126
                  local.get 125
                  local.set 127
                  local.get 125
                  local.set 128
                  local.get 125
                  local.set 129
                  local.get 122
                  f32x4.extract_lane 0
                  local.set 130
                  local.get 130
                  f64.promote_f32
                  local.set 131
                  local.get 131
                  i32.trunc_sat_f64_s
                  local.set 132
                  local.get 132
                  f64.convert_i32_s
                  local.get 131
                  f64.eq
                  local.get 47
                  f64.convert_i32_s
                  local.get 45
                  f64.eq
                  i32.and
                  local.get 47
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 132
                    local.get 47
                    i32.rem_s
                    local.tee 133
                    i32.eqz
                    if (result f32)
                      local.get 130
                      f32.const 0
                      f32.mul
                    else
                      local.get 133
                      f32.convert_i32_s
                    end
                  else
                    local.get 131
                    local.get 45
                    call 0
                    f32.demote_f64
                  end
                  local.set 134
                  local.get 122
                  f32x4.extract_lane 1
                  local.set 135
                  local.get 135
                  f64.promote_f32
                  local.set 136
                  local.get 136
                  i32.trunc_sat_f64_s
                  local.set 137
                  local.get 137
                  f64.convert_i32_s
                  local.get 136
                  f64.eq
                  local.get 47
                  f64.convert_i32_s
                  local.get 45
                  f64.eq
                  i32.and
                  local.get 47
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 137
                    local.get 47
                    i32.rem_s
                    local.tee 138
                    i32.eqz
                    if (result f32)
                      local.get 135
                      f32.const 0
                      f32.mul
                    else
                      local.get 138
                      f32.convert_i32_s
                    end
                  else
                    local.get 136
                    local.get 45
                    call 0
                    f32.demote_f64
                  end
                  local.set 139
                  local.get 122
                  f32x4.extract_lane 2
                  local.set 140
                  local.get 140
                  f64.promote_f32
                  local.set 141
                  local.get 141
                  i32.trunc_sat_f64_s
                  local.set 142
                  local.get 142
                  f64.convert_i32_s
                  local.get 141
                  f64.eq
                  local.get 47
                  f64.convert_i32_s
                  local.get 45
                  f64.eq
                  i32.and
                  local.get 47
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 142
                    local.get 47
                    i32.rem_s
                    local.tee 143
                    i32.eqz
                    if (result f32)
                      local.get 140
                      f32.const 0
                      f32.mul
                    else
                      local.get 143
                      f32.convert_i32_s
                    end
                  else
                    local.get 141
                    local.get 45
                    call 0
                    f32.demote_f64
                  end
                  local.set 144
                  local.get 122
                  f32x4.extract_lane 3
                  local.set 145
                  local.get 145
                  f64.promote_f32
                  local.set 146
                  local.get 146
                  i32.trunc_sat_f64_s
                  local.set 147
                  local.get 147
                  f64.convert_i32_s
                  local.get 146
                  f64.eq
                  local.get 47
                  f64.convert_i32_s
                  local.get 45
                  f64.eq
                  i32.and
                  local.get 47
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 147
                    local.get 47
                    i32.rem_s
                    local.tee 148
                    i32.eqz
                    if (result f32)
                      local.get 145
                      f32.const 0
                      f32.mul
                    else
                      local.get 148
                      f32.convert_i32_s
                    end
                  else
                    local.get 146
                    local.get 45
                    call 0
                    f32.demote_f64
                  end
                  local.set 149
                  local.get 134
                  f32x4.splat
                  local.get 139
                  f32x4.replace_lane 1
                  local.get 144
                  f32x4.replace_lane 2
                  local.get 149
                  f32x4.replace_lane 3
                  local.set 150
                  local.get 150
                  local.get 151
                  f32x4.lt
                  local.set 152
                  local.get 153
                  local.get 154
                  local.get 152
                  v128.bitselect
                  local.set 155
                  local.get 155
                  local.set 126
                  local.get 122
                  local.get 156
                  f32x4.div
                  local.set 157
                  local.get 157
                  f32x4.floor
                  local.set 158
                  local.get 158
                  f32x4.extract_lane 0
                  local.set 159
                  local.get 159
                  f64.promote_f32
                  local.set 160
                  local.get 160
                  i32.trunc_sat_f64_s
                  local.set 161
                  local.get 161
                  f64.convert_i32_s
                  local.get 160
                  f64.eq
                  local.get 58
                  f64.convert_i32_s
                  local.get 56
                  f64.eq
                  i32.and
                  local.get 58
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 161
                    local.get 58
                    i32.rem_s
                    local.tee 162
                    i32.eqz
                    if (result f32)
                      local.get 159
                      f32.const 0
                      f32.mul
                    else
                      local.get 162
                      f32.convert_i32_s
                    end
                  else
                    local.get 160
                    local.get 56
                    call 0
                    f32.demote_f64
                  end
                  local.set 163
                  local.get 158
                  f32x4.extract_lane 1
                  local.set 164
                  local.get 164
                  f64.promote_f32
                  local.set 165
                  local.get 165
                  i32.trunc_sat_f64_s
                  local.set 166
                  local.get 166
                  f64.convert_i32_s
                  local.get 165
                  f64.eq
                  local.get 58
                  f64.convert_i32_s
                  local.get 56
                  f64.eq
                  i32.and
                  local.get 58
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 166
                    local.get 58
                    i32.rem_s
                    local.tee 167
                    i32.eqz
                    if (result f32)
                      local.get 164
                      f32.const 0
                      f32.mul
                    else
                      local.get 167
                      f32.convert_i32_s
                    end
                  else
                    local.get 165
                    local.get 56
                    call 0
                    f32.demote_f64
                  end
                  local.set 168
                  local.get 158
                  f32x4.extract_lane 2
                  local.set 169
                  local.get 169
                  f64.promote_f32
                  local.set 170
                  local.get 170
                  i32.trunc_sat_f64_s
                  local.set 171
                  local.get 171
                  f64.convert_i32_s
                  local.get 170
                  f64.eq
                  local.get 58
                  f64.convert_i32_s
                  local.get 56
                  f64.eq
                  i32.and
                  local.get 58
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 171
                    local.get 58
                    i32.rem_s
                    local.tee 172
                    i32.eqz
                    if (result f32)
                      local.get 169
                      f32.const 0
                      f32.mul
                    else
                      local.get 172
                      f32.convert_i32_s
                    end
                  else
                    local.get 170
                    local.get 56
                    call 0
                    f32.demote_f64
                  end
                  local.set 173
                  local.get 158
                  f32x4.extract_lane 3
                  local.set 174
                  local.get 174
                  f64.promote_f32
                  local.set 175
                  local.get 175
                  i32.trunc_sat_f64_s
                  local.set 176
                  local.get 176
                  f64.convert_i32_s
                  local.get 175
                  f64.eq
                  local.get 58
                  f64.convert_i32_s
                  local.get 56
                  f64.eq
                  i32.and
                  local.get 58
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 176
                    local.get 58
                    i32.rem_s
                    local.tee 177
                    i32.eqz
                    if (result f32)
                      local.get 174
                      f32.const 0
                      f32.mul
                    else
                      local.get 177
                      f32.convert_i32_s
                    end
                  else
                    local.get 175
                    local.get 56
                    call 0
                    f32.demote_f64
                  end
                  local.set 178
                  local.get 163
                  f32x4.splat
                  local.get 168
                  f32x4.replace_lane 1
                  local.get 173
                  f32x4.replace_lane 2
                  local.get 178
                  f32x4.replace_lane 3
                  local.set 179
                  local.get 179
                  local.get 125
                  f32x4.eq
                  local.set 180
                  local.get 153
                  local.get 154
                  local.get 180
                  v128.bitselect
                  local.set 181
                  local.get 181
                  local.set 127
                  local.get 126
                  local.get 151
                  f32x4.mul
                  local.set 182
                  local.get 122
                  local.get 182
                  f32x4.add
                  local.set 183
                  local.get 183
                  local.set 124
                  local.get 122
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 184
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 184
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 185
                  local.get 185
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 186
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 187
                  local.get 187
                  local.get 186
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 187
                  local.get 187
                  local.get 186
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 187
                  local.get 187
                  local.get 186
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 187
                  local.get 187
                  local.get 186
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 187
                  local.get 187
                  local.set 188
                  local.get 124
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 189
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 189
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 190
                  local.get 190
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 191
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 192
                  local.get 192
                  local.get 191
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 192
                  local.get 192
                  local.get 191
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 192
                  local.get 192
                  local.get 191
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 192
                  local.get 192
                  local.get 191
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 192
                  local.get 192
                  local.set 193
                  local.get 188
                  local.get 193
                  f32x4.lt
                  local.set 194
                  local.get 122
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 195
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 195
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 196
                  local.get 196
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 197
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 198
                  local.get 198
                  local.get 197
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 198
                  local.get 198
                  local.get 197
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 198
                  local.get 198
                  local.get 197
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 198
                  local.get 198
                  local.get 197
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 198
                  local.get 198
                  local.set 199
                  local.get 124
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 200
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 200
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 201
                  local.get 201
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 202
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 203
                  local.get 203
                  local.get 202
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 203
                  local.get 203
                  local.get 202
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 203
                  local.get 203
                  local.get 202
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 203
                  local.get 203
                  local.get 202
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 203
                  local.get 203
                  local.set 204
                  local.get 199
                  local.get 204
                  local.get 194
                  v128.bitselect
                  local.set 205
                  local.get 205
                  local.set 128
                  local.get 122
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 206
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 206
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 207
                  local.get 207
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 208
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 209
                  local.get 209
                  local.get 208
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 209
                  local.get 209
                  local.get 208
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 209
                  local.get 209
                  local.get 208
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 209
                  local.get 209
                  local.get 208
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 209
                  local.get 209
                  local.set 210
                  local.get 124
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 211
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 211
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 212
                  local.get 212
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 213
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 214
                  local.get 214
                  local.get 213
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 214
                  local.get 214
                  local.get 213
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 214
                  local.get 214
                  local.get 213
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 214
                  local.get 214
                  local.get 213
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 214
                  local.get 214
                  local.set 215
                  local.get 210
                  local.get 215
                  f32x4.gt
                  local.set 216
                  local.get 122
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 217
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 217
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 218
                  local.get 218
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 219
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 220
                  local.get 220
                  local.get 219
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 220
                  local.get 220
                  local.get 219
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 220
                  local.get 220
                  local.get 219
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 220
                  local.get 220
                  local.get 219
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 220
                  local.get 220
                  local.set 221
                  local.get 124
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 222
                  i32x4.trunc_sat_f32x4_s
                  local.get 15
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 222
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 223
                  local.get 223
                  i32.const 2
                  i32x4.shl
                  local.get 66
                  i32x4.splat
                  i32x4.add
                  local.set 224
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 225
                  local.get 225
                  local.get 224
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 225
                  local.get 225
                  local.get 224
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 225
                  local.get 225
                  local.get 224
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 225
                  local.get 225
                  local.get 224
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 225
                  local.get 225
                  local.set 226
                  local.get 221
                  local.get 226
                  local.get 216
                  v128.bitselect
                  local.set 227
                  local.get 227
                  local.set 129
                  local.get 126
                  local.get 127
                  f32x4.eq
                  local.set 228
                  local.get 128
                  local.get 129
                  local.get 228
                  v128.bitselect
                  local.set 229
                  local.get 229
                  local.set 123
                end
              end
              local.get 123
              local.set 236
              local.get 35
              i32.const 0
              i32.add
              local.get 236
              v128.store align=1 offset=0
              local.get 28
              i32.const 4
              i32.add
              local.set 28
              local.get 33
              i32.const 4
              i32.add
              local.set 33
              local.get 35
              i32.const 16
              i32.add
              local.set 35
              br 1
            end
            local.get 33
            local.get 9
            i32.add
            local.set 237
            local.get 7
            f64.promote_f32
            local.get 237
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 8
            f64.div
            f32.demote_f64
            local.get 6
            f32.add
            local.set 36
            f32.const 0
            local.set 34
            block
              block
                f32.const 0
                local.set 39
                f32.const 0
                local.set 40
                f32.const 0
                local.set 41
                f32.const 0
                local.set 42
                f32.const 0
                local.set 43
                local.get 36
                f64.promote_f32
                local.set 44
                local.get 44
                i32.trunc_sat_f64_s
                local.set 46
                local.get 46
                f64.convert_i32_s
                local.get 44
                f64.eq
                local.get 47
                f64.convert_i32_s
                local.get 45
                f64.eq
                i32.and
                local.get 47
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 46
                  local.get 47
                  i32.rem_s
                  local.tee 48
                  i32.eqz
                  if (result f32)
                    local.get 36
                    f32.const 0
                    f32.mul
                  else
                    local.get 48
                    f32.convert_i32_s
                  end
                else
                  local.get 44
                  local.get 45
                  call 0
                  f32.demote_f64
                end
                local.set 49
                local.get 49
                local.get 26
                f32.lt
                local.set 50
                f32.const 0
                local.set 51
                i32.const 0
                local.set 52
                local.get 50
                if
                  f32.const 1
                  local.set 51
                  i32.const 1
                  local.set 52
                else
                  f32.const -1
                  local.set 51
                  i32.const -1
                  local.set 52
                end
                local.get 51
                local.set 40
                local.get 36
                local.get 25
                f32.div
                local.set 53
                local.get 53
                f32.floor
                local.set 54
                local.get 54
                f64.promote_f32
                local.set 55
                local.get 55
                i32.trunc_sat_f64_s
                local.set 57
                local.get 57
                f64.convert_i32_s
                local.get 55
                f64.eq
                local.get 58
                f64.convert_i32_s
                local.get 56
                f64.eq
                i32.and
                local.get 58
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 57
                  local.get 58
                  i32.rem_s
                  local.tee 59
                  i32.eqz
                  if (result f32)
                    local.get 54
                    f32.const 0
                    f32.mul
                  else
                    local.get 59
                    f32.convert_i32_s
                  end
                else
                  local.get 55
                  local.get 56
                  call 0
                  f32.demote_f64
                end
                local.set 60
                local.get 60
                f32.const 0
                f32.eq
                local.set 61
                f32.const 0
                local.set 62
                i32.const 0
                local.set 63
                local.get 61
                if
                  f32.const 1
                  local.set 62
                  i32.const 1
                  local.set 63
                else
                  f32.const -1
                  local.set 62
                  i32.const -1
                  local.set 63
                end
                local.get 62
                local.set 41
                local.get 40
                local.get 26
                f32.mul
                local.set 64
                local.get 36
                local.get 64
                f32.add
                local.set 65
                local.get 65
                local.set 39
                local.get 36
                f32.const 0.25
                f32.add
                local.set 67
                local.get 67
                i32.trunc_sat_f32_s
                local.tee 68
                local.get 15
                i32.const 1
                i32.sub
                local.get 68
                local.get 15
                i32.lt_s
                select
                i32.const 0
                local.get 67
                f32.const 0
                f32.ge
                select
                local.set 69
                local.get 69
                i32.const 4
                i32.mul
                local.set 70
                local.get 66
                local.get 70
                i32.add
                local.set 71
                local.get 71
                f32.load align=4 offset=0
                local.set 72
                local.get 39
                f32.const 0.25
                f32.add
                local.set 73
                local.get 73
                i32.trunc_sat_f32_s
                local.tee 74
                local.get 15
                i32.const 1
                i32.sub
                local.get 74
                local.get 15
                i32.lt_s
                select
                i32.const 0
                local.get 73
                f32.const 0
                f32.ge
                select
                local.set 75
                local.get 75
                i32.const 4
                i32.mul
                local.set 76
                local.get 66
                local.get 76
                i32.add
                local.set 77
                local.get 77
                f32.load align=4 offset=0
                local.set 78
                local.get 72
                local.get 78
                f32.lt
                local.set 79
                f32.const 0
                local.set 80
                i32.const 0
                local.set 81
                local.get 79
                if
                  local.get 67
                  i32.trunc_sat_f32_s
                  local.tee 82
                  local.get 15
                  i32.const 1
                  i32.sub
                  local.get 82
                  local.get 15
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 67
                  f32.const 0
                  f32.ge
                  select
                  local.set 83
                  local.get 83
                  i32.const 4
                  i32.mul
                  local.set 84
                  local.get 66
                  local.get 84
                  i32.add
                  local.set 85
                  local.get 85
                  f32.load align=4 offset=0
                  local.set 86
                  local.get 86
                  local.set 80
                else
                  local.get 39
                  f32.const 0.25
                  f32.add
                  local.set 87
                  local.get 87
                  i32.trunc_sat_f32_s
                  local.tee 88
                  local.get 15
                  i32.const 1
                  i32.sub
                  local.get 88
                  local.get 15
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 87
                  f32.const 0
                  f32.ge
                  select
                  local.set 89
                  local.get 89
                  i32.const 4
                  i32.mul
                  local.set 90
                  local.get 66
                  local.get 90
                  i32.add
                  local.set 91
                  local.get 91
                  f32.load align=4 offset=0
                  local.set 92
                  local.get 92
                  local.set 80
                end
                local.get 80
                local.set 42
                local.get 67
                i32.trunc_sat_f32_s
                local.tee 93
                local.get 15
                i32.const 1
                i32.sub
                local.get 93
                local.get 15
                i32.lt_s
                select
                i32.const 0
                local.get 67
                f32.const 0
                f32.ge
                select
                local.set 94
                local.get 94
                i32.const 4
                i32.mul
                local.set 95
                local.get 66
                local.get 95
                i32.add
                local.set 96
                local.get 96
                f32.load align=4 offset=0
                local.set 97
                local.get 39
                f32.const 0.25
                f32.add
                local.set 98
                local.get 98
                i32.trunc_sat_f32_s
                local.tee 99
                local.get 15
                i32.const 1
                i32.sub
                local.get 99
                local.get 15
                i32.lt_s
                select
                i32.const 0
                local.get 98
                f32.const 0
                f32.ge
                select
                local.set 100
                local.get 100
                i32.const 4
                i32.mul
                local.set 101
                local.get 66
                local.get 101
                i32.add
                local.set 102
                local.get 102
                f32.load align=4 offset=0
                local.set 103
                local.get 97
                local.get 103
                f32.gt
                local.set 104
                f32.const 0
                local.set 105
                i32.const 0
                local.set 106
                local.get 104
                if
                  local.get 67
                  i32.trunc_sat_f32_s
                  local.tee 107
                  local.get 15
                  i32.const 1
                  i32.sub
                  local.get 107
                  local.get 15
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 67
                  f32.const 0
                  f32.ge
                  select
                  local.set 108
                  local.get 108
                  i32.const 4
                  i32.mul
                  local.set 109
                  local.get 66
                  local.get 109
                  i32.add
                  local.set 110
                  local.get 110
                  f32.load align=4 offset=0
                  local.set 111
                  local.get 111
                  local.set 105
                else
                  local.get 39
                  f32.const 0.25
                  f32.add
                  local.set 112
                  local.get 112
                  i32.trunc_sat_f32_s
                  local.tee 113
                  local.get 15
                  i32.const 1
                  i32.sub
                  local.get 113
                  local.get 15
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 112
                  f32.const 0
                  f32.ge
                  select
                  local.set 114
                  local.get 114
                  i32.const 4
                  i32.mul
                  local.set 115
                  local.get 66
                  local.get 115
                  i32.add
                  local.set 116
                  local.get 116
                  f32.load align=4 offset=0
                  local.set 117
                  local.get 117
                  local.set 105
                end
                local.get 105
                local.set 43
                local.get 40
                local.get 41
                f32.eq
                local.set 118
                f32.const 0
                local.set 119
                i32.const 0
                local.set 120
                local.get 118
                if
                  local.get 42
                  local.set 119
                else
                  local.get 43
                  local.set 119
                end
                local.get 119
                local.set 34
              end
            end
            local.get 35
            local.get 34
            f32.store align=4 offset=0
            local.get 28
            i32.const 1
            i32.add
            local.set 28
            local.get 33
            i32.const 1
            i32.add
            local.set 33
            local.get 35
            i32.const 4
            i32.add
            local.set 35
            br 0
          end
        end
        local.get 33
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 33
          local.get 32
          i32.const 1
          i32.add
          local.tee 32
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 32
            local.get 31
            i32.const 1
            i32.add
            local.tee 31
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 31
              local.get 30
              i32.const 1
              i32.add
              local.set 30
            end
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].lo[0], L.args[0].d[0], L.args[0].n[0], L.args[0].o[3], L.args[0].s[3], L.args[1].F.byteOffset, L.args[1].e[0], L.args[1].e[1], L.args[1].e[2], L.args[1].e[3], L.args[1].l[0], L.args[1].l[1], L.args[1].l[2], L.args[1].l[3], L.args[1].s[0], L.args[1].s[1], L.args[1].s[2], L.args[1].s[3], L.args[2].F.byteOffset + L.args[2].base * 4, Math.fround(L.args[3].value[0]), Math.fround(L.args[4].value[0]), Math.fround(L.args[5].value[0]));
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
;;   V[9] = L.args[1].F.byteOffset;
;;   V[10] = L.args[1].e[0];
;;   V[11] = L.args[1].e[1];
;;   V[12] = L.args[1].e[2];
;;   V[13] = L.args[1].e[3];
;;   V[14] = L.args[1].l[0];
;;   V[15] = L.args[1].l[1];
;;   V[16] = L.args[1].l[2];
;;   V[17] = L.args[1].l[3];
;;   V[18] = L.args[1].s[0];
;;   V[19] = L.args[1].s[1];
;;   V[20] = L.args[1].s[2];
;;   V[21] = L.args[1].s[3];
;;   V[22] = L.args[2].F.byteOffset + L.args[2].base * 4;
;;   V[23] = Math.fround(L.args[3].value[0]);
;;   V[24] = Math.fround(L.args[4].value[0]);
;;   V[25] = Math.fround(L.args[5].value[0]);
;; };
;; run.valueCount = 26;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19], V[20], V[21], V[22], V[23], V[24], V[25]);
;; };
;; return run;
