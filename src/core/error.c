/*
 * tacit_strerror: one distinct text for every error code of include/tacit.
 * The table covers every module whatever the configuration (the codes are
 * plain macros), so a code from a compiled-out module is still named.
 * tests/core/test_error.c checks that every TACIT_ERR_ macro of the public
 * headers is here with a text of its own.
 */
#include "tacit/asn1.h"
#include "tacit/base64.h"
#include "tacit/bignum.h"
#include "tacit/ecp.h"
#include "tacit/error.h"
#include "tacit/hmac_drbg.h"
#include "tacit/md.h"
#include "tacit/pem.h"
#include "tacit/pk.h"
#include "tacit/rsa.h"
#include "tacit/x509.h"
#include "tacit/x25519.h"

#include <stddef.h>

typedef struct {
    int code;
    const char *text;
} error_text;

static const error_text error_texts[] = {
    /* generic (error.h) */
    { TACIT_ERR_BAD_INPUT, "bad input (NULL pointer, length or parameter)" },
    { TACIT_ERR_ALLOC_FAILED, "out of memory" },
    { TACIT_ERR_NOT_SUPPORTED, "not supported in this build" },
    { TACIT_ERR_CORRUPTION_DETECTED, "internal consistency check failed (fault?)" },
    { TACIT_ERR_RNG_FAILED, "the random generator failed" },
    { TACIT_ERR_BUFFER_TOO_SMALL, "output buffer too small" },
    { TACIT_ERR_VERIFY_FAILED, "verification failed" },
    { TACIT_ERR_NO_PRIVATE_KEY, "no private key" },
    { TACIT_ERR_AUTH_FAILED, "authentication failure (AEAD tag mismatch)" },
    /* bignum */
    { TACIT_ERR_MPI_INVALID_CHARACTER, "invalid character in a number" },
    { TACIT_ERR_MPI_NEGATIVE_VALUE, "negative number where none is allowed" },
    { TACIT_ERR_MPI_DIVISION_BY_ZERO, "division by zero" },
    { TACIT_ERR_MPI_NOT_ACCEPTABLE, "number not acceptable (not invertible, not prime)" },
    { TACIT_ERR_MPI_TOO_LARGE, "number too large" },
    { TACIT_ERR_MPI_EVEN_MODULUS, "even modulus" },
    /* md */
    { TACIT_ERR_MD_UNSUPPORTED, "unknown or unavailable hash" },
    /* hmac_drbg */
    { TACIT_ERR_DRBG_ENTROPY_FAILED, "the entropy source failed" },
    { TACIT_ERR_DRBG_REQUEST_TOO_BIG, "random request too big" },
    { TACIT_ERR_DRBG_INPUT_TOO_BIG, "DRBG input too big" },
    { TACIT_ERR_DRBG_NOT_SEEDED, "DRBG not seeded" },
    { TACIT_ERR_DRBG_RESEED_REQUIRED, "DRBG reseed required but no entropy source" },
    /* base64 */
    { TACIT_ERR_BASE64_INVALID_CHARACTER, "invalid base64 character" },
    { TACIT_ERR_BASE64_BAD_PADDING, "bad base64 padding" },
    { TACIT_ERR_BASE64_BAD_LENGTH, "bad base64 length or line break inside a group" },
    { TACIT_ERR_BASE64_NONCANONICAL, "non-canonical base64 (unused bits set)" },
    /* pem */
    { TACIT_ERR_PEM_NO_BLOCK, "no PEM block" },
    { TACIT_ERR_PEM_BAD_HEADER, "malformed PEM BEGIN or END line" },
    { TACIT_ERR_PEM_NO_FOOTER, "PEM END line missing" },
    { TACIT_ERR_PEM_LABEL_MISMATCH, "PEM END label differs from the BEGIN label" },
    { TACIT_ERR_PEM_UNEXPECTED_LABEL, "unexpected PEM label" },
    /* asn1 */
    { TACIT_ERR_ASN1_OUT_OF_DATA, "DER truncated" },
    { TACIT_ERR_ASN1_UNEXPECTED_TAG, "unexpected DER tag" },
    { TACIT_ERR_ASN1_INVALID_LENGTH, "invalid DER length" },
    { TACIT_ERR_ASN1_TRAILING_DATA, "trailing data after the DER" },
    { TACIT_ERR_ASN1_INVALID_DATA, "invalid DER content" },
    { TACIT_ERR_ASN1_NEGATIVE, "negative DER integer" },
    { TACIT_ERR_ASN1_UNSUPPORTED, "unsupported DER version or form" },
    /* rsa */
    { TACIT_ERR_RSA_INVALID_PADDING, "invalid padding" },
    { TACIT_ERR_RSA_KEY_GEN_FAILED, "RSA key generation failed" },
    { TACIT_ERR_RSA_KEY_CHECK_FAILED, "inconsistent or out-of-range RSA key" },
    { TACIT_ERR_RSA_PUBLIC_FAILED, "RSA public operation failed" },
    { TACIT_ERR_RSA_PRIVATE_FAILED, "RSA private operation failed" },
    { TACIT_ERR_RSA_INPUT_OUT_OF_RANGE, "RSA input of the wrong length or not below the modulus" },
    { TACIT_ERR_RSA_MESSAGE_TOO_LONG, "message too long for this key and padding" },
    { TACIT_ERR_RSA_UNSUPPORTED, "unsupported RSA key form or parameter" },
    { TACIT_ERR_RSA_WRONG_KEY_TYPE, "not an RSA key" },
    { TACIT_ERR_RSA_BAD_HASH, "hash not allowed here" },
    /* ecp, ecdh, ecdsa */
    { TACIT_ERR_ECP_UNKNOWN_CURVE, "unsupported curve" },
    { TACIT_ERR_ECP_INVALID_POINT, "invalid point (malformed, not on the curve, or infinity)" },
    { TACIT_ERR_ECP_INVALID_KEY, "invalid EC private key" },
    { TACIT_ERR_ECP_KEY_FORMAT, "malformed EC key" },
    { TACIT_ERR_ECDSA_BAD_SIGNATURE, "malformed signature" },
    { TACIT_ERR_ECDSA_BAD_HASH, "empty or unsupported hash for ECDSA" },
    { TACIT_ERR_ECDH_SHARED_ZERO, "shared secret is the point at infinity" },
    /* curve25519 (x25519.h, ed25519.h) */
    { TACIT_ERR_X25519_SHARED_ZERO, "X25519 shared secret is all zero (small-order peer key)" },
    { TACIT_ERR_CURVE25519_BAD_KEY, "invalid X25519 or Ed25519 key (length or encoding)" },
    /* pk */
    { TACIT_ERR_PK_UNKNOWN_KEY, "not an RSA or EC key (unknown algorithm or PEM label)" },
    { TACIT_ERR_PK_KEY_FORMAT, "malformed key, or a PEM label that does not match its contents" },
    { TACIT_ERR_PK_TYPE_MISMATCH, "the signature algorithm does not fit the key" },
    { TACIT_ERR_PK_UNKNOWN_SIG_ALG, "unknown or unsupported signature algorithm" },
    { TACIT_ERR_PK_SHA1_NOT_ALLOWED, "SHA-1 signature not allowed" },
    { TACIT_ERR_PK_ENCRYPTED, "encrypted private key (not supported)" },
    /* x509 */
    { TACIT_ERR_X509_INVALID_FORMAT, "malformed certificate" },
    { TACIT_ERR_X509_UNSUPPORTED, "unsupported certificate version or form" },
    { TACIT_ERR_X509_VERIFY_FAILED, "no valid certificate path" },
};

const char *tacit_strerror(int code)
{
    size_t i;

    if (code == 0) {
        return "success";
    }
    for (i = 0; i < sizeof(error_texts) / sizeof(error_texts[0]); i++) {
        if (error_texts[i].code == code) {
            return error_texts[i].text;
        }
    }
    return "unknown error code";
}
