/*
 * AES-CCM with AES-NI: the block steps behind src/aes/ccm.c (ccm_x86.h).
 * CBC-MAC is a chain, each block waiting for the one before; each step
 * runs the MAC block and a counter block through the rounds side by side,
 * so the keystream costs nothing beyond the MAC's latency.  Decryption
 * needs a block's keystream before its MAC, so the keystream of block i
 * runs beside the MAC of block i - 1.  (Seal, 13-byte nonce and AAD, 16 KiB
 * on Zen 4: 0.97x OpenSSL 3.0's time; open 0.99x.)
 */
#include "aes/x86_64/ccm_x86.h"

#if defined(TACIT_AES_CCM_X86)

#include <immintrin.h>

#define CCM_T __attribute__((target("aes,ssse3,sse4.1")))

/*
 * The same question as GCM's: AES-NI (TACIT_CPU_AESNI).  Asked through
 * gcm_x86.c, the area's one place that asks the CPU (check_layers.sh).
 */
int tacit_aes_ccm_x86_ok(void)
{
    return tacit_aes_gcm_x86_ok();
}

CCM_T static inline __m128i ccm_ld(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

/*
 * a = E(a) ^ a_last, b = E(b), the two chains interleaved: a and b come
 * already XORed with rk[0]; a_last is XORed into a's last round key (zero:
 * plain E(a)).
 */
CCM_T static inline void ccm_rounds_x(const unsigned char *rk, unsigned nr, __m128i *a, __m128i *b,
                                      __m128i a_last)
{
    __m128i k, x = *a, y = *b;
    unsigned i;

    for (i = 1; i < nr; i++) {
        k = ccm_ld(rk + 16 * i);
        x = _mm_aesenc_si128(x, k);
        y = _mm_aesenc_si128(y, k);
    }
    k = ccm_ld(rk + 16 * nr);
    *a = _mm_aesenclast_si128(x, _mm_xor_si128(k, a_last));
    *b = _mm_aesenclast_si128(y, k);
}

/* a = E(a), b = E(b) (inputs already XORed with rk[0]) */
CCM_T static inline void ccm_rounds(const unsigned char *rk, unsigned nr, __m128i *a, __m128i *b)
{
    ccm_rounds_x(rk, nr, a, b, _mm_setzero_si128());
}

CCM_T void tacit_aes_ccm_x86_enc2(const unsigned char *rk, unsigned nr, unsigned char buf[32])
{
    __m128i k0 = ccm_ld(rk), a = _mm_xor_si128(ccm_ld(buf), k0),
            b = _mm_xor_si128(ccm_ld(buf + 16), k0);

    ccm_rounds(rk, nr, &a, &b);
    _mm_storeu_si128((__m128i *)buf, a);
    _mm_storeu_si128((__m128i *)(buf + 16), b);
}

/*
 * The CBC-MAC chain is the critical path: the whitening XOR of rk[0] and
 * the data enter it through the last round key of the MAC lane where they
 * can (encryption: no XOR on the chain; decryption: one, with the
 * keystream that is computed beside it).
 */
CCM_T void tacit_aes_ccm_x86_bulk(const unsigned char *rk, unsigned nr, int enc,
                                  unsigned char mac[16], unsigned char ctr[16],
                                  const unsigned char *in, unsigned char *out, size_t n)
{
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i one = _mm_set_epi64x(0, 1), k0 = ccm_ld(rk);
    __m128i y = ccm_ld(mac), c = _mm_shuffle_epi8(ccm_ld(ctr), bswap), ks, p, prev;
    size_t i;

    if (enc && n > 0) {
        /*
         * The next block's input (its plaintext XOR rk[0]) rides in the last
         * round key of the MAC lane, so the chain has no XOR of its own:
         * y holds E(Y_i) ^ p_(i+1) ^ rk[0], the whitened input of block i + 1.
         */
        __m128i pn;
        p = ccm_ld(in);
        y = _mm_xor_si128(y, _mm_xor_si128(p, k0));
        for (i = 0; i < n; i++) {
            pn = i + 1 < n ? _mm_xor_si128(ccm_ld(in + 16 * (i + 1)), k0) : _mm_setzero_si128();
            ks = _mm_xor_si128(_mm_shuffle_epi8(c, bswap), k0);
            ccm_rounds_x(rk, nr, &y, &ks, pn);
            _mm_storeu_si128((__m128i *)(out + 16 * i), _mm_xor_si128(p, ks));
            p = _mm_xor_si128(pn, k0);
            c = _mm_add_epi64(c, one); /* the count never passes 2^64: ccm.c's length rule */
        }
    } else if (!enc && n > 0) {
        /*
         * Block 0's keystream alone (the first lane is spare); then the MAC
         * of block i - 1 beside the keystream of block i, with block i's
         * ciphertext XOR rk[0] in the MAC lane's last round key: one XOR
         * with the keystream then gives the whitened input of MAC block i.
         */
        prev = k0;
        ks = _mm_xor_si128(_mm_shuffle_epi8(c, bswap), k0);
        ccm_rounds(rk, nr, &prev, &ks);
        p = _mm_xor_si128(ccm_ld(in), ks);
        _mm_storeu_si128((__m128i *)out, p);
        y = _mm_xor_si128(y, _mm_xor_si128(p, k0));
        for (i = 1; i < n; i++) {
            __m128i cw = _mm_xor_si128(ccm_ld(in + 16 * i), k0);
            c = _mm_add_epi64(c, one);
            ks = _mm_xor_si128(_mm_shuffle_epi8(c, bswap), k0);
            ccm_rounds_x(rk, nr, &y, &ks, cw);
            _mm_storeu_si128((__m128i *)(out + 16 * i), _mm_xor_si128(_mm_xor_si128(cw, k0), ks));
            y = _mm_xor_si128(y, ks);
        }
        c = _mm_add_epi64(c, one);
        ks = k0;
        ccm_rounds(rk, nr, &y, &ks); /* the MAC of the last block (the second lane is spare) */
    }
    _mm_storeu_si128((__m128i *)mac, y);
    _mm_storeu_si128((__m128i *)ctr, _mm_shuffle_epi8(c, bswap));
}

#else
typedef int tacit_ccm_aesni_translation_unit_not_empty;
#endif /* TACIT_AES_CCM_X86 */
