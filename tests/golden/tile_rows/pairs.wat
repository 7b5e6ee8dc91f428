(module
  (type 0 (func (param f64 f64) (result f64)))
  (type 1 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (import "m" "fmod" (func 0 (type 0)))
  (func 1 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x4, i32 x6, f32 x1, i32 x1, f32 x1, i32 x2, f32 x1, i32 x7, f32 x1, i32 x3, f32 x2, i32 x1, f32 x1, i32 x1, f32 x1, i32 x2, f32 x1, i32 x3, f32 x1, i32 x2, f32 x2, v128 x3, f32 x1, f64 x2, i32 x3, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x2, f64 x1, i32 x2, f32 x1, v128 x6, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x1, i32 x3, v128 x2, i32 x2)
    local.get 0
    local.set 20
    local.get 0
    local.get 5
    i32.rem_u
    local.set 25
    local.get 0
    local.get 5
    i32.div_u
    local.set 36
    local.get 36
    local.get 4
    i32.rem_u
    local.set 24
    local.get 36
    local.get 4
    i32.div_u
    local.set 36
    local.get 36
    local.get 3
    i32.rem_u
    local.set 23
    local.get 36
    local.get 3
    i32.div_u
    local.set 22
    block
      loop
        local.get 20
        local.get 1
        i32.ge_s
        br_if 1
        local.get 20
        local.get 5
        i32.add
        local.get 25
        i32.sub
        local.set 21
        local.get 21
        local.get 1
        local.get 21
        local.get 1
        i32.lt_s
        select
        local.set 21
        local.get 22
        local.tee 35
        f32.convert_i32_s
        local.set 31
        local.get 23
        local.tee 34
        f32.convert_i32_s
        local.set 30
        local.get 24
        local.tee 33
        f32.convert_i32_s
        local.set 29
        local.get 19
        local.get 20
        i32.const 4
        i32.mul
        i32.add
        local.set 27
        local.get 6
        local.get 14
        i32.const 4
        i32.mul
        i32.add
        local.get 13
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        i32.add
        local.set 44
        local.get 33
        local.get 9
        i32.const 1
        i32.sub
        local.get 33
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 33
        i32.const 0
        i32.ge_s
        select
        local.set 47
        local.get 47
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 48
        local.get 44
        local.get 48
        i32.add
        local.set 49
        f32.const 2
        f64.promote_f32
        local.set 77
        local.get 77
        i32.trunc_sat_f64_s
        local.set 79
        f32.const 1
        f32x4.splat
        local.set 98
        f32.const -1
        f32x4.splat
        local.set 100
        i32.const 0
        local.set 137
        local.get 5
        local.set 138
        local.get 10
        i32.const 0
        i32.sub
        local.get 138
        local.get 10
        i32.const 0
        i32.sub
        local.get 138
        i32.lt_s
        select
        local.set 138
        block
          loop
            local.get 20
            local.get 21
            i32.ge_s
            br_if 1
            local.get 25
            local.tee 32
            f32.convert_i32_s
            local.set 28
            f32.const 0
            local.set 26
            local.get 25
            local.get 137
            i32.ge_s
            local.get 25
            local.get 138
            i32.lt_s
            i32.and
            if
              block
                i32.const 2
                if (result f32)
                  local.get 32
                  i32.const 2
                  i32.rem_s
                  local.tee 57
                  i32.eqz
                  if (result f32)
                    local.get 28
                    f32.const 0
                    f32.mul
                  else
                    local.get 57
                    f32.convert_i32_s
                  end
                else
                  local.get 28
                  f64.promote_f32
                  f32.const 2
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                end
                local.set 58
                local.get 58
                f32.const 1
                f32.lt
                local.set 59
                f32.const 0
                local.set 60
                i32.const 0
                local.set 61
                local.get 59
                if
                  f32.const 1
                  local.set 60
                  i32.const 1
                  local.set 61
                else
                  f32.const -1
                  local.set 60
                  i32.const -1
                  local.set 61
                end
                local.get 32
                local.get 61
                i32.add
                local.set 62
                local.get 28
                local.get 60
                f32.add
                local.set 63
                local.get 62
                local.get 10
                i32.const 1
                i32.sub
                local.get 62
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 62
                i32.const 0
                i32.ge_s
                select
                local.set 64
                local.get 64
                i32.const 4
                i32.mul
                local.set 65
                local.get 49
                local.get 65
                i32.add
                local.set 66
                local.get 66
                f32.load align=4 offset=0
                local.set 67
                local.get 32
                i32.const 4
                i32.mul
                local.set 68
                local.get 49
                local.get 68
                i32.add
                local.set 69
                local.get 69
                f32.load align=4 offset=0
                local.set 70
                local.get 67
                local.get 70
                f32.sub
                local.set 71
                local.get 71
                local.set 26
              end
            else
              block
                i32.const 2
                if (result f32)
                  local.get 32
                  i32.const 2
                  i32.rem_s
                  local.tee 37
                  i32.eqz
                  if (result f32)
                    local.get 28
                    f32.const 0
                    f32.mul
                  else
                    local.get 37
                    f32.convert_i32_s
                  end
                else
                  local.get 28
                  f64.promote_f32
                  f32.const 2
                  f64.promote_f32
                  call 0
                  f32.demote_f64
                end
                local.set 38
                local.get 38
                f32.const 1
                f32.lt
                local.set 39
                f32.const 0
                local.set 40
                i32.const 0
                local.set 41
                local.get 39
                if
                  f32.const 1
                  local.set 40
                  i32.const 1
                  local.set 41
                else
                  f32.const -1
                  local.set 40
                  i32.const -1
                  local.set 41
                end
                local.get 32
                local.get 41
                i32.add
                local.set 42
                local.get 28
                local.get 40
                f32.add
                local.set 43
                local.get 42
                local.get 10
                i32.const 1
                i32.sub
                local.get 42
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 42
                i32.const 0
                i32.ge_s
                select
                local.set 45
                local.get 45
                i32.const 4
                i32.mul
                local.set 46
                local.get 49
                local.get 46
                i32.add
                local.set 50
                local.get 50
                f32.load align=4 offset=0
                local.set 51
                local.get 32
                local.get 10
                i32.const 1
                i32.sub
                local.get 32
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 32
                i32.const 0
                i32.ge_s
                select
                local.set 52
                local.get 52
                i32.const 4
                i32.mul
                local.set 53
                local.get 49
                local.get 53
                i32.add
                local.set 54
                local.get 54
                f32.load align=4 offset=0
                local.set 55
                local.get 51
                local.get 55
                f32.sub
                local.set 56
                local.get 56
                local.set 26
              end
            end
            local.get 27
            local.get 26
            f32.store align=4 offset=0
            local.get 20
            i32.const 1
            i32.add
            local.set 20
            local.get 25
            i32.const 1
            i32.add
            local.set 25
            local.get 27
            i32.const 4
            i32.add
            local.set 27
            br 0
          end
        end
        local.get 25
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 25
          local.get 24
          i32.const 1
          i32.add
          local.tee 24
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 24
            local.get 23
            i32.const 1
            i32.add
            local.tee 23
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 23
              local.get 22
              i32.const 1
              i32.add
              local.set 22
            end
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset, L.args[0].e[0], L.args[0].e[1], L.args[0].e[2], L.args[0].e[3], L.args[0].l[0], L.args[0].l[1], L.args[0].l[2], L.args[0].l[3], L.args[0].s[0], L.args[0].s[1], L.args[0].s[2], L.args[0].s[3], L.args[1].F.byteOffset + L.args[1].base * 4);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset;
;;   V[5] = L.args[0].e[0];
;;   V[6] = L.args[0].e[1];
;;   V[7] = L.args[0].e[2];
;;   V[8] = L.args[0].e[3];
;;   V[9] = L.args[0].l[0];
;;   V[10] = L.args[0].l[1];
;;   V[11] = L.args[0].l[2];
;;   V[12] = L.args[0].l[3];
;;   V[13] = L.args[0].s[0];
;;   V[14] = L.args[0].s[1];
;;   V[15] = L.args[0].s[2];
;;   V[16] = L.args[0].s[3];
;;   V[17] = L.args[1].F.byteOffset + L.args[1].base * 4;
;; };
;; run.valueCount = 18;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17]);
;; };
;; return run;
