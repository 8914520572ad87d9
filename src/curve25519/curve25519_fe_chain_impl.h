/*
 * The fixed addition chains of GF(2^255 - 19), written once over a field:
 * f^(2^n), the inverse f^(p-2) and the square-root power f^((p-5)/8).
 * Included by curve25519_fe.c (the field of curve25519_fe.h) and
 * curve25519_fe64_x86_64_adx.c (four 64-bit limbs).  The includer defines
 * FE_CHAIN_API (storage class), FE_CHAIN_FN(name), the element type
 * FE_CHAIN_T and the operations fe_sq and fe_mul.  Constant time: the chain
 * is the same for every input.
 */

FE_CHAIN_API void FE_CHAIN_FN(sq_n)(FE_CHAIN_T h, const FE_CHAIN_T f, int n)
{
    int i;
    fe_sq(h, f);
    for (i = 1; i < n; i++) {
        fe_sq(h, h);
    }
}

/*
 * The shared start of both powers: t250 = f^(2^250 - 1) and f11 = f^11.
 * Exponents in the comments are of f.
 */
static void FE_CHAIN_FN(pow_2_250_1)(FE_CHAIN_T t250, FE_CHAIN_T f11, const FE_CHAIN_T f)
{
    FE_CHAIN_T t0, t1, t2;

    fe_sq(t0, f);                 /* 2 */
    FE_CHAIN_FN(sq_n)(t1, t0, 2); /* 8 */
    fe_mul(t1, f, t1);            /* 9 */
    fe_mul(f11, t0, t1);          /* 11 */
    fe_sq(t0, f11);               /* 22 */
    fe_mul(t0, t1, t0);           /* 31 = 2^5 - 1 */
    FE_CHAIN_FN(sq_n)(t1, t0, 5);
    fe_mul(t0, t1, t0); /* 2^10 - 1 */
    FE_CHAIN_FN(sq_n)(t1, t0, 10);
    fe_mul(t1, t1, t0); /* 2^20 - 1 */
    FE_CHAIN_FN(sq_n)(t2, t1, 20);
    fe_mul(t1, t2, t1); /* 2^40 - 1 */
    FE_CHAIN_FN(sq_n)(t1, t1, 10);
    fe_mul(t0, t1, t0); /* 2^50 - 1 */
    FE_CHAIN_FN(sq_n)(t1, t0, 50);
    fe_mul(t1, t1, t0); /* 2^100 - 1 */
    FE_CHAIN_FN(sq_n)(t2, t1, 100);
    fe_mul(t1, t2, t1); /* 2^200 - 1 */
    FE_CHAIN_FN(sq_n)(t1, t1, 50);
    fe_mul(t250, t1, t0); /* 2^250 - 1 */
    tacit_platform_zeroize(t0, sizeof(t0));
    tacit_platform_zeroize(t1, sizeof(t1));
    tacit_platform_zeroize(t2, sizeof(t2));
}

/* h = f^(p-2) = 1/f (0 for f = 0). */
FE_CHAIN_API void FE_CHAIN_FN(invert)(FE_CHAIN_T h, const FE_CHAIN_T f)
{
    FE_CHAIN_T t, f11;
    FE_CHAIN_FN(pow_2_250_1)(t, f11, f);
    FE_CHAIN_FN(sq_n)(t, t, 5); /* 2^255 - 32 */
    fe_mul(h, t, f11);          /* 2^255 - 21 = p - 2 */
    tacit_platform_zeroize(t, sizeof(t));
    tacit_platform_zeroize(f11, sizeof(f11));
}

/* h = f^((p-5)/8) (point decoding's square root). */
FE_CHAIN_API void FE_CHAIN_FN(pow22523)(FE_CHAIN_T h, const FE_CHAIN_T f)
{
    FE_CHAIN_T t, f11;
    FE_CHAIN_FN(pow_2_250_1)(t, f11, f);
    FE_CHAIN_FN(sq_n)(t, t, 2); /* 2^252 - 4 */
    fe_mul(h, t, f);            /* 2^252 - 3 = (p - 5) / 8 */
    tacit_platform_zeroize(t, sizeof(t));
    tacit_platform_zeroize(f11, sizeof(f11));
}
