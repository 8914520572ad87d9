CMakeFiles/tacit.dir/src/encoding/base64_dispatch.c.o: \
 /work/wt/lead/src/encoding/base64_dispatch.c /usr/include/stdc-predef.h \
 /work/wt/lead/include/tacit/config.h \
 /work/wt/lead/include/tacit/check_config.h \
 /work/wt/lead/src/encoding/base64_internal.h \
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
 /work/wt/lead/src/core/constant_time_internal.h \
 /work/wt/lead/include/tacit/constant_time.h \
 /work/wt/lead/include/tacit/limb.h /work/wt/lead/src/core/cpu_x86.h
