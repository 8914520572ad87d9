/*
 * The RFC 8410 key envelopes shared by X25519 and Ed25519 (and by pk):
 * oid_last is the last byte of the OID 1.3.101.x (0x6e X25519, 0x70
 * Ed25519).  Errors from the ASN.1 reader pass through;
 * TACIT_ERR_CURVE25519_BAD_KEY for another algorithm, parameters present, or
 * a key that is not 32 bytes.
 */
#ifndef TACIT_CURVE25519_KEYS_H
#define TACIT_CURVE25519_KEYS_H

#include <stddef.h>

#include "tacit/key_format.h"

#define TACIT_CURVE25519_OID_X25519 0x6e
#define TACIT_CURVE25519_OID_ED25519 0x70

int tacit_curve25519_parse_spki(unsigned char oid_last, const unsigned char *der, size_t len,
                                unsigned char pub[32]);
/* PKCS#8: priv gets the private key; a version 1 publicKey [1] goes to pub
 * (*has_pub = 1), else *has_pub = 0.  The caller checks it against priv. */
int tacit_curve25519_parse_pkcs8(unsigned char oid_last, const unsigned char *der, size_t len,
                                 unsigned char priv[32], unsigned char pub[32], int *has_pub);
/* SPKI (key = public) or PKCS#8 (key = private), DER; other formats are
 * TACIT_ERR_BAD_INPUT.  out NULL or too small: TACIT_ERR_BUFFER_TOO_SMALL,
 * *out_len = the size needed. */
int tacit_curve25519_write(unsigned char oid_last, tacit_key_format format,
                           const unsigned char key[32], unsigned char *out, size_t out_size,
                           size_t *out_len);

#endif /* TACIT_CURVE25519_KEYS_H */
