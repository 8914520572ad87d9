CMakeFiles/tacit.dir/src/core/x86_64/cpu_probe.c.o: \
 /work/wt/lead/src/core/x86_64/cpu_probe.c /usr/include/stdc-predef.h \
 /work/wt/lead/src/core/cpu_x86.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/cpuid.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h
