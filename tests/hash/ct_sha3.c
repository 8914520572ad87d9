/*
 * Constant flow of Keccak: SHA-3, SHAKE (streamed and squeezed in pieces),
 * the block and four-way APIs on secret input, every kernel the CPU (under
 * valgrind: valgrind's CPU) runs.  --negative: a deliberately leaky
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
            TACIT_TEST_CF_PUBLIC(out, sizeof(out));
            TACIT_TEST_CF_PUBLIC(msg, sizeof(msg));
            TACIT_TEST_CF_PUBLIC(st, sizeof(st));
            TACIT_TEST_CF_PUBLIC(&x4, sizeof(x4));
            TACIT_TEST_CF_PUBLIC(&ctx, sizeof(ctx));
            TEST_MEM_EQ(out[0], sizeof(ref), ref, sizeof(ref));
        }
    }
exit:
    set_kernel(0);
    tacit_shake_free(&ctx);
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
    }
    return TEST_MAIN_END();
}
