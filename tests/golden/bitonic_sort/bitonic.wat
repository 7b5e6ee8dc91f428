(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 f32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 f32 f32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x2, f32 x5, f64 x2, i32 x3, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, f64 x2, i32 x3, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, i32 x1, f32 x1, i32 x4, f32 x2, i32 x4, f32 x1, i32 x1, f32 x1, i32 x5, f32 x2, i32 x4, f32 x1, i32 x4, f32 x2, i32 x4, f32 x1, i32 x1, f32 x1, i32 x5, f32 x2, i32 x4, f32 x1, i32 x1, f32 x1, i32 x1, v128 x9, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x9, f32 x1, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x5, f32 x1, i32 x4, f32 x2, i32 x4, f32 x2, i32 x4, f32 x2, i32 x4, f32 x1, v128 x1, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x2, i32 x4, f32 x1, i32 x4, f32 x1, i32 x4, f32 x1, i32 x4, f32 x1, v128 x1, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x2, i32 x4, f32 x1, i32 x4, f32 x1, i32 x4, f32 x1, i32 x4, f32 x1, v128 x1, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x2, i32 x4, f32 x1, i32 x4, f32 x1, i32 x4, f32 x1, i32 x4, f32 x1, v128 x1, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x4, i32 x3)
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
        block
          loop
            local.get 28
            local.get 29
            i32.ge_s
            br_if 1
            local.get 33
            local.get 9
            i32.add
            local.set 396
            local.get 7
            f64.promote_f32
            local.get 396
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
;; imports: fmod; vector body: false
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
