/*
 * SHA-256 compression with the x86 SHA extensions (see sha_internal.h).
 *
 * The state lives in two registers in the order SHA256RNDS2 wants:
 * abef = (a, b, e, f) and cdgh = (c, d, g, h), most significant lane first.
 * Each group of four rounds adds K to four schedule words and runs
 * SHA256RNDS2 twice (two rounds each, the second on the upper half); the
 * schedule for rounds 16..63 comes from SHA256MSG1/MSG2 over the previous
 * sixteen words, held in four registers used as a ring.
 */
#include "hash/sha_internal.h"

#if defined(TACIT_SHA256_C) && defined(TACIT_SHA_X86)

#include <immintrin.h>

#define SHANI_TARGET __attribute__((target("sha,sse4.1")))

static const uint32_t K256_SHANI[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* Four rounds on schedule words w (lane 0 first), starting at round i. */
#define QROUNDS(w, i)                                                                              \
    do {                                                                                           \
        __m128i wk_ = _mm_add_epi32((w), _mm_load_si128((const __m128i *)(K256_SHANI + (i))));     \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk_);                                             \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk_, 0x0e));                    \
    } while (0)

/* Next four schedule words from the ring m0 (oldest) .. m3 (newest); stored in m0. */
#define SCHEDULE(m0, m1, m2, m3)                                                                   \
    ((m0) = _mm_sha256msg2_epu32(                                                                  \
         _mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)), _mm_alignr_epi8((m3), (m2), 4)), (m3)))

SHANI_TARGET
void tacit_sha256_shani_blocks(uint32_t state[8], const unsigned char *p, size_t nblocks)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i abef, cdgh, tmp, save_abef, save_cdgh, m0, m1, m2, m3;
    int i;

    /* (a,b,c,d), (e,f,g,h) in memory order -> abef, cdgh */
    tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0xb1);        /* b a d c */
    cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(state + 4)), 0x1b); /* h g f e */
    abef = _mm_alignr_epi8(tmp, cdgh, 8);                                          /* f e b a */
    cdgh = _mm_blend_epi16(cdgh, tmp, 0xf0);                                       /* h g d c */

    while (nblocks-- > 0) {
        save_abef = abef;
        save_cdgh = cdgh;
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 0)), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
        QROUNDS(m0, 0);
        QROUNDS(m1, 4);
        QROUNDS(m2, 8);
        QROUNDS(m3, 12);
        for (i = 16; i < 64; i += 16) {
            SCHEDULE(m0, m1, m2, m3);
            QROUNDS(m0, i);
            SCHEDULE(m1, m2, m3, m0);
            QROUNDS(m1, i + 4);
            SCHEDULE(m2, m3, m0, m1);
            QROUNDS(m2, i + 8);
            SCHEDULE(m3, m0, m1, m2);
            QROUNDS(m3, i + 12);
        }
        abef = _mm_add_epi32(abef, save_abef);
        cdgh = _mm_add_epi32(cdgh, save_cdgh);
        p += 64;
    }

    /* back to (a,b,c,d), (e,f,g,h) */
    tmp = _mm_shuffle_epi32(abef, 0x1b);                                     /* a b e f */
    cdgh = _mm_shuffle_epi32(cdgh, 0xb1);                                    /* g h c d */
    _mm_storeu_si128((__m128i *)state, _mm_blend_epi16(tmp, cdgh, 0xf0));    /* a b c d */
    _mm_storeu_si128((__m128i *)(state + 4), _mm_alignr_epi8(cdgh, tmp, 8)); /* e f g h */
    /* Ten vector registers suffice: no message-derived value is spilled to the stack. */
}

/* Compress one 64-byte block given as four schedule registers (lane 0 first) into abef/cdgh. */
#define COMPRESS_WORDS(m0, m1, m2, m3)                                                             \
    do {                                                                                           \
        __m128i sa_ = abef, sc_ = cdgh;                                                            \
        QROUNDS(m0, 0);                                                                            \
        QROUNDS(m1, 4);                                                                            \
        QROUNDS(m2, 8);                                                                            \
        QROUNDS(m3, 12);                                                                           \
        for (i = 16; i < 64; i += 16) {                                                            \
            SCHEDULE(m0, m1, m2, m3);                                                              \
            QROUNDS(m0, i);                                                                        \
            SCHEDULE(m1, m2, m3, m0);                                                              \
            QROUNDS(m1, i + 4);                                                                    \
            SCHEDULE(m2, m3, m0, m1);                                                              \
            QROUNDS(m2, i + 8);                                                                    \
            SCHEDULE(m3, m0, m1, m2);                                                              \
            QROUNDS(m3, i + 12);                                                                   \
        }                                                                                          \
        abef = _mm_add_epi32(abef, sa_);                                                           \
        cdgh = _mm_add_epi32(cdgh, sc_);                                                           \
    } while (0)

/*
 * HMAC-SHA256's last two steps in registers: the inner hash's padded final
 * block(s) blk (nblocks 1 or 2) from inner, then the outer block (the inner
 * digest as words 0..7, 0x80000000, zeros, length 768 bits) from outer;
 * out receives the tag.  The inner digest never goes through memory.
 */
SHANI_TARGET
void tacit_sha256_shani_hmac_final(const uint32_t inner[8], const unsigned char *blk,
                                   size_t nblocks, const uint32_t outer[8], unsigned char out[32])
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i abef, cdgh, tmp, m0, m1, m2, m3;
    int i;

    tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)inner), 0xb1);
    cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(inner + 4)), 0x1b);
    abef = _mm_alignr_epi8(tmp, cdgh, 8);
    cdgh = _mm_blend_epi16(cdgh, tmp, 0xf0);
    while (nblocks-- > 0) {
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 0)), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 48)), bswap);
        COMPRESS_WORDS(m0, m1, m2, m3);
        blk += 64;
    }
    /* the inner digest as message words: (a,b,c,d), (e,f,g,h) */
    tmp = _mm_shuffle_epi32(abef, 0x1b);
    cdgh = _mm_shuffle_epi32(cdgh, 0xb1);
    m0 = _mm_blend_epi16(tmp, cdgh, 0xf0);
    m1 = _mm_alignr_epi8(cdgh, tmp, 8);
    m2 = _mm_set_epi32(0, 0, 0, (int)0x80000000u);
    m3 = _mm_set_epi32(768, 0, 0, 0);

    tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)outer), 0xb1);
    cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(outer + 4)), 0x1b);
    abef = _mm_alignr_epi8(tmp, cdgh, 8);
    cdgh = _mm_blend_epi16(cdgh, tmp, 0xf0);
    COMPRESS_WORDS(m0, m1, m2, m3);

    tmp = _mm_shuffle_epi32(abef, 0x1b);
    cdgh = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(_mm_blend_epi16(tmp, cdgh, 0xf0), bswap));
    _mm_storeu_si128((__m128i *)(out + 16), _mm_shuffle_epi8(_mm_alignr_epi8(cdgh, tmp, 8), bswap));
}

#else
typedef int tacit_sha256_shani_unused;
#endif
