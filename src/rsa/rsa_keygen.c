/*
 * RSA key generation (FIPS 186-5 B.3.3 in spirit: probable primes from
 * tacit_mpi_gen_prime, |p - q| > 2^(nbits/2 - 100), d > 2^(nbits/2)).
 *
 * Constant flow: the prime search is (trial division without `%`,
 * Miller-Rabin on the constant-time exponentiation, see bignum_prime.c),
 * gcd(e, p - 1), lambda(n) and d = e^-1 mod lambda(n) use the masked gcd,
 * binary long division and safegcd inversion, and the key is checked by
 * the constant-flow import.  Revealed, through tacit_ct_declassify, are only
 * verdicts that throw a candidate away -- a small factor, "composite",
 * gcd(e, p - 1) != 1, |p - q| too small, d too small -- and n.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include "core/constant_time_internal.h"

/* gcd(e, x - 1) == 1 ?  (constant flow; the verdict is revealed) */
static int coprime_minus_one(const tacit_mpi *E, const tacit_mpi *X, int *ok)
{
    tacit_mpi T, G;
    uint32_t one;
    int ret;

    tacit_mpi_init(&T);
    tacit_mpi_init(&G);
    TACIT_CHK(tacit_rsa_minus_one(&T, X));
    TACIT_CHK(tacit_mpi_gcd(&G, E, &T));
    one = (uint32_t)tacit_mpi_cmp_int(&G, 1);
    *ok = tacit_ct_declassify_u32(tacit_ct_mask_eq_u32(one, 0) & 1) != 0;
cleanup:
    tacit_mpi_free(&T);
    tacit_mpi_free(&G);
    return ret;
}

int tacit_rsa_gen_key(tacit_rsa_context *ctx, unsigned int nbits, int exponent,
                      tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi P, Q, E, T, G, L, N, D;
    size_t pbits, qbits;
    int ret, ok, attempt;

    if (ctx == NULL || nbits < TACIT_RSA_MIN_BITS || nbits > TACIT_RSA_GEN_MAX_BITS ||
        exponent < 3 || (exponent & 1) == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    tacit_mpi_init(&P);
    tacit_mpi_init(&Q);
    tacit_mpi_init(&E);
    tacit_mpi_init(&T);
    tacit_mpi_init(&G);
    tacit_mpi_init(&L);
    tacit_mpi_init(&N);
    tacit_mpi_init(&D);
    pbits = (nbits + 1) / 2;
    qbits = nbits - pbits;
    TACIT_CHK(tacit_mpi_lset(&E, exponent));
    for (attempt = 0;; attempt++) {
        if (attempt == 1000) {
            ret = TACIT_ERR_RSA_KEY_GEN_FAILED;
            goto cleanup;
        }
        TACIT_CHK(tacit_mpi_gen_prime(&P, pbits, 0, f_rng, p_rng));
        TACIT_CHK(coprime_minus_one(&E, &P, &ok));
        if (!ok) {
            continue;
        }
        TACIT_CHK(tacit_mpi_gen_prime(&Q, qbits, 0, f_rng, p_rng));
        TACIT_CHK(coprime_minus_one(&E, &Q, &ok));
        if (!ok) {
            continue;
        }
        /* P > Q (a masked swap), then |p - q| > 2^(nbits/2 - 100) (revealed) */
        TACIT_CHK(tacit_mpi_grow(&P, Q.n));
        TACIT_CHK(tacit_mpi_grow(&Q, P.n));
        TACIT_CHK(tacit_mpi_safe_cond_swap(
            &P, &Q, (unsigned char)(((uint32_t)tacit_mpi_cmp_abs(&P, &Q) >> 31) & 1)));
        TACIT_CHK(tacit_mpi_sub_mpi(&T, &P, &Q));
        if (tacit_ct_declassify_size(
                tacit_ct_mask_le_size(tacit_mpi_bitlen(&T), nbits / 2 - 100))) {
            continue;
        }
        /* n has exactly nbits bits (both primes have their two top bits set); n is public */
        TACIT_CHK(tacit_mpi_mul_mpi(&N, &P, &Q));
        tacit_ct_declassify(N.p, N.n * sizeof(*N.p));
        if (tacit_mpi_bitlen(&N) != nbits) {
            continue;
        }
        /* d = e^-1 mod lcm(p-1, q-1) must exceed 2^(nbits/2) (revealed) */
        TACIT_CHK(tacit_rsa_minus_one(&T, &P));
        TACIT_CHK(tacit_rsa_minus_one(&G, &Q));
        TACIT_CHK(tacit_mpi_mul_mpi(&L, &T, &G));
        TACIT_CHK(tacit_mpi_gcd(&G, &T, &G));
        TACIT_CHK(tacit_mpi_div_mpi(&L, NULL, &L, &G));
        TACIT_CHK(tacit_mpi_inv_mod(&D, &E, &L));
        if (tacit_ct_declassify_size(tacit_ct_mask_le_size(tacit_mpi_bitlen(&D), nbits / 2))) {
            continue;
        }
        break;
    }
    /* import derives DP, DQ, QP and checks everything, in constant flow */
    ret = tacit_rsa_import(ctx, &N, &P, &Q, &D, &E);
    if (ret != 0 && ret != TACIT_ERR_ALLOC_FAILED) {
        ret = TACIT_ERR_RSA_KEY_GEN_FAILED;
    }
cleanup:
    tacit_mpi_free(&P);
    tacit_mpi_free(&Q);
    tacit_mpi_free(&E);
    tacit_mpi_free(&T);
    tacit_mpi_free(&G);
    tacit_mpi_free(&L);
    tacit_mpi_free(&N);
    tacit_mpi_free(&D);
    return ret;
}

#else
typedef int tacit_rsa_keygen_unused;
#endif /* TACIT_RSA_C */
