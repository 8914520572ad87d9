/*
 * AES-GCM and AES-CCM as kernels of the AEAD front end (internal): the
 * contract is written in aead/aead_internal.h (argument checks are the
 * caller's; crypt writes the full 16-byte tag; in == out allowed).
 */
#ifndef TACIT_AES_AEAD_H
#define TACIT_AES_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/aead.h"

/* ---- AES-GCM (gcm.c): key_len 16, 24, 32; nonce_len >= 1 ---- */
#if defined(TACIT_GCM_C)
int tacit_aes_gcm_setkey(uint64_t state[TACIT_AEAD_STATE_WORDS], const unsigned char *key,
                         size_t key_len);
void tacit_aes_gcm_crypt(const uint64_t state[TACIT_AEAD_STATE_WORDS], int enc,
                         const unsigned char *nonce, size_t nonce_len, const unsigned char *aad,
                         size_t aad_len, const unsigned char *in, size_t in_len, unsigned char *out,
                         unsigned char tag[16]);
#endif

/*
 * ---- AES-CCM (ccm.c): key_len 16, 24, 32; nonce_len 7..13 ----
 * tag_len (4..16, even) enters the first CBC-MAC block, so crypt takes it;
 * it still writes 16 bytes of tag, the first tag_len of which are CCM's.
 */
#if defined(TACIT_CCM_C)
int tacit_aes_ccm_setkey(uint64_t state[TACIT_AEAD_STATE_WORDS], const unsigned char *key,
                         size_t key_len);
void tacit_aes_ccm_crypt(const uint64_t state[TACIT_AEAD_STATE_WORDS], int enc, size_t tag_len,
                         const unsigned char *nonce, size_t nonce_len, const unsigned char *aad,
                         size_t aad_len, const unsigned char *in, size_t in_len, unsigned char *out,
                         unsigned char tag[16]);
#endif

#endif /* TACIT_AES_AEAD_H */
