/*
 * SHA-3 and SHAKE: FIPS 202 / NIST example values (typed in), differential
 * against OpenSSL libcrypto (random lengths 0..2000 streamed in random
 * pieces, long inputs, SHAKE squeezed in random pieces), the block,
 * four-way and eight-way APIs of hash/keccak.h against the one-shots (and
 * the bit-interleaved 32-bit permutation against the 64-bit one), md.h, bad input;
 * every Keccak kernel this CPU runs (tacit_cpu_hook_disable).
 */
#include "harness.h"

#include "tacit/md.h"
#include "tacit/sha3.h"

#include "hash/keccak.h"
#include "hash/keccak_internal.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

static uint64_t rng_state = 0x5eed5a3ULL;

static uint64_t rnd64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static void rnd_fill(unsigned char *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        p[i] = (unsigned char)(rnd64() >> 56);
    }
}

/* The kernel settings to run: every subset the dispatch distinguishes. */
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
static const unsigned kernel_masks[] = { 0, TACIT_CPU_AVX512, TACIT_CPU_AVX512 | TACIT_CPU_AVX2,
                                         ~0u };
#define N_KERNELS (sizeof(kernel_masks) / sizeof(kernel_masks[0]))
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

typedef struct {
    const char *name;
    int shake; /* 0: SHA-3 type; else 128/256 */
    tacit_md_type type;
    size_t size; /* digest size, or the default output for SHAKE tests */
} alg;

static const alg algs[] = {
    { "sha3-224", 0, TACIT_MD_SHA3_224, 28 }, { "sha3-256", 0, TACIT_MD_SHA3_256, 32 },
    { "sha3-384", 0, TACIT_MD_SHA3_384, 48 }, { "sha3-512", 0, TACIT_MD_SHA3_512, 64 },
    { "shake128", 128, TACIT_MD_NONE, 32 },   { "shake256", 256, TACIT_MD_NONE, 64 },
};
#define N_ALGS (sizeof(algs) / sizeof(algs[0]))

static int oneshot(const alg *a, const unsigned char *in, size_t n, unsigned char *out,
                   size_t out_len)
{
    if (a->shake == 128) {
        return tacit_shake128(in, n, out, out_len);
    }
    if (a->shake == 256) {
        return tacit_shake256(in, n, out, out_len);
    }
    switch (a->type) {
    case TACIT_MD_SHA3_224:
        return tacit_sha3_224(in, n, out);
    case TACIT_MD_SHA3_256:
        return tacit_sha3_256(in, n, out);
    case TACIT_MD_SHA3_384:
        return tacit_sha3_384(in, n, out);
    default:
        return tacit_sha3_512(in, n, out);
    }
}

static int check_hex(const alg *a, const unsigned char *in, size_t n, const char *hex)
{
    unsigned char out[512], *want = NULL;
    size_t wlen = 0;
    int ok = 0;

    want = test_unhex(hex, &wlen);
    TEST_ASSERT(want != NULL && wlen <= sizeof(out));
    TEST_EQUAL(oneshot(a, in, n, out, wlen), 0);
    TEST_MEM_EQ(out, wlen, want, wlen);
    if (!a->shake) {
        TEST_EQUAL(wlen, a->size);
        TEST_EQUAL(tacit_md(a->type, in, n, out), 0);
        TEST_MEM_EQ(out, wlen, want, wlen);
    }
    ok = 1;
exit:
    free(want);
    return ok;
}

/* FIPS 202 / NIST example values: "", "abc", and 200 bytes of 0xA3 (1600 bits). */
static void test_kat(void)
{
    unsigned char a3[200];
    const unsigned char *abc = (const unsigned char *)"abc";
    size_t k;

    memset(a3, 0xA3, sizeof(a3));
    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        TEST_ASSERT(check_hex(&algs[0], NULL, 0,
                              "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"));
        TEST_ASSERT(check_hex(&algs[1], NULL, 0,
                              "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"));
        TEST_ASSERT(check_hex(&algs[2], NULL, 0,
                              "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
                              "c3713831264adb47fb6bd1e058d5f004"));
        TEST_ASSERT(check_hex(&algs[3], NULL, 0,
                              "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                              "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"));
        TEST_ASSERT(check_hex(&algs[4], NULL, 0,
                              "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"));
        TEST_ASSERT(check_hex(&algs[5], NULL, 0,
                              "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
                              "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"));
        TEST_ASSERT(check_hex(&algs[1], abc, 3,
                              "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"));
        TEST_ASSERT(check_hex(&algs[3], abc, 3,
                              "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                              "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"));
        TEST_ASSERT(check_hex(&algs[1], a3, sizeof(a3),
                              "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"));
    }
exit:
    set_kernel(0);
}

#if defined(TACIT_HAVE_OPENSSL)
static const EVP_MD *evp_of(const alg *a)
{
    switch (a->shake ? a->shake : (int)a->type) {
    case 128:
        return EVP_shake128();
    case 256:
        return EVP_shake256();
    case TACIT_MD_SHA3_224:
        return EVP_sha3_224();
    case TACIT_MD_SHA3_256:
        return EVP_sha3_256();
    case TACIT_MD_SHA3_384:
        return EVP_sha3_384();
    default:
        return EVP_sha3_512();
    }
}

static int openssl_hash(const alg *a, const unsigned char *in, size_t n, unsigned char *out,
                        size_t out_len)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok;

    ok = c != NULL && EVP_DigestInit_ex(c, evp_of(a), NULL) == 1 &&
         EVP_DigestUpdate(c, in, n) == 1 &&
         (a->shake ? EVP_DigestFinalXOF(c, out, out_len) == 1
                   : EVP_DigestFinal_ex(c, out, NULL) == 1);
    EVP_MD_CTX_free(c);
    return ok;
}
#endif

/* Streaming through the direct API in random pieces; SHAKE squeezed in random pieces. */
static int stream_hash(const alg *a, const unsigned char *in, size_t n, unsigned char *out,
                       size_t out_len)
{
    tacit_sha3_context ctx;
    size_t off = 0, piece;
    int ok = 0;

    tacit_sha3_init(&ctx);
    if (a->shake) {
        TEST_EQUAL(tacit_shake_init(&ctx, a->shake == 128 ? TACIT_SHAKE128 : TACIT_SHAKE256), 0);
    } else {
        TEST_EQUAL(tacit_sha3_starts(&ctx, a->type), 0);
    }
    while (off < n) {
        piece = (size_t)(rnd64() % 300);
        if (piece > n - off) {
            piece = n - off;
        }
        if (a->shake) {
            TEST_EQUAL(tacit_shake_absorb(&ctx, in + off, piece), 0);
        } else {
            TEST_EQUAL(tacit_sha3_update(&ctx, in + off, piece), 0);
        }
        off += piece;
    }
    if (a->shake) {
        off = 0;
        while (off < out_len) {
            piece = (size_t)(rnd64() % 200);
            if (piece > out_len - off) {
                piece = out_len - off;
            }
            TEST_EQUAL(tacit_shake_squeeze(&ctx, out + off, piece), 0);
            off += piece;
        }
    } else {
        TEST_EQUAL(tacit_sha3_finish(&ctx, out), 0);
    }
    ok = 1;
exit:
    tacit_sha3_free(&ctx);
    return ok;
}

static void test_openssl_differential(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    unsigned char *in = NULL, ref[1000], out[1000], out2[1000];
    size_t k, i, t, n, olen;

    in = malloc(2001);
    TEST_ASSERT(in != NULL);
    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (t = 0; t < N_ALGS; t++) {
            const alg *a = &algs[t];
            for (i = 0; i < 120; i++) {
                n = i < 40 ? i * 7 % 401 : (size_t)(rnd64() % 2001);
                olen = a->shake ? 1 + (size_t)(rnd64() % sizeof(out)) : a->size;
                rnd_fill(in, n);
                TEST_ASSERT(openssl_hash(a, in, n, ref, olen));
                TEST_EQUAL(oneshot(a, in, n, out, olen), 0);
                TEST_MEM_EQ(out, olen, ref, olen);
                TEST_ASSERT(stream_hash(a, in, n, out2, olen));
                TEST_MEM_EQ(out2, olen, ref, olen);
            }
            /* every length around the rate boundaries */
            for (n = 0; n <= 2 * 168 + 2; n++) {
                olen = a->size;
                rnd_fill(in, n);
                TEST_ASSERT(openssl_hash(a, in, n, ref, olen));
                TEST_EQUAL(oneshot(a, in, n, out, olen), 0);
                TEST_MEM_EQ(out, olen, ref, olen);
            }
        }
    }
exit:
    set_kernel(0);
    free(in);
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

/*
 * One-block messages (the one-shots' short path) hashed from copies of
 * exactly n bytes, so that ASan builds flag any read past the end, against
 * the streaming API; SHAKE outputs of 1 .. 169 bytes.  Every kernel.
 */
static void test_short_exact(void)
{
    unsigned char *exact = NULL, ref[200], out[200];
    size_t k, t, n, olen;

    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (t = 0; t < N_ALGS; t++) {
            const alg *a = &algs[t];
            for (n = 0; n <= 168; n++) {
                exact = (unsigned char *)malloc(n > 0 ? n : 1);
                TEST_ASSERT(exact != NULL);
                rnd_fill(exact, n);
                olen = a->shake ? 1 + n : a->size;
                TEST_ASSERT(stream_hash(a, exact, n, ref, olen));
                TEST_EQUAL(oneshot(a, exact, n, out, olen), 0);
                free(exact);
                exact = NULL;
                TEST_MEM_EQ(out, olen, ref, olen);
            }
        }
    }
exit:
    set_kernel(0);
    free(exact);
}

/* Streaming in random pieces equals the one-shot (no peer needed). */
static void test_streaming(void)
{
    unsigned char in[1200], ref[700], out[700];
    size_t t, i, n, olen;

    for (t = 0; t < N_ALGS; t++) {
        const alg *a = &algs[t];
        for (i = 0; i < 60; i++) {
            n = (size_t)(rnd64() % sizeof(in));
            olen = a->shake ? 1 + (size_t)(rnd64() % sizeof(out)) : a->size;
            rnd_fill(in, n);
            TEST_EQUAL(oneshot(a, in, n, ref, olen), 0);
            TEST_ASSERT(stream_hash(a, in, n, out, olen));
            TEST_MEM_EQ(out, olen, ref, olen);
        }
    }
exit:;
}

/* 1 MiB + 3 bytes, fed in 64 KiB pieces, every algorithm (one kernel pass each). */
static void test_long_input(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    const size_t n = (1u << 20) + 3;
    unsigned char *in = NULL, ref[300], out[300];
    tacit_sha3_context ctx;
    size_t k, t, off;

    tacit_sha3_init(&ctx);
    in = malloc(n);
    TEST_ASSERT(in != NULL);
    rnd_fill(in, n);
    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (t = 0; t < N_ALGS; t++) {
            const alg *a = &algs[t];
            size_t olen = a->shake ? 300 : a->size;
            TEST_ASSERT(openssl_hash(a, in, n, ref, olen));
            if (a->shake) {
                TEST_EQUAL(
                    tacit_shake_init(&ctx, a->shake == 128 ? TACIT_SHAKE128 : TACIT_SHAKE256), 0);
            } else {
                TEST_EQUAL(tacit_sha3_starts(&ctx, a->type), 0);
            }
            for (off = 0; off < n; off += 65536) {
                size_t piece = n - off < 65536 ? n - off : 65536;
                TEST_EQUAL(a->shake ? tacit_shake_absorb(&ctx, in + off, piece)
                                    : tacit_sha3_update(&ctx, in + off, piece),
                           0);
            }
            TEST_EQUAL(
                a->shake ? tacit_shake_squeeze(&ctx, out, olen) : tacit_sha3_finish(&ctx, out), 0);
            TEST_MEM_EQ(out, olen, ref, olen);
        }
    }
exit:
    set_kernel(0);
    tacit_sha3_free(&ctx);
    free(in);
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

/* The block API and the four-way API of keccak.h against the one-shot SHAKEs. */
static void test_block_and_x4(void)
{
    unsigned char in[4][600], ref[4][5 * 168], out[4][5 * 168];
    uint64_t st[25];
    tacit_shake_x4 x4;
    size_t k, i, j, n, nb;
    int w;

    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (w = 0; w < 2; w++) {
            size_t rate = w == 0 ? TACIT_SHAKE128_RATE : TACIT_SHAKE256_RATE;
            for (i = 0; i < 40; i++) {
                n = i < 10 ? i * 34 : (size_t)(rnd64() % sizeof(in[0]));
                nb = 1 + (size_t)(rnd64() % 5);
                for (j = 0; j < 4; j++) {
                    rnd_fill(in[j], n);
                    if (w == 0) {
                        TEST_EQUAL(tacit_shake128(in[j], n, ref[j], nb * rate), 0);
                    } else {
                        TEST_EQUAL(tacit_shake256(in[j], n, ref[j], nb * rate), 0);
                    }
                }
                /* single stream, one block at a time then the rest */
                if (w == 0) {
                    tacit_shake128_absorb_once(st, in[0], n);
                    tacit_shake128_squeezeblocks(st, out[0], 1);
                    tacit_shake128_squeezeblocks(st, out[0] + rate, nb - 1);
                } else {
                    tacit_shake256_absorb_once(st, in[0], n);
                    tacit_shake256_squeezeblocks(st, out[0], 1);
                    tacit_shake256_squeezeblocks(st, out[0] + rate, nb - 1);
                }
                TEST_MEM_EQ(out[0], nb * rate, ref[0], nb * rate);
                /* four streams */
                memset(out, 0, sizeof(out));
                if (w == 0) {
                    tacit_shake128_x4_absorb_once(&x4, in[0], in[1], in[2], in[3], n);
                    tacit_shake128_x4_squeezeblocks(&x4, out[0], out[1], out[2], out[3], 1);
                    tacit_shake128_x4_squeezeblocks(&x4, out[0] + rate, out[1] + rate,
                                                    out[2] + rate, out[3] + rate, nb - 1);
                } else {
                    tacit_shake256_x4_absorb_once(&x4, in[0], in[1], in[2], in[3], n);
                    tacit_shake256_x4_squeezeblocks(&x4, out[0], out[1], out[2], out[3], 1);
                    tacit_shake256_x4_squeezeblocks(&x4, out[0] + rate, out[1] + rate,
                                                    out[2] + rate, out[3] + rate, nb - 1);
                }
                for (j = 0; j < 4; j++) {
                    TEST_MEM_EQ(out[j], nb * rate, ref[j], nb * rate);
                }
            }
        }
    }
exit:
    set_kernel(0);
}

/*
 * The eight-way API against eight single SHAKEs: SHAKE128 and SHAKE256,
 * a different input length in each stream (0 to 4 blocks and more, and all
 * equal), squeezed in two calls; every kernel.
 */
static void test_x8(void)
{
    static unsigned char in[8][700], ref[8][6 * 168], out[8][6 * 168];
    const unsigned char *inp[8];
    unsigned char *outp[8];
    size_t len[8];
    tacit_shake_x8 x8;
    size_t k, i, j, nb, rate;
    int w;

    for (k = 0; k < N_KERNELS; k++) {
        set_kernel(k);
        for (w = 0; w < 2; w++) {
            rate = w == 0 ? TACIT_SHAKE128_RATE : TACIT_SHAKE256_RATE;
            for (i = 0; i < 30; i++) {
                nb = 1 + (size_t)(rnd64() % 5);
                for (j = 0; j < 8; j++) {
                    /* i % 3 == 0: all of one length (as ML-KEM's matrix); else each its own */
                    if (i % 3 == 0) {
                        len[j] = j > 0 ? len[0] : i == 0 ? 34 : (size_t)(rnd64() % sizeof(in[0]));
                    } else if (i == 1) {
                        len[j] = j * rate / 2; /* 0, half a block, ... 3.5 blocks */
                    } else {
                        len[j] = (size_t)(rnd64() % sizeof(in[0]));
                    }
                    rnd_fill(in[j], len[j]);
                    inp[j] = in[j];
                    if (w == 0) {
                        TEST_EQUAL(tacit_shake128(in[j], len[j], ref[j], nb * rate), 0);
                    } else {
                        TEST_EQUAL(tacit_shake256(in[j], len[j], ref[j], nb * rate), 0);
                    }
                }
                memset(out, 0, sizeof(out));
                for (j = 0; j < 8; j++) {
                    outp[j] = out[j];
                }
                if (w == 0) {
                    tacit_shake128_x8_absorb_once(&x8, inp, len);
                    tacit_shake128_x8_squeezeblocks(&x8, outp, 1);
                } else {
                    tacit_shake256_x8_absorb_once(&x8, inp, len);
                    tacit_shake256_x8_squeezeblocks(&x8, outp, 1);
                }
                for (j = 0; j < 8; j++) {
                    outp[j] = out[j] + rate;
                }
                /* the rest under another kernel: the state keeps the layout it was absorbed in */
                set_kernel((k + i) % N_KERNELS);
                if (w == 0) {
                    tacit_shake128_x8_squeezeblocks(&x8, outp, nb - 1);
                } else {
                    tacit_shake256_x8_squeezeblocks(&x8, outp, nb - 1);
                }
                set_kernel(k);
                for (j = 0; j < 8; j++) {
                    TEST_MEM_EQ(out[j], nb * rate, ref[j], nb * rate);
                }
            }
        }
    }
exit:
    set_kernel(0);
}

/* Every kernel's permutation against the portable one on random states (single, x4, x8). */
static void test_kernels_agree(void)
{
    static uint64_t s8[200], ref8[200];
    uint64_t s[25], ref[25], s4[100], ref4[100];
    size_t k, i, j, it;

    for (it = 0; it < 50; it++) {
        for (i = 0; i < 25; i++) {
            ref[i] = s[i] = rnd64();
        }
        for (i = 0; i < 100; i++) {
            ref4[i] = s4[i] = rnd64();
        }
        for (i = 0; i < 200; i++) {
            ref8[i] = s8[i] = rnd64();
        }
        for (j = 0; j < 8; j++) {
            uint64_t t[25];
            for (i = 0; i < 25; i++) {
                t[i] = ref8[8 * i + j];
            }
            tacit_keccak_f1600_portable(t);
            for (i = 0; i < 25; i++) {
                ref8[8 * i + j] = t[i];
            }
        }
        tacit_keccak_f1600_portable(ref);
        {
            /* the bit-interleaved 32-bit kernel, whatever this target's scalar choice */
            uint64_t b[25], w;
            memcpy(b, s, sizeof(b));
            tacit_keccak_f1600_inter32(b);
            TEST_MEM_EQ(b, sizeof(b), ref, sizeof(ref));
            w = tacit_keccak_lane_to_inter32(s[it % 25]);
            for (i = 0; i < 64; i++) {
                TEST_EQUAL((s[it % 25] >> i) & 1, (w >> ((i & 1) * 32 + i / 2)) & 1);
            }
            TEST_EQUAL(tacit_keccak_lane_from_inter32(w), s[it % 25]);
        }
        for (j = 0; j < 4; j++) {
            uint64_t t[25];
            for (i = 0; i < 25; i++) {
                t[i] = ref4[4 * i + j];
            }
            tacit_keccak_f1600_portable(t);
            for (i = 0; i < 25; i++) {
                ref4[4 * i + j] = t[i];
            }
        }
        for (k = 0; k < N_KERNELS; k++) {
            uint64_t a[25], a4[100], a8[200];
            set_kernel(k);
            /* the dispatch's permutations take the sponge's lane form */
            for (i = 0; i < 25; i++) {
                a[i] = TACIT_KECCAK_LANE_IN(s[i]);
            }
            for (i = 0; i < 100; i++) {
                a4[i] = TACIT_KECCAK_LANE_IN(s4[i]);
            }
            for (i = 0; i < 200; i++) {
                a8[i] = TACIT_KECCAK_LANE_IN(s8[i]);
            }
            tacit_keccak_f1600(a);
            tacit_keccak_f1600_x4(a4);
            tacit_keccak_f1600_x8(a8);
            for (i = 0; i < 200; i++) {
                a8[i] = TACIT_KECCAK_LANE_OUT(a8[i]);
            }
            TEST_MEM_EQ(a8, sizeof(a8), ref8, sizeof(ref8));
            for (i = 0; i < 25; i++) {
                a[i] = TACIT_KECCAK_LANE_OUT(a[i]);
            }
            for (i = 0; i < 100; i++) {
                a4[i] = TACIT_KECCAK_LANE_OUT(a4[i]);
            }
            TEST_MEM_EQ(a, sizeof(a), ref, sizeof(ref));
            TEST_MEM_EQ(a4, sizeof(a4), ref4, sizeof(ref4));
        }
    }
    /* FIPS 202 permutation of the zero state: first lane (Keccak team's KeccakF-1600 KAT) */
    memset(s, 0, sizeof(s));
    tacit_keccak_f1600_portable(s);
    TEST_EQUAL(s[0], 0xF1258F7940E1DDE7ULL);
    memset(s, 0, sizeof(s));
    tacit_keccak_f1600_inter32(s);
    TEST_EQUAL(s[0], 0xF1258F7940E1DDE7ULL);
exit:
    set_kernel(0);
}

static void test_md_interface(void)
{
    unsigned char in[500], a[64], b[64];
    tacit_md_context ctx;
    size_t t;

    memset(&ctx, 0, sizeof(ctx));
    rnd_fill(in, sizeof(in));
    for (t = 0; t < 4; t++) {
        const alg *al = &algs[t];
        TEST_EQUAL(tacit_md_size(al->type), al->size);
        TEST_EQUAL(tacit_md_block_size(al->type), 200 - 2 * al->size);
        TEST_EQUAL(tacit_md_from_name(al->name), al->type);
        TEST_ASSERT(strcmp(tacit_md_name(al->type), al->name) == 0);
        TEST_EQUAL(tacit_md(al->type, in, sizeof(in), a), 0);
        TEST_EQUAL(tacit_md_init(&ctx, al->type), 0);
        TEST_EQUAL(tacit_md_update(&ctx, in, 77), 0);
        TEST_EQUAL(tacit_md_update(&ctx, in + 77, sizeof(in) - 77), 0);
        TEST_EQUAL(tacit_md_finish(&ctx, b), 0);
        TEST_MEM_EQ(b, al->size, a, al->size);
        /* finish leaves it ready for a new message */
        TEST_EQUAL(tacit_md_starts(&ctx), 0);
        TEST_EQUAL(tacit_md_update(&ctx, in, sizeof(in)), 0);
        TEST_EQUAL(tacit_md_finish(&ctx, b), 0);
        TEST_MEM_EQ(b, al->size, a, al->size);
        tacit_md_free(&ctx);
    }
    TEST_EQUAL(tacit_md_from_name("SHA3-256"), TACIT_MD_SHA3_256);
    TEST_EQUAL(tacit_md_from_name("sha3_512"), TACIT_MD_SHA3_512);
    TEST_EQUAL(tacit_md_from_name("sha3-255"), TACIT_MD_NONE);
    TEST_EQUAL(tacit_md_from_name("sha3-2566"), TACIT_MD_NONE);
exit:
    tacit_md_free(&ctx);
}

static void test_bad_input(void)
{
    tacit_sha3_context ctx;
    unsigned char out[64];

    tacit_sha3_init(&ctx);
    TEST_EQUAL(tacit_sha3_starts(NULL, TACIT_MD_SHA3_256), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha3_starts(&ctx, TACIT_MD_SHA256), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha3_update(&ctx, out, 1), TACIT_ERR_BAD_INPUT); /* not started */
    TEST_EQUAL(tacit_sha3_starts(&ctx, TACIT_MD_SHA3_256), 0);
    TEST_EQUAL(tacit_sha3_update(&ctx, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha3_update(&ctx, NULL, 0), 0);
    TEST_EQUAL(tacit_sha3_finish(&ctx, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake_absorb(&ctx, out, 1), TACIT_ERR_BAD_INPUT); /* a SHA-3 context */
    TEST_EQUAL(tacit_sha3_256(NULL, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_sha3_256(out, 1, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake_init(&ctx, (tacit_shake_type)192), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake_init(&ctx, TACIT_SHAKE128), 0);
    TEST_EQUAL(tacit_sha3_update(&ctx, out, 1), TACIT_ERR_BAD_INPUT); /* a SHAKE context */
    TEST_EQUAL(tacit_shake_absorb(&ctx, out, 1), 0);
    TEST_EQUAL(tacit_shake_squeeze(&ctx, out, 0), 0); /* pads: absorbing is over */
    TEST_EQUAL(tacit_shake_absorb(&ctx, out, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake_squeeze(&ctx, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake128(NULL, 1, out, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake256(out, 1, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_shake256(NULL, 0, NULL, 0), 0);
    tacit_sha3_free(&ctx);
    tacit_sha3_free(NULL);
    TEST_EQUAL(ctx.rate, 0);
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_kat);
    RUN_TEST(test_kernels_agree);
    RUN_TEST(test_streaming);
    RUN_TEST(test_short_exact);
    RUN_TEST(test_openssl_differential);
    RUN_TEST(test_long_input);
    RUN_TEST(test_block_and_x4);
    RUN_TEST(test_x8);
    RUN_TEST(test_md_interface);
    RUN_TEST(test_bad_input);
    return TEST_MAIN_END();
}
