/*
 * Internal helpers shared by the x509_*.c files.
 */
#ifndef TACIT_X509_INTERNAL_H
#define TACIT_X509_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/x509.h"

/*
 * Check that name (a Name with its header) is well formed:
 * SEQUENCE OF SET SIZE (1..MAX) OF SEQUENCE { OID, value }.  0 or
 * TACIT_ERR_X509_INVALID_FORMAT.
 */
int tacit_x509_name_check(const unsigned char *name, size_t len);

/* Hash of the normalised form (equal names under tacit_x509_name_equal hash equal). */
uint32_t tacit_x509_name_hash(const unsigned char *name, size_t len);

/*
 * Are the RDNs of `prefix` the first RDNs of `name` (RFC 5280 4.2.1.10
 * directoryName subtree)?  Both with headers.  1 or 0.
 */
int tacit_x509_name_has_prefix(const unsigned char *name, size_t len, const unsigned char *prefix,
                               size_t plen);

/*
 * The i-th emailAddress attribute (PKCS #9) of a Name (with its header):
 * its value's tag (IA5String for a well-formed one) and contents, or -1
 * past the end.
 */
int tacit_x509_name_email(const unsigned char *name, size_t len, size_t i, tacit_x509_buf *value);
/* The i-th commonName attribute of a Name, the same way. */
int tacit_x509_name_cn(const unsigned char *name, size_t len, size_t i, tacit_x509_buf *value);

/* Is the Name empty (no RDN)? */
int tacit_x509_name_is_empty(const unsigned char *name, size_t len);

/*
 * Read a UTCTime (tag 0x17, YYMMDDHHMMSSZ) or GeneralizedTime (0x18,
 * YYYYMMDDHHMMSSZ) at *p as Unix seconds.  0 or TACIT_ERR_X509_INVALID_FORMAT.
 */
int tacit_x509_get_time(const unsigned char **p, const unsigned char *end, int64_t *t);

#endif /* TACIT_X509_INTERNAL_H */
