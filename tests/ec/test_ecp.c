/*
 * ecp: field and point arithmetic, scalar multiplication (variable base,
 * fixed base, muladd), point encodings, key pair API.
 *
 * The reference is a slow affine double-and-add written here on top of
 * bignum_core (its own Montgomery code, inversion by exp_mod), with the
 * domain parameters typed in from FIPS 186-4 D.1.2 as hex: it shares no
 * code with ecp_*.c.
 */
#include "ecc_test_util.h"

#include "bignum/bignum_core.h"
#include "ec/ecp_internal.h"
#include "tacit/ecp.h"

/* ---- the reference ----------------------------------------------------------- */

typedef struct {
    tacit_ecp_group_id id;
    const char *p, *n, *b, *gx, *gy;
} ref_params;

static const ref_params params[] = {
    { TACIT_ECP_SECP256R1, "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
      "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
      "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
      "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
      "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5" },
    { TACIT_ECP_SECP384R1,
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffff"
      "ffff",
      "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc5"
      "2973",
      "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec"
      "2aef",
      "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e387276"
      "0ab7",
      "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea"
      "0e5f" },
    { TACIT_ECP_SECP521R1,
      "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
      "ffffffffffffffffffffffffffffffffffffffff",
      "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148"
      "f709a5d03bb5c9b8899c47aebb6fb71e91386409",
      "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd"
      "3bb1bf073573df883d2c34f1ef451fd46b503f00",
      "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127"
      "a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
      "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b901"
      "3fad0761353c7086a272c24088be94769fd16650" },
};

#define RN TACIT_ECP_MAX_LIMBS

typedef struct {
    size_t limbs, bytes;
    tacit_mpi_uint p[RN], n[RN], b[RN], gx[RN], gy[RN], rr[RN], pm2[RN];
    tacit_mpi_uint mm;
    tacit_mpi_uint *T;
} ref_curve;

typedef struct {
    int inf;
    tacit_mpi_uint x[RN], y[RN];
} ref_point;

static void hex_limbs(tacit_mpi_uint *x, size_t limbs, const char *hex)
{
    size_t len = 0;
    unsigned char *b = test_unhex(hex, &len);
    tacit_mpi_core_read_be(x, limbs, b, len);
    free(b);
}

static int ref_init(ref_curve *r, const ref_params *pp)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(pp->id);
    tacit_mpi_uint two[RN] = { 2 };

    memset(r, 0, sizeof(*r));
    r->limbs = c->limbs;
    r->bytes = strlen(pp->p) / 2;
    hex_limbs(r->p, r->limbs, pp->p);
    hex_limbs(r->n, r->limbs, pp->n);
    hex_limbs(r->b, r->limbs, pp->b);
    hex_limbs(r->gx, r->limbs, pp->gx);
    hex_limbs(r->gy, r->limbs, pp->gy);
    r->mm = tacit_mpi_core_mont_init(r->p);
    tacit_mpi_core_get_mont_r2_unsafe(r->rr, r->p, r->limbs);
    tacit_mpi_core_sub(r->pm2, r->p, two, r->limbs);
    r->T = calloc(tacit_mpi_core_exp_mod_unsafe_working_limbs(r->limbs, r->limbs) + 4 * RN,
                  sizeof(tacit_mpi_uint));
    return r->T != NULL;
}

static void ref_mul(ref_curve *r, tacit_mpi_uint *x, const tacit_mpi_uint *a,
                    const tacit_mpi_uint *b)
{
    tacit_mpi_core_montmul(x, a, b, r->p, r->limbs, r->mm, r->T);
    tacit_mpi_core_montmul(x, x, r->rr, r->p, r->limbs, r->mm, r->T);
}

static void ref_inv(ref_curve *r, tacit_mpi_uint *x, const tacit_mpi_uint *a)
{
    tacit_mpi_core_exp_mod_unsafe(x, a, r->p, r->limbs, r->pm2, r->limbs, r->rr, r->T);
}

static void ref_add(ref_curve *r, ref_point *R, const ref_point *P, const ref_point *Q)
{
    size_t n = r->limbs;
    tacit_mpi_uint lam[RN] = { 0 }, t[RN] = { 0 }, u[RN] = { 0 }, x3[RN] = { 0 };

    if (P->inf) {
        *R = *Q;
        return;
    }
    if (Q->inf) {
        *R = *P;
        return;
    }
    if (memcmp(P->x, Q->x, n * sizeof(tacit_mpi_uint)) == 0) {
        tacit_mpi_core_add_mod(t, P->y, Q->y, r->p, n);
        if (tacit_mpi_core_is_zero_ct(t, n)) {
            R->inf = 1;
            return;
        }
        /* lam = (3x^2 - 3) / 2y */
        ref_mul(r, t, P->x, P->x);
        memset(u, 0, sizeof(u));
        u[0] = 1;
        tacit_mpi_core_sub_mod(t, t, u, r->p, n);
        tacit_mpi_core_add_mod(u, t, t, r->p, n);
        tacit_mpi_core_add_mod(t, u, t, r->p, n);
        tacit_mpi_core_add_mod(u, P->y, P->y, r->p, n);
    } else {
        tacit_mpi_core_sub_mod(t, Q->y, P->y, r->p, n);
        tacit_mpi_core_sub_mod(u, Q->x, P->x, r->p, n);
    }
    ref_inv(r, u, u);
    ref_mul(r, lam, t, u);
    ref_mul(r, x3, lam, lam);
    tacit_mpi_core_sub_mod(x3, x3, P->x, r->p, n);
    tacit_mpi_core_sub_mod(x3, x3, Q->x, r->p, n);
    tacit_mpi_core_sub_mod(t, P->x, x3, r->p, n);
    ref_mul(r, t, lam, t);
    tacit_mpi_core_sub_mod(R->y, t, P->y, r->p, n);
    memcpy(R->x, x3, sizeof(x3));
    R->inf = 0;
}

/* R = k P, k a plain integer (any value), right-to-left double-and-add */
static void ref_smul(ref_curve *r, ref_point *R, const tacit_mpi_uint *k, const ref_point *P)
{
    ref_point acc, base = *P;
    size_t i;

    memset(&acc, 0, sizeof(acc));
    acc.inf = 1;
    for (i = 0; i < r->limbs * TACIT_MPI_LIMB_BITS; i++) {
        if ((k[i / TACIT_MPI_LIMB_BITS] >> (i % TACIT_MPI_LIMB_BITS)) & 1) {
            ref_add(r, &acc, &acc, &base);
        }
        ref_add(r, &base, &base, &base);
    }
    *R = acc;
}

static void ref_encode(ref_curve *r, const ref_point *P, unsigned char *out)
{
    out[0] = 4;
    tacit_mpi_core_write_be(P->x, r->limbs, out + 1, r->bytes);
    tacit_mpi_core_write_be(P->y, r->limbs, out + 1 + r->bytes, r->bytes);
}

/* ---- a deterministic generator for the tests -------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static int test_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;
    (void)p;
    for (i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        out[i] = (unsigned char)(rng_state >> 24);
    }
    return 0;
}

/* a random scalar in [1, n-1] as bytes and limbs */
static void random_scalar(ref_curve *r, unsigned char *kb, tacit_mpi_uint *k)
{
    do {
        test_rng(NULL, kb, r->bytes);
        if (r->bytes == 66) {
            kb[0] &= 1;
        }
        tacit_mpi_core_read_be(k, r->limbs, kb, r->bytes);
    } while (tacit_mpi_core_is_zero_ct(k, r->limbs) || !tacit_mpi_core_lt_ct(k, r->n, r->limbs));
}

/* ---- cases -------------------------------------------------------------------- */

static void test_constants(void)
{
    size_t i;

    for (i = 0; i < 3; i++) {
        const tacit_ecp_curve *c = tacit_ecp_curve_get(params[i].id);
        if (!ecc_curve_enabled(params[i].id)) {
            continue; /* compiled out by the configuration */
        }
        ref_curve r;
        tacit_mpi_uint t[RN];
        TEST_ASSERT(ref_init(&r, &params[i]));
        TEST_ASSERT(memcmp(c->p, r.p, c->limbs * sizeof(tacit_mpi_uint)) == 0);
        TEST_ASSERT(memcmp(c->n, r.n, c->limbs * sizeof(tacit_mpi_uint)) == 0);
        TEST_EQUAL(c->p_mm, tacit_mpi_core_mont_init(r.p));
        TEST_EQUAL(c->n_mm, tacit_mpi_core_mont_init(r.n));
        tacit_ecp_fe_from_mont(c, t, c->gx);
        TEST_ASSERT(memcmp(t, r.gx, c->limbs * sizeof(tacit_mpi_uint)) == 0);
        tacit_ecp_fe_from_mont(c, t, c->gy);
        TEST_ASSERT(memcmp(t, r.gy, c->limbs * sizeof(tacit_mpi_uint)) == 0);
        tacit_ecp_fe_from_mont(c, t, c->b);
        TEST_ASSERT(memcmp(t, r.b, c->limbs * sizeof(tacit_mpi_uint)) == 0);
        TEST_EQUAL(tacit_ecp_curve_bytes(params[i].id), r.bytes);
        free(r.T);
        continue;
    exit:
        free(r.T);
        return;
    }
}

/* field products against bignum_core on random inputs, incl. p-1 */
static void test_field(void)
{
    size_t i, j;

    for (i = 0; i < 3; i++) {
        const tacit_ecp_curve *c = tacit_ecp_curve_get(params[i].id);
        if (!ecc_curve_enabled(params[i].id)) {
            continue; /* compiled out by the configuration */
        }
        ref_curve r;
        TEST_ASSERT(ref_init(&r, &params[i]));
        for (j = 0; j < 200; j++) {
            unsigned char buf[2 * TACIT_ECP_MAX_BYTES];
            tacit_mpi_uint a[RN], b[RN], am[RN], bm[RN], x[RN], y[RN];
            tacit_mpi_uint one[RN] = { 1 };
            test_rng(NULL, buf, sizeof(buf));
            tacit_mpi_core_read_be(a, r.limbs, buf, r.bytes);
            tacit_mpi_core_read_be(b, r.limbs, buf + r.bytes, r.bytes);
            if (j == 0) {
                tacit_mpi_core_sub(a, r.p, one, r.limbs);
                tacit_mpi_core_sub(b, r.p, one, r.limbs);
            }
            a[r.limbs - 1] &= r.p[r.limbs - 1];
            b[r.limbs - 1] &= r.p[r.limbs - 1];
            if (!tacit_mpi_core_lt_ct(a, r.p, r.limbs) || !tacit_mpi_core_lt_ct(b, r.p, r.limbs)) {
                continue;
            }
            tacit_ecp_fe_to_mont(c, am, a);
            tacit_ecp_fe_to_mont(c, bm, b);
            c->mul(x, am, bm);
            tacit_ecp_fe_from_mont(c, x, x);
            ref_mul(&r, y, a, b);
            TEST_ASSERT(memcmp(x, y, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            c->sqr(x, am, am);
            tacit_ecp_fe_from_mont(c, x, x);
            ref_mul(&r, y, a, a);
            TEST_ASSERT(memcmp(x, y, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            tacit_ecp_fe_add(c, x, am, bm);
            tacit_ecp_fe_from_mont(c, x, x);
            tacit_mpi_core_add_mod(y, a, b, r.p, r.limbs);
            TEST_ASSERT(memcmp(x, y, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            tacit_ecp_fe_sub(c, x, am, bm);
            tacit_ecp_fe_from_mont(c, x, x);
            tacit_mpi_core_sub_mod(y, a, b, r.p, r.limbs);
            TEST_ASSERT(memcmp(x, y, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            if (j < 10 && !tacit_mpi_core_is_zero_ct(a, r.limbs) &&
                tacit_mpi_core_lt_ct(a, c->n, r.limbs)) {
                /* scalar inverse: (a R)^-1 (a R) / R = R mod n, i.e. one_n */
                tacit_ecp_sc_mul(c, y, a, c->rr_n);
                tacit_ecp_sc_inv(c, x, y);
                tacit_ecp_sc_mul(c, x, x, y);
                TEST_ASSERT(memcmp(x, c->one_n, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            }
            if (j < 10 && !tacit_mpi_core_is_zero_ct(a, r.limbs)) {
                tacit_ecp_fe_inv(c, x, am);
                tacit_ecp_fe_from_mont(c, x, x);
                ref_inv(&r, y, a);
                TEST_ASSERT(memcmp(x, y, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            }
        }
        free(r.T);
        continue;
    exit:
        free(r.T);
        return;
    }
}

/*
 * k*P (variable base) and k*G (fixed base) against the reference, for
 * random k and the edge scalars: 1, 2, small values and n - k for them
 * (the comb's last addition would double for one of them), n-1, n-2.
 */
static void check_scalar(ref_curve *r, const tacit_ecp_curve *c, const tacit_mpi_uint *k,
                         const ref_point *P, int *ok)
{
    ref_point R, G;
    unsigned char kb[TACIT_ECP_MAX_BYTES], pb[TACIT_ECP_MAX_PT_LEN], want[TACIT_ECP_MAX_PT_LEN],
        got[TACIT_ECP_MAX_PT_LEN];
    size_t olen = 0;
    tacit_ecp_keypair key;

    *ok = 0;
    tacit_mpi_core_write_be(k, r->limbs, kb, r->bytes);
    ref_encode(r, P, pb);
    ref_smul(r, &R, k, P);
    ref_encode(r, &R, want);
    if (tacit_ecp_mul(c->id, kb, r->bytes, pb, 1 + 2 * r->bytes, got, sizeof(got), &olen,
                      (k[0] & 2) ? test_rng : NULL, NULL) != 0 ||
        olen != 1 + 2 * r->bytes || memcmp(got, want, olen) != 0) {
        printf("\n    variable base differs\n");
        test_hexdump("k", kb, r->bytes);
        return;
    }
    memset(&G, 0, sizeof(G));
    memcpy(G.x, r->gx, sizeof(G.x));
    memcpy(G.y, r->gy, sizeof(G.y));
    ref_smul(r, &R, k, &G);
    ref_encode(r, &R, want);
    if (tacit_ecp_set_private(&key, c->id, kb, r->bytes) != 0 ||
        tacit_ecp_write_public_point(&key, 0, got, sizeof(got), &olen) != 0 ||
        memcmp(got, want, olen) != 0) {
        printf("\n    fixed base differs\n");
        test_hexdump("k", kb, r->bytes);
        return;
    }
    *ok = 1;
}

static void test_scalar_mul(void)
{
    /*
     * k and n - k: the first and last few, and around 94 = 2 d_0 (the
     * P-256 comb's one scalar whose last addition would double, recoded
     * as kk + 3n), around 50 (n - 50 is the P-384 comb's, recoded as
     * kk + 4n) and 128 (window edges)
     */
    static const unsigned small_k[] = { 1,  2,  3,  4,  5,  6,  7,  8,  21,  34,
                                        47, 49, 50, 51, 60, 92, 94, 96, 127, 128 };
    size_t i, j;

    for (i = 0; i < 3; i++) {
        const tacit_ecp_curve *c = tacit_ecp_curve_get(params[i].id);
        if (!ecc_curve_enabled(params[i].id)) {
            continue; /* compiled out by the configuration */
        }
        ref_curve r;
        ref_point G, P;
        tacit_mpi_uint k[RN], t[RN];
        unsigned char kb[TACIT_ECP_MAX_BYTES];
        int ok;

        TEST_ASSERT(ref_init(&r, &params[i]));
        memset(&G, 0, sizeof(G));
        memcpy(G.x, r.gx, sizeof(G.x));
        memcpy(G.y, r.gy, sizeof(G.y));
        /* a random base point */
        random_scalar(&r, kb, k);
        ref_smul(&r, &P, k, &G);

        for (j = 0; j < 6; j++) {
            random_scalar(&r, kb, k);
            check_scalar(&r, c, k, j & 1 ? &P : &G, &ok);
            TEST_ASSERT(ok);
        }
        for (j = 0; j < sizeof(small_k) / sizeof(small_k[0]); j++) {
            memset(k, 0, sizeof(k));
            k[0] = (tacit_mpi_uint)small_k[j];
            check_scalar(&r, c, k, &P, &ok);
            TEST_ASSERT(ok);
            memset(t, 0, sizeof(t));
            t[0] = (tacit_mpi_uint)small_k[j];
            tacit_mpi_core_sub(k, r.n, t, r.limbs);
            check_scalar(&r, c, k, &P, &ok);
            TEST_ASSERT(ok);
        }
        free(r.T);
        continue;
    exit:
        free(r.T);
        return;
    }
}

static void test_muladd(void)
{
    size_t i, j;

    for (i = 0; i < 3; i++) {
        const tacit_ecp_curve *c = tacit_ecp_curve_get(params[i].id);
        if (!ecc_curve_enabled(params[i].id)) {
            continue; /* compiled out by the configuration */
        }
        ref_curve r;
        ref_point G, Q, A, B, S;
        tacit_mpi_uint u1[RN], u2[RN], d[RN], qx[RN], qy[RN], x[RN], y[RN];
        unsigned char kb[TACIT_ECP_MAX_BYTES];
        int inf;

        TEST_ASSERT(ref_init(&r, &params[i]));
        memset(&G, 0, sizeof(G));
        memcpy(G.x, r.gx, sizeof(G.x));
        memcpy(G.y, r.gy, sizeof(G.y));
        random_scalar(&r, kb, d);
        ref_smul(&r, &Q, d, &G);
        tacit_ecp_fe_to_mont(c, qx, Q.x);
        tacit_ecp_fe_to_mont(c, qy, Q.y);
        for (j = 0; j < 8; j++) {
            random_scalar(&r, kb, u1);
            random_scalar(&r, kb, u2);
            if (j == 1) {
                memset(u1, 0, sizeof(u1)); /* 0*G + u2*Q */
            }
            if (j == 2) {
                memset(u2, 0, sizeof(u2));
            }
            if (j == 3) {
                memcpy(u1, d, sizeof(d)); /* u1 = d, u2 = 1: 2Q (doubling inside) */
                memset(u2, 0, sizeof(u2));
                u2[0] = 1;
            }
            if (j == 4) {
                /* u1 = n - d, u2 = 1: infinity */
                tacit_mpi_core_sub(u1, r.n, d, r.limbs);
                memset(u2, 0, sizeof(u2));
                u2[0] = 1;
            }
            ref_smul(&r, &A, u1, &G);
            ref_smul(&r, &B, u2, &Q);
            ref_add(&r, &S, &A, &B);
#if defined(TACIT_ECP_SMALL)
            inf = (int)(tacit_ecp_muladd_ct(c, x, y, u1, u2, qx, qy, c->one) & 1u);
#else
            inf = tacit_ecp_muladd_unsafe(c, x, y, u1, u2, qx, qy);
#endif
            TEST_EQUAL(inf, S.inf);
            if (!S.inf) {
                tacit_ecp_fe_from_mont(c, x, x);
                tacit_ecp_fe_from_mont(c, y, y);
                TEST_ASSERT(memcmp(x, S.x, r.limbs * sizeof(tacit_mpi_uint)) == 0);
                TEST_ASSERT(memcmp(y, S.y, r.limbs * sizeof(tacit_mpi_uint)) == 0);
            }
        }
        free(r.T);
        continue;
    exit:
        free(r.T);
        return;
    }
}

/* compressed <-> uncompressed, and points that must be rejected */
static void test_point_encoding(void)
{
    size_t i;

    for (i = 0; i < 3; i++) {
        tacit_ecp_group_id id = params[i].id;
        if (!ecc_curve_enabled(id)) {
            TEST_EQUAL(tacit_ecp_curve_bytes(id), 0);
            continue; /* compiled out by the configuration */
        }
        size_t bytes = tacit_ecp_curve_bytes(id);
        tacit_ecp_keypair key, pub;
        unsigned char u[TACIT_ECP_MAX_PT_LEN], cp[TACIT_ECP_MAX_PT_LEN], u2[TACIT_ECP_MAX_PT_LEN];
        unsigned char bad[TACIT_ECP_MAX_PT_LEN];
        size_t ulen, clen, u2len, k;

        TEST_EQUAL(tacit_ecp_gen_key(&key, id, test_rng, NULL), 0);
        TEST_EQUAL(tacit_ecp_check_priv(&key), 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&key, 0, u, sizeof(u), &ulen), 0);
        TEST_EQUAL(ulen, 1 + 2 * bytes);
        TEST_EQUAL(tacit_ecp_write_public_point(&key, 1, cp, sizeof(cp), &clen), 0);
        TEST_EQUAL(clen, 1 + bytes);
        TEST_EQUAL(cp[0], 2 | (u[ulen - 1] & 1));
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, cp, clen), 0);
        TEST_EQUAL(tacit_ecp_check_pub(&pub), 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&pub, 0, u2, sizeof(u2), &u2len), 0);
        TEST_MEM_EQ(u2, u2len, u, ulen);
        /* the other root */
        cp[0] ^= 1;
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, cp, clen), 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&pub, 0, u2, sizeof(u2), &u2len), 0);
        TEST_ASSERT(memcmp(u2, u, 1 + bytes) == 0 && memcmp(u2, u, ulen) != 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&pub, 0, u2, ulen - 1, &u2len),
                   TACIT_ERR_BUFFER_TOO_SMALL);

        /* rejected: off curve, x >= p, infinity, hybrid, lengths, unknown curve */
        memcpy(bad, u, ulen);
        bad[ulen - 1] ^= 1;
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, bad, ulen), TACIT_ERR_ECP_INVALID_POINT);
        memset(bad + 1, 0xFF, bytes);
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, bad, ulen), TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, bad, 1 + bytes), TACIT_ERR_ECP_INVALID_POINT);
        bad[0] = 0;
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, bad, 1), TACIT_ERR_ECP_INVALID_POINT);
        memcpy(bad, u, ulen);
        bad[0] = 6 | (u[ulen - 1] & 1);
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, bad, ulen), TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, u, ulen - 1), TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecp_set_public(&pub, id, u, 0), TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecp_set_public(&pub, TACIT_ECP_NONE, u, ulen),
                   TACIT_ERR_ECP_UNKNOWN_CURVE);
        /* x with no square root: find one by trying x = 1, 2, ... */
        memset(bad, 0, sizeof(bad));
        bad[0] = 2;
        for (k = 1; k < 50; k++) {
            bad[bytes] = (unsigned char)k;
            if (tacit_ecp_set_public(&pub, id, bad, 1 + bytes) == TACIT_ERR_ECP_INVALID_POINT) {
                break;
            }
        }
        TEST_ASSERT(k < 50);

        /* private scalar range */
        memset(bad, 0, bytes);
        TEST_EQUAL(tacit_ecp_set_private(&pub, id, bad, bytes), TACIT_ERR_ECP_INVALID_KEY);
        memset(bad, 0xFF, bytes);
        TEST_EQUAL(tacit_ecp_set_private(&pub, id, bad, bytes), TACIT_ERR_ECP_INVALID_KEY);
        TEST_EQUAL(tacit_ecp_set_private(&pub, id, bad, bytes - 1), TACIT_ERR_ECP_INVALID_KEY);
        /* check_priv catches a mismatched Q */
        key.Qx[0] ^= 1;
        TEST_ASSERT(tacit_ecp_check_priv(&key) != 0);
        TEST_EQUAL(tacit_ecp_check_pub(&key), TACIT_ERR_ECP_INVALID_POINT);
    }
exit:
    return;
}

static void test_names(void)
{
    /* a curve compiled out by the configuration is unknown by name too */
    TEST_EQUAL(tacit_ecp_curve_from_name("prime256v1"),
               ecc_curve_enabled(TACIT_ECP_SECP256R1) ? TACIT_ECP_SECP256R1 : TACIT_ECP_NONE);
    TEST_EQUAL(tacit_ecp_curve_from_name("P-384"),
               ecc_curve_enabled(TACIT_ECP_SECP384R1) ? TACIT_ECP_SECP384R1 : TACIT_ECP_NONE);
    TEST_EQUAL(tacit_ecp_curve_from_name("SECP521R1"),
               ecc_curve_enabled(TACIT_ECP_SECP521R1) ? TACIT_ECP_SECP521R1 : TACIT_ECP_NONE);
    TEST_EQUAL(tacit_ecp_curve_from_name("P-224"), TACIT_ECP_NONE);
#if defined(TACIT_ECP_SECP256R1_C)
    TEST_ASSERT(strcmp(tacit_ecp_curve_name(TACIT_ECP_SECP256R1), "P-256") == 0);
#endif
    TEST_ASSERT(tacit_ecp_curve_name(TACIT_ECP_NONE) == NULL);
exit:
    return;
}

/* Same key (group, d if both have it, Q). */
static int same_key(const tacit_ecp_keypair *a, const tacit_ecp_keypair *b)
{
    return a->grp == b->grp && memcmp(a->Qx, b->Qx, sizeof(a->Qx)) == 0 &&
           memcmp(a->Qy, b->Qy, sizeof(a->Qy)) == 0 &&
           (!a->has_private || !b->has_private || memcmp(a->d, b->d, sizeof(a->d)) == 0);
}

/*
 * OpenSSL-made keys in every format parse to the same key, and what tacit
 * writes is byte-identical to OpenSSL's files (DER and PEM).
 */
static void test_keys_interop(void)
{
    static const char *const names[] = { "p256",      "p384",      "p521",
                                         "p256-peer", "p384-peer", "p521-peer" };
    unsigned char *f = NULL, out[1024];
    size_t flen = 0, olen, need = 0, i, j;
    tacit_ecp_keypair ref, k;
    char name[64];

    tacit_ecp_keypair_init(&ref);
    tacit_ecp_keypair_init(&k);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/interop missing");
    }
    for (i = 0; i < 6; i++) {
        if (!ecc_file_curve_enabled(names[i])) {
            continue; /* compiled out by the configuration */
        }
#define LOAD(fmt)                                                                                  \
    do {                                                                                           \
        free(f);                                                                                   \
        snprintf(name, sizeof(name), fmt, names[i]);                                               \
        f = ecc_interop(name, &flen);                                                              \
        TEST_ASSERT(f != NULL);                                                                    \
    } while (0)
        LOAD("%s.sec1.der");
        TEST_EQUAL(tacit_ecp_parse_key_der(&ref, f, flen), 0);
        TEST_EQUAL(tacit_ecp_check_priv(&ref), 0);
        TEST_EQUAL(tacit_ecp_write_key_der(&ref, TACIT_KEY_FORMAT_SEC1, out, sizeof(out), &olen),
                   0);
        TEST_MEM_EQ(out, olen, f, flen);
#if defined(TACIT_PEM_C)
        LOAD("%s.sec1.pem");
        TEST_EQUAL(tacit_ecp_parse_key_pem(&k, f, flen), 0);
        TEST_ASSERT(same_key(&k, &ref) && k.has_private);
        TEST_EQUAL(tacit_ecp_write_key_pem(&ref, TACIT_KEY_FORMAT_SEC1, out, sizeof(out), &olen),
                   0);
        TEST_MEM_EQ(out, olen, f, flen);
#endif
        LOAD("%s.pkcs8.der");
        TEST_EQUAL(tacit_ecp_parse_key_der(&k, f, flen), 0);
        TEST_ASSERT(same_key(&k, &ref) && k.has_private);
        TEST_EQUAL(tacit_ecp_write_key_der(&ref, TACIT_KEY_FORMAT_PKCS8, out, sizeof(out), &olen),
                   0);
        TEST_MEM_EQ(out, olen, f, flen);
#if defined(TACIT_PEM_C)
        LOAD("%s.pkcs8.pem");
        TEST_EQUAL(tacit_ecp_parse_key_pem(&k, f, flen), 0);
        TEST_ASSERT(same_key(&k, &ref) && k.has_private);
        TEST_EQUAL(tacit_ecp_write_key_pem(&ref, TACIT_KEY_FORMAT_PKCS8, out, sizeof(out), &olen),
                   0);
        TEST_MEM_EQ(out, olen, f, flen);
#endif
        LOAD("%s.pub.der");
        TEST_EQUAL(tacit_ecp_parse_public_key_der(&k, f, flen), 0);
        TEST_ASSERT(same_key(&k, &ref) && !k.has_private);
        TEST_EQUAL(
            tacit_ecp_write_public_key_der(&ref, TACIT_KEY_FORMAT_SPKI, out, sizeof(out), &olen),
            0);
        TEST_MEM_EQ(out, olen, f, flen);
        TEST_EQUAL(tacit_ecp_parse_key_der(&k, f, flen), TACIT_ERR_ECP_KEY_FORMAT);
#if defined(TACIT_PEM_C)
        LOAD("%s.pub.pem");
        TEST_EQUAL(tacit_ecp_parse_public_key_pem(&k, f, flen), 0);
        TEST_ASSERT(same_key(&k, &ref));
        TEST_EQUAL(
            tacit_ecp_write_public_key_pem(&ref, TACIT_KEY_FORMAT_SPKI, out, sizeof(out), &olen),
            0);
        TEST_MEM_EQ(out, olen, f, flen);
        TEST_ASSERT(tacit_ecp_parse_key_pem(&k, f, flen) != 0);
#endif
        if (i < 3) {
            LOAD("%s.pub.compressed.der");
            TEST_EQUAL(tacit_ecp_parse_public_key_der(&k, f, flen), 0);
            TEST_ASSERT(same_key(&k, &ref));
        }
        /* too small an output buffer: error, the size needed, out untouched */
        TEST_EQUAL(tacit_ecp_write_key_der(&ref, TACIT_KEY_FORMAT_SEC1, out, sizeof(out), &need),
                   0);
        memset(out, 0xA5, sizeof(out));
        TEST_EQUAL(tacit_ecp_write_key_der(&ref, TACIT_KEY_FORMAT_SEC1, out, 40, &olen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(olen, need);
        for (j = 0; j < sizeof(out); j++) {
            TEST_EQUAL(out[j], 0xA5);
        }
        /* out NULL asks for the size */
        olen = 0;
        TEST_EQUAL(tacit_ecp_write_key_der(&ref, TACIT_KEY_FORMAT_SEC1, NULL, 0, &olen),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        TEST_EQUAL(olen, need);
        /* a format of another key type is refused */
        TEST_EQUAL(tacit_ecp_write_key_der(&ref, TACIT_KEY_FORMAT_PKCS1, out, sizeof(out), &olen),
                   TACIT_ERR_BAD_INPUT);
#undef LOAD
    }
exit:
    tacit_ecp_keypair_free(&ref);
    tacit_ecp_keypair_free(&k);
    free(f);
}

/* broken/ files and keys of another algorithm are rejected */
static void test_keys_rejected(void)
{
    static const struct {
        const char *file;
        int kind; /* 0 private DER, 1 private PEM, 2 public DER, 3 public PEM */
    } bad[] = {
        { "broken/p256.pub.bad-b64char.pem", 3 },
        { "broken/p256.pub.truncated.der", 2 },
        { "broken/rsa2048.key.ec-label.pem", 1 },
        { "broken/rsa2048.pkcs8.truncated.der", 0 },
        { "broken/rsa2048.key.bad-dashes.pem", 1 },
        { "broken/rsa2048.key.mismatched-footer.pem", 1 },
        { "rsa2048.pkcs8.der", 0 },
        { "rsa2048.key.der", 0 },
        { "rsa2048.pub.der", 2 },
        { "rsa2048.pub.pem", 3 },
        { "p256.crt.der", 2 },
        { "p256.sec1.pem", 3 },
        { "p256.pub.pem", 1 },
    };
    unsigned char *f = NULL;
    size_t flen = 0, i;
    tacit_ecp_keypair k;
    int ret = 0;

    tacit_ecp_keypair_init(&k);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/interop missing");
    }
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
#if !defined(TACIT_PEM_C)
        if (bad[i].kind & 1) {
            continue; /* PEM compiled out by the configuration */
        }
#endif
        f = ecc_interop(bad[i].file, &flen);
        TEST_ASSERT(f != NULL);
        switch (bad[i].kind) {
        case 0:
            ret = tacit_ecp_parse_key_der(&k, f, flen);
            break;
        case 2:
            ret = tacit_ecp_parse_public_key_der(&k, f, flen);
            break;
#if defined(TACIT_PEM_C)
        case 1:
            ret = tacit_ecp_parse_key_pem(&k, f, flen);
            break;
        default:
            ret = tacit_ecp_parse_public_key_pem(&k, f, flen);
            break;
#else
        default:
            break;
#endif
        }
        if (ret == 0) {
            printf("\n    %s accepted", bad[i].file);
        }
        TEST_ASSERT(ret < 0);
        free(f);
        f = NULL;
    }
    /* explicit curve parameters, unknown curve OID: by hand */
    {
        /* SPKI with secp224r1 (1.3.132.0.33) */
        static const unsigned char spki224[] = { 0x30, 0x16, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86,
                                                 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x05, 0x2b,
                                                 0x81, 0x04, 0x00, 0x21, 0x03, 0x02, 0x00, 0x00 };
        TEST_EQUAL(tacit_ecp_parse_public_key_der(&k, spki224, sizeof(spki224)),
                   TACIT_ERR_ECP_UNKNOWN_CURVE);
    }
exit:
    tacit_ecp_keypair_free(&k);
    free(f);
}

/*
 * tacit_ecp_select on every path this build and CPU have (AVX-512, AVX2,
 * portable; the test hook forces the lower ones) against the portable
 * tacit_ct_table_select_limbs: every entry size the ecp tables use and
 * some they do not, counts around the vector loops' unrolling (4 and 2
 * entries a step), every index, the indexes past the end (no match: 0)
 * and the wrapped index of a zero Booth digit.
 */
static void test_select(void)
{
#if defined(TACIT_ECP_SMALL)
    TEST_SKIP("the small profile has no table select (ecp_small_mul.c)");
#else
#if TACIT_MPI_LIMB_BITS == 64
    static const size_t limbs[] = { 1, 4, 6, 8, 12, 16, 18, 20, 28, 32 };
#else
    static const size_t limbs[] = { 2, 8, 12, 16, 24, 32, 36, 40, 56, 64 };
#endif
    static const size_t counts[] = { 1, 2, 3, 4, 5, 7, 16, 17, 33, 64 };
    static tacit_mpi_uint table[64 * 64];
    tacit_mpi_uint got[64 + 1], want[64 + 1];
    size_t li, ci, index, i;
    int path, paths = 1;

    for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
        table[i] = (tacit_mpi_uint)(0x9E3779B97F4A7C15u * (i + 1));
    }
#if defined(TACIT_TEST_HOOKS)
    paths = 3;
#endif
    for (path = 0; path < paths; path++) {
#if defined(TACIT_TEST_HOOKS)
        tacit_ecp_test_select_path = path; /* auto, AVX2 at most, C */
#endif
        for (li = 0; li < sizeof(limbs) / sizeof(limbs[0]); li++) {
            for (ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
                size_t n = limbs[li], cnt = counts[ci];

                for (index = 0; index <= cnt + 2; index++) {
                    size_t ix = index == cnt + 2 ? (size_t)0 - 1u : index;

                    memset(got, 0xA5, sizeof(got));
                    memset(want, 0xA5, sizeof(want));
                    tacit_ecp_select(got, table, n, cnt, ix);
                    tacit_ct_table_select_limbs(want, table, n, cnt, ix);
                    /* one limb past dst stays untouched */
                    TEST_MEM_EQ(got, (n + 1) * sizeof(tacit_mpi_uint), want,
                                (n + 1) * sizeof(tacit_mpi_uint));
                    if (ix < cnt) {
                        TEST_MEM_EQ(got, n * sizeof(tacit_mpi_uint), table + ix * n,
                                    n * sizeof(tacit_mpi_uint));
                    }
                }
            }
        }
    }
#if defined(TACIT_ECP_X86_64_AVX512)
    printf(" [AVX-512 scan %s]", tacit_ecp_cpu_has_avx512() ? "tested" : "not on this CPU");
#endif
#endif /* TACIT_ECP_SMALL */
exit:
#if defined(TACIT_TEST_HOOKS) && !defined(TACIT_ECP_SMALL)
    tacit_ecp_test_select_path = TACIT_ECP_SELECT_AUTO;
#endif
    return;
}

/*
 * The field, scalar multiplication and muladd checks again with the
 * baseline P-256 build where tacit_ecp_curve_get picks the MULX/ADX one.
 */
static void test_baseline_build(void)
{
#if defined(TACIT_TEST_HOOKS) && (defined(TACIT_ECP_P256_ADX) || defined(TACIT_ECP_P384_ADX))
    tacit_ecp_test_no_adx = 1;
    test_field();
    test_scalar_mul();
    test_muladd();
    tacit_ecp_test_no_adx = 0;
#else
    TEST_SKIP("no second P-256 build in this configuration");
exit:;
#endif
}

/*
 * Scalar multiplication (the combs, the windows) again with the table
 * reads forced down to AVX2 and to the portable select: the same points.
 */
static void test_select_paths(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_ECP_X86_64_AVX2) && !defined(TACIT_ECP_SMALL)
    tacit_ecp_test_select_path = TACIT_ECP_SELECT_AVX2;
    test_scalar_mul();
    tacit_ecp_test_select_path = TACIT_ECP_SELECT_C;
    test_scalar_mul();
    tacit_ecp_test_select_path = TACIT_ECP_SELECT_AUTO;
#else
    TEST_SKIP("needs the test hooks and a vector table read (x86-64) to force the paths");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_constants);
    RUN_TEST(test_field);
    RUN_TEST(test_scalar_mul);
    RUN_TEST(test_muladd);
    RUN_TEST(test_point_encoding);
    RUN_TEST(test_names);
    RUN_TEST(test_keys_interop);
    RUN_TEST(test_keys_rejected);
    RUN_TEST(test_baseline_build);
    RUN_TEST(test_select);
    RUN_TEST(test_select_paths);
    return TEST_MAIN_END();
}
