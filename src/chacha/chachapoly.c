/*
 * The ChaCha20-Poly1305 AEAD (RFC 8439 §2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha §2.3): one-time Poly1305 key from block 0,
 * the data from block 1, the tag over
 *   aad || pad16 || ciphertext || pad16 || le64(aad_len) || le64(len).
 * Pieces of CHUNK bytes are encrypted then authenticated (or authenticated
 * then decrypted) while they are in the cache; the kernels are those of
 * tacit_chachapoly_kernels_get.
 */
#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C)

#include <stdint.h>
#include <string.h>

#include "tacit/error.h"
#include "tacit/platform.h"

#define CHUNK 16384 /* a multiple of 64 */

/* Poly1305 over buf[0..len) zero-padded to 16 bytes. */
static void poly_padded(const tacit_chachapoly_kernels *k, tacit_poly1305_state *ps,
                        const unsigned char *buf, size_t len)
{
    unsigned char last[16];
    size_t full = len / 16;

    if (full > 0) {
        k->poly_blocks(ps, buf, full);
    }
    if (len % 16 != 0) {
        memset(last, 0, sizeof(last));
        memcpy(last, buf + 16 * full, len % 16);
        tacit_poly1305_blocks_c(ps, last, 1, 1);
    }
}

int tacit_chachapoly_crypt(const unsigned char key[32], const unsigned char *nonce,
                           size_t nonce_len, const unsigned char *aad, size_t aad_len,
                           const unsigned char *in, size_t len, unsigned char *out,
                           unsigned char tag[16], int decrypt)
{
    tacit_chachapoly_kernels k;
    tacit_poly1305_state ps;
    uint32_t st[16], blk[16];
    unsigned char subkey[32], n12[12], pk[64], lens[16];
    size_t n, i, total = len;

#if SIZE_MAX > 0xffffffffu
    if ((uint64_t)len > TACIT_CHACHAPOLY_MAX_LEN) {
        return TACIT_ERR_BAD_INPUT;
    }
#endif
    if (nonce_len == 12) {
        tacit_chacha20_setup(st, key, 0, nonce);
    } else if (nonce_len == 24) {
        tacit_hchacha20(subkey, key, nonce);
        memset(n12, 0, 4);
        memcpy(n12 + 4, nonce + 16, 8);
        tacit_chacha20_setup(st, subkey, 0, n12);
        tacit_platform_zeroize(subkey, sizeof(subkey));
    } else {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_chachapoly_kernels_get(&k);

    /* block 0: the one-time Poly1305 key */
    tacit_chacha20_block(blk, st);
    for (i = 0; i < 16; i++) {
        pk[4 * i] = (unsigned char)blk[i];
        pk[4 * i + 1] = (unsigned char)(blk[i] >> 8);
        pk[4 * i + 2] = (unsigned char)(blk[i] >> 16);
        pk[4 * i + 3] = (unsigned char)(blk[i] >> 24);
    }
    tacit_poly1305_init(&ps, pk);
    tacit_platform_zeroize(blk, sizeof(blk));
    tacit_platform_zeroize(pk, sizeof(pk));

    poly_padded(&k, &ps, aad, aad_len);
    st[12] = 1;
    if (k.fused != NULL && len > 0) { /* len 0: in and out may be NULL */
        n = k.fused(st, in, out, len, &ps, decrypt);
        st[12] += (uint32_t)(n / 64);
        in += n;
        out += n;
        len -= n;
    }
    while (len > 0) {
        n = len < CHUNK ? len : CHUNK;
        if (decrypt) {
            poly_padded(&k, &ps, in, n);
            k.xor_stream(st, in, out, n);
        } else {
            k.xor_stream(st, in, out, n);
            poly_padded(&k, &ps, out, n);
        }
        st[12] += (uint32_t)(CHUNK / 64);
        in += n;
        out += n;
        len -= n;
    }
    for (i = 0; i < 8; i++) {
        lens[i] = (unsigned char)((uint64_t)aad_len >> (8 * i));
        lens[8 + i] = (unsigned char)((uint64_t)total >> (8 * i));
    }
    tacit_poly1305_blocks_c(&ps, lens, 1, 1);
    tacit_poly1305_finish(&ps, NULL, 0, tag);
    tacit_platform_zeroize(st, sizeof(st));
    return 0;
}

#else
typedef int tacit_chachapoly_unused;
#endif /* TACIT_CHACHAPOLY_C */
