/*
 * MGF1 (RFC 8017 B.2.1), the mask generation function of PSS and OAEP.
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

int tacit_rsa_mgf1_xor(tacit_md_type md, const unsigned char *seed, size_t slen, unsigned char *dst,
                       size_t dlen)
{
    tacit_md_context ctx;
    unsigned char mask[TACIT_MD_MAX_SIZE], counter[4];
    size_t hlen = tacit_rsa_md_size(md), i, n;
    unsigned long c = 0;
    int ret = 0;

    if (hlen == 0) {
        return TACIT_ERR_RSA_BAD_HASH;
    }
    if ((ret = tacit_md_init(&ctx, md)) != 0) {
        return ret;
    }
    while (dlen > 0) {
        counter[0] = (unsigned char)(c >> 24);
        counter[1] = (unsigned char)(c >> 16);
        counter[2] = (unsigned char)(c >> 8);
        counter[3] = (unsigned char)c;
        if ((ret = tacit_md_starts(&ctx)) != 0 || (ret = tacit_md_update(&ctx, seed, slen)) != 0 ||
            (ret = tacit_md_update(&ctx, counter, 4)) != 0 ||
            (ret = tacit_md_finish(&ctx, mask)) != 0) {
            break;
        }
        n = dlen < hlen ? dlen : hlen;
        for (i = 0; i < n; i++) {
            dst[i] ^= mask[i];
        }
        dst += n;
        dlen -= n;
        c++;
    }
    tacit_md_free(&ctx);
    tacit_platform_zeroize(mask, sizeof(mask));
    return ret;
}

#else
typedef int tacit_rsa_mgf1_unused;
#endif /* TACIT_RSA_C */
