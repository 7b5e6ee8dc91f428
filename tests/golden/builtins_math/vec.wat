(module
  (type 0 (func (param f64) (result f64)))
  (type 1 (func (param f64) (result f64)))
  (type 2 (func (param f64 f64) (result f64)))
  (type 3 (func (param i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "sin" (func 0 (type 0)))
  (import "m" "exp" (func 1 (type 1)))
  (import "m" "pow" (func 2 (type 2)))
  (func 3 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x4, i32 x1, f32 x16, f64 x8, i32 x3, f32 x28, v128 x8, f32 x32, v128 x4, f32 x16, v128 x13, f32 x32, v128 x17, f32 x32, v128 x13, i32 x2, v128 x16)
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
        f32.const 0.10000000149011612
        f32x4.splat
        local.set 147
        f32.const 1
        f32x4.splat
        local.set 196
        f32.const 0.009999999776482582
        f32x4.splat
        local.set 237
        i32.const 0
        local.set 246
        local.get 5
        local.set 247
        block
          loop
            local.get 8
            local.get 9
            i32.ge_s
            br_if 1
            local.get 13
            local.get 246
            i32.ge_s
            local.get 13
            i32.const 4
            i32.add
            local.get 247
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
              local.set 248
              local.get 18
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 249
              local.get 18
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 250
              local.get 18
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 251
              local.get 248
              local.get 249
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 252
              local.get 250
              local.get 251
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 253
              local.get 248
              local.get 249
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 254
              local.get 250
              local.get 251
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 255
              local.get 252
              local.get 253
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 79
              local.get 252
              local.get 253
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 80
              local.get 254
              local.get 255
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 81
              local.get 254
              local.get 255
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 82
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 83
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 84
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 85
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 86
              block
                block
                  local.get 79
                  f32x4.extract_lane 0
                  local.set 87
                  local.get 80
                  f32x4.extract_lane 0
                  local.set 88
                  local.get 81
                  f32x4.extract_lane 0
                  local.set 89
                  local.get 82
                  f32x4.extract_lane 0
                  local.set 90
                  local.get 87
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 91
                  local.get 88
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 92
                  local.get 89
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 93
                  local.get 90
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 94
                  local.get 79
                  f32x4.extract_lane 1
                  local.set 95
                  local.get 80
                  f32x4.extract_lane 1
                  local.set 96
                  local.get 81
                  f32x4.extract_lane 1
                  local.set 97
                  local.get 82
                  f32x4.extract_lane 1
                  local.set 98
                  local.get 95
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 99
                  local.get 96
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 100
                  local.get 97
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 101
                  local.get 98
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 102
                  local.get 79
                  f32x4.extract_lane 2
                  local.set 103
                  local.get 80
                  f32x4.extract_lane 2
                  local.set 104
                  local.get 81
                  f32x4.extract_lane 2
                  local.set 105
                  local.get 82
                  f32x4.extract_lane 2
                  local.set 106
                  local.get 103
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 107
                  local.get 104
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 108
                  local.get 105
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 109
                  local.get 106
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 110
                  local.get 79
                  f32x4.extract_lane 3
                  local.set 111
                  local.get 80
                  f32x4.extract_lane 3
                  local.set 112
                  local.get 81
                  f32x4.extract_lane 3
                  local.set 113
                  local.get 82
                  f32x4.extract_lane 3
                  local.set 114
                  local.get 111
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 115
                  local.get 112
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 116
                  local.get 113
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 117
                  local.get 114
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                  local.set 118
                  local.get 91
                  f32x4.splat
                  local.get 99
                  f32x4.replace_lane 1
                  local.get 107
                  f32x4.replace_lane 2
                  local.get 115
                  f32x4.replace_lane 3
                  local.set 119
                  local.get 92
                  f32x4.splat
                  local.get 100
                  f32x4.replace_lane 1
                  local.get 108
                  f32x4.replace_lane 2
                  local.get 116
                  f32x4.replace_lane 3
                  local.set 120
                  local.get 93
                  f32x4.splat
                  local.get 101
                  f32x4.replace_lane 1
                  local.get 109
                  f32x4.replace_lane 2
                  local.get 117
                  f32x4.replace_lane 3
                  local.set 121
                  local.get 94
                  f32x4.splat
                  local.get 102
                  f32x4.replace_lane 1
                  local.get 110
                  f32x4.replace_lane 2
                  local.get 118
                  f32x4.replace_lane 3
                  local.set 122
                  local.get 87
                  f32.abs
                  local.set 123
                  local.get 88
                  f32.abs
                  local.set 124
                  local.get 89
                  f32.abs
                  local.set 125
                  local.get 90
                  f32.abs
                  local.set 126
                  local.get 95
                  f32.abs
                  local.set 127
                  local.get 96
                  f32.abs
                  local.set 128
                  local.get 97
                  f32.abs
                  local.set 129
                  local.get 98
                  f32.abs
                  local.set 130
                  local.get 103
                  f32.abs
                  local.set 131
                  local.get 104
                  f32.abs
                  local.set 132
                  local.get 105
                  f32.abs
                  local.set 133
                  local.get 106
                  f32.abs
                  local.set 134
                  local.get 111
                  f32.abs
                  local.set 135
                  local.get 112
                  f32.abs
                  local.set 136
                  local.get 113
                  f32.abs
                  local.set 137
                  local.get 114
                  f32.abs
                  local.set 138
                  local.get 123
                  f32x4.splat
                  local.get 127
                  f32x4.replace_lane 1
                  local.get 131
                  f32x4.replace_lane 2
                  local.get 135
                  f32x4.replace_lane 3
                  local.set 139
                  local.get 124
                  f32x4.splat
                  local.get 128
                  f32x4.replace_lane 1
                  local.get 132
                  f32x4.replace_lane 2
                  local.get 136
                  f32x4.replace_lane 3
                  local.set 140
                  local.get 125
                  f32x4.splat
                  local.get 129
                  f32x4.replace_lane 1
                  local.get 133
                  f32x4.replace_lane 2
                  local.get 137
                  f32x4.replace_lane 3
                  local.set 141
                  local.get 126
                  f32x4.splat
                  local.get 130
                  f32x4.replace_lane 1
                  local.get 134
                  f32x4.replace_lane 2
                  local.get 138
                  f32x4.replace_lane 3
                  local.set 142
                  local.get 139
                  f32x4.sqrt
                  local.set 143
                  local.get 140
                  f32x4.sqrt
                  local.set 144
                  local.get 141
                  f32x4.sqrt
                  local.set 145
                  local.get 142
                  f32x4.sqrt
                  local.set 146
                  local.get 79
                  local.get 147
                  f32x4.mul
                  local.set 148
                  local.get 80
                  local.get 147
                  f32x4.mul
                  local.set 149
                  local.get 81
                  local.get 147
                  f32x4.mul
                  local.set 150
                  local.get 82
                  local.get 147
                  f32x4.mul
                  local.set 151
                  local.get 148
                  f32x4.extract_lane 0
                  local.set 152
                  local.get 149
                  f32x4.extract_lane 0
                  local.set 153
                  local.get 150
                  f32x4.extract_lane 0
                  local.set 154
                  local.get 151
                  f32x4.extract_lane 0
                  local.set 155
                  local.get 152
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 156
                  local.get 153
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 157
                  local.get 154
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 158
                  local.get 155
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 159
                  local.get 148
                  f32x4.extract_lane 1
                  local.set 160
                  local.get 149
                  f32x4.extract_lane 1
                  local.set 161
                  local.get 150
                  f32x4.extract_lane 1
                  local.set 162
                  local.get 151
                  f32x4.extract_lane 1
                  local.set 163
                  local.get 160
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 164
                  local.get 161
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 165
                  local.get 162
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 166
                  local.get 163
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 167
                  local.get 148
                  f32x4.extract_lane 2
                  local.set 168
                  local.get 149
                  f32x4.extract_lane 2
                  local.set 169
                  local.get 150
                  f32x4.extract_lane 2
                  local.set 170
                  local.get 151
                  f32x4.extract_lane 2
                  local.set 171
                  local.get 168
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 172
                  local.get 169
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 173
                  local.get 170
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 174
                  local.get 171
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 175
                  local.get 148
                  f32x4.extract_lane 3
                  local.set 176
                  local.get 149
                  f32x4.extract_lane 3
                  local.set 177
                  local.get 150
                  f32x4.extract_lane 3
                  local.set 178
                  local.get 151
                  f32x4.extract_lane 3
                  local.set 179
                  local.get 176
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 180
                  local.get 177
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 181
                  local.get 178
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 182
                  local.get 179
                  f64.promote_f32
                  local.set 40
                  local.get 40
                  i64.reinterpret_f64
                  i32.const 32
                  i64.extend_i32_u
                  i64.shr_u
                  i32.wrap_i64
                  local.set 48
                  local.get 48
                  i32.const 31
                  i32.shr_u
                  local.set 49
                  local.get 48
                  i32.const 2147483647
                  i32.and
                  local.set 48
                  block
                    local.get 48
                    i32.const 1082130432
                    i32.ge_u
                    if
                      local.get 40
                      call 1
                      local.set 47
                      br 1
                    end
                    i32.const 0
                    local.set 50
                    local.get 48
                    i32.const 1071001154
                    i32.gt_u
                    if
                      local.get 48
                      i32.const 1072734898
                      i32.lt_u
                      if
                        local.get 40
                        f64.const 1
                        f64.eq
                        if
                          f64.const 2.718281828459045
                          local.set 47
                          br 3
                        end
                        i32.const 1
                        local.get 49
                        local.get 49
                        i32.add
                        i32.sub
                        local.set 50
                      else
                        local.get 40
                        f64.const 1.4426950408889634
                        f64.mul
                        f64.const -0.5
                        f64.const 0.5
                        local.get 49
                        select
                        f64.add
                        i32.trunc_sat_f64_s
                        local.set 50
                      end
                      local.get 50
                      f64.convert_i32_s
                      local.set 46
                      local.get 40
                      local.get 46
                      f64.const 0.6931471803691238
                      f64.mul
                      f64.sub
                      local.set 41
                      local.get 46
                      f64.const 1.9082149292705877e-10
                      f64.mul
                      local.set 42
                      local.get 41
                      local.get 42
                      f64.sub
                      local.set 43
                    else
                      local.get 48
                      i32.const 1043333120
                      i32.lt_u
                      if
                        f64.const 1
                        local.get 40
                        f64.add
                        local.set 47
                        br 2
                      end
                      local.get 40
                      local.set 43
                    end
                    local.get 43
                    local.get 43
                    f64.mul
                    local.set 44
                    local.get 43
                    local.get 44
                    local.get 44
                    f64.const 4.1381367970572385e-8
                    f64.mul
                    f64.const -0.0000016533902205465252
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.00006613756321437934
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const -0.0027777777777015593
                    f64.add
                    local.get 44
                    f64.mul
                    f64.const 0.16666666666666602
                    f64.add
                    f64.mul
                    f64.sub
                    local.set 45
                    local.get 50
                    i32.eqz
                    if
                      f64.const 1
                      local.get 43
                      local.get 45
                      f64.mul
                      local.get 45
                      f64.const 2
                      f64.sub
                      f64.div
                      local.get 43
                      f64.sub
                      f64.sub
                      local.set 47
                    else
                      f64.const 1
                      local.get 42
                      local.get 43
                      local.get 45
                      f64.mul
                      f64.const 2
                      local.get 45
                      f64.sub
                      f64.div
                      f64.sub
                      local.get 41
                      f64.sub
                      f64.sub
                      local.get 50
                      i32.const 1023
                      i32.add
                      i64.extend_i32_s
                      i32.const 52
                      i64.extend_i32_u
                      i64.shl
                      f64.reinterpret_i64
                      f64.mul
                      local.set 47
                    end
                  end
                  local.get 47
                  f32.demote_f64
                  local.set 183
                  local.get 156
                  f32x4.splat
                  local.get 164
                  f32x4.replace_lane 1
                  local.get 172
                  f32x4.replace_lane 2
                  local.get 180
                  f32x4.replace_lane 3
                  local.set 184
                  local.get 157
                  f32x4.splat
                  local.get 165
                  f32x4.replace_lane 1
                  local.get 173
                  f32x4.replace_lane 2
                  local.get 181
                  f32x4.replace_lane 3
                  local.set 185
                  local.get 158
                  f32x4.splat
                  local.get 166
                  f32x4.replace_lane 1
                  local.get 174
                  f32x4.replace_lane 2
                  local.get 182
                  f32x4.replace_lane 3
                  local.set 186
                  local.get 159
                  f32x4.splat
                  local.get 167
                  f32x4.replace_lane 1
                  local.get 175
                  f32x4.replace_lane 2
                  local.get 183
                  f32x4.replace_lane 3
                  local.set 187
                  local.get 143
                  local.get 184
                  f32x4.mul
                  local.set 188
                  local.get 144
                  local.get 185
                  f32x4.mul
                  local.set 189
                  local.get 145
                  local.get 186
                  f32x4.mul
                  local.set 190
                  local.get 146
                  local.get 187
                  f32x4.mul
                  local.set 191
                  local.get 119
                  local.get 188
                  f32x4.add
                  local.set 192
                  local.get 120
                  local.get 189
                  f32x4.add
                  local.set 193
                  local.get 121
                  local.get 190
                  f32x4.add
                  local.set 194
                  local.get 122
                  local.get 191
                  f32x4.add
                  local.set 195
                  local.get 139
                  local.get 196
                  f32x4.add
                  local.set 197
                  local.get 140
                  local.get 196
                  f32x4.add
                  local.set 198
                  local.get 141
                  local.get 196
                  f32x4.add
                  local.set 199
                  local.get 142
                  local.get 196
                  f32x4.add
                  local.set 200
                  local.get 197
                  f32x4.extract_lane 0
                  local.set 201
                  local.get 198
                  f32x4.extract_lane 0
                  local.set 202
                  local.get 199
                  f32x4.extract_lane 0
                  local.set 203
                  local.get 200
                  f32x4.extract_lane 0
                  local.set 204
                  local.get 201
                  f64.promote_f32
                  f32.const 0.5
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 205
                  local.get 202
                  f64.promote_f32
                  f32.const 1
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 206
                  local.get 203
                  f64.promote_f32
                  f32.const 2
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 207
                  local.get 204
                  f64.promote_f32
                  f32.const 3
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 208
                  local.get 197
                  f32x4.extract_lane 1
                  local.set 209
                  local.get 198
                  f32x4.extract_lane 1
                  local.set 210
                  local.get 199
                  f32x4.extract_lane 1
                  local.set 211
                  local.get 200
                  f32x4.extract_lane 1
                  local.set 212
                  local.get 209
                  f64.promote_f32
                  f32.const 0.5
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 213
                  local.get 210
                  f64.promote_f32
                  f32.const 1
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 214
                  local.get 211
                  f64.promote_f32
                  f32.const 2
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 215
                  local.get 212
                  f64.promote_f32
                  f32.const 3
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 216
                  local.get 197
                  f32x4.extract_lane 2
                  local.set 217
                  local.get 198
                  f32x4.extract_lane 2
                  local.set 218
                  local.get 199
                  f32x4.extract_lane 2
                  local.set 219
                  local.get 200
                  f32x4.extract_lane 2
                  local.set 220
                  local.get 217
                  f64.promote_f32
                  f32.const 0.5
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 221
                  local.get 218
                  f64.promote_f32
                  f32.const 1
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 222
                  local.get 219
                  f64.promote_f32
                  f32.const 2
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 223
                  local.get 220
                  f64.promote_f32
                  f32.const 3
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 224
                  local.get 197
                  f32x4.extract_lane 3
                  local.set 225
                  local.get 198
                  f32x4.extract_lane 3
                  local.set 226
                  local.get 199
                  f32x4.extract_lane 3
                  local.set 227
                  local.get 200
                  f32x4.extract_lane 3
                  local.set 228
                  local.get 225
                  f64.promote_f32
                  f32.const 0.5
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 229
                  local.get 226
                  f64.promote_f32
                  f32.const 1
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 230
                  local.get 227
                  f64.promote_f32
                  f32.const 2
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 231
                  local.get 228
                  f64.promote_f32
                  f32.const 3
                  f64.promote_f32
                  call 2
                  f32.demote_f64
                  local.set 232
                  local.get 205
                  f32x4.splat
                  local.get 213
                  f32x4.replace_lane 1
                  local.get 221
                  f32x4.replace_lane 2
                  local.get 229
                  f32x4.replace_lane 3
                  local.set 233
                  local.get 206
                  f32x4.splat
                  local.get 214
                  f32x4.replace_lane 1
                  local.get 222
                  f32x4.replace_lane 2
                  local.get 230
                  f32x4.replace_lane 3
                  local.set 234
                  local.get 207
                  f32x4.splat
                  local.get 215
                  f32x4.replace_lane 1
                  local.get 223
                  f32x4.replace_lane 2
                  local.get 231
                  f32x4.replace_lane 3
                  local.set 235
                  local.get 208
                  f32x4.splat
                  local.get 216
                  f32x4.replace_lane 1
                  local.get 224
                  f32x4.replace_lane 2
                  local.get 232
                  f32x4.replace_lane 3
                  local.set 236
                  local.get 233
                  local.get 237
                  f32x4.mul
                  local.set 238
                  local.get 234
                  local.get 237
                  f32x4.mul
                  local.set 239
                  local.get 235
                  local.get 237
                  f32x4.mul
                  local.set 240
                  local.get 236
                  local.get 237
                  f32x4.mul
                  local.set 241
                  local.get 192
                  local.get 238
                  f32x4.sub
                  local.set 242
                  local.get 193
                  local.get 239
                  f32x4.sub
                  local.set 243
                  local.get 194
                  local.get 240
                  f32x4.sub
                  local.set 244
                  local.get 195
                  local.get 241
                  f32x4.sub
                  local.set 245
                  local.get 242
                  local.set 83
                  local.get 243
                  local.set 84
                  local.get 244
                  local.set 85
                  local.get 245
                  local.set 86
                end
              end
              local.get 83
              local.get 84
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 260
              local.get 85
              local.get 86
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 261
              local.get 83
              local.get 84
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 262
              local.get 85
              local.get 86
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 263
              local.get 260
              local.get 261
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 256
              local.get 260
              local.get 261
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 257
              local.get 262
              local.get 263
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 258
              local.get 262
              local.get 263
              i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
              local.set 259
              local.get 23
              i32.const 0
              i32.add
              local.get 256
              v128.store align=1 offset=0
              local.get 23
              i32.const 16
              i32.add
              local.get 257
              v128.store align=1 offset=0
              local.get 23
              i32.const 32
              i32.add
              local.get 258
              v128.store align=1 offset=0
              local.get 23
              i32.const 48
              i32.add
              local.get 259
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
                f64.promote_f32
                call 0
                f32.demote_f64
                local.set 24
                local.get 15
                f64.promote_f32
                call 0
                f32.demote_f64
                local.set 25
                local.get 16
                f64.promote_f32
                call 0
                f32.demote_f64
                local.set 26
                local.get 17
                f64.promote_f32
                call 0
                f32.demote_f64
                local.set 27
                local.get 14
                f32.abs
                local.set 28
                local.get 15
                f32.abs
                local.set 29
                local.get 16
                f32.abs
                local.set 30
                local.get 17
                f32.abs
                local.set 31
                local.get 28
                f32.sqrt
                local.set 32
                local.get 29
                f32.sqrt
                local.set 33
                local.get 30
                f32.sqrt
                local.set 34
                local.get 31
                f32.sqrt
                local.set 35
                local.get 14
                f32.const 0.10000000149011612
                f32.mul
                local.set 36
                local.get 15
                f32.const 0.10000000149011612
                f32.mul
                local.set 37
                local.get 16
                f32.const 0.10000000149011612
                f32.mul
                local.set 38
                local.get 17
                f32.const 0.10000000149011612
                f32.mul
                local.set 39
                local.get 36
                f64.promote_f32
                local.set 40
                local.get 40
                i64.reinterpret_f64
                i32.const 32
                i64.extend_i32_u
                i64.shr_u
                i32.wrap_i64
                local.set 48
                local.get 48
                i32.const 31
                i32.shr_u
                local.set 49
                local.get 48
                i32.const 2147483647
                i32.and
                local.set 48
                block
                  local.get 48
                  i32.const 1082130432
                  i32.ge_u
                  if
                    local.get 40
                    call 1
                    local.set 47
                    br 1
                  end
                  i32.const 0
                  local.set 50
                  local.get 48
                  i32.const 1071001154
                  i32.gt_u
                  if
                    local.get 48
                    i32.const 1072734898
                    i32.lt_u
                    if
                      local.get 40
                      f64.const 1
                      f64.eq
                      if
                        f64.const 2.718281828459045
                        local.set 47
                        br 3
                      end
                      i32.const 1
                      local.get 49
                      local.get 49
                      i32.add
                      i32.sub
                      local.set 50
                    else
                      local.get 40
                      f64.const 1.4426950408889634
                      f64.mul
                      f64.const -0.5
                      f64.const 0.5
                      local.get 49
                      select
                      f64.add
                      i32.trunc_sat_f64_s
                      local.set 50
                    end
                    local.get 50
                    f64.convert_i32_s
                    local.set 46
                    local.get 40
                    local.get 46
                    f64.const 0.6931471803691238
                    f64.mul
                    f64.sub
                    local.set 41
                    local.get 46
                    f64.const 1.9082149292705877e-10
                    f64.mul
                    local.set 42
                    local.get 41
                    local.get 42
                    f64.sub
                    local.set 43
                  else
                    local.get 48
                    i32.const 1043333120
                    i32.lt_u
                    if
                      f64.const 1
                      local.get 40
                      f64.add
                      local.set 47
                      br 2
                    end
                    local.get 40
                    local.set 43
                  end
                  local.get 43
                  local.get 43
                  f64.mul
                  local.set 44
                  local.get 43
                  local.get 44
                  local.get 44
                  f64.const 4.1381367970572385e-8
                  f64.mul
                  f64.const -0.0000016533902205465252
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.00006613756321437934
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const -0.0027777777777015593
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.16666666666666602
                  f64.add
                  f64.mul
                  f64.sub
                  local.set 45
                  local.get 50
                  i32.eqz
                  if
                    f64.const 1
                    local.get 43
                    local.get 45
                    f64.mul
                    local.get 45
                    f64.const 2
                    f64.sub
                    f64.div
                    local.get 43
                    f64.sub
                    f64.sub
                    local.set 47
                  else
                    f64.const 1
                    local.get 42
                    local.get 43
                    local.get 45
                    f64.mul
                    f64.const 2
                    local.get 45
                    f64.sub
                    f64.div
                    f64.sub
                    local.get 41
                    f64.sub
                    f64.sub
                    local.get 50
                    i32.const 1023
                    i32.add
                    i64.extend_i32_s
                    i32.const 52
                    i64.extend_i32_u
                    i64.shl
                    f64.reinterpret_i64
                    f64.mul
                    local.set 47
                  end
                end
                local.get 47
                f32.demote_f64
                local.set 51
                local.get 37
                f64.promote_f32
                local.set 40
                local.get 40
                i64.reinterpret_f64
                i32.const 32
                i64.extend_i32_u
                i64.shr_u
                i32.wrap_i64
                local.set 48
                local.get 48
                i32.const 31
                i32.shr_u
                local.set 49
                local.get 48
                i32.const 2147483647
                i32.and
                local.set 48
                block
                  local.get 48
                  i32.const 1082130432
                  i32.ge_u
                  if
                    local.get 40
                    call 1
                    local.set 47
                    br 1
                  end
                  i32.const 0
                  local.set 50
                  local.get 48
                  i32.const 1071001154
                  i32.gt_u
                  if
                    local.get 48
                    i32.const 1072734898
                    i32.lt_u
                    if
                      local.get 40
                      f64.const 1
                      f64.eq
                      if
                        f64.const 2.718281828459045
                        local.set 47
                        br 3
                      end
                      i32.const 1
                      local.get 49
                      local.get 49
                      i32.add
                      i32.sub
                      local.set 50
                    else
                      local.get 40
                      f64.const 1.4426950408889634
                      f64.mul
                      f64.const -0.5
                      f64.const 0.5
                      local.get 49
                      select
                      f64.add
                      i32.trunc_sat_f64_s
                      local.set 50
                    end
                    local.get 50
                    f64.convert_i32_s
                    local.set 46
                    local.get 40
                    local.get 46
                    f64.const 0.6931471803691238
                    f64.mul
                    f64.sub
                    local.set 41
                    local.get 46
                    f64.const 1.9082149292705877e-10
                    f64.mul
                    local.set 42
                    local.get 41
                    local.get 42
                    f64.sub
                    local.set 43
                  else
                    local.get 48
                    i32.const 1043333120
                    i32.lt_u
                    if
                      f64.const 1
                      local.get 40
                      f64.add
                      local.set 47
                      br 2
                    end
                    local.get 40
                    local.set 43
                  end
                  local.get 43
                  local.get 43
                  f64.mul
                  local.set 44
                  local.get 43
                  local.get 44
                  local.get 44
                  f64.const 4.1381367970572385e-8
                  f64.mul
                  f64.const -0.0000016533902205465252
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.00006613756321437934
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const -0.0027777777777015593
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.16666666666666602
                  f64.add
                  f64.mul
                  f64.sub
                  local.set 45
                  local.get 50
                  i32.eqz
                  if
                    f64.const 1
                    local.get 43
                    local.get 45
                    f64.mul
                    local.get 45
                    f64.const 2
                    f64.sub
                    f64.div
                    local.get 43
                    f64.sub
                    f64.sub
                    local.set 47
                  else
                    f64.const 1
                    local.get 42
                    local.get 43
                    local.get 45
                    f64.mul
                    f64.const 2
                    local.get 45
                    f64.sub
                    f64.div
                    f64.sub
                    local.get 41
                    f64.sub
                    f64.sub
                    local.get 50
                    i32.const 1023
                    i32.add
                    i64.extend_i32_s
                    i32.const 52
                    i64.extend_i32_u
                    i64.shl
                    f64.reinterpret_i64
                    f64.mul
                    local.set 47
                  end
                end
                local.get 47
                f32.demote_f64
                local.set 52
                local.get 38
                f64.promote_f32
                local.set 40
                local.get 40
                i64.reinterpret_f64
                i32.const 32
                i64.extend_i32_u
                i64.shr_u
                i32.wrap_i64
                local.set 48
                local.get 48
                i32.const 31
                i32.shr_u
                local.set 49
                local.get 48
                i32.const 2147483647
                i32.and
                local.set 48
                block
                  local.get 48
                  i32.const 1082130432
                  i32.ge_u
                  if
                    local.get 40
                    call 1
                    local.set 47
                    br 1
                  end
                  i32.const 0
                  local.set 50
                  local.get 48
                  i32.const 1071001154
                  i32.gt_u
                  if
                    local.get 48
                    i32.const 1072734898
                    i32.lt_u
                    if
                      local.get 40
                      f64.const 1
                      f64.eq
                      if
                        f64.const 2.718281828459045
                        local.set 47
                        br 3
                      end
                      i32.const 1
                      local.get 49
                      local.get 49
                      i32.add
                      i32.sub
                      local.set 50
                    else
                      local.get 40
                      f64.const 1.4426950408889634
                      f64.mul
                      f64.const -0.5
                      f64.const 0.5
                      local.get 49
                      select
                      f64.add
                      i32.trunc_sat_f64_s
                      local.set 50
                    end
                    local.get 50
                    f64.convert_i32_s
                    local.set 46
                    local.get 40
                    local.get 46
                    f64.const 0.6931471803691238
                    f64.mul
                    f64.sub
                    local.set 41
                    local.get 46
                    f64.const 1.9082149292705877e-10
                    f64.mul
                    local.set 42
                    local.get 41
                    local.get 42
                    f64.sub
                    local.set 43
                  else
                    local.get 48
                    i32.const 1043333120
                    i32.lt_u
                    if
                      f64.const 1
                      local.get 40
                      f64.add
                      local.set 47
                      br 2
                    end
                    local.get 40
                    local.set 43
                  end
                  local.get 43
                  local.get 43
                  f64.mul
                  local.set 44
                  local.get 43
                  local.get 44
                  local.get 44
                  f64.const 4.1381367970572385e-8
                  f64.mul
                  f64.const -0.0000016533902205465252
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.00006613756321437934
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const -0.0027777777777015593
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.16666666666666602
                  f64.add
                  f64.mul
                  f64.sub
                  local.set 45
                  local.get 50
                  i32.eqz
                  if
                    f64.const 1
                    local.get 43
                    local.get 45
                    f64.mul
                    local.get 45
                    f64.const 2
                    f64.sub
                    f64.div
                    local.get 43
                    f64.sub
                    f64.sub
                    local.set 47
                  else
                    f64.const 1
                    local.get 42
                    local.get 43
                    local.get 45
                    f64.mul
                    f64.const 2
                    local.get 45
                    f64.sub
                    f64.div
                    f64.sub
                    local.get 41
                    f64.sub
                    f64.sub
                    local.get 50
                    i32.const 1023
                    i32.add
                    i64.extend_i32_s
                    i32.const 52
                    i64.extend_i32_u
                    i64.shl
                    f64.reinterpret_i64
                    f64.mul
                    local.set 47
                  end
                end
                local.get 47
                f32.demote_f64
                local.set 53
                local.get 39
                f64.promote_f32
                local.set 40
                local.get 40
                i64.reinterpret_f64
                i32.const 32
                i64.extend_i32_u
                i64.shr_u
                i32.wrap_i64
                local.set 48
                local.get 48
                i32.const 31
                i32.shr_u
                local.set 49
                local.get 48
                i32.const 2147483647
                i32.and
                local.set 48
                block
                  local.get 48
                  i32.const 1082130432
                  i32.ge_u
                  if
                    local.get 40
                    call 1
                    local.set 47
                    br 1
                  end
                  i32.const 0
                  local.set 50
                  local.get 48
                  i32.const 1071001154
                  i32.gt_u
                  if
                    local.get 48
                    i32.const 1072734898
                    i32.lt_u
                    if
                      local.get 40
                      f64.const 1
                      f64.eq
                      if
                        f64.const 2.718281828459045
                        local.set 47
                        br 3
                      end
                      i32.const 1
                      local.get 49
                      local.get 49
                      i32.add
                      i32.sub
                      local.set 50
                    else
                      local.get 40
                      f64.const 1.4426950408889634
                      f64.mul
                      f64.const -0.5
                      f64.const 0.5
                      local.get 49
                      select
                      f64.add
                      i32.trunc_sat_f64_s
                      local.set 50
                    end
                    local.get 50
                    f64.convert_i32_s
                    local.set 46
                    local.get 40
                    local.get 46
                    f64.const 0.6931471803691238
                    f64.mul
                    f64.sub
                    local.set 41
                    local.get 46
                    f64.const 1.9082149292705877e-10
                    f64.mul
                    local.set 42
                    local.get 41
                    local.get 42
                    f64.sub
                    local.set 43
                  else
                    local.get 48
                    i32.const 1043333120
                    i32.lt_u
                    if
                      f64.const 1
                      local.get 40
                      f64.add
                      local.set 47
                      br 2
                    end
                    local.get 40
                    local.set 43
                  end
                  local.get 43
                  local.get 43
                  f64.mul
                  local.set 44
                  local.get 43
                  local.get 44
                  local.get 44
                  f64.const 4.1381367970572385e-8
                  f64.mul
                  f64.const -0.0000016533902205465252
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.00006613756321437934
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const -0.0027777777777015593
                  f64.add
                  local.get 44
                  f64.mul
                  f64.const 0.16666666666666602
                  f64.add
                  f64.mul
                  f64.sub
                  local.set 45
                  local.get 50
                  i32.eqz
                  if
                    f64.const 1
                    local.get 43
                    local.get 45
                    f64.mul
                    local.get 45
                    f64.const 2
                    f64.sub
                    f64.div
                    local.get 43
                    f64.sub
                    f64.sub
                    local.set 47
                  else
                    f64.const 1
                    local.get 42
                    local.get 43
                    local.get 45
                    f64.mul
                    f64.const 2
                    local.get 45
                    f64.sub
                    f64.div
                    f64.sub
                    local.get 41
                    f64.sub
                    f64.sub
                    local.get 50
                    i32.const 1023
                    i32.add
                    i64.extend_i32_s
                    i32.const 52
                    i64.extend_i32_u
                    i64.shl
                    f64.reinterpret_i64
                    f64.mul
                    local.set 47
                  end
                end
                local.get 47
                f32.demote_f64
                local.set 54
                local.get 32
                local.get 51
                f32.mul
                local.set 55
                local.get 33
                local.get 52
                f32.mul
                local.set 56
                local.get 34
                local.get 53
                f32.mul
                local.set 57
                local.get 35
                local.get 54
                f32.mul
                local.set 58
                local.get 24
                local.get 55
                f32.add
                local.set 59
                local.get 25
                local.get 56
                f32.add
                local.set 60
                local.get 26
                local.get 57
                f32.add
                local.set 61
                local.get 27
                local.get 58
                f32.add
                local.set 62
                local.get 28
                f32.const 1
                f32.add
                local.set 63
                local.get 29
                f32.const 1
                f32.add
                local.set 64
                local.get 30
                f32.const 1
                f32.add
                local.set 65
                local.get 31
                f32.const 1
                f32.add
                local.set 66
                local.get 63
                f64.promote_f32
                f32.const 0.5
                f64.promote_f32
                call 2
                f32.demote_f64
                local.set 67
                local.get 64
                f64.promote_f32
                f32.const 1
                f64.promote_f32
                call 2
                f32.demote_f64
                local.set 68
                local.get 65
                f64.promote_f32
                f32.const 2
                f64.promote_f32
                call 2
                f32.demote_f64
                local.set 69
                local.get 66
                f64.promote_f32
                f32.const 3
                f64.promote_f32
                call 2
                f32.demote_f64
                local.set 70
                local.get 67
                f32.const 0.009999999776482582
                f32.mul
                local.set 71
                local.get 68
                f32.const 0.009999999776482582
                f32.mul
                local.set 72
                local.get 69
                f32.const 0.009999999776482582
                f32.mul
                local.set 73
                local.get 70
                f32.const 0.009999999776482582
                f32.mul
                local.set 74
                local.get 59
                local.get 71
                f32.sub
                local.set 75
                local.get 60
                local.get 72
                f32.sub
                local.set 76
                local.get 61
                local.get 73
                f32.sub
                local.set 77
                local.get 62
                local.get 74
                f32.sub
                local.set 78
                local.get 75
                local.set 19
                local.get 76
                local.set 20
                local.get 77
                local.set 21
                local.get 78
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
;; imports: sin, exp, pow; vector body: true
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
