/*
 * The version of tacit.  The macros are the version of the headers being
 * compiled against; tacit_version() is the version of the library that is
 * linked (compare them to catch a stale library).  CMakeLists.txt reads the
 * project version from this file: change it here only.
 */
#ifndef TACIT_VERSION_H
#define TACIT_VERSION_H

#define TACIT_VERSION_MAJOR 0
#define TACIT_VERSION_MINOR 1
#define TACIT_VERSION_PATCH 0
#define TACIT_VERSION_STRING "0.1.0"
/* 0xMMmmpp00: major, minor, patch, for #if comparisons */
#define TACIT_VERSION_NUMBER 0x00010000

#ifdef __cplusplus
extern "C" {
#endif

/* TACIT_VERSION_STRING of the library as built ("0.1.0"); static, thread-safe. */
const char *tacit_version(void);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_VERSION_H */
