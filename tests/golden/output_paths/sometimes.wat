(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x8, f32 x2, i32 x3, f32 x1, i32 x1, f32 x3, i32 x1, f32 x4, i32 x11, f32 x2, i32 x1, f32 x1, i32 x2)
    local.get 0
    local.set 11
    local.get 0
    local.get 5
    i32.rem_u
    local.set 16
    local.get 0
    local.get 5
    i32.div_u
    local.set 38
    local.get 38
    local.get 4
    i32.rem_u
    local.set 15
    local.get 38
    local.get 4
    i32.div_u
    local.set 38
    local.get 38
    local.get 3
    i32.rem_u
    local.set 14
    local.get 38
    local.get 3
    i32.div_u
    local.set 13
    block
      loop
        local.get 11
        local.get 1
        i32.ge_s
        br_if 1
        local.get 11
        local.get 5
        i32.add
        local.get 16
        i32.sub
        local.set 12
        local.get 12
        local.get 1
        local.get 12
        local.get 1
        i32.lt_s
        select
        local.set 12
        local.get 13
        local.tee 37
        f32.convert_i32_s
        local.set 33
        local.get 14
        local.tee 36
        f32.convert_i32_s
        local.set 32
        local.get 15
        local.tee 35
        f32.convert_i32_s
        local.set 31
        local.get 6
        local.get 11
        i32.const 4
        i32.mul
        i32.add
        local.set 18
        local.get 7
        local.get 11
        i32.const 8
        i32.mul
        i32.add
        local.set 21
        local.get 8
        local.get 11
        i32.const 4
        i32.mul
        i32.add
        local.set 23
        local.get 9
        local.get 11
        i32.const 4
        i32.mul
        i32.add
        local.set 25
        local.get 10
        local.get 11
        i32.const 12
        i32.mul
        i32.add
        local.set 29
        local.get 31
        i32.trunc_sat_f32_s
        local.set 42
        block
          loop
            local.get 11
            local.get 12
            i32.ge_s
            br_if 1
            local.get 16
            local.tee 34
            f32.convert_i32_s
            local.set 30
            local.get 18
            i32.load align=4 offset=0
            local.set 17
            local.get 21
            f32.load align=4 offset=0
            local.set 19
            local.get 21
            f32.load align=4 offset=4
            local.set 20
            i32.const 0
            local.set 22
            f32.const 0
            local.set 24
            f32.const 0
            local.set 26
            f32.const 0
            local.set 27
            f32.const 0
            local.set 28
            block
              block
                local.get 20
                f32.const -0.75
                f32.le
                local.set 39
                local.get 39
                if
                  i32.const 0
                  local.get 17
                  i32.sub
                  local.set 40
                  local.get 40
                  local.get 17
                  local.get 17
                  i32.const 0
                  i32.lt_s
                  select
                  local.set 41
                  local.get 41
                  local.get 42
                  local.get 41
                  local.get 42
                  i32.gt_s
                  select
                  local.set 43
                  local.get 43
                  local.set 22
                end
                local.get 17
                i32.const 0
                i32.gt_s
                local.set 44
                local.get 44
                if
                  local.get 17
                  f32.convert_i32_s
                  local.set 45
                  local.get 45
                  f32.const 0.5
                  f32.add
                  local.set 46
                  local.get 46
                  local.set 24
                end
                local.get 17
                i32.const 0
                i32.lt_s
                local.set 47
                local.get 47
                if
                  local.get 17
                  f32.convert_i32_s
                  local.set 48
                  local.get 48
                  local.set 28
                end
              end
            end
            local.get 23
            local.get 22
            i32.store align=4 offset=0
            local.get 25
            local.get 24
            f32.store align=4 offset=0
            local.get 29
            local.get 26
            f32.store align=4 offset=0
            local.get 29
            local.get 27
            f32.store align=4 offset=4
            local.get 29
            local.get 28
            f32.store align=4 offset=8
            local.get 11
            i32.const 1
            i32.add
            local.set 11
            local.get 16
            i32.const 1
            i32.add
            local.set 16
            local.get 18
            i32.const 4
            i32.add
            local.set 18
            local.get 21
            i32.const 8
            i32.add
            local.set 21
            local.get 23
            i32.const 4
            i32.add
            local.set 23
            local.get 25
            i32.const 4
            i32.add
            local.set 25
            local.get 29
            i32.const 12
            i32.add
            local.set 29
            br 0
          end
        end
        local.get 16
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 16
          local.get 15
          i32.const 1
          i32.add
          local.tee 15
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 15
            local.get 14
            i32.const 1
            i32.add
            local.tee 14
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 14
              local.get 13
              i32.const 1
              i32.add
              local.set 13
            end
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 8, L.args[2].F.byteOffset + L.args[2].base * 4, L.args[3].F.byteOffset + L.args[3].base * 4, L.args[4].F.byteOffset + L.args[4].base * 12);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 8;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 4;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 4;
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 12;
;; };
;; run.valueCount = 9;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8]);
;; };
;; return run;
