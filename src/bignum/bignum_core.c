/*
 * bignum_core: limb-array addition, subtraction, comparison, shifts,
 * schoolbook multiplication and byte import/export.  All constant time
 * except tacit_mpi_core_bitlen_unsafe (documented).  See bignum_core.h.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"

/* ---- addition, subtraction ------------------------------------------------ */

tacit_mpi_uint tacit_mpi_core_add(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                  const tacit_mpi_uint *B, size_t limbs)
{
    tacit_mpi_uint c = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        X[i] = tacit_mpi_add3(A[i], B[i], &c);
    }
    return c;
}

tacit_mpi_uint tacit_mpi_core_sub(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                  const tacit_mpi_uint *B, size_t limbs)
{
    tacit_mpi_uint borrow = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint a = A[i], b = B[i];
        tacit_mpi_uint d = a - b;
        tacit_mpi_uint b1 = (tacit_mpi_uint)(a < b);
        tacit_mpi_uint b2 = (tacit_mpi_uint)(d < borrow);
        X[i] = d - borrow;
        borrow = b1 | b2;
    }
    return borrow;
}

tacit_mpi_uint tacit_mpi_core_add_limb(tacit_mpi_uint *X, const tacit_mpi_uint *A, tacit_mpi_uint b,
                                       size_t limbs)
{
    tacit_mpi_uint c = b;
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint s = A[i] + c;
        c = (tacit_mpi_uint)(s < c);
        X[i] = s;
    }
    return c;
}

tacit_mpi_uint tacit_mpi_core_sub_limb(tacit_mpi_uint *X, const tacit_mpi_uint *A, tacit_mpi_uint b,
                                       size_t limbs)
{
    tacit_mpi_uint borrow = b;
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint a = A[i];
        X[i] = a - borrow;
        borrow = (tacit_mpi_uint)(a < borrow);
    }
    return borrow;
}

tacit_mpi_uint tacit_mpi_core_add_if(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                     tacit_mpi_uint mask)
{
    tacit_mpi_uint c = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        X[i] = tacit_mpi_add3(X[i], A[i] & mask, &c);
    }
    return c;
}

tacit_mpi_uint tacit_mpi_core_sub_if(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                     tacit_mpi_uint mask)
{
    tacit_mpi_uint borrow = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint x = X[i], a = A[i] & mask;
        tacit_mpi_uint d = x - a;
        tacit_mpi_uint b1 = (tacit_mpi_uint)(x < a);
        tacit_mpi_uint b2 = (tacit_mpi_uint)(d < borrow);
        X[i] = d - borrow;
        borrow = b1 | b2;
    }
    return borrow;
}

void tacit_mpi_core_cond_assign(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                tacit_mpi_uint mask)
{
    tacit_ct_memcpy_if_limbs(mask, X, A, limbs);
}

void tacit_mpi_core_cond_swap(tacit_mpi_uint *X, tacit_mpi_uint *Y, size_t limbs,
                              tacit_mpi_uint mask)
{
    size_t i;

    if (X == Y) {
        return; /* pointers are public */
    }
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint d = (X[i] ^ Y[i]) & mask;
        X[i] ^= d;
        Y[i] ^= d;
    }
}

/* ---- comparison ------------------------------------------------------------ */

tacit_mpi_uint tacit_mpi_core_lt_ct(const tacit_mpi_uint *A, const tacit_mpi_uint *B, size_t limbs)
{
    tacit_mpi_uint borrow = 0;
    size_t i;

    /* the borrow out of A - B, discarding the difference */
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint a = A[i], b = B[i];
        tacit_mpi_uint d = a - b;
        borrow = (tacit_mpi_uint)(a < b) | (tacit_mpi_uint)(d < borrow);
    }
    return tacit_ct_mask_from_bit_limb(borrow);
}

tacit_mpi_uint tacit_mpi_core_eq_ct(const tacit_mpi_uint *A, const tacit_mpi_uint *B, size_t limbs)
{
    tacit_mpi_uint diff = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        diff |= A[i] ^ B[i];
    }
    return (tacit_mpi_uint)~tacit_ct_mask_nonzero_limb(diff);
}

tacit_mpi_uint tacit_mpi_core_is_zero_ct(const tacit_mpi_uint *A, size_t limbs)
{
    tacit_mpi_uint acc = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        acc |= A[i];
    }
    return (tacit_mpi_uint)~tacit_ct_mask_nonzero_limb(acc);
}

/* ---- modular addition and subtraction --------------------------------------- */

void tacit_mpi_core_add_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            const tacit_mpi_uint *N, size_t limbs)
{
    /*
     * s = A + B < 2N.  Subtract N; if that borrowed and the addition did
     * not carry, s was already below N: add N back.
     */
    tacit_mpi_uint carry = tacit_mpi_core_add(X, A, B, limbs);
    tacit_mpi_uint borrow = tacit_mpi_core_sub(X, X, N, limbs);
    tacit_mpi_uint back = tacit_ct_mask_from_bit_limb(borrow & (carry ^ 1));

    (void)tacit_mpi_core_add_if(X, N, limbs, back);
}

void tacit_mpi_core_sub_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            const tacit_mpi_uint *N, size_t limbs)
{
    tacit_mpi_uint borrow = tacit_mpi_core_sub(X, A, B, limbs);

    (void)tacit_mpi_core_add_if(X, N, limbs, tacit_ct_mask_from_bit_limb(borrow));
}

/* ---- shifts ------------------------------------------------------------------ */

#if defined(__OPTIMIZE_SIZE__)
/*
 * -Os (firmware): one pass each, in place: limb i of the result takes limbs i + v and
 * i + v + 1 (right) or i - v and i - v - 1 (left), read before they are
 * overwritten.  The branches depend on the public count and index only.
 */
void tacit_mpi_core_shift_r(tacit_mpi_uint *X, size_t limbs, size_t count)
{
    size_t v = count / TACIT_MPI_BIL, b = count % TACIT_MPI_BIL, i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint lo = i + v < limbs ? X[i + v] : 0;
        tacit_mpi_uint hi = i + v + 1 < limbs ? X[i + v + 1] : 0;
        X[i] = b == 0 ? lo : (lo >> b) | (hi << (TACIT_MPI_BIL - b));
    }
}

void tacit_mpi_core_shift_l(tacit_mpi_uint *X, size_t limbs, size_t count)
{
    size_t v = count / TACIT_MPI_BIL, b = count % TACIT_MPI_BIL, i;

    for (i = limbs; i-- > 0;) {
        tacit_mpi_uint hi = i >= v ? X[i - v] : 0;
        tacit_mpi_uint lo = i >= v + 1 ? X[i - v - 1] : 0;
        X[i] = b == 0 ? hi : (hi << b) | (lo >> (TACIT_MPI_BIL - b));
    }
}
#else
void tacit_mpi_core_shift_r(tacit_mpi_uint *X, size_t limbs, size_t count)
{
    size_t v = count / TACIT_MPI_BIL, b = count % TACIT_MPI_BIL, i;

    if (v >= limbs) {
        memset(X, 0, limbs * sizeof(*X));
        return;
    }
    if (v > 0) {
        for (i = 0; i < limbs - v; i++) {
            X[i] = X[i + v];
        }
        for (; i < limbs; i++) {
            X[i] = 0;
        }
    }
    if (b > 0) {
        for (i = 0; i + 1 < limbs; i++) {
            X[i] = (X[i] >> b) | (X[i + 1] << (TACIT_MPI_BIL - b));
        }
        X[limbs - 1] >>= b;
    }
}

void tacit_mpi_core_shift_l(tacit_mpi_uint *X, size_t limbs, size_t count)
{
    size_t v = count / TACIT_MPI_BIL, b = count % TACIT_MPI_BIL, i;

    if (v >= limbs) {
        memset(X, 0, limbs * sizeof(*X));
        return;
    }
    if (v > 0) {
        for (i = limbs; i-- > v;) {
            X[i] = X[i - v];
        }
        for (i = 0; i < v; i++) {
            X[i] = 0;
        }
    }
    if (b > 0) {
        tacit_mpi_uint carry = 0;
        for (i = 0; i < limbs; i++) {
            tacit_mpi_uint x = X[i];
            X[i] = (x << b) | carry;
            carry = x >> (TACIT_MPI_BIL - b);
        }
    }
}
#endif /* __OPTIMIZE_SIZE__ */

/* ---- multiplication ------------------------------------------------------------ */

tacit_mpi_uint tacit_mpi_core_mla(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs,
                                  tacit_mpi_uint b)
{
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (limbs > 0 && tacit_mpi_core_cpu_has_adx()) {
        return tacit_mpi_core_adx_mla(X, A, limbs, b);
    }
#endif

    return tacit_mpi_mla_c(X, A, limbs, b);
}

void tacit_mpi_core_mul(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                        const tacit_mpi_uint *B, size_t blimbs)
{
    size_t i;

    memset(X, 0, (alimbs + blimbs) * sizeof(*X));
    if (alimbs == 0) {
        return;
    }
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (alimbs == blimbs && alimbs % 4 == 0 && tacit_mpi_core_cpu_has_adx()) {
        tacit_mpi_core_adx_mul(X, A, B, alimbs);
        return;
    }
#endif
    for (i = 0; i < blimbs; i++) {
        X[i + alimbs] = tacit_mpi_core_mla(X + i, A, alimbs, B[i]);
    }
}

void tacit_mpi_core_sqr(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t limbs)
{
    size_t i;
    tacit_mpi_uint c, top;

    memset(X, 0, 2 * limbs * sizeof(*X));
    if (limbs == 0) {
        return;
    }
    /* the products a_i a_j for i < j, once */
#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)
    if (limbs >= 2 && tacit_mpi_core_cpu_has_adx()) {
        tacit_mpi_core_adx_sqr_rows(X, A, limbs);
    } else
#endif
    {
        for (i = 0; i + 1 < limbs; i++) {
            X[i + limbs] = tacit_mpi_mla_c(X + 2 * i + 1, A + i + 1, limbs - i - 1, A[i]);
        }
    }
    /* double them and add the squares a_i^2 on the diagonal, in one pass */
    c = 0;
    top = 0;
    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint hi, lo = tacit_mpi_mul11(&hi, A[i], A[i]);
        tacit_mpi_uint x0 = X[2 * i], x1 = X[2 * i + 1];
        tacit_mpi_uint d0 = (x0 << 1) | top, d1 = (x1 << 1) | (x0 >> (TACIT_MPI_BIL - 1));
        top = x1 >> (TACIT_MPI_BIL - 1);
        X[2 * i] = tacit_mpi_add3(d0, lo, &c);
        X[2 * i + 1] = tacit_mpi_add3(d1, hi, &c);
    }
}

/* ---- bytes <-> limbs ------------------------------------------------------------ */

/* Byte k (0 = least significant) of the limb array. */
#define LIMB_BYTE(A, k)                                                                            \
    ((unsigned char)((A)[(k) / TACIT_MPI_LIMB_BYTES] >> (8 * ((k) % TACIT_MPI_LIMB_BYTES))))

static int core_read(tacit_mpi_uint *X, size_t limbs, const unsigned char *in, size_t inlen,
                     int big_endian)
{
    size_t cap = limbs * TACIT_MPI_LIMB_BYTES, k;
    unsigned char extra = 0;

    if (cap > 0) { /* X may be NULL for an empty number: memset(NULL, 0, 0) is undefined */
        memset(X, 0, cap);
    }
    for (k = 0; k < inlen; k++) {
        /* k counts from the least significant byte */
        unsigned char b = big_endian ? in[inlen - 1 - k] : in[k];
        if (k < cap) {
            X[k / TACIT_MPI_LIMB_BYTES] |= (tacit_mpi_uint)b << (8 * (k % TACIT_MPI_LIMB_BYTES));
        } else {
            extra |= b;
        }
    }
    if (tacit_ct_declassify_u32(extra) != 0) {
        memset(X, 0, cap);
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    return 0;
}

int tacit_mpi_core_read_be(tacit_mpi_uint *X, size_t limbs, const unsigned char *in, size_t inlen)
{
    return core_read(X, limbs, in, inlen, 1);
}

int tacit_mpi_core_read_le(tacit_mpi_uint *X, size_t limbs, const unsigned char *in, size_t inlen)
{
    return core_read(X, limbs, in, inlen, 0);
}

static int core_write(const tacit_mpi_uint *A, size_t limbs, unsigned char *out, size_t outlen,
                      int big_endian)
{
    size_t cap = limbs * TACIT_MPI_LIMB_BYTES, k;
    unsigned char extra = 0;

    for (k = outlen; k < cap; k++) {
        extra |= LIMB_BYTE(A, k);
    }
    if (tacit_ct_declassify_u32(extra) != 0) {
        memset(out, 0, outlen);
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    for (k = 0; k < outlen; k++) {
        unsigned char b = k < cap ? LIMB_BYTE(A, k) : 0;
        if (big_endian) {
            out[outlen - 1 - k] = b;
        } else {
            out[k] = b;
        }
    }
    return 0;
}

int tacit_mpi_core_write_be(const tacit_mpi_uint *A, size_t limbs, unsigned char *out,
                            size_t outlen)
{
    return core_write(A, limbs, out, outlen, 1);
}

int tacit_mpi_core_write_le(const tacit_mpi_uint *A, size_t limbs, unsigned char *out,
                            size_t outlen)
{
    return core_write(A, limbs, out, outlen, 0);
}

/* ---- bit length (leaky) --------------------------------------------------------- */

size_t tacit_mpi_core_bitlen_unsafe(const tacit_mpi_uint *A, size_t limbs)
{
    size_t i = limbs, b;
    tacit_mpi_uint top;

    while (i > 0 && A[i - 1] == 0) {
        i--;
    }
    if (i == 0) {
        return 0;
    }
    top = A[i - 1];
    b = 0;
    while (top != 0) {
        top >>= 1;
        b++;
    }
    return (i - 1) * TACIT_MPI_BIL + b;
}

#else
typedef int tacit_bignum_core_unused;
#endif /* TACIT_BIGNUM_CORE_C */
