# CMake generated Testfile for 
# Source directory: /work/wt/lead/programs
# Build directory: /work/wt/lead/b32/programs
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("bench")
subdirs("tacit")
subdirs("timing_leaks")
