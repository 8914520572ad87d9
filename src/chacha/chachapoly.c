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
#include "chacha/chachapoly_aead.h"

#if defined(TACIT_CHACHAPOLY_DISPATCH)
#define CHUNK 16384 /* a multiple of 64 */
/*
 * Opening from LAG_OPEN_MIN bytes with in and out apart, the kernels that
 * have a seal_first use it too (it only XORs): block 0 is computed beside
 * the first 512 bytes, whose authentication the fused kernel then catches
 * up one block a batch (decrypt = 3).  From 16 KiB at most one block is
 * left at the end; shorter, what is left cost more than block 0 alone
 * (AVX2 Zen 4, 8 KiB: 6500 TSC ticks against 6370).
 */
#define LAG_OPEN_MIN 16384

/* in[0..len) and out[0..len) do not overlap */
static int apart(const unsigned char *in, const unsigned char *out, size_t len)
{
    uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;

    return a >= b ? a - b >= len : b - a >= len;
}
#endif

/* Poly1305 over buf[0..len) zero-padded to 16 bytes. */
static void poly_padded(const tacit_chachapoly_kernels *k, tacit_poly1305_state *ps,
                        const unsigned char *buf, size_t len)
{
    unsigned char last[16];
    size_t full = len / 16;

#if defined(TACIT_CHACHAPOLY_DISPATCH)
    if (full > 0) {
        k->poly_blocks(ps, buf, full);
    }
#else
    (void)k; /* portable C only: a direct call */
    tacit_poly1305_blocks_c(ps, buf, full, 1);
#endif
    if (len % 16 != 0) {
        buf += 16 * full;
        len %= 16;
        for (full = 0; full < 16; full++) { /* a loop: no memcpy in firmware images */
            last[full] = full < len ? buf[full] : 0;
        }
        tacit_poly1305_blocks_c(ps, last, 1, 1);
    }
}

void tacit_chachapoly_aead_crypt(const uint64_t *state, int enc, const unsigned char *nonce,
                                 size_t nonce_len, const unsigned char *aad, size_t aad_len,
                                 const unsigned char *in, size_t len, unsigned char *out,
                                 unsigned char tag[16])
{
    const unsigned char *key = (const unsigned char *)state;
    tacit_chachapoly_kernels k;
    tacit_poly1305_state ps;
    uint32_t st[16];
    unsigned char pk[32], lens[16];
    size_t i;
#if defined(TACIT_CHACHAPOLY_DISPATCH)
    size_t n, tail, first;
    unsigned char ks[512];
#endif

    if (nonce_len == 12) {
        tacit_chacha20_setup(st, key, 0, nonce);
    } else { /* 24: XChaCha20 */
        tacit_xchacha20_setup(st, key, nonce);
    }
    tacit_chachapoly_kernels_get(&k);

    /* block 0: the one-time Poly1305 key (keystream XOR zeros) */
#if defined(TACIT_CHACHAPOLY_DISPATCH)
    tail = 0;
    first = 0;
    if (k.head != NULL) {
        if (k.seal_first != NULL && len >= (enc ? 512 : LAG_OPEN_MIN) &&
            (len % 512 == 0 || len % 512 > 448) && (enc || apart(in, out, len))) {
            first = k.seal_first(st, in, out, ks); /* with the first 512 bytes */
        } else {
            tail = k.head(st, len, ks); /* with the keystream of the last bytes */
        }
        memcpy(pk, ks, sizeof(pk));
    } else
#endif
    {
        memset(pk, 0, sizeof(pk));
        tacit_chacha20_xor_c(st, pk, pk, sizeof(pk));
    }
    tacit_poly1305_init(&ps, pk);
    tacit_platform_zeroize(pk, sizeof(pk));

    for (i = 0; i < 8; i++) {
        lens[i] = (unsigned char)((uint64_t)aad_len >> (8 * i));
        lens[8 + i] = (unsigned char)((uint64_t)len >> (8 * i));
    }
    st[12] = 1;
#if defined(TACIT_CHACHAPOLY_DISPATCH)
    poly_padded(&k, &ps, aad, aad_len);
    len -= tail;     /* the last tail bytes: from ks, after the rest */
    if (first > 0) { /* (in and out may be NULL otherwise) */
        st[12] += (uint32_t)(first / 64);
        in += first;
        out += first;
        len -= first;
    }
    n = 0;
    if (k.fused != NULL && len > 0) { /* len 0: in and out may be NULL */
        n = k.fused(st, in, out, len, &ps, first > 0 ? 2 + !enc : !enc);
        st[12] += (uint32_t)(n / 64);
        in += n;
        out += n;
        len -= n;
    }
    if (first > 0 && n == 0) { /* seal_first's ciphertext, not taken by the fused kernel */
        poly_padded(&k, &ps, (enc ? out : in) - first, first);
    }
    while (len > 0) {
        n = len < CHUNK ? len : CHUNK;
        if (!enc) {
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
    if (tail > 0) {
        if (!enc) {
            poly_padded(&k, &ps, in, tail);
        }
        for (i = 0; i < tail; i++) {
            out[i] = (unsigned char)(in[i] ^ ks[64 + i]);
        }
        if (enc) {
            poly_padded(&k, &ps, out, tail);
        }
    }
    if (k.head != NULL) {
        tacit_platform_zeroize(ks, tail > 0 ? sizeof(ks) : 64);
    }
    poly_padded(&k, &ps, lens, 16);
#else
    /*
     * portable C only (firmware): no kernel table, one call site each for
     * Poly1305 and ChaCha20 over four pieces: the aad, the ciphertext
     * authenticated before (open) or after (seal) the keystream runs over
     * it, the lengths.
     */
    enc = enc != 0;
    for (i = 0; i < 4; i++) {
        if (i == 2 - (size_t)enc) {
            tacit_chacha20_xor_c(st, in, out, len);
        } else {
            poly_padded(&k, &ps,
                        i == 0   ? aad
                        : i == 3 ? lens
                        : enc    ? out
                                 : in,
                        i == 0   ? aad_len
                        : i == 3 ? 16
                                 : len);
        }
    }
#endif
    tacit_poly1305_final(&ps, tag);
    tacit_platform_zeroize(st, sizeof(st));
}

int tacit_chachapoly_crypt(const unsigned char key[32], const unsigned char *nonce,
                           size_t nonce_len, const unsigned char *aad, size_t aad_len,
                           const unsigned char *in, size_t len, unsigned char *out,
                           unsigned char tag[16], int decrypt)
{
    uint64_t kw[4];
    size_t i;

#if SIZE_MAX > 0xffffffffu
    if ((uint64_t)len > TACIT_CHACHAPOLY_MAX_LEN) {
        return TACIT_ERR_BAD_INPUT;
    }
#endif
    if (nonce_len != 12 && nonce_len != 24) {
        return TACIT_ERR_BAD_INPUT;
    }
    for (i = 0; i < 32; i++) {
        ((unsigned char *)kw)[i] = key[i];
    }
    tacit_chachapoly_aead_crypt(kw, !decrypt, nonce, nonce_len, aad, aad_len, in, len, out, tag);
    tacit_platform_zeroize(kw, sizeof(kw));
    return 0;
}

#else
typedef int tacit_chachapoly_unused;
#endif /* TACIT_CHACHAPOLY_C */
