;; not printed: builtin pack_4ubyte
