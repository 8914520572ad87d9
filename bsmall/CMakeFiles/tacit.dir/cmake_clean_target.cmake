file(REMOVE_RECURSE
  "libtacit.a"
)
