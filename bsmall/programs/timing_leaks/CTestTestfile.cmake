# CMake generated Testfile for 
# Source directory: /work/wt/lead/programs/timing_leaks
# Build directory: /work/wt/lead/bsmall/programs/timing_leaks
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
