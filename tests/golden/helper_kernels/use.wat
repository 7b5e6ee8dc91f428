(module
  (type 0 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
  (import "m" "mem" (memory 0 65536 shared))
  (func 0 (export "run") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)
    (local i32 x6, f32 x3, i32 x1, f32 x3, i32 x1, f32 x3, i32 x1, f32 x1, i32 x1, f32 x4, i32 x1, f32 x2, i32 x1, f32 x4, i32 x4, f32 x4, i32 x5, f32 x50, i32 x2)
    local.get 0
    local.set 12
    local.get 0
    local.get 5
    i32.rem_u
    local.set 17
    local.get 0
    local.get 5
    i32.div_u
    local.set 56
    local.get 56
    local.get 4
    i32.rem_u
    local.set 16
    local.get 56
    local.get 4
    i32.div_u
    local.set 56
    local.get 56
    local.get 3
    i32.rem_u
    local.set 15
    local.get 56
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
        local.tee 47
        f32.convert_i32_s
        local.set 43
        local.get 15
        local.tee 46
        f32.convert_i32_s
        local.set 42
        local.get 16
        local.tee 45
        f32.convert_i32_s
        local.set 41
        local.get 14
        local.tee 55
        f32.convert_i32_s
        local.set 51
        local.get 15
        local.tee 54
        f32.convert_i32_s
        local.set 50
        local.get 16
        local.tee 53
        f32.convert_i32_s
        local.set 49
        local.get 6
        local.get 12
        i32.const 12
        i32.mul
        i32.add
        local.set 21
        local.get 7
        local.get 12
        i32.const 12
        i32.mul
        i32.add
        local.set 25
        local.get 8
        local.get 12
        i32.const 12
        i32.mul
        i32.add
        local.set 29
        local.get 9
        local.get 12
        i32.const 4
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
        i32.const 8
        i32.mul
        i32.add
        local.set 39
        block
          loop
            local.get 12
            local.get 13
            i32.ge_s
            br_if 1
            local.get 17
            local.tee 44
            f32.convert_i32_s
            local.set 40
            local.get 17
            local.tee 52
            f32.convert_i32_s
            local.set 48
            local.get 21
            f32.load align=4 offset=0
            local.set 18
            local.get 21
            f32.load align=4 offset=4
            local.set 19
            local.get 21
            f32.load align=4 offset=8
            local.set 20
            local.get 25
            f32.load align=4 offset=0
            local.set 22
            local.get 25
            f32.load align=4 offset=4
            local.set 23
            local.get 25
            f32.load align=4 offset=8
            local.set 24
            f32.const 0
            local.set 26
            f32.const 0
            local.set 27
            f32.const 0
            local.set 28
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
            block
              block
                f32.const 0
                local.set 57
                local.get 18
                local.set 58
                block
                  local.get 58
                  local.set 59
                  local.get 59
                  f32.const 1000
                  f32.add
                  local.set 60
                  local.get 60
                  local.set 59
                  local.get 59
                  local.set 57
                  br 0
                end
                local.get 57
                local.set 61
                f32.const 0
                local.set 62
                f32.const 0
                local.set 63
                f32.const 0
                local.set 64
                local.get 18
                local.set 65
                local.get 19
                local.set 66
                local.get 20
                local.set 67
                local.get 22
                local.set 68
                local.get 23
                local.set 69
                local.get 24
                local.set 70
                block
                  local.get 65
                  local.get 68
                  f32.add
                  local.set 71
                  local.get 66
                  local.get 69
                  f32.add
                  local.set 72
                  local.get 67
                  local.get 70
                  f32.add
                  local.set 73
                  local.get 71
                  f32.const 0.5
                  f32.mul
                  local.set 74
                  local.get 72
                  f32.const 0.5
                  f32.mul
                  local.set 75
                  local.get 73
                  f32.const 0.5
                  f32.mul
                  local.set 76
                  local.get 74
                  local.set 62
                  local.get 75
                  local.set 63
                  local.get 76
                  local.set 64
                  br 0
                end
                local.get 62
                local.set 26
                local.get 63
                local.set 27
                local.get 64
                local.set 28
                local.get 18
                local.get 22
                f32.sub
                local.set 77
                local.get 19
                local.get 23
                f32.sub
                local.set 78
                local.get 20
                local.get 24
                f32.sub
                local.set 79
                f32.const 0
                local.set 80
                local.get 77
                local.set 81
                local.get 78
                local.set 82
                local.get 79
                local.set 83
                block
                  f32.const 0
                  local.set 84
                  local.get 81
                  local.set 85
                  block
                    local.get 85
                    local.get 85
                    f32.mul
                    local.set 86
                    local.get 86
                    local.set 84
                    br 0
                  end
                  f32.const 0
                  local.set 87
                  local.get 82
                  local.set 88
                  block
                    local.get 88
                    local.get 88
                    f32.mul
                    local.set 89
                    local.get 89
                    local.set 87
                    br 0
                  end
                  local.get 84
                  local.get 87
                  f32.add
                  local.set 90
                  f32.const 0
                  local.set 91
                  local.get 83
                  local.set 92
                  block
                    local.get 92
                    local.get 92
                    f32.mul
                    local.set 93
                    local.get 93
                    local.set 91
                    br 0
                  end
                  local.get 90
                  local.get 91
                  f32.add
                  local.set 94
                  local.get 94
                  local.set 80
                  br 0
                end
                local.get 80
                local.set 30
                f32.const 0
                local.set 95
                local.get 18
                local.set 96
                block
                  local.get 40
                  local.set 95
                  br 0
                end
                f32.const 0
                local.set 97
                local.get 22
                local.set 98
                block
                  local.get 48
                  local.set 97
                  br 0
                end
                local.get 18
                local.set 32
                local.get 61
                local.set 33
                local.get 95
                local.set 34
                local.get 97
                local.set 35
                f32.const 0
                local.set 99
                f32.const 0
                local.set 100
                local.get 19
                local.set 101
                local.get 23
                local.set 102
                block
                  f32.const 0
                  local.set 103
                  f32.const 0
                  local.set 104
                  local.get 101
                  local.get 102
                  f32.min
                  local.set 105
                  local.get 105
                  local.set 103
                  local.get 101
                  local.get 102
                  f32.max
                  local.set 106
                  local.get 106
                  local.set 104
                  local.get 103
                  local.set 99
                  local.get 104
                  local.set 100
                  br 0
                end
                local.get 99
                local.set 37
                local.get 100
                local.set 38
              end
            end
            local.get 29
            local.get 26
            f32.store align=4 offset=0
            local.get 29
            local.get 27
            f32.store align=4 offset=4
            local.get 29
            local.get 28
            f32.store align=4 offset=8
            local.get 31
            local.get 30
            f32.store align=4 offset=0
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
            local.get 39
            local.get 37
            f32.store align=4 offset=0
            local.get 39
            local.get 38
            f32.store align=4 offset=4
            local.get 12
            i32.const 1
            i32.add
            local.set 12
            local.get 17
            i32.const 1
            i32.add
            local.set 17
            local.get 21
            i32.const 12
            i32.add
            local.set 21
            local.get 25
            i32.const 12
            i32.add
            local.set 25
            local.get 29
            i32.const 12
            i32.add
            local.set 29
            local.get 31
            i32.const 4
            i32.add
            local.set 31
            local.get 36
            i32.const 16
            i32.add
            local.set 36
            local.get 39
            i32.const 8
            i32.add
            local.set 39
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
;;   wasmRun(start, end, L.E[0], L.E[1], L.E[2], L.E[3], L.args[0].F.byteOffset + L.args[0].base * 12, L.args[1].F.byteOffset + L.args[1].base * 12, L.args[2].F.byteOffset + L.args[2].base * 12, L.args[3].F.byteOffset + L.args[3].base * 4, L.args[4].F.byteOffset + L.args[4].base * 16, L.args[5].F.byteOffset + L.args[5].base * 8);
;; };
;; run.values = function values(L, V) {
;;   V[0] = L.E[0];
;;   V[1] = L.E[1];
;;   V[2] = L.E[2];
;;   V[3] = L.E[3];
;;   V[4] = L.args[0].F.byteOffset + L.args[0].base * 12;
;;   V[5] = L.args[1].F.byteOffset + L.args[1].base * 12;
;;   V[6] = L.args[2].F.byteOffset + L.args[2].base * 12;
;;   V[7] = L.args[3].F.byteOffset + L.args[3].base * 4;
;;   V[8] = L.args[4].F.byteOffset + L.args[4].base * 16;
;;   V[9] = L.args[5].F.byteOffset + L.args[5].base * 8;
;; };
;; run.valueCount = 10;
;; run.runValues = function runValues(V, start, end) {
;;   wasmRun(start, end, V[0], V[1], V[2], V[3], V[4], V[5], V[6], V[7], V[8], V[9]);
;; };
;; return run;
