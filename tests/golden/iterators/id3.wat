(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)
    (local i32 x6, f32 x3, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x7)
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
        local.get 21
        local.get 22
        i32.const 12
        i32.mul
        i32.add
        local.set 31
        block
          loop
            local.get 22
            local.get 23
            i32.ge_s
            br_if 1
            local.get 27
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
            local.set 32
            local.get 27
            local.get 14
            i32.add
            local.set 42
            local.get 12
            f64.promote_f32
            local.get 42
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 13
            f64.div
            f32.demote_f64
            local.get 11
            f32.add
            local.set 34
            local.get 27
            local.get 19
            i32.add
            local.set 43
            local.get 17
            f64.promote_f32
            local.get 43
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 18
            f64.div
            f32.demote_f64
            local.get 16
            f32.add
            local.set 36
            f32.const 0
            local.set 28
            f32.const 0
            local.set 29
            f32.const 0
            local.set 30
            block
              block
                local.get 32
                local.set 28
                local.get 34
                local.set 29
                local.get 36
                local.set 30
              end
            end
            local.get 31
            local.get 28
            f32.store align=4 offset=0
            local.get 31
            local.get 29
            f32.store align=4 offset=4
            local.get 31
            local.get 30
            f32.store align=4 offset=8
            local.get 22
            i32.const 1
            i32.add
            local.set 22
            local.get 27
            i32.const 1
            i32.add
            local.set 27
            local.get 31
            i32.const 12
            i32.add
            local.set 31
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
;; imports: (none); vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].lo[0], L.args[0].d[0], L.args[0].n[0], L.args[0].o[3], L.args[0].s[3], L.args[0].lo[1], L.args[0].d[1], L.args[0].n[1], L.args[0].o[3], L.args[0].s[3], L.args[0].lo[2], L.args[0].d[2], L.args[0].n[2], L.args[0].o[3], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 12);
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
;;   V[14] = L.args[0].lo[2];
;;   V[15] = L.args[0].d[2];
;;   V[16] = L.args[0].n[2];
;;   V[17] = L.args[0].o[3];
;;   V[18] = L.args[0].s[3];
;;   V[19] = L.args[1].F.byteOffset + L.args[1].base * 12;
;; };
;; run.valueCount = 20;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19]);
;; };
;; return run;
