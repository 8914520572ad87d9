# CMake toolchain file: 32-bit Arm Linux (hard-float), for scripts/test_arm32.sh.
# The tests run under qemu-arm through CMAKE_CROSSCOMPILING_EMULATOR, which
# CTest puts in front of every add_test() command that names a target.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
# 64-bit file offsets and inode numbers: without them readdir() fails with
# EOVERFLOW on filesystems with 64-bit directory cookies (ext4, overlayfs)
# under qemu-user, and test suites that list ../shared find nothing.
set(CMAKE_C_FLAGS_INIT "-D_FILE_OFFSET_BITS=64")
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# LD_LIBRARY_PATH: the cross libc next to the cross ld.so.  Without it the
# loader takes the host's /etc/ld.so.cache, which lists libc6:armhf's libc
# once that is installed (libgmp-dev:armhf pulls it in), a different build
# than the cross ld.so: pthread/TLS code then crashes (test_rng_default).
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm -L /usr/arm-linux-gnueabihf
    -E LD_LIBRARY_PATH=/usr/arm-linux-gnueabihf/lib)
