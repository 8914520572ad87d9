CMakeFiles/tacit.dir/src/bignum/bignum_core_exp_small.c.o: \
 /work/wt/lead/src/bignum/bignum_core_exp_small.c \
 /usr/include/stdc-predef.h /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h
