/*
 * Constant-flow test of key generation (valgrind memcheck, see
 * tests/constant_flow.h): every byte the RNG hands out is marked secret, so
 * the candidate primes, the accepted ones, d, the CRT values and the EC
 * private scalars are all secret from the moment they exist.
 *
 * RSA: a 1024-bit key (the smallest allowed, so valgrind stays fast).  What
 * may become public, only through tacit_ct_declassify: whether a candidate
 * is rejected (it is then thrown away: trial division, gcd(e, p - 1),
 * Miller-Rabin "composite", |p - q| and "d too small"), and n.
 * EC: a key pair on every curve; the public point is declassified.  And
 * EC key loading: a SEC1 key of every curve (with its public key) is
 * parsed with the private key's OCTET STRING contents marked: d*G is
 * computed, declassified (it is the public key) and compared.
 *
 * --negative: the leaky exponentiation on a secret exponent drawn from the
 * marked RNG, which valgrind must flag.
 */
#include "harness.h"

#include "tacit/ecp.h"
#include "tacit/hmac_drbg.h"
#include "tacit/rsa.h"

#include "bignum/bignum_core.h"
#include "ec/ecp_internal.h"

/* A deterministic generator (so runs are repeatable) whose output is secret. */
static tacit_hmac_drbg_context drbg;

static int secret_rng(void *p, unsigned char *out, size_t len)
{
    int ret = tacit_hmac_drbg_random(p, out, len);
    TACIT_TEST_CF_SECRET(out, len);
    return ret;
}

static int seed(const char *s)
{
    tacit_hmac_drbg_free(&drbg);
    tacit_hmac_drbg_init(&drbg);
    return tacit_hmac_drbg_seed_buf(&drbg, TACIT_MD_SHA256, (const unsigned char *)s, strlen(s),
                                    NULL, 0, NULL, 0);
}

static void test_rsa_gen_key_1024(void)
{
    tacit_rsa_context rsa;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(seed("ct_keygen rsa"), 0);
    TEST_EQUAL(tacit_rsa_gen_key(&rsa, 1024, 65537, secret_rng, &drbg), 0);
    TACIT_TEST_CF_PUBLIC(rsa.cache, rsa.cache_limbs * sizeof(tacit_mpi_uint));
    TACIT_TEST_CF_PUBLIC(&rsa.mm_p, sizeof(rsa.mm_p));
    TACIT_TEST_CF_PUBLIC(&rsa.mm_q, sizeof(rsa.mm_q));
    TEST_EQUAL(tacit_rsa_bitlen(&rsa), 1024);
exit:
    tacit_rsa_free(&rsa);
}

static void ec_case(tacit_ecp_group_id grp, const char *s)
{
    tacit_ecp_keypair key;

    tacit_ecp_keypair_init(&key);
    TEST_EQUAL(seed(s), 0);
    TEST_EQUAL(tacit_ecp_gen_key(&key, grp, secret_rng, &drbg), 0);
    TACIT_TEST_CF_PUBLIC(key.d, sizeof(key.d));
    TEST_EQUAL(tacit_ecp_check_priv(&key), 0);
exit:
    tacit_ecp_keypair_free(&key);
}

static void test_ecp_gen_key_p256(void)
{
    ec_case(TACIT_ECP_SECP256R1, "ct_keygen p256");
}

static void test_ecp_gen_key_p384(void)
{
    ec_case(TACIT_ECP_SECP384R1, "ct_keygen p384");
}

static void test_ecp_gen_key_p521(void)
{
    ec_case(TACIT_ECP_SECP521R1, "ct_keygen p521");
}

/* SEC1 DER of a fresh key; parse it again with the contents of d marked. */
static void ec_parse_case(tacit_ecp_group_id grp)
{
    tacit_ecp_keypair key, back;
    unsigned char der[512];
    size_t len = 0, pos;

    tacit_ecp_keypair_init(&key);
    tacit_ecp_keypair_init(&back);
    TEST_EQUAL(seed("ct_keygen ec parse"), 0);
    TEST_EQUAL(tacit_ecp_gen_key(&key, grp, tacit_hmac_drbg_random, &drbg), 0);
    TEST_EQUAL(tacit_ecp_write_key_der(&key, TACIT_KEY_FORMAT_SEC1, der, sizeof(der), &len), 0);
    /* SEQUENCE (short or 0x81 length), INTEGER 1 (3 bytes), OCTET STRING d */
    pos = der[1] == 0x81 ? 3 : 2;
    TEST_ASSERT(der[pos] == 0x02 && der[pos + 3] == 0x04);
    pos += 3;
    TEST_ASSERT(der[pos + 1] < 0x80);
    TACIT_TEST_CF_SECRET(der + pos + 2, der[pos + 1]);
    TEST_EQUAL(tacit_ecp_parse_key_der(&back, der, len), 0);
    TACIT_TEST_CF_PUBLIC(back.d, sizeof(back.d));
    TEST_MEM_EQ(back.d, sizeof(back.d), key.d, sizeof(key.d));
exit:
    tacit_ecp_keypair_free(&key);
    tacit_ecp_keypair_free(&back);
}

static void test_ecp_parse_sec1_p256(void)
{
    ec_parse_case(TACIT_ECP_SECP256R1);
}

static void test_ecp_parse_sec1_p384(void)
{
    ec_parse_case(TACIT_ECP_SECP384R1);
}

static void test_ecp_parse_sec1_p521(void)
{
    ec_parse_case(TACIT_ECP_SECP521R1);
}

/* The negative control: the leaky exponentiation on a secret exponent. */
static void test_negative_unsafe_exp(void)
{
    tacit_mpi_uint N[4] = { 0xF1, 0, 0, 1 }, RR[4], X[4] = { 3, 0, 0, 0 }, E[4], *T = NULL;
    unsigned char e[sizeof(E)];

    TEST_EQUAL(seed("ct_keygen negative"), 0);
    T = calloc(tacit_mpi_core_exp_mod_unsafe_working_limbs(4, 4), sizeof(*T));
    TEST_ASSERT(T != NULL);
    TEST_EQUAL(secret_rng(&drbg, e, sizeof(e)), 0);
    memcpy(E, e, sizeof(E));
    tacit_mpi_core_get_mont_r2_ct(RR, N, 4);
    tacit_mpi_core_exp_mod_unsafe(X, X, N, 4, E, 4, RR, T);
    TACIT_TEST_CF_PUBLIC(X, sizeof(X));
exit:
    free(T);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    tacit_hmac_drbg_init(&drbg);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_unsafe_exp);
    } else {
        RUN_TEST(test_rsa_gen_key_1024);
        RUN_TEST(test_ecp_gen_key_p256);
        RUN_TEST(test_ecp_gen_key_p384);
        RUN_TEST(test_ecp_gen_key_p521);
        RUN_TEST(test_ecp_parse_sec1_p256);
        RUN_TEST(test_ecp_parse_sec1_p384);
        RUN_TEST(test_ecp_parse_sec1_p521);
    }
    tacit_hmac_drbg_free(&drbg);
    return TEST_MAIN_END();
}
