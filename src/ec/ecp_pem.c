/*
 * EC key files in PEM: "EC PRIVATE KEY" (SEC1), "PRIVATE KEY" (PKCS#8),
 * "PUBLIC KEY" (SubjectPublicKeyInfo).  The label must match the body's
 * format.  PEM and base64 errors are passed through (TACIT_ERR_PEM_*,
 * TACIT_ERR_BASE64_*); a block with another label is TACIT_ERR_ECP_KEY_FORMAT.
 * tacit_pem_read allocates the decoded body (the pem module's choice); it is
 * zeroized and freed here.
 */
#include "ec/ecp_internal.h"
#include "tacit/pem.h"

#if defined(TACIT_ECP_C) && defined(TACIT_ASN1_C) && defined(TACIT_PEM_C)

#include <string.h>

#define LABEL_SEC1 "EC PRIVATE KEY"
#define LABEL_PKCS8 "PRIVATE KEY"
#define LABEL_PUB "PUBLIC KEY"

/* DER keys are small: SEC1 P-521 with its public key is 223 bytes */

int tacit_ecp_parse_key_pem(tacit_ecp_keypair *key, const unsigned char *pem, size_t len)
{
    tacit_pem_block block;
    int ret;

    if (key == NULL || (pem == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(&block, 0, sizeof(block));
    ret = tacit_pem_read(NULL, pem, len, &block, NULL);
    if (ret != 0) {
        return ret;
    }
    if (strcmp(block.label, LABEL_SEC1) == 0) {
        ret = tacit_ecp_parse_key_der_format(key, block.der, block.der_len, TACIT_KEY_FORMAT_SEC1);
    } else if (strcmp(block.label, LABEL_PKCS8) == 0) {
        ret = tacit_ecp_parse_key_der_format(key, block.der, block.der_len, TACIT_KEY_FORMAT_PKCS8);
    } else {
        ret = TACIT_ERR_ECP_KEY_FORMAT;
    }
    tacit_pem_block_free(&block);
    return ret;
}

int tacit_ecp_parse_public_key_pem(tacit_ecp_keypair *key, const unsigned char *pem, size_t len)
{
    tacit_pem_block block;
    int ret;

    if (key == NULL || (pem == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    memset(&block, 0, sizeof(block));
    ret = tacit_pem_read(NULL, pem, len, &block, NULL);
    if (ret != 0) {
        return ret;
    }
    if (strcmp(block.label, LABEL_PUB) == 0) {
        ret = tacit_ecp_parse_public_key_der(key, block.der, block.der_len);
    } else {
        ret = TACIT_ERR_ECP_KEY_FORMAT;
    }
    tacit_pem_block_free(&block);
    return ret;
}

int tacit_ecp_write_key_pem(const tacit_ecp_keypair *key, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len)
{
    unsigned char der[TACIT_ECP_KEY_DER_MAX];
    size_t dlen = 0;
    int ret;

    if (out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_ecp_write_key_der(key, format, der, sizeof(der), &dlen);
    if (ret == 0) {
        ret = tacit_pem_write(format == TACIT_KEY_FORMAT_SEC1 ? LABEL_SEC1 : LABEL_PKCS8, der, dlen,
                              out, out_size, out_len);
        if (ret != 0 && out != NULL) {
            tacit_platform_zeroize(out, out_size);
        }
    }
    tacit_platform_zeroize(der, sizeof(der));
    return ret;
}

int tacit_ecp_write_public_key_pem(const tacit_ecp_keypair *key, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len)
{
    unsigned char der[TACIT_ECP_KEY_DER_MAX];
    size_t dlen = 0;
    int ret;

    if (out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    ret = tacit_ecp_write_public_key_der(key, format, der, sizeof(der), &dlen);
    if (ret == 0) {
        ret = tacit_pem_write(LABEL_PUB, der, dlen, out, out_size, out_len);
    }
    return ret;
}

#else
typedef int tacit_ecp_pem_unused;
#endif
