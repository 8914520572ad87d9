/* Short descriptions of tacit's error codes for the tool's messages. */
#include "cli.h"
#include "cli_key.h"

#include <stdio.h>

#include "tacit/asn1.h"
#include "tacit/base64.h"
#include "tacit/bignum.h"
#include "tacit/error.h"
#include "tacit/hmac_drbg.h"
#include "tacit/md.h"
#include "tacit/pem.h"
#include "tacit/pk.h"
#include "tacit/x509.h"

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
#if defined(CLI_RSA)
    { TACIT_ERR_RSA_BAD_INPUT_DATA, "bad input to RSA" },
    { TACIT_ERR_RSA_INVALID_PADDING, "invalid padding" },
    { TACIT_ERR_RSA_KEY_GEN_FAILED, "RSA key generation failed" },
    { TACIT_ERR_RSA_KEY_CHECK_FAILED, "inconsistent or out-of-range RSA key" },
    { TACIT_ERR_RSA_PUBLIC_FAILED, "RSA public operation failed" },
    { TACIT_ERR_RSA_PRIVATE_FAILED, "RSA private operation failed" },
    { TACIT_ERR_RSA_VERIFY_FAILED, "signature does not verify" },
    { TACIT_ERR_RSA_OUTPUT_TOO_LARGE, "decrypted message too large" },
    { TACIT_ERR_RSA_INPUT_OUT_OF_RANGE, "input of the wrong length or not below the modulus" },
    { TACIT_ERR_RSA_MESSAGE_TOO_LONG, "message too long for this key and padding" },
    { TACIT_ERR_RSA_BUFFER_TOO_SMALL, "output buffer too small" },
    { TACIT_ERR_RSA_UNSUPPORTED, "unsupported RSA key form or parameter" },
    { TACIT_ERR_RSA_WRONG_KEY_TYPE, "not an RSA key" },
    { TACIT_ERR_RSA_BAD_HASH, "hash not allowed here" },
    { TACIT_ERR_RSA_NO_PRIVATE_KEY, "no private key" },
#endif
#if defined(CLI_EC)
    { TACIT_ERR_ECP_BAD_INPUT, "bad input to EC" },
    { TACIT_ERR_ECP_UNKNOWN_CURVE, "unsupported curve" },
    { TACIT_ERR_ECP_INVALID_POINT, "invalid point (malformed, not on the curve, or infinity)" },
    { TACIT_ERR_ECP_INVALID_KEY, "invalid EC private key" },
    { TACIT_ERR_ECP_BUFFER_TOO_SMALL, "output buffer too small" },
    { TACIT_ERR_ECP_KEY_FORMAT, "malformed EC key" },
    { TACIT_ERR_ECP_NO_PRIVATE_KEY, "no private key" },
    { TACIT_ERR_ECDSA_VERIFY_FAILED, "signature does not verify" },
    { TACIT_ERR_ECDSA_BAD_SIGNATURE, "malformed signature" },
    { TACIT_ERR_ECDSA_BAD_HASH, "bad hash" },
    { TACIT_ERR_ECDH_SHARED_ZERO, "shared secret is the point at infinity" },
#endif
    { TACIT_ERR_PK_BAD_INPUT, "bad input to pk" },
    { TACIT_ERR_PK_UNKNOWN_KEY, "not an RSA or EC key (unknown algorithm or PEM label)" },
    { TACIT_ERR_PK_KEY_FORMAT, "malformed key, or a PEM label that does not match its contents" },
    { TACIT_ERR_PK_TYPE_MISMATCH, "the algorithm does not fit the key" },
    { TACIT_ERR_PK_NO_PRIVATE_KEY, "no private key" },
    { TACIT_ERR_PK_UNKNOWN_SIG_ALG, "unknown or unsupported signature algorithm" },
    { TACIT_ERR_PK_VERIFY_FAILED, "signature does not verify" },
    { TACIT_ERR_PK_BUFFER_TOO_SMALL, "output buffer too small" },
    { TACIT_ERR_PK_SHA1_NOT_ALLOWED, "SHA-1 signature not allowed" },
    { TACIT_ERR_PK_ENCRYPTED, "encrypted private key" },
    { TACIT_ERR_X509_BAD_INPUT, "bad input to x509" },
    { TACIT_ERR_X509_INVALID_FORMAT, "malformed certificate" },
    { TACIT_ERR_X509_UNSUPPORTED, "unsupported certificate version or form" },
    { TACIT_ERR_X509_VERIFY_FAILED, "certificate verification failed" },
    { TACIT_ERR_X509_ALLOC_FAILED, "out of memory" },
    { TACIT_ERR_X509_BUFFER_TOO_SMALL, "output buffer too small" },
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
               err >= -0x00AF ? "EC error" :
               err >= -0x00BF ? "key error" : "certificate error";
    }
    snprintf(buf, sizeof(buf), "%s (%s0x%04X)", text, err < 0 ? "-" : "",
             (unsigned)(err < 0 ? -err : err));
    return buf;
}
