/*
 * Shared pieces of the x86-64 GCM kernels (internal to src/aes/x86_64/).
 *
 * GHASH works on byte-reversed blocks (the bit-reflected field order of
 * GCM becomes the integer order PCLMULQDQ multiplies in), with the key
 * powers stored premultiplied by x (H' = H << 1 mod P), so that the product
 * of a block and a stored power reduces with two multiplications by the
 * constant 0xc2 << 56 and no bit shifts (the reduction every current
 * CLMUL GHASH uses).  Products of several blocks are summed unreduced
 * (Karatsuba: lo, hi and a middle product from precomputed H.hi ^ H.lo)
 * and reduced once per batch.
 *
 * State layout (16-byte units from the start of state; state is only
 * 8-byte aligned, so every access is an unaligned load):
 *   0 .. 14   AES round keys (encryption), 11, 13 or 15 of them
 *   15        number of rounds (uint32, first 4 bytes)
 *   16 .. 47  H^32, H^31, .. H^1 (descending: H^k at 48 - k), then 3 zero units
 *   51 .. 82  Karatsuba halves: the unit of H^k at 83 - k holds H^k.hi ^ H^k.lo in
 *             both halves, then 3 zero units (a masked tail may load up to 3 units past
 *             H^1; the data there is zero, the zero keys make sure)
 */
#ifndef TACIT_AES_GCM_X86_INTERNAL_H
#define TACIT_AES_GCM_X86_INTERNAL_H

#include "aes/x86_64/gcm_x86.h"

#if defined(TACIT_AES_GCM_X86)

#include <immintrin.h>
#include <string.h>

#define GCM_T_AESNI __attribute__((target("aes,pclmul,ssse3,sse4.1")))
#define GCM_T_AESNI_AVX __attribute__((target("aes,pclmul,ssse3,sse4.1,avx")))
#define GCM_T_VAES __attribute__((target("aes,pclmul,ssse3,sse4.1,avx,avx2,vaes,vpclmulqdq")))
#define GCM_T_VAES512                                                                              \
    __attribute__((                                                                                \
        target("aes,pclmul,ssse3,sse4.1,avx,avx2,vaes,vpclmulqdq,avx512f,avx512vl,avx512bw")))

/*
 * Each kernel entry point (the bulk functions and gcm_x86.c's crypt bodies) starts on a
 * 64-byte boundary, so its hot loops sit at the same place in the cache lines and
 * fetch windows whatever the link puts before it: without it AES-128-GCM 1350 B moved
 * by up to 14% with the link layout (728 to 832 ticks on Zen 4, VAES-256).
 */
#define GCM_ALIGN __attribute__((aligned(64)))

#define GCM_U_RK 0
#define GCM_U_NR 15
#define GCM_NPOW 32
#define GCM_U_PW 16                        /* H^k at unit GCM_U_PW + GCM_NPOW - k */
#define GCM_U_KT (GCM_U_PW + GCM_NPOW + 3) /* H^k halves at GCM_U_KT + GCM_NPOW - k */
#define GCM_U_END (GCM_U_KT + GCM_NPOW + 3)

/* the layout fits in the words gcm.c passes */
typedef char gcm_x86_layout_fits[(2 * GCM_U_END <= TACIT_AES_GCM_X86_STATE_WORDS) ? 1 : -1];

#define GCM_AT(st, unit) ((const unsigned char *)(st) + 16 * (unit))
/* the unit of H^k, and of its Karatsuba halves */
#define GCM_PW(st, k) GCM_AT(st, GCM_U_PW + GCM_NPOW - (k))
#define GCM_KT(st, k) GCM_AT(st, GCM_U_KT + GCM_NPOW - (k))

/*
 * The kernels' common entry: en/decrypt len bytes in CTR mode from the
 * counter block ctr (inc32 of J0, in block byte order), absorbing the
 * ciphertext, then the length block lens, into the GHASH accumulator xi
 * (byte-reversed, 16 bytes): the kernel sums the length block with its last
 * blocks (one reduction).
 */
typedef void gcm_x86_bulk_fn(const unsigned char *st, int enc, const unsigned char ctr[16],
                             const unsigned char *in, size_t len, unsigned char *out,
                             unsigned char xi[16], const unsigned char lens[16]);
gcm_x86_bulk_fn tacit_gcm_aesni_bulk;     /* SSE encoding */
gcm_x86_bulk_fn tacit_gcm_aesni_avx_bulk; /* the same, VEX encoding */
gcm_x86_bulk_fn tacit_gcm_vaes256_bulk;
gcm_x86_bulk_fn tacit_gcm_vaes512_bulk;

/* ---- xmm helpers (inlined into every kernel, whose targets include these) --- */

GCM_T_AESNI static inline __m128i gcm_bswap(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

GCM_T_AESNI static inline __m128i gcm_ld(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

/* lo, hi, mid += a * h (Karatsuba, hk = h.hi ^ h.lo in the low half) */
GCM_T_AESNI static inline void gcm_mul_acc(__m128i a, __m128i h, __m128i hk, __m128i *lo,
                                           __m128i *hi, __m128i *mid)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, h, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, h, 0x11));
    *mid = _mm_xor_si128(
        *mid, _mm_clmulepi64_si128(_mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e)), hk, 0x00));
}

/* the 256-bit sum (lo, hi, Karatsuba mid) reduced modulo the GCM polynomial */
GCM_T_AESNI static inline __m128i gcm_reduce(__m128i lo, __m128i hi, __m128i mid)
{
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ull, 1);
    __m128i t;

    mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    t = _mm_clmulepi64_si128(lo, poly, 0x10);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
    t = _mm_clmulepi64_si128(lo, poly, 0x10);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
    return _mm_xor_si128(lo, hi);
}

/*
 * xi = (xi + b[0]) H^n + b[1] H^(n-1) + ... + b[n-1] H, n <= GCM_NPOW, from
 * bytes (the last block zero-padded), len <= 16 n.
 */
GCM_T_AESNI static inline __m128i gcm_absorb_n(const unsigned char *st, __m128i x,
                                               const unsigned char *p, size_t len, size_t n)
{
    __m128i lo = _mm_setzero_si128(), hi = lo, mid = lo, b;
    unsigned char last[16];
    size_t i;

    for (i = 0; i < n; i++) {
        if (16 * i + 16 <= len) {
            b = gcm_ld(p + 16 * i);
        } else {
            memset(last, 0, 16);
            memcpy(last, p + 16 * i, len - 16 * i);
            b = gcm_ld(last);
        }
        b = gcm_bswap(b);
        if (i == 0) {
            b = _mm_xor_si128(b, x);
        }
        gcm_mul_acc(b, gcm_ld(GCM_PW(st, n - i)), gcm_ld(GCM_KT(st, n - i)), &lo, &hi, &mid);
    }
    return gcm_reduce(lo, hi, mid);
}

/*
 * lo, hi, mid += (x + b[0]) H^k + b[1] H^(k-1) + ... + b[n-1] H^(k-n+1), unreduced, for
 * the n blocks b at p with the bytes from len on taken as zero (16 (n - 1) < len <= 16 n;
 * all 16 n bytes at p must be readable: the caller's stack buffer or whole blocks).  The
 * kernels sum the last step, the tail and the length block this way and reduce once.
 */
GCM_T_AESNI static inline void gcm_acc_n(const unsigned char *st, __m128i x, const unsigned char *p,
                                         size_t len, size_t n, size_t k, __m128i *lo, __m128i *hi,
                                         __m128i *mid)
{
    const __m128i idx = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i b;
    size_t i;

    for (i = 0; i < n; i++) {
        b = gcm_ld(p + 16 * i);
        if (16 * i + 16 > len) { /* public length: keep bytes 0 .. len - 16 i - 1 */
            b = _mm_and_si128(b, _mm_cmpgt_epi8(_mm_set1_epi8((char)(len - 16 * i)), idx));
        }
        b = gcm_bswap(b);
        if (i == 0) {
            b = _mm_xor_si128(b, x);
        }
        gcm_mul_acc(b, gcm_ld(GCM_PW(st, k - i)), gcm_ld(GCM_KT(st, k - i)), lo, hi, mid);
    }
}

/* the round keys and round count */
GCM_T_AESNI static inline int gcm_load_keys(const unsigned char *st, __m128i rk[15])
{
    uint32_t nr;
    int i;

    memcpy(&nr, GCM_AT(st, GCM_U_NR), 4);
    for (i = 0; i < 15; i++) {
        rk[i] = gcm_ld(GCM_AT(st, GCM_U_RK + i));
    }
    return (int)nr;
}

/*
 * wipe a stack buffer that held data (no secret-dependent work): a plain memset (vector
 * stores) the empty asm keeps, as it may read the buffer; the byte loop through a volatile
 * pointer it replaces cost 1 store a byte (a 70-byte GCM tail: +180 TSC ticks a message).
 */
static inline void gcm_wipe(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

#endif
#endif /* TACIT_AES_GCM_X86_INTERNAL_H */
