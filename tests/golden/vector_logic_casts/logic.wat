(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f32 f32 f32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 f32 f32 f32 f32 f32 i32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x4, i32 x1, f32 x4, i32 x18, f32 x8, i32 x1, f32 x1, v128 x44, i32 x2)
    local.get 0
    local.set 14
    block
      loop
        local.get 14
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 15
        local.get 6
        local.get 14
        i32.const 8
        i32.mul
        i32.add
        local.set 22
        local.get 12
        local.get 14
        i32.const 16
        i32.mul
        i32.add
        local.set 27
        local.get 13
        local.get 14
        i32.const 16
        i32.mul
        i32.add
        local.set 32
        local.get 11
        f32.const 0.5
        f32.gt
        local.set 45
        local.get 7
        f32x4.splat
        local.set 70
        local.get 8
        f32x4.splat
        local.set 72
        local.get 9
        f32x4.splat
        local.set 74
        local.get 10
        f32x4.splat
        local.set 76
        i32.const 0
        i32.const -1
        i32.mul
        i32x4.splat
        local.set 78
        i32.const 1
        i32.const -1
        i32.mul
        i32x4.splat
        local.set 85
        local.get 45
        i32.const -1
        i32.mul
        i32x4.splat
        local.set 88
        f32.const 1
        f32x4.splat
        local.set 93
        f32.const 0
        f32x4.splat
        local.set 94
        block
          loop
            local.get 14
            local.get 15
            i32.ge_s
            br_if 1
            local.get 22
            f32.load align=4 offset=0
            local.set 20
            local.get 22
            f32.load align=4 offset=4
            local.set 21
            f32.const 0
            local.set 23
            f32.const 0
            local.set 24
            f32.const 0
            local.set 25
            f32.const 0
            local.set 26
            f32.const 0
            local.set 28
            f32.const 0
            local.set 29
            f32.const 0
            local.set 30
            f32.const 0
            local.set 31
            block
              block
                local.get 20
                local.get 7
                f32.ge
                local.set 33
                local.get 21
                local.get 8
                f32.ge
                local.set 34
                local.get 20
                local.get 9
                f32.lt
                local.set 35
                local.get 21
                local.get 10
                f32.lt
                local.set 36
                local.get 35
                i32.const 0
                local.get 33
                select
                local.set 37
                local.get 36
                i32.const 0
                local.get 34
                select
                local.set 38
                local.get 20
                local.get 7
                f32.lt
                local.set 39
                local.get 21
                local.get 8
                f32.lt
                local.set 40
                local.get 20
                local.get 9
                f32.ge
                local.set 41
                local.get 21
                local.get 10
                f32.ge
                local.set 42
                i32.const 1
                local.get 41
                local.get 39
                select
                local.set 43
                i32.const 1
                local.get 42
                local.get 40
                select
                local.set 44
                local.get 45
                i32.const 0
                local.get 37
                select
                local.set 46
                local.get 45
                i32.const 0
                local.get 38
                select
                local.set 47
                i32.const 1
                local.get 45
                local.get 43
                select
                local.set 48
                i32.const 1
                local.get 45
                local.get 44
                select
                local.set 49
                f32.const 1
                f32.const 0
                local.get 37
                select
                local.set 50
                f32.const 1
                f32.const 0
                local.get 38
                select
                local.set 51
                f32.const 1
                f32.const 0
                local.get 46
                select
                local.set 52
                f32.const 1
                f32.const 0
                local.get 47
                select
                local.set 53
                f32.const 1
                f32.const 0
                local.get 43
                select
                local.set 54
                f32.const 1
                f32.const 0
                local.get 44
                select
                local.set 55
                f32.const 1
                f32.const 0
                local.get 48
                select
                local.set 56
                f32.const 1
                f32.const 0
                local.get 49
                select
                local.set 57
                local.get 50
                local.set 23
                local.get 51
                local.set 24
                local.get 52
                local.set 25
                local.get 53
                local.set 26
                local.get 54
                local.set 28
                local.get 55
                local.set 29
                local.get 56
                local.set 30
                local.get 57
                local.set 31
                local.get 37
                local.tee 58
                if
                  local.get 38
                  local.set 58
                end
                local.get 58
                if
                  local.get 23
                  f32.const 10
                  f32.add
                  local.set 59
                  local.get 59
                  local.set 23
                end
              end
            end
            local.get 27
            local.get 23
            f32.store align=4 offset=0
            local.get 27
            local.get 24
            f32.store align=4 offset=4
            local.get 27
            local.get 25
            f32.store align=4 offset=8
            local.get 27
            local.get 26
            f32.store align=4 offset=12
            local.get 32
            local.get 28
            f32.store align=4 offset=0
            local.get 32
            local.get 29
            f32.store align=4 offset=4
            local.get 32
            local.get 30
            f32.store align=4 offset=8
            local.get 32
            local.get 31
            f32.store align=4 offset=12
            local.get 14
            i32.const 1
            i32.add
            local.set 14
            local.get 22
            i32.const 8
            i32.add
            local.set 22
            local.get 27
            i32.const 16
            i32.add
            local.set 27
            local.get 32
            i32.const 16
            i32.add
            local.set 32
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, Math.fround(L.args[1].value[0]), Math.fround(L.args[1].value[1]), Math.fround(L.args[2].value[0]), Math.fround(L.args[2].value[1]), Math.fround(L.args[3].value[0]), L.args[4].F.byteOffset + L.args[4].base * 16, L.args[5].F.byteOffset + L.args[5].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
;;   V[5] = Math.fround(L.args[1].value[0]);
;;   V[6] = Math.fround(L.args[1].value[1]);
;;   V[7] = Math.fround(L.args[2].value[0]);
;;   V[8] = Math.fround(L.args[2].value[1]);
;;   V[9] = Math.fround(L.args[3].value[0]);
;;   V[10] = L.args[4].F.byteOffset + L.args[4].base * 16;
;;   V[11] = L.args[5].F.byteOffset + L.args[5].base * 16;
;; };
;; run.valueCount = 12;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11]);
;; };
;; return run;
