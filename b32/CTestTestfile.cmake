# CMake generated Testfile for 
# Source directory: /work/wt/lead
# Build directory: /work/wt/lead/b32
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("tests")
subdirs("programs")
