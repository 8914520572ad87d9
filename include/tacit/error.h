/*
 * Error codes shared by every module, and tacit_strerror.
 *
 * Every tacit function returns 0 on success or a negative TACIT_ERR_* code.
 * A meaning shared by several modules has ONE code, defined here (a bad
 * argument, an output buffer that is too small, a signature or tag that does
 * not verify, ...).  A meaning of one module has a code in that module's
 * header, in the module's range below, so that such a code names the module
 * that produced it.  Every code is defined once, and no two names share a
 * value; tacit_strerror() has a distinct text for each.
 *
 *   -0x0001 .. -0x000F  generic (this file)
 *   -0x0010 .. -0x001F  bignum (bignum.h)
 *   -0x0020 .. -0x002F  md, sha*, hmac (md.h)
 *   -0x0030 .. -0x003F  hmac_drbg, entropy (hmac_drbg.h)
 *   -0x0040 .. -0x004F  base64 (base64.h)
 *   -0x0050 .. -0x005F  pem (pem.h)
 *   -0x0060 .. -0x006F  asn1 (asn1.h)
 *   -0x0070 .. -0x008F  rsa (rsa.h)
 *   -0x0090 .. -0x00AF  ecp, ecdh, ecdsa (ecp.h)
 *   -0x00B0 .. -0x00BF  pk (pk.h)
 *   -0x00C0 .. -0x00CF  curve25519: x25519, ed25519 (x25519.h)
 *   -0x00D0 .. -0x00DF  x509 (x509.h)
 *
 * A new code: add it to its header AND to the table in src/core/error.c (the
 * test_error suite checks that every TACIT_ERR_ macro of include/tacit has
 * a text of its own).
 */
#ifndef TACIT_ERROR_H
#define TACIT_ERROR_H

#define TACIT_ERR_BAD_INPUT -0x0001           /* NULL pointer, bad length, flag or parameter */
#define TACIT_ERR_ALLOC_FAILED -0x0002        /* out of memory */
#define TACIT_ERR_NOT_SUPPORTED -0x0003       /* algorithm or feature compiled out */
#define TACIT_ERR_CORRUPTION_DETECTED -0x0004 /* an internal consistency check failed (fault?) */
#define TACIT_ERR_RNG_FAILED -0x0005          /* the random generator callback failed */
#define TACIT_ERR_BUFFER_TOO_SMALL -0x0006    /* out is NULL or too small; *out_len = size needed */
#define TACIT_ERR_VERIFY_FAILED -0x0007       /* a signature or MAC tag does not verify */
#define TACIT_ERR_NO_PRIVATE_KEY -0x0008      /* a private-key operation on a public key */
#define TACIT_ERR_AUTH_FAILED -0x0009         /* an AEAD tag does not verify; the output is zeroed */

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
