/*
 * HKDF (RFC 5869) on the HMAC of hmac.c, and HKDF-Expand-Label (RFC 8446).
 *
 * Expand keys one HMAC context with the PRK and restarts it for every block
 * (tacit_hmac_reset: no key processing per block).
 */
#include "tacit/hkdf.h"

#if defined(TACIT_HKDF_C)

#include <string.h>

#include "tacit/hmac.h"
#include "tacit/platform.h"

#include "hash/hmac_internal.h"

#if defined(TACIT_HMAC256_FAST)
/* HKDF-Expand with HMAC-SHA256 on bare states (hash/hmac_internal.h). */
static void expand256(const unsigned char *prk, size_t prk_len, const unsigned char *info,
                      size_t info_len, unsigned char *out, size_t out_len)
{
    tacit_hmac256_key k;
    unsigned char t[32];
    unsigned char counter = 0;
    size_t done = 0, n;

    tacit_hmac256_setkey(&k, prk, prk_len);
    while (done < out_len) {
        counter++;
        tacit_hmac256_mac(&k, t, counter > 1 ? 32 : 0, info, info_len, &counter, 1, t);
        n = out_len - done < 32 ? out_len - done : 32;
        memcpy(out + done, t, n);
        done += n;
    }
    tacit_platform_zeroize(&k, sizeof(k));
    tacit_platform_zeroize(t, sizeof(t));
}
#endif

int tacit_hkdf_extract(tacit_md_type md, const unsigned char *salt, size_t salt_len,
                       const unsigned char *ikm, size_t ikm_len, unsigned char *prk)
{
    if ((salt == NULL && salt_len > 0) || (ikm == NULL && ikm_len > 0) || prk == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (tacit_md_size(md) == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    /* An empty salt is HashLen zeros; as an HMAC key both are zero-padded to the block: the same. */
    return tacit_hmac(md, salt, salt_len, ikm, ikm_len, prk);
}

int tacit_hkdf_expand(tacit_md_type md, const unsigned char *prk, size_t prk_len,
                      const unsigned char *info, size_t info_len, unsigned char *out,
                      size_t out_len)
{
    tacit_hmac_context ctx;
    unsigned char t[TACIT_MD_MAX_SIZE];
    size_t hlen = tacit_md_size(md), done = 0, n;
    unsigned char counter = 0;
    int ret;

    if ((prk == NULL && prk_len > 0) || (info == NULL && info_len > 0) ||
        (out == NULL && out_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        ret = TACIT_ERR_MD_UNSUPPORTED;
        goto fail_early;
    }
    if (out_len > 255 * hlen) {
        ret = TACIT_ERR_BAD_INPUT;
        goto fail_early;
    }
#if defined(TACIT_HMAC256_FAST)
    if (md == TACIT_MD_SHA256) {
        expand256(prk, prk_len, info, info_len, out, out_len);
        return 0;
    }
#endif
    ret = tacit_hmac_init(&ctx, md, prk, prk_len);
    if (ret != 0) {
        goto fail_early;
    }
    while (done < out_len) {
        counter++;
        if (counter > 1) {
            ret = tacit_hmac_update(&ctx, t, hlen);
        }
        if (ret == 0) {
            ret = tacit_hmac_update(&ctx, info, info_len);
        }
        if (ret == 0) {
            ret = tacit_hmac_update(&ctx, &counter, 1);
        }
        if (ret == 0) {
            ret = tacit_hmac_finish(&ctx, t); /* leaves ctx keyed for the next block */
        }
        if (ret != 0) {
            break;
        }
        n = out_len - done < hlen ? out_len - done : hlen;
        memcpy(out + done, t, n);
        done += n;
    }
    tacit_hmac_free(&ctx);
    tacit_platform_zeroize(t, sizeof(t));
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

int tacit_hkdf(tacit_md_type md, const unsigned char *salt, size_t salt_len,
               const unsigned char *ikm, size_t ikm_len, const unsigned char *info, size_t info_len,
               unsigned char *out, size_t out_len)
{
    unsigned char prk[TACIT_MD_MAX_SIZE];
    int ret;

    if ((info == NULL && info_len > 0) || (out == NULL && out_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_hkdf_extract(md, salt, salt_len, ikm, ikm_len, prk);
    if (ret == 0) {
        ret = tacit_hkdf_expand(md, prk, tacit_md_size(md), info, info_len, out, out_len);
    } else if (out != NULL) {
        tacit_platform_zeroize(out, out_len);
    }
    tacit_platform_zeroize(prk, sizeof(prk));
    return ret;
}

int tacit_tls13_hkdf_expand_label(tacit_md_type md, const unsigned char *secret, size_t secret_len,
                                  const unsigned char *label, size_t label_len,
                                  const unsigned char *context, size_t context_len,
                                  unsigned char *out, size_t out_len)
{
    /* HkdfLabel: uint16 length, opaque label<7..255> ("tls13 " + label), opaque context<0..255> */
    unsigned char info[2 + 1 + 255 + 1 + 255];
    size_t n = 0;
    int ret;

    if ((label == NULL && label_len > 0) || (context == NULL && context_len > 0) ||
        (out == NULL && out_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (label_len > 255 - 6 || context_len > 255 || out_len > 0xFFFF) {
        if (out != NULL) {
            tacit_platform_zeroize(out, out_len);
        }
        return TACIT_ERR_BAD_INPUT;
    }
    info[n++] = (unsigned char)(out_len >> 8);
    info[n++] = (unsigned char)out_len;
    info[n++] = (unsigned char)(6 + label_len);
    memcpy(info + n, "tls13 ", 6);
    n += 6;
    if (label_len > 0) {
        memcpy(info + n, label, label_len);
        n += label_len;
    }
    info[n++] = (unsigned char)context_len;
    if (context_len > 0) {
        memcpy(info + n, context, context_len);
        n += context_len;
    }
    ret = tacit_hkdf_expand(md, secret, secret_len, info, n, out, out_len);
    tacit_platform_zeroize(info, sizeof(info));
    return ret;
}

#else
typedef int tacit_hkdf_unused;
#endif /* TACIT_HKDF_C */
