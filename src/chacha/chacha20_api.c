/*
 * The public ChaCha20 and XChaCha20 stream (tacit/chacha20.h): the checks
 * of the API, then the state and the xor_stream kernel of
 * tacit_chachapoly_kernels_get (the AEAD's one dispatch point, read on
 * every call).  A separate object from the AEAD, so that a program that
 * only seals and opens does not link it.
 */
#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C)

#include "tacit/chacha20.h"
#include "tacit/error.h"
#include "tacit/platform.h"

/*
 * The API's rules on public values only (pointers, length, counter): 0 when
 * the call may run, else TACIT_ERR_BAD_INPUT.
 */
static int stream_check(const unsigned char *key, const unsigned char *nonce, uint32_t counter,
                        const unsigned char *in, size_t len, const unsigned char *out)
{
    uintptr_t i = (uintptr_t)in, o = (uintptr_t)out;
    uint64_t blocks = (uint64_t)(len / 64) + (len % 64 != 0);

    if (key == NULL || nonce == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (len == 0) {
        return 0;
    }
    if (in == NULL || out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    /* the last block is counter + blocks - 1, at most 2^32 - 1: no wrap */
    if (blocks > ((uint64_t)1 << 32) - counter) {
        return TACIT_ERR_BAD_INPUT;
    }
    /* in place, or apart */
    if (in != out && (o - i < len || i - o < len)) {
        return TACIT_ERR_BAD_INPUT;
    }
    return 0;
}

/* The keystream of st over in -> out, with the kernel of this CPU; wipes st. */
static void stream_run(uint32_t st[16], const unsigned char *in, size_t len, unsigned char *out)
{
    tacit_chachapoly_kernels k;

    tacit_chachapoly_kernels_get(&k);
    k.xor_stream(st, in, out, len);
    tacit_platform_zeroize(st, 16 * sizeof(uint32_t));
}

int tacit_chacha20_xor(const unsigned char key[32], const unsigned char nonce[12], uint32_t counter,
                       const unsigned char *in, size_t len, unsigned char *out)
{
    uint32_t st[16];
    int ret = stream_check(key, nonce, counter, in, len, out);

    if (ret != 0 || len == 0) {
        return ret;
    }
    tacit_chacha20_setup(st, key, counter, nonce);
    stream_run(st, in, len, out);
    return 0;
}

int tacit_xchacha20_xor(const unsigned char key[32], const unsigned char nonce[24],
                        uint32_t counter, const unsigned char *in, size_t len, unsigned char *out)
{
    uint32_t st[16];
    int ret = stream_check(key, nonce, counter, in, len, out);

    if (ret != 0 || len == 0) {
        return ret;
    }
    tacit_xchacha20_setup(st, key, nonce);
    st[12] = counter;
    stream_run(st, in, len, out);
    return 0;
}

#else
typedef int tacit_chacha20_api_unused;
#endif /* TACIT_CHACHAPOLY_C */
