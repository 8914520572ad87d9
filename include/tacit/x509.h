/*
 * X.509 certificates (RFC 5280): a strict DER parser, a trust store, and
 * path validation with the Web PKI's strictness.
 *
 * ---- Parsing ------------------------------------------------------------------
 *
 * tacit_x509_parse_crt reads one certificate and keeps pointers into the
 * caller's DER (zero copy, no allocation): the DER must outlive the
 * tacit_x509_crt.  Strict DER (asn1.h's reader), version 3 (version 1 is
 * parsed but accepted only as a trust anchor), serial 1..20 octets and not
 * negative (zero is parsed: real roots use it; the server purpose refuses
 * it below the anchor), UTCTime/GeneralizedTime
 * in their RFC 5280 forms (YYMMDDHHMMSSZ, YYYYMMDDHHMMSSZ), outer and TBS
 * signature AlgorithmIdentifiers byte-identical, extensions unique, each
 * known one well formed: basicConstraints, keyUsage, extKeyUsage,
 * subjectAltName, nameConstraints, authority/subject key identifiers,
 * certificatePolicies and authorityInfoAccess (checked for shape, not
 * processed), a non-empty issuer, an empty subject only beside a critical
 * subjectAltName (RFC 5280 4.1.2.6, 4.2.1.6).  An unknown
 * extension marked critical is remembered and fails path validation.
 *
 * ---- Names ----------------------------------------------------------------------
 *
 * Distinguished names are compared as RFC 5280 section 7.1 asks: RDN by
 * RDN, each RDN as a SET (its attributes in any order); values of every
 * string type (PrintableString, UTF8String, IA5String, VisibleString,
 * TeletexString read as Latin-1, BMPString, UniversalString) after RFC 4518
 * string preparation: transcoded to Unicode so that the same text in two
 * types is equal, mapped (RFC 4518 2.2), case-folded (ASCII, Latin-1,
 * Latin Extended-A, Greek, Cyrillic; no NFKC), leading and trailing spaces
 * dropped and inner runs collapsed.  So IA5String attributes (domainComponent,
 * emailAddress) match case-insensitively.  Other value types compare as bytes.
 * A string value that does not decode (bad UTF-8, odd BMPString length) makes
 * the certificate malformed.  The same comparison serves issuer chaining,
 * the store's index (a hash of the prepared form) and directoryName
 * constraints (permitted and excluded).
 *
 * ---- Path validation --------------------------------------------------------------
 *
 * tacit_x509_verify builds a path leaf -> untrusted intermediates -> trust
 * anchor, depth first, trying every candidate issuer (those whose subject
 * equals the child's issuer; a matching authority/subject key identifier
 * first) and never using the same certificate twice in one path.  Work is
 * bounded: at most TACIT_X509_MAX_SIG_CHECKS signature verifications and
 * TACIT_X509_MAX_BUILD_STEPS candidates.  Along the path it checks:
 *   - every signature, with the issuer's key (the public verification paths:
 *     certificates are public data); SHA-1 only with TACIT_X509_ALLOW_SHA1;
 *   - keys: RSA >= 2048 bits (1024 for trust anchors with
 *     TACIT_X509_ALLOW_RSA1024_ANCHORS), EC on P-256/P-384/P-521 only,
 *     Ed25519; DSA and other algorithms are refused;
 *   - validity of every certificate, the anchor included, at params->time;
 *   - intermediates: version 3, basicConstraints cA, pathLenConstraint (also
 *     the anchor's), keyUsage keyCertSign when keyUsage is present;
 *   - the leaf: not a CA (basicConstraints cA) for server/client purposes,
 *     keyUsage (when present) with digitalSignature and without keyCertSign;
 *   - extKeyUsage: the leaf's must contain serverAuth (clientAuth) for that
 *     purpose -- anyExtendedKeyUsage is not enough; an intermediate's, when
 *     present, must contain it too (anyExtendedKeyUsage alone is refused, as
 *     OpenSSL does and the CA/Browser Forum requires of TLS subordinate CAs);
 *     a trust anchor's may instead hold anyExtendedKeyUsage;
 *   - pathLenConstraint: a value of 2^31 or more is legal and unbounded;
 *   - name constraints of every CA over the certificates below it: dNSName,
 *     iPAddress, directoryName (with the name comparison above) and
 *     rfc822Name (over rfc822Name subjectAltNames and every emailAddress of
 *     the subject; a host, ".domain", or a whole mailbox) are processed; a
 *     constraint of another form (otherName, x400Address, ediPartyName, URI,
 *     registeredID) rejects any certificate below it that has a name of that
 *     form (RFC 5280 4.2.1.10: fail closed) and is ignored otherwise;
 *     a leaf without a dNSName subjectAltName is also held to the dNSName
 *     constraints by every subject commonName that reads as a host name
 *     (ASCII letters, digits, '-', '_', two labels or more, "*" only as the
 *     first label), as OpenSSL does: tacit never matches a peer against the
 *     CN, but a caller that falls back to it must not get a host outside the
 *     subtrees (OpenSSL skips wildcard CNs; tacit holds them to the excluded
 *     subtrees like wildcard dNSNames);
 *   - unknown critical extensions on every certificate but the anchor;
 *   - the peer name: DNS names against subjectAltName dNSName (RFC 6125:
 *     case-insensitive, a wildcard only as the whole leftmost label and
 *     with at least two labels after it, matching exactly one label), IP
 *     addresses against iPAddress entries; the subject's Common Name is never
 *     used.
 * The reason of a failure is a tacit_x509_reason (tacit_x509_reason_text).
 *
 * ---- The Web PKI profile (server purpose) ------------------------------------------
 *
 * For TACIT_X509_PURPOSE_SERVER (the default) path validation also applies
 * these certificate-profile rules of the CA/Browser Forum Baseline
 * Requirements 7.1.2 (as webpki/rustls and Go do); a breach is
 * TACIT_X509_PROFILE.  Client and any purposes skip them.
 *   - every certificate below the anchor: serialNumber not zero (RFC 5280
 *     4.1.2.2: positive); authorityKeyIdentifier present unless the
 *     certificate is self-issued; subjectAltName not
 *     critical when the subject is not empty;
 *   - intermediates: subjectKeyIdentifier present, basicConstraints critical
 *     (BR 7.1.2.10.4, RFC 5280 4.2.1.9; OpenSSL -x509_strict refuses it too);
 *   - the leaf: extKeyUsage without anyExtendedKeyUsage;
 *   - every certificate (parser, all purposes): a well-formed
 *     authorityInfoAccess (SEQUENCE SIZE (1..MAX) OF { OID, GeneralName });
 *   - trust anchors (RFC 5280 6.1.1(d) lets an anchor be a bare key, so the
 *     rules are split by what real roots do -- the Mozilla bundle was
 *     checked): always, for a version 3 anchor, basicConstraints present
 *     with cA, no extKeyUsage, and an authorityKeyIdentifier, when present,
 *     that carries a keyIdentifier equal to the subjectKeyIdentifier (when
 *     that is present); only with TACIT_X509_STRICT_ANCHORS (real roots break
 *     them: Go Daddy/Starfield Class 2, Chunghwa ePKI have a non-critical
 *     basicConstraints; Certigna, QuoVadis, Go Daddy an AKI with
 *     authorityCertIssuer; Hongkong Post, TWCA no SKI; several serial 0)
 *     basicConstraints critical, no authorityCertIssuer/SerialNumber in the
 *     AKI, a subjectKeyIdentifier, a non-zero serial.  Version 1 anchors
 *     carry no extensions and are exempt.
 *   - path building: self-issued intermediates (RFC 5280 6.1: not counted in
 *     path length) do not count against params->max_intermediates either
 *     (the hard cap TACIT_X509_MAX_INTERMEDIATES still holds).
 * Profile choices kept: a CA certificate as the leaf is refused for the
 * server and client purposes (RFC 5280 allows it; webpki refuses it too);
 * a leaf keyUsage must allow digitalSignature (webpki does not look).
 *
 * Not supported: certificate policy processing (policyConstraints,
 * policyMappings, inhibitAnyPolicy: unsupported critical extensions when
 * critical), CRLs, OCSP, otherName/URI/x400Address/ediPartyName/registeredID
 * name constraints (fail closed, above).  Keys: RSA (PKCS #1 v1.5 and PSS
 * signatures; an id-RSASSA-PSS key with parameters accepts only signatures
 * with its hash and MGF1 hash and a salt at least its saltLength, RFC 4055
 * 3.3), ECDSA on P-256/P-384/P-521, and Ed25519 (RFC 8410) when
 * TACIT_ED25519_C is configured.
 *
 * ---- Example ----------------------------------------------------------------------
 *
 *     tacit_x509_store roots, chain;
 *     tacit_x509_crt leaf;
 *     tacit_x509_verify_params vp;
 *     tacit_x509_reason why;
 *
 *     tacit_x509_store_init(&roots);
 *     tacit_x509_store_add_pem(&roots, bundle, bundle_len, NULL, NULL);
 *     tacit_x509_store_init(&chain);
 *     tacit_x509_store_add_pem(&chain, server_chain_pem, len, NULL, NULL);
 *     tacit_x509_parse_crt(&leaf, leaf_der, leaf_len);
 *     tacit_x509_verify_params_init(&vp);
 *     vp.time = now; vp.host = "example.com";
 *     ret = tacit_x509_verify(&leaf, &chain, &roots, &vp, &why);
 *     if (ret != 0) printf("%s\n", tacit_x509_reason_text(why));
 *
 * Threads: verification (tacit_x509_verify, tacit_x509_check_signature) and
 * every accessor take certificates and stores const, so one loaded store of
 * roots may be shared by any number of threads verifying at once.  Adding to a
 * store and freeing it need the store to themselves.
 */
#ifndef TACIT_X509_H
#define TACIT_X509_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors (-0x00D0 .. -0x00DF) ------------------------------------------------ */

/* Shared meanings use error.h's codes (TACIT_ERR_BAD_INPUT, TACIT_ERR_ALLOC_FAILED). */

/* ---- limits --------------------------------------------------------------------- */

#define TACIT_X509_MAX_INTERMEDIATES 8 /* hard cap on untrusted certificates in a path */
#define TACIT_X509_DEFAULT_MAX_INTERMEDIATES 6
#define TACIT_X509_MAX_SIG_CHECKS 100    /* signature verifications per tacit_x509_verify */
#define TACIT_X509_MAX_BUILD_STEPS 20000 /* candidate issuers looked at per tacit_x509_verify */
#define TACIT_X509_MAX_NC_CHECKS 250000  /* name-constraint comparisons per tacit_x509_verify */

/* ---- a parsed certificate --------------------------------------------------------- */

/* Bytes inside the certificate's DER. */
typedef struct tacit_x509_buf {
    const unsigned char *p;
    size_t len;
} tacit_x509_buf;

/* keyUsage bits (RFC 5280 4.2.1.3), bit 0 = digitalSignature. */
#define TACIT_X509_KU_DIGITAL_SIGNATURE 0x001
#define TACIT_X509_KU_NON_REPUDIATION 0x002
#define TACIT_X509_KU_KEY_ENCIPHERMENT 0x004
#define TACIT_X509_KU_DATA_ENCIPHERMENT 0x008
#define TACIT_X509_KU_KEY_AGREEMENT 0x010
#define TACIT_X509_KU_KEY_CERT_SIGN 0x020
#define TACIT_X509_KU_CRL_SIGN 0x040
#define TACIT_X509_KU_ENCIPHER_ONLY 0x080
#define TACIT_X509_KU_DECIPHER_ONLY 0x100

/* extKeyUsage purposes seen (TACIT_X509_EKU_OTHER: any other OID). */
#define TACIT_X509_EKU_SERVER_AUTH 0x01
#define TACIT_X509_EKU_CLIENT_AUTH 0x02
#define TACIT_X509_EKU_ANY 0x04
#define TACIT_X509_EKU_OTHER 0x08

/* Which extensions are present (ext_present). */
#define TACIT_X509_EXT_BASIC_CONSTRAINTS 0x001
#define TACIT_X509_EXT_KEY_USAGE 0x002
#define TACIT_X509_EXT_EXT_KEY_USAGE 0x004
#define TACIT_X509_EXT_SUBJECT_ALT_NAME 0x008
#define TACIT_X509_EXT_NAME_CONSTRAINTS 0x010
#define TACIT_X509_EXT_AUTHORITY_KEY_ID 0x020
#define TACIT_X509_EXT_SUBJECT_KEY_ID 0x040
#define TACIT_X509_EXT_CERT_POLICIES 0x080
#define TACIT_X509_EXT_UNKNOWN_CRITICAL 0x100 /* at least one unknown critical extension */
#define TACIT_X509_EXT_AUTHORITY_INFO_ACCESS 0x200

/* Details of the extensions for the Web PKI profile rules (details). */
#define TACIT_X509_DETAIL_BC_CRITICAL 0x01  /* basicConstraints is critical */
#define TACIT_X509_DETAIL_SAN_CRITICAL 0x02 /* subjectAltName is critical */
#define TACIT_X509_DETAIL_AKI_ISSUER 0x04   /* AKI has authorityCertIssuer or ...SerialNumber */
#define TACIT_X509_DETAIL_SERIAL_ZERO 0x08  /* serialNumber is 0 */

typedef struct tacit_x509_crt {
    tacit_x509_buf der;            /* the whole certificate */
    tacit_x509_buf tbs;            /* TBSCertificate, header included: what is signed */
    int version;                   /* 1 or 3 */
    tacit_x509_buf serial;         /* INTEGER contents (big-endian, as encoded) */
    tacit_x509_buf sig_alg;        /* signatureAlgorithm: contents of the AlgorithmIdentifier */
    tacit_x509_buf issuer;         /* Name, header included */
    tacit_x509_buf subject;        /* Name, header included */
    int64_t not_before, not_after; /* Unix seconds */
    tacit_x509_buf spki;           /* SubjectPublicKeyInfo, header included */
    tacit_x509_buf signature;      /* the signature BIT STRING's bytes */
    unsigned ext_present;          /* TACIT_X509_EXT_* */
    int ca;                        /* basicConstraints cA */
    int max_pathlen;               /* pathLenConstraint, -1 when absent */
    unsigned key_usage;            /* TACIT_X509_KU_* (meaningful when the extension is present) */
    unsigned ext_key_usage;        /* TACIT_X509_EKU_* (meaningful when present) */
    tacit_x509_buf san;            /* subjectAltName: contents of GeneralNames */
    tacit_x509_buf name_constraints; /* contents of NameConstraints */
    tacit_x509_buf subject_key_id;   /* SKI OCTET STRING contents */
    tacit_x509_buf authority_key_id; /* AKI keyIdentifier [0] contents */
    uint32_t subject_hash;           /* hash of the normalised subject (store index) */
    unsigned details;                /* TACIT_X509_DETAIL_* */
} tacit_x509_crt;

/*
 * Parse one DER certificate occupying all of der[0 .. len).  crt points into
 * der afterwards.  TACIT_ERR_X509_INVALID_FORMAT (malformed, trailing data,
 * bad serial, bad time, duplicate or malformed extension, signature
 * algorithms differ) or TACIT_ERR_X509_UNSUPPORTED (version 2 or > 3); crt is
 * zeroed on error.
 */
int tacit_x509_parse_crt(tacit_x509_crt *crt, const unsigned char *der, size_t len);

/* Do two Names (with their headers) compare equal under RFC 5280 7.1 (see above)?  1 or 0. */
int tacit_x509_name_equal(const unsigned char *a, size_t alen, const unsigned char *b, size_t blen);

/*
 * Write a Name as text, "CN=example.com, O=Example, C=US" (the RDNs in
 * encoded order; unknown types as dotted OIDs; non-printable bytes as \xNN).
 * NUL-terminated; truncated (still terminated) when size is too small.
 */
int tacit_x509_name_text(const tacit_x509_buf *name, char *out, size_t size);

/*
 * Walk the subjectAltName: for index i = 0, 1, ... return the tag (the
 * GeneralName's context tag number: 2 dNSName, 7 iPAddress, 4
 * directoryName, 1 rfc822Name, 6 URI, ...) and contents of the i-th entry,
 * or -1 past the end.
 */
int tacit_x509_crt_san(const tacit_x509_crt *crt, size_t i, tacit_x509_buf *value);

/*
 * Does the certificate carry this peer name?  host: a DNS name (RFC 6125
 * matching against subjectAltName dNSName entries, see above; an IP address
 * written as text is matched against iPAddress entries), or NULL and
 * ip/ip_len (4 or 16 bytes).  Never the Common Name.  1 or 0.
 */
int tacit_x509_crt_match_name(const tacit_x509_crt *crt, const char *host, const unsigned char *ip,
                              size_t ip_len);

/*
 * The certificate's public key as a tacit_pk_context (e.g. to check a TLS
 * handshake signature with the leaf's key).  pk must be initialised; errors
 * as tacit_pk_parse_public_key.
 */
struct tacit_pk_context;
int tacit_x509_crt_get_pk(const tacit_x509_crt *crt, struct tacit_pk_context *pk);

/* ---- the trust store (and sets of untrusted certificates) --------------------------- */

typedef struct tacit_x509_store_entry tacit_x509_store_entry;

typedef struct tacit_x509_store {
    tacit_x509_store_entry **entries; /* each owns a copy of its DER */
    size_t count, cap;
    uint32_t *buckets; /* subject-hash index: first entry + 1, 0 = empty */
    uint32_t *next;    /* chain within a bucket: next entry + 1 */
    size_t nbuckets;
} tacit_x509_store;

void tacit_x509_store_init(tacit_x509_store *store);
void tacit_x509_store_free(tacit_x509_store *store);
/* Copy and add one DER certificate (parsed first: errors as tacit_x509_parse_crt). */
int tacit_x509_store_add_der(tacit_x509_store *store, const unsigned char *der, size_t len);
/*
 * Add every "CERTIFICATE" block of a PEM bundle.  Blocks that fail to decode
 * or parse are skipped and counted in *n_failed; *n_added counts the others
 * (either may be NULL).  Returns 0 if at least one certificate was added,
 * otherwise the first error (TACIT_ERR_PEM_NO_BLOCK for no block at all).
 */
int tacit_x509_store_add_pem(tacit_x509_store *store, const unsigned char *pem, size_t len,
                             size_t *n_added, size_t *n_failed);
size_t tacit_x509_store_count(const tacit_x509_store *store);
/* The i-th certificate, in the order added. */
const tacit_x509_crt *tacit_x509_store_get(const tacit_x509_store *store, size_t i);
/*
 * Iterate over the certificates whose subject equals `name` (a Name with its
 * header): start with *iter = 0; each call returns the next one or NULL.
 * Uses the index: cost follows the number of matches, not the store's size.
 */
const tacit_x509_crt *tacit_x509_store_find(const tacit_x509_store *store,
                                            const tacit_x509_buf *name, size_t *iter);

/* ---- path validation ------------------------------------------------------------------ */

typedef enum {
    TACIT_X509_OK = 0,
    TACIT_X509_EXPIRED,                  /* a certificate's notAfter is before the time */
    TACIT_X509_NOT_YET_VALID,            /* a certificate's notBefore is after the time */
    TACIT_X509_UNKNOWN_ISSUER,           /* no path to a trust anchor (missing intermediate) */
    TACIT_X509_BAD_SIGNATURE,            /* a signature does not verify */
    TACIT_X509_NAME_MISMATCH,            /* the peer name is not among the leaf's subjectAltNames */
    TACIT_X509_PATH_LEN_EXCEEDED,        /* a pathLenConstraint is exceeded */
    TACIT_X509_UNSUPPORTED_CRITICAL_EXT, /* an unknown critical extension */
    TACIT_X509_NOT_A_CA,                 /* an issuer lacks basicConstraints cA (or is version 1) */
    TACIT_X509_CA_AS_LEAF,               /* the leaf is a CA certificate */
    TACIT_X509_BAD_KEY_USAGE,            /* keyUsage forbids the certificate's role */
    TACIT_X509_BAD_EXT_KEY_USAGE,        /* extKeyUsage forbids the purpose */
    TACIT_X509_NAME_CONSTRAINTS,         /* a name violates a CA's name constraints */
    TACIT_X509_WEAK_KEY,                 /* RSA key below 2048 bits */
    TACIT_X509_UNSUPPORTED_KEY,          /* DSA, another curve, an unparsable key */
    TACIT_X509_UNSUPPORTED_SIG_ALG,      /* unknown signature algorithm or key/algorithm mismatch */
    TACIT_X509_SHA1_SIGNATURE,           /* a SHA-1 signature without TACIT_X509_ALLOW_SHA1 */
    TACIT_X509_DEPTH_EXCEEDED,           /* more intermediates than params->max_intermediates */
    TACIT_X509_BUDGET_EXCEEDED,          /* the search took too many steps or signature checks */
    TACIT_X509_INVALID_CERT, /* malformed (version 1 not as anchor, notBefore > notAfter) */
    TACIT_X509_PROFILE,      /* breaks a Web PKI profile rule of the server purpose (above) */
    TACIT_X509_REASON_COUNT
} tacit_x509_reason;

/* "certificate has expired", ...; "unknown reason" out of range. */
const char *tacit_x509_reason_text(tacit_x509_reason reason);

#define TACIT_X509_PURPOSE_SERVER 1 /* extKeyUsage serverAuth (the default) */
#define TACIT_X509_PURPOSE_CLIENT 2 /* extKeyUsage clientAuth */
#define TACIT_X509_PURPOSE_ANY 3    /* no extKeyUsage check, the leaf may be a CA */

#define TACIT_X509_ALLOW_SHA1 0x01            /* accept SHA-1 signatures in the path */
#define TACIT_X509_ALLOW_RSA1024_ANCHORS 0x02 /* accept RSA-1024 keys in trust anchors */
#define TACIT_X509_STRICT_ANCHORS 0x04        /* server purpose: every root rule on anchors too */

typedef struct tacit_x509_verify_params {
    int64_t time;          /* Unix seconds at which to check validity */
    const char *host;      /* DNS name the leaf must carry, or NULL */
    unsigned char ip[16];  /* IP address the leaf must carry ... */
    size_t ip_len;         /* ... 4 or 16 bytes; 0: none */
    int purpose;           /* TACIT_X509_PURPOSE_* */
    int max_intermediates; /* 0 .. TACIT_X509_MAX_INTERMEDIATES */
    unsigned flags;        /* TACIT_X509_ALLOW_* */
} tacit_x509_verify_params;

/* Defaults: time 0 (set it!), no name, server purpose, 6 intermediates, no flags. */
void tacit_x509_verify_params_init(tacit_x509_verify_params *params);

/*
 * Parse "192.0.2.1" or an RFC 4291 text IPv6 address ("2001:db8::1") into
 * ip (16 bytes room); *ip_len = 4 or 16.  0 or TACIT_ERR_BAD_INPUT.
 */
int tacit_x509_parse_ip(const char *text, unsigned char ip[16], size_t *ip_len);

/*
 * Is there a valid path from leaf through certificates of `untrusted` (may
 * be NULL) to a certificate of `anchors`?  0 if so; otherwise
 * TACIT_ERR_X509_VERIFY_FAILED with *reason (may be NULL) saying why (when
 * several candidate paths fail, the reason of the one that got furthest).
 * The leaf itself may be a trust anchor (then only time and name are
 * checked).
 */
int tacit_x509_verify(const tacit_x509_crt *leaf, const tacit_x509_store *untrusted,
                      const tacit_x509_store *anchors, const tacit_x509_verify_params *params,
                      tacit_x509_reason *reason);

/*
 * Verify crt's signature with the public key of issuer (the self-signature
 * when both are the same certificate).  flags: TACIT_X509_ALLOW_SHA1,
 * TACIT_X509_ALLOW_RSA1024_ANCHORS (key size rules as for an anchor).
 * 0 or TACIT_ERR_X509_VERIFY_FAILED with *reason.
 */
int tacit_x509_check_signature(const tacit_x509_crt *crt, const tacit_x509_crt *issuer,
                               unsigned flags, tacit_x509_reason *reason);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_X509_H */
