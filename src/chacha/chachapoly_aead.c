/*
 * ChaCha20-Poly1305 and XChaCha20-Poly1305 behind tacit_aead_* (the
 * contract of aead/aead_internal.h): the state holds the 32-byte key; the
 * kernels are chosen on each call (chachapoly_dispatch.c), the nonce
 * length tells the two algorithms apart.
 */
#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C)

#include <string.h>

#include "chacha/chachapoly_aead.h"

int tacit_chachapoly_aead_setkey(uint64_t state[TACIT_AEAD_STATE_WORDS], const unsigned char *key,
                                 size_t key_len)
{
    memcpy(state, key, key_len); /* 32, checked by aead.c */
    return 0;
}

void tacit_chachapoly_aead_crypt(const uint64_t state[TACIT_AEAD_STATE_WORDS], int enc,
                                 const unsigned char *nonce, size_t nonce_len,
                                 const unsigned char *aad, size_t aad_len, const unsigned char *in,
                                 size_t in_len, unsigned char *out, unsigned char tag[16])
{
    /* the lengths passed aead.c's checks: this cannot fail */
    (void)tacit_chachapoly_crypt((const unsigned char *)state, nonce, nonce_len, aad, aad_len, in,
                                 in_len, out, tag, !enc);
}

#else
typedef int tacit_chachapoly_aead_unused;
#endif /* TACIT_CHACHAPOLY_C */
