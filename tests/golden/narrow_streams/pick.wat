;; not printed: vout parameter
