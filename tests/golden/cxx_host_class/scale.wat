(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 f32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 f32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, v128 x4, i32 x2, v128 x2)
    local.get 0
    local.set 9
    block
      loop
        local.get 9
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 10
        local.get 6
        local.get 9
        i32.const 4
        i32.mul
        i32.add
        local.set 16
        local.get 8
        local.get 9
        i32.const 4
        i32.mul
        i32.add
        local.set 18
        local.get 7
        f32x4.splat
        local.set 22
        i32.const 0
        local.set 24
        local.get 5
        local.set 25
        block
          loop
            local.get 9
            local.get 10
            i32.ge_s
            br_if 1
            local.get 14
            local.get 24
            i32.ge_s
            local.get 14
            i32.const 4
            i32.add
            local.get 25
            i32.le_s
            i32.and
            local.get 9
            i32.const 4
            i32.add
            local.get 10
            i32.le_s
            i32.and
            if
              local.get 16
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 26
              local.get 26
              local.set 20
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 21
              block
                block
                  local.get 20
                  local.get 22
                  f32x4.mul
                  local.set 23
                  local.get 23
                  local.set 21
                end
              end
              local.get 21
              local.set 27
              local.get 18
              i32.const 0
              i32.add
              local.get 27
              v128.store align=1 offset=0
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 14
              i32.const 4
              i32.add
              local.set 14
              local.get 16
              i32.const 16
              i32.add
              local.set 16
              local.get 18
              i32.const 16
              i32.add
              local.set 18
              br 1
            end
            local.get 16
            f32.load align=4 offset=0
            local.set 15
            f32.const 0
            local.set 17
            block
              block
                local.get 15
                local.get 7
                f32.mul
                local.set 19
                local.get 19
                local.set 17
              end
            end
            local.get 18
            local.get 17
            f32.store align=4 offset=0
            local.get 9
            i32.const 1
            i32.add
            local.set 9
            local.get 16
            i32.const 4
            i32.add
            local.set 16
            local.get 18
            i32.const 4
            i32.add
            local.set 18
            br 0
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, Math.fround(L.args[1].value[0]), L.args[2].F.byteOffset + L.args[2].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = Math.fround(L.args[1].value[0]);
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 4;
;; };
;; run.valueCount = 7;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6]);
;; };
;; return run;
