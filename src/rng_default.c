/*
 * tacit_rng_default: one lazily seeded HMAC_DRBG-SHA-256 per thread.
 *
 * Thread-local storage (GCC/clang __thread) makes it lock-free and
 * thread-safe; other compilers get one shared instance (documented as not
 * thread-safe in hmac_drbg.h).  A fork() copies the instance into the
 * child: the pid check makes the child reseed, with fresh entropy and its
 * pid as additional input, before its first output.
 */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "tacit/hmac_drbg.h"

#if defined(TACIT_HMAC_DRBG_C)

#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/types.h>
#include <unistd.h>
#define TACIT_RNG_HAVE_PID 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#define TACIT_THREAD_LOCAL __thread
#else
#define TACIT_THREAD_LOCAL
#endif

#if defined(TACIT_SHA256_C)
#define TACIT_RNG_MD TACIT_MD_SHA256
#elif defined(TACIT_SHA512_C)
#define TACIT_RNG_MD TACIT_MD_SHA512
#else
#define TACIT_RNG_MD TACIT_MD_SHA1
#endif

static TACIT_THREAD_LOCAL tacit_hmac_drbg_context rng_ctx;
#if defined(TACIT_RNG_HAVE_PID)
static TACIT_THREAD_LOCAL pid_t rng_pid;
#endif

static const unsigned char rng_pers[] = "tacit default rng";

int tacit_rng_default(void *p_rng_ignored, unsigned char *out, size_t len)
{
    int ret = 0;

    (void)p_rng_ignored;
    if (out == NULL && len > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!rng_ctx.seeded) {
        tacit_hmac_drbg_init(&rng_ctx);
        ret = tacit_hmac_drbg_seed(&rng_ctx, TACIT_RNG_MD, tacit_entropy_default, NULL,
                                   rng_pers, sizeof(rng_pers) - 1);
#if defined(TACIT_RNG_HAVE_PID)
        rng_pid = getpid();
#endif
    }
#if defined(TACIT_RNG_HAVE_PID)
    else {
        pid_t pid = getpid();
        if (pid != rng_pid) {
            ret = tacit_hmac_drbg_reseed(&rng_ctx, (const unsigned char *)&pid, sizeof(pid));
            if (ret == 0) {
                rng_pid = pid;
            }
        }
    }
#endif
    if (ret == 0) {
        ret = tacit_hmac_drbg_random(&rng_ctx, out, len);
    }
    if (ret != 0) {
        /* Start from scratch next time rather than trust a half-updated state. */
        tacit_hmac_drbg_free(&rng_ctx);
        if (len > 0) {
            memset(out, 0, len);
        }
    }
    return ret;
}

void tacit_rng_default_free(void)
{
    tacit_hmac_drbg_free(&rng_ctx);
}

#else
typedef int tacit_rng_default_unused;
#endif /* TACIT_HMAC_DRBG_C */
