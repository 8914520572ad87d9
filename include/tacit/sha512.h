/*
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4).
 *
 * One-shot: tacit_sha512(in, in_len, out) writes 64 bytes, tacit_sha384 48,
 * tacit_sha512_224 28, tacit_sha512_256 32 (SHA-512/t, section 6.7: SHA-512
 * with its own initial hash value, the output truncated; FIPS 204 lists both
 * as HashML-DSA pre-hashes).
 * Streaming: init, starts, update (any number of times, any lengths),
 * finish, free.  A context holds no pointers and may be copied with
 * memcpy/struct assignment to fork a hash midway (HMAC does this).
 *
 * The compression function has no secret-dependent branch or memory index:
 * hashing secret data (keys in HMAC, DRBG state) leaks only its length.
 *
 * Build options (define them for the library build, e.g. in the config
 * file): TACIT_SHA_SMALL selects a compact, rolled compression function
 * (also chosen automatically under -Os) for code-size-constrained
 * firmware.  On x86-64 with AVX2 and BMI2 an inline-assembly kernel runs
 * (the message schedule in vector registers beside the scalar rounds; a
 * second one with AVX-512VL), on other x86 CPUs with BMI2 a copy of the C
 * code compiled for BMI2; TACIT_SHA_NO_ACCEL builds the plain C only.  All
 * four SHA-512 variants share these kernels.
 *
 * Threads: a context holds one running hash; use it from one thread at a time.
 */
#ifndef TACIT_SHA512_H
#define TACIT_SHA512_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors: TACIT_ERR_BAD_INPUT (error.h), the hash functions' only error. */

#define TACIT_SHA384_SIZE 48
#define TACIT_SHA512_SIZE 64
#define TACIT_SHA512_224_SIZE 28
#define TACIT_SHA512_256_SIZE 32
#define TACIT_SHA512_BLOCK_SIZE 128

typedef struct tacit_sha512_context {
    uint64_t state[8];
    uint64_t total;                                /* bytes hashed so far */
    unsigned char buffer[TACIT_SHA512_BLOCK_SIZE]; /* partial block: total % 128 bytes */
    unsigned out_len; /* digest bytes: 64, 48, 32 or 28; set by the starts functions */
} tacit_sha512_context;

/* Zero the context (a freed-or-never-used state; call starts before update). */
void tacit_sha512_init(tacit_sha512_context *ctx);

/* Begin a new hash: SHA-384 when is384 is non-zero, else SHA-512. */
int tacit_sha512_starts(tacit_sha512_context *ctx, int is384);

/*
 * Begin a new SHA-512/t hash: t = 224 (SHA-512/224) or 256 (SHA-512/256);
 * then update and finish as above (finish writes t / 8 bytes).  Other t:
 * TACIT_ERR_BAD_INPUT.
 */
int tacit_sha512t_starts(tacit_sha512_context *ctx, unsigned t);

/* Feed in_len bytes (in may be NULL only when in_len is 0). */
int tacit_sha512_update(tacit_sha512_context *ctx, const unsigned char *in, size_t in_len);

/*
 * Write the digest (64, 48, 32 or 28 bytes) to out.  The context must then be
 * restarted with tacit_sha512_starts before it is fed again.
 */
int tacit_sha512_finish(tacit_sha512_context *ctx, unsigned char *out);

/* Zeroize the context. */
void tacit_sha512_free(tacit_sha512_context *ctx);

/* One-shot SHA-512: out receives 64 bytes.  Errors: TACIT_ERR_BAD_INPUT. */
int tacit_sha512(const unsigned char *in, size_t in_len, unsigned char *out);

/* One-shot SHA-384: out receives 48 bytes. */
int tacit_sha384(const unsigned char *in, size_t in_len, unsigned char *out);

/* One-shot SHA-512/224: out receives 28 bytes. */
int tacit_sha512_224(const unsigned char *in, size_t in_len, unsigned char *out);

/* One-shot SHA-512/256: out receives 32 bytes. */
int tacit_sha512_256(const unsigned char *in, size_t in_len, unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_SHA512_H */
