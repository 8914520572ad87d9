/*
 * Constant-flow test of the x86-64 AES-GCM code under valgrind (the
 * TACIT_TEST_CONSTANT_FLOW build): the key, the nonce, the AAD and the data
 * are marked undefined, and any branch or memory index that depends on
 * them is reported.  Valgrind runs AES-NI and PCLMULQDQ, not VAES nor
 * AVX-512: this suite forces the AES-NI kernel (with the shared key setup,
 * J0 from a 13-byte nonce through GHASH, the AAD, the zero-padded tail, the
 * length block and the tag) and SKIPs the two VAES kernels, which
 * scripts/check_ct_asm.sh (compiled code traced) and programs/timing_leaks
 * (gcm-vaes512, gcm-vaes256) cover instead.
 *
 * --negative: a branch on a ciphertext byte the kernel produced from the
 * secret data, which valgrind must flag (the marking flows through the
 * AES-NI instructions).
 */
#include "harness.h"

#include "aes/x86_64/gcm_x86.h"
#include "core/cpu_x86.h"

#if defined(TACIT_AES_GCM_X86) && defined(TACIT_TEST_HOOKS)

static uint64_t state[TACIT_AES_GCM_X86_STATE_WORDS];

static int have_aesni(void)
{
    tacit_cpu_hook_disable = 0;
    return (tacit_cpu_x86() & TACIT_CPU_AESNI) != 0;
}

static void test_aesni_ct(void)
{
    static const size_t lens[] = { 0, 1, 15, 16, 17, 127, 128, 129, 200, 300 };
    static const size_t key_lens[] = { 16, 24, 32 };
    unsigned char key[32], nonce[13], aad[20], pt[300], ct[300], back[300], tag[16], tag2[16];
    size_t k, l, i;

    if (!have_aesni()) {
        TEST_SKIP("this CPU has no AES-NI/PCLMULQDQ");
    }
    for (k = 0; k < 6; k++) {
        /* the AES-NI kernel, VEX encoding (k < 3) and SSE encoding */
        tacit_cpu_hook_disable = TACIT_CPU_VAES | (k < 3 ? 0 : TACIT_CPU_AVX2);
        for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
            for (i = 0; i < sizeof(key); i++) {
                key[i] = (unsigned char)(i * 29 + k % 3);
            }
            for (i = 0; i < sizeof(pt); i++) {
                pt[i] = (unsigned char)(i * 3 + l);
            }
            memset(nonce, 0x42, sizeof(nonce));
            memset(aad, 0x17, sizeof(aad));
            TACIT_TEST_CF_SECRET(key, sizeof(key));
            TACIT_TEST_CF_SECRET(pt, sizeof(pt));
            TACIT_TEST_CF_SECRET(nonce, sizeof(nonce));
            TACIT_TEST_CF_SECRET(aad, sizeof(aad));
            tacit_aes_gcm_x86_setkey(state, key, key_lens[k % 3]);
            /* 13-byte nonce: J0 through GHASH; then the 12-byte fast path */
            tacit_aes_gcm_x86_crypt(state, 1, nonce, 13, aad, sizeof(aad), pt, lens[l], ct, tag);
            tacit_aes_gcm_x86_crypt(state, 0, nonce, 13, aad, sizeof(aad), ct, lens[l], back, tag2);
            tacit_aes_gcm_x86_crypt(state, 1, nonce, 12, aad, 13, pt, lens[l], ct, tag);
            tacit_aes_gcm_x86_crypt(state, 0, nonce, 12, aad, 13, ct, lens[l], back, tag2);
            TACIT_TEST_CF_PUBLIC(back, sizeof(back));
            TACIT_TEST_CF_PUBLIC(pt, sizeof(pt));
            TACIT_TEST_CF_PUBLIC(tag, 16);
            TACIT_TEST_CF_PUBLIC(tag2, 16);
            TACIT_TEST_CF_PUBLIC(key, sizeof(key));
            TACIT_TEST_CF_PUBLIC(nonce, sizeof(nonce));
            TACIT_TEST_CF_PUBLIC(aad, sizeof(aad));
            TEST_MEM_EQ(back, lens[l], pt, lens[l]);
            TEST_MEM_EQ(tag, 16, tag2, 16);
        }
    }
exit:
    tacit_cpu_hook_disable = 0;
}

static void test_vaes_ct(void)
{
    TEST_SKIP("valgrind cannot run VAES or AVX-512 instructions: the VAES-256 and VAES-512 "
              "kernels are checked by scripts/check_ct_asm.sh and timing_leaks gcm-vaes*");
exit:;
}

/* The negative control: a branch on a ciphertext byte (secret through AES-NI). */
static void test_negative_branch(void)
{
    unsigned char key[16], pt[32], ct[32], tag[16], nonce[12] = { 0 };
    unsigned i, acc = 0;

    if (!have_aesni()) {
        TEST_SKIP("this CPU has no AES-NI/PCLMULQDQ");
    }
    tacit_cpu_hook_disable = TACIT_CPU_VAES;
    for (i = 0; i < 16; i++) {
        key[i] = (unsigned char)(i * 13);
    }
    memset(pt, 1, sizeof(pt));
    TACIT_TEST_CF_SECRET(key, sizeof(key));
    tacit_aes_gcm_x86_setkey(state, key, 16);
    tacit_aes_gcm_x86_crypt(state, 1, nonce, 12, NULL, 0, pt, sizeof(pt), ct, tag);
    for (i = 0; i < sizeof(ct); i++) {
        if (ct[i] & 1) { /* the leak */
            acc++;
        }
    }
    TACIT_TEST_CF_PUBLIC(&acc, sizeof(acc));
    printf(" (acc %u)", acc);
exit:
    tacit_cpu_hook_disable = 0;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_branch);
        return TEST_MAIN_END();
    }
    RUN_TEST(test_aesni_ct);
    RUN_TEST(test_vaes_ct);
    return TEST_MAIN_END();
}

#else
int main(void)
{
    printf("SKIP (%s)\n", "needs x86-64 and a TACIT_TEST_HOOKS build to force the AES-NI kernel");
    return 0;
}
#endif
