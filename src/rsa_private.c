/*
 * The RSA private operation: blinded, CRT, constant time, checked.
 *
 *   c'_p = (c mod p) * (r mod p)^e mod p      (r fresh and random per call;
 *   c'_q = (c mod q) * (r mod q)^e mod q       c'_p, c'_q are c * r^e mod p, q)
 *   m_p = c'_p^dP mod p                        (constant-time exp_mod)
 *   m_q = c'_q^dQ mod q
 *   h = (m_p - m_q) * qInv mod p               (Montgomery, no division)
 *   m' = m_q + h * q                           (= c'^d mod n)
 *   m = m' * r^-1 mod n
 *   check m^e mod n == c, else zero the output (a fault in one half would
 *   otherwise release a value whose gcd with n is a prime factor)
 *
 * The blinding factor r^e is computed in the two halves (two half-size
 * exponentiations cost about half of one full-size one); the exponent e is
 * public, so tacit_mpi_core_exp_mod_unsafe may take it, and that function
 * is constant time in its base and modulus (here r mod p and p, secret).
 * The reductions c mod p and r mod p use mod_prime (below: c, r < n = pq
 * make it two products), m_q mod p uses tacit_mpi_core_mod_ct.
 * Timing and memory accesses depend on the limb counts of n, p, q and e
 * (and e's bits) only.
 *
 * Getting r^-1: inverting r directly with a variable-time modular inverse
 * would leak r, and with it the blinding.  Instead a second random u masks
 * it: t = r*u is uniformly random and independent of r, so t may be
 * inverted in variable time (it is declassified for that: the one intended
 * leak here; tacit_rsa_inv_mod_unsafe in rsa_inv.c), and r^-1 = t^-1 * u.
 */
#include "rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "constant_time_internal.h"
#include "platform_internal.h"

#if defined(TACIT_TEST_HOOKS)
int tacit_rsa_test_fault_crt = 0;
#endif

/*
 * X and Y (nl limbs each) = two random numbers of at most bits(n) - 1 bits,
 * so both are below n, from one call of the generator (one call costs
 * less than two of half the length).  buf has 2k bytes of room.
 */
static int random_pair_below_n(const tacit_rsa_context *ctx, tacit_rng_func f_rng, void *p_rng,
                               tacit_mpi_uint *X, tacit_mpi_uint *Y, unsigned char *buf)
{
    size_t k = ctx->len, nbits = tacit_mpi_bitlen(&ctx->N);
    size_t keep = (nbits - 1) - 8 * (k - 1); /* bits kept in the first byte, 0..7 */

    if (f_rng(p_rng, buf, 2 * k) != 0) {
        return TACIT_ERR_RNG_FAILED;
    }
    buf[0] &= (unsigned char)((1u << keep) - 1u);
    buf[k] &= (unsigned char)((1u << keep) - 1u);
    tacit_mpi_core_read_be(X, ctx->nlimbs, buf, k);
    tacit_mpi_core_read_be(Y, ctx->nlimbs, buf + k, k);
    tacit_platform_zeroize(buf, 2 * k);
    return 0;
}

/*
 * X = A mod P for A < n (nl limbs), P = p or q (hl limbs, the other factor
 * Q' also below R = 2^(biL hl)): A = A_hi R + A_lo with A_hi < A / R < n / R
 * = P Q' / R < P, so from_mont (A_lo / R mod P) plus A_hi is A / R mod P,
 * and a Montgomery multiplication by R^2 gives A mod P: two products where
 * the general tacit_mpi_core_mod_ct takes four.  Constant time in A and P.
 * H has hl limbs.
 */
static void mod_prime(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t nl,
                      const tacit_mpi_uint *P, size_t hl, tacit_mpi_uint mm,
                      const tacit_mpi_uint *RR, tacit_mpi_uint *H, tacit_mpi_uint *T)
{
    memset(H, 0, hl * sizeof(*H));
    memcpy(H, A + hl, (nl - hl) * sizeof(*H));
    tacit_mpi_core_from_mont(X, A, P, hl, mm, T);
    tacit_mpi_core_add_mod(X, X, H, P, hl);
    tacit_mpi_core_montmul(X, X, RR, P, hl, mm, T);
}

/*
 * X = c * r^e mod P (hl limbs) for c = C, r = Rb (nl limbs each), P a secret
 * prime with its mm and RR: both reduced mod P (mod_prime), r^(e) by the
 * sliding window (e public; constant time in the base and in P), then two
 * Montgomery multiplications (c * r^e / R, then * R^2 / R).  V and H have
 * hl limbs.
 */
static void blind_half(tacit_mpi_uint *X, const tacit_mpi_uint *C, const tacit_mpi_uint *Rb,
                       size_t nl, const tacit_mpi_uint *P, size_t hl, tacit_mpi_uint mm,
                       const tacit_mpi_uint *RR, const tacit_mpi_uint *E, size_t el,
                       tacit_mpi_uint *V, tacit_mpi_uint *H, tacit_mpi_uint *T)
{
    mod_prime(X, Rb, nl, P, hl, mm, RR, H, T);
    tacit_mpi_core_exp_mod_unsafe(V, X, P, hl, E, el, RR, T);
    mod_prime(X, C, nl, P, hl, mm, RR, H, T);
    tacit_mpi_core_montmul(X, X, V, P, hl, mm, T);
    tacit_mpi_core_montmul(X, X, RR, P, hl, mm, T);
}

int tacit_rsa_private(const tacit_rsa_context *ctx, const unsigned char *in, size_t ilen,
                      unsigned char *out, size_t osize, size_t *olen, tacit_rng_func f_rng,
                      void *p_rng)
{
    size_t nl, hl, el, tl, t2, total, attempt;
    tacit_mpi_uint *buf = NULL, *C, *B, *S, *RI, *U, *RE, *CP, *MP, *MQ, *H, *PROD, *T;
    tacit_mpi_uint ok;
    unsigned char *rbuf;
    int ret;

    if (ctx == NULL || in == NULL || olen == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->is_private || ctx->cache == NULL) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (ilen != ctx->len) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    if (out == NULL || osize < ctx->len) {
        *olen = ctx->len;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);

    nl = ctx->nlimbs;
    hl = ctx->hlimbs;
    el = ctx->elimbs;
    tl = tacit_mpi_core_exp_mod_working_limbs(hl, hl);
    t2 = tacit_mpi_core_exp_mod_unsafe_working_limbs(nl, el);
    tl = tl > t2 ? tl : t2;
    t2 = tacit_mpi_core_exp_mod_unsafe_working_limbs(hl, el);
    tl = tl > t2 ? tl : t2;
    t2 = TACIT_MPI_CORE_MOD_CT_WORKING_LIMBS(hl);
    tl = tl > t2 ? tl : t2;
    t2 = TACIT_MPI_CORE_MONTMUL_WORKING_LIMBS(nl);
    tl = tl > t2 ? tl : t2;
    t2 = TACIT_RSA_INV_WORKING_LIMBS(nl);
    tl = tl > t2 ? tl : t2;
    /* C B S RI U RE (nl each), CP MP MQ H (hl each), PROD (2hl + 1), T, rbuf (2k bytes) */
    total = 6 * nl + 4 * hl + (2 * hl + 1) + tl +
            (2 * ctx->len + sizeof(tacit_mpi_uint) - 1) / sizeof(tacit_mpi_uint);
    buf = (tacit_mpi_uint *)tacit_platform_calloc(total, sizeof(tacit_mpi_uint));
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    C = buf;
    B = C + nl;
    S = B + nl;
    RI = S + nl;
    U = RI + nl;
    RE = U + nl;
    CP = RE + nl;
    MP = CP + hl;
    MQ = MP + hl;
    H = MQ + hl;
    PROD = H + hl;
    T = PROD + 2 * hl + 1;
    rbuf = (unsigned char *)(T + tl);

    /*
     * c is public (a ciphertext, or an encoded message whose only random part,
     * a PSS salt, the signature reveals anyway): its range verdict may be too.
     */
    ok = tacit_mpi_core_read_be(C, nl, in, ilen) == 0 ? tacit_mpi_core_lt_ct(C, RSA_C_N(ctx), nl)
                                                      : 0;
    tacit_ct_declassify(&ok, sizeof(ok));
    if (!ok) {
        ret = TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
        goto cleanup;
    }

    /* ---- blinding: r (in S for now), u, t = r*u*R^-1, RI = r^-1 -------------- */
    for (attempt = 0;; attempt++) {
        if (attempt == 8) {
            ret = TACIT_ERR_RSA_PRIVATE_FAILED; /* 8 non-invertible draws: a broken RNG */
            goto cleanup;
        }
        if ((ret = random_pair_below_n(ctx, f_rng, p_rng, S, U, rbuf)) != 0) {
            goto cleanup;
        }
        tacit_mpi_core_montmul(RI, S, U, RSA_C_N(ctx), nl, ctx->mm_n, T);
        /* RI = r*u/R: uniformly random, independent of r (see the top). */
        tacit_ct_declassify(RI, nl * sizeof(tacit_mpi_uint));
        if (tacit_rsa_inv_mod_unsafe(RE, RI, RSA_C_N(ctx), nl, ctx->mm_n, T) == 0) {
            break;
        }
        /* r or u is 0 or shares a factor with n: draw again */
    }
    /* RE = R / (r*u).  RI = RE * u / R = 1/r. */
    tacit_mpi_core_montmul(RI, RE, U, RSA_C_N(ctx), nl, ctx->mm_n, T);

    /* ---- CRT, blinded: c'_p = c * r^e mod p (and mod q), then the exponent ---- */
    blind_half(CP, C, S, nl, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), RSA_C_E(ctx), el, MP, H,
               T);
    tacit_mpi_core_exp_mod(MP, CP, RSA_C_P(ctx), hl, RSA_C_DP(ctx), hl, RSA_C_RP(ctx), T);
    blind_half(CP, C, S, nl, RSA_C_Q(ctx), hl, ctx->mm_q, RSA_C_RQ(ctx), RSA_C_E(ctx), el, MQ, H,
               T);
    tacit_mpi_core_exp_mod(MQ, CP, RSA_C_Q(ctx), hl, RSA_C_DQ(ctx), hl, RSA_C_RQ(ctx), T);
#if defined(TACIT_TEST_HOOKS)
    if (tacit_rsa_test_fault_crt) {
        tacit_rsa_test_fault_crt = 0;
        MP[0] ^= 1;
    }
#endif
    /* H = (m_p - (m_q mod p)) * qInv mod p; QPM = qInv * R, so montmul gives the product */
    tacit_mpi_core_mod_ct(CP, MQ, hl, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), T);
    tacit_mpi_core_sub_mod(H, MP, CP, RSA_C_P(ctx), hl);
    tacit_mpi_core_montmul(H, H, RSA_C_QPM(ctx), RSA_C_P(ctx), hl, ctx->mm_p, T);
    /* m' = m_q + h * q  (< n, so its top limbs beyond nl are zero) */
    tacit_mpi_core_mul(PROD, H, hl, RSA_C_Q(ctx), hl);
    PROD[2 * hl] = 0;
    {
        tacit_mpi_uint carry = tacit_mpi_core_add(PROD, PROD, MQ, hl);
        tacit_mpi_core_add_limb(PROD + hl, PROD + hl, carry, hl + 1);
    }
    /* ---- unblind: S = m' * r^-1 = montmul(montmul(m', RI), R^2) -------------- */
    tacit_mpi_core_montmul(S, PROD, RI, RSA_C_N(ctx), nl, ctx->mm_n, T);
    tacit_mpi_core_montmul(S, S, RSA_C_RN(ctx), RSA_C_N(ctx), nl, ctx->mm_n, T);

    /* ---- verify-after-sign: S^e == c (public exponent, fast path) ------------ */
    tacit_mpi_core_exp_mod_unsafe(B, S, RSA_C_N(ctx), nl, RSA_C_E(ctx), el, RSA_C_RN(ctx), T);
    ok = tacit_mpi_core_eq_ct(B, C, nl);
    /* the verdict is public: either the result is released or an error is */
    tacit_ct_declassify(&ok, sizeof(ok));
    if (!ok) {
        ret = TACIT_ERR_RSA_PRIVATE_FAILED;
        goto cleanup;
    }
    ret = tacit_mpi_core_write_be(S, nl, out, ctx->len) == 0 ? 0 : TACIT_ERR_RSA_PRIVATE_FAILED;
    if (ret == 0) {
        *olen = ctx->len;
    }
cleanup:
    if (ret != 0) {
        tacit_platform_zeroize(out, osize < ctx->len ? osize : ctx->len);
    }
    tacit_platform_zeroize(buf, total * sizeof(tacit_mpi_uint));
    tacit_platform_free(buf);
    return ret;
}

#else
typedef int tacit_rsa_private_unused;
#endif /* TACIT_RSA_C */
