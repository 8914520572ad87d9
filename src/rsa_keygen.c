/*
 * RSA key generation (FIPS 186-5 B.3.3 in spirit: probable primes from
 * tacit_mpi_gen_prime, |p - q| > 2^(nbits/2 - 100), d > 2^(nbits/2)).
 *
 * Not constant time: the prime search, gcd and inversion take variable
 * time on secret values.  A key is generated once, in a setting where an
 * attacker rarely gets to time it; libraries generally accept this.
 */
#include "rsa_internal.h"

#if defined(TACIT_RSA_C)


/* gcd(e, x - 1) == 1 ? */
static int coprime_minus_one(const tacit_mpi *E, const tacit_mpi *X, int *ok)
{
    tacit_mpi T, G;
    int ret;

    tacit_mpi_init(&T);
    tacit_mpi_init(&G);
    TACIT_CHK(tacit_mpi_sub_int(&T, X, 1));
    TACIT_CHK(tacit_mpi_gcd(&G, E, &T));
    *ok = tacit_mpi_cmp_int(&G, 1) == 0;
cleanup:
    tacit_mpi_free(&T);
    tacit_mpi_free(&G);
    return ret;
}

int tacit_rsa_gen_key(tacit_rsa_context *ctx, unsigned int nbits, int exponent,
                      tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi P, Q, E, T, G, L;
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
        /* |p - q| > 2^(nbits/2 - 100) */
        TACIT_CHK(tacit_mpi_sub_mpi(&T, &P, &Q));
        if (tacit_mpi_bitlen(&T) <= nbits / 2 - 100) {
            continue;
        }
        if (tacit_mpi_cmp_mpi(&P, &Q) < 0) {
            tacit_mpi_swap(&P, &Q);
        }
        /* n has exactly nbits bits (both primes have their two top bits set) */
        TACIT_CHK(tacit_mpi_mul_mpi(&T, &P, &Q));
        if (tacit_mpi_bitlen(&T) != nbits) {
            continue;
        }
        /* d = e^-1 mod lcm(p-1, q-1) must exceed 2^(nbits/2) */
        TACIT_CHK(tacit_mpi_sub_int(&T, &P, 1));
        TACIT_CHK(tacit_mpi_sub_int(&G, &Q, 1));
        TACIT_CHK(tacit_mpi_mul_mpi(&L, &T, &G));
        TACIT_CHK(tacit_mpi_gcd(&G, &T, &G));
        TACIT_CHK(tacit_mpi_div_mpi(&L, NULL, &L, &G));
        TACIT_CHK(tacit_mpi_inv_mod(&T, &E, &L));
        if (tacit_mpi_bitlen(&T) <= nbits / 2) {
            continue;
        }
        break;
    }
    /* import derives N, D, DP, DQ, QP and checks them */
    ret = tacit_rsa_import(ctx, NULL, &P, &Q, NULL, &E);
    if (ret != 0) {
        ret = TACIT_ERR_RSA_KEY_GEN_FAILED;
    }
cleanup:
    tacit_mpi_free(&P);
    tacit_mpi_free(&Q);
    tacit_mpi_free(&E);
    tacit_mpi_free(&T);
    tacit_mpi_free(&G);
    tacit_mpi_free(&L);
    return ret;
}

#else
typedef int tacit_rsa_keygen_unused;
#endif /* TACIT_RSA_C */
