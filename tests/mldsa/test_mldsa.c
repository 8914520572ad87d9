#define _POSIX_C_SOURCE 200809L
/*
 * ML-DSA (FIPS 204): the arithmetic (Decompose, Power2Round and UseHint
 * on every value mod q, the NTT against schoolbook multiplication, the bit
 * packing), the Wycheproof vectors (sign from the seed, sign with an
 * expanded key, verify; external-mu and boundary cases), keygen_seed
 * against the published public keys, and round trips at every parameter
 * set on every kernel this CPU can run.
 */
#include "harness.h"

#include "tacit/mldsa.h"

#if defined(TACIT_MLDSA_C)

#include "core/cpu_x86.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"
#include "mldsa/mldsa_sign_stream.h"
#include "test_rand.h"

static uint32_t test_rand_u32(void)
{
    return (uint32_t)(rnd64() >> 32);
}

#define Q TACIT_MLDSA_Q

/* The kernels to run: bits cleared by tacit_cpu_hook_disable. */
static const unsigned kernel_masks[] = { 0u, ~0u };
#define N_KERNELS (sizeof(kernel_masks) / sizeof(kernel_masks[0]))

static void set_kernel(unsigned i)
{
#if defined(TACIT_TEST_HOOKS)
    tacit_cpu_hook_disable = kernel_masks[i];
#else
    (void)kernel_masks[i];
#endif
}

/* ---- arithmetic ---------------------------------------------------------- */

/* r mod+- m: the representative in (-m/2, m/2] (m even) */
static int32_t mod_pm(int32_t r, int32_t m)
{
    int32_t x = r % m;
    if (x < 0) {
        x += m;
    }
    if (x > m / 2) {
        x -= m;
    }
    return x;
}

static void test_decompose_all(void)
{
    static const int32_t g2s[2] = { (Q - 1) / 88, (Q - 1) / 32 };
    int g;

    for (g = 0; g < 2; g++) {
        int32_t g2 = g2s[g], a;
        for (a = 0; a < Q; a++) {
            int32_t r0 = mod_pm(a, 2 * g2), r1, got0, got1;
            if (a - r0 == Q - 1) {
                r1 = 0;
                r0 = r0 - 1;
            } else {
                r1 = (a - r0) / (2 * g2);
            }
            got1 = tacit_mldsa_decompose(&got0, a, g2);
            if (got1 != r1 || got0 != r0) {
                TEST_EQUAL(a, -1);
            }
            /* UseHint, FIPS 204 Algorithm 40 */
            {
                int32_t m = (Q - 1) / (2 * g2);
                int32_t want = r0 > 0 ? (r1 + 1) % m : (r1 - 1 + m) % m;
                if (tacit_mldsa_use_hint(a, 1, g2) != want ||
                    tacit_mldsa_use_hint(a, 0, g2) != r1) {
                    TEST_EQUAL(a, -2);
                }
            }
        }
    }
exit:
    return;
}

static void test_power2round_all(void)
{
    int32_t a;

    for (a = 0; a < Q; a++) {
        int32_t r0 = mod_pm(a, 1 << 13), r1 = (a - r0) >> 13, g1, g0;
        if (r0 == -(1 << 12)) { /* mod+- 2^d: (-2^12, 2^12] */
            r0 += 1 << 13;
            r1 -= 1;
        }
        tacit_mldsa_power2round(&g1, &g0, a);
        if (g1 != r1 || g0 != r0) {
            TEST_EQUAL(a, -1);
        }
    }
exit:
    return;
}

static int32_t modq(int64_t x)
{
    int64_t r = x % Q;
    return (int32_t)(r < 0 ? r + Q : r);
}

static void test_ntt_schoolbook(void)
{
    tacit_mldsa_poly a, b, r;
    int32_t want[256];
    unsigned k, i, j, round;

    for (k = 0; k < N_KERNELS; k++) {
        const tacit_mldsa_kernel *kern;
        set_kernel(k);
        kern = tacit_mldsa_kernel_get();
        for (round = 0; round < 4; round++) {
            for (i = 0; i < 256; i++) {
                a.c[i] = (int32_t)(test_rand_u32() % Q) - (Q - 1) / 2;
                b.c[i] =
                    round & 1 ? (int32_t)(test_rand_u32() % 9) - 4 : (int32_t)(test_rand_u32() % Q);
            }
            for (i = 0; i < 256; i++) {
                want[i] = 0;
            }
            for (i = 0; i < 256; i++) {
                for (j = 0; j < 256; j++) {
                    int64_t p = (int64_t)a.c[i] * b.c[j] % Q;
                    if (i + j < 256) {
                        want[i + j] = modq(want[i + j] + p);
                    } else {
                        want[i + j - 256] = modq(want[i + j - 256] - p);
                    }
                }
            }
            kern->ntt(a.c);
            kern->ntt(b.c);
            kern->pointwise(r.c, a.c, b.c);
            tacit_mldsa_poly_reduce(&r);
            kern->invntt_tomont(r.c);
            for (i = 0; i < 256; i++) {
                if (modq(r.c[i]) != want[i]) {
                    printf(" kernel %s coefficient %u", kern->name, i);
                    TEST_EQUAL(modq(r.c[i]), want[i]);
                }
            }
        }
    }
exit:
    set_kernel(0);
}

/*
 * Every kernel against the portable functions, bit for bit: NTT (inputs up
 * to the bounds signing feeds it; compared in the portable order), inverse
 * NTT (mod q: the kernel may fold its final factor), pointwise products,
 * Decompose and UseHint (both gamma2), the rejection sampler of ExpandA
 * (in the portable order).
 */
static void test_kernels_differential(void)
{
    static tacit_mldsa_poly a, b, r1, r2, x1, x2;
    unsigned k, i, round;

    for (k = 0; k < N_KERNELS; k++) {
        const tacit_mldsa_kernel *kern;
        set_kernel(k);
        kern = tacit_mldsa_kernel_get();
        printf(" %s", kern->name);
        for (round = 0; round < 200; round++) {
            int32_t bound = round % 4 == 0 ? Q : round % 4 == 1 ? (1 << 19) + 200 : 9;
            for (i = 0; i < 256; i++) {
                a.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)bound - 1)) - (bound - 1);
                b.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)Q - 1)) - (Q - 1);
            }
            if (round == 0) { /* the extremes */
                for (i = 0; i < 256; i++) {
                    a.c[i] = i & 1 ? Q - 1 : -(Q - 1);
                    b.c[i] = i & 2 ? Q - 1 : -(Q - 1);
                }
            }
            x1 = a;
            x2 = a;
            tacit_mldsa_ntt_c(x1.c);
            kern->ntt(x2.c);
            if (kern->ntt_order != NULL) { /* the kernel's order to the portable one */
                kern->ntt_order(x2.c);
            }
            TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
            /* the inverse: the same values mod q, in (-q, q) */
            x1 = b;
            x2 = b;
            if (kern->ntt_order != NULL) {
                kern->ntt_order(x2.c);
            }
            tacit_mldsa_invntt_tomont_c(x1.c);
            kern->invntt_tomont(x2.c);
            for (i = 0; i < 256; i++) {
                TEST_ASSERT(x2.c[i] > -Q && x2.c[i] < Q);
                TEST_EQUAL(modq(x1.c[i]), modq(x2.c[i]));
            }
            tacit_mldsa_pointwise_c(r1.c, a.c, b.c);
            kern->pointwise(r2.c, a.c, b.c);
            TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
            tacit_mldsa_pointwise_acc_c(r1.c, b.c, a.c);
            kern->pointwise_acc(r2.c, b.c, a.c);
            TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
            /* Decompose and UseHint on [0, q) (the extremes in round 0) */
            for (i = 0; i < 256; i++) {
                x1.c[i] = round == 0 ? (int32_t)(i < 128 ? i : Q - 256 + i)
                                     : (int32_t)(test_rand_u32() % Q);
                b.c[i] = (int32_t)(test_rand_u32() & 1);
            }
            tacit_mldsa_poly_decompose_c(r1.c, x2.c, x1.c, (Q - 1) / (round & 1 ? 88 : 32));
            kern->decompose(r2.c, a.c, x1.c, (Q - 1) / (round & 1 ? 88 : 32));
            TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
            TEST_ASSERT(memcmp(x2.c, a.c, sizeof(a.c)) == 0);
            tacit_mldsa_poly_use_hint_c(r1.c, x1.c, b.c, (Q - 1) / (round & 1 ? 88 : 32));
            kern->use_hint(r2.c, x1.c, b.c, (Q - 1) / (round & 1 ? 88 : 32));
            TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
            /* signing's passes: reduce, split_w, make_z, make_hint */
            if (kern->make_hint != NULL) { /* NULL: called directly (no platform kernel) */
                static tacit_mldsa_poly y1, y2;
                static unsigned char h1[256], h2[256];
                int32_t g2 = (Q - 1) / (round & 1 ? 88 : 32), beta = round & 1 ? 78 : 196;
                int32_t m = round & 1 ? 44 : 16, bz = (1 << 19) - 196;
                uint32_t cnt1 = 7, cnt2 = 7, bad1, bad2;
                for (i = 0; i < 256; i++) {
                    x1.c[i] = (int32_t)(test_rand_u32() >> 1) - (1 << 30);
                }
                x2 = x1;
                tacit_mldsa_reduce_c(x1.c);
                kern->reduce(x2.c);
                TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
                /* b: |b| < q (round 0: the extremes) */
                tacit_mldsa_split_w_c(r1.c, x1.c, b.c, g2);
                kern->split_w(r2.c, x2.c, b.c, g2);
                TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
                TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
                /* z = c s1 (|.| < q, small values near bz - y in odd rounds) + y */
                for (i = 0; i < 256; i++) {
                    y1.c[i] = (int32_t)(test_rand_u32() % (1u << 20)) - (1 << 19) + 1;
                    x1.c[i] = round & 1
                                  ? (int32_t)(test_rand_u32() % 500) - 250 - y1.c[i] +
                                        (i & 1 ? bz : -bz) + (i & 2 ? Q : 0)
                                  : (int32_t)(test_rand_u32() % (2 * (uint32_t)Q - 1)) - (Q - 1);
                }
                x2 = x1;
                bad1 = tacit_mldsa_make_z_c(x1.c, y1.c, round % 4 == 3 ? (1 << 23) : bz);
                bad2 = kern->make_z(x2.c, y1.c, round % 4 == 3 ? (1 << 23) : bz);
                TEST_EQUAL(bad1, bad2);
                TEST_ASSERT(bad1 == 0 || bad1 == 0xffffffffu);
                TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
                /* c (s1 + 2^9 s2) from the inverse NTT (+- q), split; y near the bound */
                for (i = 0; i < 256; i++) {
                    uint32_t sel = test_rand_u32();
                    int32_t u = (int32_t)(test_rand_u32() % 393) - 196;
                    int32_t w = (int32_t)(test_rand_u32() % 393) - 196;
                    y1.c[i] = (int32_t)(test_rand_u32() % (1u << 20)) - (1 << 19) + 1;
                    x1.c[i] = u + 512 * w + (sel & 1 ? Q : sel & 2 ? -Q : 0);
                    if (round == 0) {
                        x1.c[i] = (i & 1 ? 196 + 512 * 196 : -196 - 512 * 196) +
                                  (i & 2 ? Q : -Q) * (int32_t)(i & 4 ? 1 : 0);
                    }
                }
                x2 = x1;
                memset(r1.c, 0, sizeof(r1.c));
                memset(r2.c, 0, sizeof(r2.c));
                bad1 = tacit_mldsa_make_z_cs2_c(x1.c, r1.c, y1.c, round % 4 == 3 ? (1 << 23) : bz);
                bad2 = kern->make_z_cs2(x2.c, r2.c, y1.c, round % 4 == 3 ? (1 << 23) : bz);
                TEST_EQUAL(bad1, bad2);
                TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
                TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
                /* a row: w0 in [-g2, g2], w1 < m, c s2 and c t0 small (+- q) or anything */
                for (i = 0; i < 256; i++) {
                    uint32_t sel = test_rand_u32();
                    x1.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)g2 + 1)) - g2;
                    r1.c[i] = (int32_t)(test_rand_u32() % (uint32_t)m);
                    y1.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)beta + 1)) - beta;
                    y2.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)g2 + 1)) - g2;
                    if (sel % 7 == 0) { /* a0 = w0 - cs2 + ct0 at the edges */
                        y2.c[i] =
                            (sel & 8 ? g2 : -g2) - x1.c[i] + y1.c[i] + (int32_t)(sel >> 4) % 3 - 1;
                    }
                    if (sel % 5 == 0) {
                        r1.c[i] = 0;
                    }
                    y1.c[i] += sel & 16 ? Q : sel & 32 ? -Q : 0;
                    y2.c[i] += sel & 64 ? Q : sel & 128 ? -Q : 0;
                    if (round % 8 == 7) { /* anything (rejected) */
                        y2.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)Q - 1)) - (Q - 1);
                    }
                }
                memset(h1, 9, sizeof(h1));
                memset(h2, 9, sizeof(h2));
                bad1 = tacit_mldsa_make_hint_c(h1, x1.c, r1.c, y1.c, y2.c, g2, beta, &cnt1);
                bad2 = kern->make_hint(h2, x1.c, r1.c, y1.c, y2.c, g2, beta, &cnt2);
                TEST_EQUAL(bad1, bad2);
                TEST_EQUAL(cnt1, cnt2);
                TEST_ASSERT(memcmp(h1, h2, sizeof(h1)) == 0);
            }
            /* a row of A y (l = 1 .. 7, |a| < q, |v| < q or up to the NTT's output bound
             * 2^19 + 8 q; mod q, in (-q, q)) and Power2Round of t */
            if (kern->make_hint != NULL) { /* NULL: called directly (no platform kernel) */
                static tacit_mldsa_poly ra[7], rv[7];
                const uint32_t vmax = (1u << 19) + 8u * Q;
                unsigned l = 1 + round % 7, j;
                for (j = 0; j < l; j++) {
                    for (i = 0; i < 256; i++) {
                        ra[j].c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)Q - 1)) - (Q - 1);
                        rv[j].c[i] =
                            round == 0
                                ? Q - 1
                                : (int32_t)(test_rand_u32() % (2 * (uint32_t)Q - 1)) - (Q - 1);
                        if (round % 4 == 1) { /* the NTT's output bound */
                            rv[j].c[i] =
                                (int32_t)(test_rand_u32() % (2 * vmax + 1)) - (int32_t)vmax;
                        } else if (round == 2) {
                            rv[j].c[i] = j & 1 ? (int32_t)vmax : -(int32_t)vmax;
                        }
                    }
                }
                tacit_mldsa_matvec_row_c(r1.c, ra, rv, l);
                kern->matvec_row(r2.c, ra, rv, l);
                for (i = 0; i < 256; i++) {
                    TEST_ASSERT(r2.c[i] > -Q && r2.c[i] < Q);
                    TEST_EQUAL(modq(r1.c[i]), modq(r2.c[i]));
                }
                for (i = 0; i < 256; i++) { /* inverse NTT output (|.| < q) plus s2 */
                    x1.c[i] = round == 0
                                  ? (int32_t)i - 128 + (i & 1 ? Q + 3 : -Q - 3)
                                  : (int32_t)(test_rand_u32() % (2 * (uint32_t)Q + 7)) - (Q + 3);
                }
                tacit_mldsa_power2round_poly_c(r1.c, x2.c, x1.c);
                kern->power2round(r2.c, x1.c, x1.c);
                TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
                TEST_ASSERT(memcmp(x2.c, x1.c, sizeof(x1.c)) == 0);
            }
            /* pack: every width ML-DSA uses, with and without offset, nothing written beyond */
            {
                static const unsigned widths[7] = { 3, 4, 6, 10, 13, 18, 20 };
                static const int32_t offs[7] = { 2, 4, 0, 0, 1 << 12, 1 << 17, 1 << 19 };
                static unsigned char p1[20 * 32 + 16], p2[20 * 32 + 16];
                unsigned wi = round % 7, wb = widths[wi];
                int32_t off = offs[wi];
                for (i = 0; i < 256; i++) {
                    uint32_t span = off != 0 ? 2 * (uint32_t)off : 1u << wb;
                    uint32_t v = round < 7 ? span - 1 : test_rand_u32() % span;
                    x1.c[i] = off != 0 ? off - (int32_t)v : (int32_t)v;
                }
                memset(p1, 0x5a, sizeof(p1));
                memset(p2, 0x5a, sizeof(p2));
                tacit_mldsa_pack(p1, x1.c, wb, off);
                kern->pack(p2, x1.c, wb, off);
                TEST_ASSERT(memcmp(p1, p2, sizeof(p1)) == 0);
                TEST_EQUAL(p2[wb * 32], 0x5a);
                /* unpack: random bytes from a buffer of exactly 32 wb bytes (ASan: no read beyond) */
                {
                    unsigned char *ub = (unsigned char *)malloc(wb * 32);
                    TEST_ASSERT(ub != NULL);
                    for (i = 0; i < wb * 32; i++) {
                        ub[i] = (unsigned char)(round < 7 ? 0xff : test_rand_u32());
                    }
                    tacit_mldsa_unpack(x1.c, ub, wb, off);
                    kern->unpack(x2.c, ub, wb, off);
                    free(ub);
                    TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
                }
            }
            /* RejBoundedPoly's sampler: both eta, various lengths and starting counts */
            if (kern->make_hint != NULL) { /* NULL: called directly (no platform kernel) */
                static unsigned char ebuf[136];
                unsigned eta = round & 1 ? 4 : 2, c0 = round % 3 == 0 ? 0 : test_rand_u32() % 257;
                size_t len = round % 4 == 0 ? sizeof(ebuf) : test_rand_u32() % (sizeof(ebuf) + 1);
                unsigned e1, e2;
                for (i = 0; i < sizeof(ebuf); i++) {
                    ebuf[i] = (unsigned char)test_rand_u32();
                }
                memset(r1.c, 0, sizeof(r1.c));
                memset(r2.c, 0, sizeof(r2.c));
                e1 = tacit_mldsa_rej_eta_c(r1.c, c0, ebuf, len, eta);
                e2 = kern->rej_eta(r2.c, c0, ebuf, len, eta);
                TEST_EQUAL(e1, e2);
                TEST_ASSERT(memcmp(r1.c, r2.c, e1 * sizeof(int32_t)) == 0);
            }
            /* unpack_z (18 and 20 bits, exactly z_bits * 32 bytes read) and pack_w1 (4 and 6) */
            {
                unsigned zb = round & 1 ? 18 : 20, wb = round & 2 ? 6 : 4;
                unsigned char *zin = (unsigned char *)malloc(zb * 32);
                static unsigned char o1[192], o2[192];
                TEST_ASSERT(zin != NULL);
                for (i = 0; i < zb * 32; i++) {
                    zin[i] = (unsigned char)(round == 0 ? 0xff : test_rand_u32());
                }
                tacit_mldsa_unpack_z_c(x1.c, zin, zb);
                kern->unpack_z(x2.c, zin, zb);
                free(zin);
                TEST_ASSERT(memcmp(x1.c, x2.c, sizeof(x1.c)) == 0);
                for (i = 0; i < 256; i++) {
                    x1.c[i] = (int32_t)(test_rand_u32() % (wb == 4 ? 16 : 44));
                    if (round == 0) {
                        x1.c[i] = wb == 4 ? 15 : 43;
                    }
                }
                memset(o1, 0xa5, sizeof(o1));
                memset(o2, 0xa5, sizeof(o2));
                tacit_mldsa_pack_w1_c(o1, x1.c, wb);
                kern->pack_w1(o2, x1.c, wb);
                TEST_ASSERT(memcmp(o1, o2, sizeof(o1)) == 0);
            }
            /* RejNTTPoly's sampler: random bytes (the top bit of every third mostly set in
             * odd rounds: many rejections), various lengths and starting counts */
            {
                static unsigned char buf[5 * 168];
                size_t len =
                    round % 3 == 0 ? sizeof(buf) : (round % 3 == 1 ? 168 : 3 * (round % 50));
                unsigned c0 = round % 5 == 0 ? 0 : test_rand_u32() % 257, c1, c2;
                for (i = 0; i < sizeof(buf); i++) {
                    buf[i] = (unsigned char)test_rand_u32();
                    if (round & 1 && i % 3 == 2 && (test_rand_u32() & 3) != 0) {
                        buf[i] |= 0x7f;
                    }
                }
                memset(r1.c, 0, sizeof(r1.c));
                memset(r2.c, 0, sizeof(r2.c));
                c1 = tacit_mldsa_rej_uniform_unsafe(r1.c, c0, buf, len);
                c2 = kern->rej_uniform(r2.c, c0, buf, len);
                TEST_EQUAL(c1, c2);
                if (kern->ntt_order != NULL && c0 < 256 && c2 == 256) {
                    kern->ntt_order(r2.c); /* completed: in the NTT order */
                }
                TEST_ASSERT(memcmp(r1.c, r2.c, sizeof(r1.c)) == 0);
            }
        }
    }
exit:
    set_kernel(0);
}

/*
 * make_hint's rule (from LowBits(w), HighBits(w), c s2 and c t0) is FIPS
 * 204's MakeHint(-c t0, w - c s2 + c t0) whenever the attempt passes the
 * two LowBits tests: random rows that pass, many near the edges (w near 0
 * and q - 1, w0 - c s2 + c t0 near +-gamma2).
 */
static void test_make_hint_fips(void)
{
    static int32_t w0[256], w1[256], cs2[256], ct0[256];
    static unsigned char h[256];
    unsigned round, i;

    for (round = 0; round < 400; round++) {
        int32_t g2 = (Q - 1) / (round & 1 ? 88 : 32), beta = round & 1 ? 78 : 196;
        uint32_t cnt = 0, want = 0, bad;
        for (i = 0; i < 256; i++) {
            for (;;) {
                uint32_t sel = test_rand_u32();
                int32_t w = (int32_t)(test_rand_u32() % Q), lo, hi, r, a0;
                if (sel % 4 == 0) {
                    w = (int32_t)(test_rand_u32() % (3 * (uint32_t)g2));
                    w = sel & 4 ? w : Q - 1 - w;
                }
                cs2[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)beta + 1)) - beta;
                hi = tacit_mldsa_decompose(&lo, w, g2);
                ct0[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)g2 - 1)) - (g2 - 1);
                if (sel % 3 == 0) {
                    ct0[i] = (sel & 8 ? g2 : -g2) - (lo - cs2[i]) + (int32_t)((sel >> 4) % 5) - 2;
                }
                a0 = lo - cs2[i];
                if (a0 >= g2 - beta || -a0 >= g2 - beta || ct0[i] >= g2 || -ct0[i] >= g2) {
                    continue;
                }
                w0[i] = lo;
                w1[i] = hi;
                /* FIPS: HighBits(r + c t0) != HighBits(r), r = w - c s2 mod q */
                r = (w - cs2[i] + Q) % Q;
                {
                    int32_t l2, h1 = tacit_mldsa_decompose(&l2, r, g2);
                    int32_t h2 = tacit_mldsa_decompose(&l2, (r + ct0[i] + Q) % Q, g2);
                    want += h1 != h2;
                    h[i] = (unsigned char)(h1 != h2);
                }
                /* representatives from the inverse NTT: +- q */
                cs2[i] += sel & 32 ? Q : 0;
                ct0[i] -= sel & 64 ? Q : 0;
                break;
            }
        }
        {
            static unsigned char got[256];
            bad = tacit_mldsa_make_hint_c(got, w0, w1, cs2, ct0, g2, beta, &cnt);
            TEST_EQUAL(bad, 0);
            TEST_EQUAL(cnt, want);
            TEST_ASSERT(memcmp(got, h, sizeof(h)) == 0);
        }
    }
exit:
    return;
}

/* The constant-time SampleInBall gives the same c as the branching one. */
static void test_sample_in_ball_ct(void)
{
    static const unsigned taus[3] = { 39, 49, 60 };
    tacit_mldsa_poly c1, c2;
    unsigned char ctilde[64];
    unsigned it, i, weight, k;

    for (k = 0; k < N_KERNELS; k++) {
        const tacit_mldsa_kernel *kern;
        set_kernel(k);
        kern = tacit_mldsa_kernel_get();
        for (it = 0; it < 300; it++) {
            unsigned tau = taus[it % 3];
            size_t len = 32 + 16 * (it % 3);
            for (i = 0; i < sizeof(ctilde); i++) {
                ctilde[i] = (unsigned char)rnd64();
            }
            tacit_mldsa_sample_in_ball_unsafe(&c1, ctilde, len, tau);
            kern->sample_in_ball(&c2, ctilde, len, tau);
            TEST_ASSERT(memcmp(c1.c, c2.c, sizeof(c1.c)) == 0);
            weight = 0;
            for (i = 0; i < TACIT_MLDSA_N; i++) {
                TEST_ASSERT(c2.c[i] >= -1 && c2.c[i] <= 1);
                weight += c2.c[i] != 0;
            }
            TEST_EQUAL(weight, tau);
        }
    }
exit:
    set_kernel(0);
}

static void test_pack_roundtrip(void)
{
    static const unsigned bits[] = { 3, 4, 6, 10, 13, 18, 20 };
    tacit_mldsa_poly a, b;
    unsigned char buf[640];
    unsigned t, i;

    for (t = 0; t < sizeof(bits) / sizeof(bits[0]); t++) {
        int32_t off = bits[t] == 6 || bits[t] == 10 ? 0 : (1 << (bits[t] - 1));
        for (i = 0; i < 256; i++) {
            int32_t v = (int32_t)(test_rand_u32() & ((1u << bits[t]) - 1));
            a.c[i] = off != 0 ? off - v : v;
        }
        tacit_mldsa_pack(buf, a.c, bits[t], off);
        tacit_mldsa_unpack(b.c, buf, bits[t], off);
        TEST_MEM_EQ(a.c, sizeof(a.c), b.c, sizeof(b.c));
    }
exit:
    return;
}

/* ---- Wycheproof ---------------------------------------------------------- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

/* Decode hex ("-" = empty) into a fresh buffer; *len = bytes. */
static unsigned char *unhex(const char *s, size_t *len)
{
    size_t n = strlen(s), i;
    unsigned char *out;

    if (strcmp(s, "-") == 0) {
        n = 0;
    }
    out = malloc(n / 2 + 1);
    if (out == NULL) {
        abort();
    }
    for (i = 0; i + 1 < n + 1 && 2 * i < n; i++) {
        out[i] = (unsigned char)(hexval(s[2 * i]) * 16 + hexval(s[2 * i + 1]));
    }
    *len = n / 2;
    return out;
}

typedef struct vec_group {
    unsigned char *pk, *sk, *seed;
    size_t pk_len, sk_len, seed_len;
    int has_pk, has_sk, has_seed;
} vec_group;

static void group_clear(vec_group *g)
{
    free(g->pk);
    free(g->sk);
    free(g->seed);
    memset(g, 0, sizeof(*g));
}

#define MAX_FIELDS 10

typedef struct vec_test {
    int id;
    int valid;
    const char *field[MAX_FIELDS];
    const char *flags;
} vec_test;

static const char *tfield(const vec_test *t, char names[MAX_FIELDS][16], const char *name)
{
    int i;
    for (i = 0; i < MAX_FIELDS; i++) {
        if (strcmp(names[i], name) == 0) {
            return t->field[i];
        }
    }
    return NULL;
}

typedef int (*vec_fn)(tacit_mldsa_params p, vec_group *g, const vec_test *t,
                      char names[MAX_FIELDS][16]);

static int tbytes(const vec_test *t, char names[MAX_FIELDS][16], const char *name,
                  unsigned char **out, size_t *len)
{
    const char *s = tfield(t, names, name);
    if (s == NULL || strcmp(s, "-") == 0) {
        *out = NULL;
        *len = 0;
        return 0;
    }
    *out = unhex(s, len);
    return 1;
}

/* Sign: the expected signature, or a refusal for an invalid case. */
static int vec_sign(tacit_mldsa_params p, vec_group *g, const vec_test *t,
                    char names[MAX_FIELDS][16])
{
    unsigned char *msg = NULL, *mu = NULL, *sig = NULL, *ctx = NULL, *rnd = NULL;
    size_t msg_len, mu_len, sig_len, ctx_len, rnd_len, out_len = 0;
    unsigned char pk[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char out[TACIT_MLDSA_MAX_SIG_BYTES], mu2[64];
    int has_msg, has_mu, ret, ok = 0, internal = strstr(t->flags, "Internal") != NULL;
    const unsigned char *skp;

    has_msg = tbytes(t, names, "msg", &msg, &msg_len);
    has_mu = tbytes(t, names, "mu", &mu, &mu_len);
    tbytes(t, names, "sig", &sig, &sig_len);
    tbytes(t, names, "ctx", &ctx, &ctx_len);
    tbytes(t, names, "rnd", &rnd, &rnd_len);
    (void)has_msg;

    if (g->has_seed) {
        if (g->seed_len != 32) {
            ok = !t->valid; /* a seed of the wrong length cannot be used */
            goto done;
        }
        if (tacit_mldsa_keygen_seed(p, g->seed, pk, sk) != 0) {
            goto done;
        }
        if (g->has_pk &&
            (g->pk_len != tacit_mldsa_pk_bytes(p) || memcmp(pk, g->pk, g->pk_len) != 0)) {
            printf(" [tc %d: keygen_seed public key differs]", t->id);
            goto done;
        }
        skp = sk;
    } else {
        if (!g->has_sk || g->sk_len != tacit_mldsa_sk_bytes(p)) {
            ok = !t->valid;
            goto done;
        }
        skp = g->sk;
    }
    if (!internal && has_mu && g->has_pk && g->pk_len == tacit_mldsa_pk_bytes(p)) {
        if (tacit_mldsa_mu(p, g->pk, msg, msg_len, ctx, ctx_len, mu2) == 0 &&
            memcmp(mu2, mu, 64) != 0) {
            printf(" [tc %d: mu differs]", t->id);
            goto done;
        }
    }
    if (internal) {
        ret = rnd != NULL ? tacit_mldsa_sign_mu_rnd(p, skp, mu, rnd, out, sizeof(out), &out_len)
                          : tacit_mldsa_sign_mu_det(p, skp, mu, out, sizeof(out), &out_len);
    } else if (rnd != NULL) {
        ret = tacit_mldsa_mu(p, g->pk, msg, msg_len, ctx, ctx_len, mu2);
        if (ret == 0) {
            ret = tacit_mldsa_sign_mu_rnd(p, skp, mu2, rnd, out, sizeof(out), &out_len);
        }
    } else {
        ret = tacit_mldsa_sign_det(p, skp, msg, msg_len, ctx, ctx_len, out, sizeof(out), &out_len);
    }
    if (!t->valid) {
        ok = ret != 0;
        goto done;
    }
    if (ret != 0 || out_len != sig_len || memcmp(out, sig, sig_len) != 0) {
        printf(" [tc %d: signature differs (ret %d)]", t->id, ret);
        goto done;
    }
    /* and it verifies */
    if (g->has_pk) {
        ret = internal ? tacit_mldsa_verify_mu(p, g->pk, mu, out, out_len)
                       : tacit_mldsa_verify(p, g->pk, msg, msg_len, ctx, ctx_len, out, out_len);
        if (ret != 0) {
            printf(" [tc %d: own signature does not verify]", t->id);
            goto done;
        }
    }
    ok = 1;
done:
    free(msg);
    free(mu);
    free(sig);
    free(ctx);
    free(rnd);
    return ok;
}

static int vec_verify(tacit_mldsa_params p, vec_group *g, const vec_test *t,
                      char names[MAX_FIELDS][16])
{
    unsigned char *msg = NULL, *sig = NULL, *ctx = NULL;
    size_t msg_len, sig_len, ctx_len;
    int ret, ok;

    tbytes(t, names, "msg", &msg, &msg_len);
    tbytes(t, names, "sig", &sig, &sig_len);
    tbytes(t, names, "ctx", &ctx, &ctx_len);
    if (!g->has_pk || g->pk_len != tacit_mldsa_pk_bytes(p)) {
        ok = !t->valid;
        goto done;
    }
    ret = tacit_mldsa_verify(p, g->pk, msg, msg_len, ctx, ctx_len, sig, sig_len);
    ok = t->valid ? ret == 0 : (ret == TACIT_ERR_VERIFY_FAILED || (ctx_len > 255 && ret != 0));
    if (!ok) {
        printf(" [tc %d: verify gave %d]", t->id, ret);
    }
done:
    free(msg);
    free(sig);
    free(ctx);
    return ok;
}

/* Run every test of a .txt file; returns the number of failures (-1: no file). */
static int run_file(const char *name, tacit_mldsa_params p, vec_fn fn, int *count)
{
    char path[512];
    char names[MAX_FIELDS][16];
    char *line = NULL;
    size_t cap = 0;
    FILE *f;
    vec_group g;
    int failures = 0, nf = 0, declared = -1;

    memset(&g, 0, sizeof(g));
    memset(names, 0, sizeof(names));
    snprintf(path, sizeof(path), "%s/vectors/wycheproof/%s", TACIT_TEST_SHARED_DIR, name);
    f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    *count = 0;
    while (getline(&line, &cap, f) > 0) {
        char *tok[MAX_FIELDS + 4];
        int n = 0;
        char *s = strtok(line, " \r\n");
        while (s != NULL && n < MAX_FIELDS + 4) {
            tok[n++] = s;
            s = strtok(NULL, " \r\n");
        }
        if (n == 0) {
            continue;
        }
        if (strcmp(tok[0], "file") == 0) {
            int i;
            for (i = 1; i < n; i++) {
                if (strncmp(tok[i], "numberOfTests=", 14) == 0) {
                    declared = atoi(tok[i] + 14);
                }
            }
        } else if (strcmp(tok[0], "fields") == 0) {
            int i;
            /* tcId result COLUMNS... flags */
            nf = 0;
            for (i = 3; i < n - 1 && nf < MAX_FIELDS; i++) {
                snprintf(names[nf++], sizeof(names[0]), "%s", tok[i]);
            }
        } else if (strcmp(tok[0], "group") == 0) {
            group_clear(&g);
        } else if (strcmp(tok[0], "key") == 0 && n == 3) {
            if (strcmp(tok[1], "pk") == 0 && strcmp(tok[2], "-") != 0) {
                g.pk = unhex(tok[2], &g.pk_len);
                g.has_pk = 1;
            } else if (strcmp(tok[1], "sk") == 0) {
                g.sk = unhex(tok[2], &g.sk_len);
                g.has_sk = 1;
            } else if (strcmp(tok[1], "seed") == 0) {
                g.seed = unhex(tok[2], &g.seed_len);
                g.has_seed = 1;
            }
        } else if (strcmp(tok[0], "test") == 0 && n == 3 + nf + 1) {
            vec_test t;
            int i;
            memset(&t, 0, sizeof(t));
            t.id = atoi(tok[1]);
            t.valid = strcmp(tok[2], "valid") == 0;
            for (i = 0; i < nf; i++) {
                t.field[i] = tok[3 + i];
            }
            t.flags = tok[3 + nf];
            (*count)++;
            if (!fn(p, &g, &t, names)) {
                failures++;
            }
        }
    }
    group_clear(&g);
    free(line);
    fclose(f);
    /* every case of the file ran (a line the parser skipped would hide one) */
    if (*count != declared) {
        printf(" [%s: %d of numberOfTests=%d cases ran]", name, *count, declared);
        failures++;
    }
    return failures;
}

static void run_vectors(const char *file, tacit_mldsa_params p, vec_fn fn)
{
    unsigned k;
    int count = 0;

    for (k = 0; k < N_KERNELS; k++) {
        int fails;
        set_kernel(k);
        fails = run_file(file, p, fn, &count);
        if (fails < 0) {
            TEST_SKIP("../shared/vectors/wycheproof not found");
        }
        TEST_EQUAL(fails, 0);
        TEST_ASSERT(count > 50);
    }
    printf("(%d cases x %u kernels) ", count, (unsigned)N_KERNELS);
exit:
    set_kernel(0);
}

static void test_wycheproof_44_sign_seed(void)
{
    run_vectors("mldsa_44_sign_seed_test.txt", TACIT_MLDSA_44, vec_sign);
}
static void test_wycheproof_87_sign_seed(void)
{
    run_vectors("mldsa_87_sign_seed_test.txt", TACIT_MLDSA_87, vec_sign);
}
static void test_wycheproof_44_sign_noseed(void)
{
    run_vectors("mldsa_44_sign_noseed_test.txt", TACIT_MLDSA_44, vec_sign);
}
static void test_wycheproof_65_sign_noseed(void)
{
    run_vectors("mldsa_65_sign_noseed_test.txt", TACIT_MLDSA_65, vec_sign);
}
static void test_wycheproof_87_sign_noseed(void)
{
    run_vectors("mldsa_87_sign_noseed_test.txt", TACIT_MLDSA_87, vec_sign);
}
static void test_wycheproof_44_verify(void)
{
    run_vectors("mldsa_44_verify_test.txt", TACIT_MLDSA_44, vec_verify);
}
static void test_wycheproof_87_verify(void)
{
    run_vectors("mldsa_87_verify_test.txt", TACIT_MLDSA_87, vec_verify);
}

/* ---- round trips --------------------------------------------------------- */

static int det_rng(void *p, unsigned char *out, size_t len)
{
    unsigned *ctr = (unsigned *)p;
    size_t i;
    for (i = 0; i < len; i++) {
        out[i] = (unsigned char)(*ctr * 131 + i * 7);
    }
    (*ctr)++;
    return 0;
}

static int failing_rng(void *p, unsigned char *out, size_t len)
{
    (void)p;
    (void)out;
    (void)len;
    return -1;
}

static void test_roundtrip(void)
{
    static const tacit_mldsa_params sets[3] = { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 };
    unsigned char pk[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char pk0[TACIT_MLDSA_MAX_PK_BYTES], sk0[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES + 1], sig0[TACIT_MLDSA_MAX_SIG_BYTES];
    unsigned char sig2[TACIT_MLDSA_MAX_SIG_BYTES];
    unsigned char msg[100], mu[64], ctx[3] = { 1, 2, 3 };
    size_t sig_len = 0, len2 = 0;
    unsigned s, k, ctr = 1;

    for (s = 0; s < 3; s++) {
        tacit_mldsa_params p = sets[s];
        size_t pkb = tacit_mldsa_pk_bytes(p), skb = tacit_mldsa_sk_bytes(p);
        size_t sb = tacit_mldsa_sig_bytes(p);
        for (k = 0; k < N_KERNELS; k++) {
            unsigned kc = s + 100;
            set_kernel(k);
            TEST_EQUAL(tacit_mldsa_keygen(p, pk, sk, det_rng, &kc), 0);
            if (k == 0) {
                memcpy(pk0, pk, pkb);
                memcpy(sk0, sk, skb);
            } else {
                TEST_MEM_EQ(pk, pkb, pk0, pkb);
                TEST_MEM_EQ(sk, skb, sk0, skb);
            }
            memset(msg, (int)(s * 3 + 1), sizeof(msg));
            TEST_EQUAL(
                tacit_mldsa_sign_det(p, sk, msg, sizeof(msg), ctx, 3, sig, sizeof(sig), &sig_len),
                0);
            TEST_EQUAL(sig_len, sb);
            if (k == 0) {
                memcpy(sig0, sig, sb);
            } else {
                TEST_MEM_EQ(sig, sb, sig0, sb);
            }
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), ctx, 3, sig, sig_len), 0);
            /* the wrong context, message, length, a flipped bit */
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), ctx, 2, sig, sig_len),
                       TACIT_ERR_VERIFY_FAILED);
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg) - 1, ctx, 3, sig, sig_len),
                       TACIT_ERR_VERIFY_FAILED);
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), ctx, 3, sig, sig_len + 1),
                       TACIT_ERR_VERIFY_FAILED);
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), ctx, 3, sig, sig_len - 1),
                       TACIT_ERR_VERIFY_FAILED);
            sig[sig_len / 2] ^= 4;
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), ctx, 3, sig, sig_len),
                       TACIT_ERR_VERIFY_FAILED);
            sig[sig_len / 2] ^= 4;
            /* external mu gives the same signature */
            TEST_EQUAL(tacit_mldsa_mu(p, pk, msg, sizeof(msg), ctx, 3, mu), 0);
            TEST_EQUAL(tacit_mldsa_sign_mu_det(p, sk, mu, sig2, sizeof(sig2), &len2), 0);
            TEST_MEM_EQ(sig2, len2, sig, sig_len);
            TEST_EQUAL(tacit_mldsa_verify_mu(p, pk, mu, sig, sig_len), 0);
            /* hedged: a different signature that verifies */
            TEST_EQUAL(tacit_mldsa_sign(p, sk, msg, sizeof(msg), NULL, 0, sig2, sizeof(sig2), &len2,
                                        NULL, NULL),
                       0);
            TEST_EQUAL(tacit_mldsa_verify(p, pk, msg, sizeof(msg), NULL, 0, sig2, len2), 0);
            TEST_EQUAL(tacit_mldsa_sign_mu(p, sk, mu, sig2, sizeof(sig2), &len2, det_rng, &ctr), 0);
            TEST_EQUAL(tacit_mldsa_verify_mu(p, pk, mu, sig2, len2), 0);
            /* errors */
            TEST_EQUAL(tacit_mldsa_sign_det(p, sk, msg, 1, ctx, 3, sig2, sb - 1, &len2),
                       TACIT_ERR_BUFFER_TOO_SMALL);
            TEST_EQUAL(len2, sb);
            TEST_EQUAL(tacit_mldsa_sign(p, sk, msg, 1, NULL, 0, sig2, sizeof(sig2), &len2,
                                        failing_rng, NULL),
                       TACIT_ERR_RNG_FAILED);
            TEST_EQUAL(tacit_mldsa_keygen(p, pk, sk, failing_rng, NULL), TACIT_ERR_RNG_FAILED);
            memcpy(sk, sk0, skb);
            memcpy(pk, pk0, pkb);
            TEST_EQUAL(tacit_mldsa_sign_det(p, sk, msg, 1, msg, 256, sig2, sizeof(sig2), &len2),
                       TACIT_ERR_BAD_INPUT);
        }
    }
    TEST_EQUAL(tacit_mldsa_pk_bytes((tacit_mldsa_params)7), 0);
    TEST_EQUAL(tacit_mldsa_keygen_seed((tacit_mldsa_params)7, msg, pk, sk), TACIT_ERR_BAD_INPUT);
exit:
    set_kernel(0);
}

/*
 * The streaming signer (the signer of TACIT_MLDSA_SMALL_STACK builds) gives
 * the normal signer's signatures bit for bit: deterministic and hedged
 * (rnd given), every parameter set, every kernel, messages that need
 * several attempts; a key with an s1 coefficient out of range is refused.
 */
static void test_sign_stream(void)
{
    static const tacit_mldsa_params sets[3] = { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 };
    unsigned char pk[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES], sig2[TACIT_MLDSA_MAX_SIG_BYTES];
    unsigned char seed[32], mu[64], rnd[32];
    size_t sig_len = 0;
    unsigned s, k, m, i;

    for (s = 0; s < 3; s++) {
        tacit_mldsa_params p = sets[s];
        const tacit_mldsa_param_set *ps = tacit_mldsa_param_get(p);
        for (k = 0; k < N_KERNELS; k++) {
            set_kernel(k);
            for (i = 0; i < 32; i++) {
                seed[i] = (unsigned char)(i * 13 + s * 7 + k);
            }
            TEST_EQUAL(tacit_mldsa_keygen_seed(p, seed, pk, sk), 0);
            for (m = 0; m < 6; m++) {
                for (i = 0; i < 64; i++) {
                    mu[i] = (unsigned char)(test_rand_u32() >> 7);
                }
                for (i = 0; i < 32; i++) {
                    rnd[i] = m & 1 ? (unsigned char)(test_rand_u32() >> 9) : 0;
                }
                TEST_EQUAL(tacit_mldsa_sign_mu_rnd(p, sk, mu, rnd, sig, sizeof(sig), &sig_len), 0);
                memset(sig2, 0xa5, sizeof(sig2));
                TEST_EQUAL(tacit_mldsa_sign_stream(ps, sk, mu, rnd, sig2), 0);
                TEST_MEM_EQ(sig2, ps->sig_bytes, sig, sig_len);
            }
            /* s1[0][0] = eta - 7 (3-bit field 7, or 4-bit 15): out of range */
            sk[128] |= (unsigned char)((1u << ps->eta_bits) - 1);
            TEST_EQUAL(tacit_mldsa_sign_stream(ps, sk, mu, rnd, sig2), TACIT_ERR_BAD_INPUT);
            TEST_EQUAL(tacit_mldsa_sign_mu_rnd(p, sk, mu, rnd, sig, sizeof(sig), &sig_len),
                       TACIT_ERR_BAD_INPUT);
        }
    }
exit:
    set_kernel(0);
}

/*
 * The small-stack verifier's pieces: A's entry accumulated as it is sampled
 * (against expand_a + the portable pointwise_acc, bit for bit), and c t
 * from c's sparse form (against a schoolbook product with SampleInBall's
 * polynomial).
 */
static void test_small_verify_parts(void)
{
    static tacit_mldsa_poly a, v, w1, w2, c, t;
    static int64_t want[256];
    unsigned char rho[32], ctilde[64], pos[TACIT_MLDSA_TAU_MAX];
    static const unsigned taus[3] = { 39, 49, 60 };
    uint64_t neg;
    unsigned round, i, j;

    for (round = 0; round < 12; round++) {
        unsigned tau = taus[round % 3];
        for (i = 0; i < 32; i++) {
            rho[i] = (unsigned char)test_rand_u32();
        }
        for (i = 0; i < 64; i++) {
            ctilde[i] = (unsigned char)test_rand_u32();
        }
        for (i = 0; i < 256; i++) {
            v.c[i] = (int32_t)(test_rand_u32() % (18 * (uint32_t)Q)) - 9 * Q;
            w1.c[i] = (int32_t)(test_rand_u32() % (2 * (uint32_t)Q)) - Q;
            t.c[i] = (int32_t)(test_rand_u32() & 1023) << 13;
        }
        w2 = w1;
        tacit_mldsa_expand_a(&a, rho, round, 7 - round % 8);
        tacit_mldsa_pointwise_acc_c(w1.c, a.c, v.c);
        tacit_mldsa_expand_a_acc(w2.c, rho, round, 7 - round % 8, v.c);
        TEST_ASSERT(memcmp(w1.c, w2.c, sizeof(w1.c)) == 0);

        tacit_mldsa_sample_in_ball_unsafe(&c, ctilde, 32 + 16 * (round % 3), tau);
        tacit_mldsa_sample_in_ball_sparse_unsafe(pos, &neg, ctilde, 32 + 16 * (round % 3), tau);
        for (i = 0; i < 256; i++) {
            want[i] = w1.c[i];
        }
        for (i = 0; i < 256; i++) {
            for (j = 0; j < 256; j++) {
                int64_t p = (int64_t)c.c[i] * t.c[j];
                if (i + j < 256) {
                    want[i + j] -= p;
                } else {
                    want[i + j - 256] += p;
                }
            }
        }
        tacit_mldsa_poly_sub_sparse_unsafe(w1.c, t.c, pos, neg, tau);
        for (i = 0; i < 256; i++) {
            TEST_EQUAL(w1.c[i], want[i]);
        }
    }
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    rng_state = 0x9e3779b97f4a7c15u;
    RUN_TEST(test_decompose_all);
    RUN_TEST(test_power2round_all);
    RUN_TEST(test_ntt_schoolbook);
    RUN_TEST(test_kernels_differential);
    RUN_TEST(test_make_hint_fips);
    RUN_TEST(test_pack_roundtrip);
    RUN_TEST(test_sample_in_ball_ct);
    RUN_TEST(test_wycheproof_44_sign_seed);
    RUN_TEST(test_wycheproof_87_sign_seed);
    RUN_TEST(test_wycheproof_44_sign_noseed);
    RUN_TEST(test_wycheproof_65_sign_noseed);
    RUN_TEST(test_wycheproof_87_sign_noseed);
    RUN_TEST(test_wycheproof_44_verify);
    RUN_TEST(test_wycheproof_87_verify);
    RUN_TEST(test_roundtrip);
    RUN_TEST(test_sign_stream);
    RUN_TEST(test_small_verify_parts);
    return TEST_MAIN_END();
}

#else

static void test_skip(void)
{
    TEST_SKIP("ML-DSA compiled out (TACIT_MLDSA_C)");
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_skip);
    return TEST_MAIN_END();
}
#endif
