(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, i32 x1, f32 x2, i32 x1, f32 x3, v128 x10, i32 x2, v128 x7)
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
        i32.const 4
        i32.mul
        i32.add
        local.set 18
        local.get 7
        local.get 11
        i32.const 4
        i32.mul
        i32.add
        local.set 20
        local.get 8
        local.get 11
        i32.const 4
        i32.mul
        i32.add
        local.set 22
        local.get 9
        local.get 11
        i32.const 8
        i32.mul
        i32.add
        local.set 25
        local.get 10
        local.get 11
        i32.const 8
        i32.mul
        i32.add
        local.set 28
        i32.const 0
        local.set 42
        local.get 5
        local.set 43
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 16
            local.get 42
            i32.ge_s
            local.get 16
            i32.const 4
            i32.add
            local.get 43
            i32.le_s
            i32.and
            local.get 11
            i32.const 4
            i32.add
            local.get 12
            i32.le_s
            i32.and
            if
              local.get 18
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 44
              local.get 44
              local.set 32
              local.get 20
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 45
              local.get 45
              local.set 33
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 34
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 35
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 36
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 37
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 38
              block
                block
                  local.get 32
                  local.get 33
                  f32x4.max
                  local.set 39
                  local.get 39
                  local.set 34
                  local.get 32
                  local.set 35
                  local.get 33
                  local.set 36
                  local.get 32
                  local.get 33
                  f32x4.add
                  local.set 40
                  local.get 40
                  local.set 37
                  local.get 32
                  local.get 33
                  f32x4.sub
                  local.set 41
                  local.get 41
                  local.set 38
                end
              end
              local.get 34
              local.set 46
              local.get 22
              i32.const 0
              i32.add
              local.get 46
              v128.store align=1 offset=0
              local.get 35
              local.get 36
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 47
              local.get 35
              local.get 36
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 48
              local.get 25
              i32.const 0
              i32.add
              local.get 47
              v128.store align=1 offset=0
              local.get 25
              i32.const 16
              i32.add
              local.get 48
              v128.store align=1 offset=0
              local.get 37
              local.get 38
              i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
              local.set 49
              local.get 37
              local.get 38
              i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
              local.set 50
              local.get 28
              i32.const 0
              i32.add
              local.get 49
              v128.store align=1 offset=0
              local.get 28
              i32.const 16
              i32.add
              local.get 50
              v128.store align=1 offset=0
              local.get 11
              i32.const 4
              i32.add
              local.set 11
              local.get 16
              i32.const 4
              i32.add
              local.set 16
              local.get 18
              i32.const 16
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
              local.get 25
              i32.const 32
              i32.add
              local.set 25
              local.get 28
              i32.const 32
              i32.add
              local.set 28
              br 1
            end
            local.get 18
            f32.load align=4 offset=0
            local.set 17
            local.get 20
            f32.load align=4 offset=0
            local.set 19
            f32.const 0
            local.set 21
            f32.const 0
            local.set 23
            f32.const 0
            local.set 24
            f32.const 0
            local.set 26
            f32.const 0
            local.set 27
            block
              block
                local.get 17
                local.get 19
                f32.max
                local.set 29
                local.get 29
                local.set 21
                local.get 17
                local.set 23
                local.get 19
                local.set 24
                local.get 17
                local.get 19
                f32.add
                local.set 30
                local.get 30
                local.set 26
                local.get 17
                local.get 19
                f32.sub
                local.set 31
                local.get 31
                local.set 27
              end
            end
            local.get 22
            local.get 21
            f32.store align=4 offset=0
            local.get 25
            local.get 23
            f32.store align=4 offset=0
            local.get 25
            local.get 24
            f32.store align=4 offset=4
            local.get 28
            local.get 26
            f32.store align=4 offset=0
            local.get 28
            local.get 27
            f32.store align=4 offset=4
            local.get 11
            i32.const 1
            i32.add
            local.set 11
            local.get 18
            i32.const 4
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
            local.get 25
            i32.const 8
            i32.add
            local.set 25
            local.get 28
            i32.const 8
            i32.add
            local.set 28
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 4, L.args[2].F.byteOffset + L.args[2].base * 4, L.args[3].F.byteOffset + L.args[3].base * 8, L.args[4].F.byteOffset + L.args[4].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 4;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 4;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 8;
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 8;
;; };
;; run.valueCount = 9;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8]);
;; };
;; return run;
