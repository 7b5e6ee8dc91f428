(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f32 i32)
    (local i32 x6, f32 x3, i32 x1, f32 x3, i32 x1, f32 x3, i32 x2)
    local.get 0
    local.set 11
    block
      loop
        local.get 11
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 12
        local.get 6
        local.get 11
        i32.const 12
        i32.mul
        i32.add
        local.set 20
        local.get 10
        local.get 11
        i32.const 12
        i32.mul
        i32.add
        local.set 24
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 20
            f32.load align=4 offset=0
            local.set 17
            local.get 20
            f32.load align=4 offset=4
            local.set 18
            local.get 20
            f32.load align=4 offset=8
            local.set 19
            f32.const 0
            local.set 21
            f32.const 0
            local.set 22
            f32.const 0
            local.set 23
            block
              block
                local.get 17
                local.get 7
                f32.add
                local.set 25
                local.get 18
                local.get 8
                f32.add
                local.set 26
                local.get 19
                local.get 9
                f32.add
                local.set 27
                local.get 25
                local.set 21
                local.get 26
                local.set 22
                local.get 27
                local.set 23
              end
            end
            local.get 24
            local.get 21
            f32.store align=4 offset=0
            local.get 24
            local.get 22
            f32.store align=4 offset=4
            local.get 24
            local.get 23
            f32.store align=4 offset=8
            local.get 11
            i32.const 1
            i32.add
            local.set 11
            local.get 20
            i32.const 12
            i32.add
            local.set 20
            local.get 24
            i32.const 12
            i32.add
            local.set 24
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 12, Math.fround(L.args[1].value[0]), Math.fround(L.args[1].value[1]), Math.fround(L.args[1].value[2]), L.args[2].F.byteOffset + L.args[2].base * 12);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 12;
;;   V[5] = Math.fround(L.args[1].value[0]);
;;   V[6] = Math.fround(L.args[1].value[1]);
;;   V[7] = Math.fround(L.args[1].value[2]);
;;   V[8] = L.args[2].F.byteOffset + L.args[2].base * 12;
;; };
;; run.valueCount = 9;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8]);
;; };
;; return run;
