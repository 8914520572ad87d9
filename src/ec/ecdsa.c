/*
 * ECDSA signing (RFC 6979 nonces, optionally hedged) and verification.
 *
 * Signing, with e the truncated hash, d the key and k the nonce:
 *     r = x(k G) mod n,  s = k^-1 (e + r d) mod n
 * in Montgomery form mod n (tacit_ecp_sc_*), constant time; k G uses the
 * masked fixed-base comb.  The only values revealed are r == 0 or s == 0
 * (a retry with the next nonce, probability ~2^-256) and the range verdict
 * on rejected nonce candidates.
 *
 * Verification handles public values only: u1 = e/s, u2 = r/s and
 * tacit_ecp_muladd_check_x_unsafe (s is inverted with the constant-time
 * safegcd, faster than a leaky Euclid would be).  The small profile has no
 * leaky path: its verification is constant time and doubles as the fault
 * check.
 *
 * Fault countermeasure: a signature is checked against the public key before
 * it is released (unless TACIT_ECDSA_NO_FAULT_CHECK).  One faulty signature
 * next to a good one of the same message shares the deterministic nonce,
 * which gives the private key away; a faulty one never leaves sign_checked.
 * The check (fault_check) evaluates the verification equation with one
 * fixed-base comb and the secret d, constant time in d.
 */
#include "bignum/bignum_core.h"
#include "ec/ecp_internal.h"
#include "tacit/ecdsa.h"
#include "tacit/asn1.h"
#include "tacit/hmac_drbg.h"
#include "hash/hmac_internal.h"

#if defined(TACIT_ECDSA_C)

#include <string.h>

#if defined(TACIT_TEST_HOOKS)
int tacit_ecdsa_test_fault = 0;
int tacit_ecdsa_test_reject_k = 0;
int tacit_ecdsa_test_zero_rs = 0;
#endif

#if !defined(TACIT_ECDSA_NO_FAULT_CHECK)
static int fault_check(const tacit_ecp_curve *c, const tacit_ecp_keypair *key,
                       const unsigned char *hash, size_t hlen, const unsigned char *sig,
                       const tacit_mpi_uint *w_in, tacit_rng_func f_rng, void *p_rng);
#endif

static tacit_md_type md_for_len(tacit_md_type md, size_t hlen)
{
    if (md != TACIT_MD_NONE && tacit_md_size(md) != 0) {
        return md;
    }
    switch (hlen) {
    case 20:
        return TACIT_MD_SHA1;
    case 28:
        return TACIT_MD_SHA224;
    case 48:
        return TACIT_MD_SHA384;
    case 64:
        return TACIT_MD_SHA512;
    default:
        return TACIT_MD_SHA256;
    }
}

/* k = bits2int(T): the leftmost c->bits bits of T (c->bytes long) */
static void bits2int(const tacit_ecp_curve *c, tacit_mpi_uint *k, const unsigned char *t)
{
    unsigned shift = (unsigned)(c->bytes * 8 - c->bits);
    size_t i;

    tacit_ecp_from_bytes(k, c->limbs, t, c->bytes);
    if (shift != 0) {
        for (i = 0; i < c->limbs; i++) {
            k[i] = (k[i] >> shift) |
                   (i + 1 < c->limbs ? k[i + 1] << (TACIT_MPI_LIMB_BITS - shift) : 0);
        }
    }
}

/*
 * k = candidate nonce number `index` (0, 1, ...) of RFC 6979 section 3.2:
 * HMAC_DRBG seeded with the key, h1 = e and the hedge `extra`, generated
 * index times (each generate ends with the K, V update that section 3.2
 * step h.3 asks before a retry), then candidate `index` drawn as step h.2
 * draws it, V = HMAC_K(V) until there are enough bytes, without that
 * update: it would serve only a next candidate, and a retry draws all of
 * them again.  That saves 6 of the 26 hash compressions of a P-256 nonce
 * with SHA-256.  The DRBG lives only in this frame, not across the scalar
 * multiplication: about 400 bytes less stack on the deepest path of
 * signing.  A retry (a candidate out of range, r or s zero:
 * probability ~2^-32 on P-256, less elsewhere) draws the earlier
 * candidates again.
 */
#if defined(TACIT_HMAC256_FAST) && !defined(TACIT_ECP_SMALL)
#define ECDSA_NONCE_SHA256
/*
 * RFC 6979 section 3.2 with SHA-256, candidate 0: the steps of nonce()
 * below on bare HMAC-SHA256 states (hash/hmac_internal.h), without the
 * DRBG's md contexts.  Step b/c's key K = 0 is 32 zero bytes, whose padded
 * block is the empty key's: its two states (SHA-256 of the IV over 64
 * bytes 0x36 and 64 bytes 0x5c, constants) are below instead of two
 * compressions per signature.  The same bytes as the DRBG's: the RFC 6979
 * and hedged vectors of test_ecdsa run through here.  18 compressions for
 * a P-256 nonce.  Not in the small profile (TACIT_ECP_SMALL), whose
 * size limit keeps the one DRBG path.
 */
static const tacit_hmac256_key hmac256_zero_key = {
    { 0xf454deadu, 0x9725214fu, 0x90daf2a0u, 0xdf1228eau, 0x64e5750fu, 0xa3924181u, 0x824a932bu,
      0xf8e04e32u },
    { 0xd385480fu, 0x7abb6477u, 0x37c9c538u, 0x5dd82467u, 0x8e043a72u, 0x753434b0u, 0xdeb82818u,
      0x361d45a6u }
};

static void nonce_sha256(const tacit_ecp_curve *c, const tacit_ecp_keypair *key,
                         const tacit_mpi_uint *e, const unsigned char *extra, size_t elen,
                         tacit_mpi_uint *k)
{
    tacit_hmac256_key K;
    /* V || sep || int2octets(x) || bits2octets(h1) || extra */
    unsigned char m[32 + 1 + 2 * TACIT_ECP_MAX_BYTES + 32], x[TACIT_ECP_MAX_BYTES + 32], v[32];
    size_t mlen = 33 + 2 * c->bytes + elen, off, n;

    memset(m, 0x01, 32); /* V = 0x01 ... */
    m[32] = 0x00;
    tacit_ecp_to_bytes(key->d, c->limbs, m + 33, c->bytes);
    tacit_ecp_to_bytes(e, c->limbs, m + 33 + c->bytes, c->bytes);
    if (elen > 0) {
        memcpy(m + 33 + 2 * c->bytes, extra, elen);
    }
    tacit_hmac256_mac(&hmac256_zero_key, m, mlen, NULL, 0, NULL, 0, x); /* K = HMAC_0(V||00||.) */
    tacit_hmac256_setkey(&K, x, 32);
    tacit_hmac256_mac(&K, m, 32, NULL, 0, NULL, 0, v); /* V = HMAC_K(V) */
    memcpy(m, v, 32);
    m[32] = 0x01;
    tacit_hmac256_mac(&K, m, mlen, NULL, 0, NULL, 0, x); /* K = HMAC_K(V||01||.) */
    tacit_hmac256_setkey(&K, x, 32);
    tacit_hmac256_mac(&K, m, 32, NULL, 0, NULL, 0, v); /* V = HMAC_K(V) */
    for (off = 0; off < c->bytes; off += n) {          /* step h.2: V = HMAC_K(V) */
        tacit_hmac256_mac(&K, v, 32, NULL, 0, NULL, 0, v);
        n = c->bytes - off < 32 ? c->bytes - off : 32;
        memcpy(x + off, v, n);
    }
    bits2int(c, k, x);
    tacit_platform_zeroize(&K, sizeof(K));
    tacit_platform_zeroize(m, sizeof(m));
    tacit_platform_zeroize(x, sizeof(x));
    tacit_platform_zeroize(v, sizeof(v));
}
#endif

TACIT_NOINLINE static int nonce(const tacit_ecp_curve *c, const tacit_ecp_keypair *key,
                                tacit_md_type md, const tacit_mpi_uint *e,
                                const unsigned char *extra, size_t elen, int index,
                                tacit_mpi_uint *k)
{
    tacit_hmac_drbg_context drbg;
    unsigned char x[TACIT_ECP_MAX_BYTES], h1[TACIT_ECP_MAX_BYTES];
    size_t off, n;
    int ret, i;

#if defined(ECDSA_NONCE_SHA256)
    if (md == TACIT_MD_SHA256 && index == 0) { /* public: the hash, the retry count */
        nonce_sha256(c, key, e, extra, elen, k);
        return 0;
    }
#endif
    tacit_hmac_drbg_init(&drbg);
    tacit_ecp_to_bytes(key->d, c->limbs, x, c->bytes);
    tacit_ecp_to_bytes(e, c->limbs, h1, c->bytes);
    ret = tacit_hmac_drbg_seed_buf(&drbg, md, x, c->bytes, h1, c->bytes, extra, elen);
    for (i = 0; ret == 0 && i < index; i++) {
        ret = tacit_hmac_drbg_generate(&drbg, x, c->bytes, NULL, 0);
    }
    /* step h.2: T = V || V || ..., V = HMAC_K(V); drbg.hmac is keyed with K */
    for (off = 0; ret == 0 && off < c->bytes; off += n) {
        ret = tacit_hmac_update(&drbg.hmac, drbg.V, drbg.hlen);
        if (ret == 0) {
            ret = tacit_hmac_finish(&drbg.hmac, drbg.V);
        }
        n = c->bytes - off < drbg.hlen ? c->bytes - off : drbg.hlen;
        memcpy(x + off, drbg.V, n);
    }
    if (ret == 0) {
        bits2int(c, k, x);
    }
    tacit_hmac_drbg_free(&drbg);
    tacit_platform_zeroize(x, sizeof(x));
    return ret;
}

/* r||s into sig (2 * bytes); f_rng is not NULL */
TACIT_NOINLINE static int sign_core(const tacit_ecp_curve *c, const tacit_ecp_keypair *key,
                                    tacit_md_type md, const unsigned char *hash, size_t hlen,
                                    unsigned char *sig, tacit_mpi_uint *w, int hedge,
                                    tacit_rng_func f_rng, void *p_rng)
{
    unsigned char extra[32];
    size_t elen = 0;
    tacit_mpi_uint e[TACIT_ECP_N], k[TACIT_ECP_N], r[TACIT_ECP_N], s[TACIT_ECP_N];
    tacit_mpi_uint tmp[TACIT_ECP_N];
    int ret, tries;

    tacit_ecp_sc_from_hash(c, e, hash, hlen);
    md = md_for_len(md, hlen);
    if (hedge) {
        if (f_rng(p_rng, extra, sizeof(extra)) != 0) {
            ret = TACIT_ERR_RNG_FAILED;
            goto cleanup;
        }
        elen = sizeof(extra);
    }
    ret = TACIT_ERR_CORRUPTION_DETECTED;
    for (tries = 0; tries < 16; tries++) {
        if ((ret = nonce(c, key, md, e, extra, elen, tries, k)) != 0) {
            goto cleanup;
        }
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_reject_k > 0) { /* this candidate taken as out of range */
            tacit_ecdsa_test_reject_k--;
            memset(k, 0, sizeof(k));
        }
#endif
        /* a candidate out of [1, n-1] is discarded: its verdict may show */
        if (!tacit_ct_declassify_u32((uint32_t)(tacit_ecp_sc_in_range_ct(c, k) & 1u))) {
            ret = TACIT_ERR_CORRUPTION_DETECTED;
            continue;
        }
        /* x(k G) into tmp (s takes the y coordinate, unused) */
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_fault == 2) { /* a glitch in k G: a valid point, the wrong one */
            tacit_ecdsa_test_fault = 0;
            memcpy(r, k, sizeof(r));
            r[0] ^= 4;
            ret = tacit_ecp_mul_base_ct(c, tmp, s, r, f_rng, p_rng);
        } else
#endif
            ret = tacit_ecp_mul_base_ct(c, tmp, s, k, f_rng, p_rng);
        if (ret != 0) {
            goto cleanup;
        }
        /* r = x mod n (x < p < 2n) */
        tacit_ecp_fe_from_mont(c, tmp, tmp);
        tacit_ecp_sc_reduce_once(c, r, tmp);
        /* s = k^-1 (e + r d): Montgomery forms cancel as commented */
        tacit_ecp_sc_mul(c, tmp, r, c->rr_n);  /* r R */
        tacit_ecp_sc_mul(c, tmp, tmp, key->d); /* r d */
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_fault == 3) { /* a glitch in e */
            tacit_ecdsa_test_fault = 0;
            e[0] ^= 2;
        }
#endif
        tacit_ecp_modadd(tmp, tmp, e, c->n, c->limbs); /* e + r d */
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_fault == 1) { /* a glitch in the scalar arithmetic */
            tacit_ecdsa_test_fault = 0;
            tmp[0] ^= 1;
        }
#endif
        /*
         * One inversion for two: with t = e + r d, z = (k t)^-1 gives
         * k^-1 = z t for s, and s^-1 = k t^-1 = z k^2 for the fault check
         * (which checks it against the released s before using it).
         * t = 0 makes s = 0: next nonce, as below.  w ends as s^-1 R.
         */
        tacit_ecp_sc_mul(c, s, k, c->rr_n);   /* k R */
        tacit_ecp_sc_mul(c, w, tmp, c->rr_n); /* t R */
        tacit_ecp_sc_mul(c, k, s, w);         /* k t R */
        tacit_ecp_sc_inv(c, k, k);            /* z = (k t)^-1 R */
        tacit_ecp_sc_mul(c, w, k, w);         /* k^-1 R */
        tacit_ecp_sc_mul(c, k, k, s);         /* t^-1 R */
        tacit_ecp_sc_mul(c, k, k, s);         /* s^-1 R = k t^-1 R */
        tacit_ecp_sc_mul(c, s, w, tmp);       /* s = k^-1 (e + r d) */
        memcpy(w, k, c->limbs * sizeof(tacit_mpi_uint));
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_fault == 5) { /* a glitch in s^-1 handed to the check */
            tacit_ecdsa_test_fault = 0;
            w[0] ^= 1;
        }
#endif
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_zero_rs > 0) { /* this candidate's s taken as 0 */
            tacit_ecdsa_test_zero_rs--;
            memset(s, 0, sizeof(s));
        }
#endif
        if (tacit_ct_declassify_u32(
                (uint32_t)((tacit_ecp_is_zero_ct(r, c->limbs) | tacit_ecp_is_zero_ct(s, c->limbs)) &
                           1u))) {
            ret = TACIT_ERR_CORRUPTION_DETECTED;
            continue; /* probability ~2^-bits: next nonce */
        }
        tacit_ecp_to_bytes(r, c->limbs, sig, c->bytes);
        tacit_ecp_to_bytes(s, c->limbs, sig + c->bytes, c->bytes);
        /* still secret: public once the fault check has passed (sign_checked) */
        ret = 0;
#if defined(TACIT_TEST_HOOKS)
        if (tacit_ecdsa_test_fault == 4) { /* a glitch in r on its way out */
            tacit_ecdsa_test_fault = 0;
            sig[c->bytes - 1] ^= 1;
        }
#endif
        break;
    }

cleanup:
    tacit_platform_zeroize(extra, sizeof(extra));
    tacit_platform_zeroize(k, sizeof(k));
    tacit_platform_zeroize(tmp, sizeof(tmp));
    tacit_platform_zeroize(s, sizeof(s));
    return ret;
}

#if !defined(TACIT_ECP_SMALL)
/*
 * The random bytes of one signature from one f_rng call: the hedge (32
 * bytes) and the signing comb's blinding scalar (c->bytes), in the order
 * they are asked for.  Each call of the default generator costs a DRBG
 * generate and a getpid() system call (about 1.5k cycles, plus 300 a
 * 32-byte block).  Bytes are handed out once and wiped.  The fault
 * check's blinding (the next request of c->bytes) is the signing's
 * blinding bytes with every byte XORed with 0x5c: uniform and secret as
 * they are, and never equal to them, so the two combs never start from
 * the same randomized point; the coordinate randomization asks for an
 * unpredictable value per scalar multiplication, not for independent ones.
 * A request beyond that (a rejected blinding candidate, a nonce retry:
 * probability ~2^-32 on P-256) goes to f_rng itself.
 */
typedef struct {
    tacit_rng_func f_rng;
    void *p_rng;
    size_t pos, len, last_len;
    unsigned char buf[32 + TACIT_ECP_MAX_BYTES];
    unsigned char last[TACIT_ECP_MAX_BYTES]; /* the last request served from buf */
} rng_pool;

static int pool_rng(void *ctx, unsigned char *out, size_t len)
{
    rng_pool *p = (rng_pool *)ctx;
    size_t i;

    if (len <= p->len - p->pos) {
        memcpy(out, p->buf + p->pos, len);
        if (len <= sizeof(p->last)) { /* public: lengths */
            memcpy(p->last, out, len);
            p->last_len = len;
        }
        tacit_platform_zeroize(p->buf + p->pos, len);
        p->pos += len;
        return 0;
    }
    if (len == p->last_len) { /* once: the derived blinding */
        for (i = 0; i < len; i++) {
            out[i] = (unsigned char)(p->last[i] ^ 0x5c);
        }
        tacit_platform_zeroize(p->last, sizeof(p->last));
        p->last_len = 0;
        return 0;
    }
    return p->f_rng(p->p_rng, out, len);
}
#endif

/*
 * sign_core, then the fault check: it runs after sign_core has returned,
 * so the stack holds one of the two frames, never both (small profile:
 * the deepest path of signing is then below 2 KiB).
 */
static int sign_checked(const tacit_ecp_curve *c, const tacit_ecp_keypair *key, tacit_md_type md,
                        const unsigned char *hash, size_t hlen, unsigned char *sig, int hedge,
                        tacit_rng_func f_rng, void *p_rng)
{
    tacit_mpi_uint w[TACIT_ECP_N]; /* s^-1 R from sign_core, for the check */
    int ret;
#if !defined(TACIT_ECP_SMALL)
    rng_pool pool;
#endif

    f_rng = tacit_rng_or_default(f_rng, &p_rng);
#if !defined(TACIT_ECP_SMALL)
    pool.f_rng = f_rng;
    pool.p_rng = p_rng;
    pool.pos = 0;
    pool.last_len = 0;
    pool.len = (hedge ? 32 : 0) + c->bytes;
    if (f_rng(p_rng, pool.buf, pool.len) != 0) {
        tacit_platform_zeroize(&pool, sizeof(pool));
        return TACIT_ERR_RNG_FAILED;
    }
    f_rng = pool_rng;
    p_rng = &pool;
#endif
    ret = sign_core(c, key, md, hash, hlen, sig, w, hedge, f_rng, p_rng);
#if !defined(TACIT_ECDSA_NO_FAULT_CHECK)
    if (ret == 0 && fault_check(c, key, hash, hlen, sig, w, f_rng, p_rng) != 0) {
        memset(sig, 0, 2 * c->bytes);
        ret = TACIT_ERR_CORRUPTION_DETECTED;
    }
#endif
    /* released: the signature is the public output (its DER length depends on it) */
    tacit_ct_declassify(sig, 2 * c->bytes);
    tacit_platform_zeroize(w, sizeof(w));
#if !defined(TACIT_ECP_SMALL)
    tacit_platform_zeroize(&pool, sizeof(pool));
#endif
    return ret;
}

static int sign_check(const tacit_ecp_keypair *key, const unsigned char *hash, size_t hlen,
                      unsigned char *sig, size_t *siglen, const tacit_ecp_curve **cp)
{
    (void)sig;
    if (key == NULL || siglen == NULL || (hash == NULL && hlen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((*cp = tacit_ecp_curve_get(key->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (!key->has_private) {
        return TACIT_ERR_NO_PRIVATE_KEY;
    }
    if (hlen == 0) {
        return TACIT_ERR_ECDSA_BAD_HASH;
    }
    return 0;
}

static int sign_raw(const tacit_ecp_keypair *key, tacit_md_type md, const unsigned char *hash,
                    size_t hlen, unsigned char *sig, size_t sigsize, size_t *siglen, int hedge,
                    tacit_rng_func f_rng, void *p_rng)
{
    const tacit_ecp_curve *c = NULL;
    int ret = sign_check(key, hash, hlen, sig, siglen, &c);

    if (ret != 0) {
        return ret;
    }
    if (sig == NULL || sigsize < 2 * c->bytes) {
        *siglen = 2 * c->bytes;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    ret = sign_checked(c, key, md, hash, hlen, sig, hedge, f_rng, p_rng);
    if (ret != 0) {
        memset(sig, 0, 2 * c->bytes);
        return ret;
    }
    *siglen = 2 * c->bytes;
    return 0;
}

/* DER SEQUENCE { r, s } of raw r||s (each `bytes` long) at the start of der */
static int raw_to_der(size_t bytes, const unsigned char *raw, unsigned char *der, size_t dersize,
                      size_t *derlen)
{
    unsigned char buf[TACIT_ECDSA_MAX_DER_LEN] = { 0 }, *p = buf + sizeof(buf);
    int len = 0, r;

    if ((r = tacit_asn1_write_uint(&p, buf, raw + bytes, bytes)) < 0) {
        return r;
    }
    len += r;
    if ((r = tacit_asn1_write_uint(&p, buf, raw, bytes)) < 0) {
        return r;
    }
    len += r;
    if ((r = tacit_asn1_write_header(&p, buf, TACIT_ASN1_SEQUENCE, (size_t)len)) < 0) {
        return r;
    }
    len += r;
    *derlen = (size_t)len;
    if (der == NULL || (size_t)len > dersize) {
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    memcpy(der, p, (size_t)len);
    *derlen = (size_t)len;
    return 0;
}

/* the longest DER signature for a curve of `bytes` bytes: two INTEGERs of bytes + 1 */
static size_t der_max(size_t bytes)
{
    size_t ints = 2 * (2 + bytes + 1);

    return ints + (ints < 128 ? 2 : 3);
}

static int sign_der(const tacit_ecp_keypair *key, tacit_md_type md, const unsigned char *hash,
                    size_t hlen, unsigned char *sig, size_t sigsize, size_t *siglen, int hedge,
                    tacit_rng_func f_rng, void *p_rng)
{
    const tacit_ecp_curve *c = NULL;
    unsigned char raw[TACIT_ECDSA_MAX_RAW_LEN];
    int ret = sign_check(key, hash, hlen, sig, siglen, &c);

    if (ret != 0) {
        return ret;
    }
    if (sig == NULL) {
        *siglen = der_max(c->bytes);
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    ret = sign_checked(c, key, md, hash, hlen, raw, hedge, f_rng, p_rng);
    if (ret == 0) {
        ret = raw_to_der(c->bytes, raw, sig, sigsize, siglen);
    }
    tacit_platform_zeroize(raw, sizeof(raw));
    return ret;
}

int tacit_ecdsa_sign_raw(const tacit_ecp_keypair *key, tacit_md_type md, const unsigned char *hash,
                         size_t hlen, unsigned char *sig, size_t sig_size, size_t *sig_len,
                         tacit_rng_func f_rng, void *p_rng)
{
    return sign_raw(key, md, hash, hlen, sig, sig_size, sig_len, 1, f_rng, p_rng);
}

int tacit_ecdsa_sign_der(const tacit_ecp_keypair *key, tacit_md_type md, const unsigned char *hash,
                         size_t hlen, unsigned char *sig, size_t sig_size, size_t *sig_len,
                         tacit_rng_func f_rng, void *p_rng)
{
    return sign_der(key, md, hash, hlen, sig, sig_size, sig_len, 1, f_rng, p_rng);
}

int tacit_ecdsa_sign_det_raw(const tacit_ecp_keypair *key, tacit_md_type md,
                             const unsigned char *hash, size_t hlen, unsigned char *sig,
                             size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    return sign_raw(key, md, hash, hlen, sig, sig_size, sig_len, 0, f_rng, p_rng);
}

int tacit_ecdsa_sign_det_der(const tacit_ecp_keypair *key, tacit_md_type md,
                             const unsigned char *hash, size_t hlen, unsigned char *sig,
                             size_t sig_size, size_t *sig_len, tacit_rng_func f_rng, void *p_rng)
{
    return sign_der(key, md, hash, hlen, sig, sig_size, sig_len, 0, f_rng, p_rng);
}

#if defined(TACIT_ECP_SMALL)
/*
 * The small profile's fault check is this verification (size), on a
 * signature that is not public yet: its one double multiplication is
 * constant time, and so is everything verify_core does with r and s.
 */
#define MULADD_CHECK_X tacit_ecp_muladd_check_x_ct
#else
#define MULADD_CHECK_X tacit_ecp_muladd_check_x_unsafe
#endif

/*
 * Is (r, s), raw bytes, a valid signature of hash under key (1 <= r, s < n
 * checked first)?  Constant time in r and s in the small profile (above),
 * where it serves as the fault check too; the only verdicts it shows are
 * "out of range" and valid/invalid.
 */
static int verify_core(const tacit_ecp_curve *c, const tacit_ecp_keypair *key,
                       const unsigned char *hash, size_t hlen, const unsigned char *rb, size_t rlen,
                       const unsigned char *sb, size_t slen)
{
    tacit_mpi_uint r[TACIT_ECP_N], s[TACIT_ECP_N], e[TACIT_ECP_N], w[TACIT_ECP_N];
    tacit_mpi_uint u1[TACIT_ECP_N], u2[TACIT_ECP_N], qx[TACIT_ECP_N], qy[TACIT_ECP_N];

    if (hlen == 0) {
        return TACIT_ERR_ECDSA_BAD_HASH;
    }
    if (rlen > c->bytes || slen > c->bytes) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    tacit_ecp_from_bytes(r, c->limbs, rb, rlen);
    tacit_ecp_from_bytes(s, c->limbs, sb, slen);
    if (!tacit_ct_declassify_u32(
            (uint32_t)(tacit_ecp_sc_in_range_ct(c, r) & tacit_ecp_sc_in_range_ct(c, s) & 1u))) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    if (!tacit_ecp_lt_ct(key->Qx, c->p, c->limbs) || !tacit_ecp_lt_ct(key->Qy, c->p, c->limbs)) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    tacit_ecp_fe_to_mont(c, qx, key->Qx);
    tacit_ecp_fe_to_mont(c, qy, key->Qy);
    if (!tacit_ecp_on_curve(c, qx, qy)) {
        return TACIT_ERR_ECP_INVALID_POINT;
    }
    tacit_ecp_sc_from_hash(c, e, hash, hlen);
    tacit_ecp_sc_mul(c, w, s, c->rr_n); /* s R */
    tacit_ecp_sc_inv(c, w, w);          /* s^-1 R */
    tacit_ecp_sc_mul(c, u1, w, e);      /* e / s */
    tacit_ecp_sc_mul(c, u2, w, r);      /* r / s */
    if (!MULADD_CHECK_X(c, u1, u2, qx, qy, r)) {
        return TACIT_ERR_VERIFY_FAILED;
    }
    return 0;
}

#if !defined(TACIT_ECDSA_NO_FAULT_CHECK)
/*
 * The fault check: is the signature sig = r||s about to be released valid
 * for the hash and the key's public point Q?  The verifier computes
 *     V = u1 G + u2 Q,   u1 = e/s, u2 = r/s,   and accepts iff x(V) = r mod n.
 * The signer knows d with Q = d G, so it can move all of u2 Q but one copy
 * of Q into the fixed-base comb:
 *     V = (u1 + (u2 - 1) d) G + Q = v G + Q.
 * That costs one k G-sized comb (masked, like the signing's own: v = k - d
 * when nothing went wrong, a secret) and one addition, instead of a
 * variable-base double multiplication with 256 doublings.
 *
 * Why it still catches what the full verification catches.  Everything is
 * recomputed from the released bytes (r, s), the hash (e) and the key as
 * stored, not from the signing's intermediate values; s^-1 comes from the
 * signing's one inversion (for k^-1 and s^-1 together) but is used only
 * after w s = 1 was checked against the released s, so it is exactly the
 * verifier's s^-1 (or the check fails).  If the d read here equals the
 * true d of Q, then V is exactly the verifier's u1 G + u2 Q, so the check
 * accepts exactly the signatures the verifier accepts: a glitch in k G (a
 * wrong but valid point, whose x became r), in r, in e or in the arithmetic
 * of s gives an invalid signature, which is refused.  If the d read here is
 * a faulty d' (memory corrupted), V = u1 G + u2 Q + (u2 - 1)(d' - d) G:
 * the signature produced with d' satisfies s k = e + r d', so
 * u1 + (u2 - 1) d' = k - d' and V = k G + (d - d') G, which differs from
 * the point k G whose x is r (unless d' = d), and is refused too.  The one
 * copy of Q added as a point is what ties the check to the public key;
 * checking s k = e + r d with the secrets alone would not catch a faulty k G
 * nor a faulty d.  Like any check, it assumes the check itself is not
 * glitched as well.
 *
 * Cheaper checks considered and rejected: (1) sharing the comb's table scans
 * between k G and v G (one pass over each table selecting two entries)
 * cannot work, v needs r, which needs k G first; running the second comb on
 * k - d instead, next to the first, would also share one glitch between the
 * two and would not check r, s or e. (2) Checking only that k G lies on the
 * curve misses a valid but wrong point (a skipped or repeated addition),
 * the fault that leaks nonce bits. (3) s k = e + r d alone misses a faulty
 * k G and a faulty d (above). So the price is one independent comb.
 *
 * Every value here derives from d and k until the signature is released;
 * a faulty one never is.  So no step may leak (no _unsafe verification,
 * not even for the rare cases): the only verdicts shown are v = 0 and
 * "the addition met its exceptional case" (each ~2^-bits for an honest
 * signature) and the check's answer.
 *   v = 0 (k = d): V = Q.
 *   v G = +-Q (k = 2d or k = 0): the incomplete mixed addition gives Z = 0;
 *   v G is computed again and added with the constant-time addition that
 *   selects the doubling (v G = Q: V = 2Q; v G = -Q: V is infinity, Z = 0,
 *   refused as the verifier refuses it).
 * The signature itself is secret until the check has passed (sign_checked
 * declassifies it on release), so the range verdicts are declassified.
 * The small profile (TACIT_ECP_SMALL) has no comb and, to stay within its
 * 6 KiB, runs the verification instead, whose double multiplication is
 * constant time there (tacit_ecp_muladd_check_x_ct): it accepts exactly
 * the signatures a verifier accepts, and shows nothing else.
 */

#if !defined(TACIT_ECP_SMALL)
/*
 * All-ones if the x coordinate of V (Jacobian: x = X / zp, zp = Z^2) is r
 * modulo n and Z != 0.  x < p < 2n, so x = r or x = r + n.
 * Constant time in V.
 */
static tacit_mpi_uint x_is_r_ct(const tacit_ecp_curve *c, const tacit_mpi_uint *V,
                                const tacit_mpi_uint *zp, const tacit_mpi_uint *r)
{
    size_t n = c->limbs, i;
    tacit_mpi_uint t[TACIT_ECP_N], rn[TACIT_ECP_N + 1], ok;
    tacit_ecp_dlimb acc = 0;

    tacit_ecp_fe_to_mont(c, t, r);
    c->mul(t, t, zp);
    c->sub(t, t, V);
    ok = tacit_ecp_is_zero_ct(t, n);
    for (i = 0; i < n; i++) { /* rn = r + n, n + 1 limbs */
        acc += (tacit_ecp_dlimb)r[i] + c->n[i];
        rn[i] = (tacit_mpi_uint)acc;
        acc >>= TACIT_MPI_LIMB_BITS;
    }
    /* r + n < p is rare (p - n < 2^(bits/2 + 1)) but r is secret: tried always, masked */
    tacit_mpi_core_cond_assign(rn, r, n, ~tacit_ecp_lt_ct(rn, c->p, n) | (0 - (tacit_mpi_uint)acc));
    tacit_ecp_fe_to_mont(c, t, rn);
    c->mul(t, t, zp);
    c->sub(t, t, V);
    ok |= tacit_ecp_is_zero_ct(t, n);
    tacit_platform_zeroize(t, sizeof(t));
    return ok & ~tacit_ecp_is_zero_ct(V + 2 * n, n);
}
#endif

static int fault_check(const tacit_ecp_curve *c, const tacit_ecp_keypair *key,
                       const unsigned char *hash, size_t hlen, const unsigned char *sig,
                       const tacit_mpi_uint *w_in, tacit_rng_func f_rng, void *p_rng)
{
#if defined(TACIT_ECP_SMALL)
    (void)w_in;
    (void)f_rng;
    (void)p_rng;
    return verify_core(c, key, hash, hlen, sig, c->bytes, sig + c->bytes, c->bytes);
#else
    size_t n = c->limbs;
    tacit_mpi_uint r[TACIT_ECP_N], s[TACIT_ECP_N], e[TACIT_ECP_N], w[TACIT_ECP_N];
    tacit_mpi_uint u1[TACIT_ECP_N], t[TACIT_ECP_N], v[TACIT_ECP_N], zp[TACIT_ECP_N];
    tacit_mpi_uint q[3 * TACIT_ECP_N], V[3 * TACIT_ECP_N];
    int ret = TACIT_ERR_CORRUPTION_DETECTED;

    tacit_ecp_from_bytes(r, n, sig, c->bytes);
    tacit_ecp_from_bytes(s, n, sig + c->bytes, c->bytes);
    if (!tacit_ct_declassify_u32(
            (uint32_t)(tacit_ecp_sc_in_range_ct(c, r) & tacit_ecp_sc_in_range_ct(c, s) & 1u))) {
        return TACIT_ERR_CORRUPTION_DETECTED;
    }
    tacit_ecp_sc_from_hash(c, e, hash, hlen);
    /* w_in is s^-1 R from the signing's inversion: taken only if w s = 1 */
    tacit_ecp_sc_mul(c, t, w_in, s); /* fully reduced: 1 exactly when w s = 1 */
    t[0] ^= 1;
    if (!tacit_ct_declassify_u32((uint32_t)(tacit_ecp_is_zero_ct(t, n) & 1u))) {
        return TACIT_ERR_CORRUPTION_DETECTED;
    }
    memcpy(w, w_in, n * sizeof(tacit_mpi_uint)); /* s^-1 R */
    tacit_ecp_sc_mul(c, u1, w, e);               /* u1 = e / s */
    tacit_ecp_sc_mul(c, w, w, r);                /* u2 = r / s */
    /* v = u1 + (u2 - 1) d, secret */
    memset(t, 0, sizeof(t));
    t[0] = 1;
    tacit_ecp_modsub(t, w, t, c->n, n);
    tacit_ecp_sc_mul(c, t, t, c->rr_n);
    tacit_ecp_sc_mul(c, t, t, key->d);
    tacit_ecp_modadd(v, u1, t, c->n, n);
    tacit_ecp_fe_to_mont(c, q, key->Qx); /* Q, Z = 1 */
    tacit_ecp_fe_to_mont(c, q + n, key->Qy);
    memcpy(q + 2 * n, c->one, n * sizeof(tacit_mpi_uint));
    if (tacit_ct_declassify_u32((uint32_t)(tacit_ecp_is_zero_ct(v, n) & 1u))) {
        memcpy(V, q, 3 * n * sizeof(tacit_mpi_uint)); /* k = d: V = Q */
    } else {
        if ((ret = tacit_ecp_mul_base_jac_ct(c, V, v, f_rng, p_rng)) != 0) {
            goto cleanup;
        }
        tacit_ecp_jac_madd(c, V, V, q);
        if (tacit_ct_declassify_u32((uint32_t)(tacit_ecp_is_zero_ct(V + 2 * n, n) & 1u))
#if defined(TACIT_TEST_HOOKS)
            || tacit_ecdsa_test_fault == 6
#endif
        ) {
            /* v G = +-Q: again, with the addition that selects the doubling */
#if defined(TACIT_TEST_HOOKS)
            tacit_ecdsa_test_fault = 0;
#endif
            if ((ret = tacit_ecp_mul_base_jac_ct(c, V, v, f_rng, p_rng)) != 0) {
                goto cleanup;
            }
            tacit_ecp_jac_add_dbl_ct(c, V, V, q);
        }
    }
    c->sqr(zp, V + 2 * n, V + 2 * n); /* x = X / Z^2 */
    ret = tacit_ct_declassify_u32((uint32_t)(x_is_r_ct(c, V, zp, r) & 1u))
              ? 0
              : TACIT_ERR_CORRUPTION_DETECTED;
cleanup:
    tacit_platform_zeroize(t, sizeof(t));
    tacit_platform_zeroize(v, sizeof(v));
    tacit_platform_zeroize(zp, sizeof(zp));
    tacit_platform_zeroize(V, sizeof(V));
    return ret;
#endif
}
#endif

static int verify_check(const tacit_ecp_keypair *key, const unsigned char *hash, size_t hlen,
                        const unsigned char *sig, const tacit_ecp_curve **cp)
{
    if (key == NULL || sig == NULL || (hash == NULL && hlen != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((*cp = tacit_ecp_curve_get(key->grp)) == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    return 0;
}

int tacit_ecdsa_verify_raw(const tacit_ecp_keypair *key, const unsigned char *hash, size_t hlen,
                           const unsigned char *sig, size_t sig_len)
{
    const tacit_ecp_curve *c = NULL;
    int ret = verify_check(key, hash, hlen, sig, &c);

    if (ret != 0) {
        return ret;
    }
    if (sig_len != 2 * c->bytes) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    return verify_core(c, key, hash, hlen, sig, c->bytes, sig + c->bytes, c->bytes);
}

/* Strict DER SEQUENCE { r, s } covering exactly der[0..len). */
static int parse_der(const unsigned char *der, size_t len, const unsigned char **r, size_t *rlen,
                     const unsigned char **s, size_t *slen)
{
    const unsigned char *p = der, *end = der + len, *seq_end;
    size_t l;

    if (tacit_asn1_get_tag(&p, end, &l, TACIT_ASN1_SEQUENCE) != 0) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    seq_end = p + l;
    if (tacit_asn1_get_uint(&p, seq_end, r, rlen) != 0 ||
        tacit_asn1_get_uint(&p, seq_end, s, slen) != 0 || tacit_asn1_expect_end(p, seq_end) != 0 ||
        tacit_asn1_expect_end(p, end) != 0) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    return 0;
}

int tacit_ecdsa_verify_der(const tacit_ecp_keypair *key, const unsigned char *hash, size_t hlen,
                           const unsigned char *sig, size_t sig_len)
{
    const tacit_ecp_curve *c = NULL;
    const unsigned char *r, *s;
    size_t rlen, slen;
    int ret = verify_check(key, hash, hlen, sig, &c);

    if (ret != 0) {
        return ret;
    }
    if ((ret = parse_der(sig, sig_len, &r, &rlen, &s, &slen)) != 0) {
        return ret;
    }
    return verify_core(c, key, hash, hlen, r, rlen, s, slen);
}

int tacit_ecdsa_raw_to_der(tacit_ecp_group_id grp, const unsigned char *raw, size_t raw_len,
                           unsigned char *out, size_t out_size, size_t *out_len)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(grp);

    if (raw == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (c == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if (raw_len != 2 * c->bytes) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    return raw_to_der(c->bytes, raw, out, out_size, out_len);
}

int tacit_ecdsa_der_to_raw(tacit_ecp_group_id grp, const unsigned char *der, size_t der_len,
                           unsigned char *out, size_t out_size, size_t *out_len)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(grp);
    const unsigned char *r, *s;
    size_t rlen, slen;
    int ret;

    if (der == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (c == NULL) {
        return TACIT_ERR_ECP_UNKNOWN_CURVE;
    }
    if ((ret = parse_der(der, der_len, &r, &rlen, &s, &slen)) != 0) {
        return ret;
    }
    if (rlen > c->bytes || slen > c->bytes) {
        return TACIT_ERR_ECDSA_BAD_SIGNATURE;
    }
    if (out == NULL || out_size < 2 * c->bytes) {
        *out_len = 2 * c->bytes;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    memset(out, 0, 2 * c->bytes);
    memcpy(out + c->bytes - rlen, r, rlen);
    memcpy(out + 2 * c->bytes - slen, s, slen);
    *out_len = 2 * c->bytes;
    return 0;
}

#else
typedef int tacit_ecdsa_unused;
#endif /* TACIT_ECDSA_C */
