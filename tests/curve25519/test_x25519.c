/*
 * X25519 (RFC 7748): the section 5.2 vectors, the iterated vectors (1 and
 * 1 000 iterations; 1 000 000 with --long or TACIT_TEST_LONG=1, about a
 * minute), the section 6.1 Diffie-Hellman example, Wycheproof x25519_test
 * (every vector: valid ones must give the shared secret; "acceptable" ones
 * -- twist points, non-canonical u, low-order keys -- must give the
 * expected bytes, or TACIT_ERR_X25519_SHARED_ZERO exactly when those bytes
 * are all zero), the key API and its errors, and OpenSSL libcrypto as a
 * differential peer when linked.
 */
#include "harness.h"

#include "tacit/x25519.h"
#include "bignum/bignum_core.h"
#include "curve25519/curve25519_fe.h"
#include "ecc_test_util.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

#if defined(TACIT_X25519_C)

static int unhex32(const char *hex, unsigned char out[32])
{
    size_t len = 0;
    unsigned char *b = test_unhex(hex, &len);
    int ret = (b != NULL && len == 32) ? 0 : -1;
    if (ret == 0) {
        memcpy(out, b, 32);
    }
    free(b);
    return ret;
}

static void test_rfc7748_vectors(void)
{
    static const char *const v[][3] = {
        { "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
          "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
          "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552" },
        { "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
          "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
          "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957" },
    };
    size_t i;

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        unsigned char k[32], u[32], want[32], out[32];
        TEST_EQUAL(unhex32(v[i][0], k), 0);
        TEST_EQUAL(unhex32(v[i][1], u), 0);
        TEST_EQUAL(unhex32(v[i][2], want), 0);
        TEST_EQUAL(tacit_x25519(out, k, u), 0);
        TEST_MEM_EQ(out, 32, want, 32);
        /* out aliasing the scalar */
        TEST_EQUAL(tacit_x25519(k, k, u), 0);
        TEST_MEM_EQ(k, 32, want, 32);
    }
exit:
    return;
}

static int iterate(unsigned long n, const char *want_hex)
{
    unsigned char k[32] = { 9 }, u[32] = { 9 }, r[32], want[32];
    unsigned long i;

    if (unhex32(want_hex, want) != 0) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (tacit_x25519(r, k, u) != 0) {
            return 0;
        }
        memcpy(u, k, 32);
        memcpy(k, r, 32);
    }
    return memcmp(k, want, 32) == 0;
}

static void test_rfc7748_iterated(void)
{
    TEST_ASSERT(iterate(1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"));
    TEST_ASSERT(iterate(1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"));
exit:
    return;
}

static void test_rfc7748_million(void)
{
    const char *env = getenv("TACIT_TEST_LONG");
    if (!test_has_option("--long") && (env == NULL || strcmp(env, "1") != 0)) {
        TEST_SKIP("long test: --long or TACIT_TEST_LONG=1");
    }
    TEST_ASSERT(
        iterate(1000000, "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"));
exit:
    return;
}

static void test_rfc7748_dh(void)
{
    unsigned char a[32], apub[32], b[32], bpub[32], k[32], out[32];
    tacit_x25519_key ka, kb;
    size_t olen = 0;

    TEST_EQUAL(unhex32("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a", a), 0);
    TEST_EQUAL(unhex32("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a", apub),
               0);
    TEST_EQUAL(unhex32("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb", b), 0);
    TEST_EQUAL(unhex32("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", bpub),
               0);
    TEST_EQUAL(unhex32("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", k), 0);

    TEST_EQUAL(tacit_x25519_public_key(out, a), 0);
    TEST_MEM_EQ(out, 32, apub, 32);
    TEST_EQUAL(tacit_x25519_public_key(out, b), 0);
    TEST_MEM_EQ(out, 32, bpub, 32);

    TEST_EQUAL(tacit_x25519_key_from_private(&ka, a, 32), 0);
    TEST_MEM_EQ(ka.pub, 32, apub, 32);
    TEST_EQUAL(tacit_x25519_key_from_private(&kb, b, 32), 0);
    TEST_EQUAL(tacit_x25519_compute_shared(&ka, bpub, 32, out, sizeof(out), &olen), 0);
    TEST_MEM_EQ(out, olen, k, 32);
    memset(out, 0, sizeof(out));
    TEST_EQUAL(tacit_x25519_compute_shared(&kb, ka.pub, 32, out, sizeof(out), &olen), 0);
    TEST_MEM_EQ(out, olen, k, 32);
    /* size query */
    olen = 0;
    TEST_EQUAL(tacit_x25519_compute_shared(&kb, ka.pub, 32, NULL, 0, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(olen, 32);
    tacit_x25519_key_free(&ka);
    tacit_x25519_key_free(&kb);
exit:
    return;
}

static void test_errors(void)
{
    unsigned char k[32] = { 1 }, zero[32] = { 0 }, out[32], u1[32] = { 1 };
    tacit_x25519_key key, pub;
    size_t olen = 0;

    /* u = 0 and u = 1 are of small order: the result is all zero */
    memset(out, 0xaa, sizeof(out));
    TEST_EQUAL(tacit_x25519(out, k, zero), TACIT_ERR_X25519_SHARED_ZERO);
    TEST_MEM_EQ(out, 32, zero, 32);
    TEST_EQUAL(tacit_x25519(out, k, u1), TACIT_ERR_X25519_SHARED_ZERO);
    TEST_EQUAL(tacit_x25519(NULL, k, u1), TACIT_ERR_BAD_INPUT);

    TEST_EQUAL(tacit_x25519_key_from_private(&key, k, 31), TACIT_ERR_CURVE25519_BAD_KEY);
    TEST_EQUAL(tacit_x25519_key_from_private(&key, k, 32), 0);
    TEST_EQUAL(tacit_x25519_key_from_public(&pub, key.pub, 33), TACIT_ERR_CURVE25519_BAD_KEY);
    TEST_EQUAL(tacit_x25519_key_from_public(&pub, key.pub, 32), 0);
    memset(out, 0xaa, sizeof(out));
    TEST_EQUAL(tacit_x25519_compute_shared(&key, zero, 32, out, sizeof(out), &olen),
               TACIT_ERR_X25519_SHARED_ZERO);
    TEST_MEM_EQ(out, 32, zero, 32);
    TEST_EQUAL(tacit_x25519_compute_shared(&key, zero, 31, out, sizeof(out), &olen),
               TACIT_ERR_CURVE25519_BAD_KEY);
    TEST_EQUAL(tacit_x25519_compute_shared(&key, pub.pub, 32, out, 31, &olen),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_x25519_compute_shared(&pub, key.pub, 32, out, sizeof(out), &olen),
               TACIT_ERR_NO_PRIVATE_KEY);
    tacit_x25519_key_free(&key);
    TEST_MEM_EQ(key.priv, 32, zero, 32);
exit:
    return;
}

static int fixed_rng(void *p, unsigned char *out, size_t len)
{
    memset(out, *(unsigned char *)p, len);
    return 0;
}

static int failing_rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    (void)out;
    (void)len;
    return -1;
}

static void test_gen_key(void)
{
    tacit_x25519_key a, b;
    unsigned char s1[32], s2[32], pub[32], seed = 0x42;
    size_t l1, l2;

    TEST_EQUAL(tacit_x25519_gen_key(&a, NULL, NULL), 0);
    TEST_EQUAL(tacit_x25519_gen_key(&b, fixed_rng, &seed), 0);
    TEST_EQUAL(b.priv[0], 0x42);
    TEST_EQUAL(tacit_x25519_public_key(pub, b.priv), 0);
    TEST_MEM_EQ(pub, 32, b.pub, 32);
    TEST_EQUAL(tacit_x25519_compute_shared(&a, b.pub, 32, s1, sizeof(s1), &l1), 0);
    TEST_EQUAL(tacit_x25519_compute_shared(&b, a.pub, 32, s2, sizeof(s2), &l2), 0);
    TEST_MEM_EQ(s1, l1, s2, l2);
    TEST_EQUAL(tacit_x25519_gen_key(&a, failing_rng, NULL), TACIT_ERR_RNG_FAILED);
    TEST_EQUAL(a.has_private, 0);
exit:
    return;
}

/* Fixed-base (comb or ladder) against the variable-base ladder on u = 9. */
static void test_base_vs_ladder(void)
{
    static const unsigned char nine[32] = { 9 };
    unsigned char k[32], a[32], b[32];
    int i, j;

    for (i = 0; i < 64; i++) {
        for (j = 0; j < 32; j++) {
            k[j] = (unsigned char)(i * 37 + j * 11 + (i ^ j));
        }
        if (i == 1) {
            memset(k, 0xff, 32);
        } else if (i == 2) {
            memset(k, 0, 32);
        }
        TEST_EQUAL(tacit_x25519_public_key(a, k), 0);
        TEST_EQUAL(tacit_x25519(b, k, nine), 0);
        TEST_MEM_EQ(a, 32, b, 32);
    }
exit:
    return;
}

static void test_wycheproof(void)
{
    size_t flen = 0;
    unsigned char *file = test_read_shared("vectors/wycheproof/x25519_test.txt", &flen);
    char *cur, *line, *tok[ECC_MAX_TOKENS];
    int nvalid = 0, nacc = 0, nzero = 0;

    if (file == NULL) {
        TEST_SKIP("../shared/vectors/wycheproof/x25519_test.txt missing");
    }
    cur = (char *)file;
    while ((line = ecc_next_line(&cur)) != NULL) {
        unsigned char pub[32], priv[32], want[32], out[32], zero[32] = { 0 };
        int n, ret;

        if (line[0] == '#' || line[0] == '\0') {
            continue;
        }
        n = ecc_tokens(line, tok);
        if (strcmp(tok[0], "test") != 0 || n != 7) {
            continue;
        }
        TEST_EQUAL(unhex32(tok[3], pub), 0);
        TEST_EQUAL(unhex32(tok[4], priv), 0);
        TEST_EQUAL(unhex32(tok[5], want), 0);
        ret = tacit_x25519(out, priv, pub);
        TEST_ASSERT(strcmp(tok[2], "invalid") != 0); /* the file has none */
        if (memcmp(want, zero, 32) == 0) {
            /* a low-order public key: refused (RFC 7748 6.1) */
            if (ret != TACIT_ERR_X25519_SHARED_ZERO) {
                printf("\n    tcId %s: all-zero secret not refused", tok[1]);
            }
            TEST_EQUAL(ret, TACIT_ERR_X25519_SHARED_ZERO);
            nzero++;
        } else {
            if (ret != 0 || memcmp(out, want, 32) != 0) {
                printf("\n    tcId %s (%s) wrong", tok[1], tok[6]);
            }
            TEST_EQUAL(ret, 0);
            TEST_MEM_EQ(out, 32, want, 32);
        }
        if (strcmp(tok[2], "valid") == 0) {
            nvalid++;
        } else {
            nacc++;
        }
    }
    printf("(%d valid, %d acceptable, %d all-zero refused) ", nvalid, nacc, nzero);
    TEST_EQUAL(nvalid + nacc, 518);
exit:
    free(file);
}

#if defined(TACIT_HAVE_OPENSSL)
/* Random keys: tacit and libcrypto derive the same public keys and secrets. */
static void test_openssl(void)
{
    int i;

    for (i = 0; i < 50; i++) {
        unsigned char a[32], b[32], pa[32], pb[32], s1[32], s2[32];
        size_t len = 32, j;
        EVP_PKEY *ka = NULL, *kb = NULL;
        EVP_PKEY_CTX *ctx = NULL;
        int ok;

        for (j = 0; j < 32; j++) {
            a[j] = (unsigned char)(rand() >> 3);
            b[j] = (unsigned char)(rand() >> 5);
        }
        ka = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, a, 32);
        kb = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, b, 32);
        ok = ka != NULL && kb != NULL && EVP_PKEY_get_raw_public_key(ka, pa, &len) == 1;
        len = 32;
        ok = ok && EVP_PKEY_get_raw_public_key(kb, pb, &len) == 1;
        ctx = ok ? EVP_PKEY_CTX_new(ka, NULL) : NULL;
        len = 32;
        ok = ok && ctx != NULL && EVP_PKEY_derive_init(ctx) == 1 &&
             EVP_PKEY_derive_set_peer(ctx, kb) == 1 && EVP_PKEY_derive(ctx, s1, &len) == 1;
        EVP_PKEY_CTX_free(ctx);
        EVP_PKEY_free(ka);
        EVP_PKEY_free(kb);
        TEST_ASSERT(ok);
        TEST_EQUAL(tacit_x25519_public_key(s2, a), 0);
        TEST_MEM_EQ(s2, 32, pa, 32);
        TEST_EQUAL(tacit_x25519(s2, a, pb), 0);
        TEST_MEM_EQ(s2, 32, s1, 32);
    }
exit:
    return;
}
#endif

#if defined(TACIT_TEST_HOOKS) && defined(TACIT_FE25519_HAVE_ADX)
/*
 * The two field paths (radix 2^51 forced with the test hook, and the
 * MULX/ADX path when the CPU has it) give the same bytes for random
 * scalars and u-coordinates, including u >= p and u with bit 255 set;
 * the public key (the Edwards comb) on both paths equals X25519(k, 9).
 */
static void test_paths_agree(void)
{
    int i, j;

    if (!tacit_mpi_core_cpu_has_adx()) {
        TEST_SKIP("the CPU lacks BMI2/ADX");
    }
    for (i = 0; i < 300; i++) {
        unsigned char k[32], u[32], r1[32], r2[32];
        int ret1, ret2;
        for (j = 0; j < 32; j++) {
            k[j] = (unsigned char)(rand() >> 4);
            u[j] = (unsigned char)(rand() >> 6);
        }
        if (i % 10 == 1) {
            memset(u, 0xff, 32); /* 2^256 - 1: u = 2^255 - 1 = p + 18 */
            u[0] = (unsigned char)(0xec + i / 10);
        }
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
        ret1 = tacit_x25519(r1, k, u);
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
        ret2 = tacit_x25519(r2, k, u);
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
        TEST_EQUAL(ret1, ret2);
        TEST_MEM_EQ(r1, 32, r2, 32);
        /* the public key by the Edwards comb, on either path, and by the ladder */
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
        ret1 = tacit_x25519_public_key(r1, k);
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
        ret2 = tacit_x25519_public_key(r2, k);
        tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
        TEST_EQUAL(ret1, 0);
        TEST_EQUAL(ret2, 0);
        TEST_MEM_EQ(r1, 32, r2, 32);
        memset(u, 0, 32);
        u[0] = 9;
        TEST_EQUAL(tacit_x25519(r2, k, u), 0);
        TEST_MEM_EQ(r1, 32, r2, 32);
    }
exit:
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
}
#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_FE25519_HAVE_ADX)
    /* the vectors on the radix-2^51 path first (the CPU's path runs below) */
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    printf("  radix 2^51 path forced:\n");
    RUN_TEST(test_rfc7748_vectors);
    RUN_TEST(test_rfc7748_iterated);
    RUN_TEST(test_wycheproof);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    printf("  the CPU's path (%s):\n", tacit_mpi_core_cpu_has_adx() ? "MULX/ADX" : "radix 2^51");
    RUN_TEST(test_paths_agree);
#endif
    RUN_TEST(test_rfc7748_vectors);
    RUN_TEST(test_rfc7748_iterated);
    RUN_TEST(test_rfc7748_million);
    RUN_TEST(test_rfc7748_dh);
    RUN_TEST(test_errors);
    RUN_TEST(test_gen_key);
    RUN_TEST(test_base_vs_ladder);
    RUN_TEST(test_wycheproof);
#if defined(TACIT_HAVE_OPENSSL)
    RUN_TEST(test_openssl);
#else
    SKIP_TEST_NO_PEER(test_openssl, "OpenSSL libcrypto");
#endif
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("X25519 compiled out (TACIT_X25519_C)");
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_skip);
    return TEST_MAIN_END();
}
#endif
