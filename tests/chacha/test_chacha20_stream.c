/*
 * The plain ChaCha20 keystream kernels (the xor_stream of
 * tacit_chachapoly_kernels: AVX-512 32 blocks as two interleaved 16-block
 * batches from 2048 bytes and 16 / 8 below, AVX2 16 blocks as two
 * interleaved 8-block batches from 1024 bytes and 8 below, portable C),
 * every kernel this CPU runs forced through tacit_cpu_hook_disable:
 *
 * - against the portable kernel at lengths around every batch edge (512,
 *   1024, 2048: 1023, 1024, 1025, 1535, 2047, 2048, 3071, 16 KiB + 1, ...),
 *   in place and apart, with misaligned buffers and block-varying data;
 * - with the counter near 2^32 - 1: the last block is block 2^32 - 1, so
 *   the unused lanes of the last batch wrap (the caller's contract allows
 *   no used block past 2^32 - 1);
 * - against OpenSSL EVP_chacha20 and libsodium
 *   crypto_stream_chacha20_ietf_xor_ic (independent implementations) at the
 *   same lengths, when linked.
 */
#include "harness.h"

#include "chacha/chacha_internal.h"
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

#define MAX_LEN (16384 + 1024 + 64)

static const size_t lens[] = {
    0,    1,    63,   64,   65,   448,  511,  512,   513,   960,
    1023, 1024, 1025, 1088, 1535, 1536, 1537, 2047,  2048,  2049,
    2560, 3071, 3072, 3137, 3585, 4095, 6144, 16384, 16385, 16384 + 1023
};

static unsigned char in_buf[MAX_LEN + 1], ref[MAX_LEN], got[MAX_LEN + 1];

static void fill(unsigned char *p, size_t len, unsigned seed)
{
    size_t i;

    for (i = 0; i < len; i++) {
        p[i] = (unsigned char)(i * 131 + (i >> 6) * 7 + seed);
    }
}

static void setup(uint32_t st[16], uint32_t counter)
{
    unsigned char key[32], nonce[12];
    size_t i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(9 * i + 5);
    }
    for (i = 0; i < 12; i++) {
        nonce[i] = (unsigned char)(11 * i + 3);
    }
    tacit_chacha20_setup(st, key, counter, nonce);
}

/* Every kernel against the portable one, lengths lens[], counter ctr (0: 2^32 - blocks). */
static int check_kernels(uint32_t ctr)
{
    uint32_t st[16];
    size_t li, k, len;
    int mode;

    for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        len = lens[li];
        setup(st, ctr != 0 ? ctr : (uint32_t)(0 - (uint32_t)((len + 63) / 64)));
        fill(in_buf, len + 1, (unsigned)li);
        tacit_chacha20_xor_c(st, in_buf, ref, len);
        for (k = 0; k < N_KERNELS; k++) {
            tacit_chachapoly_kernels kt;
            set_kernel(k);
            tacit_chachapoly_kernels_get(&kt);
            for (mode = 0; mode < 3; mode++) { /* apart, misaligned, in place */
                unsigned char *o = mode == 2 ? in_buf + 1 : got + (mode == 1);
                const unsigned char *i_ = mode == 0 ? in_buf : in_buf + 1;
                fill(in_buf, len + 1, (unsigned)li);
                if (mode != 0) {
                    memmove(in_buf + 1, in_buf, len);
                }
                memset(got, 0xa5, sizeof(got));
                kt.xor_stream(st, i_, o, len);
                if (!test_mem_eq(__FILE__, __LINE__, "xor_stream", o, len, ref, len) ||
                    (mode != 2 && o[len] != 0xa5)) {
                    printf("      len %zu kernel %zu mode %d counter %08x\n", len, k, mode,
                           (unsigned)st[12]);
                    reset_kernel();
                    return 0;
                }
            }
        }
    }
    reset_kernel();
    return 1;
}

static void test_kernels_vs_portable(void)
{
    TEST_ASSERT(check_kernels(1));
    TEST_ASSERT(check_kernels(0x12345678u));
exit:
    return;
}

/* The last block is block 2^32 - 1: the last batch's unused lanes wrap. */
static void test_counter_top(void)
{
    TEST_ASSERT(check_kernels(0));
exit:
    return;
}

static void test_peers(void)
{
#if defined(TACIT_HAVE_OPENSSL) || defined(TACIT_HAVE_SODIUM)
    unsigned char key[32], nonce[12], iv[16];
    uint32_t st[16], ctr = 7;
    size_t li, k, len, i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(9 * i + 5);
    }
    for (i = 0; i < 12; i++) {
        nonce[i] = (unsigned char)(11 * i + 3);
    }
    tacit_chacha20_setup(st, key, ctr, nonce);
    for (i = 0; i < 4; i++) {
        iv[i] = (unsigned char)(ctr >> (8 * i));
    }
    memcpy(iv + 4, nonce, 12);
    for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        len = lens[li];
        fill(in_buf, len, (unsigned)(3 * li));
#if defined(TACIT_HAVE_OPENSSL)
        {
            EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
            int ol = 0;
            TEST_ASSERT(c != NULL);
            TEST_EQUAL(EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv), 1);
            TEST_EQUAL(EVP_EncryptUpdate(c, ref, &ol, in_buf, (int)len), 1);
            EVP_CIPHER_CTX_free(c);
        }
#else
        TEST_EQUAL(crypto_stream_chacha20_ietf_xor_ic(ref, in_buf, len, nonce, ctr, key), 0);
#endif
#if defined(TACIT_HAVE_SODIUM)
        TEST_EQUAL(crypto_stream_chacha20_ietf_xor_ic(got, in_buf, len, nonce, ctr, key), 0);
        TEST_MEM_EQ(got, len, ref, len);
#endif
        for (k = 0; k < N_KERNELS; k++) {
            tacit_chachapoly_kernels kt;
            set_kernel(k);
            tacit_chachapoly_kernels_get(&kt);
            kt.xor_stream(st, in_buf, got, len);
            if (!test_mem_eq(__FILE__, __LINE__, "xor_stream vs peer", got, len, ref, len)) {
                printf("      len %zu kernel %zu\n", len, k);
                goto exit;
            }
        }
    }
exit:
    reset_kernel();
#else
    TEST_SKIP("neither OpenSSL nor libsodium found");
exit:
    return;
#endif
}

#endif /* TACIT_CHACHAPOLY_C */

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
#if defined(TACIT_CHACHAPOLY_C)
    RUN_TEST(test_kernels_vs_portable);
    RUN_TEST(test_counter_top);
    RUN_TEST(test_peers);
#endif
    return TEST_MAIN_END();
}
