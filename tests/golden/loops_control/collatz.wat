(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x1, i32 x1, f64 x2, i32 x3, f32 x1, i32 x1, f32 x4, i32 x1, v128 x6, i32 x2)
    local.get 0
    local.set 8
    block
      loop
        local.get 8
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 9
        local.get 6
        local.get 8
        i32.const 4
        i32.mul
        i32.add
        local.set 15
        local.get 7
        local.get 8
        i32.const 4
        i32.mul
        i32.add
        local.set 17
        f32.const 2
        f64.promote_f32
        local.set 21
        local.get 21
        i32.trunc_sat_f64_s
        local.set 23
        f32.const 0
        f32x4.splat
        local.set 35
        f32.const 1
        f32x4.splat
        local.set 36
        block
          loop
            local.get 8
            local.get 9
            i32.ge_s
            br_if 1
            local.get 15
            f32.load align=4 offset=0
            local.set 14
            f32.const 0
            local.set 16
            block
              block
                local.get 14
                local.set 18
                f32.const 0
                local.set 16
                block
                  loop
                    local.get 18
                    f32.const 1
                    f32.ne
                    local.set 19
                    local.get 19
                    i32.eqz
                    br_if 1
                    block
                      local.get 18
                      f64.promote_f32
                      local.set 20
                      local.get 20
                      i32.trunc_sat_f64_s
                      local.set 22
                      local.get 22
                      f64.convert_i32_s
                      local.get 20
                      f64.eq
                      local.get 23
                      f64.convert_i32_s
                      local.get 21
                      f64.eq
                      i32.and
                      local.get 23
                      i32.const 0
                      i32.ne
                      i32.and
                      if (result f32)
                        local.get 22
                        local.get 23
                        i32.rem_s
                        local.tee 24
                        i32.eqz
                        if (result f32)
                          local.get 18
                          f32.const 0
                          f32.mul
                        else
                          local.get 24
                          f32.convert_i32_s
                        end
                      else
                        local.get 20
                        local.get 21
                        call 0
                        f32.demote_f64
                      end
                      local.set 25
                      local.get 25
                      f32.const 0
                      f32.eq
                      local.set 26
                      local.get 26
                      if
                        local.get 18
                        f32.const 2
                        f32.div
                        local.set 27
                        local.get 27
                        local.set 18
                      else
                        f32.const 3
                        local.get 18
                        f32.mul
                        local.set 28
                        local.get 28
                        f32.const 1
                        f32.add
                        local.set 29
                        local.get 29
                        local.set 18
                      end
                      local.get 16
                      f32.const 1
                      f32.add
                      local.set 30
                      local.get 30
                      local.set 16
                    end
                    local.get 31
                    i32.const 1
                    i32.add
                    local.tee 31
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
              end
            end
            local.get 17
            local.get 16
            f32.store align=4 offset=0
            local.get 8
            i32.const 1
            i32.add
            local.set 8
            local.get 15
            i32.const 4
            i32.add
            local.set 15
            local.get 17
            i32.const 4
            i32.add
            local.set 17
            br 0
          end
        end
        br 0
      end
    end
  )
)
;; imports: fmod; vector body: false
;; wrapper:
;; "use strict";
;; function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
;; function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
;; const wasmRun = ex.run;
;; const run = function run(L, start, end) {
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 4, L.args[1].F.byteOffset + L.args[1].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 4;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 4;
;; };
;; run.valueCount = 6;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5]);
;; };
;; return run;
