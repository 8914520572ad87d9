/*
 * AES-GCM bulk with AES-NI and PCLMULQDQ (128-bit registers), 8 blocks a
 * step: the CTR encryption of 8 counter blocks stitched with the GHASH of 8
 * ciphertext blocks (one Karatsuba product per AES round, one reduction per
 * step, powers H^8..H^1).  Decryption hashes the step's own input;
 * encryption hashes the previous step's output, so the multiplications never
 * wait for the AES rounds.  The tail (under 8 blocks) runs through a
 * zero-padded stack copy, so nothing is read or written past the buffers.
 */
#include "aes/x86_64/gcm_x86_internal.h"

#if defined(TACIT_AES_GCM_X86)

#define REP8(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)

/*
 * out[0..128) = in ^ keystream of counters ctr .. ctr + 7 (ctr byte-reversed;
 * the counter is its low 32-bit lane, so adding wraps modulo 2^32 as inc32 does);
 * with gp, x absorbs the 8 blocks at gp (read before out is written).
 */
GCM_T_AESNI __attribute__((always_inline)) static inline void aesni_step(
    const unsigned char *st, int nr, __m128i *ctr, const unsigned char *in, unsigned char *out,
    const unsigned char *gp, __m128i *x)
{
    __m128i k, lo = _mm_setzero_si128(), hi = lo, mid = lo, b;
#define AESNI_DECL(i) __m128i c##i;
    REP8(AESNI_DECL)
#undef AESNI_DECL

    k = gcm_ld(GCM_AT(st, 0));
#define AESNI_CTR(i)                                                                               \
    c##i = _mm_xor_si128(gcm_bswap(_mm_add_epi32(*ctr, _mm_set_epi32(0, 0, 0, i))), k);
    REP8(AESNI_CTR)
#undef AESNI_CTR
    *ctr = _mm_add_epi32(*ctr, _mm_set_epi32(0, 0, 0, 8));

#define AESNI_ENC(i) c##i = _mm_aesenc_si128(c##i, k);
#define AESNI_ROUND(r)                                                                             \
    k = gcm_ld(GCM_AT(st, r));                                                                     \
    REP8(AESNI_ENC)
#define AESNI_GH(j)                                                                                \
    if (gp != NULL) {                                                                              \
        b = gcm_bswap(gcm_ld(gp + 16 * (j)));                                                      \
        if ((j) == 0) {                                                                            \
            b = _mm_xor_si128(b, *x);                                                              \
        }                                                                                          \
        gcm_mul_acc(b, gcm_ld(GCM_PW(st, 8 - (j))), gcm_ld(GCM_KT(st, 8 - (j))), &lo, &hi, &mid);  \
    }
    AESNI_ROUND(1)
    AESNI_GH(0)
    AESNI_ROUND(2)
    AESNI_GH(1)
    AESNI_ROUND(3)
    AESNI_GH(2)
    AESNI_ROUND(4)
    AESNI_GH(3)
    AESNI_ROUND(5)
    AESNI_GH(4)
    AESNI_ROUND(6)
    AESNI_GH(5)
    AESNI_ROUND(7)
    AESNI_GH(6)
    AESNI_ROUND(8)
    AESNI_GH(7)
    AESNI_ROUND(9)
    if (nr > 10) {
        AESNI_ROUND(10)
        AESNI_ROUND(11)
        if (nr > 12) {
            AESNI_ROUND(12)
            AESNI_ROUND(13)
        }
    }
    k = gcm_ld(GCM_AT(st, nr));
#define AESNI_LAST(i)                                                                              \
    _mm_storeu_si128((__m128i *)(out + 16 * i),                                                    \
                     _mm_xor_si128(_mm_aesenclast_si128(c##i, k), gcm_ld(in + 16 * i)));
    REP8(AESNI_LAST)
#undef AESNI_LAST
#undef AESNI_ENC
#undef AESNI_ROUND
#undef AESNI_GH
    if (gp != NULL) {
        *x = gcm_reduce(lo, hi, mid);
    }
}

/*
 * the kernel body, compiled twice: legacy SSE encoding, and VEX (AVX) encoding.  The end
 * sums the last step's output (encryption), the tail and the length block under one
 * reduction: H^n .. H^1 for the n <= 17 blocks.
 */
GCM_T_AESNI __attribute__((always_inline)) static inline void aesni_bulk(
    const unsigned char *st, int enc, const unsigned char ctr0[16], const unsigned char *in,
    size_t len, unsigned char *out, unsigned char xi[16], const unsigned char lens[16])
{
    __m128i x = gcm_ld(xi), ctr = gcm_bswap(gcm_ld(ctr0));
    __m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
    unsigned char buf[128];
    const unsigned char *last = NULL; /* encryption: the last step's output, not hashed yet */
    size_t nt, k;
    int nr;

    memcpy(&nr, GCM_AT(st, GCM_U_NR), 4);
    if (enc) {
        if (len >= 128) {
            aesni_step(st, nr, &ctr, in, out, NULL, &x);
            in += 128, out += 128, len -= 128;
            for (; len >= 128; in += 128, out += 128, len -= 128) {
                aesni_step(st, nr, &ctr, in, out, out - 128, &x);
            }
            last = out - 128;
        }
        k = (last != NULL ? 8 : 0) + (len + 15) / 16 + 1;
        if (last != NULL) {
            gcm_acc_n(st, x, last, 128, 8, k, &lo, &hi, &mid);
            x = _mm_setzero_si128(), k -= 8;
        }
    } else {
        for (; len >= 256; in += 128, out += 128, len -= 128) {
            aesni_step(st, nr, &ctr, in, out, in, &x);
        }
        k = (len + 15) / 16 + 1;
        if (len >=
            128) { /* the last step's input joins the final sum (read before out is written) */
            gcm_acc_n(st, x, in, 128, 8, k, &lo, &hi, &mid);
            x = _mm_setzero_si128(), k -= 8;
            aesni_step(st, nr, &ctr, in, out, NULL, &x);
            in += 128, out += 128, len -= 128;
        }
    }
    nt = (len + 15) / 16;
    if (len > 0) {
        memset(buf, 0, sizeof(buf));
        memcpy(buf, in, len);
        if (!enc) {
            gcm_acc_n(st, x, buf, len, nt, k, &lo, &hi, &mid);
        }
        aesni_step(st, nr, &ctr, buf, buf, NULL, &x);
        memcpy(out, buf, len);
        if (enc) {
            gcm_acc_n(st, x, buf, len, nt, k, &lo, &hi, &mid);
        }
        x = _mm_setzero_si128();
        gcm_wipe(buf, sizeof(buf));
    }
    gcm_acc_n(st, x, lens, 16, 1, 1, &lo, &hi, &mid);
    _mm_storeu_si128((__m128i *)xi, gcm_reduce(lo, hi, mid));
}

GCM_T_AESNI GCM_ALIGN void tacit_gcm_aesni_bulk(const unsigned char *st, int enc,
                                                const unsigned char ctr0[16],
                                                const unsigned char *in, size_t len,
                                                unsigned char *out, unsigned char xi[16],
                                                const unsigned char lens[16])
{
    aesni_bulk(st, enc, ctr0, in, len, out, xi, lens);
}

/*
 * The same kernel with VEX encoding (CPUs with AVX): legacy SSE instructions
 * merge into the upper halves of the vector registers, so when other code
 * left them dirty (no vzeroupper) every SSE write waits for the register's
 * old value; measured here (Zen 5), the SSE kernel then ran 2x slower.
 */
GCM_T_AESNI_AVX GCM_ALIGN void tacit_gcm_aesni_avx_bulk(const unsigned char *st, int enc,
                                                        const unsigned char ctr0[16],
                                                        const unsigned char *in, size_t len,
                                                        unsigned char *out, unsigned char xi[16],
                                                        const unsigned char lens[16])
{
    aesni_bulk(st, enc, ctr0, in, len, out, xi, lens);
}

#endif
