/*
 * The public ChaCha20 and XChaCha20 stream (tacit/chacha20.h), every
 * kernel this CPU runs forced through tacit_cpu_hook_disable (AVX-512,
 * AVX2, portable C):
 *
 * - RFC 8439 §2.4.2 and the three A.2 vectors; draft-irtf-cfrg-xchacha
 *   A.3.2 (XChaCha20, counter 0 and 1); in place and apart;
 * - against OpenSSL EVP_chacha20 (16-byte IV: le32 counter || nonce) and
 *   libsodium crypto_stream_chacha20_ietf_xor_ic at every length 0..2100
 *   and 16 KiB + 1, in place and apart; XChaCha20 against libsodium
 *   crypto_stream_xchacha20_xor_ic;
 * - the counter limit: the block 2^32 - 1 is the last one (it works, the
 *   same as OpenSSL); one more block is refused and out is untouched;
 * - overlaps other than in place refused, out untouched; NULL with len 0.
 */
#include "harness.h"

#include "tacit/chacha20.h"
#include "core/cpu_x86.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif
#if defined(TACIT_HAVE_SODIUM)
#include <sodium.h>
#endif

#if defined(TACIT_CHACHAPOLY_C)

#if defined(TACIT_HAVE_CPU_X86) && defined(TACIT_TEST_HOOKS)
/* every xor_stream: AVX-512 (if present), AVX2 (AVX-512 masked), portable C */
static const unsigned kernel_hooks[] = { 0, TACIT_CPU_AVX512, ~0u };
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

#define MAX_LEN (16384 + 1)

static unsigned char in_buf[MAX_LEN + 64], ref[MAX_LEN + 64], got[MAX_LEN + 64], keep[MAX_LEN + 64];

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

/* x (12- or 24-byte nonce) over in -> out, apart (mode 0) or in place (1) in a copy. */
static int run(int x, const unsigned char *key, const unsigned char *nonce, uint32_t counter,
               const unsigned char *in, size_t len, unsigned char *out, int mode)
{
    if (mode == 1) {
        memmove(out, in, len);
        in = out;
    }
    return x ? tacit_xchacha20_xor(key, nonce, counter, in, len, out)
             : tacit_chacha20_xor(key, nonce, counter, in, len, out);
}

/* One known answer through every kernel, apart and in place. */
static int kat(int x, const char *key_hex, const char *nonce_hex, uint32_t counter,
               const unsigned char *pt, size_t len, const char *ct_hex)
{
    unsigned char key[32], nonce[24], exp[512], out[512];
    size_t k;
    int mode;

    unhex(key, 32, key_hex);
    unhex(nonce, x ? 24 : 12, nonce_hex);
    if (unhex(exp, sizeof(exp), ct_hex) != len) {
        printf("      bad vector length\n");
        return 0;
    }
    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (mode = 0; mode < 2; mode++) {
            memset(out, 0, sizeof(out));
            if (run(x, key, nonce, counter, pt, len, out, mode) != 0 ||
                !test_mem_eq(__FILE__, __LINE__, "known answer", out, len, exp, len)) {
                printf("      kernel %zu mode %d\n", k, mode);
                reset_kernel();
                return 0;
            }
        }
    }
    reset_kernel();
    return 1;
}

static const char sunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
    "sunscreen would be it.";

static const char ietf[] =
    "Any submission to the IETF intended by the Contributor for publication as all or part of an "
    "IETF Internet-Draft or RFC and any statement made within the context of an IETF activity is "
    "considered an \"IETF Contribution\". Such statements include oral statements in IETF "
    "sessions, as well as written and electronic communications made at any time or place, which "
    "are addressed to";

static const char jabberwock[] = "'Twas brillig, and the slithy toves\n"
                                 "Did gyre and gimble in the wabe:\n"
                                 "All mimsy were the borogoves,\n"
                                 "And the mome raths outgrabe.";

static const char dhole[] =
    "The dhole (pronounced \"dole\") is also known as the Asiatic wild dog, red dog, and "
    "whistling dog. It is about the size of a German shepherd but looks more like a long-legged "
    "fox. This highly elusive and skilled jumper is classified with wolves, coyotes, jackals, and "
    "foxes in the taxonomic family Canidae.";

#define KEY_0_31 "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
#define KEY_ZERO "0000000000000000000000000000000000000000000000000000000000000000"

/* RFC 8439 §2.4.2: the sunscreen text, counter 1. */
static void test_rfc8439_242(void)
{
    TEST_ASSERT(kat(0, KEY_0_31, "000000000000004a00000000", 1, (const unsigned char *)sunscreen,
                    114,
                    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
                    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
                    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
                    "5af90bbf74a35be6b40b8eedf2785e42874d"));
exit:
    return;
}

/* RFC 8439 A.2, test vectors #1 to #3. */
static void test_rfc8439_a2(void)
{
    static const unsigned char zero[64] = { 0 };

    TEST_EQUAL(sizeof(ietf) - 1, 375);
    TEST_EQUAL(sizeof(jabberwock) - 1, 127);
    TEST_ASSERT(kat(0, KEY_ZERO, "000000000000000000000000", 0, zero, 64,
                    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"));
    TEST_ASSERT(kat(0, "0000000000000000000000000000000000000000000000000000000000000001",
                    "000000000000000000000002", 1, (const unsigned char *)ietf, 375,
                    "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec"
                    "2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d"
                    "4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950"
                    "42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a"
                    "d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259d"
                    "c4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b"
                    "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6c"
                    "cc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b"
                    "c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f"
                    "5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6"
                    "98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab"
                    "7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221"));
    TEST_ASSERT(kat(0, "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
                    "000000000000000000000002", 42, (const unsigned char *)jabberwock, 127,
                    "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf"
                    "166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb"
                    "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
                    "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1"));
exit:
    return;
}

#define XKEY "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
#define XNONCE "404142434445464748494a4b4c4d4e4f5051525354555658"

/* draft-irtf-cfrg-xchacha-03 A.3.2: XChaCha20, block counter 0 and 1. */
static void test_xchacha_a32(void)
{
    TEST_EQUAL(sizeof(dhole) - 1, 304);
    TEST_ASSERT(kat(1, XKEY, XNONCE, 0, (const unsigned char *)dhole, 304,
                    "4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e9"
                    "8d8d6410d540a1a6375b26d80dace4fab52384c731acbf16a5923c0c48d3575d"
                    "4d0d2c673b666faa731061277701093a6bf7a158a8864292a41c48e3a9b4c0da"
                    "ece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e744"
                    "3056193a03c810e11344ca06d8ed8a2bfb1e8d48cfa6bc0eb4e2464b74814240"
                    "7c9f431aee769960e15ba8b96890466ef2457599852385c661f752ce20f9da0c"
                    "09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292ae7a349ae"
                    "577820d5520a1f3fb62a17ce6a7e68fa7c79111d8860920bc048ef43fe84486c"
                    "cb87c25f0ae045f0cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a663"
                    "93b93111c1a55dd7421a10184974c7c5"));
    TEST_ASSERT(kat(1, XKEY, XNONCE, 1, (const unsigned char *)dhole, 304,
                    "7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87"
                    "ecc8e08a8b5e350abe622b2ffa617b202cfad72032a3037e76ffdcdc4376ee05"
                    "3a190d7e46ca1de04144850381b9cb29f051915386b8a710b8ac4d027b8b050f"
                    "7cba5854e028d564e453b8a968824173fc16488b8970cac828f11ae53cabd201"
                    "12f87107df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc"
                    "047d29d25043532db8391a8a3d776bf4372a6955827ccb0cdd4af403a7ce4c63"
                    "d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b7c402cdb91ae73"
                    "c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4"
                    "d0f5bbdc270c65b1749a6efff1fbaa09536175ccd29fb9e6057b307320d31683"
                    "8a9c71f70b5b5907a66f7ea49aadc409"));
exit:
    return;
}

static void fill(unsigned char *p, size_t len, unsigned seed)
{
    size_t i;

    for (i = 0; i < len; i++) {
        p[i] = (unsigned char)(i * 167 + (i >> 6) * 13 + seed);
    }
}

#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
/* The peer's ChaCha20: OpenSSL, else libsodium; 0 on success. */
static int peer_chacha20(const unsigned char key[32], const unsigned char nonce[12],
                         uint32_t counter, const unsigned char *in, size_t len, unsigned char *out)
{
#if defined(TACIT_HAVE_OPENSSL)
    unsigned char iv[16];
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int ol = 0, ok;
    size_t i;

    for (i = 0; i < 4; i++) {
        iv[i] = (unsigned char)(counter >> (8 * i));
    }
    memcpy(iv + 4, nonce, 12);
    ok = c != NULL && EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv) == 1 &&
         EVP_EncryptUpdate(c, out, &ol, in, (int)len) == 1 && (size_t)ol == len;
    EVP_CIPHER_CTX_free(c);
    if (!ok) {
        return -1;
    }
#if defined(TACIT_HAVE_SODIUM)
    { /* the two peers agree */
        static unsigned char s[MAX_LEN];
        if (crypto_stream_chacha20_ietf_xor_ic(s, in, len, nonce, counter, key) != 0 ||
            (len > 0 && memcmp(s, out, len) != 0)) {
            return -1;
        }
    }
#endif
    return 0;
#else
    return crypto_stream_chacha20_ietf_xor_ic(out, in, len, nonce, counter, key);
#endif
}

/* tacit against the peer at len, every kernel, apart and in place. */
static int peer_case(const unsigned char key[32], const unsigned char nonce[12], uint32_t counter,
                     size_t len, unsigned seed)
{
    size_t k;
    int mode;

    fill(in_buf, len, seed);
    if (peer_chacha20(key, nonce, counter, in_buf, len, ref) != 0) {
        printf("      peer failed at len %zu\n", len);
        return 0;
    }
    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (mode = 0; mode < 2; mode++) {
            memset(got, 0xa5, len + 1);
            if (run(0, key, nonce, counter, in_buf, len, got, mode) != 0 ||
                !test_mem_eq(__FILE__, __LINE__, "tacit_chacha20_xor vs peer", got, len, ref,
                             len) ||
                got[len] != 0xa5) {
                printf("      len %zu counter %08x kernel %zu mode %d\n", len, (unsigned)counter, k,
                       mode);
                reset_kernel();
                return 0;
            }
        }
    }
    reset_kernel();
    return 1;
}
#endif

static void test_peers(void)
{
#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
    unsigned char key[32], nonce[12];
    size_t len;

    fill(key, 32, 7);
    fill(nonce, 12, 99);
    for (len = 0; len <= 2100; len++) {
        TEST_ASSERT(peer_case(key, nonce, (uint32_t)(len * 2654435761u) >> 8, len, (unsigned)len));
    }
    TEST_ASSERT(peer_case(key, nonce, 1, 16384 + 1, 5));
    TEST_ASSERT(peer_case(key, nonce, 0, 16384 + 1, 6));
exit:
    return;
#else
    TEST_SKIP("neither OpenSSL nor libsodium linked");
exit:
    return;
#endif
}

/* XChaCha20 against libsodium's (64-bit counter: the same below 2^32 blocks). */
static void test_xchacha_peer(void)
{
#if defined(TACIT_HAVE_SODIUM)
    static const size_t lens[] = { 0, 1, 63, 64, 65, 511, 512, 1023, 1024, 1025, 2049, 16385 };
    unsigned char key[32], nonce[24];
    size_t li, k;
    int mode;

    fill(key, 32, 3);
    fill(nonce, 24, 41);
    for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        size_t len = lens[li];
        uint32_t counter = (uint32_t)(li * 0x1234567u);
        fill(in_buf, len, (unsigned)li);
        TEST_EQUAL(crypto_stream_xchacha20_xor_ic(ref, in_buf, len, nonce, counter, key), 0);
        for (k = 0; k < N_KERNELS; k++) {
            set_kernel(k);
            for (mode = 0; mode < 2; mode++) {
                TEST_EQUAL(run(1, key, nonce, counter, in_buf, len, got, mode), 0);
                TEST_MEM_EQ(got, len, ref, len);
            }
        }
    }
exit:
    reset_kernel();
#else
    TEST_SKIP("libsodium not linked");
exit:
    return;
#endif
}

/*
 * The counter limit: counter + ceil(len / 64) <= 2^32.  The last allowed
 * block (2^32 - 1) works and matches the peer; one byte more is refused and
 * out is untouched.
 */
static void test_counter_limit(void)
{
    static const size_t lens[] = { 1, 5, 63, 64, 65, 640, 1024, 2048, 16384 };
    unsigned char key[32], nonce[24];
    size_t li, k;

    fill(key, 32, 11);
    fill(nonce, 24, 12);
    for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        size_t len = lens[li];
        uint32_t blocks = (uint32_t)((len + 63) / 64);
        uint32_t last = (uint32_t)(0u - blocks); /* the last block is 2^32 - 1 */
        fill(in_buf, len + 1, (unsigned)li);
#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
        TEST_EQUAL(peer_chacha20(key, nonce, last, in_buf, len, ref), 0);
#endif
        for (k = 0; k < N_KERNELS; k++) {
            set_kernel(k);
            memset(got, 0xa5, len + 2);
            TEST_EQUAL(tacit_chacha20_xor(key, nonce, last, in_buf, len, got), 0);
#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
            TEST_MEM_EQ(got, len, ref, len);
#endif
            TEST_EQUAL(got[len], 0xa5);
            /* in place too */
            memcpy(got, in_buf, len);
            TEST_EQUAL(tacit_chacha20_xor(key, nonce, last, got, len, got), 0);
#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
            TEST_MEM_EQ(got, len, ref, len);
#endif
            /* one block too many: one more byte past a block edge, or one block earlier */
            memset(got, 0xa5, len + 2);
            memcpy(keep, got, len + 2);
            if (len % 64 == 0) {
                TEST_EQUAL(tacit_chacha20_xor(key, nonce, last, in_buf, len + 1, got),
                           TACIT_ERR_BAD_INPUT);
                TEST_EQUAL(tacit_xchacha20_xor(key, nonce, last, in_buf, len + 1, got),
                           TACIT_ERR_BAD_INPUT);
            }
            if (blocks > 1) { /* (with one block, last + 1 is counter 0) */
                TEST_EQUAL(tacit_chacha20_xor(key, nonce, last + 1, in_buf, len, got),
                           TACIT_ERR_BAD_INPUT);
                TEST_EQUAL(tacit_xchacha20_xor(key, nonce, last + 1, in_buf, len, got),
                           TACIT_ERR_BAD_INPUT);
            }
            TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0xffffffffu, in_buf, len + 64, got),
                       TACIT_ERR_BAD_INPUT);
            TEST_MEM_EQ(got, len + 2, keep, len + 2); /* untouched */
            /* XChaCha20: the last block works too */
            TEST_EQUAL(tacit_xchacha20_xor(key, nonce, last, in_buf, len, got), 0);
        }
        reset_kernel();
    }
    /* counter 2^32 - 1: one block, no more */
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0xffffffffu, in_buf, 64, got), 0);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0xffffffffu, in_buf, 65, got), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0xffffffffu, in_buf, 0, got), 0);
#if SIZE_MAX > 0xffffffffu
    /* 2^32 blocks from counter 0 is the whole counter; one byte more is refused (nothing is read) */
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, in_buf, (size_t)0x4000000000ull + 1, got),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, in_buf, SIZE_MAX, got), TACIT_ERR_BAD_INPUT);
#endif
exit:
    reset_kernel();
}

/* Overlaps other than in place are refused, out untouched; in place works. */
static void test_overlap(void)
{
    static const long shifts[] = { 1, -1, 63, -63, 64, -64, 99, -99 };
    unsigned char key[32], nonce[24], *base = got + 200;
    size_t si, len = 100;

    fill(key, 32, 1);
    fill(nonce, 24, 2);
    for (si = 0; si < sizeof(shifts) / sizeof(shifts[0]); si++) {
        unsigned char *out = base + shifts[si];
        fill(got, sizeof(got), 9);
        memcpy(ref, got, sizeof(got));
        TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, base, len, out), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_xchacha20_xor(key, nonce, 0, base, len, out), TACIT_ERR_BAD_INPUT);
        TEST_MEM_EQ(got, sizeof(got), ref, sizeof(got));
    }
    /* just apart, on either side */
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, base, len, base + len), 0);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, base, len, base - len), 0);
    /* in place: the same as apart */
    fill(in_buf, len, 4);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 3, in_buf, len, ref), 0);
    memcpy(got, in_buf, len);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 3, got, len, got), 0);
    TEST_MEM_EQ(got, len, ref, len);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 3, got, len, got), 0); /* and back */
    TEST_MEM_EQ(got, len, in_buf, len);
exit:
    return;
}

/* NULL pointers: fine with len 0 (in and out), refused otherwise. */
static void test_null(void)
{
    unsigned char key[32] = { 0 }, nonce[24] = { 0 }, b[1] = { 0x5a };

    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, NULL, 0, NULL), 0);
    TEST_EQUAL(tacit_xchacha20_xor(key, nonce, 0, NULL, 0, NULL), 0);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, b, 0, b), 0);
    TEST_EQUAL(b[0], 0x5a);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, NULL, 1, b), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_chacha20_xor(key, nonce, 0, b, 1, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_xchacha20_xor(key, nonce, 0, NULL, 1, b), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_chacha20_xor(NULL, nonce, 0, b, 1, b), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_chacha20_xor(key, NULL, 0, b, 1, b), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_xchacha20_xor(NULL, nonce, 0, b, 1, b), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_xchacha20_xor(key, NULL, 0, b, 1, b), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(b[0], 0x5a);
exit:
    return;
}

#endif /* TACIT_CHACHAPOLY_C */

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_CHACHAPOLY_C)
    RUN_TEST(test_rfc8439_242);
    RUN_TEST(test_rfc8439_a2);
    RUN_TEST(test_xchacha_a32);
    RUN_TEST(test_peers);
    RUN_TEST(test_xchacha_peer);
    RUN_TEST(test_counter_limit);
    RUN_TEST(test_overlap);
    RUN_TEST(test_null);
#endif
    return TEST_MAIN_END();
}
