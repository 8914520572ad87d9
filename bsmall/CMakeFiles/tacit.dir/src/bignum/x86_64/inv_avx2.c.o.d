CMakeFiles/tacit.dir/src/bignum/x86_64/inv_avx2.c.o: \
 /work/wt/lead/src/bignum/x86_64/inv_avx2.c /usr/include/stdc-predef.h \
 /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h
