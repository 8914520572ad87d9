/*
 * The allocator hook (TACIT_PLATFORM_CALLOC / tacit_platform_calloc): every
 * operation that allocates is run once with the counting allocator (T
 * allocations, all released), then T more times with the Nth allocation
 * failing, for every N in 1..T.  Each run must end in a clean error
 * (TACIT_ERR_ALLOC_FAILED), with every block
 * released (no leak) and no crash (the ASan build checks the accesses).
 * Every other suite checks at exit (harness.h) that it leaked nothing.
 */
#include "harness.h"

#include "core/platform_internal.h"
#include "tacit/config.h"
#include "tacit/bignum.h"
#include "tacit/hmac_drbg.h"
#include "tacit/pem.h"
#include "tacit/rsa.h"
#include "rsa/rsa_internal.h"

#if defined(TACIT_TEST_HOOKS)

/* A deterministic generator: the same allocations in every run. */
static tacit_hmac_drbg_context drbg;

static int rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    return tacit_hmac_drbg_random(&drbg, out, len);
}

static void rng_reset(void)
{
    static const unsigned char seed[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    tacit_hmac_drbg_free(&drbg);
    tacit_hmac_drbg_init(&drbg);
    (void)tacit_hmac_drbg_seed_buf(&drbg, TACIT_MD_SHA256, seed, sizeof(seed), NULL, 0, NULL, 0);
}

static int is_alloc_error(int ret)
{
    return ret == TACIT_ERR_ALLOC_FAILED;
}

/*
 * Run op once counting, then once per allocation with that allocation
 * failing.  stride > 1 tries only every stride-th N (and the last), for the
 * operations that allocate thousands of times (key generation); the case
 * says so.
 */
static int fail_every_n(const char *name, int (*op)(void), unsigned long stride)
{
    unsigned long before, total, n, tried = 0;
    long live0 = tacit_platform_test_alloc_live();
    int ret;

    rng_reset();
    before = tacit_platform_test_alloc_count();
    ret = op();
    total = tacit_platform_test_alloc_count() - before;
    if (ret != 0 || tacit_platform_test_alloc_live() != live0) {
        printf("\n    %s: the counted run returned %d with %ld blocks live\n", name, ret,
               tacit_platform_test_alloc_live() - live0);
        return 0;
    }
    for (n = 1; n <= total; n += (n + stride > total && n != total) ? total - n : stride) {
        rng_reset();
        tacit_platform_test_alloc_fail_at = n;
        ret = op();
        tacit_platform_test_alloc_fail_at = 0;
        tried++;
        if (!is_alloc_error(ret) || tacit_platform_test_alloc_live() != live0) {
            printf(
                "\n    %s: allocation %lu of %lu failing: returned %d (-0x%04x), %ld blocks live\n",
                name, n, total, ret, (unsigned)-ret, tacit_platform_test_alloc_live() - live0);
            return 0;
        }
    }
    printf(" [%lu allocations, %lu failing runs]", total, tried);
    return 1;
}

#define FAIL_EVERY_N(op, stride) TEST_ASSERT(fail_every_n(#op, op, stride))

/* ---- operations --------------------------------------------------------- */

#if defined(TACIT_BIGNUM_C)
static const char *hex_a =
    "c5d1e7f0a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b7";
static const char *hex_m = "f1e2d3c4b5a697887766554433221100ffeeddccbbaa99887766554433221101";

static void hex_bytes(const char *hex, unsigned char *out, size_t *len)
{
    size_t i;

    for (i = 0; hex[2 * i] != '\0'; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (unsigned char)v;
    }
    *len = i;
}

static int op_mpi(void)
{
    tacit_mpi A, M, X, Y;
    unsigned char a[64], m[64], buf[256];
    size_t alen, mlen;
    int ret;

    hex_bytes(hex_a, a, &alen);
    hex_bytes(hex_m, m, &mlen);

    tacit_mpi_init(&A);
    tacit_mpi_init(&M);
    tacit_mpi_init(&X);
    tacit_mpi_init(&Y);
    if ((ret = tacit_mpi_read_binary(&A, a, alen)) != 0 ||
        (ret = tacit_mpi_read_binary(&M, m, mlen)) != 0 ||
        (ret = tacit_mpi_mul_mpi(&X, &A, &A)) != 0 ||
        (ret = tacit_mpi_div_mpi(&X, &Y, &X, &M)) != 0 ||
        (ret = tacit_mpi_exp_mod(&X, &A, &M, &M, NULL)) != 0 ||
        (ret = tacit_mpi_exp_mod_unsafe(&X, &A, &M, &M, NULL)) != 0 ||
        (ret = tacit_mpi_inv_mod(&Y, &A, &M)) != 0 || (ret = tacit_mpi_gcd(&Y, &A, &M)) != 0 ||
        (ret = tacit_mpi_write_binary(&X, buf, sizeof(buf))) != 0 ||
        (ret = tacit_mpi_is_prime(&M, 8, rng, NULL)) == TACIT_ERR_ALLOC_FAILED) {
        goto cleanup;
    }
    ret = 0;
cleanup:
    tacit_mpi_free(&A);
    tacit_mpi_free(&M);
    tacit_mpi_free(&X);
    tacit_mpi_free(&Y);
    return ret;
}

static int op_gen_prime(void)
{
    tacit_mpi P;
    int ret;

    tacit_mpi_init(&P);
    ret = tacit_mpi_gen_prime(&P, 256, 0, rng, NULL);
    tacit_mpi_free(&P);
    return ret;
}
#endif /* TACIT_BIGNUM_C */

#if defined(TACIT_RSA_C)
/* A 1024-bit key made once (deterministically) and written as PKCS#8 PEM. */
static unsigned char key_pem[4096];
static size_t key_pem_len;

static int op_rsa_gen_key(void)
{
    tacit_rsa_context rsa;
    int ret;

    tacit_rsa_init(&rsa);
    ret = tacit_rsa_gen_key(&rsa, 1024, 65537, rng, NULL);
    if (ret == 0) {
        ret = tacit_rsa_write_key_pem(&rsa, TACIT_KEY_FORMAT_PKCS8, key_pem, sizeof(key_pem),
                                      &key_pem_len);
    }
    tacit_rsa_free(&rsa);
    return ret;
}

/* Parse the key, then sign, verify, encrypt and decrypt with every padding. */
static int op_rsa(void)
{
    tacit_rsa_context rsa, pub, cpy;
    unsigned char hash[32] = { 7 }, sig[128], ct[128], pt[128], der[1200];
    size_t olen;
    int ret;

    tacit_rsa_init(&rsa);
    tacit_rsa_init(&pub);
    tacit_rsa_init(&cpy);
    if ((ret = tacit_rsa_parse_key_pem(&rsa, key_pem, key_pem_len)) != 0 ||
        (ret = tacit_rsa_write_public_key_der(&rsa, TACIT_KEY_FORMAT_SPKI, der, sizeof(der),
                                              &olen)) != 0 ||
        (ret = tacit_rsa_parse_public_key_der(&pub, der, olen)) != 0 ||
        (ret = tacit_rsa_copy(&cpy, &rsa)) != 0 ||
        (ret = tacit_rsa_pkcs1_sign(&rsa, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &olen, rng,
                                    NULL)) != 0 ||
        (ret = tacit_rsa_pkcs1_verify(&pub, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig))) != 0 ||
        (ret = tacit_rsa_pss_sign(&cpy, TACIT_MD_SHA256, TACIT_MD_SHA256, 32, hash, 32, sig,
                                  sizeof(sig), &olen, rng, NULL)) != 0 ||
        (ret = tacit_rsa_pss_verify(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, 32, hash, 32, sig,
                                    sizeof(sig))) != 0 ||
        (ret = tacit_rsa_oaep_encrypt(&pub, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, hash, 32, ct,
                                      sizeof(ct), &olen, rng, NULL)) != 0 ||
        (ret = tacit_rsa_oaep_decrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, ct,
                                      sizeof(ct), pt, sizeof(pt), &olen, rng, NULL)) != 0 ||
        (ret = tacit_rsa_pkcs1_encrypt(&pub, hash, 32, ct, sizeof(ct), &olen, rng, NULL)) != 0 ||
        (ret = tacit_rsa_pkcs1_decrypt(&rsa, ct, sizeof(ct), pt, sizeof(pt), &olen, rng, NULL)) !=
            0 ||
        (ret = tacit_rsa_check_pub_priv(&pub, &rsa)) != 0) {
        goto cleanup;
    }
cleanup:
    tacit_rsa_free(&rsa);
    tacit_rsa_free(&pub);
    tacit_rsa_free(&cpy);
    return ret;
}
#endif /* TACIT_RSA_C */

#if defined(TACIT_PEM_C)
static int op_pem(void)
{
    static const char pem[] =
        "-----BEGIN TEST-----\nAAECAwQFBgcICQoLDA0ODw==\n-----END TEST-----\n";
    tacit_pem_block block;
    size_t used;
    int ret = tacit_pem_read("TEST", (const unsigned char *)pem, sizeof(pem) - 1, &block, &used);

    if (ret == 0) {
        tacit_pem_block_free(&block);
    }
    return ret;
}
#endif

/* ---- cases -------------------------------------------------------------- */

static void test_alloc_mpi(void)
{
#if defined(TACIT_BIGNUM_C)
    FAIL_EVERY_N(op_mpi, 1);
    FAIL_EVERY_N(op_gen_prime, 1);
#else
    TEST_SKIP("TACIT_BIGNUM_C off");
#endif
exit:
    return;
}

static void test_alloc_rsa(void)
{
#if defined(TACIT_RSA_C) && defined(TACIT_PEM_C)
    /* key generation allocates thousands of times: every 7th N, and the last */
    FAIL_EVERY_N(op_rsa_gen_key, 7);
    FAIL_EVERY_N(op_rsa, 1);
#else
    TEST_SKIP("TACIT_RSA_C or TACIT_PEM_C off");
#endif
exit:
    return;
}

static void test_alloc_pem(void)
{
#if defined(TACIT_PEM_C)
    FAIL_EVERY_N(op_pem, 1);
#else
    TEST_SKIP("TACIT_PEM_C off");
#endif
exit:
    return;
}

#endif /* TACIT_TEST_HOOKS */

static void test_alloc_hooks(void)
{
#if defined(TACIT_TEST_HOOKS)
    TEST_ASSERT(tacit_platform_test_alloc_fail_at == 0);
#else
    TEST_SKIP("TACIT_TEST_HOOKS off");
#endif
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_alloc_hooks);
#if defined(TACIT_TEST_HOOKS)
    RUN_TEST(test_alloc_pem);
    RUN_TEST(test_alloc_mpi);
    RUN_TEST(test_alloc_rsa);
    tacit_hmac_drbg_free(&drbg);
#endif
    return TEST_MAIN_END();
}
