/*
 * The last 0..7 bytes of a message as a little-endian integer, for the
 * x86-64 hash kernels that pad a short tail in registers (sha256_shani.c,
 * keccak_bmi.c).  It reads only those bytes (two overlapping loads), so a
 * tail at the end of a buffer is never read past.  Branches on k, the
 * message length: public.
 */
#ifndef TACIT_HASH_X86_64_LOAD_LE_PART_H
#define TACIT_HASH_X86_64_LOAD_LE_PART_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* k (0..7) bytes at p as a little-endian integer; reads only those bytes. */
static inline uint64_t tacit_hash_load_le_part(const unsigned char *p, size_t k)
{
    uint32_t a, b;
    uint16_t c, d;

    if (k >= 4) {
        memcpy(&a, p, 4);
        memcpy(&b, p + k - 4, 4); /* overlaps a: the shared bytes land on themselves */
        return (uint64_t)a | ((uint64_t)b << (8 * (k - 4)));
    }
    if (k >= 2) {
        memcpy(&c, p, 2);
        memcpy(&d, p + k - 2, 2);
        return (uint64_t)c | ((uint64_t)d << (8 * (k - 2)));
    }
    return k == 1 ? (uint64_t)p[0] : 0;
}

#endif /* TACIT_HASH_X86_64_LOAD_LE_PART_H */
