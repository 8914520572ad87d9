/*
 * X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem, 0x11EC): the TLS byte layout,
 * round trips, a fixed-input known answer and the error paths.
 *
 * Known answer: the draft gives no test vector, so the fixed inputs are
 * chosen so that each half has an independent answer: the X25519 private
 * keys are RFC 7748 section 6.1's Alice (client) and Bob (server), so the
 * public keys in the shares and the second half of the secret are the RFC's
 * values; the ML-KEM half is checked against tacit_mlkem_keygen_seed /
 * _encaps_m / _decaps, which test_mlkem checks against Wycheproof and CCTV.
 */
#include "harness.h"

#include "tacit/mlkem.h"
#include "tacit/x25519.h"

#if defined(TACIT_MLKEM_C) && defined(TACIT_X25519_C)

/* A scripted generator: hands out `script` in order. */
typedef struct {
    const unsigned char *script;
    size_t len, pos;
} script_rng;

static int script_gen(void *p, unsigned char *out, size_t len)
{
    script_rng *s = (script_rng *)p;
    if (s->pos + len > s->len) {
        return -1;
    }
    memcpy(out, s->script + s->pos, len);
    s->pos += len;
    return 0;
}

static int unhex_into(const char *hex, unsigned char *out, size_t want)
{
    size_t len;
    unsigned char *b = test_unhex(hex, &len);
    if (b == NULL || len != want) {
        free(b);
        return -1;
    }
    memcpy(out, b, len);
    free(b);
    return 0;
}

static void test_known_answer(void)
{
    unsigned char script[64 + 32 + 32 + 32];
    unsigned char alice[32], alice_pub[32], bob[32], bob_pub[32], x_ss[32];
    unsigned char share[1216], key[2432], sshare[1120], ss[64], ss2[64];
    unsigned char ek[1184], dk[2400], ct[1088], k[32];
    script_rng r;
    size_t i;

    TEST_EQUAL(
        unhex_into("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a", alice, 32),
        0);
    TEST_EQUAL(unhex_into("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
                          alice_pub, 32),
               0);
    TEST_EQUAL(
        unhex_into("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb", bob, 32), 0);
    TEST_EQUAL(
        unhex_into("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", bob_pub, 32),
        0);
    TEST_EQUAL(
        unhex_into("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", x_ss, 32),
        0);
    for (i = 0; i < 64; i++) {
        script[i] = (unsigned char)(i * 7 + 1); /* d || z */
    }
    memcpy(script + 64, alice, 32);
    for (i = 0; i < 32; i++) {
        script[96 + i] = (unsigned char)(0xA0 ^ i); /* m */
    }
    memcpy(script + 128, bob, 32);

    r.script = script;
    r.len = sizeof(script);
    r.pos = 0;
    TEST_EQUAL(tacit_x25519mlkem768_keygen(share, key, script_gen, &r), 0);
    TEST_EQUAL(tacit_mlkem_keygen_seed(TACIT_MLKEM_768, script, ek, dk), 0);
    TEST_MEM_EQ(share, 1184, ek, 1184);           /* ek first */
    TEST_MEM_EQ(share + 1184, 32, alice_pub, 32); /* then the X25519 public key */
    TEST_MEM_EQ(key, 2400, dk, 2400);
    TEST_MEM_EQ(key + 2400, 32, alice, 32);

    TEST_EQUAL(tacit_x25519mlkem768_encaps(share, sshare, ss, script_gen, &r), 0);
    TEST_EQUAL(r.pos, sizeof(script));
    TEST_EQUAL(tacit_mlkem_encaps_m(TACIT_MLKEM_768, ek, script + 96, ct, k), 0);
    TEST_MEM_EQ(sshare, 1088, ct, 1088); /* ciphertext first */
    TEST_MEM_EQ(sshare + 1088, 32, bob_pub, 32);
    TEST_MEM_EQ(ss, 32, k, 32);         /* ML-KEM secret first */
    TEST_MEM_EQ(ss + 32, 32, x_ss, 32); /* then the X25519 secret (RFC 7748) */

    TEST_EQUAL(tacit_x25519mlkem768_decaps(key, sshare, ss2), 0);
    TEST_MEM_EQ(ss2, 64, ss, 64);
exit:
    return;
}

static void test_round_trip_and_errors(void)
{
    unsigned char share[1216], key[2432], sshare[1120], ss[64], ss2[64], zero[64];
    int t, ret;

    memset(zero, 0, sizeof(zero));
    for (t = 0; t < 5; t++) {
        TEST_EQUAL(tacit_x25519mlkem768_keygen(share, key, NULL, NULL), 0);
        TEST_EQUAL(tacit_x25519mlkem768_encaps(share, sshare, ss, NULL, NULL), 0);
        TEST_EQUAL(tacit_x25519mlkem768_decaps(key, sshare, ss2), 0);
        TEST_MEM_EQ(ss2, 64, ss, 64);
    }
    /* a tampered ciphertext: implicit rejection, the ML-KEM half differs, no error */
    sshare[5] ^= 0x10;
    TEST_EQUAL(tacit_x25519mlkem768_decaps(key, sshare, ss2), 0);
    TEST_ASSERT(memcmp(ss2, ss, 32) != 0);
    TEST_MEM_EQ(ss2 + 32, 32, ss + 32, 32);
    sshare[5] ^= 0x10;

    /* a small-order X25519 key from the server: the all-zero result is an error */
    memset(sshare + 1088, 0, 32);
    memset(ss2, 0x77, 64);
    ret = tacit_x25519mlkem768_decaps(key, sshare, ss2);
    TEST_EQUAL(ret, TACIT_ERR_X25519_SHARED_ZERO);
    TEST_MEM_EQ(ss2, 64, zero, 64);
    /* ... and from the client */
    memset(share + 1184, 0, 32);
    memset(ss, 0x77, 64);
    ret = tacit_x25519mlkem768_encaps(share, sshare, ss, NULL, NULL);
    TEST_EQUAL(ret, TACIT_ERR_X25519_SHARED_ZERO);
    TEST_MEM_EQ(ss, 64, zero, 64);

    /* an encapsulation key that fails the modulus check */
    TEST_EQUAL(tacit_x25519mlkem768_keygen(share, key, NULL, NULL), 0);
    share[0] = 0xFF;
    share[1] |= 0x0F;
    TEST_EQUAL(tacit_x25519mlkem768_encaps(share, sshare, ss, NULL, NULL), TACIT_ERR_BAD_INPUT);
    /* a decapsulation key whose hash check fails */
    key[2400 - 33] ^= 1;
    TEST_EQUAL(tacit_x25519mlkem768_decaps(key, sshare, ss), TACIT_ERR_BAD_INPUT);
    TEST_MEM_EQ(ss, 64, zero, 64);
    TEST_EQUAL(tacit_x25519mlkem768_keygen(NULL, key, NULL, NULL), TACIT_ERR_BAD_INPUT);
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_known_answer);
    RUN_TEST(test_round_trip_and_errors);
    return TEST_MAIN_END();
}

#else
int main(void)
{
    printf("SKIP (TACIT_MLKEM_C or TACIT_X25519_C off)\n0 passed, 0 failed, 1 skipped\n");
    return 0;
}
#endif
