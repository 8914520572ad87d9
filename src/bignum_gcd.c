/*
 * tacit_mpi greatest common divisor and modular inverse: Euclid's
 * algorithm on divisions.  Leaky: for public values and key generation
 * (where the inputs are fresh and the timing reveals a negligible amount
 * about the final key).  RSA private operations do not call these on
 * secrets; blinding inverses use them on random values (see rsa).
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include "bignum_internal.h"
#include "tacit/bignum.h"

int tacit_mpi_gcd(tacit_mpi *G, const tacit_mpi *A, const tacit_mpi *B)
{
    tacit_mpi a, b, r;
    int ret;

    if (G == NULL || A == NULL || B == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_mpi_init(&a);
    tacit_mpi_init(&b);
    tacit_mpi_init(&r);
    if ((ret = tacit_mpi_copy(&a, A)) != 0 || (ret = tacit_mpi_copy(&b, B)) != 0) {
        goto cleanup;
    }
    a.s = 1;
    b.s = 1;
    while (tacit_mpi_used_limbs(&b) != 0) {
        if ((ret = tacit_mpi_div_mpi(NULL, &r, &a, &b)) != 0) {
            goto cleanup;
        }
        tacit_mpi_swap(&a, &b);
        tacit_mpi_swap(&b, &r);
    }
    tacit_mpi_swap(G, &a);
    ret = 0;
cleanup:
    tacit_mpi_free(&a);
    tacit_mpi_free(&b);
    tacit_mpi_free(&r);
    return ret;
}

int tacit_mpi_inv_mod(tacit_mpi *X, const tacit_mpi *A, const tacit_mpi *N)
{
    tacit_mpi r0, r1, t0, t1, q, tmp;
    int ret;

    if (X == NULL || A == NULL || N == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_mpi_cmp_int(N, 1) <= 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_mpi_init(&r0);
    tacit_mpi_init(&r1);
    tacit_mpi_init(&t0);
    tacit_mpi_init(&t1);
    tacit_mpi_init(&q);
    tacit_mpi_init(&tmp);
    /* invariant: t_i * A == r_i (mod N) */
    if ((ret = tacit_mpi_copy(&r0, N)) != 0 || (ret = tacit_mpi_mod_mpi(&r1, A, N)) != 0 ||
        (ret = tacit_mpi_lset(&t0, 0)) != 0 || (ret = tacit_mpi_lset(&t1, 1)) != 0) {
        goto cleanup;
    }
    while (tacit_mpi_used_limbs(&r1) != 0) {
        if ((ret = tacit_mpi_div_mpi(&q, &tmp, &r0, &r1)) != 0) {
            goto cleanup;
        }
        tacit_mpi_swap(&r0, &r1);
        tacit_mpi_swap(&r1, &tmp); /* r1 = r0 mod r1 */
        if ((ret = tacit_mpi_mul_mpi(&tmp, &q, &t1)) != 0 ||
            (ret = tacit_mpi_sub_mpi(&tmp, &t0, &tmp)) != 0) {
            goto cleanup;
        }
        tacit_mpi_swap(&t0, &t1);
        tacit_mpi_swap(&t1, &tmp); /* t1 = t0 - q t1 */
    }
    if (tacit_mpi_cmp_int(&r0, 1) != 0) {
        ret = TACIT_ERR_MPI_NOT_ACCEPTABLE;
        goto cleanup;
    }
    if ((ret = tacit_mpi_mod_mpi(&t0, &t0, N)) != 0) {
        goto cleanup;
    }
    tacit_mpi_swap(X, &t0);
cleanup:
    tacit_mpi_free(&r0);
    tacit_mpi_free(&r1);
    tacit_mpi_free(&t0);
    tacit_mpi_free(&t1);
    tacit_mpi_free(&q);
    tacit_mpi_free(&tmp);
    return ret;
}

#else
typedef int tacit_bignum_gcd_unused;
#endif /* TACIT_BIGNUM_C */
