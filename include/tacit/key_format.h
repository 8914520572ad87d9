/*
 * Key encodings, one enum for every key type: the writers of rsa.h and
 * ecp.h take a tacit_key_format and refuse (TACIT_ERR_BAD_INPUT) a format
 * their key type does not have, so passing the wrong constant is an error,
 * never a silently different encoding.
 */
#ifndef TACIT_KEY_FORMAT_H
#define TACIT_KEY_FORMAT_H

typedef enum {
    TACIT_KEY_FORMAT_NONE = 0,
    TACIT_KEY_FORMAT_PKCS1, /* RSA: RSAPrivateKey / RSAPublicKey ("RSA PRIVATE KEY", "RSA PUBLIC KEY") */
    TACIT_KEY_FORMAT_SEC1,  /* EC: ECPrivateKey, RFC 5915 ("EC PRIVATE KEY") */
    TACIT_KEY_FORMAT_PKCS8, /* any private key: PrivateKeyInfo, RFC 5208/5958 ("PRIVATE KEY") */
    TACIT_KEY_FORMAT_SPKI   /* any public key: SubjectPublicKeyInfo, RFC 5280 ("PUBLIC KEY") */
} tacit_key_format;

/*
 * How the bytes are written: DER, or PEM text (the DER in base64 between
 * "-----BEGIN <label>-----" lines, no NUL).  Readers need no such argument:
 * DER starts with a SEQUENCE byte (0x30), which PEM text never does.  0 is
 * neither, so a writer refuses a stray 0 or 1 (TACIT_ERR_BAD_INPUT).
 */
typedef enum { TACIT_KEY_ENCODING_DER = 1, TACIT_KEY_ENCODING_PEM = 2 } tacit_key_encoding;

#endif /* TACIT_KEY_FORMAT_H */
