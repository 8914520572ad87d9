/*
 * Constant flow of Keccak: SHA-3, SHAKE (streamed and squeezed in pieces),
 * the block, four-way and eight-way APIs on secret input, every kernel the
 * CPU (under valgrind: valgrind's CPU, without AVX-512) runs.  --negative: a deliberately leaky
 * control (a branch on a byte of a secret-derived digest) that valgrind
 * must flag.
 */
#include "harness.h"

#include "tacit/sha3.h"

#include "hash/keccak.h"
#include "hash/keccak_internal.h"

static void fill(unsigned char *p, size_t len, unsigned seed)
{
    size_t i;

    for (i = 0; i < len; i++) {
        p[i] = (unsigned char)(seed + i * 41);
    }
}

#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
static const unsigned kernel_masks[] = { 0, TACIT_CPU_AVX512, ~0u };
#define N_KERNELS 3
static void set_kernel(size_t k)
{
    tacit_cpu_hook_disable = kernel_masks[k];
}
#else
#define N_KERNELS 1
static void set_kernel(size_t k)
{
    (void)k;
}
#endif

static void test_keccak_secret_input(void)
{
    unsigned char msg[4][400], out[4][2 * 168], ref[2 * 168];
    tacit_shake_context ctx;
    tacit_shake_x4 x4;
    static tacit_shake_x8 x8;
    const unsigned char *in8[8];
    unsigned char *out8[8];
    size_t len8[8];
    uint64_t st[25];
    size_t k, len, j;

    tacit_sha3_init(&ctx);
    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (len = 0; len <= 400; len += 67) {
            for (j = 0; j < 4; j++) {
                fill(msg[j], len, (unsigned)(j + len));
            }
            TEST_EQUAL(tacit_shake128(msg[0], len, ref, sizeof(ref)), 0);
            TACIT_TEST_CF_SECRET(msg, sizeof(msg));
            TEST_EQUAL(tacit_sha3_256(msg[0], len, out[0]), 0);
            TEST_EQUAL(tacit_sha3_512(msg[1], len, out[1]), 0);
            TEST_EQUAL(tacit_shake_init(&ctx, TACIT_SHAKE256), 0);
            TEST_EQUAL(tacit_shake_absorb(&ctx, msg[2], len / 3), 0);
            TEST_EQUAL(tacit_shake_absorb(&ctx, msg[2] + len / 3, len - len / 3), 0);
            TEST_EQUAL(tacit_shake_squeeze(&ctx, out[2], 5), 0);
            TEST_EQUAL(tacit_shake_squeeze(&ctx, out[2] + 5, 200), 0);
            tacit_shake128_absorb_once(st, msg[3], len);
            tacit_shake128_squeezeblocks(st, out[3], 2);
            tacit_shake128_x4_absorb_once(&x4, msg[0], msg[1], msg[2], msg[3], len);
            tacit_shake128_x4_squeezeblocks(&x4, out[0], out[1], out[2], out[3], 2);
            tacit_shake256_x4_absorb_once(&x4, msg[0], msg[1], msg[2], msg[3], len);
            tacit_shake256_x4_squeezeblocks(&x4, out[1], out[2], out[3], out[3], 1);
            tacit_shake128_x4_absorb_once(&x4, msg[0], msg[1], msg[2], msg[3], len);
            tacit_shake128_x4_squeezeblocks(&x4, out[0], out[1], out[2], out[3], 2);
            /* eight streams of their own (public) lengths; stream 4 writes out[0] last */
            for (j = 0; j < 8; j++) {
                in8[j] = msg[j & 3];
                len8[j] = j == 4 ? len : j < 4 ? len * (j + 1) / 4 : len + 37 * j;
                len8[j] = len8[j] > 400 ? 400 : len8[j];
                out8[j] = out[j & 3];
            }
            tacit_shake256_x8_absorb_once(&x8, in8, len8);
            tacit_shake256_x8_squeezeblocks(&x8, out8, 1);
            tacit_shake128_x8_absorb_once(&x8, in8, len8);
            tacit_shake128_x8_squeezeblocks(&x8, out8, 2);
            TACIT_TEST_CF_PUBLIC(out, sizeof(out));
            TACIT_TEST_CF_PUBLIC(msg, sizeof(msg));
            TACIT_TEST_CF_PUBLIC(st, sizeof(st));
            TACIT_TEST_CF_PUBLIC(&x4, sizeof(x4));
            TACIT_TEST_CF_PUBLIC(&x8, sizeof(x8));
            TACIT_TEST_CF_PUBLIC(&ctx, sizeof(ctx));
            TEST_MEM_EQ(out[0], sizeof(ref), ref, sizeof(ref));
        }
    }
exit:
    set_kernel(0);
    tacit_shake_free(&ctx);
}

/* The AVX-512 kernels: valgrind cannot decode AVX-512, so they are not run here. */
static void test_avx512_kernels(void)
{
#if defined(TACIT_HAVE_CPU_X86)
    if (TACIT_TEST_CF_ENABLED) {
        TEST_SKIP("valgrind cannot run AVX-512: the four-way AVX-512VL, one-state AVX-512VL and "
                  "eight-way AVX-512F Keccak kernels (only xor, ternary logic and fixed "
                  "rotations; model: the AVX2 kernel and the portable code, run above) are "
                  "scanned by scripts/check_ct_asm.sh");
    }
#endif
    TEST_SKIP("only meaningful under valgrind on x86-64");
exit:;
}

static void test_negative_leaky_branch(void)
{
    unsigned char msg[32], h[32];
    volatile int x = 0;

    fill(msg, sizeof(msg), 1);
    TACIT_TEST_CF_SECRET(msg, sizeof(msg));
    TEST_EQUAL(tacit_sha3_256(msg, sizeof(msg), h), 0);
    if (h[0] & 1) { /* branch on a secret-derived byte: must be flagged */
        x = 1;
    }
    (void)x;
    TACIT_TEST_CF_PUBLIC(msg, sizeof(msg));
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_branch);
    } else {
        RUN_TEST(test_keccak_secret_input);
        RUN_TEST(test_avx512_kernels);
    }
    return TEST_MAIN_END();
}
