/*
 * base64 kernels on 8 characters in a uint64_t (SWAR), portable C.
 *
 * Each byte lane holds one character.  Range tests are done on the low 7
 * bits with an add whose carry cannot leave the lane: for a <= 0x7F,
 *   a >= lo  <=>  bit 7 of a + (0x80 - lo)
 *   a <= hi  <=>  not bit 7 of a + (0x7F - hi)
 * and bytes >= 0x80 are invalid outright.  These per-lane masks are the
 * SWAR form of tacit_ct_mask_in_range_u32 (which works on one value per
 * word): pure arithmetic, no branch, no table.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

#define ONES 0x0101010101010101u
#define HIGH 0x8080808080808080u
#define LOW7 0x7F7F7F7F7F7F7F7Fu

static inline uint64_t load_le64(const unsigned char *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
           ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

/* Bit 7 of each lane of a (lanes <= 0x7F): lo <= a <= hi. */
static inline uint64_t lanes_in_range(uint64_t a, uint32_t lo, uint32_t hi)
{
    return (a + (0x80u - lo) * ONES) & ~(a + (0x7Fu - hi) * ONES) & HIGH;
}

/* Bit 7 of each lane of x: the lane equals b (exact, any lane value). */
static inline uint64_t lanes_eq(uint64_t x, uint32_t b)
{
    uint64_t y = x ^ (b * ONES);
    return ~(((y & LOW7) + LOW7) | y) & HIGH;
}

/* Bit-7 flags -> whole-lane masks. */
static inline uint64_t lanes_mask(uint64_t h)
{
    return (h - (h >> 7)) | h;
}

/* Lane-wise a + b mod 256. */
static inline uint64_t lanes_add(uint64_t a, uint64_t b)
{
    return ((a & LOW7) + (b & LOW7)) ^ ((a ^ b) & HIGH);
}

size_t tacit_base64_dec_swar(unsigned char *dst, size_t dcap, size_t *produced,
                             const unsigned char *src, size_t slen, uint64_t *bad)
{
    size_t i = 0, o = 0;
    uint64_t acc = 0;

    while (slen - i >= 8 && dcap - o >= 6) {
        uint64_t x = load_le64(src + i);
        uint64_t a = x & LOW7, ascii = ~x & HIGH;
        uint64_t nl = lanes_eq(x, '\n'), cr = lanes_eq(x, '\r');
        uint64_t sp = nl | cr | lanes_eq(x, '=');
        uint64_t up, lo, di, pl, sl, off, v, t;

        if (tacit_ct_declassify_u32((uint32_t)(sp >> 32) | (uint32_t)sp) != 0) {
            /* a line break at the block's start is skipped */
            uint32_t n = tacit_ct_declassify_u32((uint32_t)nl);
            uint32_t r = tacit_ct_declassify_u32((uint32_t)cr);
            if ((n & 0x80u) != 0) {
                i += 1;
                continue;
            }
            if ((r & 0x80u) != 0 && (n & 0x8000u) != 0) {
                i += 2;
                continue;
            }
            break;
        }
        up = lanes_in_range(a, 'A', 'Z') & ascii;
        lo = lanes_in_range(a, 'a', 'z') & ascii;
        di = lanes_in_range(a, '0', '9') & ascii;
        pl = lanes_eq(x, '+');
        sl = lanes_eq(x, '/');
        acc |= ~(up | lo | di | pl | sl) & HIGH;
        /*
         * value = (c | 0x80) - s, s by range: 128 + 65, 128 + 71, 128 - 4,
         * 128 - 19, 128 - 16 (0 outside the alphabet).  s <= (c | 0x80) in
         * every lane, so one 64-bit subtraction borrows across no lane; the
         * ranges are disjoint, so the sum of the per-lane products carries
         * into no lane either.
         */
        off = (up >> 7) * 193u + (lo >> 7) * 199u + (di >> 7) * 124u + (pl >> 7) * 109u +
              (sl >> 7) * 112u;
        v = ((a | HIGH) - off) & (0x3Fu * ONES);
        /* 8 sextets -> 4 x 12 bits -> 2 x 24 bits, first character highest */
        t = ((v & 0x003F003F003F003Fu) << 6) | ((v >> 8) & 0x003F003F003F003Fu);
        t = ((t & 0x00000FFF00000FFFu) << 12) | ((t >> 16) & 0x00000FFF00000FFFu);
        dst[o] = (unsigned char)(t >> 16);
        dst[o + 1] = (unsigned char)(t >> 8);
        dst[o + 2] = (unsigned char)t;
        dst[o + 3] = (unsigned char)(t >> 48);
        dst[o + 4] = (unsigned char)(t >> 40);
        dst[o + 5] = (unsigned char)(t >> 32);
        i += 8;
        o += 6;
    }
    *bad |= acc;
    *produced = o;
    return i;
}

size_t tacit_base64_enc_swar(unsigned char *dst, const unsigned char *src, size_t slen)
{
    size_t i = 0, o = 0;

    while (slen - i >= 6) {
        uint64_t x = ((uint64_t)src[i] << 40) | ((uint64_t)src[i + 1] << 32) |
                     ((uint64_t)src[i + 2] << 24) | ((uint64_t)src[i + 3] << 16) |
                     ((uint64_t)src[i + 4] << 8) | (uint64_t)src[i + 5];
        uint64_t v = 0, ge26, ge52, ge62, ge63, off, c;
        int k;

        for (k = 0; k < 8; k++) {
            v |= ((x >> (42 - 6 * k)) & 63u) << (8 * k);
        }
        /* v lanes are 0..63: a >= k is bit 7 of v + (0x80 - k), no carry out */
        ge26 = lanes_mask((v + 0x66u * ONES) & HIGH);
        ge52 = lanes_mask((v + 0x4Cu * ONES) & HIGH);
        ge62 = lanes_mask((v + 0x42u * ONES) & HIGH);
        ge63 = lanes_mask((v + 0x41u * ONES) & HIGH);
        /* offsets +65, +71, -4, -19, -16 (mod 256), nested masks chained by xor */
        off = (0x41u * ONES) ^ (ge26 & ((0x41u ^ 0x47u) * ONES)) ^
              (ge52 & ((0x47u ^ 0xFCu) * ONES)) ^ (ge62 & ((0xFCu ^ 0xEDu) * ONES)) ^
              (ge63 & ((0xEDu ^ 0xF0u) * ONES));
        c = lanes_add(v, off);
        for (k = 0; k < 8; k++) {
            dst[o + (size_t)k] = (unsigned char)(c >> (8 * k));
        }
        i += 6;
        o += 8;
    }
    return i;
}

#else
typedef int tacit_base64_swar_unused;
#endif /* TACIT_BASE64_C */
