(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 f32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 f32 i32 i32 i32)
    (local i32 x6, f32 x4, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x8, v128 x21, i32 x2)
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
        local.get 7
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 20
        local.get 8
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 25
        local.get 9
        local.get 10
        i32.const 16
        i32.mul
        i32.add
        local.set 30
        local.get 6
        f32x4.splat
        local.set 51
        i32.const 0
        local.set 60
        local.get 5
        local.set 61
        block
          loop
            local.get 10
            local.get 11
            i32.ge_s
            br_if 1
            local.get 15
            local.get 60
            i32.ge_s
            local.get 15
            i32.const 4
            i32.add
            local.get 61
            i32.le_s
            i32.and
            local.get 10
            i32.const 4
            i32.add
            local.get 11
            i32.le_s
            i32.and
            if
              local.get 20
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 39
              local.get 20
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 40
              local.get 20
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 41
              local.get 20
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 42
              local.get 25
              i32.const 0
              i32.add
              v128.load align=1 offset=0
              local.set 43
              local.get 25
              i32.const 16
              i32.add
              v128.load align=1 offset=0
              local.set 44
              local.get 25
              i32.const 32
              i32.add
              v128.load align=1 offset=0
              local.set 45
              local.get 25
              i32.const 48
              i32.add
              v128.load align=1 offset=0
              local.set 46
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 47
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 48
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 49
              v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
              local.set 50
              block
                block
                  local.get 51
                  local.get 39
                  f32x4.mul
                  local.set 52
                  local.get 51
                  local.get 40
                  f32x4.mul
                  local.set 53
                  local.get 51
                  local.get 41
                  f32x4.mul
                  local.set 54
                  local.get 51
                  local.get 42
                  f32x4.mul
                  local.set 55
                  local.get 52
                  local.get 43
                  f32x4.add
                  local.set 56
                  local.get 53
                  local.get 44
                  f32x4.add
                  local.set 57
                  local.get 54
                  local.get 45
                  f32x4.add
                  local.set 58
                  local.get 55
                  local.get 46
                  f32x4.add
                  local.set 59
                  local.get 56
                  local.set 47
                  local.get 57
                  local.set 48
                  local.get 58
                  local.set 49
                  local.get 59
                  local.set 50
                end
              end
              local.get 30
              i32.const 0
              i32.add
              local.get 47
              v128.store align=1 offset=0
              local.get 30
              i32.const 16
              i32.add
              local.get 48
              v128.store align=1 offset=0
              local.get 30
              i32.const 32
              i32.add
              local.get 49
              v128.store align=1 offset=0
              local.get 30
              i32.const 48
              i32.add
              local.get 50
              v128.store align=1 offset=0
              local.get 10
              i32.const 4
              i32.add
              local.set 10
              local.get 15
              i32.const 4
              i32.add
              local.set 15
              local.get 20
              i32.const 64
              i32.add
              local.set 20
              local.get 25
              i32.const 64
              i32.add
              local.set 25
              local.get 30
              i32.const 64
              i32.add
              local.set 30
              br 1
            end
            local.get 20
            f32.load align=4 offset=0
            local.set 16
            local.get 20
            f32.load align=4 offset=4
            local.set 17
            local.get 20
            f32.load align=4 offset=8
            local.set 18
            local.get 20
            f32.load align=4 offset=12
            local.set 19
            local.get 25
            f32.load align=4 offset=0
            local.set 21
            local.get 25
            f32.load align=4 offset=4
            local.set 22
            local.get 25
            f32.load align=4 offset=8
            local.set 23
            local.get 25
            f32.load align=4 offset=12
            local.set 24
            f32.const 0
            local.set 26
            f32.const 0
            local.set 27
            f32.const 0
            local.set 28
            f32.const 0
            local.set 29
            block
              block
                local.get 6
                local.get 16
                f32.mul
                local.set 31
                local.get 6
                local.get 17
                f32.mul
                local.set 32
                local.get 6
                local.get 18
                f32.mul
                local.set 33
                local.get 6
                local.get 19
                f32.mul
                local.set 34
                local.get 31
                local.get 21
                f32.add
                local.set 35
                local.get 32
                local.get 22
                f32.add
                local.set 36
                local.get 33
                local.get 23
                f32.add
                local.set 37
                local.get 34
                local.get 24
                f32.add
                local.set 38
                local.get 35
                local.set 26
                local.get 36
                local.set 27
                local.get 37
                local.set 28
                local.get 38
                local.set 29
              end
            end
            local.get 30
            local.get 26
            f32.store align=4 offset=0
            local.get 30
            local.get 27
            f32.store align=4 offset=4
            local.get 30
            local.get 28
            f32.store align=4 offset=8
            local.get 30
            local.get 29
            f32.store align=4 offset=12
            local.get 10
            i32.const 1
            i32.add
            local.set 10
            local.get 20
            i32.const 16
            i32.add
            local.set 20
            local.get 25
            i32.const 16
            i32.add
            local.set 25
            local.get 30
            i32.const 16
            i32.add
            local.set 30
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], Math.fround(L.args[0].value[0]), L.args[1].F.byteOffset + L.args[1].base * 16, L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = Math.fround(L.args[0].value[0]);
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 16;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 16;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 16;
;; };
;; run.valueCount = 8;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7]);
;; };
;; return run;
