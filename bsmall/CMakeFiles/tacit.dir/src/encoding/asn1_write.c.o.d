CMakeFiles/tacit.dir/src/encoding/asn1_write.c.o: \
 /work/wt/lead/src/encoding/asn1_write.c /usr/include/stdc-predef.h \
 /work/wt/lead/include/tacit/asn1.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h \
 /work/wt/lead/include/tacit/error.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/limits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/syslimits.h \
 /usr/include/limits.h
