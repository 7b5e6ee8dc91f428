;; not printed: builtin frexpExponent
