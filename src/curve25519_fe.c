/*
 * GF(2^255 - 19): the operations that do not depend on the limb layout
 * (inversion and the square-root power by a fixed addition chain, masked
 * swap and move, comparisons through the canonical encoding).
 */
#include "tacit/config.h"

#if defined(TACIT_X25519_C) || defined(TACIT_ED25519_C)

#include "curve25519_fe.h"
#include "constant_time_internal.h"

void tacit_fe25519_0(tacit_fe25519 h)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        h[i] = 0;
    }
}

void tacit_fe25519_1(tacit_fe25519 h)
{
    tacit_fe25519_0(h);
    h[0] = 1;
}

void tacit_fe25519_copy(tacit_fe25519 h, const tacit_fe25519 f)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        h[i] = f[i];
    }
}

void tacit_fe25519_neg(tacit_fe25519 h, const tacit_fe25519 f)
{
    tacit_fe25519 z;
    tacit_fe25519_0(z);
    tacit_fe25519_sub(h, z, f);
}

void tacit_fe25519_sq_n(tacit_fe25519 h, const tacit_fe25519 f, int n)
{
    int i;
    tacit_fe25519_sq(h, f);
    for (i = 1; i < n; i++) {
        tacit_fe25519_sq(h, h);
    }
}

/*
 * The shared start of both powers: t250 = f^(2^250 - 1) and f11 = f^11.
 * Exponents in the comments are of f.
 */
static void pow_2_250_1(tacit_fe25519 t250, tacit_fe25519 f11, const tacit_fe25519 f)
{
    tacit_fe25519 t0, t1, t2;

    tacit_fe25519_sq(t0, f);        /* 2 */
    tacit_fe25519_sq_n(t1, t0, 2);  /* 8 */
    tacit_fe25519_mul(t1, f, t1);   /* 9 */
    tacit_fe25519_mul(f11, t0, t1); /* 11 */
    tacit_fe25519_sq(t0, f11);      /* 22 */
    tacit_fe25519_mul(t0, t1, t0);  /* 31 = 2^5 - 1 */
    tacit_fe25519_sq_n(t1, t0, 5);
    tacit_fe25519_mul(t0, t1, t0); /* 2^10 - 1 */
    tacit_fe25519_sq_n(t1, t0, 10);
    tacit_fe25519_mul(t1, t1, t0); /* 2^20 - 1 */
    tacit_fe25519_sq_n(t2, t1, 20);
    tacit_fe25519_mul(t1, t2, t1); /* 2^40 - 1 */
    tacit_fe25519_sq_n(t1, t1, 10);
    tacit_fe25519_mul(t0, t1, t0); /* 2^50 - 1 */
    tacit_fe25519_sq_n(t1, t0, 50);
    tacit_fe25519_mul(t1, t1, t0); /* 2^100 - 1 */
    tacit_fe25519_sq_n(t2, t1, 100);
    tacit_fe25519_mul(t1, t2, t1); /* 2^200 - 1 */
    tacit_fe25519_sq_n(t1, t1, 50);
    tacit_fe25519_mul(t250, t1, t0); /* 2^250 - 1 */
}

void tacit_fe25519_invert(tacit_fe25519 h, const tacit_fe25519 f)
{
    tacit_fe25519 t, f11;
    pow_2_250_1(t, f11, f);
    tacit_fe25519_sq_n(t, t, 5);  /* 2^255 - 32 */
    tacit_fe25519_mul(h, t, f11); /* 2^255 - 21 = p - 2 */
}

void tacit_fe25519_pow22523(tacit_fe25519 h, const tacit_fe25519 f)
{
    tacit_fe25519 t, f11;
    pow_2_250_1(t, f11, f);
    tacit_fe25519_sq_n(t, t, 2); /* 2^252 - 4 */
    tacit_fe25519_mul(h, t, f);  /* 2^252 - 3 = (p - 5) / 8 */
}

void tacit_fe25519_cswap(tacit_fe25519 f, tacit_fe25519 g, tacit_mpi_uint mask)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        tacit_mpi_uint x = mask & (f[i] ^ g[i]);
        f[i] ^= x;
        g[i] ^= x;
    }
}

void tacit_fe25519_cmov(tacit_fe25519 f, const tacit_fe25519 g, tacit_mpi_uint mask)
{
    int i;
    for (i = 0; i < TACIT_FE25519_LIMBS; i++) {
        f[i] ^= mask & (f[i] ^ g[i]);
    }
}

tacit_mpi_uint tacit_fe25519_iszero(const tacit_fe25519 f)
{
    unsigned char s[32];
    uint32_t acc = 0;
    int i;

    tacit_fe25519_tobytes(s, f);
    for (i = 0; i < 32; i++) {
        acc |= s[i];
    }
    return (tacit_mpi_uint)tacit_ct_mask_eq_limb((tacit_mpi_uint)acc, 0);
}

unsigned tacit_fe25519_isnegative(const tacit_fe25519 f)
{
    unsigned char s[32];
    tacit_fe25519_tobytes(s, f);
    return s[0] & 1u;
}

#endif /* TACIT_X25519_C || TACIT_ED25519_C */
