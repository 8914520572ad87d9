/*
 * Strict DER: a reader over a cursor and a writer that fills a buffer
 * backwards, plus the two key envelopes every public-key format uses
 * (SubjectPublicKeyInfo and PKCS#8 PrivateKeyInfo) and the OIDs tacit knows.
 *
 * This module has no idea what an RSA or EC key is and does no arithmetic:
 * INTEGERs are exchanged as unsigned big-endian byte strings, and the key
 * modules (rsa, ecp) convert them.
 *
 * ---- Reading ---------------------------------------------------------------
 *
 * Every reader takes a cursor `const unsigned char **p` and the end of the
 * data it may read, `end`.  On success it returns 0 and advances *p past what
 * it consumed.  On error it returns a negative TACIT_ERR_ASN1_* code and *p
 * is unspecified (the caller abandons the parse).  Pointers handed back
 * (INTEGER bytes, OCTET STRING contents, ...) point into the input: nothing
 * is copied or allocated.
 *
 * Strictness (DER, X.690 section 10), enforced by every reader:
 *   - definite lengths only (0x80, the indefinite form, is rejected);
 *   - the shortest length encoding (0x81 0x05 for 5 is rejected), at most
 *     four length bytes;
 *   - a length that runs past `end` is TACIT_ERR_ASN1_OUT_OF_DATA;
 *   - single-byte tags only (high tag numbers, 0x1F, are rejected);
 *   - INTEGER: at least one content byte, minimal (no 0x00 followed by a byte
 *     < 0x80, no 0xFF followed by a byte >= 0x80);
 *   - BOOLEAN: one byte, 0x00 or 0xFF;  NULL: empty;
 *   - BIT STRING: unused-bit count 0..7, 0 when empty, unused bits zero;
 *   - OID: non-empty, every sub-identifier minimal, last byte complete.
 *
 * Parsing a SEQUENCE:
 *
 *     const unsigned char *p = der, *end = der + der_len, *seq_end;
 *     size_t len;
 *     int ret, version;
 *
 *     if ((ret = tacit_asn1_get_tag(&p, end, &len, TACIT_ASN1_SEQUENCE)) != 0)
 *         return ret;
 *     seq_end = p + len;
 *     if ((ret = tacit_asn1_get_int(&p, seq_end, &version)) != 0) return ret;
 *     ...
 *     if ((ret = tacit_asn1_expect_end(p, seq_end)) != 0) return ret;  // nothing left inside
 *     if ((ret = tacit_asn1_expect_end(p, end)) != 0) return ret;      // nothing after it
 *
 * ---- Writing ---------------------------------------------------------------
 *
 * The writer fills a buffer from its END towards its start, because a DER
 * header needs the length of the contents that follow it: write the last
 * element first, then the one before, then the SEQUENCE header around them.
 * `*p` points at the first byte written so far (start with p = buf + size);
 * `start` is the buffer's first byte, which the writer never goes below.
 * Every writer returns the number of bytes it wrote (>= 0) or a negative
 * error (TACIT_ERR_BUFFER_TOO_SMALL leaves *p where it was).  The
 * result is minimal DER.  Example, ECDSA-Sig-Value ::= SEQUENCE { r, s }:
 *
 *     unsigned char buf[150], *p = buf + sizeof(buf);
 *     int len = 0, n;
 *
 *     if ((n = tacit_asn1_write_uint(&p, buf, s, slen)) < 0) goto error;
 *     len += n;
 *     if ((n = tacit_asn1_write_uint(&p, buf, r, rlen)) < 0) goto error;
 *     len += n;
 *     if ((n = tacit_asn1_write_header(&p, buf, TACIT_ASN1_SEQUENCE, len)) < 0) goto error;
 *     len += n;
 *     // the DER is p[0 .. len): memmove it to the front if you need it there
 *
 * (Inside the library the TACIT_CHK_ADD macro of src/core/common.h does this.)
 * When a written buffer holds a secret (a private key),
 * zeroize the whole buffer, not just [p, p+len), once done with it.
 *
 * Threads: no state; every function is reentrant.
 */
#ifndef TACIT_ASN1_H
#define TACIT_ASN1_H

#include <stddef.h>
#include <string.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors (-0x0060 .. -0x006F) ------------------------------------------ */

/* ---- tags ----------------------------------------------------------------- */

#define TACIT_ASN1_BOOLEAN 0x01
#define TACIT_ASN1_INTEGER 0x02
#define TACIT_ASN1_BIT_STRING 0x03
#define TACIT_ASN1_OCTET_STRING 0x04
#define TACIT_ASN1_NULL 0x05
#define TACIT_ASN1_OID 0x06
#define TACIT_ASN1_ENUMERATED 0x0A
#define TACIT_ASN1_UTF8_STRING 0x0C
#define TACIT_ASN1_PRINTABLE_STRING 0x13
#define TACIT_ASN1_T61_STRING 0x14
#define TACIT_ASN1_IA5_STRING 0x16
#define TACIT_ASN1_UTC_TIME 0x17
#define TACIT_ASN1_GENERALIZED_TIME 0x18
#define TACIT_ASN1_BMP_STRING 0x1E
#define TACIT_ASN1_SEQUENCE 0x30 /* includes the constructed bit */
#define TACIT_ASN1_SET 0x31      /* includes the constructed bit */

#define TACIT_ASN1_CONSTRUCTED 0x20
#define TACIT_ASN1_CONTEXT_SPECIFIC 0x80

/* [n] EXPLICIT (constructed, wraps a whole TLV) and [n] IMPLICIT primitive. */
#define TACIT_ASN1_CONTEXT_EXPLICIT(n) (TACIT_ASN1_CONTEXT_SPECIFIC | TACIT_ASN1_CONSTRUCTED | (n))
#define TACIT_ASN1_CONTEXT_IMPLICIT(n) (TACIT_ASN1_CONTEXT_SPECIFIC | (n))

/* ---- OIDs: the content bytes (no tag, no length) as string literals ------- */

/* Length of an OID constant: TACIT_OID_LEN(TACIT_OID_RSA_ENCRYPTION) == 9. */
#define TACIT_OID_LEN(oid) (sizeof(oid) - 1)

/* Does the content (p, len) equal the OID constant `oid`? */
#define TACIT_OID_EQUAL(oid, p, len)                                                               \
    ((len) == TACIT_OID_LEN(oid) && memcmp((p), (oid), TACIT_OID_LEN(oid)) == 0)

/* PKCS#1 (RFC 8017) 1.2.840.113549.1.1.x */
#define TACIT_OID_RSA_ENCRYPTION "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01"  /* .1 */
#define TACIT_OID_RSAES_OAEP "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x07"      /* .7 */
#define TACIT_OID_MGF1 "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x08"            /* .8 */
#define TACIT_OID_P_SPECIFIED "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x09"     /* .9 */
#define TACIT_OID_RSASSA_PSS "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0a"      /* .10 */
#define TACIT_OID_SHA1_WITH_RSA "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x05"   /* .5 */
#define TACIT_OID_SHA256_WITH_RSA "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b" /* .11 */
#define TACIT_OID_SHA384_WITH_RSA "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0c" /* .12 */
#define TACIT_OID_SHA512_WITH_RSA "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0d" /* .13 */
#define TACIT_OID_SHA224_WITH_RSA "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0e" /* .14 */

/* ANSI X9.62 / SEC 1 / RFC 5480, RFC 5758 */
#define TACIT_OID_EC_PUBLIC_KEY "\x2a\x86\x48\xce\x3d\x02\x01" /* 1.2.840.10045.2.1 */
#define TACIT_OID_SECP256R1 "\x2a\x86\x48\xce\x3d\x03\x01\x07" /* 1.2.840.10045.3.1.7 prime256v1 */
#define TACIT_OID_SECP384R1 "\x2b\x81\x04\x00\x22"             /* 1.3.132.0.34 */
#define TACIT_OID_SECP521R1 "\x2b\x81\x04\x00\x23"             /* 1.3.132.0.35 */
#define TACIT_OID_X25519 "\x2b\x65\x6e"                        /* 1.3.101.110 (RFC 8410) */
#define TACIT_OID_ED25519 "\x2b\x65\x70"                       /* 1.3.101.112 */
#define TACIT_OID_ECDSA_WITH_SHA1 "\x2a\x86\x48\xce\x3d\x04\x01"       /* 1.2.840.10045.4.1 */
#define TACIT_OID_ECDSA_WITH_SHA224 "\x2a\x86\x48\xce\x3d\x04\x03\x01" /* 1.2.840.10045.4.3.1 */
#define TACIT_OID_ECDSA_WITH_SHA256 "\x2a\x86\x48\xce\x3d\x04\x03\x02" /* .4.3.2 */
#define TACIT_OID_ECDSA_WITH_SHA384 "\x2a\x86\x48\xce\x3d\x04\x03\x03" /* .4.3.3 */
#define TACIT_OID_ECDSA_WITH_SHA512 "\x2a\x86\x48\xce\x3d\x04\x03\x04" /* .4.3.4 */

/* Hash algorithms (DigestInfo, PSS/OAEP parameters) */
#define TACIT_OID_SHA1 "\x2b\x0e\x03\x02\x1a"                   /* 1.3.14.3.2.26 */
#define TACIT_OID_SHA256 "\x60\x86\x48\x01\x65\x03\x04\x02\x01" /* 2.16.840.1.101.3.4.2.1 */
#define TACIT_OID_SHA384 "\x60\x86\x48\x01\x65\x03\x04\x02\x02" /* .2.2 */
#define TACIT_OID_SHA512 "\x60\x86\x48\x01\x65\x03\x04\x02\x03" /* .2.3 */
#define TACIT_OID_SHA224 "\x60\x86\x48\x01\x65\x03\x04\x02\x04" /* .2.4 */

/* ---- a parsed element ----------------------------------------------------- */

/*
 * One TLV as seen by the reader: its tag byte and its CONTENTS (header
 * stripped).  p points into the input.  An absent optional element is
 * {tag 0, p NULL, len 0}.
 */
typedef struct tacit_asn1_buf {
    int tag;
    const unsigned char *p;
    size_t len;
} tacit_asn1_buf;

/* ---- reader: headers ------------------------------------------------------ */

/*
 * Read a length field (the bytes after a tag byte).  *len is the content
 * length; it is checked to fit in [*p, end) after the length field, else
 * TACIT_ERR_ASN1_OUT_OF_DATA.
 */
int tacit_asn1_get_len(const unsigned char **p, const unsigned char *end, size_t *len);

/*
 * Read the header of an element that must have tag `tag` (any single tag
 * byte, e.g. TACIT_ASN1_SEQUENCE or TACIT_ASN1_CONTEXT_EXPLICIT(0)).  On
 * success *p points at the contents, which are *len bytes (within end).
 * Another tag gives TACIT_ERR_ASN1_UNEXPECTED_TAG.
 */
int tacit_asn1_get_tag(const unsigned char **p, const unsigned char *end, size_t *len, int tag);

/*
 * Read one whole element of any tag and step over it: out->tag, out->p (the
 * contents) and out->len.  For skipping, or walking what the caller
 * interprets itself.
 */
int tacit_asn1_get_any(const unsigned char **p, const unsigned char *end, tacit_asn1_buf *out);

/*
 * Is the next element's tag `tag`?  1 or 0; does not move or validate
 * anything (0 at end of data).  For OPTIONAL and DEFAULT fields:
 *     if (tacit_asn1_peek_tag(p, end, TACIT_ASN1_CONTEXT_EXPLICIT(0))) { ... }
 */
int tacit_asn1_peek_tag(const unsigned char *p, const unsigned char *end, int tag);

/* 0 if p == end, else TACIT_ERR_ASN1_TRAILING_DATA. */
int tacit_asn1_expect_end(const unsigned char *p, const unsigned char *end);

/* ---- reader: primitive types --------------------------------------------- */

/* BOOLEAN: *val is 0 or 1 (DER: the byte must be 0x00 or 0xFF). */
int tacit_asn1_get_bool(const unsigned char **p, const unsigned char *end, int *val);

/*
 * A small non-negative INTEGER (a version number, a count) that fits in an
 * int: TACIT_ERR_ASN1_NEGATIVE if negative, TACIT_ERR_ASN1_INVALID_DATA if
 * larger than INT_MAX.
 */
int tacit_asn1_get_int(const unsigned char **p, const unsigned char *end, int *val);

/*
 * A non-negative INTEGER of any size, as its unsigned big-endian magnitude:
 * *val points at the first significant byte and *vlen counts the bytes, with
 * the one leading 0x00 that DER puts before a byte >= 0x80 already skipped.
 * The value zero gives *vlen == 0.  A negative INTEGER is
 * TACIT_ERR_ASN1_NEGATIVE; a non-minimal one TACIT_ERR_ASN1_INVALID_DATA.
 * This is how RSA moduli/exponents and ECDSA r, s are read.
 */
int tacit_asn1_get_uint(const unsigned char **p, const unsigned char *end,
                        const unsigned char **val, size_t *vlen);

/* NULL (tag 0x05, empty). */
int tacit_asn1_get_null(const unsigned char **p, const unsigned char *end);

/* OBJECT IDENTIFIER: *oid, *oidlen are the content bytes (compare with TACIT_OID_EQUAL). */
int tacit_asn1_get_oid(const unsigned char **p, const unsigned char *end, const unsigned char **oid,
                       size_t *oidlen);

/*
 * BIT STRING: *bits, *nbytes are the bytes after the unused-bits octet, and
 * *unused_bits (0..7) how many low bits of the last byte are not part of the
 * string (they must be zero in DER).
 */
int tacit_asn1_get_bitstring(const unsigned char **p, const unsigned char *end,
                             const unsigned char **bits, size_t *nbytes, int *unused_bits);

/*
 * BIT STRING that must hold whole bytes (unused bits 0): keys in SPKI,
 * signatures in certificates.  Anything else is TACIT_ERR_ASN1_INVALID_DATA.
 */
int tacit_asn1_get_bitstring_bytes(const unsigned char **p, const unsigned char *end,
                                   const unsigned char **data, size_t *len);

/* OCTET STRING (primitive; DER has no constructed strings). */
int tacit_asn1_get_octet_string(const unsigned char **p, const unsigned char *end,
                                const unsigned char **data, size_t *len);

/* ---- reader: structures --------------------------------------------------- */

/*
 * AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }
 * oid gets the OID (tag TACIT_ASN1_OID, contents).  params gets the
 * parameters element, whatever its type (tag, contents), or {0, NULL, 0}
 * when absent; a NULL parameter is {TACIT_ASN1_NULL, p, 0}.  Anything after
 * the parameters inside the SEQUENCE is TACIT_ERR_ASN1_TRAILING_DATA.
 */
int tacit_asn1_get_alg(const unsigned char **p, const unsigned char *end, tacit_asn1_buf *oid,
                       tacit_asn1_buf *params);

/*
 * The common shape of a key envelope (SPKI or PKCS#8): which algorithm, its
 * parameters, and the algorithm-specific key bytes.
 */
typedef struct tacit_asn1_key_info {
    tacit_asn1_buf alg;    /* the algorithm OID (contents) */
    tacit_asn1_buf params; /* the algorithm parameters, {0, NULL, 0} if absent */
    tacit_asn1_buf key;    /* SPKI: the BIT STRING's bytes (RSAPublicKey DER, EC point);
                               PKCS#8: the OCTET STRING's contents (RSAPrivateKey DER,
                               ECPrivateKey DER) */
} tacit_asn1_key_info;

/*
 * SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier,
 *                                     subjectPublicKey BIT STRING }
 * Reads one SPKI at *p (e.g. inside a certificate); the key BIT STRING must
 * have no unused bits.  To parse a whole buffer, call tacit_asn1_expect_end
 * afterwards (or use tacit_asn1_parse_spki).
 */
int tacit_asn1_get_spki(const unsigned char **p, const unsigned char *end,
                        tacit_asn1_key_info *info);

/*
 * PrivateKeyInfo / OneAsymmetricKey (RFC 5208, RFC 5958):
 *   SEQUENCE { version INTEGER (0 or 1), privateKeyAlgorithm AlgorithmIdentifier,
 *              privateKey OCTET STRING, attributes [0] IMPLICIT OPTIONAL,
 *              publicKey [1] IMPLICIT BIT STRING OPTIONAL (version 1 only) }
 * Attributes and the public key are checked for well-formedness and skipped.
 * Other versions give TACIT_ERR_ASN1_UNSUPPORTED.  Encrypted PKCS#8 is not
 * supported (its outer shape is different and fails here).
 */
int tacit_asn1_get_pkcs8(const unsigned char **p, const unsigned char *end,
                         tacit_asn1_key_info *info);

/* Whole-buffer versions: the envelope must be the entire der[0 .. len). */
int tacit_asn1_parse_spki(const unsigned char *der, size_t len, tacit_asn1_key_info *info);
int tacit_asn1_parse_pkcs8(const unsigned char *der, size_t len, tacit_asn1_key_info *info);

/* ---- writer (backwards; see the top of this file) ------------------------- */

/* Raw bytes, as they are (an already-encoded element, contents). */
int tacit_asn1_write_raw(unsigned char **p, const unsigned char *start, const unsigned char *buf,
                         size_t len);

/* A length field, shortest form (lengths up to 2^32 - 1). */
int tacit_asn1_write_len(unsigned char **p, const unsigned char *start, size_t len);

/* A tag byte. */
int tacit_asn1_write_tag(unsigned char **p, const unsigned char *start, int tag);

/*
 * Tag and length in front of `len` bytes of contents already written: the
 * way to close a SEQUENCE, a SET or an EXPLICIT [n].  Returns the header's
 * size only (add it to the contents' size yourself, as in the example).
 */
int tacit_asn1_write_header(unsigned char **p, const unsigned char *start, int tag, size_t len);

/* BOOLEAN (0xFF for any non-zero val). */
int tacit_asn1_write_bool(unsigned char **p, const unsigned char *start, int val);

/* A non-negative int as INTEGER (val < 0 is TACIT_ERR_BAD_INPUT). */
int tacit_asn1_write_int(unsigned char **p, const unsigned char *start, int val);

/*
 * An unsigned big-endian magnitude as INTEGER: leading zero bytes are
 * dropped, a 0x00 is added when the top bit is set, and zero (len 0 or all
 * zero bytes) is written as 02 01 00.  The time taken depends on the number
 * of leading zero bytes (fine: the encoded length shows it anyway).
 */
int tacit_asn1_write_uint(unsigned char **p, const unsigned char *start, const unsigned char *val,
                          size_t len);

/* NULL. */
int tacit_asn1_write_null(unsigned char **p, const unsigned char *start);

/* OBJECT IDENTIFIER from its content bytes (e.g. a TACIT_OID_* constant). */
int tacit_asn1_write_oid(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                         size_t oidlen);

/*
 * BIT STRING of nbytes bytes of which the low unused_bits (0..7) of the last
 * are not part of the string (they are written as zero).
 */
int tacit_asn1_write_bitstring(unsigned char **p, const unsigned char *start,
                               const unsigned char *bits, size_t nbytes, int unused_bits);

/* OCTET STRING. */
int tacit_asn1_write_octet_string(unsigned char **p, const unsigned char *start,
                                  const unsigned char *data, size_t len);

/*
 * AlgorithmIdentifier { oid, params }.  params_der is the complete encoding
 * (tag, length, contents) of the parameters, copied as is: "\x05\x00" for a
 * NULL, 06 len <curve OID> for a named curve; NULL with params_len 0 when
 * they are absent.
 */
int tacit_asn1_write_alg(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                         size_t oidlen, const unsigned char *params_der, size_t params_len);

/*
 * SubjectPublicKeyInfo around key bytes ALREADY WRITTEN at *p (key_len
 * bytes, e.g. an RSAPublicKey or an EC point just written with this writer):
 * adds the BIT STRING header, the AlgorithmIdentifier and the SEQUENCE.
 * Returns the bytes this call added; the whole SPKI is key_len + that.
 */
int tacit_asn1_write_spki(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                          size_t oidlen, const unsigned char *params_der, size_t params_len,
                          size_t key_len);

/*
 * PKCS#8 PrivateKeyInfo (version 0, no attributes) around a private key
 * ALREADY WRITTEN at *p (key_len bytes): wrapping in place means the secret
 * key is never copied.  Returns the bytes added, like tacit_asn1_write_spki.
 */
int tacit_asn1_write_pkcs8(unsigned char **p, const unsigned char *start, const unsigned char *oid,
                           size_t oidlen, const unsigned char *params_der, size_t params_len,
                           size_t key_len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_ASN1_H */
