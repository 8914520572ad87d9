#define _POSIX_C_SOURCE 200809L
/*
 * AES, AES-GCM and AES-CCM through tacit_aead_*: FIPS 197 (appendix C),
 * the GCM paper's / SP 800-38D test cases, SP 800-38C appendix C, a NIST CAVP
 * AES-192-CCM vector, every CCM nonce x tag length against OpenSSL, Wycheproof
 * AES-GMAC (../shared), tampering (tag, ciphertext, AAD, nonce: AUTH_FAILED
 * and a zeroed output), and a length sweep against OpenSSL libcrypto EVP
 * (plaintext 0..4096 x AAD 0..64 x nonce 1..64; sparse by default, every
 * length with TACIT_LONG_TESTS=1 or --long).  Every GCM kernel this CPU can
 * run is forced in turn through tacit_cpu_hook_disable (test builds); CCM
 * runs on AES-NI for the first three settings and bitsliced for the last.
 */
#include "harness.h"

#include "tacit/aead.h"

#include "aes/aes_ct.h"
#include "core/cpu_x86.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

#if defined(TACIT_GCM_C) && defined(TACIT_CCM_C)

static size_t unhex_to(unsigned char *out, const char *hex)
{
    size_t n = 0;
    while (hex[0] != 0 && hex[1] != 0) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[n++] = (unsigned char)v;
        hex += 2;
    }
    return n;
}

/* ---- kernels: every value of the hook this CPU makes a difference for ---- */

static const unsigned kernel_masks[] = {
    0,
#if defined(TACIT_HAVE_CPU_X86)
    TACIT_CPU_AVX512BW | TACIT_CPU_AVX512, /* VAES 256-bit */
    TACIT_CPU_VAES,                        /* AES-NI */
    ~0u,                                   /* portable */
#endif
};
#define N_KERNELS (sizeof(kernel_masks) / sizeof(kernel_masks[0]))

static void set_kernel(size_t k)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
    tacit_cpu_hook_disable = kernel_masks[k];
#else
    (void)k;
    (void)kernel_masks; /* builds without the hook run the default kernel only */
#endif
}

static size_t n_kernels(void)
{
#if defined(TACIT_TEST_HOOKS)
    return N_KERNELS;
#else
    return 1;
#endif
}

/* ---- FIPS 197 appendix C, on the block function directly ---- */

static void test_fips197(void)
{
    static const char *const expect[3] = { "69c4e0d86a7b0430d8cdb78070b4c55a",
                                           "dda97ca4864cdfe06eaf70a0ec0d7191",
                                           "8ea2b7ca516745bfeafc49904b496089" };
    unsigned char key[32], in[16 * TACIT_AES_CT_BLOCKS], out[16 * TACIT_AES_CT_BLOCKS], e[16];
    uint64_t sk[TACIT_AES_CT_SK_WORDS];
    unsigned i, b, k;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)i;
    }
    for (k = 0; k < 3; k++) {
        unsigned rounds = tacit_aes_ct_setkey(sk, key, 16 + 8 * k);
        TEST_EQUAL(rounds, 10 + 2 * k);
        /* the vector in every slot, and in one slot with garbage in the others */
        for (b = 0; b < TACIT_AES_CT_BLOCKS; b++) {
            for (i = 0; i < 16; i++) {
                in[16 * b + i] = (unsigned char)(i * 0x11);
            }
        }
        unhex_to(e, expect[k]);
        tacit_aes_ct_encrypt(sk, rounds, in, out);
        for (b = 0; b < TACIT_AES_CT_BLOCKS; b++) {
            TEST_MEM_EQ(out + 16 * b, 16, e, 16);
        }
        for (b = 0; b < TACIT_AES_CT_BLOCKS; b++) {
            for (i = 0; i < sizeof(in); i++) {
                in[i] = (unsigned char)(i * 7 + 1);
            }
            for (i = 0; i < 16; i++) {
                in[16 * b + i] = (unsigned char)(i * 0x11);
            }
            tacit_aes_ct_encrypt(sk, rounds, in, out);
            TEST_MEM_EQ(out + 16 * b, 16, e, 16);
        }
    }
exit:;
}

/* ---- known answers through the AEAD API ---- */

typedef struct {
    tacit_aead_alg alg;
    const char *key, *nonce, *aad, *pt, *ct, *tag; /* ct and tag separate, as published */
} kat;

static const kat kats[] = {
    /* The GCM paper (McGrew and Viega), test cases 1-6, 13-16 */
    { TACIT_AEAD_AES_128_GCM, "00000000000000000000000000000000", "000000000000000000000000", "",
      "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
    { TACIT_AEAD_AES_128_GCM, "00000000000000000000000000000000", "000000000000000000000000", "",
      "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
      "ab6e47d42cec13bdf53a67b21257bddf" },
    { TACIT_AEAD_AES_128_GCM, "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", "",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
      "49a6b525b16aedf5aa0de657ba637b391aafd255",
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5a"
      "ac84aa051ba30b396a0aac973d58e091473f5985",
      "4d5c2af327cd64a62cf35abd2ba6fab4" },
    { TACIT_AEAD_AES_128_GCM, "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
      "feedfacedeadbeeffeedfacedeadbeefabaddad2",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
      "49a6b525b16aedf5aa0de657ba637b39",
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5a"
      "ac84aa051ba30b396a0aac973d58e091",
      "5bc94fbc3221a5db94fae95ae7121a47" },
    { TACIT_AEAD_AES_128_GCM, "feffe9928665731c6d6a8f9467308308", "cafebabefacedbad",
      "feedfacedeadbeeffeedfacedeadbeefabaddad2",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
      "49a6b525b16aedf5aa0de657ba637b39",
      "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544"
      "d4896b424989b5e1ebac0f07c23f4598",
      "3612d2e79e3b0785561be14aaca2fccb" },
    { TACIT_AEAD_AES_128_GCM, "feffe9928665731c6d6a8f9467308308",
      "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e242"
      "9a6b525416aedbf5a0de6a57a637b39b",
      "feedfacedeadbeeffeedfacedeadbeefabaddad2",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
      "49a6b525b16aedf5aa0de657ba637b39",
      "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281"
      "d48c7c6fd62875d2aca417034c34aee5",
      "619cc5aefffe0bfa462af43c1699d050" },
    { TACIT_AEAD_AES_256_GCM, "0000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000", "", "", "", "530f8afbc74536b9a963b4f1c4cb738b" },
    { TACIT_AEAD_AES_256_GCM, "0000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000", "", "00000000000000000000000000000000",
      "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919" },
    { TACIT_AEAD_AES_256_GCM, "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
      "cafebabefacedbaddecaf888", "",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
      "49a6b525b16aedf5aa0de657ba637b391aafd255",
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b10"
      "56828838c5f61e6393ba7a0abcc9f662898015ad",
      "b094dac5d93471bdec1a502270e3cc6c" },
    { TACIT_AEAD_AES_256_GCM, "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
      "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
      "49a6b525b16aedf5aa0de657ba637b39",
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b10"
      "56828838c5f61e6393ba7a0abcc9f662",
      "76fc6ece0f4e1768cddf8853bb2d551b" },
    /* The GCM paper, test case 7 (AES-192) */
    { TACIT_AEAD_AES_192_GCM, "000000000000000000000000000000000000000000000000",
      "000000000000000000000000", "", "", "", "cd33b28ac773f74ba00ed1f312572435" },
    /* SP 800-38C appendix C, examples 1-3 (tag lengths 4, 6, 8) */
    { TACIT_AEAD_AES_128_CCM, "404142434445464748494a4b4c4d4e4f", "10111213141516",
      "0001020304050607", "20212223", "7162015b", "4dac255d" },
    { TACIT_AEAD_AES_128_CCM, "404142434445464748494a4b4c4d4e4f", "1011121314151617",
      "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f",
      "d2a1f0e051ea5f62081a7792073d593d", "1fc64fbfaccd" },
    { TACIT_AEAD_AES_128_CCM, "404142434445464748494a4b4c4d4e4f", "101112131415161718191a1b",
      "000102030405060708090a0b0c0d0e0f10111213",
      "202122232425262728292a2b2c2d2e2f3031323334353637",
      "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5", "484392fbc1b09951" },
    /* NIST CAVP ccmtestvectors VPT192.rsp, Count 240 (AES-192, 13-byte nonce, 16-byte tag) */
    { TACIT_AEAD_AES_192_CCM, "91f9d636a071c3aad1743137e0644a73de9e47bd76acd919",
      "1bf491ac320d660eb2dd45c6c3",
      "3bdfd7f18d2b6d0804d779f0679aaa2d7d32978c2df8015ae4b758d337be81dd",
      "4eaf9384cad976f65f98042d561d760b5a787330dc658f6c",
      "635530cab14e3d0a135bb6eebb5829412676e6dd4995f99c", "b7e17f235bd660e7e17b2c65320e9fd4" },
    /* RFC 3610 packet vector #1 (13-byte nonce, 8-byte tag) */
    { TACIT_AEAD_AES_128_CCM, "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000003020100a0a1a2a3a4a5",
      "0001020304050607", "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
      "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384", "17e8d12cfdf926e0" },
};
#define N_KATS (sizeof(kats) / sizeof(kats[0]))

static void test_kats(void)
{
    unsigned char key[32], nonce[64], aad[64], pt[64], ct[80], tag[16], out[96], back[96];
    size_t k, kl, nl, al, pl, cl, tl, olen;

    for (k = 0; k < n_kernels(); k++) {
        size_t i;
        set_kernel(k);
        for (i = 0; i < N_KATS; i++) {
            const kat *v = &kats[i];
            tacit_aead_context ctx;

            kl = unhex_to(key, v->key);
            nl = unhex_to(nonce, v->nonce);
            al = unhex_to(aad, v->aad);
            pl = unhex_to(pt, v->pt);
            cl = unhex_to(ct, v->ct);
            tl = unhex_to(tag, v->tag);
            TEST_EQUAL(pl, cl);
            tacit_aead_init(&ctx);
            TEST_EQUAL(tacit_aead_setkey(&ctx, v->alg, key, kl, tl), 0);
            TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nl, aad, al, pt, pl, out, sizeof(out), &olen),
                       0);
            TEST_EQUAL(olen, pl + tl);
            memcpy(ct + cl, tag, tl);
            TEST_MEM_EQ(out, olen, ct, cl + tl);
            TEST_EQUAL(
                tacit_aead_open(&ctx, nonce, nl, aad, al, out, olen, back, sizeof(back), &olen), 0);
            TEST_MEM_EQ(back, olen, pt, pl);
            tacit_aead_free(&ctx);
        }
    }
exit:
    set_kernel(0);
}

/*
 * The 32-bit counter wraps (SP 800-38D inc32): 16-byte IVs chosen (by solving
 * J0 = IV * H^2 + L * H in GF(2^128) for a wanted J0) so that J0's low word is
 * ffffffff (the first counter block is ...00000000) and fffffff0 (the wrap
 * comes 15 blocks in).  Plaintext byte i is 7 i + 3; ciphertexts from OpenSSL.
 */
static void test_counter_wrap(void)
{
    static const struct {
        const char *key, *iv, *ct_tag;
        size_t pt_len;
    } v[] = {
        { "000d1a2734414e5b6875828f9ca9b6c3", "9b4a00084e9b69cc97fe92144b199e8d",
          "7aaf75dcf291fc13e43f8766ddc37dd2343088214777e4a33d88099aa39195c92851ce91f597cd437ae22b"
          "577fe32bafbcfae1b004",
          37 },
        { "05121f2c394653606d7a8794a1aebbc8", "d991dbbea9dc0acecf5798412a4bf00b",
          "6a0e84d0fea2cdacdce947f30d9838e6ec1e7eb2e784701e0722346b4e7f6bd55f9f4d67a635fbcfa017c0"
          "fa01c1afa38db81c8e6163cf331feb465f33db35003d6c1ac968fffa502690c4d3381c81beda47af3abe55"
          "2bfee64745095bb3557b8c67c9654588f43a8215e3329d3934f84999eabe3ce1ed6865b4f3ada4fa463160"
          "7fae6381f982bf7b092d62742c2f2f3e17967932c41839838d397dc64ee69e641316038a58ca7272287817"
          "e070541ccdc0b31ef621d03eb4f7ce8086c33bf59db5a56e3007110327cce5a2d2d6dfada71df6d73868a9"
          "2fe291f2f4c3efa4c307036cae3ced3077f4f6e3612d57b69f17e214ce1b95de5f809859fd6665705bf07a"
          "07f3abda2115f874809c092952179db719d3baf1c6dbcc52ac7b8251e3dce1ee946db56a9c54e8fe81d361"
          "6237",
          287 },
    };
    static unsigned char key[16], iv[16], pt[300], want[320], out[320];
    size_t k, i, olen;

    for (i = 0; i < sizeof(pt); i++) {
        pt[i] = (unsigned char)(i * 7 + 3);
    }
    for (k = 0; k < n_kernels(); k++) {
        set_kernel(k);
        for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
            tacit_aead_context ctx;
            TEST_EQUAL(unhex_to(key, v[i].key), 16);
            TEST_EQUAL(unhex_to(iv, v[i].iv), 16);
            TEST_EQUAL(unhex_to(want, v[i].ct_tag), v[i].pt_len + 16);
            tacit_aead_init(&ctx);
            TEST_EQUAL(tacit_aead_setkey(&ctx, TACIT_AEAD_AES_128_GCM, key, 16, 0), 0);
            TEST_EQUAL(
                tacit_aead_seal(&ctx, iv, 16, NULL, 0, pt, v[i].pt_len, out, sizeof(out), &olen),
                0);
            TEST_MEM_EQ(out, olen, want, v[i].pt_len + 16);
            TEST_EQUAL(tacit_aead_open(&ctx, iv, 16, NULL, 0, want, v[i].pt_len + 16, out,
                                       sizeof(out), &olen),
                       0);
            TEST_MEM_EQ(out, olen, pt, v[i].pt_len);
            tacit_aead_free(&ctx);
        }
    }
exit:
    set_kernel(0);
}

/* ---- Wycheproof AES-GMAC: GCM with the message as AAD, empty plaintext ---- */

static void test_wycheproof_gmac(void)
{
    size_t len = 0, k;
    char *txt = (char *)test_read_shared("vectors/wycheproof/aes_gmac_test.txt", &len);
    unsigned n_valid = 0, n_invalid = 0;

    if (txt == NULL) {
        TEST_SKIP("../shared/vectors/wycheproof/aes_gmac_test.txt not found");
    }
    for (k = 0; k < n_kernels(); k++) {
        char *line, *save = NULL, *copy = strdup(txt);
        set_kernel(k);
        for (line = strtok_r(copy, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
            char id[16], res[16], khex[200], ivhex[400], mhex[2000], thex[80];
            unsigned char key[64], iv[200], msg[1000], tag[40], out[64];
            size_t kl, ivl, ml, tl, olen;
            tacit_aead_context ctx;
            tacit_aead_alg alg;
            int ok, ret;

            if (strncmp(line, "test ", 5) != 0) {
                continue;
            }
            if (sscanf(line, "test %15s %15s %199s %399s %1999s %79s", id, res, khex, ivhex, mhex,
                       thex) != 6) {
                continue;
            }
            kl = strcmp(khex, "-") == 0 ? 0 : unhex_to(key, khex);
            ivl = strcmp(ivhex, "-") == 0 ? 0 : unhex_to(iv, ivhex);
            ml = strcmp(mhex, "-") == 0 ? 0 : unhex_to(msg, mhex);
            tl = strcmp(thex, "-") == 0 ? 0 : unhex_to(tag, thex);
            alg = kl == 16   ? TACIT_AEAD_AES_128_GCM
                  : kl == 24 ? TACIT_AEAD_AES_192_GCM
                             : TACIT_AEAD_AES_256_GCM;
            tacit_aead_init(&ctx);
            ok = 0;
            if (tl >= 12 && tl <= 16 && tacit_aead_setkey(&ctx, alg, key, kl, tl) == 0) {
                ret = tacit_aead_open(&ctx, iv, ivl, msg, ml, tag, tl, out, sizeof(out), &olen);
                ok = ret == 0;
                if (ok && k == 0) {
                    /* seal agrees */
                    TEST_EQUAL(
                        tacit_aead_seal(&ctx, iv, ivl, msg, ml, NULL, 0, out, sizeof(out), &olen),
                        0);
                    TEST_MEM_EQ(out, olen, tag, tl);
                }
            }
            tacit_aead_free(&ctx);
            if (strcmp(res, "valid") == 0) {
                if (!ok) {
                    printf("\n    tcId %s: valid, rejected\n", id);
                }
                TEST_ASSERT(ok);
                n_valid += k == 0;
            } else if (strcmp(res, "invalid") == 0) {
                if (ok) {
                    printf("\n    tcId %s: invalid, accepted\n", id);
                }
                TEST_ASSERT(!ok);
                n_invalid += k == 0;
            }
        }
        free(copy);
    }
    /* counted on the first kernel (builds without the hook run only that one): every case */
    TEST_EQUAL(n_valid, 90);
    TEST_EQUAL(n_invalid, 324);
exit:
    set_kernel(0);
    free(txt);
}

/* ---- tampering: every bit of tag, some of ciphertext, AAD and nonce ---- */

static void test_tamper(void)
{
    static const tacit_aead_alg algs[] = { TACIT_AEAD_AES_128_GCM, TACIT_AEAD_AES_256_GCM,
                                           TACIT_AEAD_AES_128_CCM, TACIT_AEAD_AES_256_CCM,
                                           TACIT_AEAD_AES_192_CCM };
    static const size_t key_lens[] = { 16, 32, 16, 32, 24 };
    unsigned char key[32], nonce[12], aad[21], pt[300], ct[316], out[316];
    size_t a, k, i, olen, len;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(i * 13 + 5);
    }
    memset(nonce, 0x5A, sizeof(nonce));
    memset(aad, 0xC3, sizeof(aad));
    for (i = 0; i < sizeof(pt); i++) {
        pt[i] = (unsigned char)(i * 31);
    }
    for (k = 0; k < n_kernels(); k++) {
        set_kernel(k);
        for (a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
            size_t tl = a < 2 ? 12 : 8, lens[3] = { 0, 17, 300 }, li;
            tacit_aead_context ctx;
            tacit_aead_init(&ctx);
            TEST_EQUAL(tacit_aead_setkey(&ctx, algs[a], key, key_lens[a], tl), 0);
            for (li = 0; li < 3; li++) {
                size_t bit;
                len = lens[li];
                TEST_EQUAL(tacit_aead_seal(&ctx, nonce, 12, aad, sizeof(aad), pt, len, ct,
                                           sizeof(ct), &olen),
                           0);
                for (bit = 0; bit < 8 * (len + tl); bit += (bit < 8 * len ? 61 : 1)) {
                    ct[bit / 8] ^= (unsigned char)(1u << (bit % 8));
                    memset(out, 0x77, sizeof(out));
                    TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad), ct, len + tl, out,
                                               sizeof(out), &olen),
                               TACIT_ERR_AUTH_FAILED);
                    for (i = 0; i < len; i++) {
                        TEST_EQUAL(out[i], 0);
                    }
                    TEST_EQUAL(out[len], 0x77);
                    ct[bit / 8] ^= (unsigned char)(1u << (bit % 8));
                }
                aad[3] ^= 0x10;
                TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad), ct, len + tl, out,
                                           sizeof(out), &olen),
                           TACIT_ERR_AUTH_FAILED);
                aad[3] ^= 0x10;
                TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad) - 1, ct, len + tl, out,
                                           sizeof(out), &olen),
                           TACIT_ERR_AUTH_FAILED);
                nonce[11] ^= 1;
                TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad), ct, len + tl, out,
                                           sizeof(out), &olen),
                           TACIT_ERR_AUTH_FAILED);
                nonce[11] ^= 1;
                /* truncated by one byte (the tag moves) */
                if (len > 0) {
                    TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad), ct, len + tl - 1,
                                               out, sizeof(out), &olen),
                               TACIT_ERR_AUTH_FAILED);
                }
                /* in place, wrong tag: the ciphertext buffer is zeroed */
                ct[len] ^= 0x80;
                TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad), ct, len + tl, ct,
                                           sizeof(ct), &olen),
                           TACIT_ERR_AUTH_FAILED);
                for (i = 0; i < len; i++) {
                    TEST_EQUAL(ct[i], 0);
                }
                TEST_EQUAL(tacit_aead_open(&ctx, nonce, 12, aad, sizeof(aad), out, 0, out,
                                           sizeof(out), &olen),
                           TACIT_ERR_AUTH_FAILED);
            }
            tacit_aead_free(&ctx);
        }
    }
exit:
    set_kernel(0);
}

/* ---- differential against OpenSSL EVP ---- */

#if defined(TACIT_HAVE_OPENSSL)
static int long_tests(void)
{
    const char *e = getenv("TACIT_LONG_TESTS");
    return test_has_option("--long") || (e != NULL && strcmp(e, "1") == 0);
}

static const EVP_CIPHER *evp_cipher(tacit_aead_alg alg)
{
    switch (alg) {
    case TACIT_AEAD_AES_128_GCM:
        return EVP_aes_128_gcm();
    case TACIT_AEAD_AES_192_GCM:
        return EVP_aes_192_gcm();
    case TACIT_AEAD_AES_256_GCM:
        return EVP_aes_256_gcm();
    case TACIT_AEAD_AES_128_CCM:
        return EVP_aes_128_ccm();
    case TACIT_AEAD_AES_192_CCM:
        return EVP_aes_192_ccm();
    default:
        return EVP_aes_256_ccm();
    }
}

static int is_ccm(tacit_aead_alg alg)
{
    return alg == TACIT_AEAD_AES_128_CCM || alg == TACIT_AEAD_AES_192_CCM ||
           alg == TACIT_AEAD_AES_256_CCM;
}

static size_t key_len_of(tacit_aead_alg alg)
{
    return alg == TACIT_AEAD_AES_128_GCM || alg == TACIT_AEAD_AES_128_CCM   ? 16
           : alg == TACIT_AEAD_AES_192_GCM || alg == TACIT_AEAD_AES_192_CCM ? 24
                                                                            : 32;
}

/* OpenSSL's ciphertext || tag, into out; 0 on success */
static int evp_seal(tacit_aead_alg alg, const unsigned char *key, const unsigned char *nonce,
                    size_t nl, const unsigned char *aad, size_t al, const unsigned char *pt,
                    size_t pl, size_t tl, unsigned char *out)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int ccm = is_ccm(alg), n = 0, ok = 0;

    if (c == NULL) {
        return -1;
    }
    if (EVP_EncryptInit_ex(c, evp_cipher(alg), NULL, NULL, NULL) != 1 ||
        EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, (int)nl, NULL) != 1) {
        goto done;
    }
    if (ccm && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)tl, NULL) != 1) {
        goto done;
    }
    if (EVP_EncryptInit_ex(c, NULL, NULL, key, nonce) != 1) {
        goto done;
    }
    if (ccm && EVP_EncryptUpdate(c, NULL, &n, NULL, (int)pl) != 1) {
        goto done;
    }
    if (al > 0 && EVP_EncryptUpdate(c, NULL, &n, aad, (int)al) != 1) {
        goto done;
    }
    if ((pl > 0 || ccm) && EVP_EncryptUpdate(c, out, &n, pt, (int)pl) != 1) {
        goto done;
    }
    if (EVP_EncryptFinal_ex(c, out + pl, &n) != 1 ||
        EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)tl, out + pl) != 1) {
        goto done;
    }
    ok = 1;
done:
    EVP_CIPHER_CTX_free(c);
    return ok ? 0 : -1;
}

/* One (alg, lengths) point: tacit seal == OpenSSL, open back, in place too. */
static int sweep_one(tacit_aead_context *ctx, tacit_aead_alg alg, const unsigned char *key,
                     const unsigned char *src, size_t pl, size_t al, size_t nl, size_t tl,
                     unsigned char *a, unsigned char *b)
{
    const unsigned char *nonce = src + 5000, *aad = src + 5100, *pt = src;
    size_t olen;

    if (tacit_aead_seal(ctx, nonce, nl, aad, al, pt, pl, a, pl + tl, &olen) != 0 ||
        olen != pl + tl) {
        return 0;
    }
    if (evp_seal(alg, key, nonce, nl, aad, al, pt, pl, tl, b) != 0 || memcmp(a, b, pl + tl) != 0) {
        printf("\n    differs from OpenSSL: alg %d pt %zu aad %zu nonce %zu tag %zu\n", (int)alg,
               pl, al, nl, tl);
        test_hexdump("tacit  ", a, pl + tl);
        test_hexdump("openssl", b, pl + tl);
        return 0;
    }
    if (tacit_aead_open(ctx, nonce, nl, aad, al, a, pl + tl, b, pl, &olen) != 0 || olen != pl ||
        memcmp(b, pt, pl) != 0) {
        return 0;
    }
    /* in place both ways */
    memcpy(b, pt, pl);
    if (tacit_aead_seal(ctx, nonce, nl, aad, al, b, pl, b, pl + tl, &olen) != 0 ||
        memcmp(a, b, pl + tl) != 0) {
        return 0;
    }
    if (tacit_aead_open(ctx, nonce, nl, aad, al, b, pl + tl, b, pl, &olen) != 0 ||
        memcmp(b, pt, pl) != 0) {
        return 0;
    }
    /* the last tag byte flipped: rejected */
    a[pl + tl - 1] ^= 1;
    if (tacit_aead_open(ctx, nonce, nl, aad, al, a, pl + tl, b, pl, &olen) !=
        TACIT_ERR_AUTH_FAILED) {
        return 0;
    }
    return 1;
}

static void test_sweep_openssl(void)
{
    static const tacit_aead_alg algs[] = { TACIT_AEAD_AES_128_GCM, TACIT_AEAD_AES_192_GCM,
                                           TACIT_AEAD_AES_256_GCM, TACIT_AEAD_AES_128_CCM,
                                           TACIT_AEAD_AES_192_CCM, TACIT_AEAD_AES_256_CCM };
    unsigned char key[32], *src = malloc(5200), *a = malloc(4200), *b = malloc(4200);
    int full = long_tests();
    size_t k, ai, i, pl, al, nl, points = 0;

    TEST_ASSERT(src != NULL && a != NULL && b != NULL);
    for (i = 0; i < 5200; i++) {
        src[i] = (unsigned char)((i * 2654435761u) >> 13);
    }
    for (k = 0; k < n_kernels(); k++) {
        set_kernel(k);
        for (ai = 0; ai < sizeof(algs) / sizeof(algs[0]); ai++) {
            tacit_aead_alg alg = algs[ai];
            int ccm = is_ccm(alg);
            size_t kl = key_len_of(alg);
            tacit_aead_context ctx;
            for (i = 0; i < 32; i++) {
                key[i] = (unsigned char)(i * 7 + ai + 11 * k);
            }
            tacit_aead_init(&ctx);
            /* plaintext lengths: every one up to 300 and around each 16..2048 step, sparse above */
            for (pl = 0; pl <= 4096; pl += (full || pl < 300) ? 1 : (pl % 64 == 63 ? 1 : 31)) {
                size_t tl = ccm ? 4 + 2 * (pl % 7) : 12 + pl % 5;
                TEST_EQUAL(tacit_aead_setkey(&ctx, alg, key, kl, tl), 0);
                if (ccm) {
                    nl = 7 + pl % 7;
                    al = (pl * 7) % 65;
                } else {
                    nl = pl % 3 == 0 ? 12 : 1 + (pl * 5) % 64;
                    al = (pl * 3) % 65;
                }
                if (!full && k > 0 && pl % 3 != 0) {
                    continue; /* other kernels: a third of the points */
                }
                TEST_ASSERT(sweep_one(&ctx, alg, key, src, pl, al, nl, tl, a, b));
                points++;
            }
            /* AAD and nonce lengths crossed, on a few plaintext lengths */
            for (pl = 0; pl <= 4096; pl = pl < 64 ? pl + 47 : pl * 4 + 1) {
                for (al = 0; al <= 64; al += full ? 1 : 9) {
                    for (nl = ccm ? 7 : 1; nl <= (ccm ? 13u : 64u); nl += (full || ccm) ? 1 : 7) {
                        size_t tl = ccm ? 16 : 16;
                        TEST_EQUAL(tacit_aead_setkey(&ctx, alg, key, kl, tl), 0);
                        TEST_ASSERT(sweep_one(&ctx, alg, key, src, pl, al, nl, tl, a, b));
                        points++;
                    }
                }
            }
            tacit_aead_free(&ctx);
        }
    }
    printf(" (%zu points%s)", points, full ? ", long" : "");
exit:
    set_kernel(0);
    free(src);
    free(a);
    free(b);
}

/*
 * SP 800-38C A.1: every nonce length (7..13) crossed with every tag length
 * (4..16, even), for each key size, against OpenSSL; a few plaintext and AAD
 * lengths each (partial and whole blocks, AAD absent, short, over a block).
 */
static void test_ccm_nonce_tag_openssl(void)
{
    static const tacit_aead_alg algs[] = { TACIT_AEAD_AES_128_CCM, TACIT_AEAD_AES_192_CCM,
                                           TACIT_AEAD_AES_256_CCM };
    static const size_t pls[] = { 0, 1, 16, 37 }, als[] = { 0, 5, 24 };
    unsigned char key[32], *src = malloc(5200), *a = malloc(4200), *b = malloc(4200);
    size_t k, ai, i, nl, tl, pi, li, points = 0;

    TEST_ASSERT(src != NULL && a != NULL && b != NULL);
    for (i = 0; i < 5200; i++) {
        src[i] = (unsigned char)((i * 40503u) >> 5);
    }
    for (k = 0; k < n_kernels(); k++) {
        set_kernel(k);
        for (ai = 0; ai < sizeof(algs) / sizeof(algs[0]); ai++) {
            tacit_aead_context ctx;
            for (i = 0; i < 32; i++) {
                key[i] = (unsigned char)(i * 29 + ai * 3 + k);
            }
            tacit_aead_init(&ctx);
            for (nl = 7; nl <= 13; nl++) {
                for (tl = 4; tl <= 16; tl += 2) {
                    TEST_EQUAL(tacit_aead_setkey(&ctx, algs[ai], key, key_len_of(algs[ai]), tl), 0);
                    for (pi = 0; pi < sizeof(pls) / sizeof(pls[0]); pi++) {
                        for (li = 0; li < sizeof(als) / sizeof(als[0]); li++) {
                            TEST_ASSERT(sweep_one(&ctx, algs[ai], key, src, pls[pi], als[li], nl,
                                                  tl, a, b));
                            points++;
                        }
                    }
                }
            }
            tacit_aead_free(&ctx);
        }
    }
    /* 3 keys x 7 nonce lengths x 7 tag lengths x 4 x 3 lengths, per kernel */
    TEST_EQUAL(points, n_kernels() * 3 * 7 * 7 * 4 * 3);
    printf(" (%zu points)", points);
exit:
    set_kernel(0);
    free(src);
    free(a);
    free(b);
}
#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_fips197);
    RUN_TEST(test_kats);
    RUN_TEST(test_counter_wrap);
    RUN_TEST(test_wycheproof_gmac);
    RUN_TEST(test_tamper);
#if defined(TACIT_HAVE_OPENSSL)
    RUN_TEST(test_sweep_openssl);
    RUN_TEST(test_ccm_nonce_tag_openssl);
#else
    SKIP_TEST_NO_PEER(test_sweep_openssl, "OpenSSL");
    SKIP_TEST_NO_PEER(test_ccm_nonce_tag_openssl, "OpenSSL");
#endif
    return TEST_MAIN_END();
}

#else
int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    printf("  SKIP (TACIT_GCM_C or TACIT_CCM_C not configured)\n");
    return TEST_MAIN_END();
}
#endif
