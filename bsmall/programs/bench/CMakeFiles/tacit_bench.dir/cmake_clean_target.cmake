file(REMOVE_RECURSE
  "libtacit_bench.a"
)
