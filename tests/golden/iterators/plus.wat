(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x2, f32 x1, v128 x5, i32 x2, v128 x1, i32 x4, v128 x1, i32 x1)
    local.get 0
    local.set 13
    local.get 0
    local.get 5
    i32.rem_u
    local.set 18
    local.get 0
    local.get 5
    i32.div_u
    local.set 25
    local.get 25
    local.get 4
    i32.rem_u
    local.set 17
    local.get 25
    local.get 4
    i32.div_u
    local.set 25
    local.get 25
    local.get 3
    i32.rem_u
    local.set 16
    local.get 25
    local.get 3
    i32.div_u
    local.set 15
    block
      loop
        local.get 13
        local.get 1
        i32.ge_s
        br_if 1
        local.get 13
        local.get 5
        i32.add
        local.get 18
        i32.sub
        local.set 14
        local.get 14
        local.get 1
        local.get 14
        local.get 1
        i32.lt_s
        select
        local.set 14
        local.get 6
        local.get 13
        i32.const 4
        i32.mul
        i32.add
        local.set 20
        local.get 12
        local.get 13
        i32.const 4
        i32.mul
        i32.add
        local.set 22
        i32.const 0
        local.set 32
        local.get 5
        local.set 33
        block
          loop
            local.get 13
            local.get 14
            i32.ge_s
            br_if 1
            local.get 18
            local.get 32
            i32.ge_s
            local.get 18
            i32.const 4
            i32.add
            local.get 33
            i32.le_s
            i32.and
            local.get 13
            i32.const 4
            i32.add
            local.get 14
            i32.le_s
            i32.and
            if
              local.get 20
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 34
              local.get 34
              local.set 29
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 30
              local.get 18
              i32.const 0
              i32.add
              local.get 10
              i32.add
              local.set 35
              local.get 8
              f64.promote_f32
              local.get 35
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 9
              f64.div
              f32.demote_f64
              local.get 7
              f32.add
              local.set 23
              local.get 23
              f32x4.splat
              local.set 28
              local.get 18
              i32.const 1
              i32.add
              local.get 10
              i32.add
              local.set 36
              local.get 8
              f64.promote_f32
              local.get 36
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 9
              f64.div
              f32.demote_f64
              local.get 7
              f32.add
              local.set 23
              local.get 28
              local.get 23
              f32x4.replace_lane 1
              local.set 28
              local.get 18
              i32.const 2
              i32.add
              local.get 10
              i32.add
              local.set 37
              local.get 8
              f64.promote_f32
              local.get 37
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 9
              f64.div
              f32.demote_f64
              local.get 7
              f32.add
              local.set 23
              local.get 28
              local.get 23
              f32x4.replace_lane 2
              local.set 28
              local.get 18
              i32.const 3
              i32.add
              local.get 10
              i32.add
              local.set 38
              local.get 8
              f64.promote_f32
              local.get 38
              f64.convert_i32_u
              f64.mul
              f32.demote_f64
              f64.promote_f32
              local.get 9
              f64.div
              f32.demote_f64
              local.get 7
              f32.add
              local.set 23
              local.get 28
              local.get 23
              f32x4.replace_lane 3
              local.set 28
              block
                block
                  local.get 29
                  local.get 28
                  f32x4.add
                  local.set 31
                  local.get 31
                  local.set 30
                end
              end
              local.get 30
              local.set 39
              local.get 22
              i32.const 0
              i32.add
              local.get 39
              v128.store align=1 offset=0
              local.get 13
              i32.const 4
              i32.add
              local.set 13
              local.get 18
              i32.const 4
              i32.add
              local.set 18
              local.get 20
              i32.const 16
              i32.add
              local.set 20
              local.get 22
              i32.const 16
              i32.add
              local.set 22
              br 1
            end
            local.get 18
            local.get 10
            i32.add
            local.set 40
            local.get 8
            f64.promote_f32
            local.get 40
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 9
            f64.div
            f32.demote_f64
            local.get 7
            f32.add
            local.set 23
            local.get 20
            f32.load align=4 offset=0
            local.set 19
            f32.const 0
            local.set 21
            block
              block
                local.get 19
                local.get 23
                f32.add
                local.set 26
                local.get 26
                local.set 21
              end
            end
            local.get 22
            local.get 21
            f32.store align=4 offset=0
            local.get 13
            i32.const 1
            i32.add
            local.set 13
            local.get 18
            i32.const 1
            i32.add
            local.set 18
            local.get 20
            i32.const 4
            i32.add
            local.set 20
            local.get 22
            i32.const 4
            i32.add
            local.set 22
            br 0
          end
        end
        local.get 18
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 18
          local.get 17
          i32.const 1
          i32.add
          local.tee 17
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 17
            local.get 16
            i32.const 1
            i32.add
            local.tee 16
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 16
              local.get 15
              i32.const 1
              i32.add
              local.set 15
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].lo[0], L.args[1].d[0], L.args[1].n[0], L.args[1].o[3], L.args[1].s[3], L.args[2].F.byteOffset + L.args[2].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].lo[0];
;;   V[6] = L.args[1].d[0];
;;   V[7] = L.args[1].n[0];
;;   V[8] = L.args[1].o[3];
;;   V[9] = L.args[1].s[3];
;;   V[10] = L.args[2].F.byteOffset + L.args[2].base * 4;
;; };
;; run.valueCount = 11;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10]);
;; };
;; return run;
