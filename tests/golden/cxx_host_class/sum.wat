(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x2, f32 x1, i32 x3)
    local.get 0
    local.set 9
    i32.const 1
    local.set 18
    block
      loop
        local.get 9
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 10
        local.get 9
        local.get 7
        i32.div_u
        i32.const 1
        i32.add
        local.get 7
        i32.mul
        local.set 19
        local.get 10
        local.get 19
        local.get 10
        local.get 19
        i32.lt_s
        select
        local.set 10
        local.get 6
        local.get 9
        i32.const 4
        i32.mul
        i32.add
        local.set 16
        local.get 18
        if
          local.get 16
          f32.load align=4 offset=0
          local.set 15
          local.get 15
          local.set 17
          i32.const 0
          local.set 18
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          local.get 16
          i32.const 4
          i32.add
          local.set 16
        end
        block
          loop
            local.get 9
            local.get 10
            i32.ge_s
            br_if 1
            local.get 16
            f32.load align=4 offset=0
            local.set 15
            block
              block
                local.get 17
                local.get 15
                f32.add
                local.set 20
                local.get 20
                local.set 17
              end
            end
            local.get 9
            i32.const 1
            i32.add
            local.set 9
            local.get 16
            i32.const 4
            i32.add
            local.set 16
            br 0
          end
        end
        local.get 9
        local.get 19
        i32.eq
        local.get 9
        local.get 1
        i32.eq
        i32.or
        if
          local.get 9
          i32.const 1
          i32.sub
          local.get 7
          i32.div_u
          i32.const 8
          i32.mul
          local.get 8
          i32.add
          local.set 23
          local.get 23
          local.get 17
          f64.promote_f32
          f64.store align=8 offset=0
          i32.const 1
          local.set 18
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.chunk, L.partials.byteOffset);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.chunk;
;;   V[6] = L.partials.byteOffset;
;; };
;; run.valueCount = 7;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6]);
;; };
;; return run;
