(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x20, v128 x4, i32 x8, v128 x1, i32 x8, v128 x7, i32 x2)
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
        i32.const 8
        i32.mul
        i32.add
        local.set 16
        local.get 7
        local.get 8
        i32.const 8
        i32.mul
        i32.add
        local.set 19
        block
          loop
            local.get 8
            local.get 9
            i32.ge_s
            br_if 1
            local.get 16
            i32.load align=4 offset=0
            local.set 14
            local.get 16
            i32.load align=4 offset=4
            local.set 15
            i32.const 0
            local.set 17
            i32.const 0
            local.set 18
            block
              block
                local.get 14
                i32.eqz
                if (result i32)
                  i32.const 0
                else
                  i32.const 1
                  local.get 14
                  i32.rem_s
                end
                local.set 20
                local.get 15
                i32.eqz
                if (result i32)
                  i32.const 0
                else
                  i32.const 5
                  local.get 15
                  i32.rem_s
                end
                local.set 21
                i32.const 0
                local.get 14
                i32.sub
                local.set 22
                i32.const 0
                local.get 15
                i32.sub
                local.set 23
                local.get 20
                local.get 22
                local.get 20
                local.get 22
                i32.lt_s
                select
                local.set 24
                local.get 21
                local.get 23
                local.get 21
                local.get 23
                i32.lt_s
                select
                local.set 25
                local.get 24
                local.get 14
                local.get 24
                local.get 14
                i32.lt_s
                select
                local.set 26
                local.get 25
                local.get 15
                local.get 25
                local.get 15
                i32.lt_s
                select
                local.set 27
                local.get 26
                local.set 17
                local.get 27
                local.set 18
              end
            end
            local.get 19
            local.get 17
            i32.store align=4 offset=0
            local.get 19
            local.get 18
            i32.store align=4 offset=4
            local.get 8
            i32.const 1
            i32.add
            local.set 8
            local.get 16
            i32.const 8
            i32.add
            local.set 16
            local.get 19
            i32.const 8
            i32.add
            local.set 19
            br 0
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, L.args[1].F.byteOffset + L.args[1].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 8;
;; };
;; run.valueCount = 6;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5]);
;; };
;; return run;
