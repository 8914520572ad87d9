/*
 * SHA-1 (FIPS 180-4) -- LEGACY.
 *
 * SHA-1 is broken for collision resistance (chosen-prefix collisions are
 * practical).  It is here only to VERIFY old signatures and certificates
 * and for protocols that still require it (e.g. OAEP/MGF1 with SHA-1 keys
 * made elsewhere).  Never use it to sign or to fingerprint new data.
 *
 * Same shape as sha256.h: one-shot tacit_sha1 (20 bytes) and a streaming
 * context (init, starts, update, finish, free) that may be copied.
 *
 * Build options (define them for the library build, e.g. in the config
 * file): TACIT_SHA_SMALL selects a compact, rolled compression function
 * (also chosen automatically under -Os) for code-size-constrained
 * firmware.  On x86 a copy of the C code compiled for BMI2 runs when the
 * CPU has it; TACIT_SHA_NO_ACCEL builds the plain C only.
 *
 * Threads: a context holds one running hash; use it from one thread at a time.
 */
#ifndef TACIT_SHA1_H
#define TACIT_SHA1_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors: TACIT_ERR_BAD_INPUT (error.h), the hash functions' only error. */

#define TACIT_SHA1_SIZE 20
#define TACIT_SHA1_BLOCK_SIZE 64

typedef struct tacit_sha1_context {
    uint32_t state[5];
    uint64_t total;                              /* bytes hashed so far */
    unsigned char buffer[TACIT_SHA1_BLOCK_SIZE]; /* partial block: total % 64 bytes */
} tacit_sha1_context;

/* Zero the context (call starts before update). */
void tacit_sha1_init(tacit_sha1_context *ctx);

/* Begin a new hash. */
int tacit_sha1_starts(tacit_sha1_context *ctx);

/* Feed in_len bytes (in may be NULL only when in_len is 0). */
int tacit_sha1_update(tacit_sha1_context *ctx, const unsigned char *in, size_t in_len);

/* Write the 20-byte digest; restart with tacit_sha1_starts before reuse. */
int tacit_sha1_finish(tacit_sha1_context *ctx, unsigned char *out);

/* Zeroize the context. */
void tacit_sha1_free(tacit_sha1_context *ctx);

/* One-shot SHA-1 (legacy, see above): out receives 20 bytes. */
int tacit_sha1(const unsigned char *in, size_t in_len, unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_SHA1_H */
