/*
 * timing_leaks targets for the x86-64 ChaCha20-Poly1305 kernels
 * (src/chacha/x86_64/), which valgrind cannot check (AVX-512): the AEAD
 * through the default dispatch (2 KiB: the one-pass AVX-512 + IFMA kernel,
 * then the tail), and each kernel called directly.  Classes: an all-zero
 * key and all-zero data (fixed) vs a random key and random data; nonce,
 * AAD and lengths are public and the same in both.  arm() copies the class
 * input to one address outside the timed region.
 */
#include <string.h>

#include "chacha/chacha_internal.h"
#include "chacha/x86_64/chacha_x86.h"
#include "tl.h"

#define CP_LEN 2048

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)
static unsigned char cp_key[32], cp_data[CP_LEN], cp_out[CP_LEN], cp_tag[16];
static const unsigned char cp_nonce[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
static const unsigned char cp_aad[13] = { 23, 3, 3, 8, 0 };
#endif

static void cp_prepare(unsigned char *in, int cls)
{
    if (cls == 0) {
        memset(in, 0, 32 + CP_LEN);
    } else {
        tl_random(in, 32 + CP_LEN);
    }
}

static void cp_arm(const unsigned char *in)
{
#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)
    memcpy(cp_key, in, 32);
    memcpy(cp_data, in + 32, CP_LEN);
#else
    (void)in;
#endif
}

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)
static const char *cp_need(unsigned bits, const char *why)
{
    return (tacit_cpu_x86() & bits) == bits ? NULL : why;
}

static void cp_run_aead(const unsigned char *in)
{
    (void)in;
    (void)tacit_chachapoly_crypt(cp_key, cp_nonce, 12, cp_aad, 13, cp_data, CP_LEN - 5, cp_out,
                                 cp_tag, 0);
}

static void cp_run_stream(tacit_chacha20_xor_fn *f)
{
    uint32_t st[16];

    tacit_chacha20_setup(st, cp_key, 1, cp_nonce);
    f(st, cp_data, cp_out, CP_LEN - 5);
}

static void cp_run_avx512(const unsigned char *in)
{
    (void)in;
    cp_run_stream(tacit_chacha20_xor_avx512);
}

static void cp_run_avx2(const unsigned char *in)
{
    (void)in;
    cp_run_stream(tacit_chacha20_xor_avx2);
}

static void cp_run_poly(tacit_poly1305_blocks_fn *f)
{
    tacit_poly1305_state ps;

    tacit_poly1305_init(&ps, cp_key);
    f(&ps, cp_data, CP_LEN / 16);
    tacit_poly1305_finish(&ps, NULL, 0, cp_tag);
}

static void cp_run_ifma(const unsigned char *in)
{
    (void)in;
    cp_run_poly(tacit_poly1305_blocks_ifma);
}

static void cp_run_mulx(const unsigned char *in)
{
    (void)in;
    cp_run_poly(tacit_poly1305_blocks_mulx_asm);
}

static const char *cp_skip_ifma(void)
{
    return cp_need(TACIT_CPU_IFMA, "this CPU has no AVX-512 IFMA");
}
static const char *cp_skip_avx512(void)
{
    return cp_need(TACIT_CPU_AVX512, "this CPU has no AVX-512");
}
static const char *cp_skip_avx2(void)
{
    return cp_need(TACIT_CPU_AVX2, "this CPU has no AVX2");
}
static const char *cp_skip_bmi2(void)
{
    return cp_need(TACIT_CPU_BMI2, "this CPU has no BMI2");
}
#define CP_SKIP_IFMA cp_skip_ifma
#define CP_SKIP_AVX512 cp_skip_avx512
#define CP_SKIP_AVX2 cp_skip_avx2
#define CP_SKIP_BMI2 cp_skip_bmi2
#else
static const char *cp_skip_none(void)
{
    return "no x86-64 ChaCha20-Poly1305 kernels in this build";
}
static void cp_run_none(const unsigned char *in)
{
    (void)in;
}
#define CP_SKIP_IFMA cp_skip_none
#define CP_SKIP_AVX512 cp_skip_none
#define CP_SKIP_AVX2 cp_skip_none
#define CP_SKIP_BMI2 cp_skip_none
#define cp_run_aead cp_run_none
#define cp_run_avx512 cp_run_none
#define cp_run_avx2 cp_run_none
#define cp_run_ifma cp_run_none
#define cp_run_mulx cp_run_none
#endif

const tl_target tl_chachapoly_targets[TL_CHACHAPOLY_TARGETS] = {
    { "chachapoly-x86",
      "ChaCha20-Poly1305 seal 2043 B (default: one-pass AVX-512+IFMA): zero key+data vs random",
      32 + CP_LEN, NULL, CP_SKIP_IFMA, cp_prepare, cp_arm, cp_run_aead, 3, TL_JUDGED },
    { "chacha20-avx512", "ChaCha20 AVX-512 kernel, 2043 B: zero key+data vs random", 32 + CP_LEN,
      NULL, CP_SKIP_AVX512, cp_prepare, cp_arm, cp_run_avx512, 2, TL_JUDGED },
    { "chacha20-avx2", "ChaCha20 AVX2 kernel, 2043 B: zero key+data vs random", 32 + CP_LEN, NULL,
      CP_SKIP_AVX2, cp_prepare, cp_arm, cp_run_avx2, 3, TL_JUDGED },
    { "poly1305-ifma", "Poly1305 IFMA kernel, 2 KiB: zero key+message vs random", 32 + CP_LEN, NULL,
      CP_SKIP_IFMA, cp_prepare, cp_arm, cp_run_ifma, 2, TL_JUDGED },
    { "poly1305-mulx", "Poly1305 MULX kernel, 2 KiB: zero key+message vs random", 32 + CP_LEN, NULL,
      CP_SKIP_BMI2, cp_prepare, cp_arm, cp_run_mulx, 3, TL_JUDGED },
};
