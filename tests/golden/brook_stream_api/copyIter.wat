(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x1, i32 x1, f32 x1, i32 x2, v128 x6, i32 x10, v128 x2, i32 x2)
    local.get 0
    local.set 17
    local.get 0
    local.get 5
    i32.rem_u
    local.set 22
    local.get 0
    local.get 5
    i32.div_u
    local.set 30
    local.get 30
    local.get 4
    i32.rem_u
    local.set 21
    local.get 30
    local.get 4
    i32.div_u
    local.set 30
    local.get 30
    local.get 3
    i32.rem_u
    local.set 20
    local.get 30
    local.get 3
    i32.div_u
    local.set 19
    block
      loop
        local.get 17
        local.get 1
        i32.ge_s
        br_if 1
        local.get 17
        local.get 5
        i32.add
        local.get 22
        i32.sub
        local.set 18
        local.get 18
        local.get 1
        local.get 18
        local.get 1
        i32.lt_s
        select
        local.set 18
        local.get 16
        local.get 17
        i32.const 8
        i32.mul
        i32.add
        local.set 25
        i32.const 0
        local.set 37
        local.get 5
        local.set 38
        block
          loop
            local.get 17
            local.get 18
            i32.ge_s
            br_if 1
            local.get 22
            local.get 37
            i32.ge_s
            local.get 22
            i32.const 4
            i32.add
            local.get 38
            i32.le_s
            i32.and
            local.get 17
            i32.const 4
            i32.add
            local.get 18
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 35
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 36
              local.get 22
              i32.const 0
              i32.add
              local.get 9
              i32.add
              local.set 39
              local.get 7
              f64.promote_f32
              local.get 39
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 26
              local.get 26
              f32x4.splat
              local.set 32
              local.get 22
              i32.const 1
              i32.add
              local.get 9
              i32.add
              local.set 40
              local.get 7
              f64.promote_f32
              local.get 40
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 26
              local.get 32
              local.get 26
              f32x4.replace_lane 1
              local.set 32
              local.get 22
              i32.const 2
              i32.add
              local.get 9
              i32.add
              local.set 41
              local.get 7
              f64.promote_f32
              local.get 41
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 26
              local.get 32
              local.get 26
              f32x4.replace_lane 2
              local.set 32
              local.get 22
              i32.const 3
              i32.add
              local.get 9
              i32.add
              local.set 42
              local.get 7
              f64.promote_f32
              local.get 42
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 26
              local.get 32
              local.get 26
              f32x4.replace_lane 3
              local.set 32
              local.get 22
              i32.const 0
              i32.add
              local.get 14
              i32.add
              local.set 43
              local.get 12
              f64.promote_f32
              local.get 43
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 28
              local.get 28
              f32x4.splat
              local.set 34
              local.get 22
              i32.const 1
              i32.add
              local.get 14
              i32.add
              local.set 44
              local.get 12
              f64.promote_f32
              local.get 44
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 28
              local.get 34
              local.get 28
              f32x4.replace_lane 1
              local.set 34
              local.get 22
              i32.const 2
              i32.add
              local.get 14
              i32.add
              local.set 45
              local.get 12
              f64.promote_f32
              local.get 45
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 28
              local.get 34
              local.get 28
              f32x4.replace_lane 2
              local.set 34
              local.get 22
              i32.const 3
              i32.add
              local.get 14
              i32.add
              local.set 46
              local.get 12
              f64.promote_f32
              local.get 46
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 13
              f64.div
              f32.demote_f64
              local.get 11
              f32.add
              local.set 28
              local.get 34
              local.get 28
              f32x4.replace_lane 3
              local.set 34
              block
                block
                  local.get 32
                  local.set 35
                  local.get 34
                  local.set 36
                end
              end
              local.get 35
              local.get 36
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 47
              local.get 35
              local.get 36
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 48
              local.get 25
              i32.const 0
              i32.add
              local.get 47
              v128.store align=1 offset=0
              local.get 25
              i32.const 16
              i32.add
              local.get 48
              v128.store align=1 offset=0
              local.get 17
              i32.const 4
              i32.add
              local.set 17
              local.get 22
              i32.const 4
              i32.add
              local.set 22
              local.get 25
              i32.const 32
              i32.add
              local.set 25
              br 1
            end
            local.get 22
            local.get 9
            i32.add
            local.set 49
            local.get 7
            f64.promote_f32
            local.get 49
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 8
            f64.div
            f32.demote_f64
            local.get 6
            f32.add
            local.set 26
            local.get 22
            local.get 14
            i32.add
            local.set 50
            local.get 12
            f64.promote_f32
            local.get 50
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 13
            f64.div
            f32.demote_f64
            local.get 11
            f32.add
            local.set 28
            f32.const 0
            local.set 23
            f32.const 0
            local.set 24
            block
              block
                local.get 26
                local.set 23
                local.get 28
                local.set 24
              end
            end
            local.get 25
            local.get 23
            f32.store align=4 offset=0
            local.get 25
            local.get 24
            f32.store align=4 offset=4
            local.get 17
            i32.const 1
            i32.add
            local.set 17
            local.get 22
            i32.const 1
            i32.add
            local.set 22
            local.get 25
            i32.const 8
            i32.add
            local.set 25
            br 0
          end
        end
        local.get 22
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 22
          local.get 21
          i32.const 1
          i32.add
          local.tee 21
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 21
            local.get 20
            i32.const 1
            i32.add
            local.tee 20
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 20
              local.get 19
              i32.const 1
              i32.add
              local.set 19
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].lo[0], L.args[0].d[0], L.args[0].n[0], L.args[0].o[3], L.args[0].s[3], L.args[0].lo[1], L.args[0].d[1], L.args[0].n[1], L.args[0].o[3], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 8);
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
;;   V[9] = L.args[0].lo[1];
;;   V[10] = L.args[0].d[1];
;;   V[11] = L.args[0].n[1];
;;   V[12] = L.args[0].o[3];
;;   V[13] = L.args[0].s[3];
;;   V[14] = L.args[1].F.byteOffset + L.args[1].base * 8;
;; };
;; run.valueCount = 15;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14]);
;; };
;; return run;
