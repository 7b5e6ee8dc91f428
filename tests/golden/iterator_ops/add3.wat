(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 f32 f32 f64 i32 i32 i32)
    (local i32 x6, f32 x3, i32 x1, f32 x3, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x2, f32 x6, i32 x5)
    local.get 0
    local.set 23
    local.get 0
    local.get 5
    i32.rem_u
    local.set 28
    local.get 0
    local.get 5
    i32.div_u
    local.set 43
    local.get 43
    local.get 4
    i32.rem_u
    local.set 27
    local.get 43
    local.get 4
    i32.div_u
    local.set 43
    local.get 43
    local.get 3
    i32.rem_u
    local.set 26
    local.get 43
    local.get 3
    i32.div_u
    local.set 25
    block
      loop
        local.get 23
        local.get 1
        i32.ge_s
        br_if 1
        local.get 23
        local.get 5
        i32.add
        local.get 28
        i32.sub
        local.set 24
        local.get 24
        local.get 1
        local.get 24
        local.get 1
        i32.lt_s
        select
        local.set 24
        local.get 6
        local.get 23
        i32.const 12
        i32.mul
        i32.add
        local.set 32
        local.get 22
        local.get 23
        i32.const 12
        i32.mul
        i32.add
        local.set 36
        block
          loop
            local.get 23
            local.get 24
            i32.ge_s
            br_if 1
            local.get 28
            local.get 10
            i32.add
            local.set 52
            local.get 8
            f64.promote_f32
            local.get 52
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 9
            f64.div
            f32.demote_f64
            local.get 7
            f32.add
            local.set 37
            local.get 28
            local.get 15
            i32.add
            local.set 53
            local.get 13
            f64.promote_f32
            local.get 53
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 14
            f64.div
            f32.demote_f64
            local.get 12
            f32.add
            local.set 39
            local.get 28
            local.get 20
            i32.add
            local.set 54
            local.get 18
            f64.promote_f32
            local.get 54
            f64.convert_i32_u
            f64.mul
            f32.demote_f64
            f64.promote_f32
            local.get 19
            f64.div
            f32.demote_f64
            local.get 17
            f32.add
            local.set 41
            local.get 32
            f32.load align=4 offset=0
            local.set 29
            local.get 32
            f32.load align=4 offset=4
            local.set 30
            local.get 32
            f32.load align=4 offset=8
            local.set 31
            f32.const 0
            local.set 33
            f32.const 0
            local.set 34
            f32.const 0
            local.set 35
            block
              block
                local.get 29
                f32.const 10
                f32.mul
                local.set 44
                local.get 30
                f32.const 10
                f32.mul
                local.set 45
                local.get 31
                f32.const 10
                f32.mul
                local.set 46
                local.get 44
                local.get 37
                f32.add
                local.set 47
                local.get 45
                local.get 39
                f32.add
                local.set 48
                local.get 46
                local.get 41
                f32.add
                local.set 49
                local.get 47
                local.set 33
                local.get 48
                local.set 34
                local.get 49
                local.set 35
              end
            end
            local.get 36
            local.get 33
            f32.store align=4 offset=0
            local.get 36
            local.get 34
            f32.store align=4 offset=4
            local.get 36
            local.get 35
            f32.store align=4 offset=8
            local.get 23
            i32.const 1
            i32.add
            local.set 23
            local.get 28
            i32.const 1
            i32.add
            local.set 28
            local.get 32
            i32.const 12
            i32.add
            local.set 32
            local.get 36
            i32.const 12
            i32.add
            local.set 36
            br 0
          end
        end
        local.get 28
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 28
          local.get 27
          i32.const 1
          i32.add
          local.tee 27
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 27
            local.get 26
            i32.const 1
            i32.add
            local.tee 26
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 26
              local.get 25
              i32.const 1
              i32.add
              local.set 25
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 12, L.args[1].lo[0], L.args[1].d[0], L.args[1].n[0], L.args[1].o[3], L.args[1].s[3], L.args[1].lo[1], L.args[1].d[1], L.args[1].n[1], L.args[1].o[3], L.args[1].s[3], L.args[1].lo[2], L.args[1].d[2], L.args[1].n[2], L.args[1].o[3], L.args[1].s[3], L.args[2].F.byteOffset + L.args[2].base * 12);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 12;
;;   V[5] = L.args[1].lo[0];
;;   V[6] = L.args[1].d[0];
;;   V[7] = L.args[1].n[0];
;;   V[8] = L.args[1].o[3];
;;   V[9] = L.args[1].s[3];
;;   V[10] = L.args[1].lo[1];
;;   V[11] = L.args[1].d[1];
;;   V[12] = L.args[1].n[1];
;;   V[13] = L.args[1].o[3];
;;   V[14] = L.args[1].s[3];
;;   V[15] = L.args[1].lo[2];
;;   V[16] = L.args[1].d[2];
;;   V[17] = L.args[1].n[2];
;;   V[18] = L.args[1].o[3];
;;   V[19] = L.args[1].s[3];
;;   V[20] = L.args[2].F.byteOffset + L.args[2].base * 12;
;; };
;; run.valueCount = 21;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19], V[20]);
;; };
;; return run;
