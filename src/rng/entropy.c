/*
 * The default entropy source: the operating system's CSPRNG.
 *
 * Linux: getrandom(2) (blocks only until the kernel pool is initialised
 * at boot, never afterwards); if the kernel lacks it (ENOSYS, pre-3.17) or
 * the C library does not declare it, /dev/urandom.
 */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "tacit/hmac_drbg.h"

#if defined(TACIT_ENTROPY_C)

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define TACIT_HAVE_GETRANDOM 1
#endif
#endif

#if defined(TACIT_HAVE_GETRANDOM)
/* 0: filled; 1: not available, try the fallback; -1: failed. */
static int entropy_getrandom(unsigned char *out, size_t len)
{
    while (len > 0) {
        ssize_t n = getrandom(out, len, 0);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno == ENOSYS ? 1 : -1;
        }
        out += n;
        len -= (size_t)n;
    }
    return 0;
}
#endif

static int entropy_urandom(unsigned char *out, size_t len)
{
    int fd;
    int ret = 0;

    do {
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        return -1;
    }
    while (len > 0) {
        ssize_t n = read(fd, out, len);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            ret = -1;
            break;
        }
        out += n;
        len -= (size_t)n;
    }
    close(fd);
    return ret;
}

int tacit_entropy_default(void *p_unused, unsigned char *out, size_t len)
{
    unsigned char *start = out;
    size_t total = len;
    int r = 1;

    (void)p_unused;
    if (out == NULL) {
        return len == 0 ? 0 : TACIT_ERR_BAD_INPUT;
    }
#if defined(TACIT_HAVE_GETRANDOM)
    r = entropy_getrandom(out, len);
#endif
    if (r == 1) {
        r = entropy_urandom(out, len);
    }
    if (r != 0) {
        memset(start, 0, total);
        return TACIT_ERR_DRBG_ENTROPY_FAILED;
    }
    return 0;
}

#else
typedef int tacit_entropy_unused;
#endif /* TACIT_ENTROPY_C */
