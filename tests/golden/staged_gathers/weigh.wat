(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 f32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x2, i32 x2, f32 x1, i32 x4, f32 x5, i32 x1, v128 x7, i32 x2)
    local.get 0
    local.set 22
    block
      loop
        local.get 22
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 23
        local.get 6
        local.get 22
        i32.const 4
        i32.mul
        i32.add
        local.set 29
        local.get 21
        local.get 22
        i32.const 4
        i32.mul
        i32.add
        local.set 31
        local.get 7
        local.get 15
        i32.const 4
        i32.mul
        i32.add
        local.set 35
        f32.const 0
        f32x4.splat
        local.set 50
        local.get 20
        f32x4.splat
        local.set 52
        block
          loop
            local.get 22
            local.get 23
            i32.ge_s
            br_if 1
            local.get 29
            f32.load align=4 offset=0
            local.set 28
            f32.const 0
            local.set 30
            block
              block
                f32.const 0
                local.set 32
                f32.const 0
                local.set 33
                f32.const 0
                local.set 33
                block
                  loop
                    local.get 33
                    local.get 20
                    f32.lt
                    local.set 34
                    local.get 34
                    i32.eqz
                    br_if 1
                    block
                      local.get 33
                      f32.const 0.25
                      f32.add
                      local.set 36
                      local.get 36
                      i32.trunc_sat_f32_s
                      local.tee 37
                      local.get 11
                      i32.const 1
                      i32.sub
                      local.get 37
                      local.get 11
                      i32.lt_s
                      select
                      i32.const 0
                      local.get 36
                      f32.const 0
                      f32.ge
                      select
                      local.set 38
                      local.get 38
                      i32.const 4
                      i32.mul
                      local.set 39
                      local.get 35
                      local.get 39
                      i32.add
                      local.set 40
                      local.get 40
                      f32.load align=4 offset=0
                      local.set 41
                      local.get 41
                      local.get 28
                      f32.mul
                      local.set 42
                      local.get 42
                      local.get 33
                      f32.sub
                      local.set 43
                      local.get 32
                      local.get 43
                      f32.max
                      local.set 44
                      local.get 44
                      local.set 32
                    end
                    local.get 33
                    f32.const 1
                    f32.add
                    local.set 45
                    local.get 45
                    local.set 33
                    local.get 46
                    i32.const 1
                    i32.add
                    local.tee 46
                    i32.const 4095
                    i32.and
                    i32.eqz
                    if
                      i32.const 0
                      i32.atomic.load align=4 offset=0
                      if
                        unreachable
                      end
                    end
                    br 0
                  end
                end
                local.get 32
                local.set 30
              end
            end
            local.get 31
            local.get 30
            f32.store align=4 offset=0
            local.get 22
            i32.const 1
            i32.add
            local.set 22
            local.get 29
            i32.const 4
            i32.add
            local.set 29
            local.get 31
            i32.const 4
            i32.add
            local.set 31
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset, L.args[1].e[0], L.args[1].e[1], L.args[1].e[2], L.args[1].e[3], L.args[1].l[0], L.args[1].l[1], L.args[1].l[2], L.args[1].l[3], L.args[1].s[0], L.args[1].s[1], L.args[1].s[2], L.args[1].s[3], Math.fround(L.args[2].value[0]), L.args[3].F.byteOffset + L.args[3].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset;
;;   V[6] = L.args[1].e[0];
;;   V[7] = L.args[1].e[1];
;;   V[8] = L.args[1].e[2];
;;   V[9] = L.args[1].e[3];
;;   V[10] = L.args[1].l[0];
;;   V[11] = L.args[1].l[1];
;;   V[12] = L.args[1].l[2];
;;   V[13] = L.args[1].l[3];
;;   V[14] = L.args[1].s[0];
;;   V[15] = L.args[1].s[1];
;;   V[16] = L.args[1].s[2];
;;   V[17] = L.args[1].s[3];
;;   V[18] = Math.fround(L.args[2].value[0]);
;;   V[19] = L.args[3].F.byteOffset + L.args[3].base * 4;
;; };
;; run.valueCount = 20;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19]);
;; };
;; return run;
