/*
 * tacit_entropy_default for the test programs of a configuration without
 * TACIT_ENTROPY_C (scripts/configs/: a firmware image supplies its own, see
 * hmac_drbg.h): the host's /dev/urandom.  Linked into every suite; empty
 * in the configurations that compile the library's entropy source.
 */
#include "tacit/error.h"
#include "tacit/hmac_drbg.h"

#if defined(TACIT_HMAC_DRBG_C) && !defined(TACIT_ENTROPY_C)

#include <stdio.h>
#include <string.h>

int tacit_entropy_default(void *p_unused, unsigned char *out, size_t len)
{
    FILE *f;
    size_t got = 0;

    (void)p_unused;
    if (len == 0) {
        return 0;
    }
    if (out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f = fopen("/dev/urandom", "rb");
    if (f != NULL) {
        got = fread(out, 1, len, f);
        fclose(f);
    }
    if (got != len) {
        memset(out, 0, len);
        return TACIT_ERR_DRBG_ENTROPY_FAILED;
    }
    return 0;
}

#else
typedef int tacit_test_entropy_host_unused;
#endif
