CMakeFiles/tacit.dir/src/bignum/bignum_core_inv.c.o: \
 /work/wt/lead/src/bignum/bignum_core_inv.c /usr/include/stdc-predef.h \
 /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h
