/*
 * The TLS 1.3 key schedule (RFC 8446 section 7) on HKDF.
 */
#include "tacit/tls13.h"

#if defined(TACIT_HKDF_C)

#include <string.h>

#include "tacit/hmac.h"
#include "tacit/platform.h"

tacit_md_type tacit_tls13_suite_md(tacit_tls13_suite suite)
{
    switch (suite) {
    case TACIT_TLS13_AES_128_GCM_SHA256:
    case TACIT_TLS13_CHACHA20_POLY1305_SHA256:
    case TACIT_TLS13_AES_128_CCM_SHA256:
    case TACIT_TLS13_AES_128_CCM_8_SHA256:
        return tacit_md_size(TACIT_MD_SHA256) != 0 ? TACIT_MD_SHA256 : TACIT_MD_NONE;
    case TACIT_TLS13_AES_256_GCM_SHA384:
        return tacit_md_size(TACIT_MD_SHA384) != 0 ? TACIT_MD_SHA384 : TACIT_MD_NONE;
    default:
        return TACIT_MD_NONE;
    }
}

size_t tacit_tls13_suite_key_len(tacit_tls13_suite suite)
{
    switch (suite) {
    case TACIT_TLS13_AES_128_GCM_SHA256:
    case TACIT_TLS13_AES_128_CCM_SHA256:
    case TACIT_TLS13_AES_128_CCM_8_SHA256:
        return 16;
    case TACIT_TLS13_AES_256_GCM_SHA384:
    case TACIT_TLS13_CHACHA20_POLY1305_SHA256:
        return 32;
    default:
        return 0;
    }
}

size_t tacit_tls13_suite_tag_len(tacit_tls13_suite suite)
{
    switch (suite) {
    case TACIT_TLS13_AES_128_GCM_SHA256:
    case TACIT_TLS13_AES_256_GCM_SHA384:
    case TACIT_TLS13_CHACHA20_POLY1305_SHA256:
    case TACIT_TLS13_AES_128_CCM_SHA256:
        return 16;
    case TACIT_TLS13_AES_128_CCM_8_SHA256:
        return 8; /* RFC 6655 / RFC 8446 B.4: CCM_8 */
    default:
        return 0;
    }
}

#define LABEL(s) (const unsigned char *)(s), sizeof(s) - 1

int tacit_tls13_derive_secret(tacit_md_type md, const unsigned char *secret, size_t secret_len,
                              const unsigned char *label, size_t label_len,
                              const unsigned char *transcript_hash, size_t hash_len,
                              unsigned char *out)
{
    size_t hlen = tacit_md_size(md);

    if (out == NULL || (transcript_hash == NULL && hash_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    if (hash_len != hlen) {
        tacit_platform_zeroize(out, hlen);
        return TACIT_ERR_BAD_INPUT;
    }
    return tacit_tls13_hkdf_expand_label(md, secret, secret_len, label, label_len, transcript_hash,
                                         hash_len, out, hlen);
}

int tacit_tls13_message_hash(tacit_md_type md, const unsigned char *ch1_hash, size_t hash_len,
                             unsigned char *out, size_t out_size, size_t *out_len)
{
    size_t hlen = tacit_md_size(md);

    if (out_len != NULL) {
        *out_len = 0;
    }
    if (out == NULL || out_len == NULL || ch1_hash == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    if (hash_len != hlen) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (out_size < 4 + hlen) {
        tacit_platform_zeroize(out, out_size);
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    out[0] = 0xFE; /* HandshakeType message_hash (254) */
    out[1] = 0;
    out[2] = 0;
    out[3] = (unsigned char)hlen;
    memmove(out + 4, ch1_hash, hlen);
    *out_len = 4 + hlen;
    return 0;
}

int tacit_tls13_transcript_hrr(tacit_md_context *ctx)
{
    unsigned char msg[TACIT_TLS13_MESSAGE_HASH_MAX_LEN];
    size_t hlen, n = 0;
    int ret;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    hlen = tacit_md_size(ctx->type);
    if (hlen == 0) {
        tacit_md_free(ctx);
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    ret = tacit_md_finish(ctx, msg + 4);
    if (ret == 0) {
        ret = tacit_tls13_message_hash(ctx->type, msg + 4, hlen, msg, sizeof(msg), &n);
    }
    if (ret == 0) {
        ret = tacit_md_starts(ctx);
    }
    if (ret == 0) {
        ret = tacit_md_update(ctx, msg, n);
    }
    if (ret != 0) {
        tacit_md_free(ctx);
    }
    tacit_platform_zeroize(msg, sizeof(msg));
    return ret;
}

/* Derive-Secret(secret, "derived", "") */
static int derived(tacit_md_type md, const unsigned char *secret, size_t hlen, unsigned char *out)
{
    unsigned char empty_hash[TACIT_MD_MAX_SIZE];
    int ret;

    ret = tacit_md(md, NULL, 0, empty_hash);
    if (ret == 0) {
        ret = tacit_tls13_derive_secret(md, secret, hlen, LABEL("derived"), empty_hash, hlen, out);
    }
    return ret;
}

void tacit_tls13_ks_free(tacit_tls13_key_schedule *ks)
{
    if (ks != NULL) {
        tacit_platform_zeroize(ks, sizeof(*ks));
    }
}

int tacit_tls13_ks_early(tacit_tls13_key_schedule *ks, tacit_md_type md, const unsigned char *psk,
                         size_t psk_len)
{
    unsigned char zeros[TACIT_MD_MAX_SIZE];
    size_t hlen = tacit_md_size(md);
    int ret;

    if (ks == NULL || (psk == NULL && psk_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_tls13_ks_free(ks);
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    memset(zeros, 0, sizeof(zeros));
    if (psk == NULL) {
        psk = zeros;
        psk_len = hlen;
    }
    ret = tacit_hkdf_extract(md, NULL, 0, psk, psk_len, ks->secret);
    if (ret != 0) {
        tacit_tls13_ks_free(ks);
        return ret;
    }
    ks->md = md;
    ks->hash_len = hlen;
    ks->stage = 1;
    return 0;
}

/* secret = HKDF-Extract(Derive-Secret(secret, "derived", ""), ikm or HashLen zeros) */
static int next_stage(tacit_tls13_key_schedule *ks, const unsigned char *ikm, size_t ikm_len)
{
    unsigned char salt[TACIT_MD_MAX_SIZE], zeros[TACIT_MD_MAX_SIZE];
    int ret;

    memset(zeros, 0, sizeof(zeros));
    if (ikm == NULL) {
        ikm = zeros;
        ikm_len = ks->hash_len;
    }
    ret = derived(ks->md, ks->secret, ks->hash_len, salt);
    if (ret == 0) {
        ret = tacit_hkdf_extract(ks->md, salt, ks->hash_len, ikm, ikm_len, ks->secret);
    }
    tacit_platform_zeroize(salt, sizeof(salt));
    if (ret != 0) {
        tacit_tls13_ks_free(ks);
        return ret;
    }
    ks->stage++;
    return 0;
}

int tacit_tls13_ks_handshake(tacit_tls13_key_schedule *ks, const unsigned char *dhe, size_t dhe_len)
{
    if (ks == NULL || ks->stage != 1 || (dhe == NULL && dhe_len > 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    return next_stage(ks, dhe, dhe_len);
}

int tacit_tls13_ks_master(tacit_tls13_key_schedule *ks)
{
    if (ks == NULL || ks->stage != 2) {
        return TACIT_ERR_BAD_INPUT;
    }
    return next_stage(ks, NULL, 0);
}

int tacit_tls13_ks_secret(const tacit_tls13_key_schedule *ks, tacit_tls13_secret which,
                          const unsigned char *transcript_hash, size_t hash_len, unsigned char *out)
{
    static const struct {
        int stage;
        const char *label;
    } secrets[] = {
        { 0, "" },
        { 1, "ext binder" },
        { 1, "res binder" },
        { 1, "c e traffic" },
        { 1, "e exp master" },
        { 2, "c hs traffic" },
        { 2, "s hs traffic" },
        { 3, "c ap traffic" },
        { 3, "s ap traffic" },
        { 3, "exp master" },
        { 3, "res master" },
    };
    unsigned char empty_hash[TACIT_MD_MAX_SIZE];
    int binder = which == TACIT_TLS13_EXT_BINDER || which == TACIT_TLS13_RES_BINDER;
    int ret;

    if (ks == NULL || out == NULL || (int)which < 1 ||
        (size_t)which >= sizeof(secrets) / sizeof(secrets[0]) ||
        secrets[which].stage != ks->stage) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (binder) {
        if (transcript_hash != NULL || hash_len != 0) {
            return TACIT_ERR_BAD_INPUT;
        }
        ret = tacit_md(ks->md, NULL, 0, empty_hash);
        if (ret != 0) {
            return ret;
        }
        transcript_hash = empty_hash;
        hash_len = ks->hash_len;
    }
    return tacit_tls13_derive_secret(ks->md, ks->secret, ks->hash_len,
                                     (const unsigned char *)secrets[which].label,
                                     strlen(secrets[which].label), transcript_hash, hash_len, out);
}

int tacit_tls13_finished_key(tacit_md_type md, const unsigned char *base_key, size_t base_len,
                             unsigned char *out)
{
    size_t hlen = tacit_md_size(md);

    if (out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    return tacit_tls13_hkdf_expand_label(md, base_key, base_len, LABEL("finished"), NULL, 0, out,
                                         hlen);
}

int tacit_tls13_finished(tacit_md_type md, const unsigned char *base_key, size_t base_len,
                         const unsigned char *transcript_hash, size_t hash_len, unsigned char *out)
{
    unsigned char fk[TACIT_MD_MAX_SIZE];
    size_t hlen = tacit_md_size(md);
    int ret;

    if (out == NULL || transcript_hash == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    if (hash_len != hlen) {
        tacit_platform_zeroize(out, hlen);
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_tls13_finished_key(md, base_key, base_len, fk);
    if (ret == 0) {
        ret = tacit_hmac(md, fk, hlen, transcript_hash, hash_len, out);
    }
    tacit_platform_zeroize(fk, sizeof(fk));
    return ret;
}

int tacit_tls13_traffic_keys(tacit_tls13_suite suite, const unsigned char *secret,
                             size_t secret_len, unsigned char *key, size_t key_size,
                             unsigned char iv[TACIT_TLS13_IV_LEN])
{
    tacit_md_type md = tacit_tls13_suite_md(suite);
    size_t klen = tacit_tls13_suite_key_len(suite);
    int ret;

    if (key == NULL || iv == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (md == TACIT_MD_NONE || key_size < klen) {
        return md == TACIT_MD_NONE && klen != 0 ? TACIT_ERR_MD_UNSUPPORTED : TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_tls13_hkdf_expand_label(md, secret, secret_len, LABEL("key"), NULL, 0, key, klen);
    if (ret == 0) {
        ret = tacit_tls13_hkdf_expand_label(md, secret, secret_len, LABEL("iv"), NULL, 0, iv,
                                            TACIT_TLS13_IV_LEN);
    }
    if (ret != 0) {
        tacit_platform_zeroize(key, klen);
        tacit_platform_zeroize(iv, TACIT_TLS13_IV_LEN);
    }
    return ret;
}

int tacit_tls13_update_traffic_secret(tacit_md_type md, const unsigned char *secret,
                                      size_t secret_len, unsigned char *out)
{
    size_t hlen = tacit_md_size(md);

    if (out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    return tacit_tls13_hkdf_expand_label(md, secret, secret_len, LABEL("traffic upd"), NULL, 0, out,
                                         hlen);
}

int tacit_tls13_resumption_psk(tacit_md_type md, const unsigned char *res_master, size_t len,
                               const unsigned char *nonce, size_t nonce_len, unsigned char *out)
{
    size_t hlen = tacit_md_size(md);

    if (out == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (hlen == 0) {
        return TACIT_ERR_MD_UNSUPPORTED;
    }
    return tacit_tls13_hkdf_expand_label(md, res_master, len, LABEL("resumption"), nonce, nonce_len,
                                         out, hlen);
}

#else
typedef int tacit_tls13_unused;
#endif /* TACIT_HKDF_C */
