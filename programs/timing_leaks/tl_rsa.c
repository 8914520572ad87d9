/*
 * The RSA targets.
 *
 * Why they look the way they do (the finding of #17, in README.md "Timing
 * tests"): signing with two different keys A and B gave |t| = 118 on a quiet
 * machine, and the difference turned out to follow WHERE the key lay in
 * memory, not what it held.  With the x86-64 ADX Montgomery kernel of that
 * time, the key's limb cache (ctx->cache, one heap block per key) at some
 * offsets modulo 4096 made loads of the prime p or q falsely wait on stores
 * with the same address bits 0..11 (4K aliasing).  A scan of the cache's
 * offset showed two bumps of up to +4.4 % of a signature, flat elsewhere;
 * key A's data at key A's address versus at key B's address gave |t| = 184,
 * while A and B copied to one address gave |t| = 0.2.  (The 8x8 ADX kernel
 * that replaced it scans flat within noise.)  Addresses are public (they
 * depend on the allocator, not on any secret), so that was not a leak -- but
 * it was large enough to hide or fake one, so every target here copies the
 * class's key into ONE working context and cache before each call (arm,
 * outside the timed region).
 *
 * Two different RSA keys also differ in public data: n (the blinding
 * inverse modulo n and the check s^e mod n are variable-time in public
 * values by design).  "Two private keys of one size" with nothing public
 * differing exists, though: (p, q) and (q, p) are two private keys of the
 * same public key -- every CRT secret (p, q, dP, dQ, qInv) differs.  That
 * is the judged rsa-sign target; two keys with different n are a separate,
 * reported-but-not-judged row.  (d versus d + lambda(n) would be a
 * secret-only change too, but the CRT path never uses d, and dP versus
 * dP + (p - 1) does not fit the fixed limb length -- import requires
 * dP = d mod (p - 1).)
 */
#include <string.h>

#include "tacit/bignum.h"
#include "tacit/rsa.h"
#include "tl.h"

#define POOL 64        /* prepared inputs per class, picked at random per measurement */
#define CACHE_MAX 2048 /* limbs: more than an RSA-2048 key's cache */

static tacit_rsa_context key[3]; /* A, B, and A with p and q swapped */
static unsigned char ct_valid[POOL][256], ct_bad[POOL][256];
static unsigned char oaep_valid[POOL][256], oaep_bad[POOL][256];

/*
 * The working context: the key of the measurement's class is copied here
 * before the call.  The struct and the limb cache are plain data (the mpi
 * fields keep pointing at the original's, which signing does not write).
 */
static tacit_rsa_context work;
static tacit_mpi_uint work_cache[CACHE_MAX];

static void put_key(const tacit_rsa_context *k, tacit_mpi_uint *where)
{
    memcpy(&work, k, sizeof(work));
    memcpy(where, k->cache, k->cache_limbs * sizeof(tacit_mpi_uint));
    work.cache = where;
}

static int rsa_setup(void)
{
    static int done;
    size_t olen;
    int i, ret;

    if (done) {
        return 0;
    }
    for (i = 0; i < 2; i++) {
        tacit_rsa_init(&key[i]);
        if ((ret = tacit_rsa_gen_key(&key[i], 2048, 65537, tl_rng, NULL)) != 0) {
            return ret;
        }
    }
    tacit_rsa_init(&key[2]);
    /* the same n, e and d; P and Q swapped, so DP, DQ and QP change too */
    if ((ret = tacit_rsa_import(&key[2], &key[0].N, &key[0].Q, &key[0].P, &key[0].D, &key[0].E)) !=
            0 ||
        tacit_mpi_cmp_mpi(&key[2].P, &key[0].Q) != 0 || key[0].cache_limbs > CACHE_MAX ||
        key[1].cache_limbs != key[0].cache_limbs || key[2].cache_limbs != key[0].cache_limbs) {
        return -1;
    }
    for (i = 0; i < POOL; i++) {
        unsigned char msg[32];
        tl_random(msg, sizeof(msg));
        if (tacit_rsa_pkcs1_encrypt(&key[0], msg, 32, ct_valid[i], 256, &olen, tl_rng, NULL) != 0 ||
            tacit_rsa_oaep_encrypt(&key[0], TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, msg, 32,
                                   oaep_valid[i], 256, &olen, tl_rng, NULL) != 0) {
            return -1;
        }
        /* Random values below n: almost surely bad padding. */
        tl_random(ct_bad[i], 256);
        ct_bad[i][0] = 0x01;
        tl_random(oaep_bad[i], 256);
        oaep_bad[i][0] = 0x01;
    }
    done = 1;
    return 0;
}

/* ---- signing: in[0] = class, in[1..32] = the hash ------------------------------ */

static void sign_prepare(unsigned char *in, int cls)
{
    in[0] = (unsigned char)cls;
    tl_random(in + 1, 32);
}

static void sign_fixed_hash_prepare(unsigned char *in, int cls)
{
    in[0] = (unsigned char)cls;
    if (cls == 0) {
        memset(in + 1, 0x5a, 32);
    } else {
        tl_random(in + 1, 32);
    }
}

static void arm_swapped(const unsigned char *in)
{
    put_key(&key[in[0] == 0 ? 0 : 2], work_cache);
}

static void arm_two_keys(const unsigned char *in)
{
    put_key(&key[in[0]], work_cache);
}

static void arm_key_a(const unsigned char *in)
{
    (void)in;
    put_key(&key[0], work_cache);
}

static void sign_run(const unsigned char *in)
{
    unsigned char sig[256];
    size_t olen;
    (void)tacit_rsa_pkcs1_sign(&work, TACIT_MD_SHA256, in + 1, 32, sig, sizeof(sig), &olen, NULL,
                               NULL);
}

/*
 * ---- placement alone: key A at two offsets of a page ----------------------------
 * Setup times a few signatures with the working cache at each 16-byte offset
 * of a 4 KiB page and keeps the fastest and the slowest offset; the classes
 * then differ only in where the same key lies.
 */

static tacit_mpi_uint arena[2 * 4096 / sizeof(tacit_mpi_uint) + CACHE_MAX];
static tacit_mpi_uint *place[2];

static tacit_mpi_uint *arena_at(size_t off)
{
    /* the arena's first page boundary, plus off */
    size_t mis = (size_t)((uintptr_t)arena % 4096);
    return (tacit_mpi_uint *)((unsigned char *)arena + (mis ? 4096 - mis : 0) + off);
}

static int layout_setup(void)
{
    unsigned char in[33] = { 0 };
    uint64_t best = UINT64_MAX, worst = 0;
    size_t off;
    int ret = rsa_setup(), r;

    if (ret != 0) {
        return ret;
    }
    for (off = 0; off < 4096; off += 16) {
        uint64_t fastest = UINT64_MAX;
        put_key(&key[0], arena_at(off));
        for (r = 0; r < 5; r++) {
            uint64_t t0 = tl_cycles(), t;
            sign_run(in);
            t = tl_cycles() - t0;
            fastest = t < fastest ? t : fastest;
        }
        if (fastest < best) {
            best = fastest;
            place[0] = arena_at(off);
        }
        if (fastest > worst) {
            worst = fastest;
            place[1] = arena_at(off);
        }
    }
    return 0;
}

static void arm_layout(const unsigned char *in)
{
    put_key(&key[0], place[in[0]]);
}

/*
 * ---- the CRT exponentiations alone: x^dP mod p versus x^dQ mod q -------------
 * tacit_mpi_exp_mod with a secret modulus and exponent of one length; the
 * class's values are copied into working numbers of fixed limb counts.
 */

static tacit_mpi crt_x, crt_a[POOL], crt_n, crt_e, crt_rr, crt_rrs[2];

static int crt_setup(void)
{
    static int done;
    unsigned char buf[128];
    int i, ret = rsa_setup();

    if (ret != 0 || done) {
        return ret;
    }
    tacit_mpi_init(&crt_x);
    tacit_mpi_init(&crt_n);
    tacit_mpi_init(&crt_e);
    tacit_mpi_init(&crt_rr);
    tacit_mpi_init(&crt_rrs[0]);
    tacit_mpi_init(&crt_rrs[1]);
    /* fixed limb counts for both classes (copies never shrink a number) */
    if (tacit_mpi_grow(&crt_n, key[0].P.n + 1) != 0 || tacit_mpi_grow(&crt_e, key[0].P.n + 1) ||
        tacit_mpi_grow(&crt_x, key[0].P.n + 1) != 0) {
        return -1;
    }
    for (i = 0; i < POOL; i++) {
        tacit_mpi_init(&crt_a[i]);
        tl_random(buf, sizeof(buf));
        buf[0] &= 0x3f; /* below both primes */
        if (tacit_mpi_read_binary(&crt_a[i], buf, sizeof(buf)) != 0) {
            return -1;
        }
    }
    /* R^2 of each prime, computed once (constant time) and then reused */
    if (tacit_mpi_exp_mod(&crt_x, &crt_a[0], &key[0].DP, &key[0].P, &crt_rrs[0]) != 0 ||
        tacit_mpi_exp_mod(&crt_x, &crt_a[0], &key[0].DQ, &key[0].Q, &crt_rrs[1]) != 0 ||
        tacit_mpi_grow(&crt_rr, crt_rrs[0].n > crt_rrs[1].n ? crt_rrs[0].n : crt_rrs[1].n) != 0) {
        return -1;
    }
    done = 1;
    return 0;
}

static void pick_prepare(unsigned char *in, int cls)
{
    unsigned char r;
    tl_random(&r, 1);
    in[0] = (unsigned char)cls;
    in[1] = (unsigned char)(r % POOL);
}

static void arm_crt(const unsigned char *in)
{
    int q = in[0];
    (void)tacit_mpi_copy(&crt_n, q ? &key[0].Q : &key[0].P);
    (void)tacit_mpi_copy(&crt_e, q ? &key[0].DQ : &key[0].DP);
    (void)tacit_mpi_copy(&crt_rr, &crt_rrs[q]);
}

static void crt_run(const unsigned char *in)
{
    (void)tacit_mpi_exp_mod(&crt_x, &crt_a[in[1]], &crt_e, &crt_n, &crt_rr);
}

/* ---- decryption with key A: valid versus invalid padding ----------------------- */

static void pkcs1_dec_run(const unsigned char *in)
{
    unsigned char out[256];
    size_t olen;
    const unsigned char *ct = in[0] == 0 ? ct_valid[in[1]] : ct_bad[in[1]];
    (void)tacit_rsa_pkcs1_decrypt(&work, ct, 256, out, sizeof(out), &olen, NULL, NULL);
}

static void oaep_dec_run(const unsigned char *in)
{
    unsigned char out[256];
    size_t olen;
    const unsigned char *ct = in[0] == 0 ? oaep_valid[in[1]] : oaep_bad[in[1]];
    (void)tacit_rsa_oaep_decrypt(&work, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, ct, 256, out,
                                 sizeof(out), &olen, NULL, NULL);
}

const tl_target tl_rsa_targets[TL_RSA_TARGETS] = {
    { "rsa-sign",
      "RSA-2048 PKCS#1 v1.5 sign: private key (p, q) vs (q, p) of the same public key (every CRT "
      "secret differs, n and e do not)",
      33, rsa_setup, NULL, sign_prepare, arm_swapped, sign_run, 1500, TL_JUDGED },
    { "rsa-sign-msg", "RSA-2048 PKCS#1 v1.5 sign, one key: a fixed hash vs random hashes", 33,
      rsa_setup, NULL, sign_fixed_hash_prepare, arm_key_a, sign_run, 1500, TL_JUDGED },
    { "rsa-crt-exp",
      "exp_mod 1024-bit, secret modulus: x^dP mod p vs x^dQ mod q (one key's two CRT halves)", 2,
      crt_setup, NULL, pick_prepare, arm_crt, crt_run, 700, TL_JUDGED },
    { "rsa-pkcs1-decrypt", "RSA-2048 PKCS#1 v1.5 decrypt: valid vs invalid padding", 2, rsa_setup,
      NULL, pick_prepare, arm_key_a, pkcs1_dec_run, 1500, TL_JUDGED },
    { "rsa-oaep-decrypt", "RSA-2048 OAEP decrypt: valid vs invalid", 2, rsa_setup, NULL,
      pick_prepare, arm_key_a, oaep_dec_run, 1500, TL_JUDGED },
    { "rsa-sign-keys", "RSA-2048 sign: key A vs key B (n differs), both at one address", 33,
      rsa_setup, NULL, sign_prepare, arm_two_keys, sign_run, 1500, TL_PUBLIC },
    { "rsa-sign-layout",
      "RSA-2048 sign: key A at the fastest vs the slowest 16-byte offset in a page (does "
      "placement alone matter?)",
      33, layout_setup, NULL, sign_prepare, arm_layout, sign_run, 1500, TL_PUBLIC },
};
