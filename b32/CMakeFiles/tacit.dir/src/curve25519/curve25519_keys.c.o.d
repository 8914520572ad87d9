CMakeFiles/tacit.dir/src/curve25519/curve25519_keys.c.o: \
 /work/wt/lead/src/curve25519/curve25519_keys.c \
 /usr/include/stdc-predef.h /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt/lead/include/tacit/asn1.h /work/wt/lead/include/tacit/error.h \
 /work/wt/lead/include/tacit/ed25519.h \
 /work/wt/lead/include/tacit/key_format.h \
 /work/wt/lead/include/tacit/platform.h /usr/include/stdlib.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-bsearch.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-float.h \
 /work/wt/lead/include/tacit/x25519.h /work/wt/lead/include/tacit/pem.h \
 /work/wt/lead/include/tacit/base64.h \
 /work/wt/lead/src/curve25519/curve25519_keys.h
