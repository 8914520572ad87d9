/*
 * Constant-flow tests of Ed25519 signing: under valgrind
 * (TACIT_TEST_CONSTANT_FLOW build) the seed is marked undefined from the
 * moment it enters the library, and so is a nonce given directly to the
 * fixed-base comb and to the scalar arithmetic.  Covered: key derivation
 * (SHA-512, clamping, the comb with its masked table scans, the encoding),
 * key generation with the generator's output secret, signing (nonce
 * derivation, R = r B, k, S = r + k s mod L), and the internal pieces with
 * their inputs secret.  Signatures and public keys are declared public
 * before they are compared.  Verification is not here: it is the _unsafe
 * path, for public inputs.
 *
 * --negative: a base-point table read by a direct index computed from the
 * secret scalar (what the masked scans avoid); valgrind must flag it.
 */
#include "harness.h"

#include "tacit/ed25519.h"
#include "tacit/pk.h"
#include "curve25519/ed25519_internal.h"
#include "bignum/bignum_core.h"
#include "curve25519/curve25519_fe.h"

#if defined(TACIT_ED25519_C)

static int secret_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;
    (void)p;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(i * 31 + 11);
    }
    TACIT_TEST_CF_SECRET(out, len);
    return 0;
}

static void test_sign_ct(void)
{
    unsigned char seed[32], sig[64], sig2[64], msg[77];
    tacit_ed25519_key key, key2;
    size_t olen = 0, i;
    int ret;

    for (i = 0; i < sizeof(seed); i++) {
        seed[i] = (unsigned char)(i * 7 + 100);
    }
    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)i;
    }
    TACIT_TEST_CF_SECRET(seed, sizeof(seed));
    ret = tacit_ed25519_key_from_seed(&key, seed, sizeof(seed));
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(key.pub, sizeof(key.pub));
    ret = tacit_ed25519_sign(&key, msg, sizeof(msg), sig, sizeof(sig), &olen);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(sig, sizeof(sig));
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), sig, 64), 0);

    ret = tacit_ed25519_gen_key(&key2, secret_rng, NULL);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(key2.pub, sizeof(key2.pub));
    ret = tacit_ed25519_sign(&key2, msg, 3, sig2, sizeof(sig2), &olen);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(sig2, sizeof(sig2));
    TEST_EQUAL(tacit_ed25519_verify(&key2, msg, 3, sig2, 64), 0);
    tacit_ed25519_key_free(&key);
    tacit_ed25519_key_free(&key2);
exit:
    return;
}

#if defined(TACIT_PK_C)
/* A key's life through its file formats (tacit_pk, the one door): PKCS#8 DER
 * read with the seed secret, used, and written back as PEM (base64 of the
 * secret). */
static void test_key_file_ct(void)
{
    unsigned char der[48] = { 0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
                              0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20 };
    unsigned char pem[200], sig[64];
    tacit_pk_context pk;
    size_t olen = 0, i;
    int ret;

    tacit_pk_init(&pk);
    for (i = 16; i < 48; i++) {
        der[i] = (unsigned char)(i * 11);
    }
    TACIT_TEST_CF_SECRET(der + 16, 32);
    ret = tacit_pk_parse_key(&pk, der, sizeof(der));
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TEST_ASSERT(tacit_pk_ed25519(&pk) != NULL);
    TACIT_TEST_CF_PUBLIC(tacit_pk_ed25519(&pk)->pub, 32);
    ret = tacit_ed25519_sign(tacit_pk_ed25519(&pk), der, 5, sig, sizeof(sig), &olen);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    ret = tacit_pk_write(&pk, TACIT_KEY_FORMAT_PKCS8, TACIT_KEY_ENCODING_PEM, pem, sizeof(pem),
                         &olen);
    TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
    TEST_EQUAL(ret, 0);
    TACIT_TEST_CF_PUBLIC(pem, sizeof(pem));
    TACIT_TEST_CF_PUBLIC(sig, sizeof(sig));
exit:
    tacit_pk_free(&pk);
}
#endif

/* The nonce and the private scalar marked secret at the internal layer. */
static void test_nonce_ct(void)
{
    unsigned char r[32], a[32], k[32], h[64], s[32], enc[32];
    tacit_ge25519_p3 R;
    size_t i;

    for (i = 0; i < 64; i++) {
        h[i] = (unsigned char)(i * 13 + 1);
    }
    for (i = 0; i < 32; i++) {
        a[i] = (unsigned char)(i * 5 + 9);
        k[i] = (unsigned char)(i * 3);
    }
    a[31] &= 127;
    k[31] &= 15;
    TACIT_TEST_CF_SECRET(h, sizeof(h));
    TACIT_TEST_CF_SECRET(a, sizeof(a));
    tacit_sc25519_reduce64(r, h); /* the nonce, secret */
    tacit_ge25519_scalarmult_base(&R, r);
    tacit_ge25519_tobytes(enc, &R);
    tacit_sc25519_muladd(s, k, a, r);
    TACIT_TEST_CF_PUBLIC(enc, sizeof(enc));
    TACIT_TEST_CF_PUBLIC(s, sizeof(s));
    TEST_ASSERT(tacit_sc25519_is_canonical(s));
exit:
    return;
}

/* The negative control: a base-point table read by a secret index. */
static void test_negative_indexed_table(void)
{
    unsigned char a[32];
    tacit_mpi_uint acc = 0;
    int i;

    for (i = 0; i < 32; i++) {
        a[i] = (unsigned char)(i * 5 + 9);
    }
    TACIT_TEST_CF_SECRET(a, sizeof(a));
    for (i = 0; i < 32; i++) {
        acc ^= tacit_ed25519_base_odd[a[i] & 7][0]; /* the leak: a secret index */
    }
    TACIT_TEST_CF_PUBLIC(&acc, sizeof(acc));
    printf("(%lx) ", (unsigned long)(acc & 1));
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_indexed_table);
    } else {
        RUN_TEST(test_sign_ct);
        RUN_TEST(test_nonce_ct);
#if TACIT_TEST_CF_ENABLED && defined(TACIT_TEST_HOOKS) && defined(TACIT_FE25519_HAVE_ADX)
        /* valgrind hides ADX from CPUID: force the four-limb MULX/ADX field */
        if (RUNNING_ON_VALGRIND) {
            tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_ADX;
            printf("  MULX/ADX field forced:\n");
            RUN_TEST(test_sign_ct);
            RUN_TEST(test_nonce_ct);
            tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
        }
#endif
#if defined(TACIT_PK_C)
        RUN_TEST(test_key_file_ct);
#endif
    }
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("Ed25519 compiled out (TACIT_ED25519_C)");
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        /* compiled out: a plain secret-dependent branch keeps the control honest */
        volatile unsigned char s = 1;
        TACIT_TEST_CF_SECRET((void *)&s, 1);
        if (s) {
            printf("branch on a secret\n");
        }
    }
    RUN_TEST(test_skip);
    return TEST_MAIN_END();
}
#endif
