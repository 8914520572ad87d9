/*
 * SHA-3 and SHAKE (FIPS 202): SHA3-224/256/384/512 and the extendable-output
 * functions SHAKE128 and SHAKE256, on Keccak-f[1600].
 *
 * The four hashes are also reachable through md.h (TACIT_MD_SHA3_224 ..
 * TACIT_MD_SHA3_512), so HMAC-SHA3 and HKDF-SHA3 work.
 *
 * SHAKE: init, absorb (any number of times), then squeeze (any number of
 * times, any lengths: the output is one stream); absorb after the first
 * squeeze is TACIT_ERR_BAD_INPUT.
 *
 * Keccak-f[1600] has no secret-dependent branch or memory index: hashing
 * secret data leaks only its length.
 *
 * Threads: a context holds one running hash; use it from one thread at a time.
 */
#ifndef TACIT_SHA3_H
#define TACIT_SHA3_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TACIT_SHA3_224_SIZE 28
#define TACIT_SHA3_256_SIZE 32
#define TACIT_SHA3_384_SIZE 48
#define TACIT_SHA3_512_SIZE 64

typedef struct tacit_sha3_context {
    uint64_t state[25];
    unsigned pos;     /* bytes absorbed into the current block (or squeezed from it) */
    unsigned rate;    /* block size in bytes: 200 - 2 * capacity/8 */
    unsigned out_len; /* digest size (SHA-3); 0 for SHAKE */
    int squeezing;    /* SHAKE: 1 once the first squeeze has padded the input */
} tacit_sha3_context;

#ifdef __cplusplus
}
#endif

/* tacit_md_type; md.h embeds tacit_sha3_context, so it comes after it */
#include "tacit/md.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Streaming SHA-3: type is TACIT_MD_SHA3_224 .. TACIT_MD_SHA3_512. */
void tacit_sha3_init(tacit_sha3_context *ctx);
int tacit_sha3_starts(tacit_sha3_context *ctx, tacit_md_type type);
int tacit_sha3_update(tacit_sha3_context *ctx, const unsigned char *in, size_t in_len);
int tacit_sha3_finish(tacit_sha3_context *ctx, unsigned char *out);
void tacit_sha3_free(tacit_sha3_context *ctx);

/* One-shot SHA-3: out holds the digest size. */
int tacit_sha3_224(const unsigned char *in, size_t in_len, unsigned char *out);
int tacit_sha3_256(const unsigned char *in, size_t in_len, unsigned char *out);
int tacit_sha3_384(const unsigned char *in, size_t in_len, unsigned char *out);
int tacit_sha3_512(const unsigned char *in, size_t in_len, unsigned char *out);

/* SHAKE128 / SHAKE256 as an XOF. */
typedef enum { TACIT_SHAKE128 = 128, TACIT_SHAKE256 = 256 } tacit_shake_type;
typedef tacit_sha3_context tacit_shake_context;

int tacit_shake_init(tacit_shake_context *ctx, tacit_shake_type type);
int tacit_shake_absorb(tacit_shake_context *ctx, const unsigned char *in, size_t in_len);
int tacit_shake_squeeze(tacit_shake_context *ctx, unsigned char *out, size_t out_len);
void tacit_shake_free(tacit_shake_context *ctx);

int tacit_shake128(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_len);
int tacit_shake256(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_SHA3_H */
