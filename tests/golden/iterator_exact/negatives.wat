(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x3, f32 x1, i32 x1, v128 x7, i32 x6, v128 x1, i32 x1)
    local.get 0
    local.set 12
    local.get 0
    local.get 5
    i32.rem_u
    local.set 17
    local.get 0
    local.get 5
    i32.div_u
    local.set 22
    local.get 22
    local.get 4
    i32.rem_u
    local.set 16
    local.get 22
    local.get 4
    i32.div_u
    local.set 22
    local.get 22
    local.get 3
    i32.rem_u
    local.set 15
    local.get 22
    local.get 3
    i32.div_u
    local.set 14
    block
      loop
        local.get 12
        local.get 1
        i32.ge_s
        br_if 1
        local.get 12
        local.get 5
        i32.add
        local.get 17
        i32.sub
        local.set 13
        local.get 13
        local.get 1
        local.get 13
        local.get 1
        i32.lt_s
        select
        local.set 13
        local.get 11
        local.get 12
        i32.const 4
        i32.mul
        i32.add
        local.set 19
        f32.const 0
        f32x4.splat
        local.set 29
        f32.const 1
        f32x4.splat
        local.set 31
        i32.const 0
        local.set 33
        local.get 5
        local.set 34
        block
          loop
            local.get 12
            local.get 13
            i32.ge_s
            br_if 1
            local.get 17
            local.get 33
            i32.ge_s
            local.get 17
            i32.const 4
            i32.add
            local.get 34
            i32.le_s
            i32.and
            local.get 12
            i32.const 4
            i32.add
            local.get 13
            i32.le_s
            i32.and
            if
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 28
              local.get 17
              i32.const 0
              i32.add
              local.get 9
              i32.add
              local.set 35
              local.get 7
              f64.promote_f32
              local.get 35
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 20
              local.get 20
              f32x4.splat
              local.set 27
              local.get 17
              i32.const 1
              i32.add
              local.get 9
              i32.add
              local.set 36
              local.get 7
              f64.promote_f32
              local.get 36
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 20
              local.get 27
              local.get 20
              f32x4.replace_lane 1
              local.set 27
              local.get 17
              i32.const 2
              i32.add
              local.get 9
              i32.add
              local.set 37
              local.get 7
              f64.promote_f32
              local.get 37
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 20
              local.get 27
              local.get 20
              f32x4.replace_lane 2
              local.set 27
              local.get 17
              i32.const 3
              i32.add
              local.get 9
              i32.add
              local.set 38
              local.get 7
              f64.promote_f32
              local.get 38
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 8
              f64.div
              f32.demote_f64
              local.get 6
              f32.add
              local.set 20
              local.get 27
              local.get 20
              f32x4.replace_lane 3
              local.set 27
              block
                block
                  local.get 27
                  local.get 29
                  f32x4.lt
                  local.set 30
                  local.get 31
                  local.get 29
                  local.get 30
                  v128.bitselect
                  local.set 32
                  local.get 32
                  local.set 28
                end
              end
              local.get 28
              local.set 39
              local.get 19
              i32.const 0
              i32.add
              local.get 39
              v128.store align=1 offset=0
              local.get 12
              i32.const 4
              i32.add
              local.set 12
              local.get 17
              i32.const 4
              i32.add
              local.set 17
              local.get 19
              i32.const 16
              i32.add
              local.set 19
              br 1
            end
            local.get 17
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
            local.set 20
            f32.const 0
            local.set 18
            block
              block
                local.get 20
                f32.const 0
                f32.lt
                local.set 23
                f32.const 0
                local.set 24
                i32.const 0
                local.set 25
                local.get 23
                if
                  f32.const 1
                  local.set 24
                  i32.const 1
                  local.set 25
                else
                  f32.const 0
                  local.set 24
                  i32.const 0
                  local.set 25
                end
                local.get 24
                local.set 18
              end
            end
            local.get 19
            local.get 18
            f32.store align=4 offset=0
            local.get 12
            i32.const 1
            i32.add
            local.set 12
            local.get 17
            i32.const 1
            i32.add
            local.set 17
            local.get 19
            i32.const 4
            i32.add
            local.set 19
            br 0
          end
        end
        local.get 17
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 17
          local.get 16
          i32.const 1
          i32.add
          local.tee 16
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 16
            local.get 15
            i32.const 1
            i32.add
            local.tee 15
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 15
              local.get 14
              i32.const 1
              i32.add
              local.set 14
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].lo[0], L.args[0].d[0], L.args[0].n[0], L.args[0].o[3], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 4);
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
;;   V[9] = L.args[1].F.byteOffset + L.args[1].base * 4;
;; };
;; run.valueCount = 10;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9]);
;; };
;; return run;
