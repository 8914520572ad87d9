/*
 * Authenticated encryption with associated data: one API for every AEAD of
 * tacit (AES-GCM, AES-CCM, ChaCha20-Poly1305, XChaCha20-Poly1305).
 *
 * One-shot on purpose (as BoringSSL's EVP_AEAD): tacit_aead_open checks the
 * tag before one byte of plaintext becomes visible.  On a wrong tag it
 * returns TACIT_ERR_AUTH_FAILED and zeroes out[0 .. in_len - tag_len).
 *
 *   seal: out = ciphertext || tag, *out_len = in_len + tag_len
 *   open: in  = ciphertext || tag, *out_len = in_len - tag_len
 *
 * out may equal in (in place); any other overlap (of out with in, the AAD
 * or the nonce) is refused with TACIT_ERR_BAD_INPUT.  out_size too small: TACIT_ERR_BUFFER_TOO_SMALL with
 * *out_len set to the size needed, nothing written.
 *
 *   algorithm                 key       nonce          tag
 *   AES-128/192/256-GCM       16/24/32  1 .. 2^32 B    12 .. 16 (default 16)
 *                                       (12 is the fast path)
 *   AES-128/192/256-CCM       16/24/32  7 .. 13        4, 6, 8, 10, 12, 14, 16
 *   ChaCha20-Poly1305         32        12             16
 *   XChaCha20-Poly1305        32        24             16
 *
 * Limits: GCM plaintext up to 2^36 - 32 bytes (SP 800-38D), CCM as its
 * nonce length allows (15 - nonce_len bytes of length field), ChaCha20 up to
 * 2^32 blocks of 64 bytes; beyond, TACIT_ERR_BAD_INPUT.
 *
 * Threads: a context is read-only after setkey; seal and open take it const,
 * so one context may be shared by any number of threads.  free wipes the key
 * and its schedule.
 */
#ifndef TACIT_AEAD_H
#define TACIT_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    TACIT_AEAD_AES_128_GCM,
    TACIT_AEAD_AES_192_GCM,
    TACIT_AEAD_AES_256_GCM,
    TACIT_AEAD_AES_128_CCM,
    TACIT_AEAD_AES_256_CCM,
    TACIT_AEAD_CHACHA20_POLY1305,
    TACIT_AEAD_XCHACHA20_POLY1305,
    TACIT_AEAD_AES_192_CCM /* appended: the values above are unchanged */
} tacit_aead_alg;

#define TACIT_AEAD_MAX_TAG_SIZE 16
#define TACIT_AEAD_STATE_WORDS 192 /* uint64_t words of key schedule, for every algorithm */

typedef struct tacit_aead_context {
    int alg;        /* tacit_aead_alg, or -1 before setkey */
    size_t key_len; /* bytes */
    size_t tag_len; /* bytes */
    /* Private: the key and its schedule in the form of the kernel chosen at setkey. */
    uint64_t state[TACIT_AEAD_STATE_WORDS];
} tacit_aead_context;

/* A context with no key (cannot fail). */
void tacit_aead_init(tacit_aead_context *ctx);

/*
 * Set the algorithm, key and tag length (0: the default, 16).
 * TACIT_ERR_BAD_INPUT for a key or tag length the algorithm does not take;
 * TACIT_ERR_NOT_SUPPORTED for an algorithm compiled out.
 */
int tacit_aead_setkey(tacit_aead_context *ctx, tacit_aead_alg alg, const unsigned char *key,
                      size_t key_len, size_t tag_len);

int tacit_aead_seal(const tacit_aead_context *ctx, const unsigned char *nonce, size_t nonce_len,
                    const unsigned char *aad, size_t aad_len, const unsigned char *in,
                    size_t in_len, unsigned char *out, size_t out_size, size_t *out_len);

int tacit_aead_open(const tacit_aead_context *ctx, const unsigned char *nonce, size_t nonce_len,
                    const unsigned char *aad, size_t aad_len, const unsigned char *in,
                    size_t in_len, unsigned char *out, size_t out_size, size_t *out_len);

/* Wipe the key and schedule; accepts NULL.  The context can take a new key. */
void tacit_aead_free(tacit_aead_context *ctx);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_AEAD_H */
