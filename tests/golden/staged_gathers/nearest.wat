(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x2, i32 x1, f32 x2, i32 x1, f32 x2, i32 x6, f32 x7, i32 x1, f32 x1, i32 x2, v128 x13, i32 x2)
    local.get 0
    local.set 23
    block
      loop
        local.get 23
        local.get 1
        i32.ge_s
        br_if 1
        local.get 1
        local.set 24
        local.get 6
        local.get 23
        i32.const 8
        i32.mul
        i32.add
        local.set 31
        local.get 22
        local.get 23
        i32.const 8
        i32.mul
        i32.add
        local.set 34
        local.get 7
        local.get 15
        i32.const 8
        i32.mul
        i32.add
        local.set 39
        f32.const 1.0000000150474662e+30
        f32x4.splat
        local.set 59
        f32.const -1
        f32x4.splat
        local.set 61
        i32.const 0
        i32x4.splat
        local.set 63
        local.get 20
        i32x4.splat
        local.set 64
        local.get 21
        i32x4.splat
        local.set 65
        block
          loop
            local.get 23
            local.get 24
            i32.ge_s
            br_if 1
            local.get 31
            f32.load align=4 offset=0
            local.set 29
            local.get 31
            f32.load align=4 offset=4
            local.set 30
            f32.const 0
            local.set 32
            f32.const 0
            local.set 33
            block
              block
                f32.const 1.0000000150474662e+30
                local.set 35
                f32.const -1
                local.set 36
                i32.const 0
                local.set 37
                local.get 20
                local.set 37
                block
                  loop
                    local.get 37
                    local.get 21
                    i32.lt_s
                    local.set 38
                    local.get 38
                    i32.eqz
                    br_if 1
                    block
                      local.get 37
                      local.get 11
                      i32.const 1
                      i32.sub
                      local.get 37
                      local.get 11
                      i32.lt_s
                      select
                      i32.const 0
                      local.get 37
                      i32.const 0
                      i32.ge_s
                      select
                      local.set 40
                      local.get 40
                      i32.const 8
                      i32.mul
                      local.set 41
                      local.get 39
                      local.get 41
                      i32.add
                      local.set 42
                      local.get 42
                      f32.load align=4 offset=0
                      local.set 43
                      local.get 42
                      f32.load align=4 offset=4
                      local.set 44
                      local.get 43
                      local.get 29
                      f32.sub
                      local.set 45
                      local.get 44
                      local.get 30
                      f32.sub
                      local.set 46
                      local.get 45
                      local.get 45
                      f32.mul
                      local.set 47
                      local.get 46
                      local.get 46
                      f32.mul
                      local.set 48
                      local.get 47
                      local.get 48
                      f32.add
                      local.set 49
                      local.get 49
                      local.get 35
                      f32.lt
                      local.set 50
                      local.get 50
                      if
                        local.get 49
                        local.set 35
                        local.get 37
                        f32.convert_i32_s
                        local.set 51
                        local.get 51
                        local.set 36
                      end
                    end
                    local.get 37
                    i32.const 2
                    i32.add
                    local.set 52
                    local.get 52
                    local.set 37
                    local.get 53
                    i32.const 1
                    i32.add
                    local.tee 53
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
                local.get 35
                local.set 32
                local.get 36
                local.set 33
              end
            end
            local.get 34
            local.get 32
            f32.store align=4 offset=0
            local.get 34
            local.get 33
            f32.store align=4 offset=4
            local.get 23
            i32.const 1
            i32.add
            local.set 23
            local.get 31
            i32.const 8
            i32.add
            local.set 31
            local.get 34
            i32.const 8
            i32.add
            local.set 34
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 8, L.args[1].F.byteOffset, L.args[1].e[0], L.args[1].e[1], L.args[1].e[2], L.args[1].e[3], L.args[1].l[0], L.args[1].l[1], L.args[1].l[2], L.args[1].l[3], L.args[1].s[0], L.args[1].s[1], L.args[1].s[2], L.args[1].s[3], f2i(L.args[2].value[0]), f2i(L.args[3].value[0]), L.args[4].F.byteOffset + L.args[4].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 8;
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
;;   V[18] = f2i(L.args[2].value[0]);
;;   V[19] = f2i(L.args[3].value[0]);
;;   V[20] = L.args[4].F.byteOffset + L.args[4].base * 8;
;; };
;; run.valueCount = 21;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19], V[20]);
;; };
;; return run;
