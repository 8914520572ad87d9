/*
 * Message digests by identifier: RSA (PKCS#1, PSS, OAEP, MGF1), ECDSA and
 * HMAC take a tacit_md_type rather than a table of function pointers.
 *
 * tacit_md_context embeds every hash context in a union: no heap, may be
 * copied by assignment (to fork a hash midway), zeroized by tacit_md_free.
 *
 * A type whose hash is compiled out (TACIT_SHA1_C, TACIT_SHA256_C,
 * TACIT_SHA512_C, TACIT_SHA3_C) behaves like an unknown type: size 0, functions return
 * TACIT_ERR_MD_UNSUPPORTED.
 *
 * Threads: a tacit_md_context holds one running hash; use it from one
 * thread at a time (copy it to fork).  The one-shot functions keep no state.
 */
#ifndef TACIT_MD_H
#define TACIT_MD_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/sha1.h"
#include "tacit/sha256.h"
#include "tacit/sha512.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors of md, sha* and hmac: -0x0020 .. -0x002F (hmac.h has its own). */

typedef enum {
    TACIT_MD_NONE = 0,
    TACIT_MD_SHA1, /* legacy: verification of old signatures only */
    TACIT_MD_SHA224,
    TACIT_MD_SHA256,
    TACIT_MD_SHA384,
    TACIT_MD_SHA512,
    TACIT_MD_SHA3_224, /* FIPS 202 (sha3.h) */
    TACIT_MD_SHA3_256,
    TACIT_MD_SHA3_384,
    TACIT_MD_SHA3_512,
    TACIT_MD_SHA512_224, /* SHA-512/224 and SHA-512/256 (FIPS 180-4, sha512.h) */
    TACIT_MD_SHA512_256
} tacit_md_type;

#ifdef __cplusplus
}
#endif

/* after tacit_md_type: sha3.h uses it (and includes this header after its context) */
#include "tacit/sha3.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TACIT_MD_MAX_SIZE 64        /* largest digest (SHA-512, SHA3-512) */
#define TACIT_MD_MAX_BLOCK_SIZE 144 /* largest block (SHA3-224's rate; SHA-384/512: 128) */

typedef struct tacit_md_context {
    tacit_md_type type;
    union { /* only the enabled hashes: a SHA-256-only firmware build keeps it small */
#if defined(TACIT_SHA1_C)
        tacit_sha1_context sha1;
#endif
#if defined(TACIT_SHA256_C)
        tacit_sha256_context sha256; /* also SHA-224 */
#endif
#if defined(TACIT_SHA512_C)
        tacit_sha512_context sha512; /* also SHA-384, SHA-512/224, SHA-512/256 */
#endif
#if defined(TACIT_SHA3_C)
        tacit_sha3_context sha3; /* SHA3-224 .. SHA3-512 */
#endif
#if !defined(TACIT_SHA1_C) && !defined(TACIT_SHA256_C) && !defined(TACIT_SHA512_C) &&              \
    !defined(TACIT_SHA3_C)
        int none;
#endif
    } u;
} tacit_md_context;

/* Digest size in bytes; 0 for TACIT_MD_NONE, unknown or compiled-out types. */
size_t tacit_md_size(tacit_md_type type);

/*
 * Block size in bytes (64 or 128; for SHA-3 the rate: 144, 136, 104, 72, as
 * HMAC-SHA3 uses it); 0 when unknown or compiled out.
 */
size_t tacit_md_block_size(tacit_md_type type);

/* One-shot: out receives tacit_md_size(type) bytes. */
int tacit_md(tacit_md_type type, const unsigned char *in, size_t in_len, unsigned char *out);

/*
 * Set up ctx for type, ready for tacit_md_update.  On error ctx is left
 * zeroed with type TACIT_MD_NONE.
 */
int tacit_md_init(tacit_md_context *ctx, tacit_md_type type);

/* Restart the hash ctx was initialised for (a new message, same type). */
int tacit_md_starts(tacit_md_context *ctx);

int tacit_md_update(tacit_md_context *ctx, const unsigned char *in, size_t in_len);

/*
 * Write tacit_md_size(ctx->type) bytes to out.  Call tacit_md_starts (or
 * tacit_md_init) before feeding the context again.
 */
int tacit_md_finish(tacit_md_context *ctx, unsigned char *out);

/* Zeroize ctx (type becomes TACIT_MD_NONE).  NULL is ignored. */
void tacit_md_free(tacit_md_context *ctx);

/*
 * "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-224", "sha3-256",
 * "sha3-384", "sha3-512", "sha512-224", "sha512-256"; case-insensitive, a
 * '-' after "sha" accepted ("SHA-256", "SHA3-256" as in Wycheproof files;
 * "sha3_256" too; "SHA-512/224", "sha512_256").
 * TACIT_MD_NONE for anything else or a compiled-out hash.
 */
tacit_md_type tacit_md_from_name(const char *name);

/* "sha256", "sha3-256" etc.; NULL for TACIT_MD_NONE or an unknown type. */
const char *tacit_md_name(tacit_md_type type);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_MD_H */
