/*
 * HMAC_DRBG (NIST SP 800-90A Rev. 1, section 10.1.2) and tacit's default
 * random generator.
 *
 * A context is instantiated either from an entropy callback
 * (tacit_hmac_drbg_seed: entropy input and nonce are read from the
 * callback) or deterministically from caller-supplied bytes
 * (tacit_hmac_drbg_seed_buf: NIST known-answer tests and RFC 6979).  No
 * heap; tacit_hmac_drbg_free zeroizes K, V and everything else.
 *
 * Limits (SP 800-90A table 2 allows more; these are tacit's choices):
 *   - at most TACIT_HMAC_DRBG_MAX_REQUEST bytes per generate call (2^16
 *     bytes = 2^19 bits, the SP's maximum);
 *   - personalisation string, additional input and caller-supplied
 *     entropy/nonce at most TACIT_HMAC_DRBG_MAX_INPUT bytes each;
 *   - reseed after TACIT_HMAC_DRBG_RESEED_INTERVAL generate calls by default.
 * Entropy requested from the callback: the security strength of the hash
 * (16 bytes for SHA-1, 24 for SHA-224 and SHA-512/224, 32 otherwise) for the
 * entropy input and for a reseed, half of it for the nonce.
 *
 * Errors never produce output: on any error the output buffer is zeroed.
 *
 * RFC 6979 (deterministic ECDSA nonces) is HMAC_DRBG with fixed inputs:
 *   steps 3.2.b-g  = tacit_hmac_drbg_seed_buf(ctx, hash,
 *                        int2octets(x), rlen,          -- entropy = private key
 *                        bits2octets(h1), rlen,        -- nonce = reduced hash
 *                        NULL, 0)                      -- (or extra data k')
 *   step 3.2.h     = loop { tacit_hmac_drbg_generate(ctx, T, rlen, NULL, 0);
 *                           k = bits2int(T); if 1 <= k < q: done }
 * rlen = ceil(qlen/8) bytes.  One generate call computes V = HMAC_K(V) as
 * many times as rlen bytes need (ceil(8*rlen / hashbits) times, the same
 * count as the RFC's "while tlen < qlen" loop) and returns their
 * concatenation T truncated to rlen bytes; bits2int(T) then keeps the
 * leftmost qlen bits.  It ends with the SP's update with empty input, which
 * is exactly the RFC's retry step "K = HMAC_K(V || 0x00); V = HMAC_K(V)".
 * The deterministic context has no entropy source: it never reseeds by
 * itself (it fails with TACIT_ERR_DRBG_RESEED_REQUIRED after the reseed
 * interval instead).
 *
 * Threads: a tacit_hmac_drbg_context is not locked; use it from one thread
 * at a time.  tacit_rng_default keeps one DRBG per thread and is safe to
 * call from any thread.
 */
#ifndef TACIT_HMAC_DRBG_H
#define TACIT_HMAC_DRBG_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/hmac.h"
#include "tacit/md.h"
#include "tacit/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors: -0x0030 .. -0x003F */

#define TACIT_HMAC_DRBG_MAX_REQUEST 65536     /* bytes per generate call */
#define TACIT_HMAC_DRBG_MAX_INPUT 1024        /* bytes of pers, additional, entropy, nonce */
#define TACIT_HMAC_DRBG_RESEED_INTERVAL 10000 /* generate calls between reseeds */

/*
 * Fill out[0..len) with entropy (full-entropy bytes as far as the source
 * can tell) and return 0, or return non-zero on failure.
 */
typedef int (*tacit_entropy_func)(void *p_entropy, unsigned char *out, size_t len);

/*
 * The operating system's entropy: getrandom() (Linux), falling back to
 * reading /dev/urandom.  Compiled with TACIT_ENTROPY_C.  A build without
 * it (firmware) must define a function of this name and shape itself: the
 * default RNG (tacit_rng_default) calls it.  p_unused is ignored.  Returns
 * 0 or TACIT_ERR_DRBG_ENTROPY_FAILED (out zeroed).
 */
int tacit_entropy_default(void *p_unused, unsigned char *out, size_t len);

typedef struct tacit_hmac_drbg_context {
    tacit_hmac_context hmac; /* keyed with K */
    unsigned char V[TACIT_MD_MAX_SIZE];
    tacit_md_type md;
    size_t hlen;        /* output size of md */
    size_t entropy_len; /* bytes of entropy per (re)seed */
    int reseed_counter; /* SP 800-90A reseed_counter */
    int reseed_interval;
    int prediction_resistance;
    int seeded;
    tacit_entropy_func f_entropy; /* NULL after seed_buf */
    void *p_entropy;
} tacit_hmac_drbg_context;

/* Zero the context (unseeded, default reseed interval, no prediction resistance). */
void tacit_hmac_drbg_init(tacit_hmac_drbg_context *ctx);

/*
 * Instantiate from an entropy source: entropy input and nonce are read from
 * f_entropy(p_entropy, ...), pers (may be NULL when plen is 0) is the
 * personalisation string.  The source is remembered for reseeds.
 * Settings made since init (reseed interval, prediction resistance) are
 * kept.  Errors: TACIT_ERR_BAD_INPUT, _INPUT_TOO_BIG, _ENTROPY_FAILED
 * (the context is then unseeded).
 */
int tacit_hmac_drbg_seed(tacit_hmac_drbg_context *ctx, tacit_md_type md,
                         tacit_entropy_func f_entropy, void *p_entropy, const unsigned char *pers,
                         size_t plen);

/*
 * Deterministic instantiate (SP 800-90A 10.1.2.3 with the given entropy
 * input and nonce): for known-answer tests and RFC 6979 (see above).
 * No entropy source: reseeds must go through tacit_hmac_drbg_reseed_buf.
 */
int tacit_hmac_drbg_seed_buf(tacit_hmac_drbg_context *ctx, tacit_md_type md,
                             const unsigned char *entropy, size_t elen, const unsigned char *nonce,
                             size_t nlen, const unsigned char *pers, size_t plen);

/*
 * Reseed from the context's entropy source, mixing in additional input.
 * Errors: _NOT_SEEDED, _RESEED_REQUIRED (no entropy source: seed_buf),
 * _ENTROPY_FAILED, _INPUT_TOO_BIG, _BAD_INPUT.
 */
int tacit_hmac_drbg_reseed(tacit_hmac_drbg_context *ctx, const unsigned char *additional,
                           size_t alen);

/* Reseed with caller-supplied entropy input (known-answer tests). */
int tacit_hmac_drbg_reseed_buf(tacit_hmac_drbg_context *ctx, const unsigned char *entropy,
                               size_t elen, const unsigned char *additional, size_t alen);

/*
 * Generate out_len <= TACIT_HMAC_DRBG_MAX_REQUEST bytes, with optional
 * additional input.  Reseeds first from the entropy source when prediction
 * resistance is on or the reseed interval is reached.  On error out is
 * zeroed: _NOT_SEEDED, _REQUEST_TOO_BIG, _INPUT_TOO_BIG, _BAD_INPUT,
 * _ENTROPY_FAILED, _RESEED_REQUIRED.
 */
int tacit_hmac_drbg_generate(tacit_hmac_drbg_context *ctx, unsigned char *out, size_t out_len,
                             const unsigned char *additional, size_t alen);

/* Reseed before every generate call (on) or only when the interval is reached (off). */
void tacit_hmac_drbg_set_prediction_resistance(tacit_hmac_drbg_context *ctx, int on);

/* Generate calls between automatic reseeds; values below 1 mean 1. */
void tacit_hmac_drbg_set_reseed_interval(tacit_hmac_drbg_context *ctx, int interval);

/*
 * A tacit_rng_func: p_rng is a seeded tacit_hmac_drbg_context.  Requests
 * larger than TACIT_HMAC_DRBG_MAX_REQUEST are served by several generate
 * calls.  On error out is zeroed.
 */
int tacit_hmac_drbg_random(void *p_rng, unsigned char *out, size_t len);

/* Zeroize the context (it becomes unseeded).  NULL is ignored. */
void tacit_hmac_drbg_free(tacit_hmac_drbg_context *ctx);

/*
 * tacit's default random generator, the one modules use when given a NULL
 * f_rng: an HMAC_DRBG-SHA-256 seeded from tacit_entropy_default on first
 * use.  p_rng_ignored is ignored.  Errors: TACIT_ERR_DRBG_ENTROPY_FAILED
 * (out zeroed).
 *
 * Threads.  By default one instance per thread (thread-local, no locking,
 * thread-safe); a thread's instance is zeroized and released when the
 * thread exits (pthread key destructor).  With TACIT_RNG_DEFAULT_GLOBAL
 * (config.h; automatic when TACIT_ENTROPY_C is off or the target has no
 * POSIX threads or GCC/clang thread-local storage) there is ONE global
 * instance and no thread pointer: calls must be serialised by the caller
 * (single-threaded firmware, or an external lock).
 *
 * fork().  A child never continues its parent's stream: the per-thread
 * state sits on a page marked MADV_WIPEONFORK where the kernel has it
 * (Linux >= 4.14; the child sees an unseeded DRBG), a pthread_atfork
 * handler bumps a fork generation the state is checked against, and the
 * process id is compared on every call; any of the three makes the child
 * reseed with fresh entropy before its first output.  A reused PID (a new
 * PID namespace, wrap-around) therefore cannot replay another process's
 * bytes.  In the TACIT_RNG_DEFAULT_GLOBAL build only the process id is
 * checked (firmware does not fork).
 */
int tacit_rng_default(void *p_rng_ignored, unsigned char *out, size_t len);

/* Zeroize the calling thread's default RNG; the next use seeds it afresh. */
void tacit_rng_default_free(void);

#if defined(TACIT_TEST_HOOKS)
/* Test hook: per-thread default RNG states currently allocated (threaded build). */
int tacit_rng_default_test_live_states(void);
#endif

#ifdef __cplusplus
}
#endif

#endif /* TACIT_HMAC_DRBG_H */
