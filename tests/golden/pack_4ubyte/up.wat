;; not printed: builtin unpack_4ubyte
