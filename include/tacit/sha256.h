/*
 * SHA-224 and SHA-256 (FIPS 180-4).
 *
 * One-shot: tacit_sha256(in, in_len, out) writes 32 bytes, tacit_sha224 28.
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
 * firmware.  On x86 the SHA extensions (SHA-NI) are used when CPUID reports
 * them, else a copy of the C code compiled for BMI2 if the CPU has it;
 * TACIT_SHA_NO_ACCEL builds the plain C only.  Every back end has
 * data-independent timing.
 *
 * Threads: a context holds one running hash; use it from one thread at a time.
 */
#ifndef TACIT_SHA256_H
#define TACIT_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors: TACIT_ERR_BAD_INPUT (error.h), the hash functions' only error. */

#define TACIT_SHA224_SIZE 28
#define TACIT_SHA256_SIZE 32
#define TACIT_SHA256_BLOCK_SIZE 64

typedef struct tacit_sha256_context {
    uint32_t state[8];
    uint64_t total;                                /* bytes hashed so far */
    unsigned char buffer[TACIT_SHA256_BLOCK_SIZE]; /* partial block: total % 64 bytes */
    int is224;
} tacit_sha256_context;

/* Zero the context (a freed-or-never-used state; call starts before update). */
void tacit_sha256_init(tacit_sha256_context *ctx);

/* Begin a new hash: SHA-224 when is224 is non-zero, else SHA-256. */
int tacit_sha256_starts(tacit_sha256_context *ctx, int is224);

/* Feed in_len bytes (in may be NULL only when in_len is 0). */
int tacit_sha256_update(tacit_sha256_context *ctx, const unsigned char *in, size_t in_len);

/*
 * Write the digest (28 or 32 bytes) to out.  The context must then be
 * restarted with tacit_sha256_starts before it is fed again.
 */
int tacit_sha256_finish(tacit_sha256_context *ctx, unsigned char *out);

/* Zeroize the context. */
void tacit_sha256_free(tacit_sha256_context *ctx);

/* One-shot SHA-256: out receives 32 bytes.  Errors: TACIT_ERR_BAD_INPUT. */
int tacit_sha256(const unsigned char *in, size_t in_len, unsigned char *out);

/* One-shot SHA-224: out receives 28 bytes. */
int tacit_sha224(const unsigned char *in, size_t in_len, unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_SHA256_H */
