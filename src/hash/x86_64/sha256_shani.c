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
#include <string.h>

#include "hash/x86_64/load_le_part.h"

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
 * The padded final block(s) built in registers, never in memory: a tail
 * copied to a stack block and read back with 16-byte loads stalls on
 * store-to-load forwarding (the loads straddle the copy's stores).
 * SHIFT_WIN + 16 - n is a PSHUFB mask moving the top n bytes of a vector
 * down to bytes 0..n-1 and zeroing the rest; PAD_WIN + 16 - n has 0x80 in
 * byte n only.  The tail's length is public: it picks the loads.
 */
static const unsigned char SHIFT_WIN[32] = {
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,   15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};
static const unsigned char PAD_WIN[32] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80,
};

#define SHANI_INLINE static inline __attribute__((always_inline))

static inline uint64_t ld64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/*
 * Bytes s .. s + 15 of the padded tail (len < 64 message bytes, then 0x80,
 * then zeros), as big-endian words.  Reads no byte outside tail[0 .. len).
 */
SHANI_TARGET SHANI_INLINE __m128i tail_chunk(const unsigned char *tail, size_t len, size_t s,
                                             __m128i bswap)
{
    __m128i v;
    size_t n;

    if (len >= s + 16) {
        return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(tail + s)), bswap);
    }
    if (len < s) {
        return _mm_setzero_si128();
    }
    n = len - s; /* 0..15 message bytes in this chunk, then the 0x80 */
    if (n == 0) {
        v = _mm_setzero_si128();
    } else if (len >= 16) {
        /* the 16 bytes ending at the tail's end, moved down */
        v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(tail + len - 16)),
                             _mm_loadu_si128((const __m128i *)(SHIFT_WIN + 16 - n)));
    } else {
        uint64_t lo = n >= 8 ? ld64(tail) : tacit_hash_load_le_part(tail, n);
        uint64_t hi = n >= 8 ? tacit_hash_load_le_part(tail + 8, n - 8) : 0;
        v = _mm_set_epi64x((long long)hi, (long long)lo);
    }
    v = _mm_or_si128(v, _mm_loadu_si128((const __m128i *)(PAD_WIN + 16 - n)));
    return _mm_shuffle_epi8(v, bswap);
}

/* abef/cdgh from (a,b,c,d), (e,f,g,h) in memory order. */
#define LOAD_STATE(st)                                                                             \
    do {                                                                                           \
        tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(st)), 0xb1);                     \
        cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)((st) + 4)), 0x1b);              \
        abef = _mm_alignr_epi8(tmp, cdgh, 8);                                                      \
        cdgh = _mm_blend_epi16(cdgh, tmp, 0xf0);                                                   \
    } while (0)

/* abef/cdgh to lo = (a,b,c,d), hi = (e,f,g,h) (lane 0 first). */
#define STATE_WORDS(lo, hi)                                                                        \
    do {                                                                                           \
        tmp = _mm_shuffle_epi32(abef, 0x1b);                                                       \
        cdgh = _mm_shuffle_epi32(cdgh, 0xb1);                                                      \
        (lo) = _mm_blend_epi16(tmp, cdgh, 0xf0);                                                   \
        (hi) = _mm_alignr_epi8(cdgh, tmp, 8);                                                      \
    } while (0)

/*
 * The message's end into abef/cdgh: the padded tail (len < 64 bytes; total
 * is the message's length in bytes) as one or two blocks.
 */
#define COMPRESS_TAIL(tail, len, total)                                                            \
    do {                                                                                           \
        uint64_t bits_ = (uint64_t)(total) << 3;                                                   \
        __m128i lenw_ = _mm_set_epi32((int)(uint32_t)bits_, (int)(uint32_t)(bits_ >> 32), 0, 0);   \
        int nb_ = (len) < 56 ? 1 : 2;                                                              \
        m0 = tail_chunk((tail), (len), 0, bswap);                                                  \
        m1 = tail_chunk((tail), (len), 16, bswap);                                                 \
        m2 = tail_chunk((tail), (len), 32, bswap);                                                 \
        m3 = tail_chunk((tail), (len), 48, bswap);                                                 \
        if (nb_ == 1) {                                                                            \
            m3 = _mm_or_si128(m3, lenw_);                                                          \
        }                                                                                          \
        while (nb_-- > 0) {                                                                        \
            COMPRESS_WORDS(m0, m1, m2, m3);                                                        \
            m0 = m1 = m2 = _mm_setzero_si128();                                                    \
            m3 = lenw_;                                                                            \
        }                                                                                          \
    } while (0)

SHANI_TARGET
void tacit_sha256_shani_digest(const uint32_t init[8], uint32_t *final_state,
                               const unsigned char *p, size_t len, uint64_t total,
                               unsigned char *out, size_t out_len)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i abef, cdgh, tmp, m0, m1, m2, m3;
    size_t nfull = len / 64;
    int i;

    LOAD_STATE(init);
    while (nfull-- > 0) {
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 0)), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
        COMPRESS_WORDS(m0, m1, m2, m3);
        p += 64;
    }
    COMPRESS_TAIL(p, len & 63, total);
    STATE_WORDS(m0, m1);
    if (final_state != NULL) {
        _mm_storeu_si128((__m128i *)final_state, m0);
        _mm_storeu_si128((__m128i *)(final_state + 4), m1);
    }
    m0 = _mm_shuffle_epi8(m0, bswap);
    m1 = _mm_shuffle_epi8(m1, bswap);
    _mm_storeu_si128((__m128i *)out, m0);
    if (out_len == 32) {
        _mm_storeu_si128((__m128i *)(out + 16), m1);
    } else {
        uint32_t g = (uint32_t)_mm_extract_epi32(m1, 2);
        _mm_storel_epi64((__m128i *)(out + 16), m1);
        memcpy(out + 24, &g, 4);
    }
}

/*
 * HMAC-SHA256's last two steps in registers: the inner hash's padded tail
 * (tail_len < 64 bytes of a total-byte message) from inner, then the outer
 * block (the inner digest as words 0..7, 0x80000000, zeros, length 768
 * bits) from outer; out receives the tag.  Neither the tail's padded copy
 * nor the inner digest goes through memory.
 */
SHANI_TARGET
void tacit_sha256_shani_hmac_final(const uint32_t inner[8], const unsigned char *tail,
                                   size_t tail_len, uint64_t total, const uint32_t outer[8],
                                   unsigned char out[32])
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i abef, cdgh, tmp, m0, m1, m2, m3;
    int i;

    LOAD_STATE(inner);
    COMPRESS_TAIL(tail, tail_len, total);
    /* the inner digest as message words: (a,b,c,d), (e,f,g,h) */
    STATE_WORDS(m0, m1);
    m2 = _mm_set_epi32(0, 0, 0, (int)0x80000000u);
    m3 = _mm_set_epi32(768, 0, 0, 0);

    LOAD_STATE(outer);
    COMPRESS_WORDS(m0, m1, m2, m3);

    STATE_WORDS(m0, m1);
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(m0, bswap));
    _mm_storeu_si128((__m128i *)(out + 16), _mm_shuffle_epi8(m1, bswap));
}

#else
typedef int tacit_sha256_shani_unused;
#endif
