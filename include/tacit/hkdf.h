/*
 * HKDF (RFC 5869) over any hash of md.h, and TLS 1.3's HKDF-Expand-Label
 * (RFC 8446 section 7.1).  The TLS 1.3 key schedule on top: tls13.h.
 *
 * HashLen below is tacit_md_size(md).  Keys and outputs are processed
 * without secret-dependent branches or memory indices (only lengths leak);
 * every intermediate secret is wiped from the stack.  On error the output
 * is zeroed (when the pointer and length are usable).
 *
 * Threads: no state; safe from any number of threads.
 */
#ifndef TACIT_HKDF_H
#define TACIT_HKDF_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/md.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * PRK = HMAC-Hash(salt, IKM): prk receives HashLen bytes.  An empty salt
 * (NULL, 0) means HashLen zero bytes (RFC 5869 section 2.2).
 */
int tacit_hkdf_extract(tacit_md_type md, const unsigned char *salt, size_t salt_len,
                       const unsigned char *ikm, size_t ikm_len, unsigned char *prk);

/* OKM = T(1) | T(2) | ..., out_len bytes; out_len > 255 * HashLen is TACIT_ERR_BAD_INPUT. */
int tacit_hkdf_expand(tacit_md_type md, const unsigned char *prk, size_t prk_len,
                      const unsigned char *info, size_t info_len, unsigned char *out,
                      size_t out_len);

/* Extract then expand. */
int tacit_hkdf(tacit_md_type md, const unsigned char *salt, size_t salt_len,
               const unsigned char *ikm, size_t ikm_len, const unsigned char *info, size_t info_len,
               unsigned char *out, size_t out_len);

/*
 * HKDF-Expand-Label(Secret, Label, Context, Length) of RFC 8446 7.1: label
 * without the "tls13 " prefix (at most 249 bytes), context at most 255
 * bytes, out_len at most 65535 (and 255 * HashLen).
 */
int tacit_tls13_hkdf_expand_label(tacit_md_type md, const unsigned char *secret, size_t secret_len,
                                  const unsigned char *label, size_t label_len,
                                  const unsigned char *context, size_t context_len,
                                  unsigned char *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_HKDF_H */
