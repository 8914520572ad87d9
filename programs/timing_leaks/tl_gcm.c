/*
 * timing_leaks targets for the x86-64 AES-GCM kernels (src/aes/x86_64/),
 * which valgrind cannot check (AVX-512): each kernel called directly, and
 * the default dispatch through tacit_aes_gcm_x86_crypt.  Classes: an
 * all-zero key and an all-zero 512-byte plaintext (fixed) vs a random key
 * and random plaintext; the nonce (12 bytes) and the 13-byte AAD are
 * public and the same in both.  arm() runs the key setup and copies the
 * plaintext outside the timed region, into one state and one buffer.
 */
#include <string.h>

#include "aes/x86_64/gcm_x86_internal.h"
#include "tl.h"

#define GCM_PT 512

#if defined(TACIT_AES_GCM_X86)
static uint64_t gcm_state[TACIT_AES_GCM_X86_STATE_WORDS];
static unsigned char gcm_pt[GCM_PT], gcm_ct[GCM_PT], gcm_tag[16];
static const unsigned char gcm_nonce[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
static const unsigned char gcm_aad[13] = { 23, 3, 3, 2, 0 };
#endif

static void gcm_prepare(unsigned char *in, int cls)
{
    if (cls == 0) {
        memset(in, 0, 16 + GCM_PT);
    } else {
        tl_random(in, 16 + GCM_PT);
    }
}

static void gcm_arm(const unsigned char *in)
{
#if defined(TACIT_AES_GCM_X86)
    tacit_aes_gcm_x86_setkey(gcm_state, in, 16);
    memcpy(gcm_pt, in + 16, GCM_PT);
#else
    (void)in;
#endif
}

#if defined(TACIT_AES_GCM_X86)
static const char *gcm_need(unsigned bits, const char *why)
{
    return (tacit_cpu_x86() & bits) == bits ? NULL : why;
}

/* 4 x 512 bytes a measurement: the whole AAD/CTR/GHASH/tag path */
static void gcm_run_default(const unsigned char *in)
{
    int r;

    (void)in;
    for (r = 0; r < 4; r++) {
        tacit_aes_gcm_x86_crypt(gcm_state, 1, gcm_nonce, 12, gcm_aad, 13, gcm_pt, GCM_PT, gcm_ct,
                                gcm_tag);
    }
}

static void gcm_run_bulk(gcm_x86_bulk_fn *bulk)
{
    static const unsigned char ctr[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 2 };
    static const unsigned char lens[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    unsigned char xi[16] = { 0 };
    int r;

    for (r = 0; r < 4; r++) {
        bulk((const unsigned char *)gcm_state, 1, ctr, gcm_pt, GCM_PT - 7, gcm_ct, xi, lens);
    }
}

static void gcm_run_aesni(const unsigned char *in)
{
    (void)in;
    gcm_run_bulk((tacit_cpu_x86() & TACIT_CPU_AVX2) ? tacit_gcm_aesni_avx_bulk
                                                    : tacit_gcm_aesni_bulk);
}

static void gcm_run_vaes256(const unsigned char *in)
{
    (void)in;
    gcm_run_bulk(tacit_gcm_vaes256_bulk);
}

static void gcm_run_vaes512(const unsigned char *in)
{
    (void)in;
    gcm_run_bulk(tacit_gcm_vaes512_bulk);
}

static const char *gcm_skip_default(void)
{
    return gcm_need(TACIT_CPU_AESNI, "this CPU has no AES-NI/PCLMULQDQ");
}

static const char *gcm_skip_vaes256(void)
{
    return gcm_need(TACIT_CPU_VAES, "this CPU has no VAES/VPCLMULQDQ");
}

static const char *gcm_skip_vaes512(void)
{
    return gcm_need(TACIT_CPU_VAES | TACIT_CPU_AVX512BW, "this CPU has no VAES with AVX-512BW");
}
#define GCM_SKIP_DEFAULT gcm_skip_default
#define GCM_SKIP_AESNI gcm_skip_default
#define GCM_SKIP_VAES256 gcm_skip_vaes256
#define GCM_SKIP_VAES512 gcm_skip_vaes512
#else
static const char *gcm_skip_none(void)
{
    return "no x86-64 AES-GCM kernels in this build";
}
static void gcm_run_none(const unsigned char *in)
{
    (void)in;
}
#define GCM_SKIP_DEFAULT gcm_skip_none
#define GCM_SKIP_AESNI gcm_skip_none
#define GCM_SKIP_VAES256 gcm_skip_none
#define GCM_SKIP_VAES512 gcm_skip_none
#define gcm_run_default gcm_run_none
#define gcm_run_aesni gcm_run_none
#define gcm_run_vaes256 gcm_run_none
#define gcm_run_vaes512 gcm_run_none
#endif

const tl_target tl_gcm_targets[TL_GCM_TARGETS] = {
    { "aes-gcm-x86", "AES-128-GCM seal 512 B (default kernel): zero key+data vs random",
      16 + GCM_PT, NULL, GCM_SKIP_DEFAULT, gcm_prepare, gcm_arm, gcm_run_default, 4, TL_JUDGED },
    { "gcm-vaes512", "GCM VAES-512 kernel, 505 B: zero key+data vs random", 16 + GCM_PT, NULL,
      GCM_SKIP_VAES512, gcm_prepare, gcm_arm, gcm_run_vaes512, 3, TL_JUDGED },
    { "gcm-vaes256", "GCM VAES-256 kernel, 505 B: zero key+data vs random", 16 + GCM_PT, NULL,
      GCM_SKIP_VAES256, gcm_prepare, gcm_arm, gcm_run_vaes256, 3, TL_JUDGED },
    { "gcm-aesni", "GCM AES-NI kernel, 505 B: zero key+data vs random", 16 + GCM_PT, NULL,
      GCM_SKIP_AESNI, gcm_prepare, gcm_arm, gcm_run_aesni, 3, TL_JUDGED },
};
