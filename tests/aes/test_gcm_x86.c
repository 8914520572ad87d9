/*
 * The x86-64 AES-GCM kernels (src/aes/x86_64/), each forced through the
 * CPU test hook (VAES-512, VAES-256, AES-NI in VEX and in SSE encoding), against OpenSSL libcrypto's
 * EVP: plaintext lengths 0..4096 crossed with AAD lengths 0..64 and nonce
 * lengths 1..64 (a sparse grid by default; the full cross product with
 * TACIT_LONG_TESTS=1), AES-128/192/256, out of place and in place, inputs
 * in exactly sized heap buffers (ASan sees any read or write past them),
 * long messages (64 KiB, 1 MiB), and the GCM paper's test cases (typed in)
 * without OpenSSL.  A kernel the CPU lacks is SKIPped with the reason.
 */
#include "harness.h"

#include "aes/x86_64/gcm_x86.h"
#include "aes/x86_64/gcm_x86_internal.h"
#include "tacit/aead.h"
#include "core/cpu_x86.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

#if defined(TACIT_AES_GCM_X86) && defined(TACIT_TEST_HOOKS)

typedef struct {
    const char *name;
    unsigned disable; /* tacit_cpu_hook_disable to force it */
    unsigned needs;   /* CPU bits it needs */
    gcm_x86_bulk_fn *bulk;
} kernel_info;

static const kernel_info kernels[] = {
    { "vaes512", 0, TACIT_CPU_VAES | TACIT_CPU_AVX512BW | TACIT_CPU_AESNI, tacit_gcm_vaes512_bulk },
    { "vaes256", TACIT_CPU_AVX512BW, TACIT_CPU_VAES | TACIT_CPU_AESNI, tacit_gcm_vaes256_bulk },
    { "aesni-avx", TACIT_CPU_VAES, TACIT_CPU_AESNI | TACIT_CPU_AVX2, tacit_gcm_aesni_avx_bulk },
    { "aesni-sse", TACIT_CPU_VAES | TACIT_CPU_AVX2, TACIT_CPU_AESNI, tacit_gcm_aesni_bulk },
};
#define N_KERNELS (sizeof(kernels) / sizeof(kernels[0]))

static uint64_t gcm_state[TACIT_AES_GCM_X86_STATE_WORDS];

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static int check_portable; /* one_case also checks the portable path (first kernel's pass) */

static void test_rand_bytes(unsigned char *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        rng_state ^= rng_state >> 12;
        rng_state ^= rng_state << 25;
        rng_state ^= rng_state >> 27;
        p[i] = (unsigned char)((rng_state * 0x2545F4914F6CDD1Du) >> 56);
    }
}

/* force kernel k; 0 when the CPU cannot run it (reason in why) */
static int use_kernel(size_t k, const char **why)
{
    unsigned f;

    tacit_cpu_hook_disable = 0;
    f = tacit_cpu_x86();
    if ((f & kernels[k].needs) != kernels[k].needs) {
        *why = (kernels[k].needs & TACIT_CPU_AVX512BW) && !(f & TACIT_CPU_AVX512BW)
                   ? "no AVX-512BW on this CPU"
               : (kernels[k].needs & TACIT_CPU_VAES) && !(f & TACIT_CPU_VAES)
                   ? "no VAES/VPCLMULQDQ on this CPU"
                   : "no AES-NI/PCLMULQDQ on this CPU";
        return 0;
    }
    tacit_cpu_hook_disable = kernels[k].disable;
    return 1;
}

static void unhex(const char *h, unsigned char *out, size_t *len)
{
    size_t n = 0;

    while (h[0] && h[1]) {
        unsigned v;

        sscanf(h, "%2x", &v);
        out[n++] = (unsigned char)v;
        h += 2;
    }
    *len = n;
}

/* The GCM paper's test cases 2, 3, 4, 6 (AES-128), 16 (AES-256 with AAD). */
static const struct {
    const char *k, *p, *a, *iv, *c, *t;
} kat[] = {
    { "00000000000000000000000000000000", "00000000000000000000000000000000", "",
      "000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
      "ab6e47d42cec13bdf53a67b21257bddf" },
    { "feffe9928665731c6d6a8f9467308308",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6"
      "b525b16aedf5aa0de657ba637b391aafd255",
      "", "cafebabefacedbaddecaf888",
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84"
      "aa051ba30b396a0aac973d58e091473f5985",
      "4d5c2af327cd64a62cf35abd2ba6fab4" },
    { "feffe9928665731c6d6a8f9467308308",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6"
      "b525b16aedf5aa0de657ba637b39",
      "feedfacedeadbeeffeedfacedeadbeefabaddad2", "cafebabefacedbaddecaf888",
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84"
      "aa051ba30b396a0aac973d58e091",
      "5bc94fbc3221a5db94fae95ae7121a47" },
    { "feffe9928665731c6d6a8f9467308308",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6"
      "b525b16aedf5aa0de657ba637b39",
      "feedfacedeadbeeffeedfacedeadbeefabaddad2",
      "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b"
      "525416aedbf5a0de6a57a637b39b",
      "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c"
      "7c6fd62875d2aca417034c34aee5",
      "619cc5aefffe0bfa462af43c1699d050" },
    { "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6"
      "b525b16aedf5aa0de657ba637b39",
      "feedfacedeadbeeffeedfacedeadbeefabaddad2", "cafebabefacedbaddecaf888",
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b105682"
      "8838c5f61e6393ba7a0abcc9f662",
      "76fc6ece0f4e1768cddf8853bb2d551b" },
};

static void test_gcm_x86_kat(void)
{
    unsigned char k[32], p[64], a[32], iv[64], c[64], t[16], out[64], tag[16];
    size_t kl, pl, al, ivl, cl, tl, i, kn, ran = 0;
    const char *why = "";

    for (kn = 0; kn < N_KERNELS; kn++) {
        if (!use_kernel(kn, &why)) {
            continue;
        }
        ran++;
        for (i = 0; i < sizeof(kat) / sizeof(kat[0]); i++) {
            unhex(kat[i].k, k, &kl);
            unhex(kat[i].p, p, &pl);
            unhex(kat[i].a, a, &al);
            unhex(kat[i].iv, iv, &ivl);
            unhex(kat[i].c, c, &cl);
            unhex(kat[i].t, t, &tl);
            tacit_aes_gcm_x86_setkey(gcm_state, k, kl);
            tacit_aes_gcm_x86_crypt(gcm_state, 1, iv, ivl, a, al, p, pl, out, tag);
            TEST_MEM_EQ(out, pl, c, cl);
            TEST_MEM_EQ(tag, 16, t, tl);
            tacit_aes_gcm_x86_crypt(gcm_state, 0, iv, ivl, a, al, c, cl, out, tag);
            TEST_MEM_EQ(out, cl, p, pl);
            TEST_MEM_EQ(tag, 16, t, tl);
        }
    }
    if (ran == 0) {
        TEST_SKIP(why);
    }
exit:
    tacit_cpu_hook_disable = 0;
}

#if defined(TACIT_HAVE_OPENSSL)
#define REFERENCE "OpenSSL"
/* OpenSSL's ciphertext and tag */
static int ref_gcm(const unsigned char *key, size_t key_len, const unsigned char *iv, size_t iv_len,
                   const unsigned char *aad, size_t aad_len, const unsigned char *pt, size_t len,
                   unsigned char *ct, unsigned char tag[16])
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    const EVP_CIPHER *ci = key_len == 16   ? EVP_aes_128_gcm()
                           : key_len == 24 ? EVP_aes_192_gcm()
                                           : EVP_aes_256_gcm();
    int n, ok;

    ok = c != NULL && EVP_EncryptInit_ex(c, ci, NULL, NULL, NULL) == 1 &&
         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, (int)iv_len, NULL) == 1 &&
         EVP_EncryptInit_ex(c, NULL, NULL, key, iv) == 1 &&
         (aad_len == 0 || EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len) == 1) &&
         (len == 0 || EVP_EncryptUpdate(c, ct, &n, pt, (int)len) == 1) &&
         EVP_EncryptFinal_ex(c, ct + len, &n) == 1 &&
         EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(c);
    return ok;
}
#else
#define REFERENCE "the AES-NI kernel"
/*
 * No OpenSSL (the sanitizer builds): the AES-NI kernel is the reference (it
 * passed the typed-in vectors), so the sweep still checks the wide kernels
 * against it and every access against the exact buffer sizes.
 */
static int ref_gcm(const unsigned char *key, size_t key_len, const unsigned char *iv, size_t iv_len,
                   const unsigned char *aad, size_t aad_len, const unsigned char *pt, size_t len,
                   unsigned char *ct, unsigned char tag[16])
{
    unsigned save = tacit_cpu_hook_disable;
    uint64_t st[TACIT_AES_GCM_X86_STATE_WORDS];

    tacit_cpu_hook_disable = TACIT_CPU_VAES | TACIT_CPU_AVX2;
    tacit_aes_gcm_x86_setkey(st, key, key_len);
    tacit_aes_gcm_x86_crypt(st, 1, iv, iv_len, aad, aad_len, pt, len, ct, tag);
    tacit_cpu_hook_disable = save;
    return 1;
}
#endif

/* one case: exact-size heap buffers; out of place then in place, both directions */
static int one_case(size_t key_len, size_t nonce_len, size_t aad_len, size_t len)
{
    size_t sz = len ? len : 1; /* exact sizes: ASan sees any access past the message */
    unsigned char key[32], want_tag[16], tag[16];
    unsigned char *nonce = calloc(1, nonce_len), *aad = calloc(1, aad_len ? aad_len : 1);
    unsigned char *pt = calloc(1, sz), *ct = calloc(1, sz), *out = calloc(1, sz);
    unsigned char *io = calloc(1, sz);
    int ok = 0;

    if (!nonce || !aad || !pt || !ct || !out || !io) {
        goto done;
    }
    test_rand_bytes(key, key_len);
    test_rand_bytes(nonce, nonce_len);
    test_rand_bytes(aad, aad_len);
    test_rand_bytes(pt, len);
    if (!ref_gcm(key, key_len, nonce, nonce_len, aad, aad_len, pt, len, ct, want_tag)) {
        printf("    %s failed\n", REFERENCE);
        goto done;
    }
    tacit_aes_gcm_x86_setkey(gcm_state, key, key_len);
    /* seal, out of place */
    tacit_aes_gcm_x86_crypt(gcm_state, 1, nonce, nonce_len, aad, aad_len, pt, len, out, tag);
    if ((len && memcmp(out, ct, len)) || memcmp(tag, want_tag, 16)) {
        printf("    seal differs: key %zu nonce %zu aad %zu len %zu\n", key_len, nonce_len, aad_len,
               len);
        goto done;
    }
    /* open, in place: the tag is over the ciphertext */
    if (len) {
        memcpy(io, ct, len);
    }
    tacit_aes_gcm_x86_crypt(gcm_state, 0, nonce, nonce_len, aad, aad_len, io, len, io, tag);
    if ((len && memcmp(io, pt, len)) || memcmp(tag, want_tag, 16)) {
        printf("    open differs: key %zu nonce %zu aad %zu len %zu\n", key_len, nonce_len, aad_len,
               len);
        goto done;
    }
    /* seal in place, open out of place */
    tacit_aes_gcm_x86_crypt(gcm_state, 1, nonce, nonce_len, aad, aad_len, io, len, io, tag);
    if ((len && memcmp(io, ct, len)) || memcmp(tag, want_tag, 16)) {
        printf("    in-place seal differs: len %zu\n", len);
        goto done;
    }
    tacit_aes_gcm_x86_crypt(gcm_state, 0, nonce, nonce_len, aad, aad_len, io, len, out, tag);
    if ((len && memcmp(out, pt, len)) || memcmp(tag, want_tag, 16)) {
        printf("    out-of-place open differs: len %zu\n", len);
        goto done;
    }
    /* a flipped ciphertext bit changes the tag */
    if (len) {
        io[len / 2] ^= 0x10;
        tacit_aes_gcm_x86_crypt(gcm_state, 0, nonce, nonce_len, aad, aad_len, io, len, out, tag);
        if (memcmp(tag, want_tag, 16) == 0) {
            printf("    tag verifies a wrong ciphertext: len %zu\n", len);
            goto done;
        }
    }
#if defined(TACIT_GCM_C)
    /* the portable path (bitsliced AES, table-free GHASH) through the AEAD API, once per case */
    if (check_portable) {
        tacit_aead_context ctx;
        unsigned save = tacit_cpu_hook_disable;
        unsigned char *sealed = calloc(1, len + 16);
        size_t olen = 0;
        int r = -1;

        tacit_cpu_hook_disable = ~0u;
        tacit_aead_init(&ctx);
        if (sealed != NULL && tacit_aead_setkey(&ctx,
                                                key_len == 16   ? TACIT_AEAD_AES_128_GCM
                                                : key_len == 24 ? TACIT_AEAD_AES_192_GCM
                                                                : TACIT_AEAD_AES_256_GCM,
                                                key, key_len, 16) == 0) {
            r = tacit_aead_seal(&ctx, nonce, nonce_len, aad, aad_len, pt, len, sealed, len + 16,
                                &olen);
        }
        tacit_aead_free(&ctx);
        tacit_cpu_hook_disable = save;
        if (r != 0 || olen != len + 16 || (len && memcmp(sealed, ct, len)) ||
            memcmp(sealed + len, want_tag, 16)) {
            printf("    portable path differs: key %zu nonce %zu aad %zu len %zu\n", key_len,
                   nonce_len, aad_len, len);
            free(sealed);
            goto done;
        }
        free(sealed);
    }
#endif
    ok = 1;
done:
    free(nonce);
    free(aad);
    free(pt);
    free(ct);
    free(out);
    free(io);
    return ok;
}

static int long_tests(void)
{
    const char *e = getenv("TACIT_LONG_TESTS");

    return e != NULL && e[0] == '1';
}

/* lengths around every step size (128, 256 bytes) and the 1792-byte trap, plus a spread */
static int sparse_len(size_t len)
{
    size_t r128 = len % 128;

    return len <= 300 || r128 <= 1 || r128 >= 127 || r128 == 16 || r128 == 112 ||
           (len >= 1750 && len <= 1850) || len % 61 == 0 || len >= 4090;
}

static void test_gcm_x86_sweep(void)
{
    static const size_t nonces[] = { 12, 1, 8, 13, 16, 17, 31, 32, 64 };
    static const size_t aads[] = { 0, 1, 13, 15, 16, 17, 20, 32, 63, 64 };
    size_t kn, len, ai, ni, cases = 0, ran = 0;
    int full = long_tests();
    const char *why = "";

    for (kn = 0; kn < N_KERNELS; kn++) {
        if (!use_kernel(kn, &why)) {
            printf("    %s: SKIP (%s)\n", kernels[kn].name, why);
            continue;
        }
        check_portable = ran == 0;
        ran++;
        for (len = 0; len <= 4096; len++) {
            if (!full && !sparse_len(len)) {
                continue;
            }
            if (full) {
                size_t aad_len, nonce_len;

                for (aad_len = 0; aad_len <= 64; aad_len++) {
                    for (nonce_len = 1; nonce_len <= 64; nonce_len++) {
                        TEST_ASSERT(one_case(16 + 8 * ((len + aad_len + nonce_len) % 3), nonce_len,
                                             aad_len, len));
                        cases++;
                    }
                }
                continue;
            }
            /* sparse: every AAD and nonce length of the lists on a rotation, 12-byte nonce always */
            ai = len % (sizeof(aads) / sizeof(aads[0]));
            ni = (len / 3) % (sizeof(nonces) / sizeof(nonces[0]));
            TEST_ASSERT(one_case(16, 12, aads[ai], len));
            TEST_ASSERT(one_case(32, nonces[ni], aads[(ai + 3) % 10], len));
            TEST_ASSERT(one_case(24, nonces[(ni + 4) % 9], aads[(ai + 7) % 10], len));
            cases += 3;
        }
        /* every nonce length 1..64 and AAD length 0..64 on a few message lengths */
        for (ni = 1; ni <= 64; ni++) {
            for (ai = 0; ai <= 64; ai += full ? 1 : 7) {
                TEST_ASSERT(one_case(16, ni, ai, (ni * 37 + ai) % 600));
                cases++;
            }
        }
        printf("    %s: %zu cases%s\n", kernels[kn].name, cases,
               check_portable ? " (and the portable path on each)" : "");
        check_portable = 0;
        cases = 0;
    }
    if (ran == 0) {
        TEST_SKIP(why);
    }
exit:
    tacit_cpu_hook_disable = 0;
}

static void test_gcm_x86_long(void)
{
    static const size_t lens[] = { 65536, 65536 + 13, 1 << 20 };
    size_t kn, i, ran = 0;
    const char *why = "";

    for (kn = 0; kn < N_KERNELS; kn++) {
        if (!use_kernel(kn, &why)) {
            continue;
        }
        ran++;
        for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
            TEST_ASSERT(one_case(16, 12, 13, lens[i]));
            TEST_ASSERT(one_case(32, 7, 0, lens[i]));
        }
    }
    if (ran == 0) {
        TEST_SKIP(why);
    }
exit:
    tacit_cpu_hook_disable = 0;
}

#if defined(TACIT_HAVE_OPENSSL)
/*
 * The 32-bit counter wraps modulo 2^32 (inc32) without carrying into the
 * nonce part: each kernel's bulk from counters ..fffffff0 and ..ffffffff,
 * against AES-ECB of the counter blocks (OpenSSL), and the same GHASH in
 * every kernel.
 */
static void test_gcm_x86_counter_wrap(void)
{
    enum { LEN = 1000 };
    unsigned char key[16], ctr0[16], cb[16], ks[16], *pt = malloc(LEN), *out = malloc(LEN);
    unsigned char *want = malloc(LEN), xi[16], xi0[16];
    /* the length block: no AAD, LEN bytes (LEN * 8 bits, big-endian) */
    const unsigned char lens[16] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (LEN * 8) >> 8, (LEN * 8) & 0xff
    };
    size_t kn, i, ran = 0, start;
    const char *why = "";
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n, have_xi = 0;

    TEST_ASSERT(pt && out && want && c);
    test_rand_bytes(key, 16);
    test_rand_bytes(pt, LEN);
    TEST_ASSERT(EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, key, NULL) == 1);
    tacit_aes_gcm_x86_setkey(gcm_state, key, 16);
    for (start = 0; start < 2; start++) {
        test_rand_bytes(ctr0, 12);
        memcpy(ctr0 + 12, start ? "\xff\xff\xff\xff" : "\xff\xff\xff\xf0", 4);
        memcpy(cb, ctr0, 16);
        for (i = 0; i < LEN; i += 16) {
            uint32_t v;

            TEST_ASSERT(EVP_EncryptUpdate(c, ks, &n, cb, 16) == 1);
            for (n = 0; n < 16 && i + (size_t)n < LEN; n++) {
                want[i + (size_t)n] = pt[i + (size_t)n] ^ ks[n];
            }
            v = ((uint32_t)cb[12] << 24 | (uint32_t)cb[13] << 16 | (uint32_t)cb[14] << 8 | cb[15]) +
                1;
            cb[12] = (unsigned char)(v >> 24);
            cb[13] = (unsigned char)(v >> 16);
            cb[14] = (unsigned char)(v >> 8);
            cb[15] = (unsigned char)v;
        }
        have_xi = 0;
        for (kn = 0; kn < N_KERNELS; kn++) {
            if (!use_kernel(kn, &why)) {
                continue;
            }
            ran++;
            memset(xi, 0, 16);
            kernels[kn].bulk((const unsigned char *)gcm_state, 1, ctr0, pt, LEN, out, xi, lens);
            TEST_MEM_EQ(out, LEN, want, LEN);
            if (have_xi) {
                TEST_MEM_EQ(xi, 16, xi0, 16);
            }
            memcpy(xi0, xi, 16);
            have_xi = 1;
        }
    }
    if (ran == 0) {
        TEST_SKIP(why);
    }
exit:
    tacit_cpu_hook_disable = 0;
    EVP_CIPHER_CTX_free(c);
    free(pt);
    free(out);
    free(want);
}
#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_gcm_x86_kat);
    printf("  (reference: %s)\n", REFERENCE);
    RUN_TEST(test_gcm_x86_sweep);
    RUN_TEST(test_gcm_x86_long);
#if defined(TACIT_HAVE_OPENSSL)
    RUN_TEST(test_gcm_x86_counter_wrap);
#else
    printf("  test_gcm_x86_counter_wrap SKIP (needs OpenSSL's AES-ECB)\n");
#endif
    return TEST_MAIN_END();
}

#else
int main(void)
{
    printf("SKIP (%s)\n", "needs x86-64 and a TACIT_TEST_HOOKS build to force each kernel");
    return 0;
}
#endif
