(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 i32 i32)
    (local i32 x8, f32 x2, i32 x1, f32 x3, i32 x1, f32 x3, i32 x3, f32 x4, i32 x5, f32 x1, i32 x2, f32 x3, i32 x5, f32 x1, i32 x11, f32 x2, i32 x2)
    local.get 0
    local.set 12
    local.get 0
    local.get 5
    i32.rem_u
    local.set 17
    local.get 0
    local.get 5
    i32.div_u
    local.set 41
    local.get 41
    local.get 4
    i32.rem_u
    local.set 16
    local.get 41
    local.get 4
    i32.div_u
    local.set 41
    local.get 41
    local.get 3
    i32.rem_u
    local.set 15
    local.get 41
    local.get 3
    i32.div_u
    local.set 14
    block
      loop
        local.get 12
        local.get 1
        i32.ge_s
        br_if 1
        local.get 12
        local.get 5
        i32.add
        local.get 17
        i32.sub
        local.set 13
        local.get 13
        local.get 1
        local.get 13
        local.get 1
        i32.lt_s
        select
        local.set 13
        local.get 14
        local.tee 40
        f32.convert_i32_s
        local.set 36
        local.get 15
        local.tee 39
        f32.convert_i32_s
        local.set 35
        local.get 16
        local.tee 38
        f32.convert_i32_s
        local.set 34
        local.get 6
        local.get 12
        i32.const 4
        i32.mul
        i32.add
        local.set 19
        local.get 7
        local.get 12
        i32.const 8
        i32.mul
        i32.add
        local.set 22
        local.get 8
        local.get 12
        i32.const 12
        i32.mul
        i32.add
        local.set 26
        local.get 10
        local.get 12
        i32.const 12
        i32.mul
        i32.add
        local.set 30
        local.get 11
        local.get 12
        i32.const 4
        i32.mul
        i32.add
        local.set 32
        f32.const -0.5
        f32.abs
        local.set 46
        local.get 46
        f32.const 1
        f32.sub
        local.set 47
        local.get 34
        i32.trunc_sat_f32_s
        local.set 48
        local.get 48
        i32.const 10
        i32.lt_s
        local.set 49
        i32.const 0
        local.get 48
        i32.sub
        local.set 52
        local.get 52
        f32.convert_i32_s
        local.set 53
        block
          loop
            local.get 12
            local.get 13
            i32.ge_s
            br_if 1
            local.get 17
            local.tee 37
            f32.convert_i32_s
            local.set 33
            local.get 19
            i32.load align=4 offset=0
            local.set 18
            local.get 22
            f32.load align=4 offset=0
            local.set 20
            local.get 22
            f32.load align=4 offset=4
            local.set 21
            local.get 26
            f32.load align=4 offset=0
            local.set 23
            local.get 26
            f32.load align=4 offset=4
            local.set 24
            local.get 26
            f32.load align=4 offset=8
            local.set 25
            f32.const 0
            local.set 27
            f32.const 0
            local.set 28
            f32.const 0
            local.set 29
            i32.const 0
            local.set 31
            block
              block
                f32.const -3
                local.set 42
                local.get 18
                i32.eqz
                if (result i32)
                  i32.const 0
                else
                  local.get 18
                  local.get 18
                  i32.rem_s
                end
                local.set 43
                i32.const -65535
                local.get 43
                i32.le_s
                local.set 44
                local.get 44
                if
                  f32.const 0
                  local.get 25
                  f32.sub
                  local.set 45
                  local.get 45
                  local.set 42
                else
                  local.get 47
                  local.set 42
                end
                local.get 49
                local.tee 50
                if
                  local.get 21
                  f32.const -0.75
                  f32.le
                  local.set 51
                  local.get 51
                  local.set 50
                end
                local.get 50
                if
                  local.get 42
                  local.set 27
                  local.get 53
                  local.set 28
                  local.get 20
                  local.set 29
                  local.get 18
                  local.get 18
                  i32.lt_s
                  local.set 54
                  i32.const 0
                  local.set 55
                  local.get 54
                  if
                    local.get 48
                    i32.const 2
                    i32.or
                    local.set 56
                    local.get 56
                    local.set 57
                    i32.const 65536
                    i32.const -65535
                    i32.add
                    local.set 58
                    local.get 58
                    local.set 59
                    local.get 57
                    local.get 59
                    i32.sub
                    local.set 60
                    local.get 60
                    local.set 61
                    local.get 61
                    local.set 55
                  else
                    i32.const 0
                    local.get 18
                    i32.sub
                    local.set 62
                    local.get 62
                    local.get 18
                    local.get 18
                    i32.const 0
                    i32.lt_s
                    select
                    local.set 63
                    local.get 63
                    local.get 48
                    local.get 63
                    local.get 48
                    i32.gt_s
                    select
                    local.set 64
                    local.get 64
                    local.set 55
                  end
                  local.get 55
                  local.set 31
                  br 1
                end
                f32.const 9
                local.set 27
                local.get 9
                local.get 21
                f32.sub
                local.set 65
                f32.const 1
                local.get 65
                f32.add
                local.set 66
                local.get 66
                local.set 28
                local.get 33
                local.set 29
                local.get 18
                local.set 31
              end
            end
            local.get 30
            local.get 27
            f32.store align=4 offset=0
            local.get 30
            local.get 28
            f32.store align=4 offset=4
            local.get 30
            local.get 29
            f32.store align=4 offset=8
            local.get 32
            local.get 31
            i32.store align=4 offset=0
            local.get 12
            i32.const 1
            i32.add
            local.set 12
            local.get 17
            i32.const 1
            i32.add
            local.set 17
            local.get 19
            i32.const 4
            i32.add
            local.set 19
            local.get 22
            i32.const 8
            i32.add
            local.set 22
            local.get 26
            i32.const 12
            i32.add
            local.set 26
            local.get 30
            i32.const 12
            i32.add
            local.set 30
            local.get 32
            i32.const 4
            i32.add
            local.set 32
            br 0
          end
        end
        local.get 17
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 17
          local.get 16
          i32.const 1
          i32.add
          local.tee 16
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 16
            local.get 15
            i32.const 1
            i32.add
            local.tee 15
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 15
              local.get 14
              i32.const 1
              i32.add
              local.set 14
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 8, L.args[2].F.byteOffset + L.args[2].base * 12, Math.fround(L.args[3].value[0]), L.args[4].F.byteOffset + L.args[4].base * 12, L.args[5].F.byteOffset + L.args[5].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 8;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 12;
;;   V[7] = Math.fround(L.args[3].value[0]);
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 12;
;;   V[9] = L.args[5].F.byteOffset + L.args[5].base * 4;
;; };
;; run.valueCount = 10;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9]);
;; };
;; return run;
