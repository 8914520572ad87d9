/*
 * The TLS 1.2 PRF (RFC 5246 section 5): P_hash over the HMAC of hmac.c.
 *
 * One HMAC context keyed with the secret is restarted for every block
 * (tacit_hmac_finish leaves it keyed: no key processing per block).  A(i)
 * and the output blocks depend on the secret; they are only copied and
 * hashed, never branched on, and wiped at the end.
 */
#include "tacit/tls12.h"

#if defined(TACIT_HMAC_C)

#include <string.h>

#include "tacit/hmac.h"
#include "tacit/platform.h"

/* HMAC(secret, prefix || label || seed) into out (the context stays keyed). */
static int prf_block(tacit_hmac_context *h, const unsigned char *prefix, size_t prefix_len,
                     const unsigned char *label, size_t label_len, const unsigned char *seed,
                     size_t seed_len, unsigned char *out)
{
    int ret = 0;

    if (prefix_len > 0) {
        ret = tacit_hmac_update(h, prefix, prefix_len);
    }
    if (ret == 0 && label_len > 0) {
        ret = tacit_hmac_update(h, label, label_len);
    }
    if (ret == 0 && seed_len > 0) {
        ret = tacit_hmac_update(h, seed, seed_len);
    }
    if (ret == 0) {
        ret = tacit_hmac_finish(h, out);
    }
    return ret;
}

int tacit_tls12_prf(tacit_md_type md, const unsigned char *secret, size_t secret_len,
                    const unsigned char *label, size_t label_len, const unsigned char *seed,
                    size_t seed_len, unsigned char *out, size_t out_len)
{
    tacit_hmac_context h;
    unsigned char a[TACIT_MD_MAX_SIZE], block[TACIT_MD_MAX_SIZE];
    size_t hlen = tacit_md_size(md), done = 0, n;
    int ret;

    if (out == NULL && out_len > 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    if ((secret == NULL && secret_len > 0) || (label == NULL && label_len > 0) ||
        (seed == NULL && seed_len > 0)) {
        ret = TACIT_ERR_BAD_INPUT;
        goto fail_early;
    }
    if (hlen == 0) {
        ret = TACIT_ERR_MD_UNSUPPORTED;
        goto fail_early;
    }
    ret = tacit_hmac_init(&h, md, secret, secret_len);
    if (ret != 0) {
        goto fail_early;
    }
    /* A(1) = HMAC(secret, label || seed) */
    ret = prf_block(&h, NULL, 0, label, label_len, seed, seed_len, a);
    while (ret == 0 && done < out_len) {
        ret = prf_block(&h, a, hlen, label, label_len, seed, seed_len, block);
        if (ret != 0) {
            break;
        }
        n = out_len - done < hlen ? out_len - done : hlen;
        memcpy(out + done, block, n);
        done += n;
        if (done < out_len) { /* A(i+1) = HMAC(secret, A(i)) */
            ret = prf_block(&h, a, hlen, NULL, 0, NULL, 0, a);
        }
    }
    tacit_hmac_free(&h);
    tacit_platform_zeroize(a, sizeof(a));
    tacit_platform_zeroize(block, sizeof(block));
    if (ret != 0) {
        tacit_platform_zeroize(out, out_len);
    }
    return ret;
fail_early:
    if (out != NULL) {
        tacit_platform_zeroize(out, out_len);
    }
    return ret;
}

#endif /* TACIT_HMAC_C */
