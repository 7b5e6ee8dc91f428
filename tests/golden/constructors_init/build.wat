(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x1, i32 x1, f32 x4, i32 x1, f32 x3, i32 x1, f32 x4, i32 x1, f32 x4, i32 x1, f32 x17, i32 x2)
    local.get 0
    local.set 12
    block
      loop
        local.get 12
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 13
        local.get 6
        local.get 12
        i32.const 8
        i32.mul
        i32.add
        local.set 20
        local.get 7
        local.get 12
        i32.const 4
        i32.mul
        i32.add
        local.set 22
        local.get 8
        local.get 12
        i32.const 16
        i32.mul
        i32.add
        local.set 27
        local.get 9
        local.get 12
        i32.const 12
        i32.mul
        i32.add
        local.set 31
        local.get 10
        local.get 12
        i32.const 16
        i32.mul
        i32.add
        local.set 36
        local.get 11
        local.get 12
        i32.const 16
        i32.mul
        i32.add
        local.set 41
        block
          loop
            local.get 12
            local.get 13
            i32.ge_s
            br_if 1
            local.get 20
            f32.load align=4 offset=0
            local.set 18
            local.get 20
            f32.load align=4 offset=4
            local.set 19
            local.get 22
            f32.load align=4 offset=0
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
            local.set 32
            f32.const 0
            local.set 33
            f32.const 0
            local.set 34
            f32.const 0
            local.set 35
            f32.const 0
            local.set 37
            f32.const 0
            local.set 38
            f32.const 0
            local.set 39
            f32.const 0
            local.set 40
            block
              block
                f32.const 0
                local.set 42
                f32.const 0
                local.set 43
                f32.const 0
                local.set 44
                f32.const 0
                local.set 45
                f32.const 0
                local.set 46
                f32.const 1
                local.set 46
                local.get 21
                local.set 42
                local.get 21
                local.set 43
                local.get 21
                local.set 44
                local.get 21
                local.set 45
                local.get 21
                local.set 23
                local.get 19
                local.set 24
                local.get 46
                local.set 25
                f32.const 3
                local.set 26
                local.get 18
                local.set 28
                local.get 19
                local.set 29
                f32.const 1
                local.set 30
                local.get 18
                local.get 42
                f32.add
                local.set 47
                local.get 19
                local.get 43
                f32.add
                local.set 48
                f32.const 2
                local.get 44
                f32.add
                local.set 49
                f32.const 0
                local.get 45
                f32.add
                local.set 50
                local.get 47
                local.set 32
                local.get 48
                local.set 33
                local.get 49
                local.set 34
                local.get 50
                local.set 35
                local.get 42
                local.set 37
                local.get 43
                local.set 38
                local.get 44
                local.set 39
                local.get 45
                local.set 40
                local.get 37
                f32.const 2
                f32.mul
                local.set 51
                local.get 38
                f32.const 2
                f32.mul
                local.set 52
                local.get 39
                f32.const 2
                f32.mul
                local.set 53
                local.get 40
                f32.const 2
                f32.mul
                local.set 54
                local.get 51
                local.set 37
                local.get 52
                local.set 38
                local.get 53
                local.set 39
                local.get 54
                local.set 40
                f32.const 0.5
                local.get 46
                f32.mul
                local.set 55
                local.get 40
                local.get 55
                f32.add
                local.set 56
                local.get 56
                local.set 40
                local.get 18
                f32.const 2
                f32.div
                local.set 57
                local.get 37
                local.get 57
                f32.sub
                local.set 58
                local.get 58
                local.set 37
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
            local.get 31
            local.get 28
            f32.store align=4 offset=0
            local.get 31
            local.get 29
            f32.store align=4 offset=4
            local.get 31
            local.get 30
            f32.store align=4 offset=8
            local.get 36
            local.get 32
            f32.store align=4 offset=0
            local.get 36
            local.get 33
            f32.store align=4 offset=4
            local.get 36
            local.get 34
            f32.store align=4 offset=8
            local.get 36
            local.get 35
            f32.store align=4 offset=12
            local.get 41
            local.get 37
            f32.store align=4 offset=0
            local.get 41
            local.get 38
            f32.store align=4 offset=4
            local.get 41
            local.get 39
            f32.store align=4 offset=8
            local.get 41
            local.get 40
            f32.store align=4 offset=12
            local.get 12
            i32.const 1
            i32.add
            local.set 12
            local.get 20
            i32.const 8
            i32.add
            local.set 20
            local.get 22
            i32.const 4
            i32.add
            local.set 22
            local.get 27
            i32.const 16
            i32.add
            local.set 27
            local.get 31
            i32.const 12
            i32.add
            local.set 31
            local.get 36
            i32.const 16
            i32.add
            local.set 36
            local.get 41
            i32.const 16
            i32.add
            local.set 41
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, L.args[1].F.byteOffset + L.args[1].base * 4, L.args[2].F.byteOffset + L.args[2].base * 16, L.args[3].F.byteOffset + L.args[3].base * 12, L.args[4].F.byteOffset + L.args[4].base * 16, L.args[5].F.byteOffset + L.args[5].base * 16);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 4;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 16;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 12;
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 16;
;;   V[9] = L.args[5].F.byteOffset + L.args[5].base * 16;
;; };
;; run.valueCount = 10;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9]);
;; };
;; return run;
