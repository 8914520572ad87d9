/*
 * Constant-time memory helpers and the declassification door.
 * The inline mask primitives are in constant_time_internal.h.
 */
#include "core/constant_time_internal.h"

#include <string.h>

#if defined(TACIT_TEST_CONSTANT_FLOW)
#include <valgrind/memcheck.h>
#endif

#if !defined(__GNUC__) && !defined(__clang__)
volatile uint32_t tacit_ct_zero32 = 0;
#endif

int tacit_ct_memcmp(const void *a, const void *b, size_t len)
{
    const volatile unsigned char *pa = (const volatile unsigned char *)a;
    const volatile unsigned char *pb = (const volatile unsigned char *)b;
    uint32_t diff = 0;
    size_t i;

    for (i = 0; i < len; i++) {
        diff |= (uint32_t)(pa[i] ^ pb[i]);
    }
    /*
     * The verdict "equal or not" is what a caller asked for and will branch
     * on; it is the one thing this function is meant to reveal.
     */
    return (int)tacit_ct_declassify_u32(tacit_ct_mask_nonzero_u32(diff) & 1u);
}

void tacit_ct_memcpy_if(size_t mask, void *dst, const void *src, size_t len)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    uint32_t m = (uint32_t)mask; /* narrowing keeps a mask a mask */
    size_t i;

    for (i = 0; i < len; i++) {
        d[i] = (unsigned char)tacit_ct_select_u32(m, s[i], d[i]);
    }
}

void tacit_ct_memcpy_if_limbs(tacit_mpi_uint mask, tacit_mpi_uint *dst, const tacit_mpi_uint *src,
                              size_t limbs)
{
    size_t i;

    for (i = 0; i < limbs; i++) {
        dst[i] = tacit_ct_select_limb(mask, src[i], dst[i]);
    }
}

void tacit_ct_table_select(void *dst, const void *table, size_t entry_len, size_t count,
                           size_t index)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *t = (const unsigned char *)table;
    size_t i, j;

    memset(d, 0, entry_len);
    for (i = 0; i < count; i++, t += entry_len) {
        unsigned char m = (unsigned char)tacit_ct_mask_eq_size(i, index);
        for (j = 0; j < entry_len; j++) {
            d[j] |= (unsigned char)(t[j] & m);
        }
    }
}

void tacit_ct_table_select_limbs(tacit_mpi_uint *dst, const tacit_mpi_uint *table, size_t limbs,
                                 size_t count, size_t index)
{
    size_t i, j;

    for (j = 0; j < limbs; j++) {
        dst[j] = 0;
    }
    for (i = 0; i < count; i++, table += limbs) {
        tacit_mpi_uint m = (tacit_mpi_uint)tacit_ct_mask_eq_size(i, index);
        for (j = 0; j < limbs; j++) {
            dst[j] |= table[j] & m;
        }
    }
}

void tacit_ct_memmove_left(void *buf, size_t len, size_t offset)
{
    unsigned char *b = (unsigned char *)buf;
    size_t shift, i;

    /*
     * Shift by each power of two present in offset, conditionally: the
     * sequence of memory accesses is the same for every offset.
     */
    for (shift = 1; shift != 0 && shift <= len; shift <<= 1) {
        uint32_t m = (uint32_t)tacit_ct_mask_ne_size(offset & shift, 0);
        for (i = 0; i < len; i++) {
            unsigned char next = (i + shift < len) ? b[i + shift] : 0;
            b[i] = (unsigned char)tacit_ct_select_u32(m, next, b[i]);
        }
        offset &= ~shift;
    }
    /* Whatever is left of offset is >= the largest shift: nothing survives. */
    {
        uint32_t keep = (uint32_t)tacit_ct_mask_eq_size(offset, 0);
        for (i = 0; i < len; i++) {
            b[i] = (unsigned char)(b[i] & keep);
        }
    }
}

void tacit_ct_declassify(const void *p, size_t len)
{
#if defined(TACIT_TEST_CONSTANT_FLOW)
    (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
#else
    (void)p;
    (void)len;
#endif
}
