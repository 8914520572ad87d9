/*
 * Ed25519 (RFC 8032): the section 7.1 vectors (key derivation and
 * signatures: TEST 1, 2, 3, 1024 and SHA(abc)), Wycheproof ed25519_test (every valid signature verifies,
 * every invalid one -- S >= L, non-canonical R, wrong lengths, modified
 * messages -- is refused), strictness cases made here (S + L, non-canonical
 * A and R, small-order keys), round trips and error paths, and OpenSSL
 * libcrypto both ways (tacit signs, OpenSSL verifies and the reverse).
 */
#include "harness.h"

#include "tacit/ed25519.h"
#include "bignum/bignum_core.h"
#include "curve25519/curve25519_fe.h"
#include "ecc_test_util.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

#if defined(TACIT_ED25519_C)

static unsigned char *hex(const char *h, size_t *len)
{
    unsigned char *b = test_unhex(h, len);
    return b;
}

static void test_rfc8032(void)
{
    static const char *const v[][4] = {
        { "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
          "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "-",
          "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e3970"
          "1cf9b46bd25bf5f0595bbe24655141438e7a100b" },
        { "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
          "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
          "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613"
          "d0f11d8c387b2eaeb4302aeeb00d291612bb0c00" },
        { "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
          "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
          "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760"
          "984dc6594a7c15e9716ed28dc027beceea1ec40a" },
        /* TEST 1024 (a 1023-byte message) */
        { "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
          "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
          "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
          "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
          "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
          "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
          "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
          "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
          "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
          "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
          "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
          "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
          "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
          "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
          "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
          "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
          "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
          "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
          "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
          "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
          "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
          "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
          "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
          "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
          "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
          "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
          "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
          "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
          "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
          "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
          "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
          "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
          "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
          "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
          "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
          "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03" },
        { "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
          "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
          "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23"
          "a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
          "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c6"
          "6431e0303dca179c138ac17ad9bef1177331a704" },
    };
    size_t i;

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        size_t sl = 0, pl = 0, ml = 0, gl = 0, olen = 0;
        unsigned char *seed = hex(v[i][0], &sl), *pub = hex(v[i][1], &pl), *msg = hex(v[i][2], &ml),
                      *want = hex(v[i][3], &gl);
        unsigned char sig[64];
        tacit_ed25519_key key, pk;
        int ok = seed && pub && msg && want;

        TEST_ASSERT(ok);
        TEST_EQUAL(tacit_ed25519_key_from_seed(&key, seed, sl), 0);
        TEST_MEM_EQ(key.pub, 32, pub, pl);
        TEST_EQUAL(tacit_ed25519_sign(&key, msg, ml, sig, sizeof(sig), &olen), 0);
        TEST_MEM_EQ(sig, olen, want, gl);
        TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, pl), 0);
        TEST_EQUAL(tacit_ed25519_verify(&pk, msg, ml, sig, olen), 0);
        TEST_EQUAL(tacit_ed25519_verify(&key, msg, ml, sig, olen), 0);
        sig[5] ^= 1;
        TEST_EQUAL(tacit_ed25519_verify(&pk, msg, ml, sig, olen), TACIT_ERR_VERIFY_FAILED);
        free(seed);
        free(pub);
        free(msg);
        free(want);
    }
exit:
    return;
}

/* RFC 8032 section 7.2 (Ed25519ctx, four vectors) and 7.3 (Ed25519ph). */
static void test_rfc8032_ctx_ph(void)
{
    static const struct {
        int variant;
        const char *seed, *pub, *msg, *ctx, *sig;
    } v[] = {
        { TACIT_ED25519_CTX, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
          "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
          "f726936d19c800494e3fdaff20b276a8", "666f6f",
          "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
          "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d" },
        { TACIT_ED25519_CTX, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
          "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
          "f726936d19c800494e3fdaff20b276a8", "626172",
          "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3"
          "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d" },
        { TACIT_ED25519_CTX, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
          "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
          "508e9e6882b979fea900f62adceaca35", "666f6f",
          "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc6490"
          "8922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b" },
        { TACIT_ED25519_CTX, "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
          "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772",
          "f726936d19c800494e3fdaff20b276a8", "666f6f",
          "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85"
          "e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f" },
        { TACIT_ED25519_PH, "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
          "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "616263", "-",
          "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
          "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406" },
    };
    size_t i;

    for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        size_t sl = 0, pl = 0, ml = 0, cl = 0, gl = 0, olen = 0;
        unsigned char *seed = hex(v[i].seed, &sl), *pub = hex(v[i].pub, &pl),
                      *msg = hex(v[i].msg, &ml), *ctx = hex(v[i].ctx, &cl),
                      *want = hex(v[i].sig, &gl);
        tacit_ed25519_variant var = (tacit_ed25519_variant)v[i].variant, other;
        unsigned char sig[64];
        tacit_ed25519_key key;

        TEST_ASSERT(seed && pub && msg && ctx && want);
        TEST_EQUAL(tacit_ed25519_key_from_seed(&key, seed, sl), 0);
        TEST_MEM_EQ(key.pub, 32, pub, pl);
        TEST_EQUAL(tacit_ed25519_sign_ext(&key, var, ctx, cl, msg, ml, sig, sizeof(sig), &olen), 0);
        TEST_MEM_EQ(sig, olen, want, gl);
        TEST_EQUAL(tacit_ed25519_verify_ext(&key, var, ctx, cl, msg, ml, sig, olen), 0);
        /* not under the other algorithms, nor another context */
        TEST_EQUAL(tacit_ed25519_verify(&key, msg, ml, sig, olen), TACIT_ERR_VERIFY_FAILED);
        other = var == TACIT_ED25519_CTX ? TACIT_ED25519_PH : TACIT_ED25519_CTX;
        TEST_EQUAL(tacit_ed25519_verify_ext(&key, other, (const unsigned char *)"foo", 3, msg, ml,
                                            sig, olen),
                   TACIT_ERR_VERIFY_FAILED);
        TEST_EQUAL(tacit_ed25519_verify_ext(&key, var, (const unsigned char *)"baz", 3, msg, ml,
                                            sig, olen),
                   TACIT_ERR_VERIFY_FAILED);
        sig[40] ^= 1;
        TEST_EQUAL(tacit_ed25519_verify_ext(&key, var, ctx, cl, msg, ml, sig, olen),
                   TACIT_ERR_VERIFY_FAILED);
        free(seed);
        free(pub);
        free(msg);
        free(ctx);
        free(want);
    }
exit:
    return;
}

/* Contexts each variant refuses, and pure Ed25519 through _ext. */
static void test_ctx_errors(void)
{
    unsigned char seed[32] = { 7 }, sig[64], sig2[64], big[256] = { 0 };
    tacit_ed25519_key key;
    size_t olen = 0;

    TEST_EQUAL(tacit_ed25519_key_from_seed(&key, seed, 32), 0);
    TEST_EQUAL(tacit_ed25519_sign_ext(&key, TACIT_ED25519_CTX, NULL, 0, seed, 32, sig, 64, &olen),
               TACIT_ERR_BAD_INPUT); /* Ed25519ctx needs a context */
    TEST_EQUAL(tacit_ed25519_sign_ext(&key, TACIT_ED25519_CTX, big, 256, seed, 32, sig, 64, &olen),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_ed25519_sign_ext(&key, TACIT_ED25519_PURE, big, 1, seed, 32, sig, 64, &olen),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        tacit_ed25519_sign_ext(&key, (tacit_ed25519_variant)7, NULL, 0, seed, 32, sig, 64, &olen),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_ed25519_verify_ext(&key, TACIT_ED25519_PH, big, 256, seed, 32, sig, 64),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_ed25519_sign_ext(&key, TACIT_ED25519_CTX, big, 255, seed, 32, sig, 64, &olen),
               0);
    TEST_EQUAL(tacit_ed25519_verify_ext(&key, TACIT_ED25519_CTX, big, 255, seed, 32, sig, 64), 0);
    TEST_EQUAL(tacit_ed25519_sign_ext(&key, TACIT_ED25519_PH, NULL, 0, NULL, 0, sig, 64, &olen), 0);
    TEST_EQUAL(tacit_ed25519_verify_ext(&key, TACIT_ED25519_PH, NULL, 0, NULL, 0, sig, 64), 0);
    TEST_EQUAL(tacit_ed25519_sign_ext(&key, TACIT_ED25519_PURE, NULL, 0, seed, 32, sig, 64, &olen),
               0);
    TEST_EQUAL(tacit_ed25519_sign(&key, seed, 32, sig2, 64, &olen), 0);
    TEST_MEM_EQ(sig, 64, sig2, 64);
exit:
    return;
}

static void test_wycheproof(void)
{
    size_t flen = 0;
    unsigned char *file = test_read_shared("vectors/wycheproof/ed25519_test.txt", &flen);
    char *cur, *line, *tok[ECC_MAX_TOKENS];
    tacit_ed25519_key key;
    int have_key = 0, nvalid = 0, ninvalid = 0;

    if (file == NULL) {
        TEST_SKIP("../shared/vectors/wycheproof/ed25519_test.txt missing");
    }
    cur = (char *)file;
    while ((line = ecc_next_line(&cur)) != NULL) {
        int n;
        if (line[0] == '#' || line[0] == '\0') {
            continue;
        }
        n = ecc_tokens(line, tok);
        if (strcmp(tok[0], "group") == 0) {
            have_key = 0;
        } else if (strcmp(tok[0], "key") == 0 && n == 3 && strcmp(tok[1], "pk") == 0) {
            size_t pl = 0;
            unsigned char *pub = hex(tok[2], &pl);
            TEST_ASSERT(pub != NULL);
            TEST_EQUAL(tacit_ed25519_key_from_public(&key, pub, pl), 0);
            free(pub);
            have_key = 1;
        } else if (strcmp(tok[0], "test") == 0 && n == 6) {
            size_t ml = 0, sl = 0;
            unsigned char *msg = hex(tok[3], &ml), *sig = hex(tok[4], &sl);
            int ret;
            TEST_ASSERT(have_key && msg != NULL && sig != NULL);
            ret = tacit_ed25519_verify(&key, msg, ml, sig, sl);
            free(msg);
            free(sig);
            if (strcmp(tok[2], "valid") == 0) {
                if (ret != 0) {
                    printf("\n    tcId %s valid but refused (%s)", tok[1], tok[5]);
                }
                TEST_EQUAL(ret, 0);
                nvalid++;
            } else {
                if (ret == 0) {
                    printf("\n    tcId %s invalid but accepted (%s)", tok[1], tok[5]);
                }
                TEST_EQUAL(ret, TACIT_ERR_VERIFY_FAILED);
                ninvalid++;
            }
        }
    }
    printf("(%d valid, %d invalid) ", nvalid, ninvalid);
    TEST_EQUAL(nvalid + ninvalid, 151);
exit:
    free(file);
}

/* L, little-endian */
static const unsigned char L_LE[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10,
};

static void test_strict(void)
{
    unsigned char seed[32], sig[64], bad[64], pub[32];
    static const unsigned char msg[] = "strict";
    tacit_ed25519_key key, pk;
    size_t olen;
    unsigned carry = 0;
    int i;

    for (i = 0; i < 32; i++) {
        seed[i] = (unsigned char)(7 * i + 1);
    }
    TEST_EQUAL(tacit_ed25519_key_from_seed(&key, seed, 32), 0);
    TEST_EQUAL(tacit_ed25519_sign(&key, msg, sizeof(msg), sig, sizeof(sig), &olen), 0);
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), sig, 64), 0);

    /* S + L: the same point equation, refused (malleability) */
    memcpy(bad, sig, 64);
    for (i = 0; i < 32; i++) {
        unsigned v = bad[32 + i] + L_LE[i] + carry;
        bad[32 + i] = (unsigned char)v;
        carry = v >> 8;
    }
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), bad, 64), TACIT_ERR_VERIFY_FAILED);
    /* S = L exactly */
    memcpy(bad, sig, 32);
    memcpy(bad + 32, L_LE, 32);
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), bad, 64), TACIT_ERR_VERIFY_FAILED);
    /* lengths */
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), sig, 63), TACIT_ERR_VERIFY_FAILED);
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), sig, 65), TACIT_ERR_VERIFY_FAILED);
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg) - 1, sig, 64), TACIT_ERR_VERIFY_FAILED);

    /* public keys: y >= p (non-canonical), and x = 0 with the sign bit */
    memset(pub, 0xff, 32);
    pub[0] = 0xed;
    pub[31] = 0x7f; /* y = p */
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, 32), TACIT_ERR_CURVE25519_BAD_KEY);
    pub[0] = 0xee; /* y = p + 1: would be 1 reduced */
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, 32), TACIT_ERR_CURVE25519_BAD_KEY);
    memset(pub, 0, 32);
    pub[0] = 1; /* y = 1, x = 0: the identity (small order), canonical */
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, 32), 0);
    pub[31] = 0x80; /* the identity with the sign bit: x = 0 cannot be negative */
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, 32), TACIT_ERR_CURVE25519_BAD_KEY);
    memset(pub, 0, 32);
    pub[0] = 2; /* y = 2: (y^2 - 1) / (d y^2 + 1) is not a square */
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, 32), TACIT_ERR_CURVE25519_BAD_KEY);
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, pub, 31), TACIT_ERR_CURVE25519_BAD_KEY);

    /* R non-canonical: y of R replaced by y + p where that fits */
    memcpy(bad, sig, 64);
    bad[31] ^= 0x80; /* flip R's sign bit: a different point */
    TEST_EQUAL(tacit_ed25519_verify(&key, msg, sizeof(msg), bad, 64), TACIT_ERR_VERIFY_FAILED);
exit:
    return;
}

static int counter_rng(void *p, unsigned char *out, size_t len)
{
    unsigned *c = (unsigned *)p;
    size_t i;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(*c * 131 + i * 7);
    }
    (*c)++;
    return 0;
}

static void test_roundtrip_errors(void)
{
    tacit_ed25519_key key, pk, z;
    unsigned char msg[300], sig[64], zero[32] = { 0 };
    size_t olen = 0, i;
    unsigned c = 1;

    for (i = 0; i < sizeof(msg); i++) {
        msg[i] = (unsigned char)(i * 13);
    }
    TEST_EQUAL(tacit_ed25519_gen_key(&key, NULL, NULL), 0);
    TEST_EQUAL(tacit_ed25519_gen_key(&key, counter_rng, &c), 0);
    TEST_EQUAL(tacit_ed25519_key_from_public(&pk, key.pub, 32), 0);
    for (i = 0; i < sizeof(msg); i += 37) {
        TEST_EQUAL(tacit_ed25519_sign(&key, msg, i, sig, sizeof(sig), &olen), 0);
        TEST_EQUAL(olen, 64);
        TEST_EQUAL(tacit_ed25519_verify(&pk, msg, i, sig, olen), 0);
        msg[0] ^= 1;
        TEST_EQUAL(tacit_ed25519_verify(&pk, msg, i, sig, olen),
                   i == 0 ? 0 : TACIT_ERR_VERIFY_FAILED);
        msg[0] ^= 1;
    }
    TEST_EQUAL(tacit_ed25519_sign(&key, msg, 10, NULL, 0, &olen), TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(olen, 64);
    TEST_EQUAL(tacit_ed25519_sign(&key, msg, 10, sig, 63, &olen), TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(tacit_ed25519_sign(&pk, msg, 10, sig, 64, &olen), TACIT_ERR_NO_PRIVATE_KEY);
    TEST_EQUAL(tacit_ed25519_sign(&key, NULL, 10, sig, 64, &olen), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_ed25519_sign(&key, NULL, 0, sig, 64, &olen), 0);
    TEST_EQUAL(tacit_ed25519_verify(&pk, NULL, 0, sig, 64), 0);
    TEST_EQUAL(tacit_ed25519_key_from_seed(&z, zero, 31), TACIT_ERR_CURVE25519_BAD_KEY);
    tacit_ed25519_key_free(&key);
    TEST_MEM_EQ(key.seed, 32, zero, 32);
    TEST_EQUAL(key.has_private, 0);
exit:
    return;
}

#if defined(TACIT_HAVE_OPENSSL)
static void test_openssl(void)
{
    int i;

    for (i = 0; i < 40; i++) {
        unsigned char seed[32], msg[100], sig[64], osig[64], opub[32];
        size_t mlen = (size_t)(i * 3 % 100), olen = 0, len, j;
        EVP_PKEY *pkey = NULL;
        EVP_MD_CTX *md = NULL;
        tacit_ed25519_key key;
        int ok;

        for (j = 0; j < 32; j++) {
            seed[j] = (unsigned char)(rand() >> 4);
        }
        for (j = 0; j < mlen; j++) {
            msg[j] = (unsigned char)(rand() >> 6);
        }
        TEST_EQUAL(tacit_ed25519_key_from_seed(&key, seed, 32), 0);
        TEST_EQUAL(tacit_ed25519_sign(&key, msg, mlen, sig, 64, &olen), 0);
        pkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
        len = 32;
        ok = pkey != NULL && EVP_PKEY_get_raw_public_key(pkey, opub, &len) == 1;
        md = ok ? EVP_MD_CTX_new() : NULL;
        len = 64;
        ok = ok && md != NULL && EVP_DigestSignInit(md, NULL, NULL, NULL, pkey) == 1 &&
             EVP_DigestSign(md, osig, &len, msg, mlen) == 1;
        EVP_MD_CTX_free(md);
        md = ok ? EVP_MD_CTX_new() : NULL;
        /* OpenSSL verifies tacit's signature */
        ok = ok && md != NULL && EVP_DigestVerifyInit(md, NULL, NULL, NULL, pkey) == 1 &&
             EVP_DigestVerify(md, sig, 64, msg, mlen) == 1;
        EVP_MD_CTX_free(md);
        EVP_PKEY_free(pkey);
        TEST_ASSERT(ok);
        TEST_MEM_EQ(key.pub, 32, opub, 32);
        TEST_MEM_EQ(sig, 64, osig, 64); /* deterministic: identical */
        TEST_EQUAL(tacit_ed25519_verify(&key, msg, mlen, osig, 64), 0);
    }
exit:
    return;
}
#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_FE25519_HAVE_ADX)
    /* radix 2^51 first; then the CPU's layout (four 64-bit limbs with ADX) */
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_C;
    printf("  radix 2^51 forced:\n");
    RUN_TEST(test_rfc8032);
    RUN_TEST(test_wycheproof);
    RUN_TEST(test_strict);
    tacit_mpi_core_test_path = TACIT_MPI_CORE_PATH_AUTO;
    printf("  the CPU's layout (%s):\n", tacit_mpi_core_cpu_has_adx() ? "MULX/ADX" : "radix 2^51");
#endif
    RUN_TEST(test_rfc8032);
    RUN_TEST(test_wycheproof);
    RUN_TEST(test_strict);
    RUN_TEST(test_roundtrip_errors);
    RUN_TEST(test_rfc8032_ctx_ph);
    RUN_TEST(test_ctx_errors);
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
    TEST_SKIP("Ed25519 compiled out (TACIT_ED25519_C)");
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
