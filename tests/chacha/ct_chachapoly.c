/*
 * Constant-flow tests of ChaCha20-Poly1305 and XChaCha20-Poly1305: under
 * valgrind (TACIT_TEST_CONSTANT_FLOW build) the key and the data (plaintext
 * on seal; ciphertext and tag on open) are marked undefined, and any branch
 * or memory index that depends on them is reported.  Paths: the portable C
 * (Poly1305 radix 2^64, or 2^32 in the 32-bit-limb builds), and on x86-64
 * the AVX2 one-pass kernel (inline-assembly ChaCha20 with the MULX
 * Poly1305 stitched in: 1024, 1350, 2600 and 16384 bytes; the open of
 * 16384, in and out apart, computes block 0 beside the first 512 bytes and
 * catches up), its block-0-and-tail batch (1350 and 2600) and scalar block
 * 0 (1024), the AVX2 (four-lane
 * radix 2^26) Poly1305 (the last batch when sealing), and the MULX
 * Poly1305 (with the portable ChaCha20).  The AVX-512 ChaCha20 and the
 * IFMA Poly1305 cannot run here (valgrind has no AVX-512): a C model of the
 * IFMA lanes runs here instead (the AVX-512 ChaCha20's model is the
 * portable ChaCha20), and the compiled kernels are scanned by
 * scripts/check_ct_asm.sh and timed by programs/timing_leaks.  The one
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

/*
 * The kernels valgrind can run: portable first, then where there is a CPU
 * probe AVX2 ChaCha20 + AVX2 Poly1305 (an AVX2-only CPU), and MULX Poly1305.
 */
#if defined(TACIT_HAVE_CPU_X86) && defined(TACIT_TEST_HOOKS)
static const unsigned ct_hooks[] = { ~0u, TACIT_CPU_AVX512 | TACIT_CPU_IFMA,
                                     TACIT_CPU_AVX512 | TACIT_CPU_IFMA | TACIT_CPU_AVX2 };
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
    static const size_t lens[] = { 0, 1, 63, 64, 65, 255, 256, 300, 1024, 1350, 2600, 16384 };
    static unsigned char key[32], nonce[24], aad[29], pt[16384], ct[16384 + 16], out[16384 + 16];
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

#if defined(TACIT_POLY1305_R64)
#include "chacha/poly1305_r64.h"

/*
 * A C model of the AVX-512 IFMA Poly1305 (src/chacha/x86_64/poly1305_x86.c),
 * which valgrind cannot run: the same eight lanes in radix 2^44, the same
 * 52-bit multiplier (VPMADD52LUQ/HUQ emulated with 128-bit products), the
 * same carries, powers r^1..r^8 and final lane multipliers.  Under valgrind
 * with the key and message secret it shows that the algorithm itself has
 * no secret-dependent branch or index (the compiled kernel is scanned by
 * scripts/check_ct_asm.sh); it must also give the tag of tacit_poly1305.
 */
#define M52 0xfffffffffffffu
#define M44 0xfffffffffffu
#define M42 0x3ffffffffffu
static uint64_t madd52lo(uint64_t a, uint64_t b, uint64_t c)
{
    return a + (uint64_t)(((tacit_u128)(b & M52) * (c & M52)) & M52);
}
static uint64_t madd52hi(uint64_t a, uint64_t b, uint64_t c)
{
    return a + (uint64_t)(((tacit_u128)(b & M52) * (c & M52)) >> 52);
}
static void to44_model(uint64_t l[3], const uint64_t h[3])
{
    l[0] = h[0] & M44;
    l[1] = ((h[0] >> 44) | (h[1] << 20)) & M44;
    l[2] = (h[1] >> 24) | (h[2] << 40);
}
/* one lane of MUL44: h *= r (radix 2^44, partly reduced) */
static void mul44_model(uint64_t h[3], const uint64_t r[3])
{
    uint64_t s1 = r[1] * 20, s2 = r[2] * 20, lo0, lo1, lo2, hi0, hi1, hi2, c0, c1, c2;

    lo0 = madd52lo(madd52lo(madd52lo(0, h[0], r[0]), h[1], s2), h[2], s1);
    hi0 = madd52hi(madd52hi(madd52hi(0, h[0], r[0]), h[1], s2), h[2], s1);
    lo1 = madd52lo(madd52lo(madd52lo(0, h[0], r[1]), h[1], r[0]), h[2], s2);
    hi1 = madd52hi(madd52hi(madd52hi(0, h[0], r[1]), h[1], r[0]), h[2], s2);
    lo2 = madd52lo(madd52lo(madd52lo(0, h[0], r[2]), h[1], r[1]), h[2], r[0]);
    hi2 = madd52hi(madd52hi(madd52hi(0, h[0], r[2]), h[1], r[1]), h[2], r[0]);
    lo1 += hi0 << 8;
    lo2 += hi1 << 8;
    hi2 += hi2 << 2;
    lo0 += hi2 << 10;
    c0 = lo0 >> 44;
    c1 = lo1 >> 44;
    c2 = lo2 >> 42;
    c2 += c2 << 2;
    h[0] = (lo0 & M44) + c2;
    h[1] = (lo1 & M44) + c0;
    h[2] = (lo2 & M42) + c1;
}
/* the tag of len bytes (a multiple of 128, at least 256), lane by lane */
static void poly1305_ifma_model(unsigned char tag[16], const unsigned char key[32],
                                const unsigned char *m, size_t len)
{
    tacit_poly1305_state ps;
    uint64_t pw[9][3], l[8][3], H[8][3], t[3], c;
    size_t g, i, j;
    tacit_u128 acc;

    tacit_poly1305_init(&ps, key);
    memset(pw, 0, sizeof(pw));
    pw[1][0] = ps.r[0];
    pw[1][1] = ps.r[1];
    for (i = 2; i <= 8; i++) {
        memcpy(pw[i], pw[i - 1], sizeof(pw[i]));
        tacit_poly_mul_r64(pw[i], ps.r[0], ps.r[1], ps.r[1] + (ps.r[1] >> 2));
    }
    for (i = 0; i < 8; i++) {
        to44_model(l[i], pw[8 - i]);
    }
    for (g = 0; g < len / 128; g++) {
        for (i = 0; i < 8; i++) {
            const unsigned char *b = m + 128 * g + 16 * i;
            uint64_t lo = tacit_poly_load64(b), hi = tacit_poly_load64(b + 8);
            if (g > 0) {
                mul44_model(H[i], l[0]); /* H * r^8 */
            } else {
                H[i][0] = H[i][1] = H[i][2] = 0;
            }
            H[i][0] += lo & M44;
            H[i][1] += ((lo >> 44) | (hi << 20)) & M44;
            H[i][2] += (hi >> 24) | ((uint64_t)1 << 40);
        }
    }
    for (j = 0; j < 3; j++) {
        t[j] = 0;
    }
    for (i = 0; i < 8; i++) { /* lane i times r^(8 - i), summed */
        mul44_model(H[i], l[i]);
        for (j = 0; j < 3; j++) {
            t[j] += H[i][j];
        }
    }
    acc = (tacit_u128)t[0] + ((tacit_u128)t[1] << 44);
    ps.h[0] = (uint64_t)acc;
    acc = (acc >> 64) + ((tacit_u128)t[2] << 24);
    ps.h[1] = (uint64_t)acc;
    ps.h[2] = (uint64_t)(acc >> 64);
    c = (ps.h[2] >> 2) * 5;
    ps.h[2] &= 3;
    ps.h[0] += c;
    c = ps.h[0] < c;
    ps.h[1] += c;
    ps.h[2] += ps.h[1] < c;
    tacit_poly1305_final(&ps, tag);
}

static void test_ifma_model_secret(void)
{
    static unsigned char key[32], msg[1024];
    unsigned char tag[16], ref[16];
    size_t len;

    for (len = 256; len <= sizeof(msg); len += 384) {
        fill(key, sizeof(key), (unsigned)len);
        fill(msg, len, (unsigned)len + 1);
        key[3] |= 0xf0; /* near the clamp, and all-ones message bytes: carries */
        memset(msg, 0xff, 64);
        tacit_poly1305(ref, key, msg, len);
        TACIT_TEST_CF_SECRET(key, sizeof(key));
        TACIT_TEST_CF_SECRET(msg, len);
        poly1305_ifma_model(tag, key, msg, len);
        TACIT_TEST_CF_PUBLIC(tag, sizeof(tag));
        TACIT_TEST_CF_PUBLIC(key, sizeof(key));
        TACIT_TEST_CF_PUBLIC(msg, len);
        TEST_MEM_EQ(tag, 16, ref, 16);
    }
exit:;
}
#endif /* TACIT_POLY1305_R64 */

/* The AVX-512 kernels: valgrind cannot decode AVX-512, so they are not run here. */
static void test_avx512_kernels(void)
{
#if defined(TACIT_HAVE_CPU_X86)
    if (TACIT_TEST_CF_ENABLED) {
        TEST_SKIP(
            "valgrind cannot run AVX-512: the AVX-512 ChaCha20 (model: the portable ChaCha20, "
            "the same operations, run above), the IFMA Poly1305 (model: "
            "test_ifma_model_secret) and the one-pass kernel (the two together) are "
            "scanned by scripts/check_ct_asm.sh and timed by programs/timing_leaks");
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
#if defined(TACIT_POLY1305_R64)
        RUN_TEST(test_ifma_model_secret);
#endif
        RUN_TEST(test_avx512_kernels);
    }
#endif
    return TEST_MAIN_END();
}
