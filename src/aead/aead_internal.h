/*
 * The contract between the AEAD front end (src/aead/aead.c) and the
 * algorithms behind it (internal header).
 *
 * aead.c does every check of the public API: NULL pointers, key, nonce and
 * tag lengths, the length limits of each algorithm, out_size, and the
 * in-place-or-disjoint rule.  A kernel is called only with arguments that
 * passed them, so it checks nothing and cannot fail.
 *
 * Each algorithm provides two functions:
 *
 *   setkey(state, key, key_len)
 *       Expand the key (key_len already checked) into
 *       uint64_t state[TACIT_AEAD_STATE_WORDS], in whatever form the kernel
 *       chosen now (CPU probe) needs.  Returns 0, or TACIT_ERR_NOT_SUPPORTED.
 *
 *   crypt(state, enc, ..., nonce, nonce_len, aad, aad_len, in, in_len, out, tag)
 *       enc != 0: encrypt in -> out; enc == 0: decrypt in -> out.
 *       out == in (in place) or disjoint, never another overlap.  in and
 *       out may be NULL when in_len is 0, aad when aad_len is 0.
 *       Writes the FULL 16-byte tag to tag[16] (computed over the
 *       ciphertext for GCM and ChaCha20-Poly1305: on decryption over `in`,
 *       read before out is written, so in == out works; over the plaintext
 *       for CCM, as SP 800-38C says).  aead.c truncates it to tag_len on
 *       seal, and on open compares tag_len bytes in constant time
 *       (tacit_ct_memcmp) and zeroes out on a mismatch
 *       (TACIT_ERR_AUTH_FAILED).  Kernels never compare tags.
 *
 * The state is read-only in crypt (a context is shared by threads).
 * It is 8-byte aligned only.
 */
#ifndef TACIT_AEAD_INTERNAL_H
#define TACIT_AEAD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/aead.h"

/*
 * ---- AES-GCM and AES-CCM: declared in aes/aes_aead.h (the aes area may not
 * include this header: aead is above it), by this contract:
 *   tacit_aes_gcm_setkey / tacit_aes_gcm_crypt: key_len 16, 24, 32; nonce_len >= 1.
 *   tacit_aes_ccm_setkey / tacit_aes_ccm_crypt: key_len 16, 24, 32; nonce_len 7..13;
 *   crypt also takes tag_len (4..16, even), which enters the first CBC-MAC
 *   block; it still writes 16 bytes of tag, the first tag_len of which are CCM's.
 */
#include "aes/aes_aead.h"

/*
 * ---- ChaCha20-Poly1305 and XChaCha20-Poly1305 (src/chacha/) ----------------
 * key_len 32; nonce_len 12 (ChaCha20-Poly1305) or 24 (XChaCha20-Poly1305):
 * crypt tells the two apart by nonce_len.  To be written by the chacha
 * work (TACIT_CHACHAPOLY_C); aead.c calls them only when that is defined.
 * The chacha area may not include this header (aead is above it): declare
 * them again, identically, in chacha/chacha_internal.h.
 */
#include "chacha/chachapoly_aead.h"

#endif /* TACIT_AEAD_INTERNAL_H */
