CMakeFiles/tacit.dir/src/bignum/bignum_core_inv_small.c.o: \
 /work/wt/lead/src/bignum/bignum_core_inv_small.c \
 /usr/include/stdc-predef.h /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h
