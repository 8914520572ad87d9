/*
 * Constant-flow test of the RSA private operation (valgrind memcheck, see
 * tests/constant_flow.h).
 *
 * A 1024-bit key (generated for this test with `openssl genrsa 1024`) is
 * loaded, then everything secret in the context is marked: P, Q, D, DP, DQ,
 * QP and the limb cache's private part (p, q, dP, dQ, qInv*R, R^2 mod p/q)
 * and the Montgomery constants of p and q.  The RNG marks its output secret
 * too, so the blinding values r and u are secret.  A raw private
 * operation, PKCS#1 v1.5 and PSS signing, and OAEP and PKCS#1 v1.5
 * decryption (of valid and of invalid ciphertexts), and OAEP and PKCS#1
 * v1.5 encryption of a message marked secret must then run without a
 * branch or memory index depending on any of it.  What becomes public, only
 * through tacit_ct_declassify: the input's range verdict, the
 * blinding product r*u/R (uniform, independent of r), the verify-after-sign
 * verdict, and for decryption the padding verdict and message length.
 *
 * --negative: the leaky exponentiation tacit_mpi_core_exp_mod_unsafe on the
 * secret dP, which valgrind must flag.
 */
#include "harness.h"

#include "tacit/hmac_drbg.h"
#include "tacit/md.h"
#include "tacit/rsa.h"

#include "bignum/bignum_core.h"
#include "rsa/rsa_internal.h"

static const char key_hex[] =
    "3082025d02010002818100c9041aa4fc71bd40e8c53e936668a4e446258a637892afc121"
    "ee7fd428de14d26960f8ac41083badc7151e8dd8cbc1c37b08b411821e020eaf006fb46e"
    "60dcff8388583a769b6fde442fe56a578e48fc5a13bb31b678c65ee9e12ad5f19c54575d"
    "2cc140c4d33c00c63dee5d24878ac36c88f9bd2b432f8f8e01da1278cbbbd70203010001"
    "0281800375b69fb058a4d1413063eb558fe786a64e6f1b572fef267bd7070c37c7dac3e4"
    "5c6eeb48134433b181838d1d762457a0fe7d5aefca646eac446da7c55e956f2898b2ac46"
    "ef79dd0da2830495e80a2a1c8180052ae1b6a51e03a56bb235b6a3c2aab0d755df505e53"
    "cb3d568253060a1139ba194acf709a8a93bfa78fd2f081024100f2c8dddfa3904dcb0c3d"
    "df56db9e58ee9af1083f60e2f475f581c8fc224baa6fc19b48c62a6a197299930393a613"
    "c6808cfd32250c64bf36af4333e585c02d6f024100d3f5343b9817a937a4faf41ffbcb9c"
    "0c3b97af9e2872fa1e5d8119603f900459b1b4fc8edde4fec754415af52523cc2f118594"
    "1277aad3c1740322b36c1f74190241009d420285235b0b28a44b4768e9644dd26fc60443"
    "992c2890676fa391bd5d298eade739623282faecc210f9d61f52dbd6d47c0488fed81b0a"
    "fec716cc6ab02a3d02406a52c747d9ac8cd2ffec6f07983c73e3e304dd309e23c6f9f277"
    "af2e0bd4878a22cda21f5c89e19045e09eeaf81d73f06c7eb05f6f2dff193cc3d1e56528"
    "8609024100b7161a6aa2675f70ba6b95a19b4e7032b4108683827107ed889ba484df90a3"
    "fd8e03de587bd7c2f9713db3c551625ea8ad1ebf71f0084a84558f7759295dbc09";

static int secret_rng(void *p, unsigned char *out, size_t len)
{
    int ret = tacit_rng_default(p, out, len);
    TACIT_TEST_CF_SECRET(out, len);
    return ret;
}

/*
 * A fixed stream (byte i of each call is 0x5c ^ 3 i) for the OAEP ciphertext
 * that the PKCS#1 v1.5 decoder must refuse.  With a random seed it would be
 * accepted by chance: its second byte is a byte of the masked seed, 02 with
 * probability 1/256, then 8 nonzero bytes (0.969) and a zero byte among the
 * other 118 (0.370) make valid v1.5 padding, about once in 714 runs (seen:
 * 4 of 3000 runs failed).  With this seed the ciphertext is always the
 * same, and its padding is not v1.5's.
 */
static int fixed_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;

    (void)p;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(0x5c ^ (3 * i));
    }
    return 0;
}

static void mark_mpi(const tacit_mpi *X)
{
    TACIT_TEST_CF_SECRET(X->p, X->n * sizeof(tacit_mpi_uint));
}

static void mark_secrets(tacit_rsa_context *rsa)
{
    mark_mpi(&rsa->D);
    mark_mpi(&rsa->P);
    mark_mpi(&rsa->Q);
    mark_mpi(&rsa->DP);
    mark_mpi(&rsa->DQ);
    mark_mpi(&rsa->QP);
    TACIT_TEST_CF_SECRET(RSA_C_P(rsa), RSA_C_PRIV_COUNT * rsa->hlimbs * sizeof(tacit_mpi_uint));
    TACIT_TEST_CF_SECRET(&rsa->mm_p, sizeof(rsa->mm_p));
    TACIT_TEST_CF_SECRET(&rsa->mm_q, sizeof(rsa->mm_q));
}

static int load(tacit_rsa_context *rsa)
{
    size_t len;
    unsigned char *der = test_unhex(key_hex, &len);
    int ret = der == NULL ? -1 : tacit_rsa_parse_key_der(rsa, der, len);

    free(der);
    return ret;
}

static void test_private_ops_constant_flow(void)
{
    size_t olen;
    tacit_rsa_context rsa;
    unsigned char h[32], in[128], out[128], ct[128], pt[128], msg[40];
    size_t k, ol = 0;
    int ret;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(load(&rsa), 0);
    k = tacit_rsa_len(&rsa);
    TEST_EQUAL(k, 128);
    memset(msg, 0x33, sizeof(msg));
    tacit_md(TACIT_MD_SHA256, msg, sizeof(msg), h);
    /* ciphertexts made while nothing is marked (the OAEP one from a fixed seed: fixed_rng) */
    TEST_EQUAL(tacit_rsa_oaep_encrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, msg,
                                      sizeof(msg), ct, sizeof(ct), &olen, fixed_rng, NULL),
               0);
    TEST_EQUAL(tacit_rsa_pkcs1_encrypt(&rsa, msg, sizeof(msg), in, sizeof(in), &olen, NULL, NULL),
               0);

    /* from here on, blinding draws from the marked-secret generator */
    mark_secrets(&rsa);

    /* raw private operation */
    memset(out, 0, sizeof(out));
    out[5] = 0x17;
    ret = tacit_rsa_private(&rsa, out, k, pt, sizeof(pt), &olen, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    /* signatures */
    ret = tacit_rsa_pkcs1_sign(&rsa, TACIT_MD_SHA256, h, 32, out, sizeof(out), &olen, secret_rng,
                               NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(out, k);
    ret = tacit_rsa_pss_sign(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, 32, h, 32, out, sizeof(out),
                             &olen, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(out, k);
    /* decryption: valid ... */
    ret = tacit_rsa_oaep_decrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, ct, k, pt,
                                 sizeof(pt), &ol, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(pt, ol);
    TEST_MEM_EQ(pt, ol, msg, sizeof(msg));
    ret = tacit_rsa_pkcs1_decrypt(&rsa, in, k, pt, sizeof(pt), &ol, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(pt, ol);
    TEST_MEM_EQ(pt, ol, msg, sizeof(msg));
    ret =
        tacit_rsa_pkcs1_decrypt_explicit_oracle(&rsa, in, k, pt, sizeof(pt), &ol, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(pt, ol);
    TEST_MEM_EQ(pt, ol, msg, sizeof(msg));
    /*
     * ... and invalid: the other scheme's ciphertext.  A v1.5 ciphertext (random
     * padding) passes OAEP's decoding only if 32 bytes match lHash: below 2^-256.
     */
    ret = tacit_rsa_oaep_decrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, in, k, pt,
                                 sizeof(pt), &ol, secret_rng, NULL);
    TEST_EQUAL(ret, TACIT_ERR_RSA_INVALID_PADDING);
    ret =
        tacit_rsa_pkcs1_decrypt_explicit_oracle(&rsa, ct, k, pt, sizeof(pt), &ol, secret_rng, NULL);
    TEST_EQUAL(ret, TACIT_ERR_RSA_INVALID_PADDING);
    /* implicit rejection: the synthetic message comes from d (secret) and the
     * ciphertext; the same code path as a valid one */
    ret = tacit_rsa_pkcs1_decrypt(&rsa, ct, k, pt, sizeof(pt), &ol, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(pt, ol);
    /*
     * Encryption: the public operation on a block that holds a secret
     * message (only the exponent e may steer the exponentiation).
     */
    TACIT_TEST_CF_SECRET(msg, sizeof(msg));
    ret = tacit_rsa_oaep_encrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, msg, sizeof(msg),
                                 out, sizeof(out), &olen, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    ret =
        tacit_rsa_pkcs1_encrypt(&rsa, msg, sizeof(msg), out, sizeof(out), &olen, secret_rng, NULL);
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(msg, sizeof(msg));
exit:
    tacit_rsa_free(&rsa);
}

/* The negative control: the leaky exponentiation with the secret dP. */
static void test_negative_unsafe_exp_on_dp(void)
{
    tacit_rsa_context rsa;
    tacit_mpi_uint *X = NULL, *T = NULL;
    size_t hl, tl;

    tacit_rsa_init(&rsa);
    TEST_EQUAL(load(&rsa), 0);
    hl = rsa.hlimbs;
    tl = tacit_mpi_core_exp_mod_unsafe_working_limbs(hl, hl);
    X = calloc(hl, sizeof(*X));
    T = calloc(tl, sizeof(*T));
    TEST_ASSERT(X != NULL && T != NULL);
    X[0] = 7;
    mark_secrets(&rsa);
    tacit_mpi_core_exp_mod_unsafe(X, X, RSA_C_P(&rsa), hl, RSA_C_DP(&rsa), hl, RSA_C_RP(&rsa), T);
    TACIT_TEST_CF_PUBLIC(X, hl * sizeof(*X));
exit:
    free(X);
    free(T);
    tacit_rsa_free(&rsa);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_unsafe_exp_on_dp);
    } else {
        RUN_TEST(test_private_ops_constant_flow);
    }
    tacit_rng_default_free();
    return TEST_MAIN_END();
}
