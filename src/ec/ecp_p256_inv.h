/*
 * P-256 inversions by addition chains, compiled with the including file's
 * field products (ecp_p256.c, ecp_p256_x86_64.c, after ecp_point_impl.h).
 * Both are Fermat exponentiations by fixed public exponents: the sequence of
 * squarings and products never depends on the value, so they are constant
 * time.
 */

/* r = a^(2^k) * b */
static void p256_sqr_n_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, size_t k,
                           const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[ECP_N];
    size_t i;

    memcpy(t, a, sizeof(t));
    for (i = 0; i < k; i++) {
        fe_sqr(t, t);
    }
    fe_mul(r, t, b);
}

/*
 * r = a^(p-2) = 1/a (0 -> 0).  p - 2 = 2^256 - 2^224 + 2^192 + 2^96 - 3, in
 * hex FFFFFFFF 00000001 0^96 FFFFFFFF FFFFFFFF FFFFFFFD: built from
 * x_k = a^(2^k - 1), 255 squarings and 11 products (Fermat with 4-bit
 * windows: 256 and about 78).
 */
void ECP_FN(fe_inv)(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    tacit_mpi_uint x2[ECP_N], x3[ECP_N], x6[ECP_N], x12[ECP_N], x15[ECP_N], x30[ECP_N];
    tacit_mpi_uint x32[ECP_N], t[ECP_N];

    p256_sqr_n_mul(x2, a, 1, a);
    p256_sqr_n_mul(x3, x2, 1, a);
    p256_sqr_n_mul(x6, x3, 3, x3);
    p256_sqr_n_mul(x12, x6, 6, x6);
    p256_sqr_n_mul(x15, x12, 3, x3);
    p256_sqr_n_mul(x30, x15, 15, x15);
    p256_sqr_n_mul(x32, x30, 2, x2);
    p256_sqr_n_mul(t, x32, 32, a);  /* FFFFFFFF 00000001 */
    p256_sqr_n_mul(t, t, 128, x32); /* ... 0^96 FFFFFFFF */
    p256_sqr_n_mul(t, t, 32, x32);  /* ... FFFFFFFF */
    p256_sqr_n_mul(t, t, 30, x30);  /* ... 30 ones */
    p256_sqr_n_mul(r, t, 2, a);     /* ... 01 */
    tacit_platform_zeroize(x2, sizeof(x2));
    tacit_platform_zeroize(x3, sizeof(x3));
    tacit_platform_zeroize(x6, sizeof(x6));
    tacit_platform_zeroize(x12, sizeof(x12));
    tacit_platform_zeroize(x15, sizeof(x15));
    tacit_platform_zeroize(x30, sizeof(x30));
    tacit_platform_zeroize(x32, sizeof(x32));
    tacit_platform_zeroize(t, sizeof(t));
}

/* r = a^(2^k) * b mod n, Montgomery form */
static void p256_sc_sqr_n_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a, size_t k,
                              const tacit_mpi_uint *b)
{
    tacit_mpi_uint t[ECP_N];
    size_t i;

    memcpy(t, a, sizeof(t));
    for (i = 0; i < k; i++) {
        ECP_FN(sc_mul)(t, t, t);
    }
    ECP_FN(sc_mul)(r, t, b);
}

/*
 * r = a^(n-2) = 1/a mod n, a and r in Montgomery form.  n - 2 is
 * FFFFFFFF 00000000 FFFFFFFF FFFFFFFF followed by the 128 bits
 * BCE6FAAD A7179E84 F3B9CAC2 FC63254F: the top half from x_32 = a^(2^32 - 1)
 * as in the field inverse, the bottom half by 4-bit windows over a^1..a^15
 * (no window is zero).  252 squarings and 51 products.
 */
void ECP_FN(sc_inv)(tacit_mpi_uint *r, const tacit_mpi_uint *a)
{
    static const unsigned char low[32] = {
        0xB, 0xC, 0xE, 0x6, 0xF, 0xA, 0xA, 0xD, 0xA, 0x7, 0x1, 0x7, 0x9, 0xE, 0x8, 0x4,
        0xF, 0x3, 0xB, 0x9, 0xC, 0xA, 0xC, 0x2, 0xF, 0xC, 0x6, 0x3, 0x2, 0x5, 0x4, 0xF,
    };
    tacit_mpi_uint pw[16][ECP_N];
    tacit_mpi_uint x8[ECP_N], x16[ECP_N], x32[ECP_N], t[ECP_N];
    size_t i;

    memcpy(pw[1], a, sizeof(pw[1]));
    for (i = 2; i < 16; i++) {
        ECP_FN(sc_mul)(pw[i], pw[i - 1], a);
    }
    p256_sc_sqr_n_mul(x8, pw[15], 4, pw[15]);
    p256_sc_sqr_n_mul(x16, x8, 8, x8);
    p256_sc_sqr_n_mul(x32, x16, 16, x16);
    p256_sc_sqr_n_mul(t, x32, 64, x32); /* FFFFFFFF 00000000 FFFFFFFF */
    p256_sc_sqr_n_mul(t, t, 32, x32);   /* ... FFFFFFFF */
    for (i = 0; i < 32; i++) {
        p256_sc_sqr_n_mul(t, t, 4, pw[low[i]]); /* low[i] is a constant, not a secret */
    }
    memcpy(r, t, sizeof(t));
    tacit_platform_zeroize(pw, sizeof(pw));
    tacit_platform_zeroize(x8, sizeof(x8));
    tacit_platform_zeroize(x16, sizeof(x16));
    tacit_platform_zeroize(x32, sizeof(x32));
    tacit_platform_zeroize(t, sizeof(t));
}
