/*
 * bignum_core Montgomery arithmetic: mm, R^2 mod N (leaky and constant-time
 * variants), multiplication and squaring with a masked final subtraction,
 * conversions, and a constant-time reduction of a long value mod N.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include <string.h>

#include "bignum_core.h"
#include "bignum_core_limb.h"
#include "constant_time_internal.h"

tacit_mpi_uint tacit_mpi_core_mont_init(const tacit_mpi_uint *N)
{
    tacit_mpi_uint n0 = N[0], x = n0;
    unsigned i;

    /*
     * Newton's iteration x <- x (2 - n0 x) doubles the number of correct low
     * bits; an odd n0 is its own inverse mod 8, so 3 -> 6 -> ... -> 96 bits.
     */
    for (i = 0; i < 5; i++) {
        x *= 2 - n0 * x;
    }
    return (tacit_mpi_uint)0 - x;
}

/*
 * Montgomery reduction: X = T * R^-1 mod N, for T (2*limbs limbs, destroyed)
 * below R * N.  The intermediate is below 2N; one masked subtraction.
 */
static void mont_redc(tacit_mpi_uint *X, tacit_mpi_uint *T, const tacit_mpi_uint *N,
                      size_t limbs, tacit_mpi_uint mm)
{
    tacit_mpi_uint c = 0, borrow;
    size_t i;

    for (i = 0; i < limbs; i++) {
        tacit_mpi_uint m = T[i] * mm;
        tacit_mpi_uint cy = tacit_mpi_core_mla(T + i, N, limbs, m);
        T[i + limbs] = tacit_mpi_add3(T[i + limbs], cy, &c);
    }
    /* the value is c * R + T[limbs..2limbs), below 2N */
    borrow = tacit_mpi_core_sub(X, T + limbs, N, limbs);
    tacit_mpi_core_cond_assign(X, T + limbs, limbs,
                               tacit_ct_mask_from_bit_limb(borrow & (c ^ 1)));
}

void tacit_mpi_core_montmul(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                            const tacit_mpi_uint *B, const tacit_mpi_uint *N, size_t limbs,
                            tacit_mpi_uint mm, tacit_mpi_uint *T)
{
    tacit_mpi_core_mul(T, A, limbs, B, limbs);
    mont_redc(X, T, N, limbs, mm);
}

void tacit_mpi_core_montsqr(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                            const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                            tacit_mpi_uint *T)
{
    tacit_mpi_core_sqr(T, A, limbs);
    mont_redc(X, T, N, limbs, mm);
}

void tacit_mpi_core_to_mont(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                            const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                            const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    tacit_mpi_core_montmul(X, A, RR, N, limbs, mm, T);
}

void tacit_mpi_core_from_mont(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                              const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                              tacit_mpi_uint *T)
{
    memcpy(T, A, limbs * sizeof(*T));
    memset(T + limbs, 0, limbs * sizeof(*T));
    mont_redc(X, T, N, limbs, mm);
}

void tacit_mpi_core_mod_ct(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t alimbs,
                           const tacit_mpi_uint *N, size_t limbs, tacit_mpi_uint mm,
                           const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    tacit_mpi_uint *W = T;                   /* montmul scratch, 2 * limbs + 1 */
    tacit_mpi_uint *C = T + 2 * limbs + 1;   /* a chunk of A */
    tacit_mpi_uint *U = C + limbs;           /* chunk * R mod N */
    size_t chunks, top, i;

    if (alimbs == 0) {
        memset(X, 0, limbs * sizeof(*X));
        return;
    }
    /*
     * A = sum C_i R^i.  Horner from the top, keeping Z * R mod N (Z the
     * value of the chunks seen so far): Z' R = (Z R) R R / R + C_i R R / R,
     * two Montgomery multiplications by RR and a modular addition per chunk.
     */
    chunks = (alimbs + limbs - 1) / limbs;
    top = (chunks - 1) * limbs;
    memset(C, 0, limbs * sizeof(*C));
    memcpy(C, A + top, (alimbs - top) * sizeof(*C));
    tacit_mpi_core_montmul(X, C, RR, N, limbs, mm, W);
    for (i = chunks - 1; i-- > 0;) {
        tacit_mpi_core_montmul(X, X, RR, N, limbs, mm, W);
        tacit_mpi_core_montmul(U, A + i * limbs, RR, N, limbs, mm, W);
        tacit_mpi_core_add_mod(X, X, U, N, limbs);
    }
    tacit_mpi_core_from_mont(X, X, N, limbs, mm, W);
}

/* ---- R^2 mod N ---------------------------------------------------------------- */

void tacit_mpi_core_get_mont_r2_ct(tacit_mpi_uint *RR, const tacit_mpi_uint *N, size_t limbs)
{
    size_t k, i;

    memset(RR, 0, limbs * sizeof(*RR));
    RR[0] = 1;
    /* RR < N throughout: double, subtract N, add it back if that went below 0 */
    for (k = 0; k < 2 * limbs * TACIT_MPI_BIL; k++) {
        tacit_mpi_uint carry = 0, borrow;
        for (i = 0; i < limbs; i++) {
            tacit_mpi_uint x = RR[i];
            RR[i] = (x << 1) | carry;
            carry = x >> (TACIT_MPI_BIL - 1);
        }
        borrow = tacit_mpi_core_sub(RR, RR, N, limbs);
        (void)tacit_mpi_core_add_if(RR, N, limbs,
                                    tacit_ct_mask_from_bit_limb(borrow & (carry ^ 1)));
    }
}

/* Limb i of N << s (0 <= s < biL), computed on the fly. */
static tacit_mpi_uint shifted_limb(const tacit_mpi_uint *N, size_t i, unsigned s)
{
    tacit_mpi_uint v = N[i] << s;

    if (s > 0 && i > 0) {
        v |= N[i - 1] >> (TACIT_MPI_BIL - s);
    }
    return v;
}

void tacit_mpi_core_get_mont_r2_unsafe(tacit_mpi_uint *RR, const tacit_mpi_uint *N,
                                       size_t limbs)
{
    /*
     * With Nn = N << s normalised (top bit of its top limb nt-1 set), keep
     * Y = 2^(k+s) mod Nn = 2^s (2^k mod N) in RR[0..nt) and raise k from
     * bitlen(N) - 1 to 2 * limbs * biL by up to biL bits per step, each step
     * one Knuth quotient estimate from the top limbs (off by at most 2).
     */
    size_t b = tacit_mpi_core_bitlen(N, limbs);
    size_t nt = (b + TACIT_MPI_BIL - 1) / TACIT_MPI_BIL;
    unsigned s = (unsigned)(nt * TACIT_MPI_BIL - b);
    size_t rem = 2 * limbs * TACIT_MPI_BIL - (b - 1);
    tacit_mpi_uint dtop = shifted_limb(N, nt - 1, s);
    size_t i;

    memset(RR, 0, limbs * sizeof(*RR));
    RR[nt - 1] = (tacit_mpi_uint)1 << (TACIT_MPI_BIL - 1);
    while (rem > 0) {
        unsigned sh = rem >= TACIT_MPI_BIL ? TACIT_MPI_BIL : (unsigned)rem;
        tacit_mpi_uint ytop, q, mc = 0, br = 0;

        /* Y <<= sh into nt + 1 limbs (ytop the extra one) */
        if (sh == TACIT_MPI_BIL) {
            ytop = RR[nt - 1];
            memmove(RR + 1, RR, (nt - 1) * sizeof(*RR));
            RR[0] = 0;
        } else {
            ytop = RR[nt - 1] >> (TACIT_MPI_BIL - sh);
            tacit_mpi_core_shift_l(RR, nt, sh);
        }
        rem -= sh;

        q = ytop >= dtop ? TACIT_MPI_UINT_MAX : tacit_mpi_div21_unsafe(ytop, RR[nt - 1], dtop);
        for (i = 0; i < nt; i++) {
            tacit_mpi_uint y = RR[i];
            tacit_mpi_uint p = tacit_mpi_muladd(&mc, q, shifted_limb(N, i, s), mc, 0);
            tacit_mpi_uint d = y - p;
            tacit_mpi_uint b1 = (tacit_mpi_uint)(y < p);
            RR[i] = d - br;
            br = b1 | (tacit_mpi_uint)(d < br);
        }
        {
            tacit_mpi_uint d = ytop - mc;
            tacit_mpi_uint b1 = (tacit_mpi_uint)(ytop < mc);
            ytop = d - br;
            br = b1 | (tacit_mpi_uint)(d < br);
        }
        while (br != 0) {
            /* q was too large: add Nn back until the value is non-negative */
            tacit_mpi_uint c = 0, old;
            for (i = 0; i < nt; i++) {
                RR[i] = tacit_mpi_add3(RR[i], shifted_limb(N, i, s), &c);
            }
            old = ytop;
            ytop += c;
            br = (tacit_mpi_uint)(ytop >= old); /* no carry out of the top yet */
        }
    }
    tacit_mpi_core_shift_r(RR, nt, s);
}

#else
typedef int tacit_bignum_core_mont_unused;
#endif /* TACIT_BIGNUM_CORE_C */
