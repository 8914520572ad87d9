/*
 * PKCS#1 v1.5 signatures without a DigestInfo (tacit_rsa_pkcs1_sign_raw /
 * _verify_raw): the public operation of a signature gives exactly
 * 00 01 FF..FF 00 || in; a raw signature over DigestInfo(hash) equals
 * tacit_rsa_pkcs1_sign's signature of hash (the same block); TLS 1.0's
 * 36-byte MD5 || SHA-1 input; every length up to k - 11 and not beyond;
 * a tampered input or signature is refused; bad arguments.
 */
#include "harness.h"

#include "tacit/rsa.h"
#include "tacit/sha256.h"

static void check_key(const tacit_rsa_context *rsa)
{
    size_t k = tacit_rsa_len(rsa), n, len = 0, i;
    unsigned char in[512], sig[512], em[512], sig2[512], hash[32];
    /* DigestInfo prefix of SHA-256 (RFC 8017 9.2 note 1) */
    static const unsigned char di[19] = { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60,
                                          0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                                          0x01, 0x05, 0x00, 0x04, 0x20 };

    for (i = 0; i < sizeof(in); i++) {
        in[i] = (unsigned char)(i * 7 + 3);
    }
    /* every length from 0 to k - 11 (a few around the limit and spread between) */
    for (n = 0; n <= k - 11; n = n + 1 < 40 || n + 1 > k - 20 ? n + 1 : n + 29) {
        TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, in, n, sig, sizeof(sig), &len, NULL, NULL), 0);
        TEST_EQUAL(len, k);
        TEST_EQUAL(tacit_rsa_public(rsa, sig, k, em, sizeof(em), &len), 0);
        TEST_EQUAL(em[0], 0x00);
        TEST_EQUAL(em[1], 0x01);
        for (i = 2; i < k - n - 1; i++) {
            TEST_EQUAL(em[i], 0xFF);
        }
        TEST_EQUAL(em[k - n - 1], 0x00);
        TEST_MEM_EQ(em + k - n, n, in, n);
        TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, in, n, sig, k), 0);
        if (n > 0) {
            in[n - 1] ^= 1;
            TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, in, n, sig, k), TACIT_ERR_VERIFY_FAILED);
            in[n - 1] ^= 1;
        }
        /* the same block with one byte less of input is another block */
        if (n > 0) {
            TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, in + 1, n - 1, sig, k),
                       TACIT_ERR_VERIFY_FAILED);
        }
        sig[k / 2] ^= 0x40;
        TEST_ASSERT(tacit_rsa_pkcs1_verify_raw(rsa, in, n, sig, k) != 0);
    }
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, in, k - 10, sig, sizeof(sig), &len, NULL, NULL),
               TACIT_ERR_RSA_MESSAGE_TOO_LONG);
    TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, in, k - 10, sig, k), TACIT_ERR_RSA_MESSAGE_TOO_LONG);

    /* raw over DigestInfo || hash is RSASSA-PKCS1-v1_5 with SHA-256 */
    TEST_EQUAL(tacit_sha256(in, 100, hash), 0);
    memcpy(em, di, sizeof(di));
    memcpy(em + sizeof(di), hash, 32);
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, em, 51, sig, sizeof(sig), &len, NULL, NULL), 0);
    TEST_EQUAL(
        tacit_rsa_pkcs1_sign(rsa, TACIT_MD_SHA256, hash, 32, sig2, sizeof(sig2), &len, NULL, NULL),
        0);
    TEST_MEM_EQ(sig, k, sig2, k);
    TEST_EQUAL(tacit_rsa_pkcs1_verify(rsa, TACIT_MD_SHA256, hash, 32, sig, k), 0);
    TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, em, 51, sig2, k), 0);
    /* ... and not over the hash alone */
    TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, hash, 32, sig2, k), TACIT_ERR_VERIFY_FAILED);

    /* sizes and arguments */
    len = 0;
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, in, 36, NULL, 0, &len, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(len, k);
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, in, 36, sig, k - 1, &len, NULL, NULL),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, NULL, 36, sig, sizeof(sig), &len, NULL, NULL),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, in, 36, sig, sizeof(sig), NULL, NULL, NULL),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(rsa, in, 36, sig, sizeof(sig), &len, NULL, NULL), 0);
    TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, in, 36, sig, k - 1),
               TACIT_ERR_RSA_INPUT_OUT_OF_RANGE);
    TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(rsa, in, 36, NULL, k), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(NULL, in, 36, sig, k), TACIT_ERR_BAD_INPUT);
exit:;
}

static void test_raw(void)
{
    static const unsigned int bits[] = { 1024, 2048 };
    tacit_rsa_context rsa, pub;
    size_t i;

    tacit_rsa_init(&rsa);
    tacit_rsa_init(&pub);
    for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
        unsigned char n[256], e[4], sig[256], in[36];
        size_t len = 0;

        TEST_EQUAL(tacit_rsa_gen_key(&rsa, bits[i], 65537, NULL, NULL), 0);
        check_key(&rsa);
        /* TLS 1.0/1.1: MD5 || SHA-1 (36 bytes) signed by the private key, checked by the public */
        memset(in, 0x5A, sizeof(in));
        TEST_EQUAL(tacit_mpi_write_binary(&rsa.N, n, bits[i] / 8), 0);
        TEST_EQUAL(tacit_mpi_write_binary(&rsa.E, e, 3), 0);
        TEST_EQUAL(tacit_rsa_import_raw(&pub, n, bits[i] / 8, NULL, 0, NULL, 0, NULL, 0, e, 3), 0);
        TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(&pub, in, 36, sig, sizeof(sig), &len, NULL, NULL),
                   TACIT_ERR_NO_PRIVATE_KEY);
        TEST_EQUAL(tacit_rsa_pkcs1_sign_raw(&rsa, in, 36, sig, sizeof(sig), &len, NULL, NULL), 0);
        TEST_EQUAL(tacit_rsa_pkcs1_verify_raw(&pub, in, 36, sig, len), 0);
    }
exit:
    tacit_rsa_free(&rsa);
    tacit_rsa_free(&pub);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_raw);
    return TEST_MAIN_END();
}
