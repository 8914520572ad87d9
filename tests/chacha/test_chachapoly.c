/*
 * ChaCha20, HChaCha20, Poly1305 and the (X)ChaCha20-Poly1305 AEAD.
 *
 * - RFC 8439 §2 examples (block, cipher, Poly1305, key generation, AEAD);
 *   HChaCha20 and the AEAD example of draft-irtf-cfrg-xchacha.
 * - Poly1305 carry/reduction edge cases in the spirit of RFC 8439 A.3
 *   (all-ones blocks, h landing on p, 2^130 - 5 + small); expected tags
 *   from OpenSSL 3 (python3-cryptography), and a random differential
 *   against libsodium's crypto_onetimeauth_poly1305.
 * - ../shared/vectors/wycheproof/xchacha20_poly1305_test.txt (every case).
 * - A length sweep against OpenSSL libcrypto (ChaCha20-Poly1305) and
 *   libsodium (XChaCha20-Poly1305): plaintext 0..4096 x AAD 0..64, sparse
 *   by default, every pair with TACIT_LONG_TESTS=1; every kernel of this CPU
 *   forced through tacit_cpu_hook_disable; in place too.
 * - Tamper: every bit of tag, ciphertext and AAD flipped is refused.
 * - The counter limit: more than 2^32 - 1 blocks is refused.
 */
#include "harness.h"

#include "tacit/aead.h"
#include "chacha/chacha_internal.h"
#include "core/cpu_x86.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif
#if defined(TACIT_HAVE_SODIUM)
#include <sodium.h>
#endif

#if defined(TACIT_CHACHAPOLY_C)

static size_t unhex(unsigned char *out, size_t max, const char *hex)
{
    size_t n = 0;
    unsigned v;

    while (hex[0] != '\0' && hex[1] != '\0' && n < max) {
        if (sscanf(hex, "%2x", &v) != 1) {
            break;
        }
        out[n++] = (unsigned char)v;
        hex += 2;
    }
    return n;
}

/* ---- kernels ------------------------------------------------------------ */

#if defined(TACIT_HAVE_CPU_X86) && defined(TACIT_TEST_HOOKS)
/*
 * hook values: all kernels (AVX-512 ChaCha20, IFMA one pass); AVX-512 ChaCha20 +
 * AVX2 Poly1305; AVX2 one pass with the MULX Poly1305 in the assembly, the AVX2
 * Poly1305 elsewhere (an AVX2-only CPU); portable ChaCha20 + MULX Poly1305;
 * AVX2 ChaCha20 + portable Poly1305; portable.  With AVX2 and BMI2, block 0 (and a
 * tail of up to seven blocks) from the head batch, or the scalar block 0.
 */
static const unsigned kernel_hooks[] = {
    0,
    TACIT_CPU_IFMA,
    TACIT_CPU_AVX512 | TACIT_CPU_IFMA,
    TACIT_CPU_AVX512 | TACIT_CPU_IFMA | TACIT_CPU_AVX2,
    TACIT_CPU_AVX512 | TACIT_CPU_IFMA | TACIT_CPU_BMI2 | TACIT_CPU_ADX,
    ~0u,
};
#define N_KERNELS (sizeof(kernel_hooks) / sizeof(kernel_hooks[0]))
static void set_kernel(size_t i)
{
    tacit_cpu_hook_disable = kernel_hooks[i];
}
static void reset_kernel(void)
{
    tacit_cpu_hook_disable = 0;
}
#else
#define N_KERNELS 1
static void set_kernel(size_t i)
{
    (void)i;
}
static void reset_kernel(void)
{
}
#endif

/* ---- RFC 8439 §2 -------------------------------------------------------- */

static const char sunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
    "sunscreen would be it.";

static void test_block_232(void)
{
    unsigned char key[32], nonce[12], got[64], exp[64], zero[64] = { 0 };
    uint32_t st[16];
    size_t i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)i;
    }
    unhex(nonce, 12, "000000090000004a00000000");
    unhex(exp, 64,
          "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
          "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
    tacit_chacha20_setup(st, key, 1, nonce);
    for (i = 0; i < N_KERNELS; i++) {
        tacit_chachapoly_kernels k;
        set_kernel(i);
        tacit_chachapoly_kernels_get(&k);
        k.xor_stream(st, zero, got, 64);
        TEST_MEM_EQ(got, 64, exp, 64);
    }
exit:
    reset_kernel();
}

static void test_cipher_242(void)
{
    unsigned char key[32], nonce[12], got[114], exp[114];
    uint32_t st[16];
    size_t i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)i;
    }
    unhex(nonce, 12, "000000000000004a00000000");
    unhex(exp, 114,
          "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
          "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
          "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
          "5af90bbf74a35be6b40b8eedf2785e42874d");
    tacit_chacha20_setup(st, key, 1, nonce);
    for (i = 0; i < N_KERNELS; i++) {
        tacit_chachapoly_kernels k;
        set_kernel(i);
        tacit_chachapoly_kernels_get(&k);
        k.xor_stream(st, (const unsigned char *)sunscreen, got, 114);
        TEST_MEM_EQ(got, 114, exp, 114);
    }
exit:
    reset_kernel();
}

static void test_poly1305_252(void)
{
    unsigned char key[32], tag[16], exp[16];
    const char *msg = "Cryptographic Forum Research Group";

    unhex(key, 32, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    unhex(exp, 16, "a8061dc1305136c6c22b8baf0c0127a9");
    tacit_poly1305(tag, key, (const unsigned char *)msg, strlen(msg));
    TEST_MEM_EQ(tag, 16, exp, 16);
exit:
    return;
}

/* Poly1305 edges: key hex, message hex, tag hex (tags from OpenSSL 3). */
static const char *const poly_edges[][3] = {
#include "poly1305_edges.inc"
};

static void test_poly1305_edges(void)
{
    unsigned char key[32], msg[256], tag[16], exp[16];
    size_t i, len;

    for (i = 0; i < sizeof(poly_edges) / sizeof(poly_edges[0]); i++) {
        unhex(key, 32, poly_edges[i][0]);
        len = unhex(msg, sizeof(msg), poly_edges[i][1]);
        unhex(exp, 16, poly_edges[i][2]);
        tacit_poly1305(tag, key, msg, len);
        TEST_MEM_EQ(tag, 16, exp, 16);
    }
exit:
    return;
}

/*
 * Every kernel's Poly1305 bulk (tacit_chachapoly_kernels_get under each hook)
 * against the portable C, on 0..100 blocks, with a nonzero h on entry:
 * random keys and data, all-ones blocks, r = 0, 1 and the largest clamped
 * r, s = 0 and all ones, and sums that land on 5p + d, 10p + d, 20p + d for
 * small d (r = 1: h is the plain sum, so the lanes' reductions meet p).
 */
static void poly_kernel_case(const tacit_chachapoly_kernels *k, const unsigned char key[32],
                             const unsigned char *m, size_t nb, size_t pre, int *ok)
{
    tacit_poly1305_state ps;
    unsigned char tag[16], ref[16];

    tacit_poly1305(ref, key, m, 16 * nb);
    tacit_poly1305_init(&ps, key);
    tacit_poly1305_blocks_c(&ps, m, pre, 1); /* h nonzero when the kernel starts */
    k->poly_blocks(&ps, m + 16 * pre, nb - pre);
    tacit_poly1305_final(&ps, tag);
    if (memcmp(tag, ref, 16) != 0) {
        printf("      poly kernel mismatch: %zu blocks (%zu before)\n", nb, pre);
        *ok = 0;
    }
}

static void test_poly1305_kernels(void)
{
    static unsigned char m[16 * 100];
    unsigned char key[32];
    tacit_chachapoly_kernels k;
    size_t kk, nb, i, t, pre;
    uint64_t x = 0x243f6a8885a308d3u;
    int ok = 1, d;

    for (kk = 0; kk < N_KERNELS && ok; kk++) {
        set_kernel(kk);
        tacit_chachapoly_kernels_get(&k);
        for (t = 0; t < 8 && ok; t++) {
            for (i = 0; i < 32; i++) {
                x = x * 6364136223846793005u + 1442695040888963407u;
                key[i] = (unsigned char)(x >> 56);
            }
            if (t == 1 || t == 4) { /* largest clamped r */
                memset(key, 0xff, 16);
            }
            if (t == 2) { /* r = 0 */
                memset(key, 0, 16);
            }
            if (t == 3) { /* r = 1 */
                memset(key, 0, 16);
                key[0] = 1;
            }
            if (t == 1 || t == 3) { /* s all ones */
                memset(key + 16, 0xff, 16);
            }
            if (t == 4) { /* s = 0 */
                memset(key + 16, 0, 16);
            }
            for (i = 0; i < sizeof(m); i++) {
                x = x * 6364136223846793005u + 1442695040888963407u;
                m[i] = (t >= 5 && t != 6) ? (unsigned char)(x >> 56) : 0xff;
            }
            for (nb = 0; nb <= 100 && ok; nb++) {
                pre = nb > 20 ? (nb * 7) % 5 : 0;
                poly_kernel_case(&k, key, m, nb, pre, &ok);
            }
        }
        /* r = 1, s random: h = sum of the blocks (each plus 2^128) = c p + d */
        memset(key, 0, 16);
        key[0] = 1;
        for (t = 1; t <= 4 && ok; t *= 2) { /* 16 t blocks: 4 t all ones, the rest 0 */
            for (d = -3; d <= 8 && ok; d++) {
                nb = 16 * t;
                memset(m, 0xff, 16 * 4 * t);
                memset(m + 16 * 4 * t, 0, 16 * (nb - 4 * t));
                /* sum = 4t (2^128 - 1) - 21t + d + 16t 2^128 = 5t p + d */
                m[16 * (4 * t - 1)] = (unsigned char)(0xff - 21 * t + d);
                for (pre = 0; pre <= 3 && ok; pre += 3) {
                    poly_kernel_case(&k, key, m, nb, pre, &ok);
                }
            }
        }
    }
    TEST_ASSERT(ok);
exit:
    reset_kernel();
}

static void test_poly1305_keygen_262(void)
{
    unsigned char key[32], nonce[12], got[32], zero[32] = { 0 }, exp[32];
    uint32_t st[16];
    size_t i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(0x80 + i);
    }
    unhex(nonce, 12, "000000000001020304050607");
    unhex(exp, 32, "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646");
    tacit_chacha20_setup(st, key, 0, nonce);
    tacit_chacha20_xor_c(st, zero, got, 32);
    TEST_MEM_EQ(got, 32, exp, 32);
exit:
    return;
}

static void test_aead_282(void)
{
    unsigned char key[32], nonce[12], aad[12], ct[114], tag[16], exp[130], pt[114];
    size_t i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(0x80 + i);
    }
    unhex(nonce, 12, "070000004041424344454647");
    unhex(aad, 12, "50515253c0c1c2c3c4c5c6c7");
    unhex(exp, 130,
          "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
          "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
          "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
          "3ff4def08e4b7a9de576d26586cec64b6116"
          "1ae10b594f09e26a7e902ecbd0600691");
    for (i = 0; i < N_KERNELS; i++) {
        set_kernel(i);
        TEST_EQUAL(tacit_chachapoly_crypt(key, nonce, 12, aad, 12, (const unsigned char *)sunscreen,
                                          114, ct, tag, 0),
                   0);
        TEST_MEM_EQ(ct, 114, exp, 114);
        TEST_MEM_EQ(tag, 16, exp + 114, 16);
        TEST_EQUAL(tacit_chachapoly_crypt(key, nonce, 12, aad, 12, ct, 114, pt, tag, 1), 0);
        TEST_MEM_EQ(pt, 114, sunscreen, 114);
        TEST_MEM_EQ(tag, 16, exp + 114, 16);
    }
exit:
    reset_kernel();
}

static void test_hchacha20(void)
{
    unsigned char key[32], nonce[16], out[32], exp[32];
    size_t i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)i;
    }
    unhex(nonce, 16, "000000090000004a0000000031415927");
    unhex(exp, 32, "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc");
    tacit_hchacha20(out, key, nonce);
    TEST_MEM_EQ(out, 32, exp, 32);
exit:
    return;
}

/* ---- Wycheproof XChaCha20-Poly1305 --------------------------------------- */

static int hexfield(unsigned char *out, size_t max, const char *tok, size_t *len)
{
    if (strcmp(tok, "-") == 0) {
        *len = 0;
        return 0;
    }
    if (strlen(tok) / 2 > max) {
        return -1;
    }
    *len = unhex(out, max, tok);
    return 0;
}

static void test_wycheproof_xchacha(void)
{
    static char line[32768];
    char path[512], *tok[16];
    size_t n, klen, nlen, alen, mlen, clen, tlen, count = 0, n_valid = 0, k;
    FILE *f;
    static unsigned char key[64], nonce[64], aad[1024], msg[2048], ct[2048], tag[64], out[2048],
        otag[16];
    int valid, ok;

    snprintf(path, sizeof(path), "%s/vectors/wycheproof/xchacha20_poly1305_test.txt",
             TACIT_TEST_SHARED_DIR);
    f = fopen(path, "r");
    if (f == NULL) {
        TEST_SKIP("../shared/vectors/wycheproof/xchacha20_poly1305_test.txt not found");
    }
    /* fields tcId result key iv aad msg ct tag flags */
    while (fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, "test ", 5) != 0) {
            continue;
        }
        line[strcspn(line, "\n")] = '\0';
        n = 0;
        for (tok[n] = strtok(line, " "); tok[n] != NULL && n < 15; tok[++n] = strtok(NULL, " ")) {
        }
        TEST_ASSERT(n >= 9);
        valid = strcmp(tok[2], "valid") == 0;
        TEST_EQUAL(hexfield(key, sizeof(key), tok[3], &klen), 0);
        TEST_EQUAL(hexfield(nonce, sizeof(nonce), tok[4], &nlen), 0);
        TEST_EQUAL(hexfield(aad, sizeof(aad), tok[5], &alen), 0);
        TEST_EQUAL(hexfield(msg, sizeof(msg), tok[6], &mlen), 0);
        TEST_EQUAL(hexfield(ct, sizeof(ct), tok[7], &clen), 0);
        TEST_EQUAL(hexfield(tag, sizeof(tag), tok[8], &tlen), 0);
        for (k = 0; k < N_KERNELS; k++) {
            set_kernel(k);
            ok = klen == 32 && nlen == 24 && tlen == 16 && clen == mlen &&
                 tacit_chachapoly_crypt(key, nonce, nlen, aad, alen, ct, clen, out, otag, 1) == 0 &&
                 memcmp(otag, tag, 16) == 0 && (mlen == 0 || memcmp(out, msg, mlen) == 0);
            if (ok != valid) {
                printf("\n    tcId %s: expected %s", tok[1], tok[2]);
            }
            TEST_EQUAL(ok, valid);
            if (valid) {
                TEST_EQUAL(
                    tacit_chachapoly_crypt(key, nonce, 24, aad, alen, msg, mlen, out, otag, 0), 0);
                TEST_ASSERT(mlen == 0 || memcmp(out, ct, mlen) == 0);
                TEST_MEM_EQ(otag, 16, tag, 16);
            }
        }
#if defined(TACIT_AEAD_C)
        /* the same case through the public API: ct || tag opens only when valid; a nonce
           of another size is refused before any work (BAD_INPUT) */
        {
            static unsigned char sealed[2048 + 16];
            tacit_aead_context ctx;
            size_t olen = 0;
            int ret;
            tacit_aead_init(&ctx);
            TEST_EQUAL(tacit_aead_setkey(&ctx, TACIT_AEAD_XCHACHA20_POLY1305, key, klen, 0), 0);
            memcpy(sealed, ct, clen);
            memcpy(sealed + clen, tag, tlen);
            ret = tacit_aead_open(&ctx, nonce, nlen, aad, alen, sealed, clen + tlen, out,
                                  sizeof(out), &olen);
            tacit_aead_free(&ctx);
            if (valid) {
                TEST_EQUAL(ret, 0);
                TEST_MEM_EQ(out, olen, msg, mlen);
            } else {
                TEST_EQUAL(ret, nlen != 24 ? TACIT_ERR_BAD_INPUT : TACIT_ERR_AUTH_FAILED);
            }
        }
#endif
        count++;
        n_valid += (size_t)valid;
    }
    /* every case of the file: 246 valid, 69 invalid (9 of them nonce sizes other than 24) */
    TEST_EQUAL(count, 315);
    TEST_EQUAL(n_valid, 246);
exit:
    reset_kernel();
    if (f != NULL) {
        fclose(f);
    }
}

/* ---- the sweep ------------------------------------------------------------ */

#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
static int long_tests(void)
{
    const char *s = getenv("TACIT_LONG_TESTS");
    return s != NULL && strcmp(s, "1") == 0;
}

static uint64_t rs = 0x9e3779b97f4a7c15u;
static unsigned char rnd8(void)
{
    rs ^= rs >> 12;
    rs ^= rs << 25;
    rs ^= rs >> 27;
    return (unsigned char)((rs * 0x2545F4914F6CDD1Du) >> 56);
}

static int sweep_len(size_t len)
{
    /* sparse: everything to 300, the 64-byte and 16-byte edges around each kernel's batch */
    if (len <= 300) {
        return 1;
    }
    return len % 64 <= 1 || len % 64 >= 63 || len % 97 == 0 || len == 4096;
}

static int sweep_aad(size_t a)
{
    return a <= 1 || a == 12 || a == 13 || a == 15 || a == 16 || a == 17 || a == 31 || a == 63 ||
           a == 64;
}

#endif

#define SWEEP_MAX 4096

static void test_sweep(void)
{
#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
    static unsigned char pt[SWEEP_MAX], ct[SWEEP_MAX + 16], out[SWEEP_MAX + 16],
        ref[SWEEP_MAX + 16], aad[64];
    unsigned char key[32], nonce[24], tag[16];
    size_t len, a, k, i, cases = 0;
    int full = long_tests(), x;

    for (i = 0; i < sizeof(pt); i++) {
        pt[i] = rnd8();
    }
    for (i = 0; i < sizeof(aad); i++) {
        aad[i] = rnd8();
    }
    for (len = 0; len <= SWEEP_MAX; len++) {
        if (!full && !sweep_len(len)) {
            continue;
        }
        for (a = 0; a <= 64; a++) {
            if (!full && !sweep_aad(a)) {
                continue;
            }
            for (i = 0; i < 32; i++) {
                key[i] = rnd8();
            }
            for (i = 0; i < 24; i++) {
                nonce[i] = rnd8();
            }
            for (x = 0; x < 2; x++) { /* 0: ChaCha20-Poly1305, 1: XChaCha20-Poly1305 */
                size_t nlen = x ? 24 : 12;
#if defined(TACIT_HAVE_OPENSSL)
                if (!x) {
                    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
                    int ol = 0, ol2 = 0;
                    TEST_ASSERT(c != NULL);
                    TEST_EQUAL(EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, nonce), 1);
                    TEST_EQUAL(EVP_EncryptUpdate(c, NULL, &ol, aad, (int)a), 1);
                    TEST_EQUAL(EVP_EncryptUpdate(c, ref, &ol, pt, (int)len), 1);
                    TEST_EQUAL(EVP_EncryptFinal_ex(c, ref + ol, &ol2), 1);
                    TEST_EQUAL(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, ref + len), 1);
                    EVP_CIPHER_CTX_free(c);
                }
#else
                if (!x) {
                    continue;
                }
#endif
#if defined(TACIT_HAVE_SODIUM)
                if (x) {
                    unsigned long long cl = 0;
                    TEST_EQUAL(crypto_aead_xchacha20poly1305_ietf_encrypt(ref, &cl, pt, len, aad, a,
                                                                          NULL, nonce, key),
                               0);
                    TEST_EQUAL(cl, len + 16);
                }
#else
                if (x) {
                    continue;
                }
#endif
                for (k = 0; k < N_KERNELS; k++) {
                    set_kernel(k);
                    TEST_EQUAL(
                        tacit_chachapoly_crypt(key, nonce, nlen, aad, a, pt, len, ct, tag, 0), 0);
                    if (!test_mem_eq(__FILE__, __LINE__, "seal", ct, len, ref, len) ||
                        !test_mem_eq(__FILE__, __LINE__, "tag", tag, 16, ref + len, 16)) {
                        printf("      len %zu aad %zu kernel %zu %s\n", len, a, k,
                               x ? "xchacha" : "chacha");
                        goto exit;
                    }
                    /* open in place */
                    memcpy(out, ref, len);
                    TEST_EQUAL(
                        tacit_chachapoly_crypt(key, nonce, nlen, aad, a, out, len, out, tag, 1), 0);
                    TEST_MEM_EQ(out, len, pt, len);
                    TEST_MEM_EQ(tag, 16, ref + len, 16);
                    cases++;
                }
            }
        }
    }
    printf(" (%zu cases%s)", cases, full ? ", full" : ", sparse; TACIT_LONG_TESTS=1 for all");
exit:
    reset_kernel();
#else
    TEST_SKIP("neither OpenSSL nor libsodium found");
exit:
    return;
#endif
}

/* len bytes of pattern p: all p, or for p = 1 bytes that differ from block to block */
static void fill_pattern(unsigned char *b, size_t len, unsigned char p)
{
    size_t i;

    for (i = 0; i < len; i++) {
        b[i] = p == 1 ? (unsigned char)(i * 131 + (i >> 9)) : p;
    }
}

/*
 * Every kernel against the portable one on constant data (all zeros, all
 * ones: the Poly1305 carries at their longest; 0x80) and on data that
 * differs from block to block (the order of the Poly1305 blocks), both
 * directions, in place and not, at lengths around the one-pass and head
 * batches and, opening from 16 KiB with in and out apart, around the AVX2
 * kernel's catching up with the first 512 bytes (done after 32 batches:
 * 17408 bytes) and the tails it leaves to the chunk loop (above 448).
 */
static void test_kernel_patterns(void)
{
    static const size_t lens[] = { 512,   960,   1024,        1350,  4096 + 448, 4096 + 449,
                                   16384, 16385, 16384 + 449, 17408, 20480 + 460 };
    static const unsigned char pats[] = { 0x00, 0xff, 0x80, 0x01 };
    static unsigned char in[20940], ref[20940], out[20940];
    unsigned char key[32], nonce[12], aad[13], rtag[16], tag[16];
    size_t li, pi, k, len;
    int dec, inplace;

    for (k = 0; k < sizeof(key); k++) {
        key[k] = (unsigned char)(7 * k + 1);
        nonce[k % sizeof(nonce)] = (unsigned char)(5 * k + 2);
        aad[k % sizeof(aad)] = (unsigned char)(3 * k + 3);
    }
    for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        len = lens[li];
        for (pi = 0; pi < sizeof(pats); pi++) {
            for (dec = 0; dec < 2; dec++) {
                fill_pattern(in, len, pats[pi]);
                set_kernel(N_KERNELS - 1);
                TEST_EQUAL(tacit_chachapoly_crypt(key, nonce, 12, aad, 13, in, len, ref, rtag, dec),
                           0);
                for (k = 0; k + 1 < N_KERNELS; k++) {
                    for (inplace = 0; inplace < 2; inplace++) {
                        unsigned char *o = inplace ? in : out;
                        set_kernel(k);
                        fill_pattern(in, len, pats[pi]);
                        TEST_EQUAL(
                            tacit_chachapoly_crypt(key, nonce, 12, aad, 13, in, len, o, tag, dec),
                            0);
                        if (memcmp(o, ref, len) != 0 || memcmp(tag, rtag, 16) != 0) {
                            printf("\n    len %zu pattern %02x %s kernel %zu%s", len, pats[pi],
                                   dec ? "open" : "seal", k, inplace ? " in place" : "");
                        }
                        TEST_MEM_EQ(o, len, ref, len);
                        TEST_MEM_EQ(tag, 16, rtag, 16);
                    }
                }
            }
        }
    }
exit:
    reset_kernel();
}

#if defined(TACIT_HAVE_SODIUM)
static void test_poly1305_sodium(void)
{
    unsigned char key[32], msg[600], tag[16], ref[16];
    size_t i, t, len;

    for (t = 0; t < 2000; t++) {
        len = t % 600;
        for (i = 0; i < 32; i++) {
            key[i] = (t % 7 == 0) ? 0xff : rnd8();
        }
        for (i = 0; i < len; i++) {
            msg[i] = (t % 5 == 0) ? 0xff : rnd8();
        }
        tacit_poly1305(tag, key, msg, len);
        crypto_onetimeauth_poly1305(ref, msg, len, key);
        TEST_MEM_EQ(tag, 16, ref, 16);
    }
exit:
    return;
}
#endif

/* ---- through tacit/aead.h: the RFC example, tamper, limits ------------------ */

static void test_api_tamper(void)
{
#if defined(TACIT_AEAD_C)
    tacit_aead_context ctx;
    unsigned char key[32], nonce[24], aad[12], sealed[130], buf[130], zero[114] = { 0 };
    size_t i, olen, bit, x;
    tacit_aead_alg algs[2] = { TACIT_AEAD_CHACHA20_POLY1305, TACIT_AEAD_XCHACHA20_POLY1305 };

    tacit_aead_init(&ctx);
    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(0x80 + i);
    }
    unhex(nonce, 24, "070000004041424344454647");
    unhex(aad, 12, "50515253c0c1c2c3c4c5c6c7");
    for (x = 0; x < 2; x++) {
        size_t nlen = x ? 24 : 12;
        TEST_EQUAL(tacit_aead_setkey(&ctx, algs[x], key, 32, 0), 0);
        TEST_EQUAL(tacit_aead_seal(&ctx, nonce, nlen, aad, 12, (const unsigned char *)sunscreen,
                                   114, sealed, sizeof(sealed), &olen),
                   0);
        TEST_EQUAL(olen, 130);
        if (!x) {
            unsigned char exp[16];
            unhex(exp, 16, "1ae10b594f09e26a7e902ecbd0600691");
            TEST_MEM_EQ(sealed + 114, 16, exp, 16);
        }
        /* open in place */
        memcpy(buf, sealed, 130);
        TEST_EQUAL(tacit_aead_open(&ctx, nonce, nlen, aad, 12, buf, 130, buf, sizeof(buf), &olen),
                   0);
        TEST_EQUAL(olen, 114);
        TEST_MEM_EQ(buf, 114, sunscreen, 114);
        /* every bit of ciphertext and tag, then of the AAD and nonce */
        for (bit = 0; bit < 8 * 130; bit++) {
            memcpy(buf, sealed, 130);
            buf[bit / 8] ^= (unsigned char)(1u << (bit % 8));
            TEST_EQUAL(
                tacit_aead_open(&ctx, nonce, nlen, aad, 12, buf, 130, buf, sizeof(buf), &olen),
                TACIT_ERR_AUTH_FAILED);
            TEST_MEM_EQ(buf, 114, zero, 114);
        }
        for (bit = 0; bit < 8 * 12; bit++) {
            aad[bit / 8] ^= (unsigned char)(1u << (bit % 8));
            TEST_EQUAL(
                tacit_aead_open(&ctx, nonce, nlen, aad, 12, sealed, 130, buf, sizeof(buf), &olen),
                TACIT_ERR_AUTH_FAILED);
            aad[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        }
        for (bit = 0; bit < 8 * nlen; bit++) {
            nonce[bit / 8] ^= (unsigned char)(1u << (bit % 8));
            TEST_EQUAL(
                tacit_aead_open(&ctx, nonce, nlen, aad, 12, sealed, 130, buf, sizeof(buf), &olen),
                TACIT_ERR_AUTH_FAILED);
            nonce[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        }
        /* truncated, wrong nonce lengths, wrong key length, other tag lengths */
        TEST_ASSERT(
            tacit_aead_open(&ctx, nonce, nlen, aad, 12, sealed, 15, buf, sizeof(buf), &olen) != 0);
        TEST_EQUAL(
            tacit_aead_seal(&ctx, nonce, x ? 12 : 24, aad, 12, sealed, 16, buf, sizeof(buf), &olen),
            TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, algs[x], key, 16, 0), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_aead_setkey(&ctx, algs[x], key, 32, 12), TACIT_ERR_BAD_INPUT);
    }
exit:
    tacit_aead_free(&ctx);
#else
    TEST_SKIP("TACIT_AEAD_C off");
exit:
    return;
#endif
}

/* ---- the limit ------------------------------------------------------------ */

static void test_counter_limit(void)
{
    unsigned char key[32] = { 0 }, nonce[24] = { 0 }, tag[16];

    if (sizeof(size_t) > 4) {
        /* refused before any byte is touched */
        TEST_EQUAL(tacit_chachapoly_crypt(key, nonce, 12, NULL, 0, NULL,
                                          (size_t)(TACIT_CHACHAPOLY_MAX_LEN + 1), NULL, tag, 0),
                   TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_chachapoly_crypt(key, nonce, 24, NULL, 0, NULL,
                                          (size_t)(TACIT_CHACHAPOLY_MAX_LEN + 1), NULL, tag, 1),
                   TACIT_ERR_BAD_INPUT);
    }
    TEST_EQUAL(tacit_chachapoly_crypt(key, nonce, 16, NULL, 0, NULL, 0, NULL, tag, 0),
               TACIT_ERR_BAD_INPUT);
exit:
    return;
}

#endif /* TACIT_CHACHAPOLY_C */

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_CHACHAPOLY_C)
    RUN_TEST(test_block_232);
    RUN_TEST(test_cipher_242);
    RUN_TEST(test_poly1305_252);
    RUN_TEST(test_poly1305_edges);
    RUN_TEST(test_poly1305_kernels);
    RUN_TEST(test_poly1305_keygen_262);
    RUN_TEST(test_aead_282);
    RUN_TEST(test_hchacha20);
    RUN_TEST(test_wycheproof_xchacha);
    RUN_TEST(test_sweep);
    RUN_TEST(test_kernel_patterns);
#if defined(TACIT_HAVE_SODIUM)
    RUN_TEST(test_poly1305_sodium);
#endif
    RUN_TEST(test_api_tamper);
    RUN_TEST(test_counter_limit);
#endif
    return TEST_MAIN_END();
}
