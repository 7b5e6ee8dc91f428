(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x5, f32 x1, f64 x2, i32 x3, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, f64 x2, i32 x3, f32 x1, i32 x1, f32 x1, i32 x5, f32 x4, i32 x4, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, f64 x1, i32 x2, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, f64 x1, i32 x2, f32 x1, i32 x1, f32 x1, i32 x3, f32 x4, i32 x4, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, v128 x3, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x9, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x4, i32 x3, v128 x12, i32 x2, v128 x1)
    local.get 0
    local.set 22
    local.get 0
    local.get 5
    i32.rem_u
    local.set 27
    local.get 0
    local.get 5
    i32.div_u
    local.set 38
    local.get 38
    local.get 4
    i32.rem_u
    local.set 26
    local.get 38
    local.get 4
    i32.div_u
    local.set 38
    local.get 38
    local.get 3
    i32.rem_u
    local.set 25
    local.get 38
    local.get 3
    i32.div_u
    local.set 24
    block
      loop
        local.get 22
        local.get 1
        i32.ge_s
        br_if 1
        local.get 22
        local.get 5
        i32.add
        local.get 27
        i32.sub
        local.set 23
        local.get 23
        local.get 1
        local.get 23
        local.get 1
        i32.lt_s
        select
        local.set 23
        local.get 24
        local.tee 37
        f32.convert_i32_s
        local.set 33
        local.get 25
        local.tee 36
        f32.convert_i32_s
        local.set 32
        local.get 26
        local.tee 35
        f32.convert_i32_s
        local.set 31
        local.get 21
        local.get 22
        i32.const 4
        i32.mul
        i32.add
        local.set 29
        f32.const 2
        local.get 20
        f32.mul
        local.set 39
        local.get 39
        f64.promote_f32
        local.set 41
        local.get 41
        i32.trunc_sat_f64_s
        local.set 43
        f32.const 2
        f64.promote_f32
        local.set 52
        local.get 52
        i32.trunc_sat_f64_s
        local.set 54
        local.get 6
        local.get 14
        i32.const 4
        i32.mul
        i32.add
        local.set 60
        local.get 20
        f32x4.splat
        local.set 134
        f32.const 1
        f32x4.splat
        local.set 136
        f32.const -1
        f32x4.splat
        local.set 137
        local.get 19
        f32x4.splat
        local.set 139
        f32.const 0
        f32x4.splat
        local.set 163
        i32.const 0
        local.set 181
        local.get 5
        local.set 182
        local.get 10
        i32.const 0
        i32.sub
        local.get 182
        local.get 10
        i32.const 0
        i32.sub
        local.get 182
        i32.lt_s
        select
        local.set 182
        block
          loop
            local.get 22
            local.get 23
            i32.ge_s
            br_if 1
            local.get 27
            local.get 181
            i32.ge_s
            local.get 27
            i32.const 4
            i32.add
            local.get 182
            i32.le_s
            i32.and
            local.get 22
            i32.const 4
            i32.add
            local.get 23
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 110
              local.get 27
              i32x4.splat
              v128.const i8x16 0 0 0 0 1 0 0 0 2 0 0 0 3 0 0 0
              i32x4.add
              local.tee 111
              f32x4.convert_i32x4_s
              local.set 112
              block
                block
                  local.get 112
                  f32x4.extract_lane 0
                  local.set 113
                  local.get 113
                  f64.promote_f32
                  local.set 114
                  local.get 114
                  i32.trunc_sat_f64_s
                  local.set 115
                  local.get 115
                  f64.convert_i32_s
                  local.get 114
                  f64.eq
                  local.get 43
                  f64.convert_i32_s
                  local.get 41
                  f64.eq
                  i32.and
                  local.get 43
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 115
                    local.get 43
                    i32.rem_s
                    local.tee 116
                    i32.eqz
                    if (result f32)
                      local.get 113
                      f32.const 0
                      f32.mul
                    else
                      local.get 116
                      f32.convert_i32_s
                    end
                  else
                    local.get 114
                    local.get 41
                    call 0
                    f32.demote_f64
                  end
                  local.set 117
                  local.get 112
                  f32x4.extract_lane 1
                  local.set 118
                  local.get 118
                  f64.promote_f32
                  local.set 119
                  local.get 119
                  i32.trunc_sat_f64_s
                  local.set 120
                  local.get 120
                  f64.convert_i32_s
                  local.get 119
                  f64.eq
                  local.get 43
                  f64.convert_i32_s
                  local.get 41
                  f64.eq
                  i32.and
                  local.get 43
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 120
                    local.get 43
                    i32.rem_s
                    local.tee 121
                    i32.eqz
                    if (result f32)
                      local.get 118
                      f32.const 0
                      f32.mul
                    else
                      local.get 121
                      f32.convert_i32_s
                    end
                  else
                    local.get 119
                    local.get 41
                    call 0
                    f32.demote_f64
                  end
                  local.set 122
                  local.get 112
                  f32x4.extract_lane 2
                  local.set 123
                  local.get 123
                  f64.promote_f32
                  local.set 124
                  local.get 124
                  i32.trunc_sat_f64_s
                  local.set 125
                  local.get 125
                  f64.convert_i32_s
                  local.get 124
                  f64.eq
                  local.get 43
                  f64.convert_i32_s
                  local.get 41
                  f64.eq
                  i32.and
                  local.get 43
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 125
                    local.get 43
                    i32.rem_s
                    local.tee 126
                    i32.eqz
                    if (result f32)
                      local.get 123
                      f32.const 0
                      f32.mul
                    else
                      local.get 126
                      f32.convert_i32_s
                    end
                  else
                    local.get 124
                    local.get 41
                    call 0
                    f32.demote_f64
                  end
                  local.set 127
                  local.get 112
                  f32x4.extract_lane 3
                  local.set 128
                  local.get 128
                  f64.promote_f32
                  local.set 129
                  local.get 129
                  i32.trunc_sat_f64_s
                  local.set 130
                  local.get 130
                  f64.convert_i32_s
                  local.get 129
                  f64.eq
                  local.get 43
                  f64.convert_i32_s
                  local.get 41
                  f64.eq
                  i32.and
                  local.get 43
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 130
                    local.get 43
                    i32.rem_s
                    local.tee 131
                    i32.eqz
                    if (result f32)
                      local.get 128
                      f32.const 0
                      f32.mul
                    else
                      local.get 131
                      f32.convert_i32_s
                    end
                  else
                    local.get 129
                    local.get 41
                    call 0
                    f32.demote_f64
                  end
                  local.set 132
                  local.get 117
                  f32x4.splat
                  local.get 122
                  f32x4.replace_lane 1
                  local.get 127
                  f32x4.replace_lane 2
                  local.get 132
                  f32x4.replace_lane 3
                  local.set 133
                  local.get 133
                  local.get 134
                  f32x4.lt
                  local.set 135
                  local.get 136
                  local.get 137
                  local.get 135
                  v128.bitselect
                  local.set 138
                  local.get 112
                  local.get 139
                  f32x4.div
                  local.set 140
                  local.get 140
                  f32x4.floor
                  local.set 141
                  local.get 141
                  f32x4.extract_lane 0
                  local.set 142
                  local.get 142
                  f64.promote_f32
                  local.set 143
                  local.get 143
                  i32.trunc_sat_f64_s
                  local.set 144
                  local.get 144
                  f64.convert_i32_s
                  local.get 143
                  f64.eq
                  local.get 54
                  f64.convert_i32_s
                  local.get 52
                  f64.eq
                  i32.and
                  local.get 54
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 144
                    local.get 54
                    i32.rem_s
                    local.tee 145
                    i32.eqz
                    if (result f32)
                      local.get 142
                      f32.const 0
                      f32.mul
                    else
                      local.get 145
                      f32.convert_i32_s
                    end
                  else
                    local.get 143
                    local.get 52
                    call 0
                    f32.demote_f64
                  end
                  local.set 146
                  local.get 141
                  f32x4.extract_lane 1
                  local.set 147
                  local.get 147
                  f64.promote_f32
                  local.set 148
                  local.get 148
                  i32.trunc_sat_f64_s
                  local.set 149
                  local.get 149
                  f64.convert_i32_s
                  local.get 148
                  f64.eq
                  local.get 54
                  f64.convert_i32_s
                  local.get 52
                  f64.eq
                  i32.and
                  local.get 54
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 149
                    local.get 54
                    i32.rem_s
                    local.tee 150
                    i32.eqz
                    if (result f32)
                      local.get 147
                      f32.const 0
                      f32.mul
                    else
                      local.get 150
                      f32.convert_i32_s
                    end
                  else
                    local.get 148
                    local.get 52
                    call 0
                    f32.demote_f64
                  end
                  local.set 151
                  local.get 141
                  f32x4.extract_lane 2
                  local.set 152
                  local.get 152
                  f64.promote_f32
                  local.set 153
                  local.get 153
                  i32.trunc_sat_f64_s
                  local.set 154
                  local.get 154
                  f64.convert_i32_s
                  local.get 153
                  f64.eq
                  local.get 54
                  f64.convert_i32_s
                  local.get 52
                  f64.eq
                  i32.and
                  local.get 54
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 154
                    local.get 54
                    i32.rem_s
                    local.tee 155
                    i32.eqz
                    if (result f32)
                      local.get 152
                      f32.const 0
                      f32.mul
                    else
                      local.get 155
                      f32.convert_i32_s
                    end
                  else
                    local.get 153
                    local.get 52
                    call 0
                    f32.demote_f64
                  end
                  local.set 156
                  local.get 141
                  f32x4.extract_lane 3
                  local.set 157
                  local.get 157
                  f64.promote_f32
                  local.set 158
                  local.get 158
                  i32.trunc_sat_f64_s
                  local.set 159
                  local.get 159
                  f64.convert_i32_s
                  local.get 158
                  f64.eq
                  local.get 54
                  f64.convert_i32_s
                  local.get 52
                  f64.eq
                  i32.and
                  local.get 54
                  i32.const 0
                  i32.ne
                  i32.and
                  if (result f32)
                    local.get 159
                    local.get 54
                    i32.rem_s
                    local.tee 160
                    i32.eqz
                    if (result f32)
                      local.get 157
                      f32.const 0
                      f32.mul
                    else
                      local.get 160
                      f32.convert_i32_s
                    end
                  else
                    local.get 158
                    local.get 52
                    call 0
                    f32.demote_f64
                  end
                  local.set 161
                  local.get 146
                  f32x4.splat
                  local.get 151
                  f32x4.replace_lane 1
                  local.get 156
                  f32x4.replace_lane 2
                  local.get 161
                  f32x4.replace_lane 3
                  local.set 162
                  local.get 162
                  local.get 163
                  f32x4.eq
                  local.set 164
                  local.get 136
                  local.get 137
                  local.get 164
                  v128.bitselect
                  local.set 165
                  local.get 27
                  i32.const 0
                  i32.add
                  local.set 166
                  local.get 166
                  i32.const 4
                  i32.mul
                  local.set 167
                  local.get 60
                  local.get 167
                  i32.add
                  local.set 168
                  local.get 168
                  i32.const 0
                  i32.add
                  v128.load align=1 offset=0
                  local.set 169
                  local.get 138
                  local.get 134
                  f32x4.mul
                  local.set 170
                  local.get 112
                  local.get 170
                  f32x4.add
                  local.set 171
                  local.get 171
                  f32.const 0.25
                  f32x4.splat
                  f32x4.add
                  local.tee 172
                  i32x4.trunc_sat_f32x4_s
                  local.get 10
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 172
                  f32.const 0
                  f32x4.splat
                  f32x4.ge
                  v128.and
                  local.set 173
                  local.get 173
                  i32.const 2
                  i32x4.shl
                  local.get 60
                  i32x4.splat
                  i32x4.add
                  local.set 174
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 175
                  local.get 175
                  local.get 174
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 175
                  local.get 175
                  local.get 174
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 175
                  local.get 175
                  local.get 174
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 175
                  local.get 175
                  local.get 174
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 175
                  local.get 175
                  local.set 176
                  local.get 138
                  local.get 165
                  f32x4.eq
                  local.set 177
                  local.get 169
                  local.get 176
                  f32x4.min
                  local.set 178
                  local.get 169
                  local.get 176
                  f32x4.max
                  local.set 179
                  local.get 178
                  local.get 179
                  local.get 177
                  v128.bitselect
                  local.set 180
                  local.get 180
                  local.set 110
                end
              end
              local.get 110
              local.set 183
              local.get 29
              i32.const 0
              i32.add
              local.get 183
              v128.store align=1 offset=0
              local.get 22
              i32.const 4
              i32.add
              local.set 22
              local.get 27
              i32.const 4
              i32.add
              local.set 27
              local.get 29
              i32.const 16
              i32.add
              local.set 29
              br 1
            end
            local.get 27
            local.tee 34
            f32.convert_i32_s
            local.set 30
            f32.const 0
            local.set 28
            local.get 27
            local.get 181
            i32.ge_s
            local.get 27
            local.get 182
            i32.lt_s
            i32.and
            if
              block
                local.get 30
                f64.promote_f32
                local.set 78
                local.get 78
                i32.trunc_sat_f64_s
                local.set 79
                local.get 79
                f64.convert_i32_s
                local.get 78
                f64.eq
                local.get 43
                f64.convert_i32_s
                local.get 41
                f64.eq
                i32.and
                local.get 43
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 79
                  local.get 43
                  i32.rem_s
                  local.tee 80
                  i32.eqz
                  if (result f32)
                    local.get 30
                    f32.const 0
                    f32.mul
                  else
                    local.get 80
                    f32.convert_i32_s
                  end
                else
                  local.get 78
                  local.get 41
                  call 0
                  f32.demote_f64
                end
                local.set 81
                local.get 81
                local.get 20
                f32.lt
                local.set 82
                f32.const 0
                local.set 83
                i32.const 0
                local.set 84
                local.get 82
                if
                  f32.const 1
                  local.set 83
                  i32.const 1
                  local.set 84
                else
                  f32.const -1
                  local.set 83
                  i32.const -1
                  local.set 84
                end
                local.get 30
                local.get 19
                f32.div
                local.set 85
                local.get 85
                f32.floor
                local.set 86
                local.get 86
                f64.promote_f32
                local.set 87
                local.get 87
                i32.trunc_sat_f64_s
                local.set 88
                local.get 88
                f64.convert_i32_s
                local.get 87
                f64.eq
                local.get 54
                f64.convert_i32_s
                local.get 52
                f64.eq
                i32.and
                local.get 54
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 88
                  local.get 54
                  i32.rem_s
                  local.tee 89
                  i32.eqz
                  if (result f32)
                    local.get 86
                    f32.const 0
                    f32.mul
                  else
                    local.get 89
                    f32.convert_i32_s
                  end
                else
                  local.get 87
                  local.get 52
                  call 0
                  f32.demote_f64
                end
                local.set 90
                local.get 90
                f32.const 0
                f32.eq
                local.set 91
                f32.const 0
                local.set 92
                i32.const 0
                local.set 93
                local.get 91
                if
                  f32.const 1
                  local.set 92
                  i32.const 1
                  local.set 93
                else
                  f32.const -1
                  local.set 92
                  i32.const -1
                  local.set 93
                end
                local.get 34
                i32.const 4
                i32.mul
                local.set 94
                local.get 60
                local.get 94
                i32.add
                local.set 95
                local.get 95
                f32.load align=4 offset=0
                local.set 96
                local.get 83
                local.get 20
                f32.mul
                local.set 97
                local.get 30
                local.get 97
                f32.add
                local.set 98
                local.get 98
                f32.const 0.25
                f32.add
                local.set 99
                local.get 99
                i32.trunc_sat_f32_s
                local.tee 100
                local.get 10
                i32.const 1
                i32.sub
                local.get 100
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 99
                f32.const 0
                f32.ge
                select
                local.set 101
                local.get 101
                i32.const 4
                i32.mul
                local.set 102
                local.get 60
                local.get 102
                i32.add
                local.set 103
                local.get 103
                f32.load align=4 offset=0
                local.set 104
                local.get 83
                local.get 92
                f32.eq
                local.set 105
                f32.const 0
                local.set 106
                i32.const 0
                local.set 107
                local.get 105
                if
                  local.get 96
                  local.get 104
                  f32.min
                  local.set 108
                  local.get 108
                  local.set 106
                else
                  local.get 96
                  local.get 104
                  f32.max
                  local.set 109
                  local.get 109
                  local.set 106
                end
                local.get 106
                local.set 28
              end
            else
              block
                local.get 30
                f64.promote_f32
                local.set 40
                local.get 40
                i32.trunc_sat_f64_s
                local.set 42
                local.get 42
                f64.convert_i32_s
                local.get 40
                f64.eq
                local.get 43
                f64.convert_i32_s
                local.get 41
                f64.eq
                i32.and
                local.get 43
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 42
                  local.get 43
                  i32.rem_s
                  local.tee 44
                  i32.eqz
                  if (result f32)
                    local.get 30
                    f32.const 0
                    f32.mul
                  else
                    local.get 44
                    f32.convert_i32_s
                  end
                else
                  local.get 40
                  local.get 41
                  call 0
                  f32.demote_f64
                end
                local.set 45
                local.get 45
                local.get 20
                f32.lt
                local.set 46
                f32.const 0
                local.set 47
                i32.const 0
                local.set 48
                local.get 46
                if
                  f32.const 1
                  local.set 47
                  i32.const 1
                  local.set 48
                else
                  f32.const -1
                  local.set 47
                  i32.const -1
                  local.set 48
                end
                local.get 30
                local.get 19
                f32.div
                local.set 49
                local.get 49
                f32.floor
                local.set 50
                local.get 50
                f64.promote_f32
                local.set 51
                local.get 51
                i32.trunc_sat_f64_s
                local.set 53
                local.get 53
                f64.convert_i32_s
                local.get 51
                f64.eq
                local.get 54
                f64.convert_i32_s
                local.get 52
                f64.eq
                i32.and
                local.get 54
                i32.const 0
                i32.ne
                i32.and
                if (result f32)
                  local.get 53
                  local.get 54
                  i32.rem_s
                  local.tee 55
                  i32.eqz
                  if (result f32)
                    local.get 50
                    f32.const 0
                    f32.mul
                  else
                    local.get 55
                    f32.convert_i32_s
                  end
                else
                  local.get 51
                  local.get 52
                  call 0
                  f32.demote_f64
                end
                local.set 56
                local.get 56
                f32.const 0
                f32.eq
                local.set 57
                f32.const 0
                local.set 58
                i32.const 0
                local.set 59
                local.get 57
                if
                  f32.const 1
                  local.set 58
                  i32.const 1
                  local.set 59
                else
                  f32.const -1
                  local.set 58
                  i32.const -1
                  local.set 59
                end
                local.get 34
                local.get 10
                i32.const 1
                i32.sub
                local.get 34
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 34
                i32.const 0
                i32.ge_s
                select
                local.set 61
                local.get 61
                i32.const 4
                i32.mul
                local.set 62
                local.get 60
                local.get 62
                i32.add
                local.set 63
                local.get 63
                f32.load align=4 offset=0
                local.set 64
                local.get 47
                local.get 20
                f32.mul
                local.set 65
                local.get 30
                local.get 65
                f32.add
                local.set 66
                local.get 66
                f32.const 0.25
                f32.add
                local.set 67
                local.get 67
                i32.trunc_sat_f32_s
                local.tee 68
                local.get 10
                i32.const 1
                i32.sub
                local.get 68
                local.get 10
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
                local.get 60
                local.get 70
                i32.add
                local.set 71
                local.get 71
                f32.load align=4 offset=0
                local.set 72
                local.get 47
                local.get 58
                f32.eq
                local.set 73
                f32.const 0
                local.set 74
                i32.const 0
                local.set 75
                local.get 73
                if
                  local.get 64
                  local.get 72
                  f32.min
                  local.set 76
                  local.get 76
                  local.set 74
                else
                  local.get 64
                  local.get 72
                  f32.max
                  local.set 77
                  local.get 77
                  local.set 74
                end
                local.get 74
                local.set 28
              end
            end
            local.get 29
            local.get 28
            f32.store align=4 offset=0
            local.get 22
            i32.const 1
            i32.add
            local.set 22
            local.get 27
            i32.const 1
            i32.add
            local.set 27
            local.get 29
            i32.const 4
            i32.add
            local.set 29
            br 0
          end
        end
        local.get 27
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 27
          local.get 26
          i32.const 1
          i32.add
          local.tee 26
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 26
            local.get 25
            i32.const 1
            i32.add
            local.tee 25
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 25
              local.get 24
              i32.const 1
              i32.add
              local.set 24
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset, L.args[0].e[0], L.args[0].e[1], L.args[0].e[2], L.args[0].e[3], L.args[0].l[0], L.args[0].l[1], L.args[0].l[2], L.args[0].l[3], L.args[0].s[0], L.args[0].s[1], L.args[0].s[2], L.args[0].s[3], Math.fround(L.args[1].value[0]), Math.fround(L.args[2].value[0]), L.args[3].F.byteOffset + L.args[3].base * 4);
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
;;   V[17] = Math.fround(L.args[1].value[0]);
;;   V[18] = Math.fround(L.args[2].value[0]);
;;   V[19] = L.args[3].F.byteOffset + L.args[3].base * 4;
;; };
;; run.valueCount = 20;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19]);
;; };
;; return run;
