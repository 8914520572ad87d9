CMakeFiles/tacit.dir/src/core/version.c.o: \
 /work/wt/lead/src/core/version.c /usr/include/stdc-predef.h \
 /work/wt/lead/include/tacit/version.h
