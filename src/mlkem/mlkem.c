/*
 * ML-KEM (FIPS 203): K-PKE and the KEM around it.
 *
 * The matrix A is expanded from the public seed rho with SHAKE128, either
 * whole (64-bit hosts: four entries at a time with the x4 Keccak) or one
 * entry at a time as each row of A s or A^T y is computed (32-bit targets
 * and -Os builds, TACIT_MLKEM_SMALL_STACK: ML-KEM-768 decapsulation then
 * stays within a few KiB of stack).  Products in the NTT domain are
 * accumulated in 32 bits and reduced once a row.
 *
 * Secret data (d, z, m, sigma, r, s, e, y, the messages and keys) only goes
 * through arithmetic, SHA-3 and masks.  The decapsulation's re-encryption
 * check compares all bytes and picks K' or J(z || c) by a mask.  Declared
 * public on purpose (tacit_ct_declassify): rho (it is part of ek), and the
 * verdict of the decapsulation-key hash check.
 */
#include "tacit/config.h"

#if defined(TACIT_MLKEM_C)

#include <string.h>

#include "tacit/mlkem.h"
#include "tacit/sha3.h"
#include "core/common.h"
#include "core/constant_time_internal.h"
#include "hash/keccak.h"
#include "mlkem/mlkem_internal.h"

#if defined(__OPTIMIZE_SIZE__) && !defined(TACIT_MLKEM_SMALL_STACK)
#define TACIT_MLKEM_SMALL_STACK
#endif
#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(TACIT_MLKEM_SMALL_STACK)
#define TACIT_MLKEM_FULL_MATRIX 1
#else
#define TACIT_MLKEM_FULL_MATRIX 0
#endif

#if defined(TACIT_TEST_HOOKS)
/* Defined in every test build; only the full-matrix path reads it (FILL_CAP). */
size_t tacit_mlkem_fill_cap_hook;
#endif

#define POLY_BYTES TACIT_MLKEM_POLY_BYTES
#define XOF_BUF_BYTES (TACIT_MLKEM_XOF_BLOCKS * TACIT_SHAKE128_RATE)
#define SHA3_256_RATE 136
#define SHA3_512_RATE 72

static const tacit_mlkem_param_set param_sets[3] = {
    { 2, 3, 2, 10, 4, TACIT_MLKEM512_EK_BYTES, TACIT_MLKEM512_DK_BYTES, TACIT_MLKEM512_CT_BYTES },
    { 3, 2, 2, 10, 4, TACIT_MLKEM768_EK_BYTES, TACIT_MLKEM768_DK_BYTES, TACIT_MLKEM768_CT_BYTES },
    { 4, 2, 2, 11, 5, TACIT_MLKEM1024_EK_BYTES, TACIT_MLKEM1024_DK_BYTES,
      TACIT_MLKEM1024_CT_BYTES },
};

const tacit_mlkem_param_set *tacit_mlkem_params_get(tacit_mlkem_params p)
{
    switch (p) {
    case TACIT_MLKEM_512:
        return &param_sets[0];
    case TACIT_MLKEM_768:
        return &param_sets[1];
    case TACIT_MLKEM_1024:
        return &param_sets[2];
    default:
        return NULL;
    }
}

size_t tacit_mlkem_ek_bytes(tacit_mlkem_params p)
{
    const tacit_mlkem_param_set *ps = tacit_mlkem_params_get(p);
    return ps == NULL ? 0 : ps->ek_bytes;
}

size_t tacit_mlkem_dk_bytes(tacit_mlkem_params p)
{
    const tacit_mlkem_param_set *ps = tacit_mlkem_params_get(p);
    return ps == NULL ? 0 : ps->dk_bytes;
}

size_t tacit_mlkem_ct_bytes(tacit_mlkem_params p)
{
    const tacit_mlkem_param_set *ps = tacit_mlkem_params_get(p);
    return ps == NULL ? 0 : ps->ct_bytes;
}

/* ---- sampling ------------------------------------------------------------ */

/* SampleNTT(rho || x || y) into a (algorithm 7). */
static void sample_ntt(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *a,
                       const unsigned char rho[32], unsigned x, unsigned y)
{
    uint64_t st[25];
    unsigned char seed[34];
    unsigned char buf[XOF_BUF_BYTES];
    unsigned ctr;

    memcpy(seed, rho, 32);
    seed[32] = (unsigned char)x;
    seed[33] = (unsigned char)y;
    tacit_shake128_absorb_once(st, seed, sizeof(seed));
    tacit_shake128_squeezeblocks(st, buf, TACIT_MLKEM_XOF_BLOCKS);
    ctr = kr->rej_uniform(a->c, 0, buf, XOF_BUF_BYTES);
    while (ctr < TACIT_MLKEM_N) {
        tacit_shake128_squeezeblocks(st, buf, 1);
        ctr = kr->rej_uniform(a->c, ctr, buf, TACIT_SHAKE128_RATE);
    }
}

#if TACIT_MLKEM_FULL_MATRIX
/* Four SampleNTT at once: a[i] from rho || xy[2 i] || xy[2 i + 1]. */
static void sample_ntt_x4(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *a[4],
                          const unsigned char rho[32], const unsigned char *xy)
{
    tacit_shake_x4 st;
    unsigned char seed[4][34];
    TACIT_MLKEM_ALIGN unsigned char buf[4][XOF_BUF_BYTES];
    unsigned ctr[4], i;

    for (i = 0; i < 4; i++) {
        memcpy(seed[i], rho, 32);
        seed[i][32] = xy[2 * i];
        seed[i][33] = xy[2 * i + 1];
    }
    tacit_shake128_x4_absorb_once(&st, seed[0], seed[1], seed[2], seed[3], 34);
    tacit_shake128_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], TACIT_MLKEM_XOF_BLOCKS);
    for (i = 0; i < 4; i++) {
        ctr[i] = kr->rej_uniform(a[i]->c, 0, buf[i], XOF_BUF_BYTES);
    }
    while (ctr[0] < TACIT_MLKEM_N || ctr[1] < TACIT_MLKEM_N || ctr[2] < TACIT_MLKEM_N ||
           ctr[3] < TACIT_MLKEM_N) {
        tacit_shake128_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], 1);
        for (i = 0; i < 4; i++) {
            ctr[i] = kr->rej_uniform(a[i]->c, ctr[i], buf[i], TACIT_SHAKE128_RATE);
        }
    }
}

/*
 * Eight SampleNTT at once (AVX-512: one eight-way permutation costs about
 * 0.86 of two four-way ones on Zen 4): a[i] from rho || xy[2 i] || xy[2 i + 1].
 */
static void sample_ntt_x8(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *a,
                          const unsigned char rho[32], const unsigned char *xy)
{
    tacit_shake_x8 st;
    unsigned char seed[8][34];
    TACIT_MLKEM_ALIGN unsigned char buf[8][XOF_BUF_BYTES];
    const unsigned char *in[8];
    unsigned char *out[8];
    size_t len[8];
    unsigned ctr[8], i, more;

    for (i = 0; i < 8; i++) {
        memcpy(seed[i], rho, 32);
        seed[i][32] = xy[2 * i];
        seed[i][33] = xy[2 * i + 1];
        in[i] = seed[i];
        len[i] = 34;
        out[i] = buf[i];
    }
    tacit_shake128_x8_absorb_once(&st, in, len);
    tacit_shake128_x8_squeezeblocks(&st, out, TACIT_MLKEM_XOF_BLOCKS);
    more = 0;
    for (i = 0; i < 8; i++) {
        ctr[i] = kr->rej_uniform(a[i].c, 0, buf[i], XOF_BUF_BYTES);
        more |= ctr[i] < TACIT_MLKEM_N;
    }
    while (more) {
        tacit_shake128_x8_squeezeblocks(&st, out, 1);
        more = 0;
        for (i = 0; i < 8; i++) {
            ctr[i] = kr->rej_uniform(a[i].c, ctr[i], buf[i], TACIT_SHAKE128_RATE);
            more |= ctr[i] < TACIT_MLKEM_N;
        }
    }
}

/*
 * The whole matrix, row-major: entry (i, j) is A[i][j] = SampleNTT(rho || j || i),
 * or its transpose A[j][i] = SampleNTT(rho || i || j).
 */
static void gen_matrix(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *a,
                       const unsigned char rho[32], unsigned k, int transposed,
                       const tacit_mlkem_poly *last)
{
    unsigned char xy[16][2];
    unsigned n = k * k, e = 0, i, j;

    /* the seed bytes of every entry, row-major (no division by k) */
    for (i = 0; i < k; i++) {
        for (j = 0; j < k; j++, e++) {
            xy[e][0] = (unsigned char)(transposed ? i : j);
            xy[e][1] = (unsigned char)(transposed ? j : i);
        }
    }
    e = 0;
    if (tacit_keccak_x8_parallel()) {
        for (; e + 8 <= n; e += 8) {
            sample_ntt_x8(kr, &a[e], rho, &xy[e][0]);
        }
    }
    for (; e + 4 <= n; e += 4) {
        tacit_mlkem_poly *out[4];
        out[0] = &a[e];
        out[1] = &a[e + 1];
        out[2] = &a[e + 2];
        out[3] = &a[e + 3];
        sample_ntt_x4(kr, out, rho, &xy[e][0]);
    }
    for (; e < n; e++) {
        if (last != NULL && e == n - 1) {
            a[e] = *last; /* sampled by the caller (sponge_x4) */
        } else {
            sample_ntt(kr, &a[e], rho, xy[e][0], xy[e][1]);
        }
    }
}

/* One stream of sponge_x4: input, rate and domain byte, output wanted. */
typedef struct {
    const unsigned char *in;
    size_t in_len;
    unsigned rate;
    unsigned char ds; /* 0x06 SHA-3, 0x1F SHAKE */
    unsigned char *out;
    size_t out_len;
} x4_stream;

/*
 * Up to four sponges of different rates, inputs and paddings in one x4
 * state (tacit_keccak_x4_*): each absorbs a block per permutation, then
 * squeezes out_len bytes; a finished stream rides along.  With fill, the
 * last stream (absorbed in one block) instead squeezes a whole block at
 * every permutation after its padding, while fill has room (fill_cap
 * bytes), until the others are done and it has out_len bytes (or no more
 * room): *fill_len is what it produced (at least one block) and fill_state
 * its state after its last block, to squeeze more from.
 */
static void sponge_x4(const x4_stream *sp, unsigned n, unsigned char *fill, size_t fill_cap,
                      size_t *fill_len, uint64_t fill_state[25])
{
    tacit_shake_x4 st;
    size_t off[4] = { 0, 0, 0, 0 }, got[4] = { 0, 0, 0, 0 };
    int padded[4] = { 0, 0, 0, 0 }, busy = 1;
    unsigned j, nf = fill != NULL ? n - 1 : n;

    memset(&st, 0, sizeof(st));
    while (busy) {
        for (j = 0; j < n; j++) {
            size_t rem = sp[j].in_len - off[j];
            if (padded[j]) {
                continue;
            }
            if (rem >= sp[j].rate) {
                tacit_keccak_x4_xor_bytes(&st, j, 0, sp[j].in + off[j], sp[j].rate);
                off[j] += sp[j].rate;
            } else {
                unsigned char pad[2];
                pad[0] = sp[j].ds;
                pad[1] = 0x80;
                tacit_keccak_x4_xor_bytes(&st, j, 0, sp[j].in + off[j], rem);
                tacit_keccak_x4_xor_bytes(&st, j, (unsigned)rem, &pad[0], 1);
                tacit_keccak_x4_xor_bytes(&st, j, sp[j].rate - 1, &pad[1], 1);
                off[j] = sp[j].in_len;
                padded[j] = 1;
            }
        }
        tacit_keccak_x4_permute(&st);
        busy = 0;
        for (j = 0; j < nf; j++) {
            if (padded[j] && got[j] < sp[j].out_len) {
                size_t t =
                    sp[j].out_len - got[j] < sp[j].rate ? sp[j].out_len - got[j] : sp[j].rate;
                tacit_keccak_x4_extract_bytes(&st, j, 0, sp[j].out + got[j], t);
                got[j] += t;
            }
            busy |= !padded[j] || got[j] < sp[j].out_len;
        }
        if (fill != NULL) {
            j = n - 1;
            if (padded[j] && got[j] + sp[j].rate <= fill_cap) {
                tacit_keccak_x4_extract_bytes(&st, j, 0, fill + got[j], sp[j].rate);
                got[j] += sp[j].rate;
                /* its state after its last block (later permutations are not its) */
                tacit_keccak_x4_get_state(&st, j, fill_state);
            }
            /* at least out_len bytes while there is room */
            busy |= got[j] < sp[j].out_len && got[j] + sp[j].rate <= fill_cap;
        }
    }
    if (fill != NULL) {
        *fill_len = got[n - 1];
    }
    tacit_platform_zeroize(&st, sizeof(st));
}

/* SampleNTT of the fill stream's output, squeezing more from its state if needed. */
static void sample_ntt_from(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *a,
                            const unsigned char *buf, size_t len, uint64_t st[25])
{
    unsigned char more[TACIT_SHAKE128_RATE];
    unsigned ctr = kr->rej_uniform(a->c, 0, buf, len);

    while (ctr < TACIT_MLKEM_N) {
        tacit_shake128_squeezeblocks(st, more, 1);
        ctr = kr->rej_uniform(a->c, ctr, more, TACIT_SHAKE128_RATE);
    }
}

/*
 * Room for the fill stream's blocks (168 bytes): one a permutation of the
 * longest other stream, H(ek) or J(z || c) of ML-KEM-768: 9.  Test builds
 * can make it smaller (tacit_mlkem_fill_cap_hook, in bytes) to exercise the
 * squeezes that follow.
 */
#define FILL_BLOCKS 10
#if defined(TACIT_TEST_HOOKS)
#define FILL_CAP(cap) (tacit_mlkem_fill_cap_hook != 0 ? tacit_mlkem_fill_cap_hook : (cap))
#else
#define FILL_CAP(cap) (cap)
#endif
#endif

/* PRF_eta(s, b) = SHAKE256(s || b, 64 eta), then SamplePolyCBD_eta. */
static void sample_cbd(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *a,
                       const unsigned char s[32], unsigned b, unsigned eta)
{
    uint64_t st[25];
    unsigned char in[33];
    unsigned char buf[2 * TACIT_SHAKE256_RATE]; /* >= 64 * 3 */

    memcpy(in, s, 32);
    in[32] = (unsigned char)b;
    tacit_shake256_absorb_once(st, in, sizeof(in));
    /* 128 bytes (eta 2) fit one block, 192 (eta 3) need two */
    tacit_shake256_squeezeblocks(st, buf, eta == 3 ? 2 : 1);
    kr->poly_cbd(a, buf, eta);
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(st, sizeof(st));
    tacit_platform_zeroize(in, sizeof(in));
}

#if TACIT_MLKEM_FULL_MATRIX
/*
 * Every noise polynomial of an operation at once, four SHAKE256 streams at a
 * time: out[b] = CBD_eta(PRF(s, b)) for b < n, eta = eta1 below n1, else eta2.
 */
static void sample_cbd_all(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *out,
                           const unsigned char s[32], unsigned n, unsigned n1, unsigned eta1,
                           unsigned eta2)
{
    tacit_shake_x4 st;
    unsigned char in[4][33];
    TACIT_MLKEM_ALIGN unsigned char buf[4][2 * TACIT_SHAKE256_RATE];
    unsigned b, l;

    for (b = 0; b < n; b += 4) {
        unsigned blocks = (eta1 == 3 && b < n1) || eta2 == 3 ? 2 : 1;
        for (l = 0; l < 4; l++) {
            memcpy(in[l], s, 32);
            in[l][32] = (unsigned char)(b + l < n ? b + l : b); /* past n: a spare stream */
        }
        tacit_shake256_x4_absorb_once(&st, in[0], in[1], in[2], in[3], 33);
        tacit_shake256_x4_squeezeblocks(&st, buf[0], buf[1], buf[2], buf[3], blocks);
        for (l = 0; l < 4 && b + l < n; l++) {
            kr->poly_cbd(&out[b + l], buf[l], b + l < n1 ? eta1 : eta2);
        }
    }
    tacit_platform_zeroize(buf, sizeof(buf));
    tacit_platform_zeroize(&st, sizeof(st));
    tacit_platform_zeroize(in, sizeof(in));
}
#endif

/* dst = noise polynomial b: from the batch pre when there is one, else sampled now. */
static void noise_poly(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *dst,
                       const tacit_mlkem_poly *pre, const unsigned char s[32], unsigned b,
                       unsigned eta)
{
    if (pre != NULL) {
        *dst = pre[b];
    } else {
        sample_cbd(kr, dst, s, b, eta);
    }
}

/*
 * out = row i of (A or A^T) times v, in the NTT domain, times R^-1.
 * A is the expanded matrix (row-major, already transposed when asked), or
 * NULL to expand the row's entries here.  acc: the caller's scratch (its
 * frame, not this one's: the stack bound of decapsulation).
 */
static void row_product(const tacit_mlkem_kernels *kr, tacit_mlkem_poly *out,
                        const tacit_mlkem_poly *a, const unsigned char rho[32], unsigned i,
                        const tacit_mlkem_poly *v, unsigned k, int transposed,
                        int32_t acc[TACIT_MLKEM_N])
{
    unsigned j;

    memset(acc, 0, sizeof(int32_t) * TACIT_MLKEM_N);
    for (j = 0; j < k; j++) {
        if (a != NULL) {
            kr->basemul_acc(acc, &a[i * k + j], &v[j]);
        } else {
            TACIT_MLKEM_ALIGN tacit_mlkem_poly entry;
            sample_ntt(kr, &entry, rho, transposed ? i : j, transposed ? j : i);
            kr->basemul_acc(acc, &entry, &v[j]);
        }
    }
    kr->acc_reduce(out, acc);
}

/* ---- K-PKE ------------------------------------------------------------------ */

/* K-PKE.KeyGen (algorithm 13) from rho, sigma: ek's t and dkPKE. */
static void pke_keygen(const tacit_mlkem_kernels *kr, const tacit_mlkem_param_set *ps,
                       unsigned char *ek, unsigned char *dkpke, const unsigned char rho[32],
                       const unsigned char sigma[32])
{
    TACIT_MLKEM_ALIGN tacit_mlkem_poly s[4], t, e;
    const tacit_mlkem_poly *mat = NULL, *pre = NULL;
    unsigned i, k = ps->k;
    int32_t acc[TACIT_MLKEM_N];
#if TACIT_MLKEM_FULL_MATRIX
    TACIT_MLKEM_ALIGN tacit_mlkem_poly a[16], noise[8];
    if (k == 3 && tacit_keccak_x4_parallel()) {
        /*
         * ML-KEM-768: noise 0-3 four at a time; noise 4, 5 (SHAKE256) and the
         * matrix's ninth entry (SHAKE128, at least three blocks) in one x4 run.
         */
        TACIT_MLKEM_ALIGN tacit_mlkem_poly entry;
        unsigned char in[2][33], buf[2][TACIT_SHAKE256_RATE], seed[34];
        unsigned char xof[FILL_BLOCKS * TACIT_SHAKE128_RATE];
        x4_stream sp[3];
        size_t fill_len;
        uint64_t st[25];
        sample_cbd_all(kr, noise, sigma, 4, 4, ps->eta1, ps->eta1);
        for (i = 0; i < 2; i++) {
            memcpy(in[i], sigma, 32);
            in[i][32] = (unsigned char)(4 + i);
            sp[i].in = in[i];
            sp[i].in_len = 33;
            sp[i].rate = TACIT_SHAKE256_RATE;
            sp[i].ds = 0x1F;
            sp[i].out = buf[i];
            sp[i].out_len = 64 * ps->eta1; /* eta1 = 2: one block */
        }
        memcpy(seed, rho, 32);
        seed[32] = 2;
        seed[33] = 2;
        sp[2].in = seed;
        sp[2].in_len = sizeof(seed);
        sp[2].rate = TACIT_SHAKE128_RATE;
        sp[2].ds = 0x1F;
        sp[2].out = NULL;
        sp[2].out_len = XOF_BUF_BYTES;
        sponge_x4(sp, 3, xof, FILL_CAP(sizeof(xof)), &fill_len, st);
        kr->poly_cbd(&noise[4], buf[0], ps->eta1);
        kr->poly_cbd(&noise[5], buf[1], ps->eta1);
        tacit_platform_zeroize(buf, sizeof(buf));
        tacit_platform_zeroize(in, sizeof(in));
        /* a function of rho only (public) */
        tacit_ct_declassify(xof, fill_len);
        tacit_ct_declassify(st, sizeof(st));
        sample_ntt_from(kr, &entry, xof, fill_len, st);
        gen_matrix(kr, a, rho, k, 0, &entry);
    } else {
        gen_matrix(kr, a, rho, k, 0, NULL);
        sample_cbd_all(kr, noise, sigma, 2 * k, 2 * k, ps->eta1, ps->eta1);
    }
    mat = a;
    pre = noise;
#endif

    for (i = 0; i < k; i++) {
        noise_poly(kr, &s[i], pre, sigma, i, ps->eta1);
        kr->ntt(&s[i]);
    }
    for (i = 0; i < k; i++) {
        row_product(kr, &t, mat, rho, i, s, k, 0, acc);
        kr->poly_tomont(&t);
        noise_poly(kr, &e, pre, sigma, k + i, ps->eta1);
        kr->ntt(&e);
        tacit_mlkem_poly_add(&t, &t, &e);
        kr->poly_reduce(&t);
        kr->poly_tobytes(ek + POLY_BYTES * i, &t);
    }
    memcpy(ek + POLY_BYTES * k, rho, 32);
    for (i = 0; i < k; i++) {
        kr->poly_tobytes(dkpke + POLY_BYTES * i, &s[i]);
    }
    tacit_platform_zeroize(s, sizeof(s));
    tacit_platform_zeroize(&e, sizeof(e));
    tacit_platform_zeroize(acc, sizeof(acc));
#if TACIT_MLKEM_FULL_MATRIX
    tacit_platform_zeroize(noise, sizeof(noise));
#endif
}

/*
 * ct_out = ByteEncode(Compress(a)) of d bits a coefficient, or, when cmp is
 * not NULL, the same bytes compared with cmp instead: the differences are
 * ORed into *diff (decapsulation's re-encryption check, without a second
 * ciphertext buffer).
 */
static void emit_poly(const tacit_mlkem_kernels *kr, unsigned char *ct_out,
                      const unsigned char *cmp, uint32_t *diff, const tacit_mlkem_poly *a,
                      unsigned d)
{
    if (cmp == NULL) {
        kr->poly_compress(ct_out, a, d);
    } else {
        unsigned char buf[32 * 11];
        unsigned i, n = 32 * d;
        kr->poly_compress(buf, a, d);
        for (i = 0; i < n; i++) {
            *diff |= (uint32_t)(buf[i] ^ cmp[i]);
        }
        tacit_platform_zeroize(buf, n);
    }
}

/*
 * K-PKE.Encrypt (algorithm 14): ct from ek, the message m and the randomness
 * r.  With cmp != NULL nothing is written: the result is compared with cmp
 * and the return value is non-zero when they differ (not a mask).  last:
 * the matrix's last entry when the caller sampled it (sponge_x4), or NULL.
 */
static TACIT_NOINLINE uint32_t pke_encrypt(const tacit_mlkem_kernels *kr,
                                           const tacit_mlkem_param_set *ps, unsigned char *ct,
                                           const unsigned char *cmp, const unsigned char *ek,
                                           const unsigned char m[32], const unsigned char r[32],
                                           const tacit_mlkem_poly *last)
{
    TACIT_MLKEM_ALIGN tacit_mlkem_poly y[4], u, e;
    const unsigned char *rho = ek + POLY_BYTES * ps->k;
    const tacit_mlkem_poly *mat = NULL, *pre = NULL;
    unsigned i, k = ps->k;
    int32_t acc[TACIT_MLKEM_N];
    uint32_t diff = 0;
#if TACIT_MLKEM_FULL_MATRIX
    TACIT_MLKEM_ALIGN tacit_mlkem_poly a[16], noise[9];
    gen_matrix(kr, a, rho, k, 1, last);
    mat = a;
    sample_cbd_all(kr, noise, r, 2 * k + 1, k, ps->eta1, ps->eta2);
    pre = noise;
#else
    (void)last;
#endif

    for (i = 0; i < k; i++) {
        noise_poly(kr, &y[i], pre, r, i, ps->eta1);
        kr->ntt(&y[i]);
    }
    /* u = NTT^-1(A^T y) + e1, compressed row by row */
    for (i = 0; i < k; i++) {
        size_t off = (size_t)32 * ps->du * i;
        row_product(kr, &u, mat, rho, i, y, k, 1, acc);
        kr->invntt(&u);
        noise_poly(kr, &e, pre, r, k + i, ps->eta2);
        tacit_mlkem_poly_add(&u, &u, &e);
        kr->poly_reduce(&u);
        emit_poly(kr, cmp == NULL ? ct + off : NULL, cmp == NULL ? NULL : cmp + off, &diff, &u,
                  ps->du);
    }
    /* v = NTT^-1(t^T y) + e2 + Decompress_1(m) */
    memset(acc, 0, sizeof(acc));
    for (i = 0; i < k; i++) {
        kr->poly_frombytes(&u, ek + POLY_BYTES * i);
        kr->basemul_acc(acc, &u, &y[i]);
    }
    kr->acc_reduce(&u, acc);
    kr->invntt(&u);
    noise_poly(kr, &e, pre, r, 2 * k, ps->eta2);
    tacit_mlkem_poly_add(&u, &u, &e);
    kr->poly_frommsg(&e, m);
    tacit_mlkem_poly_add(&u, &u, &e);
    kr->poly_reduce(&u);
    {
        size_t off = (size_t)32 * ps->du * k;
        emit_poly(kr, cmp == NULL ? ct + off : NULL, cmp == NULL ? NULL : cmp + off, &diff, &u,
                  ps->dv);
    }

    tacit_platform_zeroize(y, sizeof(y));
    tacit_platform_zeroize(&u, sizeof(u));
    tacit_platform_zeroize(&e, sizeof(e));
    tacit_platform_zeroize(acc, sizeof(acc));
#if TACIT_MLKEM_FULL_MATRIX
    tacit_platform_zeroize(noise, sizeof(noise));
#endif
    return diff;
}

/* K-PKE.Decrypt (algorithm 15): m from dkPKE and ct. */
static TACIT_NOINLINE void pke_decrypt(const tacit_mlkem_kernels *kr,
                                       const tacit_mlkem_param_set *ps, unsigned char m[32],
                                       const unsigned char *dkpke, const unsigned char *ct)
{
    TACIT_MLKEM_ALIGN tacit_mlkem_poly u, s;
    int32_t acc[TACIT_MLKEM_N];
    unsigned i, k = ps->k;

    memset(acc, 0, sizeof(acc));
    for (i = 0; i < k; i++) {
        kr->poly_decompress(&u, ct + 32 * ps->du * i, ps->du);
        kr->ntt(&u);
        kr->poly_frombytes(&s, dkpke + POLY_BYTES * i);
        kr->basemul_acc(acc, &s, &u);
    }
    kr->acc_reduce(&s, acc);
    kr->invntt(&s);
    kr->poly_decompress(&u, ct + 32 * ps->du * k, ps->dv);
    tacit_mlkem_poly_sub(&u, &u, &s);
    kr->poly_reduce(&u);
    kr->poly_tomsg(m, &u);

    tacit_platform_zeroize(&u, sizeof(u));
    tacit_platform_zeroize(&s, sizeof(s));
    tacit_platform_zeroize(acc, sizeof(acc));
}

/* ---- ML-KEM ----------------------------------------------------------------- */

int tacit_mlkem_keygen_internal(tacit_mlkem_params p, const unsigned char d[32],
                                const unsigned char z[32], unsigned char *ek, unsigned char *dk,
                                int domain_sep)
{
    const tacit_mlkem_param_set *ps = tacit_mlkem_params_get(p);
    unsigned char in[33], rs[64];
    size_t pke_bytes;

    if (ps == NULL || d == NULL || z == NULL || ek == NULL || dk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    pke_bytes = (size_t)POLY_BYTES * ps->k;
    /* (rho, sigma) = G(d || k) */
    memcpy(in, d, 32);
    in[32] = (unsigned char)ps->k;
    tacit_sha3_512(in, domain_sep ? 33 : 32, rs);
    tacit_ct_declassify(rs, 32); /* rho: published in ek */
    pke_keygen(tacit_mlkem_kernels_get(), ps, ek, dk, rs, rs + 32);
    /* dk = dkPKE || ek || H(ek) || z */
    memcpy(dk + pke_bytes, ek, ps->ek_bytes);
    tacit_sha3_256(ek, ps->ek_bytes, dk + pke_bytes + ps->ek_bytes);
    memcpy(dk + pke_bytes + ps->ek_bytes + 32, z, 32);
    tacit_platform_zeroize(in, sizeof(in));
    tacit_platform_zeroize(rs, sizeof(rs));
    return 0;
}

int tacit_mlkem_keygen_seed(tacit_mlkem_params p, const unsigned char seed[64], unsigned char *ek,
                            unsigned char *dk)
{
    if (seed == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    return tacit_mlkem_keygen_internal(p, seed, seed + 32, ek, dk, 1);
}

int tacit_mlkem_keygen(tacit_mlkem_params p, unsigned char *ek, unsigned char *dk,
                       tacit_rng_func f_rng, void *p_rng)
{
    unsigned char seed[64];
    int ret;

    if (tacit_mlkem_params_get(p) == NULL || ek == NULL || dk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if (f_rng(p_rng, seed, sizeof(seed)) != 0) {
        tacit_platform_zeroize(seed, sizeof(seed));
        return TACIT_ERR_RNG_FAILED;
    }
    ret = tacit_mlkem_keygen_seed(p, seed, ek, dk);
    tacit_platform_zeroize(seed, sizeof(seed));
    return ret;
}

int tacit_mlkem_encaps_m(tacit_mlkem_params p, const unsigned char *ek, const unsigned char m[32],
                         unsigned char *ct, unsigned char ss[32])
{
    const tacit_mlkem_param_set *ps = tacit_mlkem_params_get(p);
    const tacit_mlkem_kernels *kr = tacit_mlkem_kernels_get();
    const tacit_mlkem_poly *last = NULL;
    unsigned char in[64], kr_out[64];
    unsigned i;
#if TACIT_MLKEM_FULL_MATRIX
    TACIT_MLKEM_ALIGN tacit_mlkem_poly entry;
    unsigned char xof[FILL_BLOCKS * TACIT_SHAKE128_RATE];
#endif

    if (ps == NULL || ek == NULL || m == NULL || ct == NULL || ss == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    /* the encapsulation-key check: ByteEncode12(ByteDecode12(ek)) == ek */
    for (i = 0; i < ps->k; i++) {
        if (!kr->poly_check_modulus(ek + POLY_BYTES * i)) {
            return TACIT_ERR_BAD_INPUT;
        }
    }
    /* (K, r) = G(m || H(ek)) */
    memcpy(in, m, 32);
#if TACIT_MLKEM_FULL_MATRIX
    if (ps->k == 3 && tacit_keccak_x4_parallel()) {
        /* H(ek) and the matrix's ninth entry, SampleNTT(rho || 2 || 2), side by side */
        x4_stream sp[2];
        unsigned char seed[34];
        size_t fill_len;
        uint64_t st[25];
        memcpy(seed, ek + POLY_BYTES * ps->k, 32);
        seed[32] = 2;
        seed[33] = 2;
        sp[0].in = ek;
        sp[0].in_len = ps->ek_bytes;
        sp[0].rate = SHA3_256_RATE;
        sp[0].ds = 0x06;
        sp[0].out = in + 32;
        sp[0].out_len = 32;
        sp[1].in = seed;
        sp[1].in_len = sizeof(seed);
        sp[1].rate = TACIT_SHAKE128_RATE;
        sp[1].ds = 0x1F;
        sp[1].out = NULL;
        sp[1].out_len = XOF_BUF_BYTES;
        sponge_x4(sp, 2, xof, FILL_CAP(sizeof(xof)), &fill_len, st);
        sample_ntt_from(kr, &entry, xof, fill_len, st);
        last = &entry;
    } else
#endif
    {
        tacit_sha3_256(ek, ps->ek_bytes, in + 32);
    }
    tacit_sha3_512(in, sizeof(in), kr_out);
    (void)pke_encrypt(kr, ps, ct, NULL, ek, m, kr_out + 32, last);
    memcpy(ss, kr_out, 32);
    tacit_platform_zeroize(in, sizeof(in));
    tacit_platform_zeroize(kr_out, sizeof(kr_out));
    return 0;
}

int tacit_mlkem_encaps(tacit_mlkem_params p, const unsigned char *ek, unsigned char *ct,
                       unsigned char ss[32], tacit_rng_func f_rng, void *p_rng)
{
    unsigned char m[32];
    int ret;

    if (tacit_mlkem_params_get(p) == NULL || ek == NULL || ct == NULL || ss == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    f_rng = tacit_rng_or_default(f_rng, &p_rng);
    if (f_rng(p_rng, m, sizeof(m)) != 0) {
        tacit_platform_zeroize(m, sizeof(m));
        return TACIT_ERR_RNG_FAILED;
    }
    ret = tacit_mlkem_encaps_m(p, ek, m, ct, ss);
    tacit_platform_zeroize(m, sizeof(m));
    return ret;
}

/* All-ones when a[0..len) == b[0..len), else zero; reads every byte. */
static uint32_t ct_mem_eq_mask(const unsigned char *a, const unsigned char *b, size_t len)
{
    uint32_t diff = 0;
    size_t i;

    for (i = 0; i < len; i++) {
        diff |= (uint32_t)(a[i] ^ b[i]);
    }
    return tacit_ct_mask_eq_u32(diff, 0);
}

int tacit_mlkem_decaps(tacit_mlkem_params p, const unsigned char *dk, const unsigned char *ct,
                       unsigned char ss[32])
{
    const tacit_mlkem_param_set *ps = tacit_mlkem_params_get(p);
    const tacit_mlkem_kernels *kr = tacit_mlkem_kernels_get();
    const unsigned char *ek, *h, *z;
    const tacit_mlkem_poly *last = NULL;
    unsigned char in[64], kr_out[64], kbar[32], hash[32];
    tacit_shake_context j;
    uint32_t ok;
    size_t i;
#if TACIT_MLKEM_FULL_MATRIX
    TACIT_MLKEM_ALIGN tacit_mlkem_poly entry;
    unsigned char xof[FILL_BLOCKS * TACIT_SHAKE128_RATE];
    unsigned char zc[32 + TACIT_MLKEM_MAX_CT_BYTES];
#endif

    if (ps == NULL || dk == NULL || ct == NULL || ss == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    ek = dk + (size_t)POLY_BYTES * ps->k;
    h = ek + ps->ek_bytes;
    z = h + 32;

#if TACIT_MLKEM_FULL_MATRIX
    if (tacit_keccak_x4_parallel()) {
        /*
         * m' = Decrypt(dkPKE, c) first; then H(ek) (the key check), J(z || c),
         * G(m' || h) and, for ML-KEM-768, the matrix's ninth entry
         * SampleNTT(rho || 2 || 2) in one four-way sponge run.
         */
        x4_stream sp[4];
        unsigned char seed[34];
        size_t fill_len = 0;
        uint64_t st[25];
        unsigned n = ps->k == 3 ? 4 : 3;
        pke_decrypt(kr, ps, in, dk, ct);
        memcpy(in + 32, h, 32);
        memcpy(zc, z, 32);
        memcpy(zc + 32, ct, ps->ct_bytes);
        memcpy(seed, ek + POLY_BYTES * ps->k, 32);
        seed[32] = 2;
        seed[33] = 2;
        sp[0].in = ek;
        sp[0].in_len = ps->ek_bytes;
        sp[0].rate = SHA3_256_RATE;
        sp[0].ds = 0x06;
        sp[0].out = hash;
        sp[0].out_len = 32;
        sp[1].in = zc;
        sp[1].in_len = 32 + ps->ct_bytes;
        sp[1].rate = TACIT_SHAKE256_RATE;
        sp[1].ds = 0x1F;
        sp[1].out = kbar;
        sp[1].out_len = 32;
        sp[2].in = in;
        sp[2].in_len = 64;
        sp[2].rate = SHA3_512_RATE;
        sp[2].ds = 0x06;
        sp[2].out = kr_out;
        sp[2].out_len = 64;
        sp[3].in = seed;
        sp[3].in_len = sizeof(seed);
        sp[3].rate = TACIT_SHAKE128_RATE;
        sp[3].ds = 0x1F;
        sp[3].out = NULL;
        sp[3].out_len = XOF_BUF_BYTES;
        sponge_x4(sp, n, n == 4 ? xof : NULL, FILL_CAP(sizeof(xof)), &fill_len, st);
        tacit_platform_zeroize(zc, 32 + ps->ct_bytes);
        ok = tacit_ct_declassify_u32(ct_mem_eq_mask(hash, h, 32));
        if (ok == 0) {
            memset(ss, 0, 32);
            tacit_platform_zeroize(in, sizeof(in));
            tacit_platform_zeroize(kr_out, sizeof(kr_out));
            tacit_platform_zeroize(kbar, sizeof(kbar));
            return TACIT_ERR_BAD_INPUT;
        }
        tacit_ct_declassify(ek + POLY_BYTES * ps->k, 32);
        if (n == 4) {
            /* a function of rho only: public */
            tacit_ct_declassify(xof, fill_len);
            tacit_ct_declassify(st, sizeof(st));
            sample_ntt_from(kr, &entry, xof, fill_len, st);
            last = &entry;
        }
    } else
#endif
    {
        /* the decapsulation-key check: H(ek) == h; its verdict is public */
        tacit_sha3_256(ek, ps->ek_bytes, hash);
        ok = ct_mem_eq_mask(hash, h, 32);
        ok = tacit_ct_declassify_u32(ok);
        if (ok == 0) {
            memset(ss, 0, 32);
            return TACIT_ERR_BAD_INPUT;
        }
        /* rho (inside ek) is public: the matrix is expanded from it */
        tacit_ct_declassify(ek + POLY_BYTES * ps->k, 32);

        /* m' = Decrypt(dkPKE, c); (K', r') = G(m' || h) */
        pke_decrypt(kr, ps, in, dk, ct);
        memcpy(in + 32, h, 32);
        tacit_sha3_512(in, sizeof(in), kr_out);

        /* K-bar = J(z || c) */
        tacit_shake_init(&j, TACIT_SHAKE256);
        tacit_shake_absorb(&j, z, 32);
        tacit_shake_absorb(&j, ct, ps->ct_bytes);
        tacit_shake_squeeze(&j, kbar, 32);
        tacit_shake_free(&j);
    }

    /* c' = Encrypt(ek, m', r') compared with c as it is made; K' when equal, else K-bar */
    ok = tacit_ct_mask_eq_u32(pke_encrypt(kr, ps, NULL, ct, ek, in, kr_out + 32, last), 0);
    for (i = 0; i < 32; i++) {
        ss[i] = (unsigned char)tacit_ct_select_u32(ok, kr_out[i], kbar[i]);
    }

    tacit_platform_zeroize(in, sizeof(in));
    tacit_platform_zeroize(kr_out, sizeof(kr_out));
    tacit_platform_zeroize(kbar, sizeof(kbar));
    return 0;
}

#endif /* TACIT_MLKEM_C */
