CMakeFiles/tacit.dir/src/x509/x509_verify.c.o: \
 /work/wt/lead/src/x509/x509_verify.c /usr/include/stdc-predef.h \
 /work/wt/lead/include/tacit/x509.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h \
 /work/wt/lead/include/tacit/error.h /usr/include/string.h \
 /work/wt/lead/include/tacit/asn1.h /work/wt/lead/include/tacit/pk.h \
 /work/wt/lead/include/tacit/key_format.h \
 /work/wt/lead/include/tacit/md.h /work/wt/lead/include/tacit/sha1.h \
 /work/wt/lead/include/tacit/sha256.h \
 /work/wt/lead/include/tacit/sha512.h \
 /work/wt/lead/include/tacit/platform.h /usr/include/stdlib.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-float.h \
 /work/wt/lead/include/tacit/rsa.h /work/wt/lead/include/tacit/bignum.h \
 /work/wt/lead/include/tacit/limb.h /work/wt/lead/include/tacit/ecp.h \
 /work/wt/lead/include/tacit/ed25519.h \
 /work/wt/lead/include/tacit/x25519.h \
 /work/wt/lead/src/x509/x509_internal.h \
 /work/wt/lead/src/x509/x509_verify_internal.h
