CMakeFiles/tacit.dir/src/core/error.c.o: /work/wt/lead/src/core/error.c \
 /usr/include/stdc-predef.h /work/wt/lead/include/tacit/error.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h
