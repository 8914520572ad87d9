/*
 * The packed words of the divsteps (internal to bignum_core_inv.c and
 * bignum_core_inv_x86_64_avx2.c): a word A = L + 2^PA u + 2^PB v carries
 * the low bits L of u f + v g and the matrix row (u, v) of a group of at
 * most INV_N divsteps (see divsteps_group in bignum_core_inv.c).  The
 * includer defines inv_sd / inv_ud (signed and unsigned words of INV_W
 * bits) and INV_N, with 4 INV_N + 5 <= INV_W.
 */
#ifndef TACIT_BIGNUM_CORE_INV_PACK_H
#define TACIT_BIGNUM_CORE_INV_PACK_H

/* fields of a packed word: low bits [0, PA), u [PA, PB), v [PB, W) */
#define INV_PA (2 * INV_N + 1)
#define INV_PB (INV_PA + INV_N + 2)
/* biases that make the fields nonnegative (see inv_unpack), u's mask */
#define INV_BIAS                                                                                   \
    (((inv_ud)1 << (2 * INV_N)) + ((inv_ud)1 << (INV_PA + INV_N + 1)) +                            \
     ((inv_ud)1 << (INV_PB + INV_N + 1)))
#define INV_FMASK (((inv_ud)1 << (INV_N + 2)) - 1)

/* The packed words of a group's start from the low bits of f and g. */
static inline void inv_pack(inv_ud *a, inv_ud *b, inv_ud f, inv_ud g)
{
    const inv_ud low = ((inv_ud)1 << INV_N) - 1;

    *a = (f & low) + ((inv_ud)1 << INV_PA);
    *b = (g & low) + ((inv_ud)1 << INV_PB);
}

/*
 * The matrix out of the words a, b after a group's steps: with INV_BIAS
 * added, every field is nonnegative and inside its bits (L + 2^(2N) in
 * [0, 2^PA), u + 2^(N+1) and v + 2^(N+1) in [0, 2^(N+2))), so a shift and
 * a mask take each out: three operations from the steps to u, two to v,
 * where sign-extending the fields one after the other took six and eight.
 * p gets the biased u, v (for inv_next_word), m the matrix.
 */
static inline void inv_unpack(inv_ud a, inv_ud b, inv_sd m[4], inv_ud p[4])
{
    a += INV_BIAS;
    b += INV_BIAS;
    p[0] = (a >> INV_PA) & INV_FMASK;
    p[1] = a >> INV_PB;
    p[2] = (b >> INV_PA) & INV_FMASK;
    p[3] = b >> INV_PB;
    m[0] = (inv_sd)p[0] - ((inv_sd)1 << (INV_N + 1));
    m[1] = (inv_sd)p[1] - ((inv_sd)1 << (INV_N + 1));
    m[2] = (inv_sd)p[2] - ((inv_sd)1 << (INV_N + 1));
    m[3] = (inv_sd)p[3] - ((inv_sd)1 << (INV_N + 1));
}

/*
 * The low bits of (u f + v g) / 2^n from the biased p of inv_unpack, with
 * fg = (f + g) 2^(N+1): u f + v g = p0 f + p1 g - fg modulo 2^W.
 */
static inline inv_ud inv_next_word(inv_ud p0, inv_ud p1, inv_ud f, inv_ud g, inv_ud fg, int n)
{
    return (p0 * f + p1 * g - fg) >> n;
}

#endif /* TACIT_BIGNUM_CORE_INV_PACK_H */
