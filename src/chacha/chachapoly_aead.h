/*
 * ChaCha20-Poly1305 and XChaCha20-Poly1305 as AEAD kernels (internal): the
 * contract of aead/aead_internal.h (setkey into the context's state, crypt
 * writing the full 16-byte tag over the ciphertext), declared here so that
 * the kernel does not depend on the front end that calls it.
 */
#ifndef TACIT_CHACHA_CHACHAPOLY_AEAD_H
#define TACIT_CHACHA_CHACHAPOLY_AEAD_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/aead.h"

#if defined(TACIT_CHACHAPOLY_C)
/*
 * The state holds the 32-byte key (key_len checked by aead.c); cannot fail.
 * Inline, so that the front end's failure path drops out where it is the
 * only algorithm (firmware).
 */
static inline int tacit_chachapoly_aead_setkey(uint64_t state[TACIT_AEAD_STATE_WORDS],
                                               const unsigned char *key, size_t key_len)
{
    size_t i;

    for (i = 0; i < key_len; i++) { /* a loop: no memcpy in firmware images */
        ((unsigned char *)state)[i] = key[i];
    }
    return 0;
}
/*
 * The AEAD itself (chachapoly.c); state: the 32-byte key (8-byte aligned);
 * nonce_len 12 or 24 and in_len within the counter, as aead.c checked.
 */
void tacit_chachapoly_aead_crypt(const uint64_t *state, int enc, const unsigned char *nonce,
                                 size_t nonce_len, const unsigned char *aad, size_t aad_len,
                                 const unsigned char *in, size_t in_len, unsigned char *out,
                                 unsigned char tag[16]);
#endif

#endif /* TACIT_CHACHA_CHACHAPOLY_AEAD_H */
