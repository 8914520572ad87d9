/*
 * HMAC (RFC 2104, FIPS 198-1) over any tacit_md_type.
 *
 * The context keeps the hash states after absorbing key^ipad and key^opad,
 * so a new message under the same key costs no key processing
 * (tacit_hmac_reset) and tacit_hmac_finish leaves the context ready for
 * the next message.  No heap; tacit_hmac_free zeroizes the key-derived
 * state.  The key and message are processed without secret-dependent
 * branches or memory indices; only their lengths leak.
 *
 * Threads: a tacit_hmac_context holds a running MAC; use it from one
 * thread at a time.  A keyed context may be copied by assignment and the
 * copies used by different threads.
 */
#ifndef TACIT_HMAC_H
#define TACIT_HMAC_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/md.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Shortest tag tacit_hmac_verify accepts, in bytes: RFC 2104 section 5's
 * max(HashLen / 2, 10) (80 bits), capped at TACIT_HMAC_MIN_TAG_LEN = 128
 * bits.  So 10 for SHA-1 (HMAC-SHA1-80, -96), 14 for SHA-224, SHA-512/224
 * and SHA3-224, 16 for the longer hashes (RFC 4231 test case 5, RFC 4868's
 * -256-128).
 * Shorter truncations are refused: compute the HMAC and compare with
 * tacit_ct_memcmp if a protocol needs them.
 */
#define TACIT_HMAC_MIN_TAG_LEN 16

typedef struct tacit_hmac_context {
    tacit_md_type type;
    tacit_md_context inner_start; /* hash state after key ^ ipad */
    tacit_md_context outer_start; /* hash state after key ^ opad */
    tacit_md_context work;        /* inner hash of the current message */
} tacit_hmac_context;

/*
 * Key the context (any key length; keys longer than the block are hashed
 * first, as the RFC says) and start the first message.  ctx need not be
 * initialised beforehand.  Errors: TACIT_ERR_BAD_INPUT (NULL ctx, NULL
 * key with klen > 0), TACIT_ERR_MD_UNSUPPORTED.  On error ctx is zeroed.
 */
int tacit_hmac_init(tacit_hmac_context *ctx, tacit_md_type type, const unsigned char *key,
                    size_t klen);

int tacit_hmac_update(tacit_hmac_context *ctx, const unsigned char *in, size_t in_len);

/*
 * Write the tag, tacit_md_size(type) bytes, and start a new message under
 * the same key.
 */
int tacit_hmac_finish(tacit_hmac_context *ctx, unsigned char *out);

/* Drop the message fed so far; start a new one under the same key. */
int tacit_hmac_reset(tacit_hmac_context *ctx);

/* Zeroize the context (key-derived state).  NULL is ignored. */
void tacit_hmac_free(tacit_hmac_context *ctx);

/* One-shot: out receives tacit_md_size(type) bytes. */
int tacit_hmac(tacit_md_type type, const unsigned char *key, size_t klen, const unsigned char *in,
               size_t in_len, unsigned char *out);

/*
 * Check tag[0..taglen) against the first taglen bytes of HMAC(key, in).
 * min(max(tacit_md_size(type) / 2, 10), TACIT_HMAC_MIN_TAG_LEN) <= taglen
 * <= tacit_md_size(type) (see above), else the tag is refused.  The comparison is constant-time (tacit_ct_memcmp); taglen is
 * public.  Returns 0 when the tag matches, TACIT_ERR_VERIFY_FAILED
 * when it does not or its length is out of range, TACIT_ERR_BAD_INPUT
 * for NULL pointers, TACIT_ERR_MD_UNSUPPORTED for the type.
 */
int tacit_hmac_verify(tacit_md_type type, const unsigned char *key, size_t klen,
                      const unsigned char *in, size_t in_len, const unsigned char *tag,
                      size_t taglen);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_HMAC_H */
