(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x10, f32 x1, i32 x4, f32 x1, i32 x2, f32 x1, i32 x1, f32 x2, v128 x20, i32 x2, v128 x1)
    local.get 0
    local.set 21
    local.get 0
    local.get 5
    i32.rem_u
    local.set 26
    local.get 0
    local.get 5
    i32.div_u
    local.set 37
    local.get 37
    local.get 4
    i32.rem_u
    local.set 25
    local.get 37
    local.get 4
    i32.div_u
    local.set 37
    local.get 37
    local.get 3
    i32.rem_u
    local.set 24
    local.get 37
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
        local.tee 36
        f32.convert_i32_s
        local.set 32
        local.get 24
        local.tee 35
        f32.convert_i32_s
        local.set 31
        local.get 25
        local.tee 34
        f32.convert_i32_s
        local.set 30
        local.get 20
        local.get 21
        i32.const 4
        i32.mul
        i32.add
        local.set 28
        local.get 6
        local.get 14
        i32.const 4
        i32.mul
        i32.add
        local.set 39
        local.get 19
        i32x4.splat
        local.set 63
        i32.const 0
        i32x4.splat
        local.set 70
        i32.const 0
        local.set 75
        local.get 5
        local.set 76
        block
          loop
            local.get 21
            local.get 22
            i32.ge_s
            br_if 1
            local.get 26
            local.get 75
            i32.ge_s
            local.get 26
            i32.const 4
            i32.add
            local.get 76
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
              local.set 55
              local.get 26
              i32x4.splat
              v128.const i8x16 0 0 0 0 1 0 0 0 2 0 0 0 3 0 0 0
              i32x4.add
              local.tee 56
              f32x4.convert_i32x4_s
              local.set 57
              block
                block
                  local.get 57
                  i32x4.trunc_sat_f32x4_s
                  local.set 58
                  local.get 58
                  local.get 10
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 58
                  i32.const 0
                  i32x4.splat
                  i32x4.ge_s
                  v128.and
                  local.set 59
                  local.get 59
                  i32.const 2
                  i32x4.shl
                  local.get 39
                  i32x4.splat
                  i32x4.add
                  local.set 60
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 61
                  local.get 61
                  local.get 60
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 61
                  local.get 61
                  local.get 60
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 61
                  local.get 61
                  local.get 60
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 61
                  local.get 61
                  local.get 60
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 61
                  local.get 61
                  local.set 62
                  local.get 58
                  local.get 63
                  v128.xor
                  local.set 64
                  local.get 64
                  local.get 10
                  i32.const 1
                  i32.sub
                  i32x4.splat
                  i32x4.min_s
                  local.get 64
                  i32.const 0
                  i32x4.splat
                  i32x4.ge_s
                  v128.and
                  local.set 65
                  local.get 65
                  i32.const 2
                  i32x4.shl
                  local.get 39
                  i32x4.splat
                  i32x4.add
                  local.set 66
                  v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
                  local.set 67
                  local.get 67
                  local.get 66
                  i32x4.extract_lane 0
                  f32.load align=4 offset=0
                  f32x4.replace_lane 0
                  local.set 67
                  local.get 67
                  local.get 66
                  i32x4.extract_lane 1
                  f32.load align=4 offset=0
                  f32x4.replace_lane 1
                  local.set 67
                  local.get 67
                  local.get 66
                  i32x4.extract_lane 2
                  f32.load align=4 offset=0
                  f32x4.replace_lane 2
                  local.set 67
                  local.get 67
                  local.get 66
                  i32x4.extract_lane 3
                  f32.load align=4 offset=0
                  f32x4.replace_lane 3
                  local.set 67
                  local.get 67
                  local.set 68
                  local.get 58
                  local.get 63
                  v128.and
                  local.set 69
                  local.get 69
                  local.get 70
                  i32x4.eq
                  local.set 71
                  local.get 62
                  local.get 68
                  f32x4.add
                  local.set 72
                  local.get 68
                  local.get 62
                  f32x4.sub
                  local.set 73
                  local.get 72
                  local.get 73
                  local.get 71
                  v128.bitselect
                  local.set 74
                  local.get 74
                  local.set 55
                end
              end
              local.get 55
              local.set 77
              local.get 28
              i32.const 0
              i32.add
              local.get 77
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
              br 1
            end
            local.get 26
            local.tee 33
            f32.convert_i32_s
            local.set 29
            f32.const 0
            local.set 27
            block
              block
                local.get 29
                i32.trunc_sat_f32_s
                local.set 38
                local.get 38
                local.get 10
                i32.const 1
                i32.sub
                local.get 38
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 38
                i32.const 0
                i32.ge_s
                select
                local.set 40
                local.get 40
                i32.const 4
                i32.mul
                local.set 41
                local.get 39
                local.get 41
                i32.add
                local.set 42
                local.get 42
                f32.load align=4 offset=0
                local.set 43
                local.get 38
                local.get 19
                i32.xor
                local.set 44
                local.get 44
                local.get 10
                i32.const 1
                i32.sub
                local.get 44
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 44
                i32.const 0
                i32.ge_s
                select
                local.set 45
                local.get 45
                i32.const 4
                i32.mul
                local.set 46
                local.get 39
                local.get 46
                i32.add
                local.set 47
                local.get 47
                f32.load align=4 offset=0
                local.set 48
                local.get 38
                local.get 19
                i32.and
                local.set 49
                local.get 49
                i32.const 0
                i32.eq
                local.set 50
                f32.const 0
                local.set 51
                i32.const 0
                local.set 52
                local.get 50
                if
                  local.get 43
                  local.get 48
                  f32.add
                  local.set 53
                  local.get 53
                  local.set 51
                else
                  local.get 48
                  local.get 43
                  f32.sub
                  local.set 54
                  local.get 54
                  local.set 51
                end
                local.get 51
                local.set 27
              end
            end
            local.get 28
            local.get 27
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset, L.args[0].e[0], L.args[0].e[1], L.args[0].e[2], L.args[0].e[3], L.args[0].l[0], L.args[0].l[1], L.args[0].l[2], L.args[0].l[3], L.args[0].s[0], L.args[0].s[1], L.args[0].s[2], L.args[0].s[3], f2i(L.args[1].value[0]), L.args[2].F.byteOffset + L.args[2].base * 4);
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
;;   V[17] = f2i(L.args[1].value[0]);
;;   V[18] = L.args[2].F.byteOffset + L.args[2].base * 4;
;; };
;; run.valueCount = 19;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18]);
;; };
;; return run;
