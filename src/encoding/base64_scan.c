/*
 * Find a byte in possibly secret text, constant-flow up to the answer: the
 * PEM reader uses it to find the END line after a private key's body.
 *
 * Each block of 32 (AVX2), 16 (SSE2: both in encoding/x86_64/, chosen by
 * base64_dispatch.c) or 8 (SWAR, here) bytes is compared with the byte as a
 * mask, and only that mask is declassified and branched on.  What leaks is
 * where the byte occurs in the blocks up to and including the first match:
 * in a valid PEM body that is only the END line's position.
 */
#include "tacit/config.h"

#if defined(TACIT_BASE64_C)

#include "encoding/base64_internal.h"

static size_t first_lane(uint64_t h)
{
    size_t k = 0;

    while ((h & 0x80u) == 0) {
        h >>= 8;
        k++;
    }
    return k;
}

size_t tacit_base64_find_byte(const unsigned char *p, size_t len, unsigned char b)
{
    int found;
    size_t i = tacit_base64_find_byte_vec(p, len, b, &found);

    if (found) {
        return i;
    }
    for (; len - i >= 8; i += 8) {
        uint64_t x = 0, y, h;
        size_t k;
        for (k = 0; k < 8; k++) {
            x |= (uint64_t)p[i + k] << (8 * k);
        }
        y = x ^ (0x0101010101010101u * b);
        h = ~(((y & 0x7F7F7F7F7F7F7F7Fu) + 0x7F7F7F7F7F7F7F7Fu) | y) & 0x8080808080808080u;
        h = ((uint64_t)tacit_ct_declassify_u32((uint32_t)(h >> 32)) << 32) |
            tacit_ct_declassify_u32((uint32_t)h);
        if (h != 0) {
            return i + first_lane(h);
        }
    }
    for (; i < len; i++) {
        if (tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(p[i], b)) != 0) {
            break;
        }
    }
    return i;
}

size_t tacit_base64_count_breaks(const unsigned char *p, size_t len)
{
    size_t n = 0, i = tacit_base64_count_breaks_vec(p, len, &n);

    for (; i < len; i++) {
        n += tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(p[i], '\n') |
                                     tacit_ct_mask_eq_u32(p[i], '\r')) &
             1u;
    }
    return n;
}

#else
typedef int tacit_base64_scan_unused;
#endif /* TACIT_BASE64_C */
