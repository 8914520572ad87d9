/*
 * Error codes of every module, and tacit_strerror: ONE list.
 *
 * Every tacit function returns 0 on success or a negative TACIT_ERR_* code.
 * A meaning shared by several modules has ONE code, in the generic group (a
 * bad argument, an output buffer that is too small, a signature or tag that
 * does not verify, ...).  A meaning of one module has a code in that module's
 * range, so that such a code names the module that produced it:
 *
 *   -0x0001 .. -0x000F  generic
 *   -0x0010 .. -0x001F  bignum
 *   -0x0020 .. -0x002F  md, sha*, sha3, hmac, hkdf
 *   -0x0030 .. -0x003F  hmac_drbg, entropy
 *   -0x0040 .. -0x004F  base64
 *   -0x0050 .. -0x005F  pem
 *   -0x0060 .. -0x006F  asn1
 *   -0x0070 .. -0x008F  rsa
 *   -0x0090 .. -0x00AF  ecp, ecdh, ecdsa
 *   -0x00B0 .. -0x00BF  pk
 *   -0x00C0 .. -0x00CF  curve25519: x25519, ed25519
 *   -0x00D0 .. -0x00DF  x509
 *   -0x00E0 .. -0x00EF  aead (aes, gcm, ccm, chacha20-poly1305)
 *   -0x00F0 .. -0x00FF  ml-kem, ml-dsa
 *   -0x0100 .. -0x010F  tls13 key schedule
 *
 * A new code is one line of TACIT_ERROR_LIST: name, value, text.  The codes
 * (an enum), tacit_strerror (src/core/error.c) and the test_error suite are
 * all made from this list, which that suite checks: every value negative
 * and distinct, every text distinct.
 */
#ifndef TACIT_ERROR_H
#define TACIT_ERROR_H

/* X(name, value, text) for every code. */
#define TACIT_ERROR_LIST(X)                                                                        \
    /* generic */                                                                                  \
    X(TACIT_ERR_BAD_INPUT, -0x0001, "bad input (NULL pointer, length or parameter)")               \
    X(TACIT_ERR_ALLOC_FAILED, -0x0002, "out of memory")                                            \
    X(TACIT_ERR_NOT_SUPPORTED, -0x0003, "not supported in this build")                             \
    X(TACIT_ERR_CORRUPTION_DETECTED, -0x0004, "internal consistency check failed (fault?)")        \
    X(TACIT_ERR_RNG_FAILED, -0x0005, "the random generator failed")                                \
    X(TACIT_ERR_BUFFER_TOO_SMALL, -0x0006, "output buffer too small")                              \
    X(TACIT_ERR_VERIFY_FAILED, -0x0007, "verification failed")                                     \
    X(TACIT_ERR_NO_PRIVATE_KEY, -0x0008, "no private key")                                         \
    X(TACIT_ERR_AUTH_FAILED, -0x0009, "authentication failure (AEAD tag mismatch)")                \
    /* bignum */                                                                                   \
    X(TACIT_ERR_MPI_INVALID_CHARACTER, -0x0011, "invalid character in a number")                   \
    X(TACIT_ERR_MPI_NEGATIVE_VALUE, -0x0013, "negative number where none is allowed")              \
    X(TACIT_ERR_MPI_DIVISION_BY_ZERO, -0x0014, "division by zero")                                 \
    X(TACIT_ERR_MPI_NOT_ACCEPTABLE, -0x0015, "number not acceptable (not invertible, not prime)")  \
    X(TACIT_ERR_MPI_TOO_LARGE, -0x0017, "number too large")                                        \
    X(TACIT_ERR_MPI_EVEN_MODULUS, -0x0018, "even modulus")                                         \
    /* md, sha*, hmac */                                                                           \
    X(TACIT_ERR_MD_UNSUPPORTED, -0x0021, "unknown or unavailable hash")                            \
    /* hmac_drbg, entropy */                                                                       \
    X(TACIT_ERR_DRBG_ENTROPY_FAILED, -0x0030, "the entropy source failed")                         \
    X(TACIT_ERR_DRBG_REQUEST_TOO_BIG, -0x0031, "random request too big")                           \
    X(TACIT_ERR_DRBG_INPUT_TOO_BIG, -0x0032, "DRBG input too big")                                 \
    X(TACIT_ERR_DRBG_NOT_SEEDED, -0x0033, "DRBG not seeded")                                       \
    X(TACIT_ERR_DRBG_RESEED_REQUIRED, -0x0035, "DRBG reseed required but no entropy source")       \
    /* base64 */                                                                                   \
    X(TACIT_ERR_BASE64_INVALID_CHARACTER, -0x0041, "invalid base64 character")                     \
    X(TACIT_ERR_BASE64_BAD_PADDING, -0x0042, "bad base64 padding")                                 \
    X(TACIT_ERR_BASE64_BAD_LENGTH, -0x0043, "bad base64 length or line break inside a group")      \
    X(TACIT_ERR_BASE64_NONCANONICAL, -0x0044, "non-canonical base64 (unused bits set)")            \
    /* pem */                                                                                      \
    X(TACIT_ERR_PEM_NO_BLOCK, -0x0050, "no PEM block")                                             \
    X(TACIT_ERR_PEM_BAD_HEADER, -0x0051, "malformed PEM BEGIN or END line")                        \
    X(TACIT_ERR_PEM_NO_FOOTER, -0x0052, "PEM END line missing")                                    \
    X(TACIT_ERR_PEM_LABEL_MISMATCH, -0x0053, "PEM END label differs from the BEGIN label")         \
    X(TACIT_ERR_PEM_UNEXPECTED_LABEL, -0x0054, "unexpected PEM label")                             \
    /* asn1 */                                                                                     \
    X(TACIT_ERR_ASN1_OUT_OF_DATA, -0x0060, "DER truncated")                                        \
    X(TACIT_ERR_ASN1_UNEXPECTED_TAG, -0x0061, "unexpected DER tag")                                \
    X(TACIT_ERR_ASN1_INVALID_LENGTH, -0x0062, "invalid DER length")                                \
    X(TACIT_ERR_ASN1_TRAILING_DATA, -0x0063, "trailing data after the DER")                        \
    X(TACIT_ERR_ASN1_INVALID_DATA, -0x0064, "invalid DER content")                                 \
    X(TACIT_ERR_ASN1_NEGATIVE, -0x0066, "negative DER integer")                                    \
    X(TACIT_ERR_ASN1_UNSUPPORTED, -0x0067, "unsupported DER version or form")                      \
    /* rsa */                                                                                      \
    X(TACIT_ERR_RSA_INVALID_PADDING, -0x0071, "invalid padding")                                   \
    X(TACIT_ERR_RSA_KEY_GEN_FAILED, -0x0072, "RSA key generation failed")                          \
    X(TACIT_ERR_RSA_KEY_CHECK_FAILED, -0x0073, "inconsistent or out-of-range RSA key")             \
    X(TACIT_ERR_RSA_PUBLIC_FAILED, -0x0074, "RSA public operation failed")                         \
    X(TACIT_ERR_RSA_PRIVATE_FAILED, -0x0075, "RSA private operation failed")                       \
    X(TACIT_ERR_RSA_INPUT_OUT_OF_RANGE, -0x0078,                                                   \
      "RSA input of the wrong length or not below the modulus")                                    \
    X(TACIT_ERR_RSA_MESSAGE_TOO_LONG, -0x0079, "message too long for this key and padding")        \
    X(TACIT_ERR_RSA_UNSUPPORTED, -0x007B, "unsupported RSA key form or parameter")                 \
    X(TACIT_ERR_RSA_WRONG_KEY_TYPE, -0x007C, "not an RSA key")                                     \
    X(TACIT_ERR_RSA_BAD_HASH, -0x007D, "hash not allowed here")                                    \
    /* ecp, ecdh, ecdsa */                                                                         \
    X(TACIT_ERR_ECP_UNKNOWN_CURVE, -0x0091, "unsupported curve")                                   \
    X(TACIT_ERR_ECP_INVALID_POINT, -0x0092,                                                        \
      "invalid point (malformed, not on the curve, or infinity)")                                  \
    X(TACIT_ERR_ECP_INVALID_KEY, -0x0093, "invalid EC private key")                                \
    X(TACIT_ERR_ECP_KEY_FORMAT, -0x0095, "malformed EC key")                                       \
    X(TACIT_ERR_ECDSA_BAD_SIGNATURE, -0x00A1, "malformed signature")                               \
    X(TACIT_ERR_ECDSA_BAD_HASH, -0x00A2, "empty or unsupported hash for ECDSA")                    \
    X(TACIT_ERR_ECDH_SHARED_ZERO, -0x00A8, "shared secret is the point at infinity")               \
    /* pk */                                                                                       \
    X(TACIT_ERR_PK_UNKNOWN_KEY, -0x00B1, "not an RSA or EC key (unknown algorithm or PEM label)")  \
    X(TACIT_ERR_PK_KEY_FORMAT, -0x00B2,                                                            \
      "malformed key, or a PEM label that does not match its contents")                            \
    X(TACIT_ERR_PK_TYPE_MISMATCH, -0x00B3, "the signature algorithm does not fit the key")         \
    X(TACIT_ERR_PK_UNKNOWN_SIG_ALG, -0x00B5, "unknown or unsupported signature algorithm")         \
    X(TACIT_ERR_PK_SHA1_NOT_ALLOWED, -0x00B8, "SHA-1 signature not allowed")                       \
    X(TACIT_ERR_PK_ENCRYPTED, -0x00B9, "encrypted private key (not supported)")                    \
    /* curve25519 */                                                                               \
    X(TACIT_ERR_X25519_SHARED_ZERO, -0x00C0,                                                       \
      "X25519 shared secret is all zero (small-order peer key)")                                   \
    X(TACIT_ERR_CURVE25519_BAD_KEY, -0x00C1, "invalid X25519 or Ed25519 key (length or encoding)") \
    /* x509 */                                                                                     \
    X(TACIT_ERR_X509_INVALID_FORMAT, -0x00D1, "malformed certificate")                             \
    X(TACIT_ERR_X509_UNSUPPORTED, -0x00D2, "unsupported certificate version or form")              \
    X(TACIT_ERR_X509_VERIFY_FAILED, -0x00D3, "no valid certificate path")

/* The codes: an enum, so each is a constant expression of type int. */
enum tacit_error_code {
#define TACIT_ERROR_ENUM_(name, value, text) name = (value),
    TACIT_ERROR_LIST(TACIT_ERROR_ENUM_)
#undef TACIT_ERROR_ENUM_
        TACIT_ERR_NONE_ = 0 /* success; not a code, ends the list */
};

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A short English description of code ("output buffer too small"), distinct
 * for every code tacit defines; "unknown error code" for anything else
 * (0 gives "success").  The string is static: never free it.  Thread-safe.
 */
const char *tacit_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_ERROR_H */
