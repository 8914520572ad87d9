/*
 * Constant-flow test of the plain ChaCha20 keystream kernels (the
 * xor_stream of tacit_chachapoly_kernels): under valgrind
 * (TACIT_TEST_CONSTANT_FLOW build) the state (key, counter, nonce) and the
 * data are marked undefined, and any branch or memory index that depends on
 * them is reported.  Kernels valgrind can run: the portable C and, on
 * x86-64, the AVX2 kernel (AVX-512 masked off): 8-block batches below 1024
 * bytes, the assembly 16-block batch (two interleaved 8-block batches,
 * chacha16_avx2_gen.h) from 1024, and the tails through a buffer.  The
 * AVX-512 kernel cannot run here (scripts/check_ct_asm.sh traces it).
 * The public calls (tacit/chacha20.h: tacit_chacha20_xor,
 * tacit_xchacha20_xor, HChaCha20 included) with the key, the nonce and the
 * data secret, through the same kernels.
 *
 * --negative: a table indexed by a keystream byte; valgrind must flag it.
 */
#include "harness.h"

#include "tacit/chacha20.h"
#include "chacha/chacha_internal.h"
#include "core/cpu_x86.h"

#if defined(TACIT_CHACHAPOLY_C)

#if defined(TACIT_HAVE_CPU_X86) && defined(TACIT_TEST_HOOKS)
static const unsigned ct_hooks[] = { ~0u, TACIT_CPU_AVX512 };
#define N_CT (sizeof(ct_hooks) / sizeof(ct_hooks[0]))
#define SET_HOOK(i) (tacit_cpu_hook_disable = ct_hooks[i])
#define RESET_HOOK() (tacit_cpu_hook_disable = 0)
#else
#define N_CT 1
#define SET_HOOK(i) ((void)(i))
#define RESET_HOOK() ((void)0)
#endif

static unsigned char buf[16384 + 1100], out[16384 + 1100];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++) {
        p[i] = (unsigned char)(i * 37 + seed * 101 + 11);
    }
}

static void secret_state(uint32_t st[16], unsigned seed)
{
    unsigned char key[32], nonce[12];

    fill(key, sizeof(key), seed);
    fill(nonce, sizeof(nonce), seed + 1);
    tacit_chacha20_setup(st, key, 5 + seed, nonce);
    TACIT_TEST_CF_SECRET(st, 16 * sizeof(uint32_t));
}

static void test_stream_secret(void)
{
    static const size_t lens[] = { 0, 1, 100, 512, 700, 1023, 1024, 1025, 2600, 16384 + 1077 };
    uint32_t st[16];
    size_t li, k;

#if defined(TACIT_HAVE_CPU_X86) && !defined(TACIT_TEST_HOOKS)
    if ((tacit_cpu_x86() & TACIT_CPU_AVX512) != 0 && TACIT_TEST_CF_ENABLED) {
        TEST_SKIP("needs TACIT_TEST_HOOKS to force a path valgrind can run (it has no AVX-512)");
    }
#endif
    for (k = 0; k < N_CT; k++) {
        tacit_chachapoly_kernels kt;
        SET_HOOK(k);
        tacit_chachapoly_kernels_get(&kt);
        for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
            size_t len = lens[li];
            secret_state(st, (unsigned)li);
            fill(buf, len, (unsigned)li);
            TACIT_TEST_CF_SECRET(buf, len);
            kt.xor_stream(st, buf, out, len);
            kt.xor_stream(st, out, out, len); /* in place: back to the data */
            TACIT_TEST_CF_PUBLIC(out, len);
            TACIT_TEST_CF_PUBLIC(buf, len);
            TEST_MEM_EQ(out, len, buf, len);
        }
    }
exit:
    RESET_HOOK();
}

/* The public API: key, nonce and data secret; the counter and length public. */
static void test_api_secret(void)
{
    static const size_t lens[] = { 0, 5, 64, 700, 1024, 2600, 16384 + 77 };
    unsigned char key[32], nonce[24];
    size_t li, k;

#if defined(TACIT_HAVE_CPU_X86) && !defined(TACIT_TEST_HOOKS)
    if ((tacit_cpu_x86() & TACIT_CPU_AVX512) != 0 && TACIT_TEST_CF_ENABLED) {
        TEST_SKIP("needs TACIT_TEST_HOOKS to force a path valgrind can run (it has no AVX-512)");
    }
#endif
    for (k = 0; k < N_CT; k++) {
        SET_HOOK(k);
        for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
            size_t len = lens[li];
            int x;
            for (x = 0; x < 2; x++) {
                fill(key, sizeof(key), (unsigned)(li + 7 * k));
                fill(nonce, sizeof(nonce), (unsigned)(li + 3));
                fill(buf, len, (unsigned)li);
                TACIT_TEST_CF_SECRET(key, sizeof(key));
                TACIT_TEST_CF_SECRET(nonce, sizeof(nonce));
                TACIT_TEST_CF_SECRET(buf, len);
                if (x == 0) {
                    TEST_EQUAL(tacit_chacha20_xor(key, nonce, (uint32_t)li, buf, len, out), 0);
                    TEST_EQUAL(tacit_chacha20_xor(key, nonce, (uint32_t)li, out, len, out), 0);
                } else {
                    TEST_EQUAL(tacit_xchacha20_xor(key, nonce, (uint32_t)li, buf, len, out), 0);
                    TEST_EQUAL(tacit_xchacha20_xor(key, nonce, (uint32_t)li, out, len, out), 0);
                }
                TACIT_TEST_CF_PUBLIC(out, len);
                TACIT_TEST_CF_PUBLIC(buf, len);
                TEST_MEM_EQ(out, len, buf, len);
            }
        }
    }
exit:
    RESET_HOOK();
}

/* Deliberately leaky: a keystream byte of a secret key as a table index. */
static void test_negative_keystream_index(void)
{
    static const unsigned char tbl[256] = { 1, 2, 3 };
    uint32_t st[16];
    volatile unsigned sink;

    secret_state(st, 3);
    memset(buf, 0, 64);
    tacit_chacha20_xor_c(st, buf, out, 64);
    sink = tbl[out[7]]; /* must be flagged */
    (void)sink;
    TACIT_TEST_CF_PUBLIC(out, 64);
    TEST_ASSERT(out[0] != out[1] || out[2] != out[3]);
exit:;
}

#endif

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_CHACHAPOLY_C)
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_keystream_index);
    } else {
        RUN_TEST(test_stream_secret);
        RUN_TEST(test_api_secret);
    }
#endif
    return TEST_MAIN_END();
}
