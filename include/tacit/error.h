/*
 * Error codes shared by every module.
 *
 * Every tacit function returns 0 on success or a negative TACIT_ERR_* code.
 * Module-specific codes live in the module's header, in the range given
 * below, so that a code names the module that produced it:
 *
 *   -0x0001 .. -0x000F  generic (this file)
 *   -0x0010 .. -0x001F  bignum (bignum.h)
 *   -0x0020 .. -0x002F  md, sha*, hmac (md.h, hmac.h)
 *   -0x0030 .. -0x003F  hmac_drbg, entropy (hmac_drbg.h)
 *   -0x0040 .. -0x004F  base64 (base64.h)
 *   -0x0050 .. -0x005F  pem (pem.h)
 *   -0x0060 .. -0x006F  asn1 (asn1.h)
 *   -0x0070 .. -0x008F  rsa (rsa.h)
 *   -0x0090 .. -0x00AF  ecp, ecdh, ecdsa (ecp.h)
 *   -0x00B0 .. -0x00BF  reserved (a future pk key wrapper)
 */
#ifndef TACIT_ERROR_H
#define TACIT_ERROR_H

#define TACIT_ERR_BAD_INPUT          -0x0001 /* NULL pointer with non-zero length, bad argument */
#define TACIT_ERR_ALLOC_FAILED       -0x0002 /* out of memory */
#define TACIT_ERR_NOT_SUPPORTED      -0x0003 /* algorithm or feature compiled out */
#define TACIT_ERR_CORRUPTION_DETECTED -0x0004 /* an internal consistency check failed (fault?) */
#define TACIT_ERR_RNG_FAILED         -0x0005 /* the random generator callback failed */

#endif /* TACIT_ERROR_H */
