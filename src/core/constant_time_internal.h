/*
 * Constant-time primitives: the only place in tacit that turns a condition
 * into a mask, selects with a mask, or tells the compiler to stop reasoning
 * about a value.  No other module invents its own (tests grep for it).
 *
 * Masks are all-ones or all-zeros in the width of the operands: a u32 mask is
 * 0 or 0xFFFFFFFF.  Converting a mask to a narrower unsigned type keeps it a
 * mask; widening needs tacit_ct_mask_widen_*.
 *
 * Why the barrier: given `m = -(x != 0); r = (a & m) | (b & ~m);` a compiler
 * may notice that m is a boolean in disguise and emit a branch (clang -Os
 * does exactly that).  Every mask is therefore passed through
 * tacit_ct_barrier_*() once it is *finished*, after which the compiler knows
 * nothing about its value and can only use it arithmetically.  How the
 * generated code was checked: scripts/check_ct_asm.sh.
 */
#ifndef TACIT_CONSTANT_TIME_INTERNAL_H
#define TACIT_CONSTANT_TIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/constant_time.h"
#include "tacit/limb.h"

#include "core/barrier.h"

/* ---- masks from conditions ----------------------------------------------- */

/*
 * For each unsigned type T with suffix S:
 *   tacit_ct_mask_from_bit_S(b)   b must be 0 or 1 -> 0 / all-ones
 *   tacit_ct_mask_nonzero_S(x)    x != 0
 *   tacit_ct_mask_eq_S(a, b)      a == b
 *   tacit_ct_mask_ne_S(a, b)      a != b
 *   tacit_ct_mask_lt_S(a, b)      a < b  (unsigned)
 *   tacit_ct_mask_le_S / gt_S / ge_S
 *   tacit_ct_select_S(m, a, b)    m ? a : b, without a branch
 */
#define TACIT_CT_DEFINE_MASKS(S, T, BITS)                                                          \
    static inline T tacit_ct_mask_from_bit_##S(T bit)                                              \
    {                                                                                              \
        return tacit_ct_barrier_##S((T)0 - bit);                                                   \
    }                                                                                              \
    static inline T tacit_ct_mask_nonzero_##S(T x)                                                 \
    {                                                                                              \
        return tacit_ct_mask_from_bit_##S((T)((x | ((T)0 - x)) >> ((BITS)-1)));                    \
    }                                                                                              \
    static inline T tacit_ct_mask_eq_##S(T a, T b)                                                 \
    {                                                                                              \
        return (T)~tacit_ct_mask_nonzero_##S(a ^ b);                                               \
    }                                                                                              \
    static inline T tacit_ct_mask_ne_##S(T a, T b)                                                 \
    {                                                                                              \
        return tacit_ct_mask_nonzero_##S(a ^ b);                                                   \
    }                                                                                              \
    static inline T tacit_ct_mask_lt_##S(T a, T b)                                                 \
    {                                                                                              \
        /* the borrow of a - b, computed without a compare the compiler sees */                    \
        T borrow = (T)((a ^ ((a ^ b) | ((T)(a - b) ^ b))) >> ((BITS)-1));                          \
        return tacit_ct_mask_from_bit_##S(borrow);                                                 \
    }                                                                                              \
    static inline T tacit_ct_mask_ge_##S(T a, T b)                                                 \
    {                                                                                              \
        return (T)~tacit_ct_mask_lt_##S(a, b);                                                     \
    }                                                                                              \
    static inline T tacit_ct_mask_gt_##S(T a, T b)                                                 \
    {                                                                                              \
        return tacit_ct_mask_lt_##S(b, a);                                                         \
    }                                                                                              \
    static inline T tacit_ct_mask_le_##S(T a, T b)                                                 \
    {                                                                                              \
        return (T)~tacit_ct_mask_lt_##S(b, a);                                                     \
    }                                                                                              \
    static inline T tacit_ct_select_##S(T mask, T a, T b)                                          \
    {                                                                                              \
        return (T)(b ^ (mask & (a ^ b)));                                                          \
    }

TACIT_CT_DEFINE_MASKS(u32, uint32_t, 32)
TACIT_CT_DEFINE_MASKS(u64, uint64_t, 64)
#if SIZE_MAX == UINT64_MAX
TACIT_CT_DEFINE_MASKS(size, size_t, 64)
#else
TACIT_CT_DEFINE_MASKS(size, size_t, 32)
#endif

/* Limb masks are the u32 or u64 ones, by configuration. */
#if TACIT_MPI_LIMB_BITS == 64
#define tacit_ct_barrier_limb tacit_ct_barrier_u64
#define tacit_ct_mask_from_bit_limb tacit_ct_mask_from_bit_u64
#define tacit_ct_mask_nonzero_limb tacit_ct_mask_nonzero_u64
#define tacit_ct_mask_eq_limb tacit_ct_mask_eq_u64
#define tacit_ct_mask_ne_limb tacit_ct_mask_ne_u64
#define tacit_ct_mask_lt_limb tacit_ct_mask_lt_u64
#define tacit_ct_mask_ge_limb tacit_ct_mask_ge_u64
#define tacit_ct_mask_gt_limb tacit_ct_mask_gt_u64
#define tacit_ct_mask_le_limb tacit_ct_mask_le_u64
#define tacit_ct_select_limb tacit_ct_select_u64
#else
#define tacit_ct_barrier_limb tacit_ct_barrier_u32
#define tacit_ct_mask_from_bit_limb tacit_ct_mask_from_bit_u32
#define tacit_ct_mask_nonzero_limb tacit_ct_mask_nonzero_u32
#define tacit_ct_mask_eq_limb tacit_ct_mask_eq_u32
#define tacit_ct_mask_ne_limb tacit_ct_mask_ne_u32
#define tacit_ct_mask_lt_limb tacit_ct_mask_lt_u32
#define tacit_ct_mask_ge_limb tacit_ct_mask_ge_u32
#define tacit_ct_mask_gt_limb tacit_ct_mask_gt_u32
#define tacit_ct_mask_le_limb tacit_ct_mask_le_u32
#define tacit_ct_select_limb tacit_ct_select_u32
#endif

/*
 * lo <= x <= hi, for values below 2^31 (bytes, small indices): the sign bits
 * of x - lo and hi - x.  Cheaper than two lt masks; base64 maps characters
 * with it.
 */
static inline uint32_t tacit_ct_mask_in_range_u32(uint32_t lo, uint32_t hi, uint32_t x)
{
    uint32_t out = ((x - lo) | (hi - x)) >> 31;
    return tacit_ct_mask_from_bit_u32(out ^ 1u);
}

/* Mask conversions between widths (narrowing is a plain cast). */
static inline uint64_t tacit_ct_mask_widen_u32(uint32_t m)
{
    return tacit_ct_mask_from_bit_u64((uint64_t)(m & 1u));
}
static inline size_t tacit_ct_mask_to_size_u32(uint32_t m)
{
    return tacit_ct_mask_from_bit_size((size_t)(m & 1u));
}

/* ---- memory --------------------------------------------------------------- */

/* if (mask) memcpy(dst, src, len); reads and writes every byte either way. */
void tacit_ct_memcpy_if(size_t mask, void *dst, const void *src, size_t len);

/* Limb version of tacit_ct_memcpy_if, for big numbers and field elements. */
void tacit_ct_memcpy_if_limbs(tacit_mpi_uint mask, tacit_mpi_uint *dst, const tacit_mpi_uint *src,
                              size_t limbs);

/*
 * Copy entry `index` of a table of `count` entries of `entry_len` bytes to
 * dst.  Every entry is read, every time; index may be secret.  An index out
 * of range leaves dst all zero.
 */
void tacit_ct_table_select(void *dst, const void *table, size_t entry_len, size_t count,
                           size_t index);

/* The same for a table of `count` entries of `limbs` limbs each. */
void tacit_ct_table_select_limbs(tacit_mpi_uint *dst, const tacit_mpi_uint *table, size_t limbs,
                                 size_t count, size_t index);

/*
 * Move buf[offset .. len) to buf[0 .. len - offset) and zero the rest, in
 * time that depends on len only (offset is secret: the start of a plaintext
 * after PKCS#1 or OAEP padding).  O(len * log len).  offset > len zeroes buf.
 */
void tacit_ct_memmove_left(void *buf, size_t len, size_t offset);

/* ---- declassification ---------------------------------------------------- */

/*
 * The one door through which a secret-derived value may become public: a
 * validity bit, a padding position, the length of a decoded message.  A
 * no-op in normal builds; under TACIT_TEST_CONSTANT_FLOW it tells valgrind
 * the bytes are now defined, so constant-flow tests can mark whole inputs
 * secret and see only unintended leaks.  Every call site is a documented
 * leak: grep for tacit_ct_declassify to audit them.
 */
void tacit_ct_declassify(const void *p, size_t len);

/*
 * The value forms call tacit_ct_declassify only in the constant-flow build:
 * elsewhere it is a no-op, and an out-of-line call in a SIMD loop would make
 * the compiler spill every vector register around it.
 */
static inline uint32_t tacit_ct_declassify_u32(uint32_t x)
{
#if defined(TACIT_TEST_CONSTANT_FLOW)
    tacit_ct_declassify(&x, sizeof(x));
#endif
    return x;
}
static inline size_t tacit_ct_declassify_size(size_t x)
{
#if defined(TACIT_TEST_CONSTANT_FLOW)
    tacit_ct_declassify(&x, sizeof(x));
#endif
    return x;
}

#endif /* TACIT_CONSTANT_TIME_INTERNAL_H */
