(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x2, i32 x1, f32 x2, i32 x1, f32 x2, v128 x8, i32 x2, v128 x6)
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
        i32.const 8
        i32.mul
        i32.add
        local.set 17
        local.get 7
        local.get 9
        i32.const 8
        i32.mul
        i32.add
        local.set 20
        local.get 8
        local.get 9
        i32.const 8
        i32.mul
        i32.add
        local.set 23
        i32.const 0
        local.set 34
        local.get 5
        local.set 35
        block
          loop
            local.get 9
            local.get 10
            i32.ge_s
            br_if 1
            local.get 14
            local.get 34
            i32.ge_s
            local.get 14
            i32.const 4
            i32.add
            local.get 35
            i32.le_s
            i32.and
            local.get 9
            i32.const 4
            i32.add
            local.get 10
            i32.le_s
            i32.and
            if
              local.get 17
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 36
              local.get 17
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 37
              local.get 36
              local.get 37
              i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27
              local.set 26
              local.get 36
              local.get 37
              i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31
              local.set 27
              local.get 20
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 38
              local.get 20
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 39
              local.get 38
              local.get 39
              i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27
              local.set 28
              local.get 38
              local.get 39
              i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31
              local.set 29
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 30
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 31
              block
                block
                  local.get 26
                  local.get 28
                  f32x4.add
                  local.set 32
                  local.get 27
                  local.get 29
                  f32x4.add
                  local.set 33
                  local.get 32
                  local.set 30
                  local.get 33
                  local.set 31
                end
              end
              local.get 30
              local.get 31
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 40
              local.get 30
              local.get 31
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 41
              local.get 23
              i32.const 0
              i32.add
              local.get 40
              v128.store align=1 offset=0
              local.get 23
              i32.const 16
              i32.add
              local.get 41
              v128.store align=1 offset=0
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 14
              i32.const 4
              i32.add
              local.set 14
              local.get 17
              i32.const 32
              i32.add
              local.set 17
              local.get 20
              i32.const 32
              i32.add
              local.set 20
              local.get 23
              i32.const 32
              i32.add
              local.set 23
              br 1
            end
            local.get 17
            f32.load align=4 offset=0
            local.set 15
            local.get 17
            f32.load align=4 offset=4
            local.set 16
            local.get 20
            f32.load align=4 offset=0
            local.set 18
            local.get 20
            f32.load align=4 offset=4
            local.set 19
            f32.const 0
            local.set 21
            f32.const 0
            local.set 22
            block
              block
                local.get 15
                local.get 18
                f32.add
                local.set 24
                local.get 16
                local.get 19
                f32.add
                local.set 25
                local.get 24
                local.set 21
                local.get 25
                local.set 22
              end
            end
            local.get 23
            local.get 21
            f32.store align=4 offset=0
            local.get 23
            local.get 22
            f32.store align=4 offset=4
            local.get 9
            i32.const 1
            i32.add
            local.set 9
            local.get 17
            i32.const 8
            i32.add
            local.set 17
            local.get 20
            i32.const 8
            i32.add
            local.set 20
            local.get 23
            i32.const 8
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
;; imports: (none); vector body: true
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, L.args[1].F.byteOffset + L.args[1].base * 8, L.args[2].F.byteOffset + L.args[2].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 8;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 8;
;; };
;; run.valueCount = 7;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6]);
;; };
;; return run;
