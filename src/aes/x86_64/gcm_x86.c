/*
 * AES-GCM on x86-64: the one kernel dispatch, the key setup, and the parts
 * every kernel shares (J0, the AAD, the length block and the tag, with
 * AES-NI and PCLMULQDQ on 128-bit registers); the bulk of the message goes
 * to the kernel the CPU runs best:
 *   VAES + VPCLMULQDQ with AVX-512BW   tacit_gcm_vaes512_bulk (16 blocks a step)
 *   VAES + VPCLMULQDQ with AVX2        tacit_gcm_vaes256_bulk (8 blocks)
 *   AES-NI + PCLMULQDQ                 tacit_gcm_aesni_bulk (8 blocks)
 * Nothing here branches on or indexes memory with the key or the data: the
 * branches are on lengths and the CPU bits.
 */
#include "aes/x86_64/gcm_x86_internal.h"

#if defined(TACIT_AES_GCM_X86)

int tacit_aes_gcm_x86_ok(void)
{
    return (tacit_cpu_x86() & TACIT_CPU_AESNI) != 0;
}

/* The dispatch: the widest kernel this CPU runs (test builds: forced by tacit_cpu_hook_disable). */
static gcm_x86_bulk_fn *gcm_x86_kernel(unsigned f)
{
    if ((f & (TACIT_CPU_VAES | TACIT_CPU_AVX512BW)) == (TACIT_CPU_VAES | TACIT_CPU_AVX512BW)) {
        return tacit_gcm_vaes512_bulk;
    }
    if ((f & TACIT_CPU_VAES) != 0) {
        return tacit_gcm_vaes256_bulk;
    }
    if ((f & TACIT_CPU_AVX2) != 0) {
        return tacit_gcm_aesni_avx_bulk; /* VEX encoding (see gcm_aesni.c) */
    }
    return tacit_gcm_aesni_bulk;
}

/* ---- key setup ------------------------------------------------------------- */

/* SubWord(w), or RotWord(SubWord(w)) (word in little-endian lane order) */
GCM_T_AESNI static uint32_t gcm_subword(uint32_t w, int rot)
{
    __m128i v = _mm_aeskeygenassist_si128(_mm_set1_epi32((int)w), 0);

    return rot ? (uint32_t)_mm_extract_epi32(v, 1) : (uint32_t)_mm_cvtsi128_si32(v);
}

/* a * b for a, b in the premultiplied form */
GCM_T_AESNI static __m128i gcm_mul(__m128i a, __m128i b)
{
    __m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;

    gcm_mul_acc(a, b, _mm_xor_si128(b, _mm_shuffle_epi32(b, 0x4e)), &lo, &hi, &mid);
    return gcm_reduce(lo, hi, mid);
}

GCM_T_AESNI unsigned tacit_aes_x86_expand_key(unsigned char *rk, const unsigned char *key,
                                              size_t key_len)
{
    uint32_t w[60], t, rcon = 1;
    unsigned nk = (unsigned)(key_len / 4), nr = nk + 6, i;

    for (i = 0; i < nk; i++) { /* word loads (not memcpy): check_ct_asm.sh traces them */
        w[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
               (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
    }
    for (i = nk; i < 4 * (nr + 1); i++) {
        t = w[i - 1];
        if (i % nk == 0) {
            t = gcm_subword(t, 1) ^ rcon;
            rcon = (rcon << 1) ^ (0x11b & (0u - (rcon >> 7)));
        } else if (nk > 6 && i % nk == 4) {
            t = gcm_subword(t, 0);
        }
        w[i] = w[i - nk] ^ t;
    }
    memcpy(rk, w, 16 * (nr + 1));
    gcm_wipe(w, sizeof(w));
    return nr;
}

GCM_T_AESNI static void gcm_setkey_aesni(unsigned char *st, const unsigned char *key,
                                         size_t key_len)
{
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ull, 1);
    unsigned nr, i;
    __m128i h, hp, carry;

    memset(st, 0, 16 * GCM_U_END);
    nr = tacit_aes_x86_expand_key(st + 16 * GCM_U_RK, key, key_len);
    memcpy(st + 16 * GCM_U_NR, &nr, 4);

    /* H = E_K(0), byte-reversed, times x */
    h = _mm_xor_si128(_mm_setzero_si128(), gcm_ld(st));
    for (i = 1; i < nr; i++) {
        h = _mm_aesenc_si128(h, gcm_ld(st + 16 * i));
    }
    h = gcm_bswap(_mm_aesenclast_si128(h, gcm_ld(st + 16 * nr)));
    carry = _mm_srai_epi32(_mm_shuffle_epi32(h, 0xff), 31);
    h = _mm_or_si128(_mm_slli_epi64(h, 1), _mm_slli_si128(_mm_srli_epi64(h, 63), 8));
    h = _mm_xor_si128(h, _mm_and_si128(carry, poly));

    hp = h;
    for (i = 1; i <= GCM_NPOW; i++) {
        _mm_storeu_si128((__m128i *)(st + 16 * (GCM_U_PW + GCM_NPOW - i)), hp);
        _mm_storeu_si128((__m128i *)(st + 16 * (GCM_U_KT + GCM_NPOW - i)),
                         _mm_xor_si128(hp, _mm_shuffle_epi32(hp, 0x4e)));
        hp = gcm_mul(hp, h);
    }
}

void tacit_aes_gcm_x86_setkey(uint64_t *state, const unsigned char *key, size_t key_len)
{
    gcm_setkey_aesni((unsigned char *)state, key, key_len);
}

/* ---- the message ----------------------------------------------------------- */

/* absorb len bytes (the last block zero-padded) into xi, 8 blocks a step */
GCM_T_AESNI __attribute__((always_inline)) static inline void gcm_ghash(const unsigned char *st,
                                                                        unsigned char xi[16],
                                                                        const unsigned char *p,
                                                                        size_t len)
{
    __m128i x = gcm_ld(xi);

    for (; len >= 128; p += 128, len -= 128) {
        x = gcm_absorb_n(st, x, p, 128, 8);
    }
    if (len > 0) {
        x = gcm_absorb_n(st, x, p, len, (len + 15) / 16);
    }
    _mm_storeu_si128((__m128i *)xi, x);
}

static void gcm_put_be64(unsigned char *p, uint64_t v)
{
    int i;

    for (i = 7; i >= 0; i--) {
        p[i] = (unsigned char)v;
        v >>= 8;
    }
}

/* J0, the AAD, the kernel, the length block, the tag: compiled twice, SSE and VEX encoding */
GCM_T_AESNI __attribute__((always_inline)) static inline void gcm_crypt_body(
    const unsigned char *st, gcm_x86_bulk_fn *bulk, int enc, const unsigned char *nonce,
    size_t nonce_len, const unsigned char *aad, size_t aad_len, const unsigned char *in,
    size_t in_len, unsigned char *out, unsigned char tag[16])
{
    unsigned char j0[16], ctr[16], xi[16], lens[16], ek[16];
    __m128i e;
    uint32_t c, nr;
    int i;

    if (nonce_len == 12) {
        memcpy(j0, nonce, 12);
        memcpy(j0 + 12, "\0\0\0\1", 4);
    } else {
        memset(j0, 0, 16);
        gcm_ghash(st, j0, nonce, nonce_len);
        gcm_put_be64(lens, 0);
        gcm_put_be64(lens + 8, (uint64_t)nonce_len * 8);
        gcm_ghash(st, j0, lens, 16);
        _mm_storeu_si128((__m128i *)j0, gcm_bswap(gcm_ld(j0)));
    }
    /* E(J0) first: it does not wait for the GHASH chain (kept in ek, wiped) */
    memcpy(&nr, st + 16 * GCM_U_NR, 4);
    e = _mm_xor_si128(gcm_ld(j0), gcm_ld(st));
    for (i = 1; i < (int)nr; i++) {
        e = _mm_aesenc_si128(e, gcm_ld(st + 16 * i));
    }
    _mm_storeu_si128((__m128i *)ek, _mm_aesenclast_si128(e, gcm_ld(st + 16 * nr)));

    memcpy(ctr, j0, 16);
    c = ((uint32_t)j0[12] << 24 | (uint32_t)j0[13] << 16 | (uint32_t)j0[14] << 8 | j0[15]) + 1;
    ctr[12] = (unsigned char)(c >> 24);
    ctr[13] = (unsigned char)(c >> 16);
    ctr[14] = (unsigned char)(c >> 8);
    ctr[15] = (unsigned char)c;

    memset(xi, 0, 16);
    gcm_ghash(st, xi, aad, aad_len);
    gcm_put_be64(lens, (uint64_t)aad_len * 8);
    gcm_put_be64(lens + 8, (uint64_t)in_len * 8);
    bulk(st, enc, ctr, in, in_len, out, xi, lens);

    _mm_storeu_si128((__m128i *)tag, _mm_xor_si128(gcm_ld(ek), gcm_bswap(gcm_ld(xi))));
    gcm_wipe(ek, 16);
    gcm_wipe(xi, 16);
    gcm_wipe(j0, 16);
    gcm_wipe(ctr, 16);
}

GCM_T_AESNI GCM_ALIGN static void gcm_crypt_sse(const unsigned char *st, gcm_x86_bulk_fn *bulk,
                                                int enc, const unsigned char *nonce,
                                                size_t nonce_len, const unsigned char *aad,
                                                size_t aad_len, const unsigned char *in,
                                                size_t in_len, unsigned char *out,
                                                unsigned char tag[16])
{
    gcm_crypt_body(st, bulk, enc, nonce, nonce_len, aad, aad_len, in, in_len, out, tag);
}

GCM_T_AESNI_AVX GCM_ALIGN static void gcm_crypt_avx(const unsigned char *st, gcm_x86_bulk_fn *bulk,
                                                    int enc, const unsigned char *nonce,
                                                    size_t nonce_len, const unsigned char *aad,
                                                    size_t aad_len, const unsigned char *in,
                                                    size_t in_len, unsigned char *out,
                                                    unsigned char tag[16])
{
    gcm_crypt_body(st, bulk, enc, nonce, nonce_len, aad, aad_len, in, in_len, out, tag);
}

void tacit_aes_gcm_x86_crypt(const uint64_t *state, int enc, const unsigned char *nonce,
                             size_t nonce_len, const unsigned char *aad, size_t aad_len,
                             const unsigned char *in, size_t in_len, unsigned char *out,
                             unsigned char tag[16])
{
    unsigned f = tacit_cpu_x86();

    if ((f & TACIT_CPU_AVX2) != 0) {
        gcm_crypt_avx((const unsigned char *)state, gcm_x86_kernel(f), enc, nonce, nonce_len, aad,
                      aad_len, in, in_len, out, tag);
    } else {
        gcm_crypt_sse((const unsigned char *)state, gcm_x86_kernel(f), enc, nonce, nonce_len, aad,
                      aad_len, in, in_len, out, tag);
    }
}

#endif
