(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x6, f32 x1, i32 x7, f32 x3, v128 x7, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x4, i32 x2, v128 x1)
    local.get 0
    local.set 20
    local.get 0
    local.get 5
    i32.rem_u
    local.set 25
    local.get 0
    local.get 5
    i32.div_u
    local.set 36
    local.get 36
    local.get 4
    i32.rem_u
    local.set 24
    local.get 36
    local.get 4
    i32.div_u
    local.set 36
    local.get 36
    local.get 3
    i32.rem_u
    local.set 23
    local.get 36
    local.get 3
    i32.div_u
    local.set 22
    block
      loop
        local.get 20
        local.get 1
        i32.ge_s
        br_if 1
        local.get 20
        local.get 5
        i32.add
        local.get 25
        i32.sub
        local.set 21
        local.get 21
        local.get 1
        local.get 21
        local.get 1
        i32.lt_s
        select
        local.set 21
        local.get 22
        local.tee 35
        f32.convert_i32_s
        local.set 31
        local.get 23
        local.tee 34
        f32.convert_i32_s
        local.set 30
        local.get 24
        local.tee 33
        f32.convert_i32_s
        local.set 29
        local.get 19
        local.get 20
        i32.const 4
        i32.mul
        i32.add
        local.set 27
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
        local.set 39
        local.get 33
        local.get 9
        i32.const 1
        i32.sub
        local.get 33
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 33
        i32.const 0
        i32.ge_s
        select
        local.set 42
        local.get 42
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 43
        local.get 39
        local.get 43
        i32.add
        local.set 44
        i32.const 31
        i32x4.splat
        local.set 52
        f32.const 31
        f32x4.splat
        local.set 54
        f32.const 0.5
        f32x4.splat
        local.set 85
        i32.const 0
        local.set 88
        local.get 5
        local.set 89
        block
          loop
            local.get 20
            local.get 21
            i32.ge_s
            br_if 1
            local.get 25
            local.get 88
            i32.ge_s
            local.get 25
            i32.const 4
            i32.add
            local.get 89
            i32.le_s
            i32.and
            local.get 20
            i32.const 4
            i32.add
            local.get 21
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 49
              local.get 25
              i32x4.splat
              v128.const i8x16 0 0 0 0 1 0 0 0 2 0 0 0 3 0 0 0
              i32x4.add
              local.tee 50
              f32x4.convert_i32x4_s
              local.set 51
              block
                block
                  local.get 52
                  local.get 50
                  i32x4.sub
                  local.set 53
                  local.get 54
                  local.get 51
                  f32x4.sub
                  local.set 55
                  local.get 55
                  f32x4.extract_lane 0
                  local.set 56
                  local.get 56
                  local.set 57
                  local.get 57
                  i32.trunc_sat_f32_s
                  local.tee 58
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 58
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 57
                  f32.const 0
                  f32.ge
                  select
                  local.set 59
                  local.get 59
                  i32.const 4
                  i32.mul
                  local.set 60
                  local.get 44
                  local.get 60
                  i32.add
                  local.set 61
                  local.get 61
                  f32.load align=4 offset=0
                  local.set 62
                  local.get 55
                  f32x4.extract_lane 1
                  local.set 63
                  local.get 63
                  local.set 64
                  local.get 64
                  i32.trunc_sat_f32_s
                  local.tee 65
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 65
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 64
                  f32.const 0
                  f32.ge
                  select
                  local.set 66
                  local.get 66
                  i32.const 4
                  i32.mul
                  local.set 67
                  local.get 44
                  local.get 67
                  i32.add
                  local.set 68
                  local.get 68
                  f32.load align=4 offset=0
                  local.set 69
                  local.get 55
                  f32x4.extract_lane 2
                  local.set 70
                  local.get 70
                  local.set 71
                  local.get 71
                  i32.trunc_sat_f32_s
                  local.tee 72
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 72
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 71
                  f32.const 0
                  f32.ge
                  select
                  local.set 73
                  local.get 73
                  i32.const 4
                  i32.mul
                  local.set 74
                  local.get 44
                  local.get 74
                  i32.add
                  local.set 75
                  local.get 75
                  f32.load align=4 offset=0
                  local.set 76
                  local.get 55
                  f32x4.extract_lane 3
                  local.set 77
                  local.get 77
                  local.set 78
                  local.get 78
                  i32.trunc_sat_f32_s
                  local.tee 79
                  local.get 10
                  i32.const 1
                  i32.sub
                  local.get 79
                  local.get 10
                  i32.lt_s
                  select
                  i32.const 0
                  local.get 78
                  f32.const 0
                  f32.ge
                  select
                  local.set 80
                  local.get 80
                  i32.const 4
                  i32.mul
                  local.set 81
                  local.get 44
                  local.get 81
                  i32.add
                  local.set 82
                  local.get 82
                  f32.load align=4 offset=0
                  local.set 83
                  local.get 62
                  f32x4.splat
                  local.get 69
                  f32x4.replace_lane 1
                  local.get 76
                  f32x4.replace_lane 2
                  local.get 83
                  f32x4.replace_lane 3
                  local.set 84
                  local.get 84
                  local.get 85
                  f32x4.mul
                  local.set 86
                  local.get 86
                  local.get 51
                  f32x4.add
                  local.set 87
                  local.get 87
                  local.set 49
                end
              end
              local.get 49
              local.set 90
              local.get 27
              i32.const 0
              i32.add
              local.get 90
              v128.store align=1 offset=0
              local.get 20
              i32.const 4
              i32.add
              local.set 20
              local.get 25
              i32.const 4
              i32.add
              local.set 25
              local.get 27
              i32.const 16
              i32.add
              local.set 27
              br 1
            end
            local.get 25
            local.tee 32
            f32.convert_i32_s
            local.set 28
            f32.const 0
            local.set 26
            block
              block
                i32.const 31
                local.get 32
                i32.sub
                local.set 37
                f32.const 31
                local.get 28
                f32.sub
                local.set 38
                local.get 37
                local.get 10
                i32.const 1
                i32.sub
                local.get 37
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 37
                i32.const 0
                i32.ge_s
                select
                local.set 40
                local.get 40
                i32.const 4
                i32.mul
                local.set 41
                local.get 44
                local.get 41
                i32.add
                local.set 45
                local.get 45
                f32.load align=4 offset=0
                local.set 46
                local.get 46
                f32.const 0.5
                f32.mul
                local.set 47
                local.get 47
                local.get 28
                f32.add
                local.set 48
                local.get 48
                local.set 26
              end
            end
            local.get 27
            local.get 26
            f32.store align=4 offset=0
            local.get 20
            i32.const 1
            i32.add
            local.set 20
            local.get 25
            i32.const 1
            i32.add
            local.set 25
            local.get 27
            i32.const 4
            i32.add
            local.set 27
            br 0
          end
        end
        local.get 25
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 25
          local.get 24
          i32.const 1
          i32.add
          local.tee 24
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 24
            local.get 23
            i32.const 1
            i32.add
            local.tee 23
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 23
              local.get 22
              i32.const 1
              i32.add
              local.set 22
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset, L.args[0].e[0], L.args[0].e[1], L.args[0].e[2], L.args[0].e[3], L.args[0].l[0], L.args[0].l[1], L.args[0].l[2], L.args[0].l[3], L.args[0].s[0], L.args[0].s[1], L.args[0].s[2], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 4);
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
;; };
;; run.valueCount = 18;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17]);
;; };
;; return run;
