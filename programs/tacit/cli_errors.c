/* Short descriptions of tacit's error codes for the tool's messages. */
#include "cli.h"

#include <stdio.h>

#include "tacit/asn1.h"
#include "tacit/base64.h"
#include "tacit/bignum.h"
#include "tacit/error.h"
#include "tacit/hmac_drbg.h"
#include "tacit/md.h"
#include "tacit/pem.h"

typedef struct {
    int code;
    const char *text;
} cli_error_text;

static const cli_error_text error_texts[] = {
    { TACIT_ERR_BAD_INPUT, "bad input" },
    { TACIT_ERR_ALLOC_FAILED, "out of memory" },
    { TACIT_ERR_NOT_SUPPORTED, "not supported in this build" },
    { TACIT_ERR_CORRUPTION_DETECTED, "internal consistency check failed" },
    { TACIT_ERR_RNG_FAILED, "the random generator failed" },
    { TACIT_ERR_MPI_NOT_ACCEPTABLE, "number not acceptable (not invertible, not prime)" },
    { TACIT_ERR_MPI_TOO_LARGE, "number too large" },
    { TACIT_ERR_MD_UNSUPPORTED, "unsupported hash" },
    { TACIT_ERR_DRBG_ENTROPY_FAILED, "the entropy source failed" },
    { TACIT_ERR_BASE64_INVALID_CHARACTER, "invalid base64 character" },
    { TACIT_ERR_BASE64_BAD_PADDING, "bad base64 padding" },
    { TACIT_ERR_BASE64_BAD_LENGTH, "bad base64 length or line break inside a group" },
    { TACIT_ERR_BASE64_NONCANONICAL, "non-canonical base64 (unused bits set)" },
    { TACIT_ERR_PEM_NO_BLOCK, "no PEM block" },
    { TACIT_ERR_PEM_BAD_HEADER, "malformed PEM BEGIN or END line" },
    { TACIT_ERR_PEM_NO_FOOTER, "PEM END line missing" },
    { TACIT_ERR_PEM_LABEL_MISMATCH, "PEM END label differs from the BEGIN label" },
    { TACIT_ERR_PEM_UNEXPECTED_LABEL, "unexpected PEM label" },
    { TACIT_ERR_ASN1_OUT_OF_DATA, "DER truncated" },
    { TACIT_ERR_ASN1_UNEXPECTED_TAG, "unexpected DER tag" },
    { TACIT_ERR_ASN1_INVALID_LENGTH, "invalid DER length" },
    { TACIT_ERR_ASN1_TRAILING_DATA, "trailing data after the DER" },
    { TACIT_ERR_ASN1_INVALID_DATA, "invalid DER content" },
    { TACIT_ERR_ASN1_NEGATIVE, "negative DER integer" },
    { TACIT_ERR_ASN1_UNSUPPORTED, "unsupported DER version or form" },
};

const char *cli_strerror(int err)
{
    static char buf[96];
    const char *text = NULL;
    size_t i;

    for (i = 0; i < sizeof(error_texts) / sizeof(error_texts[0]); i++) {
        if (error_texts[i].code == err) {
            text = error_texts[i].text;
        }
    }
    if (text == NULL) {
        text = err >= -0x000F ? "error" :
               err >= -0x001F ? "big-number error" :
               err >= -0x002F ? "hash error" :
               err >= -0x003F ? "random generator error" :
               err >= -0x004F ? "base64 error" :
               err >= -0x005F ? "PEM error" :
               err >= -0x006F ? "ASN.1/DER error" :
               err >= -0x008F ? "RSA error" :
               err >= -0x00AF ? "EC error" : "key error";
    }
    snprintf(buf, sizeof(buf), "%s (%s0x%04X)", text, err < 0 ? "-" : "",
             (unsigned)(err < 0 ? -err : err));
    return buf;
}
