/*
 * The RSA private operation: blinded, CRT, constant time, checked.
 *
 *   r_p = r/R mod p, r_q = r/R mod q          (r fresh and random per call)
 *   c'_p = (c mod p) * r_p^e mod p            (c'_p, c'_q are c * r_p^e, c * r_q^e:
 *   c'_q = (c mod q) * r_q^e mod q             uniformly random, whatever c is)
 *   m'_p = c'_p^dP mod p                      (constant-time exp_mod; = m * r_p)
 *   m'_q = c'_q^dQ mod q
 *   m_p = m'_p * r_p^-1 mod p,  m_q = m'_q * r_q^-1 mod q   (unblinded)
 *   h = (m_p - m_q) * qInv mod p              (Montgomery, no division)
 *   m = m_q + h * q
 *   check m^e mod n == c, else zero the output (a fault in one half would
 *   otherwise release a value whose gcd with n is a prime factor)
 *
 * The blinding hides the exponentiations' inputs and outputs: each sees a
 * uniformly random base (r_p^e runs over every unit mod p as r_p does, e
 * being prime to p - 1) and yields m * r.  Everything else is constant
 * flow in p, q and r, so the unblinding may come before the recombination
 * (which was never blinded against c: c mod p is reduced from the public c
 * as before).  The factor r^e is computed in the two halves (two half-size
 * exponentiations cost about half of one full-size one); the exponent e is
 * public, so tacit_mpi_core_exp_mod_x2_unsafe may take it (both halves in
 * one paired IFMA square-and-multiply where that runs), and that function
 * is constant time in its bases and moduli (here r mod p, q and p, q,
 * secret).
 * r^-1 is computed in the two halves as well, by the constant-time safegcd
 * (tacit_mpi_core_inv_mod_odd_ct, secret value and secret modulus): two
 * 1024-bit inversions of RSA-2048 cost less than one 2048-bit one, and no
 * value needs declassifying (the former scheme inverted r*u mod n, masked
 * by a second random u, in variable time).
 * The reductions c mod p and r/R mod p use mod_prime and mod_prime_r
 * (below: c, r < n = pq make them two products and one; R = 2^(biL hl)
 * is a unit mod p, so r/R mod p is as uniformly random as r mod p and
 * blinds as well), m_q mod p uses tacit_mpi_core_mod_ct.
 * Timing and memory accesses depend on the limb counts of n, p, q and e
 * (and e's bits) only.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "bignum/x86_64/ifma.h"
#include "core/constant_time_internal.h"
#include "core/platform_internal.h"

#if defined(TACIT_TEST_HOOKS)
int tacit_rsa_test_fault_crt = 0;
#endif

/*
 * X (nl limbs) = a random number of at most bits(n) - 1 bits, so below n.
 * buf has k bytes of room.
 */
static int random_below_n(const tacit_rsa_context *ctx, tacit_rng_func f_rng, void *p_rng,
                          tacit_mpi_uint *X, unsigned char *buf)
{
    size_t k = ctx->len, nbits = tacit_mpi_bitlen(&ctx->N);
    size_t keep = (nbits - 1) - 8 * (k - 1); /* bits kept in the first byte, 0..7 */

    if (f_rng(p_rng, buf, k) != 0) {
        return TACIT_ERR_RNG_FAILED;
    }
    buf[0] &= (unsigned char)((1u << keep) - 1u);
    tacit_mpi_core_read_be(X, ctx->nlimbs, buf, k);
    tacit_platform_zeroize(buf, k);
    return 0;
}

/*
 * X = A / R mod P (below P) for A < n (nl limbs), P = p or q (hl limbs,
 * the other factor Q' also below R = 2^(biL hl)): A = A_hi R + A_lo with
 * A_hi < A / R < n / R = P Q' / R < P, so from_mont (A_lo / R mod P) plus
 * A_hi is A / R mod P: one product.  Constant time in A and P.  H has hl
 * limbs.
 */
static void mod_prime_r(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t nl,
                        const tacit_mpi_uint *P, size_t hl, tacit_mpi_uint mm, tacit_mpi_uint *H,
                        tacit_mpi_uint *T)
{
    memset(H, 0, hl * sizeof(*H));
    memcpy(H, A + hl, (nl - hl) * sizeof(*H));
    tacit_mpi_core_from_mont(X, A, P, hl, mm, T);
    tacit_mpi_core_add_mod(X, X, H, P, hl);
}

/*
 * X = A mod P, as mod_prime_r and then a Montgomery multiplication by R^2:
 * two products where the general tacit_mpi_core_mod_ct takes four.
 */
static void mod_prime(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t nl,
                      const tacit_mpi_uint *P, size_t hl, tacit_mpi_uint mm,
                      const tacit_mpi_uint *RR, tacit_mpi_uint *H, tacit_mpi_uint *T)
{
    mod_prime_r(X, A, nl, P, hl, mm, H, T);
    tacit_mpi_core_montmul(X, X, RR, P, hl, mm, T);
}

/*
 * X = r_P = r / R mod P and RI = r_P^-1 mod P (hl limbs) for r = Rb (nl
 * limbs), P a secret prime with its mm: r reduced (mod_prime_r), r_P^-1
 * by the constant-time safegcd.  Returns the inverse's mask: all ones
 * unless r = 0 mod P.  H has hl limbs; T also serves the inverse.
 */
static tacit_mpi_uint blind_half(tacit_mpi_uint *X, tacit_mpi_uint *RI, const tacit_mpi_uint *Rb,
                                 size_t nl, const tacit_mpi_uint *P, size_t hl, tacit_mpi_uint mm,
                                 tacit_mpi_uint *H, tacit_mpi_uint *T)
{
    mod_prime_r(X, Rb, nl, P, hl, mm, H, T);
    return tacit_mpi_core_inv_mod_odd_ct(RI, X, P, hl, T);
}

/*
 * X = c * V mod P (hl limbs) for c = C (nl limbs), V = r^e mod P: c reduced
 * mod P (mod_prime), then two Montgomery multiplications (c * V / R, then
 * * R^2 / R).  H has hl limbs.
 */
static void blind_c_half(tacit_mpi_uint *X, const tacit_mpi_uint *C, size_t nl,
                         const tacit_mpi_uint *V, const tacit_mpi_uint *P, size_t hl,
                         tacit_mpi_uint mm, const tacit_mpi_uint *RR, tacit_mpi_uint *H,
                         tacit_mpi_uint *T)
{
    mod_prime(X, C, nl, P, hl, mm, RR, H, T);
    tacit_mpi_core_montmul(X, X, V, P, hl, mm, T);
    tacit_mpi_core_montmul(X, X, RR, P, hl, mm, T);
}

/* X = X * RI mod P (hl limbs): two Montgomery multiplications. */
static void unblind_half(tacit_mpi_uint *X, const tacit_mpi_uint *RI, const tacit_mpi_uint *P,
                         size_t hl, tacit_mpi_uint mm, const tacit_mpi_uint *RR, tacit_mpi_uint *T)
{
    tacit_mpi_core_montmul(X, X, RI, P, hl, mm, T);
    tacit_mpi_core_montmul(X, X, RR, P, hl, mm, T);
}

int tacit_rsa_private(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                      unsigned char *out, size_t out_size, size_t *out_len, tacit_rng_func f_rng,
                      void *p_rng)
{
    size_t nl, hl, el, tl, t2, total, attempt;
    tacit_mpi_uint *buf = NULL, *C, *B, *S, *CP, *MP, *MQ, *H, *RIP, *RIQ, *PROD, *T;
    tacit_mpi_uint ok;
    unsigned char *rbuf;
    int ret;

    if (ctx == NULL || in == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (!ctx->is_private || ctx->cache == NULL) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (in_len != ctx->len) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    if (out == NULL || out_size < ctx->len) {
        *out_len = ctx->len;
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
    t2 = tacit_mpi_core_inv_mod_odd_ct_working_limbs(hl);
    tl = tl > t2 ? tl : t2;
    /* C B S (nl each), CP MP MQ H RIP RIQ (hl each), PROD (2hl + 1), T, rbuf (k bytes) */
    total = 3 * nl + 6 * hl + (2 * hl + 1) + tl +
            (ctx->len + sizeof(tacit_mpi_uint) - 1) / sizeof(tacit_mpi_uint);
    buf = (tacit_mpi_uint *)tacit_platform_calloc(total, sizeof(tacit_mpi_uint));
    if (buf == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    C = buf;
    B = C + nl;
    S = B + nl;
    CP = S + nl;
    MP = CP + hl;
    MQ = MP + hl;
    H = MQ + hl;
    RIP = H + hl;
    RIQ = RIP + hl;
    PROD = RIQ + hl;
    T = PROD + 2 * hl + 1;
    rbuf = (unsigned char *)(T + tl);

    /*
     * c is public (a ciphertext, or an encoded message whose only random part,
     * a PSS salt, the signature reveals anyway): its range verdict may be too.
     */
    ok = tacit_mpi_core_read_be(C, nl, in, in_len) == 0 ? tacit_mpi_core_lt_ct(C, RSA_C_N(ctx), nl)
                                                        : 0;
    tacit_ct_declassify(&ok, sizeof(ok));
    if (!ok) {
        ret = TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
        goto cleanup;
    }

    /* ---- blinding: r (in S), r_p = r/R mod p, c'_p = c * r_p^e mod p, r_p^-1 (and q) - */
    for (attempt = 0;; attempt++) {
        if (attempt == 8) {
            ret = TACIT_ERR_RSA_PRIVATE_FAILED; /* 8 non-invertible draws: a broken RNG */
            goto cleanup;
        }
        if ((ret = random_below_n(ctx, f_rng, p_rng, S, rbuf)) != 0) {
            goto cleanup;
        }
        ok = blind_half(CP, RIP, S, nl, RSA_C_P(ctx), hl, ctx->mm_p, H, T);
        ok &= blind_half(MQ, RIQ, S, nl, RSA_C_Q(ctx), hl, ctx->mm_q, H, T);
        /*
         * "r = 0 mod p or q" may be told (a verdict; probability 2^-1000 with a
         * working generator, which then never repeats it): draw again.
         */
        tacit_ct_declassify(&ok, sizeof(ok));
        if (ok) {
            break;
        }
    }
    /* r_p^e mod p in MP, r_q^e mod q in PROD (at once where the paired IFMA ladder runs) */
    tacit_mpi_core_exp_mod_x2_unsafe(MP, CP, RSA_C_P(ctx), RSA_C_RP(ctx), PROD, MQ, RSA_C_Q(ctx),
                                     RSA_C_RQ(ctx), hl, RSA_C_E(ctx), el, T);
    blind_c_half(CP, C, nl, MP, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), H, T);
    blind_c_half(MQ, C, nl, PROD, RSA_C_Q(ctx), hl, ctx->mm_q, RSA_C_RQ(ctx), H, T);

    /* ---- both exponentiations at once (interleaved with AVX-512 IFMA) ---------- */
    /* c'_q is in MQ, its own result */
    tacit_mpi_core_exp_mod_x2(MP, CP, RSA_C_P(ctx), RSA_C_DP(ctx), RSA_C_RP(ctx), MQ, MQ,
                              RSA_C_Q(ctx), RSA_C_DQ(ctx), RSA_C_RQ(ctx), hl, hl, T);
#if defined(TACIT_TEST_HOOKS)
    if (tacit_rsa_test_fault_crt) {
        tacit_rsa_test_fault_crt = 0;
        MP[0] ^= 1;
    }
#endif
    /* ---- unblind each half: m_p = m'_p * r^-1 mod p (and mod q) ------------- */
    unblind_half(MP, RIP, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), T);
    unblind_half(MQ, RIQ, RSA_C_Q(ctx), hl, ctx->mm_q, RSA_C_RQ(ctx), T);

    /* H = (m_p - (m_q mod p)) * qInv mod p; QPM = qInv * R, so montmul gives the product */
    tacit_mpi_core_mod_ct(CP, MQ, hl, RSA_C_P(ctx), hl, ctx->mm_p, RSA_C_RP(ctx), T);
    tacit_mpi_core_sub_mod(H, MP, CP, RSA_C_P(ctx), hl);
    tacit_mpi_core_montmul(H, H, RSA_C_QPM(ctx), RSA_C_P(ctx), hl, ctx->mm_p, T);
    /* m = m_q + h * q  (< n, so its top limbs beyond nl are zero) */
    tacit_mpi_core_mul(PROD, H, hl, RSA_C_Q(ctx), hl);
    PROD[2 * hl] = 0;
    {
        tacit_mpi_uint carry = tacit_mpi_core_add(PROD, PROD, MQ, hl);
        tacit_mpi_core_add_limb(PROD + hl, PROD + hl, carry, hl + 1);
    }
    memcpy(S, PROD, nl * sizeof(*S));

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
        *out_len = ctx->len;
    }
cleanup:
    if (ret != 0) {
        tacit_platform_zeroize(out, out_size < ctx->len ? out_size : ctx->len);
    }
    tacit_platform_zeroize(buf, total * sizeof(tacit_mpi_uint));
    tacit_platform_free(buf);
    return ret;
}

#else
typedef int tacit_rsa_private_unused;
#endif /* TACIT_RSA_C */
