/*
 * The targets.  Each one's secret input differs between the classes; what is
 * public (lengths, the key size, the curve) is the same in both.
 */
#include <stdio.h>
#include <string.h>

#include "tacit/base64.h"
#include "tacit/bignum.h"
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#include "tacit/ecp.h"
#include "tacit/hmac.h"
#include "tacit/mldsa.h"
#include "tacit/mlkem.h"
#include "bignum/bignum_core.h"
#include "bignum/x86_64/ifma.h"
#include "ec/ecp_internal.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_kernel.h"
#include "tl.h"

#define POOL 64 /* prepared secrets per class, picked at random per measurement */

/* ---- the control: an early-exit comparison, which must be flagged ---------- */

static unsigned char ctl_secret[64];

static int ctl_setup(void)
{
    tl_random(ctl_secret, sizeof(ctl_secret));
    return 0;
}

static void ctl_prepare(unsigned char *in, int cls)
{
    if (cls == 0) {
        memcpy(in, ctl_secret, 64); /* equal: compares all 64 bytes */
    } else {
        tl_random(in, 64); /* differs early */
    }
}

static volatile int ctl_sink;

static void ctl_run(const unsigned char *in)
{
    size_t i;
    int r = 0;
    for (i = 0; i < 64; i++) {
        if (in[i] != ctl_secret[i]) {
            r = 1;
            break;
        }
    }
    ctl_sink = r;
}

/*
 * ---- HMAC verification: wrong in the first byte versus wrong in the last ----
 * Both classes are rejected, so the verdict (public) is the same; an early
 * exit in the comparison would make the first class faster.
 */

static const unsigned char hm_key[32] = "timing_leaks hmac key, 32 bytes";
static const unsigned char hm_msg[64] = "a message whose tag is checked";
static unsigned char hm_tag[32];

static int hm_setup(void)
{
    return tacit_hmac(TACIT_MD_SHA256, hm_key, sizeof(hm_key), hm_msg, sizeof(hm_msg), hm_tag);
}

static void hm_prepare(unsigned char *in, int cls)
{
    memcpy(in, hm_tag, 32);
    in[cls == 0 ? 0 : 31] ^= 0x01;
}

static void hm_run(const unsigned char *in)
{
    (void)tacit_hmac_verify(TACIT_MD_SHA256, hm_key, sizeof(hm_key), hm_msg, sizeof(hm_msg), in,
                            32);
}

/* ---- base64 decoding of secret text: only letters versus mixed -------------- */

#define B64_LEN 1024

static void b64_prepare(unsigned char *in, int cls)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t i;
    tl_random(in, B64_LEN);
    for (i = 0; i < B64_LEN; i++) {
        in[i] = (unsigned char)(cls == 0 ? alphabet[in[i] % 26] : alphabet[in[i] % 64]);
    }
}

static void b64_run(const unsigned char *in)
{
    unsigned char out[B64_LEN];
    size_t olen;
    (void)tacit_base64_decode(in, B64_LEN, out, sizeof(out), &olen);
}

/*
 * ---- the constant-flow inverse: A = 1 versus random A, modulo a 1024-bit prime ----
 * The prime keeps every A invertible, so the verdict (public) is the same in
 * both classes.  On x86-64 with AVX2 this runs the vector divsteps
 * (bignum_core_inv_x86_64_avx2.c), elsewhere the scalar ones.
 */

static tacit_mpi iv_m, iv_a, iv_x;

static int iv_setup(void)
{
    tacit_mpi_init(&iv_m);
    tacit_mpi_init(&iv_a);
    tacit_mpi_init(&iv_x);
    return tacit_mpi_gen_prime(&iv_m, 1024, 0, tl_rng, NULL);
}

static void iv_prepare(unsigned char *in, int cls)
{
    if (cls == 0) {
        memset(in, 0, 128);
        in[127] = 1;
    } else {
        tl_random(in, 128);
        in[0] &= 0x7f;
        in[127] |= 1;
    }
}

static void iv_run(const unsigned char *in)
{
    if (tacit_mpi_read_binary(&iv_a, in, 128) == 0) {
        (void)tacit_mpi_inv_mod(&iv_x, &iv_a, &iv_m);
    }
}

/* ---- exp_mod: a sparse exponent versus random ones of the same length -------- */

static tacit_mpi em_n, em_a, em_x, em_rr;

static int em_setup(void)
{
    unsigned char buf[128];
    tacit_mpi_init(&em_n);
    tacit_mpi_init(&em_a);
    tacit_mpi_init(&em_x);
    tacit_mpi_init(&em_rr);
    tl_random(buf, sizeof(buf));
    buf[0] |= 0x80;
    buf[127] |= 1;
    if (tacit_mpi_read_binary(&em_n, buf, sizeof(buf)) != 0) {
        return -1;
    }
    tl_random(buf, sizeof(buf));
    buf[0] &= 0x7f;
    return tacit_mpi_read_binary(&em_a, buf, sizeof(buf));
}

static void em_prepare(unsigned char *in, int cls)
{
    if (cls == 0) {
        memset(in, 0, 128);
        in[0] = 0x80;
        in[127] = 1;
    } else {
        tl_random(in, 128);
        in[0] |= 0x80;
    }
}

static void em_run(const unsigned char *in)
{
    tacit_mpi e;
    tacit_mpi_init(&e);
    if (tacit_mpi_read_binary(&e, in, 128) == 0) {
        (void)tacit_mpi_exp_mod(&em_x, &em_a, &e, &em_n, &em_rr);
    }
    tacit_mpi_free(&e);
}

static void pick_prepare(unsigned char *in, int cls)
{
    unsigned char r;
    tl_random(&r, 1);
    in[0] = (unsigned char)cls;
    in[1] = (unsigned char)(r % POOL);
}

/* ---- ECC P-256: a scalar with many zero bits versus random ones -------------- */

static tacit_ecp_keypair ec_key[2][POOL];
static unsigned char ec_peer[65];

static int ec_setup(void)
{
    static int done;
    tacit_ecp_keypair peer;
    size_t olen;
    int c, i, ret;
    if (done) {
        return 0;
    }
    for (c = 0; c < 2; c++) {
        for (i = 0; i < POOL; i++) {
            unsigned char d[32];
            if (c == 0) {
                memset(d, 0, sizeof(d)); /* sparse: a few bits set */
                d[31] = (unsigned char)(i + 1);
                d[0] = 0x40;
            } else {
                tl_random(d, sizeof(d));
                d[0] &= 0x7f;
            }
            tacit_ecp_keypair_init(&ec_key[c][i]);
            if ((ret = tacit_ecp_set_private(&ec_key[c][i], TACIT_ECP_SECP256R1, d, 32)) != 0) {
                return ret;
            }
        }
    }
    tacit_ecp_keypair_init(&peer);
    ret = tacit_ecp_gen_key(&peer, TACIT_ECP_SECP256R1, tl_rng, NULL);
    if (ret == 0) {
        ret = tacit_ecp_write_public_point(&peer, 0, ec_peer, sizeof(ec_peer), &olen);
    }
    tacit_ecp_keypair_free(&peer);
    done = ret == 0;
    return ret;
}

/* The class's key is copied to one place before each call (see tl_rsa.c on layout). */
static tacit_ecp_keypair ec_work;

static void ec_arm(const unsigned char *in)
{
    memcpy(&ec_work, &ec_key[in[0]][in[1]], sizeof(ec_work));
}

static void ecdsa_run(const unsigned char *in)
{
    unsigned char sig[64], hash[32] = { 1, 2, 3 };
    size_t slen;
    (void)in; /* ec_arm put the key in place */
    (void)tacit_ecdsa_sign_raw(&ec_work, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &slen, NULL,
                               NULL);
}

static void ecdh_run(const unsigned char *in)
{
    unsigned char out[32];
    size_t olen;
    (void)in;
    (void)tacit_ecdh_compute_shared(&ec_work, ec_peer, sizeof(ec_peer), out, sizeof(out), &olen,
                                    NULL, NULL);
}

/* ---- ML-KEM-768 decapsulation: valid ciphertexts versus invalid ones ---------- */

/*
 * One key; class 0 decapsulates ciphertexts that re-encrypt to themselves,
 * class 1 the same ciphertexts with one bit flipped (implicit rejection).
 * The comparison and the choice of K' or J(z, c) are where an early exit or
 * a branch would show.  The ciphertext is copied to one place before each
 * call.
 */
#if defined(TACIT_MLKEM_C)
static unsigned char kem_dk[TACIT_MLKEM768_DK_BYTES];
static unsigned char kem_ct[2][POOL][TACIT_MLKEM768_CT_BYTES];
static unsigned char kem_work[TACIT_MLKEM768_CT_BYTES];

static int kem_setup(void)
{
    static int done;
    unsigned char ek[TACIT_MLKEM768_EK_BYTES], ss[32];
    int i, ret;
    if (done) {
        return 0;
    }
    if ((ret = tacit_mlkem_keygen(TACIT_MLKEM_768, ek, kem_dk, tl_rng, NULL)) != 0) {
        return ret;
    }
    for (i = 0; i < POOL; i++) {
        unsigned char r[2];
        if ((ret = tacit_mlkem_encaps(TACIT_MLKEM_768, ek, kem_ct[0][i], ss, tl_rng, NULL)) != 0) {
            return ret;
        }
        memcpy(kem_ct[1][i], kem_ct[0][i], TACIT_MLKEM768_CT_BYTES);
        tl_random(r, sizeof(r));
        kem_ct[1][i][(r[0] | (r[1] << 8)) % TACIT_MLKEM768_CT_BYTES] ^= 0x01;
    }
    done = 1;
    return 0;
}

static void kem_arm(const unsigned char *in)
{
    memcpy(kem_work, kem_ct[in[0]][in[1]], sizeof(kem_work));
}

static void kem_run(const unsigned char *in)
{
    unsigned char ss[32];
    (void)in;
    (void)tacit_mlkem_decaps(TACIT_MLKEM_768, kem_dk, kem_work, ss);
}
#endif

/*
 * ---- the AVX-512 IFMA exponentiation (valgrind cannot run it) ---------------
 * The kernel itself (exp_ifma.c), called directly so that no other path can
 * stand in for it: a 2048-bit modulus (32 limbs, 512-bit vectors), and the
 * interleaved pair of 1024-bit ladders of an RSA-2048 CRT signature (the
 * paired 512-bit ladder on Zen 5, two 256-bit products side by side
 * elsewhere).  Fixed class: exponent 2^(bits-1)+1; random class: random
 * exponents with the top bit set (equal lengths, as for exp-mod-1024).
 * Setup runs the kernel once and skips the target when it returns 0 (the
 * CPU has no IFMA, or this build has no IFMA kernel).
 */
#if defined(TACIT_MPI_HAVE_X86_64_IFMA)
#define IF_LIMBS 32 /* 2048 bits */
#define IF2_LIMBS 16
static tacit_mpi_uint if_n[IF_LIMBS], if_a[IF_LIMBS], if_rr[IF_LIMBS], if_x[IF_LIMBS];
static tacit_mpi_uint if2_n[2][IF2_LIMBS], if2_a[2][IF2_LIMBS], if2_rr[2][IF2_LIMBS];
static tacit_mpi_uint if2_x[2][IF2_LIMBS];
static int if_ok;

static void if_random_odd(tacit_mpi_uint *n, tacit_mpi_uint *a, tacit_mpi_uint *rr, size_t limbs)
{
    unsigned char buf[IF_LIMBS * 8];

    tl_random(buf, limbs * 8);
    buf[0] |= 0x80;
    buf[limbs * 8 - 1] |= 1;
    (void)tacit_mpi_core_read_be(n, limbs, buf, limbs * 8);
    tl_random(buf, limbs * 8);
    buf[0] &= 0x7f;
    (void)tacit_mpi_core_read_be(a, limbs, buf, limbs * 8);
    tacit_mpi_core_get_mont_r2_unsafe(rr, n, limbs);
}

static void if_exponent(tacit_mpi_uint *e, size_t limbs, const unsigned char *in)
{
    (void)tacit_mpi_core_read_be(e, limbs, in, limbs * 8);
}

static int if_setup(void)
{
    tacit_mpi_uint e[IF_LIMBS] = { 1 };
    int i;

    if_random_odd(if_n, if_a, if_rr, IF_LIMBS);
    for (i = 0; i < 2; i++) {
        if_random_odd(if2_n[i], if2_a[i], if2_rr[i], IF2_LIMBS);
    }
    /* the kernel's own answer: 1 when it ran */
    if_ok = tacit_mpi_core_ifma_exp_mod(if_x, if_a, if_n, IF_LIMBS, e, 1, if_rr) &&
            tacit_mpi_core_ifma_exp_mod_x2(if2_x[0], if2_a[0], if2_n[0], e, if2_rr[0], if2_x[1],
                                           if2_a[1], if2_n[1], e, if2_rr[1], IF2_LIMBS, 1);
    return 0;
}

static const char *if_skip(void)
{
    (void)if_setup();
    return if_ok ? NULL
                 : "this CPU (or OS) has no AVX-512 IFMA: the IFMA exponentiation does not run";
}

/* 2 x 128 bytes: the two CRT exponents (the 2048-bit target reads all 256) */
static void if_prepare(unsigned char *in, int cls)
{
    int h;

    if (cls == 0) {
        memset(in, 0, 256);
        for (h = 0; h < 2; h++) {
            in[128 * h] = 0x80;
            in[128 * h + 127] = 1;
        }
    } else {
        tl_random(in, 256);
        in[0] |= 0x80;
        in[128] |= 0x80;
    }
}

static void if_run(const unsigned char *in)
{
    tacit_mpi_uint e[IF_LIMBS];
    if_exponent(e, IF_LIMBS, in);
    (void)tacit_mpi_core_ifma_exp_mod(if_x, if_a, if_n, IF_LIMBS, e, IF_LIMBS, if_rr);
}

static void if2_run(const unsigned char *in)
{
    tacit_mpi_uint e1[IF2_LIMBS], e2[IF2_LIMBS];
    if_exponent(e1, IF2_LIMBS, in);
    if_exponent(e2, IF2_LIMBS, in + 128);
    (void)tacit_mpi_core_ifma_exp_mod_x2(if2_x[0], if2_a[0], if2_n[0], e1, if2_rr[0], if2_x[1],
                                         if2_a[1], if2_n[1], e2, if2_rr[1], IF2_LIMBS, IF2_LIMBS);
}
#else
static int if_setup(void)
{
    return 0;
}

static const char *if_skip(void)
{
    return "no IFMA exponentiation in this build (x86-64, 64-bit limbs, assembly, not -Os)";
}

static void if_prepare(unsigned char *in, int cls)
{
    (void)in;
    (void)cls;
}

static void if_run(const unsigned char *in)
{
    (void)in;
}
#define if2_run if_run
#endif

/* ---- the ecp table scan with AVX-512 (valgrind cannot run it) ---------------- */

/* The small profile has no table select (ecp_small_mul.c): skipped there. */
#if defined(TACIT_ECP_X86_64_AVX512) && !defined(TACIT_ECP_SMALL)
#define TL_ECP_SELECT
#endif

/* One comb table's shape: 64 entries of 64 bytes (an affine P-256 point). */
#if defined(TL_ECP_SELECT)
static tacit_mpi_uint sel_table[64 * 64 / sizeof(tacit_mpi_uint)] __attribute__((aligned(64)));
#endif

static int sel_setup(void)
{
#if defined(TL_ECP_SELECT)
    tl_random((unsigned char *)sel_table, sizeof(sel_table));
#endif
    return 0;
}

static const char *sel_skip(void)
{
#if defined(TL_ECP_SELECT)
    if (tacit_ecp_cpu_has_avx512()) {
        return NULL;
    }
    return "this CPU (or OS) has no AVX-512F/VL: tacit_ecp_select does not run the AVX-512 scan";
#else
    return "no AVX-512 table scan in this build (x86-64, 64-bit limbs, not the small profile)";
#endif
}

static void sel_prepare(unsigned char *in, int cls)
{
    unsigned char r;

    tl_random(&r, 1);
    in[0] = cls == 0 ? 0 : (unsigned char)(r % 64); /* the first entry vs any */
}

static void sel_run(const unsigned char *in)
{
#if defined(TL_ECP_SELECT)
    static tacit_mpi_uint out[64 / sizeof(tacit_mpi_uint)];
    size_t t;

    /* 32 scans a measurement (some 2000 cycles): one alone is short next to
     * the counter's granularity, which the cropped tests then pick up */
    for (t = 0; t < 32; t++) {
        tacit_ecp_select(out, sel_table, 64 / sizeof(tacit_mpi_uint), 64, in[0]);
    }
#else
    (void)in;
#endif
}

/* ---- ML-DSA ------------------------------------------------------------------ */
#if defined(TACIT_MLDSA_C)

/*
 * The secret arithmetic of one signing attempt on one polynomial: y into
 * the NTT domain, times a fixed challenge, back, z = y + c s, the norm
 * test, Decompose of every coefficient, the hint comparison and packing.
 * Fixed class: y = 0; random class: y uniform mod q.
 */
static tacit_mldsa_poly md_c, md_s;

static int md_setup(void)
{
    unsigned i;
    unsigned char r[256];
    const tacit_mldsa_kernel *k = tacit_mldsa_kernel_get();

    tl_random(r, sizeof(r));
    for (i = 0; i < 256; i++) {
        md_c.c[i] = (r[i] % 3) - 1;
        md_s.c[i] = (r[i] >> 2) % 9 - 4;
    }
    k->ntt(md_c.c);
    k->ntt(md_s.c);
    return 0;
}

static void md_prepare(unsigned char *in, int cls)
{
    unsigned i;
    int32_t *y = (int32_t *)(void *)in;

    tl_random(in, 1024);
    for (i = 0; i < 256; i++) {
        uint32_t v = ((uint32_t)in[4 * i] | ((uint32_t)in[4 * i + 1] << 8) |
                      ((uint32_t)(in[4 * i + 2] & 0x7f) << 16));
        y[i] = cls == 0 ? 0 : (int32_t)(v % TACIT_MLDSA_Q);
    }
}

static volatile uint32_t md_sink;

static void md_run(const unsigned char *in)
{
    const tacit_mldsa_kernel *k = tacit_mldsa_kernel_get();
    tacit_mldsa_poly y, t;
    unsigned char packed[640];
    uint32_t acc = 0;
    unsigned i;

    memcpy(y.c, in, sizeof(y.c));
    t = y;
    k->ntt(t.c);
    k->pointwise(t.c, t.c, md_c.c);
    k->pointwise_acc(t.c, md_s.c, md_c.c);
    k->invntt_tomont(t.c);
    tacit_mldsa_poly_add(&t, &t, &y);
    tacit_mldsa_poly_reduce(&t);
    acc ^= tacit_mldsa_poly_norm_mask(&t, (1 << 19) - 196);
    tacit_mldsa_poly_caddq(&t);
    for (i = 0; i < 256; i++) {
        int32_t r0;
        int32_t h1 = tacit_mldsa_decompose(&r0, t.c[i], (TACIT_MLDSA_Q - 1) / 32);
        int32_t h2 = tacit_mldsa_decompose(&r0, y.c[i], (TACIT_MLDSA_Q - 1) / 88);
        acc += (uint32_t)(h1 ^ h2) + (uint32_t)r0;
        t.c[i] = h1;
    }
    tacit_mldsa_pack(packed, t.c, 4, 0);
    md_sink = acc + packed[3];
}

/* Whole signing: reported, not judged (see the table). */
#define MD_POOL 8
static unsigned char md_sk[MD_POOL + 1][TACIT_MLDSA65_SK_BYTES];
static unsigned char md_work[TACIT_MLDSA65_SK_BYTES];

static int mds_setup(void)
{
    unsigned char pk[TACIT_MLDSA65_PK_BYTES], seed[32];
    unsigned i;

    for (i = 0; i <= MD_POOL; i++) {
        tl_random(seed, sizeof(seed));
        if (tacit_mldsa_keygen_seed(TACIT_MLDSA_65, seed, pk, md_sk[i]) != 0) {
            return -1;
        }
    }
    return 0;
}

static void mds_prepare(unsigned char *in, int cls)
{
    unsigned char r;
    tl_random(&r, 1);
    in[0] = cls == 0 ? 0 : (unsigned char)(1 + r % MD_POOL);
}

static void mds_arm(const unsigned char *in)
{
    memcpy(md_work, md_sk[in[0]], sizeof(md_work));
}

static void mds_run(const unsigned char *in)
{
    unsigned char sig[TACIT_MLDSA65_SIG_BYTES], msg[32] = { 1, 2, 3 };
    size_t slen;
    (void)in;
    (void)tacit_mldsa_sign_det(TACIT_MLDSA_65, md_work, msg, sizeof(msg), NULL, 0, sig, sizeof(sig),
                               &slen);
}
#endif

const tl_target tl_targets[] = {
    { "control-memcmp", "early-exit compare: equal (fixed) vs random 64 bytes", 64, ctl_setup, NULL,
      ctl_prepare, NULL, ctl_run, 1, TL_CONTROL },
    { "hmac-verify", "HMAC-SHA-256 verify: tag wrong in byte 0 vs wrong in byte 31", 32, hm_setup,
      NULL, hm_prepare, NULL, hm_run, 2, TL_JUDGED },
    { "base64-decode", "1 KiB of secret base64: only letters vs all 64 characters", B64_LEN, NULL,
      NULL, b64_prepare, NULL, b64_run, 3, TL_JUDGED },
    { "exp-mod-1024", "exp_mod 1024-bit: exponent 2^1023+1 vs random 1024-bit exponents", 128,
      em_setup, NULL, em_prepare, NULL, em_run, 300, TL_JUDGED },
    { "inv-mod-1024", "inverse modulo a 1024-bit prime: A = 1 vs random 1023-bit A", 128, iv_setup,
      NULL, iv_prepare, NULL, iv_run, 100, TL_JUDGED },
    { "ecdsa-p256-sign", "ECDSA P-256 sign: sparse private scalars vs random", 2, ec_setup, NULL,
      pick_prepare, ec_arm, ecdsa_run, 100, TL_JUDGED },
    { "ecdh-p256", "ECDH P-256: sparse private scalars vs random", 2, ec_setup, NULL, pick_prepare,
      ec_arm, ecdh_run, 200, TL_JUDGED },
#if defined(TACIT_MLKEM_C)
    { "mlkem768-decaps", "ML-KEM-768 decaps: valid ciphertexts vs one bit flipped (rejected)", 2,
      kem_setup, NULL, pick_prepare, kem_arm, kem_run, 60, TL_JUDGED },
#endif
    { "ecp-select-avx512", "ecp table scan (AVX-512), 64 x 64 bytes: index 0 vs random index", 1,
      sel_setup, sel_skip, sel_prepare, NULL, sel_run, 8, TL_JUDGED },
#if defined(TACIT_MLDSA_C)
    { "mldsa-sign-arith",
      "ML-DSA signing arithmetic on a secret polynomial (NTT, c*s, norm, Decompose, pack): "
      "y = 0 vs random y",
      1024, md_setup, NULL, md_prepare, NULL, md_run, 20, TL_JUDGED },
    { "mldsa65-sign",
      "ML-DSA-65 sign: one key vs 8 others (the attempt count and challenge differ: public)", 1,
      mds_setup, NULL, mds_prepare, mds_arm, mds_run, 400, TL_PUBLIC },
#endif
    { "exp-mod-ifma-2048",
      "IFMA exp_mod kernel, 2048-bit: exponent 2^2047+2^1023+1 vs random 2048-bit exponents", 256,
      if_setup, if_skip, if_prepare, NULL, if_run, 900, TL_JUDGED },
    { "exp-mod-ifma-x2",
      "IFMA paired 1024-bit ladders (RSA-2048 CRT): exponents 2^1023+1 vs random 1024-bit", 256,
      if_setup, if_skip, if_prepare, NULL, if2_run, 600, TL_JUDGED },
};
const size_t tl_n_targets = sizeof(tl_targets) / sizeof(tl_targets[0]);
