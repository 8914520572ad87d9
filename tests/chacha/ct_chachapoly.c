/*
 * Constant-flow tests of ChaCha20-Poly1305 and XChaCha20-Poly1305: under
 * valgrind (TACIT_TEST_CONSTANT_FLOW build) the key and the data (plaintext
 * on seal; ciphertext and tag on open) are marked undefined, and any branch
 * or memory index that depends on them is reported.  Paths: the portable C
 * (Poly1305 radix 2^64, or 2^26 in the 32-bit-limb builds), and on x86-64
 * the AVX2 ChaCha20 with the MULX Poly1305.  The AVX-512 ChaCha20 and the
 * IFMA Poly1305 cannot run here (valgrind has no AVX-512): they are covered
 * by scripts/check_ct_asm.sh and programs/timing_leaks instead.  The one
 * intended leak is open's verdict (tacit_ct_declassify in aead.c).
 *
 * --negative: a Poly1305 tag checked with an early-exit loop; valgrind must
 * flag it.
 */
#include "harness.h"

#include "tacit/aead.h"
#include "chacha/chacha_internal.h"
#include "core/cpu_x86.h"

#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_AEAD_C)

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++) {
        p[i] = (unsigned char)(i * 37 + seed * 101 + 11);
    }
}

/* The kernels valgrind can run: portable first, then AVX2 + MULX where there is a CPU probe. */
#if defined(TACIT_HAVE_CPU_X86) && defined(TACIT_TEST_HOOKS)
static const unsigned ct_hooks[] = { ~0u, TACIT_CPU_AVX512 | TACIT_CPU_IFMA };
#define N_CT (sizeof(ct_hooks) / sizeof(ct_hooks[0]))
#define SET_HOOK(i) (tacit_cpu_hook_disable = ct_hooks[i])
#define RESET_HOOK() (tacit_cpu_hook_disable = 0)
#else
#define N_CT 1
#define SET_HOOK(i) ((void)(i))
#define RESET_HOOK() ((void)0)
#endif

static void test_seal_open_secret(void)
{
    static const size_t lens[] = { 0, 1, 63, 64, 65, 255, 256, 300, 1350 };
    static unsigned char key[32], nonce[24], aad[29], pt[1350], ct[1350 + 16], out[1350 + 16];
    tacit_aead_context ctx;
    size_t li, k, olen, x;
    int ret;

#if defined(TACIT_HAVE_CPU_X86) && !defined(TACIT_TEST_HOOKS)
    if ((tacit_cpu_x86() & TACIT_CPU_AVX512) != 0 && TACIT_TEST_CF_ENABLED) {
        TEST_SKIP("needs TACIT_TEST_HOOKS to force a path valgrind can run (it has no AVX-512)");
    }
#endif
    tacit_aead_init(&ctx);
    fill(nonce, sizeof(nonce), 2);
    fill(aad, sizeof(aad), 3);
    for (k = 0; k < N_CT; k++) {
        SET_HOOK(k);
        for (x = 0; x < 2; x++) {
            tacit_aead_alg alg = x ? TACIT_AEAD_XCHACHA20_POLY1305 : TACIT_AEAD_CHACHA20_POLY1305;
            size_t nlen = x ? 24 : 12;
            for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
                size_t len = lens[li];
                fill(key, sizeof(key), (unsigned)(li + 7 * x));
                fill(pt, len, (unsigned)li);
                TACIT_TEST_CF_SECRET(key, sizeof(key));
                TACIT_TEST_CF_SECRET(pt, len);
                ret = tacit_aead_setkey(&ctx, alg, key, 32, 0);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                ret = tacit_aead_seal(&ctx, nonce, nlen, aad, li * 3 % 30, pt, len, ct, sizeof(ct),
                                      &olen);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                /* open a secret ciphertext and tag: only the verdict is released */
                TACIT_TEST_CF_SECRET(ct, len + 16);
                ret = tacit_aead_open(&ctx, nonce, nlen, aad, li * 3 % 30, ct, len + 16, out,
                                      sizeof(out), &olen);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                TACIT_TEST_CF_PUBLIC(out, len);
                TACIT_TEST_CF_PUBLIC(pt, len);
                TEST_MEM_EQ(out, len, pt, len);
                /* a wrong tag: the same flow, refused */
                TACIT_TEST_CF_PUBLIC(ct, len + 16);
                ct[len] ^= 1;
                TACIT_TEST_CF_SECRET(ct, len + 16);
                ret = tacit_aead_open(&ctx, nonce, nlen, aad, li * 3 % 30, ct, len + 16, out,
                                      sizeof(out), &olen);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, TACIT_ERR_AUTH_FAILED);
                TACIT_TEST_CF_PUBLIC(key, sizeof(key));
                TACIT_TEST_CF_PUBLIC(ct, len + 16);
                TACIT_TEST_CF_PUBLIC(out, sizeof(out));
            }
        }
    }
exit:
    RESET_HOOK();
    tacit_aead_free(&ctx);
}

/* HChaCha20 and Poly1305 alone, key and message secret. */
static void test_primitives_secret(void)
{
    unsigned char key[32], nonce[16], sub[32], msg[100], tag[16];

    fill(key, sizeof(key), 9);
    fill(nonce, sizeof(nonce), 10);
    fill(msg, sizeof(msg), 11);
    TACIT_TEST_CF_SECRET(key, sizeof(key));
    TACIT_TEST_CF_SECRET(msg, sizeof(msg));
    tacit_hchacha20(sub, key, nonce);
    tacit_poly1305(tag, key, msg, sizeof(msg));
    TACIT_TEST_CF_PUBLIC(sub, sizeof(sub));
    TACIT_TEST_CF_PUBLIC(tag, sizeof(tag));
    TACIT_TEST_CF_PUBLIC(key, sizeof(key));
    TACIT_TEST_CF_PUBLIC(msg, sizeof(msg));
    TEST_ASSERT(sub[0] != sub[1] || sub[2] != sub[3] || tag[0] != tag[1]);
exit:
    return;
}

/* The AVX-512 kernels: valgrind cannot decode AVX-512, so they are not run here. */
static void test_avx512_kernels(void)
{
#if defined(TACIT_HAVE_CPU_X86)
    if (TACIT_TEST_CF_ENABLED) {
        TEST_SKIP("valgrind cannot run AVX-512: the AVX-512 ChaCha20 and the IFMA Poly1305 are "
                  "checked by scripts/check_ct_asm.sh and programs/timing_leaks (chachapoly)");
    }
#endif
    TEST_SKIP("only meaningful under valgrind on x86-64");
exit:;
}

/* Deliberately leaky: an early-exit comparison of a secret Poly1305 tag. */
static void test_negative_leaky_compare(void)
{
    unsigned char key[32], msg[64], tag[16], mac[16];
    volatile int equal = 1;
    size_t i;

    fill(key, sizeof(key), 1);
    fill(msg, sizeof(msg), 2);
    tacit_poly1305(mac, key, msg, sizeof(msg));
    memcpy(tag, mac, sizeof(tag));
    tag[15] ^= 0x40;
    TACIT_TEST_CF_SECRET(key, sizeof(key));
    tacit_poly1305(mac, key, msg, sizeof(msg));
    for (i = 0; i < sizeof(tag); i++) {
        if (tag[i] != mac[i]) { /* branch on a secret tag byte: must be flagged */
            equal = 0;
            break;
        }
    }
    TACIT_TEST_CF_PUBLIC(mac, sizeof(mac));
    TACIT_TEST_CF_PUBLIC(key, sizeof(key));
    TEST_EQUAL(equal, 0);
exit:;
}

#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_AEAD_C)
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_compare);
    } else {
        RUN_TEST(test_seal_open_secret);
        RUN_TEST(test_primitives_secret);
        RUN_TEST(test_avx512_kernels);
    }
#endif
    return TEST_MAIN_END();
}
