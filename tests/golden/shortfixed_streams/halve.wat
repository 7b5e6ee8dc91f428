;; not printed: a fixed output
