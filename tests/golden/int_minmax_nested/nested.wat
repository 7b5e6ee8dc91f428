(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x24, v128 x4, i32 x8, v128 x4, i32 x4, v128 x3, i32 x4, v128 x3, i32 x2)
    local.get 0
    local.set 10
    block
      loop
        local.get 10
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 11
        local.get 6
        local.get 10
        i32.const 4
        i32.mul
        i32.add
        local.set 17
        local.get 7
        local.get 10
        i32.const 4
        i32.mul
        i32.add
        local.set 19
        local.get 8
        local.get 10
        i32.const 4
        i32.mul
        i32.add
        local.set 21
        local.get 9
        local.get 10
        i32.const 4
        i32.mul
        i32.add
        local.set 23
        block
          loop
            local.get 10
            local.get 11
            i32.ge_s
            br_if 1
            local.get 17
            i32.load align=4 offset=0
            local.set 16
            i32.const 0
            local.set 18
            i32.const 0
            local.set 20
            i32.const 0
            local.set 22
            block
              block
                local.get 16
                i32.eqz
                if (result i32)
                  i32.const 0
                else
                  i32.const 1
                  local.get 16
                  i32.rem_s
                end
                local.set 24
                i32.const 0
                local.get 16
                i32.sub
                local.set 25
                local.get 24
                local.get 25
                local.get 24
                local.get 25
                i32.lt_s
                select
                local.set 26
                local.get 26
                local.get 16
                local.get 26
                local.get 16
                i32.lt_s
                select
                local.set 27
                local.get 27
                local.set 18
                local.get 16
                i32.eqz
                if (result i32)
                  i32.const 0
                else
                  local.get 16
                  i32.const -1
                  i32.eq
                  if (result i32)
                    i32.const 0
                    i32.const 5
                    i32.sub
                  else
                    i32.const 5
                    local.get 16
                    i32.div_s
                  end
                end
                local.set 28
                local.get 28
                local.get 25
                local.get 28
                local.get 25
                i32.gt_s
                select
                local.set 29
                local.get 29
                local.get 16
                local.get 29
                local.get 16
                i32.gt_s
                select
                local.set 30
                local.get 30
                local.set 20
                local.get 16
                i32.eqz
                if (result i32)
                  i32.const 0
                else
                  i32.const 7
                  local.get 16
                  i32.rem_s
                end
                local.set 31
                local.get 31
                local.get 25
                local.get 31
                local.get 25
                i32.gt_s
                select
                local.set 32
                local.get 32
                local.get 16
                local.get 32
                local.get 16
                i32.lt_s
                select
                local.set 33
                local.get 33
                local.set 22
              end
            end
            local.get 19
            local.get 18
            i32.store align=4 offset=0
            local.get 21
            local.get 20
            i32.store align=4 offset=0
            local.get 23
            local.get 22
            i32.store align=4 offset=0
            local.get 10
            i32.const 1
            i32.add
            local.set 10
            local.get 17
            i32.const 4
            i32.add
            local.set 17
            local.get 19
            i32.const 4
            i32.add
            local.set 19
            local.get 21
            i32.const 4
            i32.add
            local.set 21
            local.get 23
            i32.const 4
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
;; imports: (none); vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 4, L.args[2].F.byteOffset + L.args[2].base * 4, L.args[3].F.byteOffset + L.args[3].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 4;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 4;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 4;
;; };
;; run.valueCount = 8;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7]);
;; };
;; return run;
