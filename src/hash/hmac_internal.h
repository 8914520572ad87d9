/*
 * HMAC-SHA256 on bare SHA-256 states (hmac.c), for the paths where HMAC's
 * fixed costs dominate: tacit_hmac on SHA-256 and HKDF-SHA256 (kdf/hkdf.c).
 * No md context is set up, copied or wiped: the key is two 32-byte states,
 * each message costs its compressions plus the outer block.
 */
#ifndef TACIT_HASH_HMAC_INTERNAL_H
#define TACIT_HASH_HMAC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"

#include "hash/sha_internal.h"

/* Not in size-first builds (TACIT_SHA_COMPACT): there the generic HMAC serves SHA-256 too. */
#if defined(TACIT_HMAC_C) && defined(TACIT_SHA256_C) && !defined(TACIT_SHA_COMPACT)
#define TACIT_HMAC256_FAST 1

/* The states after K0 ^ ipad and K0 ^ opad. */
typedef struct {
    uint32_t inner[8];
    uint32_t outer[8];
} tacit_hmac256_key;

/* Key setup (any key length; longer than 64 bytes is hashed first). */
void tacit_hmac256_setkey(tacit_hmac256_key *k, const unsigned char *key, size_t klen);

/*
 * out = HMAC(key, a || b || c) (32 bytes); a piece may be NULL with length
 * 0.  Wipes its own stack; the caller wipes k.
 */
void tacit_hmac256_mac(const tacit_hmac256_key *k, const unsigned char *a, size_t alen,
                       const unsigned char *b, size_t blen, const unsigned char *c, size_t clen,
                       unsigned char out[32]);
#endif

#endif /* TACIT_HASH_HMAC_INTERNAL_H */
