/*
 * Constant-flow tests of the portable AES, GHASH, AES-GCM and AES-CCM: under
 * valgrind (TACIT_TEST_CONSTANT_FLOW build) the key, the nonce, the AAD and
 * the plaintext are marked undefined from the moment they enter the
 * library, and any branch or memory index that depends on them is reported.
 * The portable kernels are forced through tacit_cpu_hook_disable (the x86
 * kernels have their own checks: check_ct_asm.sh, timing_leaks).  The one
 * intended leak is the tag verdict of open (tacit_ct_declassify in aead.c).
 * Results are declared public before they are compared.
 *
 * --negative: a byte-table S-box indexed by the (secret) key byte, the kind
 * of AES this library must never contain; valgrind must flag it.
 */
#include "harness.h"

#include "tacit/aead.h"

#include "aes/aes_ct.h"
#include "core/cpu_x86.h"

#if defined(TACIT_GCM_C) && defined(TACIT_CCM_C)

static void force_portable(void)
{
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
    tacit_cpu_hook_disable = ~0u;
#endif
}

/*
 * Pass 1 of test_aead_ct: AES-CCM with AES-NI (ccm_aesni.c; valgrind runs
 * AES-NI), VAES and AVX-512 masked off.  Builds without the hook: pass 0 only.
 */
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
#define N_PASSES 2
static void ccm_aesni(void)
{
    tacit_cpu_hook_disable = TACIT_CPU_VAES | TACIT_CPU_AVX512 | TACIT_CPU_AVX512BW;
}
#else
#define N_PASSES 1
static void ccm_aesni(void)
{
}
#endif

static void test_block_ct(void)
{
    unsigned char key[32], in[16 * TACIT_AES_CT_BLOCKS], out[16 * TACIT_AES_CT_BLOCKS];
    uint64_t sk[TACIT_AES_CT_SK_WORDS], y[2] = { 0, 0 }, h[2];
    unsigned rounds, i;

    for (i = 0; i < 32; i++) {
        key[i] = (unsigned char)(i * 37 + 1);
    }
    for (i = 0; i < sizeof(in); i++) {
        in[i] = (unsigned char)(i * 11);
    }
    TACIT_TEST_CF_SECRET(key, sizeof(key));
    TACIT_TEST_CF_SECRET(in, sizeof(in));
    rounds = tacit_aes_ct_setkey(sk, key, 32);
    tacit_aes_ct_encrypt(sk, rounds, in, out);
    h[0] = sk[3];
    h[1] = sk[9];
    tacit_ghash_ct(y, h, in, sizeof(in) - 3);
    TACIT_TEST_CF_PUBLIC(out, sizeof(out));
    TACIT_TEST_CF_PUBLIC(y, sizeof(y));
    TEST_ASSERT(out[0] != out[1] || out[2] != out[3] || y[0] != 0);
exit:;
}

static void test_aead_ct(void)
{
    static const tacit_aead_alg algs[] = { TACIT_AEAD_AES_128_GCM, TACIT_AEAD_AES_192_GCM,
                                           TACIT_AEAD_AES_256_GCM, TACIT_AEAD_AES_128_CCM,
                                           TACIT_AEAD_AES_256_CCM, TACIT_AEAD_AES_192_CCM };
    static const size_t key_lens[] = { 16, 24, 32, 16, 32, 24 };
    unsigned char key[32], nonce[16], aad[40], pt[200], ct[216], back[216];
    size_t a, i, olen, nl, pass;
    int ret;

    for (pass = 0; pass < N_PASSES; pass++)
        for (a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
            tacit_aead_context ctx;
            if (pass == 0) {
                force_portable();
            } else if (a < 3) {
                continue; /* GCM's x86 kernels: check_ct_asm.sh (valgrind cannot run AVX-512) */
            } else {
                ccm_aesni();
            }
            for (i = 0; i < sizeof(key); i++) {
                key[i] = (unsigned char)(i * 29 + a);
            }
            for (i = 0; i < sizeof(pt); i++) {
                pt[i] = (unsigned char)(i * 3 + 7);
            }
            memset(nonce, 0x42, sizeof(nonce));
            memset(aad, 0x17, sizeof(aad));
            /* GCM: the 12-byte fast path and GHASH'd IVs; CCM: the shortest and longest nonce */
            for (nl = (a < 3 ? 12 : 7); nl <= (a < 3 ? 16u : 13u); nl += (a < 3 ? 4 : 6)) {
                tacit_aead_init(&ctx);
                TACIT_TEST_CF_SECRET(key, sizeof(key));
                ret = tacit_aead_setkey(&ctx, algs[a], key, key_lens[a], 0);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                TACIT_TEST_CF_SECRET(pt, sizeof(pt));
                TACIT_TEST_CF_SECRET(nonce, sizeof(nonce));
                TACIT_TEST_CF_SECRET(aad, sizeof(aad));
                ret = tacit_aead_seal(&ctx, nonce, nl, aad, sizeof(aad), pt, sizeof(pt), ct,
                                      sizeof(ct), &olen);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                /* open: good, then a bad tag (the verdict is the declassified result) */
                ret = tacit_aead_open(&ctx, nonce, nl, aad, sizeof(aad), ct, olen, back,
                                      sizeof(back), &olen);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, 0);
                TACIT_TEST_CF_PUBLIC(back, sizeof(pt));
                TACIT_TEST_CF_PUBLIC(pt, sizeof(pt));
                TEST_MEM_EQ(back, sizeof(pt), pt, sizeof(pt));
                ct[3] ^= 4;
                ret = tacit_aead_open(&ctx, nonce, nl, aad, sizeof(aad), ct, sizeof(ct), back,
                                      sizeof(back), &olen);
                TACIT_TEST_CF_PUBLIC(&ret, sizeof(ret));
                TEST_EQUAL(ret, TACIT_ERR_AUTH_FAILED);
                tacit_aead_free(&ctx);
                TACIT_TEST_CF_PUBLIC(key, sizeof(key));
                TACIT_TEST_CF_PUBLIC(nonce, sizeof(nonce));
                TACIT_TEST_CF_PUBLIC(aad, sizeof(aad));
            }
        }
exit:
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
    tacit_cpu_hook_disable = 0;
#endif
    return;
}

/* The negative control: a table lookup at a secret index. */
static void test_negative_table(void)
{
    static unsigned char table[256];
    unsigned char key[16], acc = 0;
    unsigned i;

    for (i = 0; i < 256; i++) {
        table[i] = (unsigned char)(i * 7 + 99);
    }
    for (i = 0; i < 16; i++) {
        key[i] = (unsigned char)(i * 13);
    }
    TACIT_TEST_CF_SECRET(key, sizeof(key));
    for (i = 0; i < 16; i++) {
        acc ^= table[key[i]];
    }
    TACIT_TEST_CF_PUBLIC(&acc, 1);
    printf(" (acc %u)", acc);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_table);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_block_ct);
    RUN_TEST(test_aead_ct);
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
