(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x1, i32 x1, f32 x1, i32 x1, f32 x4, i32 x4, f32 x4, i32 x12, f32 x1, i32 x10, f32 x1, i32 x2, f32 x1, i32 x2, f32 x1, v128 x6, i32 x3, v128 x1, f32 x2, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x3, i32 x4, f32 x1, v128 x1, i32 x2)
    local.get 0
    local.set 34
    local.get 0
    local.get 5
    i32.rem_u
    local.set 39
    local.get 0
    local.get 5
    i32.div_u
    local.set 60
    local.get 60
    local.get 4
    i32.rem_u
    local.set 38
    local.get 60
    local.get 4
    i32.div_u
    local.set 60
    local.get 60
    local.get 3
    i32.rem_u
    local.set 37
    local.get 60
    local.get 3
    i32.div_u
    local.set 36
    block
      loop
        local.get 34
        local.get 1
        i32.ge_s
        br_if 1
        local.get 34
        local.get 5
        i32.add
        local.get 39
        i32.sub
        local.set 35
        local.get 35
        local.get 1
        local.get 35
        local.get 1
        i32.lt_s
        select
        local.set 35
        local.get 36
        local.tee 51
        f32.convert_i32_s
        local.set 47
        local.get 37
        local.tee 50
        f32.convert_i32_s
        local.set 46
        local.get 38
        local.tee 49
        f32.convert_i32_s
        local.set 45
        local.get 36
        local.tee 59
        f32.convert_i32_s
        local.set 55
        local.get 37
        local.tee 58
        f32.convert_i32_s
        local.set 54
        local.get 38
        local.tee 57
        f32.convert_i32_s
        local.set 53
        local.get 32
        local.get 34
        i32.const 4
        i32.mul
        i32.add
        local.set 41
        local.get 33
        local.get 34
        i32.const 4
        i32.mul
        i32.add
        local.set 43
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
        local.set 61
        local.get 49
        local.get 9
        i32.const 1
        i32.sub
        local.get 49
        local.get 9
        i32.lt_s
        select
        i32.const 0
        local.get 49
        i32.const 0
        i32.ge_s
        select
        local.set 64
        local.get 64
        local.get 17
        i32.mul
        i32.const 4
        i32.mul
        local.set 65
        local.get 61
        local.get 65
        i32.add
        local.set 66
        local.get 19
        local.get 27
        i32.const 4
        i32.mul
        i32.add
        local.get 26
        local.get 30
        i32.mul
        i32.const 4
        i32.mul
        i32.add
        local.get 25
        local.get 29
        i32.mul
        i32.const 4
        i32.mul
        i32.add
        local.set 69
        local.get 57
        local.get 23
        i32.const 1
        i32.sub
        local.get 57
        local.get 23
        i32.lt_s
        select
        i32.const 0
        local.get 57
        i32.const 0
        i32.ge_s
        select
        local.set 70
        local.get 70
        i32.const 4
        i32.mul
        local.set 71
        i32.const 1
        local.get 21
        i32.const 1
        i32.sub
        i32.const 1
        local.get 21
        i32.lt_s
        select
        i32.const 0
        i32.const 1
        i32.const 0
        i32.ge_s
        select
        local.set 74
        local.get 74
        local.get 29
        i32.mul
        i32.const 4
        i32.mul
        local.set 75
        local.get 69
        local.get 71
        i32.add
        local.set 76
        local.get 76
        local.get 75
        i32.add
        local.set 77
        i32.const 0
        local.set 125
        local.get 5
        local.set 126
        local.get 10
        i32.const 0
        i32.sub
        local.get 126
        local.get 10
        i32.const 0
        i32.sub
        local.get 126
        i32.lt_s
        select
        local.set 126
        local.get 22
        i32.const 0
        i32.sub
        local.get 126
        local.get 22
        i32.const 0
        i32.sub
        local.get 126
        i32.lt_s
        select
        local.set 126
        block
          loop
            local.get 34
            local.get 35
            i32.ge_s
            br_if 1
            local.get 39
            local.tee 48
            f32.convert_i32_s
            local.set 44
            local.get 39
            local.tee 56
            f32.convert_i32_s
            local.set 52
            f32.const 0
            local.set 40
            f32.const 0
            local.set 42
            local.get 39
            local.get 125
            i32.ge_s
            local.get 39
            local.get 126
            i32.lt_s
            i32.and
            if
              block
                local.get 48
                i32.const 4
                i32.mul
                local.set 80
                local.get 66
                local.get 80
                i32.add
                local.set 81
                local.get 81
                f32.load align=4 offset=0
                local.set 82
                local.get 82
                local.set 40
                local.get 56
                local.get 30
                i32.mul
                i32.const 4
                i32.mul
                local.set 83
                local.get 77
                local.get 83
                i32.add
                local.set 84
                local.get 84
                f32.load align=4 offset=0
                local.set 85
                local.get 85
                local.set 42
              end
            else
              block
                local.get 48
                local.get 10
                i32.const 1
                i32.sub
                local.get 48
                local.get 10
                i32.lt_s
                select
                i32.const 0
                local.get 48
                i32.const 0
                i32.ge_s
                select
                local.set 62
                local.get 62
                i32.const 4
                i32.mul
                local.set 63
                local.get 66
                local.get 63
                i32.add
                local.set 67
                local.get 67
                f32.load align=4 offset=0
                local.set 68
                local.get 68
                local.set 40
                local.get 56
                local.get 22
                i32.const 1
                i32.sub
                local.get 56
                local.get 22
                i32.lt_s
                select
                i32.const 0
                local.get 56
                i32.const 0
                i32.ge_s
                select
                local.set 72
                local.get 72
                local.get 30
                i32.mul
                i32.const 4
                i32.mul
                local.set 73
                local.get 77
                local.get 73
                i32.add
                local.set 78
                local.get 78
                f32.load align=4 offset=0
                local.set 79
                local.get 79
                local.set 42
              end
            end
            local.get 41
            local.get 40
            f32.store align=4 offset=0
            local.get 43
            local.get 42
            f32.store align=4 offset=0
            local.get 34
            i32.const 1
            i32.add
            local.set 34
            local.get 39
            i32.const 1
            i32.add
            local.set 39
            local.get 41
            i32.const 4
            i32.add
            local.set 41
            local.get 43
            i32.const 4
            i32.add
            local.set 43
            br 0
          end
        end
        local.get 39
        local.get 5
        i32.eq
        if
          i32.const 0
          local.set 39
          local.get 38
          i32.const 1
          i32.add
          local.tee 38
          local.get 4
          i32.eq
          if
            i32.const 0
            local.set 38
            local.get 37
            i32.const 1
            i32.add
            local.tee 37
            local.get 3
            i32.eq
            if
              i32.const 0
              local.set 37
              local.get 36
              i32.const 1
              i32.add
              local.set 36
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset, L.args[0].e[0], L.args[0].e[1], L.args[0].e[2], L.args[0].e[3], L.args[0].l[0], L.args[0].l[1], L.args[0].l[2], L.args[0].l[3], L.args[0].s[0], L.args[0].s[1], L.args[0].s[2], L.args[0].s[3], L.args[1].F.byteOffset, L.args[1].e[0], L.args[1].e[1], L.args[1].e[2], L.args[1].e[3], L.args[1].l[0], L.args[1].l[1], L.args[1].l[2], L.args[1].l[3], L.args[1].s[0], L.args[1].s[1], L.args[1].s[2], L.args[1].s[3], L.args[2].F.byteOffset + L.args[2].base * 4, L.args[3].F.byteOffset + L.args[3].base * 4);
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
;;   V[17] = L.args[1].F.byteOffset;
;;   V[18] = L.args[1].e[0];
;;   V[19] = L.args[1].e[1];
;;   V[20] = L.args[1].e[2];
;;   V[21] = L.args[1].e[3];
;;   V[22] = L.args[1].l[0];
;;   V[23] = L.args[1].l[1];
;;   V[24] = L.args[1].l[2];
;;   V[25] = L.args[1].l[3];
;;   V[26] = L.args[1].s[0];
;;   V[27] = L.args[1].s[1];
;;   V[28] = L.args[1].s[2];
;;   V[29] = L.args[1].s[3];
;;   V[30] = L.args[2].F.byteOffset + L.args[2].base * 4;
;;   V[31] = L.args[3].F.byteOffset + L.args[3].base * 4;
;; };
;; run.valueCount = 32;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9], V[10], V[11], V[12], V[13], V[14], V[15], V[16], V[17], V[18], V[19], V[20], V[21], V[22], V[23], V[24], V[25], V[26], V[27], V[28], V[29], V[30], V[31]);
;; };
;; return run;
