/*
 * X.509: the parser (OpenSSL-made certificates of ../shared/interop and
 * tests/data/x509, every truncation and single-byte change of them), names,
 * the store, and path validation over the chains of tests/data/x509 (made
 * by tests/data/x509/make.sh with the openssl command; see there).
 */
#include "harness.h"

#include "tacit/pem.h"
#include "tacit/pk.h"
#include "tacit/x509.h"

#define TEST_TIME 1800000000 /* 2027-01-15: inside every tests/data/x509 certificate */

/* tests/data/x509 */
static const char *data_dir(void)
{
    return TACIT_TEST_DATA_DIR "/x509";
}

static unsigned char *read_path(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long n;

    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        if (buf != NULL) {
            buf[n] = 0;
            *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

/* The DER of the first certificate of a tests/data/x509 file. */
static unsigned char *load_der(const char *name, size_t *len)
{
    char path[4200];
    unsigned char *pem;
    size_t plen;
    tacit_pem_block b;
    unsigned char *der = NULL;

    snprintf(path, sizeof(path), "%s/%s.crt", data_dir(), name);
    pem = read_path(path, &plen);
    if (pem == NULL) {
        return NULL;
    }
    if (tacit_pem_read("CERTIFICATE", pem, plen, &b, NULL) == 0) {
        der = malloc(b.der_len);
        if (der != NULL) {
            memcpy(der, b.der, b.der_len);
            *len = b.der_len;
        }
        tacit_pem_block_free(&b);
    }
    free(pem);
    return der;
}

/* Add the space-separated tests/data/x509 names to a store. */
static int add_all(tacit_x509_store *st, const char *names)
{
    char buf[512], *tok, *save = NULL;
    unsigned char *der;
    size_t len;
    int ret;

    if (names == NULL) {
        return 0;
    }
    snprintf(buf, sizeof(buf), "%s", names);
    (void)save;
    for (tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " ")) {
        der = load_der(tok, &len);
        if (der == NULL) {
            printf("\n    missing %s", tok);
            return -1;
        }
        ret = tacit_x509_store_add_der(st, der, len);
        free(der);
        if (ret != 0) {
            printf("\n    %s: add error -0x%04X", tok, (unsigned)-ret);
            return ret;
        }
    }
    return 0;
}

static int have_data(void)
{
    size_t len;
    unsigned char *d = load_der("root-rsa", &len);
    free(d);
    return d != NULL;
}

/* ---- path validation cases ---------------------------------------------------------- */

typedef struct {
    const char *what;
    const char *leaf, *untrusted, *roots;
    const char *host, *ip;
    int64_t time;
    int purpose, max_int;
    unsigned flags;
    tacit_x509_reason expect;
} vcase;

#define CR "crafted/"
#define AU "audit/"
#define ALL_INT "int-ec int-pss int-pl0 int-sub int-noku int-eku int-nc int-ncdn"
#define S TACIT_X509_PURPOSE_SERVER
#define C TACIT_X509_PURPOSE_CLIENT
#define A TACIT_X509_PURPOSE_ANY

#if defined(TACIT_ED25519_C)
#define ED_OK TACIT_X509_OK
#define ED_OR(r) (r)
#else
#define ED_OK TACIT_X509_UNSUPPORTED_KEY
#define ED_OR(r) TACIT_X509_UNSUPPORTED_KEY
#endif

static const vcase vcases[] = {
    { "ECDSA leaf, EC intermediate signed by RSA root", "good", "int-ec", "root-rsa",
      "good.example.com", NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "mixed: all intermediates offered", "good", ALL_INT, "root-rsa root-ec", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "host case-insensitive, trailing dot", "good", "int-ec", "root-rsa", "GOOD.Example.COM.",
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "wrong host", "good", "int-ec", "root-rsa", "evil.example.com", NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_NAME_MISMATCH },
    { "wildcard matches one label", "good", "int-ec", "root-rsa", "x.wild.example.com", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "wildcard: not the bare parent", "good", "int-ec", "root-rsa", "wild.example.com", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "wildcard: not two labels", "good", "int-ec", "root-rsa", "a.b.wild.example.com", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "wildcard: host with a '*' never matches", "good", "int-ec", "root-rsa", "*.wild.example.com",
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "wildcard *.com is not honoured", "badwild", "int-ec", "root-rsa", "example.com", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "partial-label wildcard f*. is not honoured", "badwild", "int-ec", "root-rsa",
      "foo.example.com", NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "wildcard *.*. is not honoured", "badwild", "int-ec", "root-rsa", "a.b.example.net", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "IPv4 SAN", "good", "int-ec", "root-rsa", NULL, "192.0.2.1", TEST_TIME, S, 6, 0,
      TACIT_X509_OK },
    { "IPv6 SAN", "good", "int-ec", "root-rsa", NULL, "2001:db8:0::1", TEST_TIME, S, 6, 0,
      TACIT_X509_OK },
    { "IP not in SAN", "good", "int-ec", "root-rsa", NULL, "192.0.2.2", TEST_TIME, S, 6, 0,
      TACIT_X509_NAME_MISMATCH },
    { "IP given as host matches iPAddress only", "good", "int-ec", "root-rsa", "192.0.2.1", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "no SAN: no Common Name fallback", "nosan", "int-ec", "root-rsa", "good.example.com", NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_MISMATCH },
    { "expired", "expired", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_EXPIRED },
    { "not yet valid", "good", "int-ec", "root-rsa", NULL, NULL, 1700000000, S, 6, 0,
      TACIT_X509_NOT_YET_VALID },
    { "missing intermediate", "good", NULL, "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_UNKNOWN_ISSUER },
    { "unknown root", "good", "int-ec", "root-ec", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_UNKNOWN_ISSUER },
    { "cross-signed: path through the EC root", "good", "int-ec int-ec-x", "root-ec", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "cross-signed: path through the RSA root", "good", "int-ec-x int-ec", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "RSA-PSS signatures (leaf and intermediate)", "pss", "int-pss", "root-rsa", "pss.example.com",
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "SHA-1 signature refused", "sha1", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_SHA1_SIGNATURE },
    { "SHA-1 signature allowed on request", "sha1", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S,
      6, TACIT_X509_ALLOW_SHA1, TACIT_X509_OK },
    { "clientAuth leaf for a server", "client", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6,
      0, TACIT_X509_BAD_EXT_KEY_USAGE },
    { "clientAuth leaf for a client", "client", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, C, 6,
      0, TACIT_X509_OK },
    { "anyExtendedKeyUsage is not serverAuth", "anyeku", "int-ec", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_BAD_EXT_KEY_USAGE },
    { "purpose any ignores extKeyUsage", "anyeku", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, A,
      6, 0, TACIT_X509_OK },
    { "intermediate restricted to clientAuth", "eku-nested", "int-eku", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_BAD_EXT_KEY_USAGE },
    { "intermediate restricted to clientAuth, client", "eku-nested", "int-eku", "root-rsa", NULL,
      NULL, TEST_TIME, C, 6, 0, TACIT_X509_OK },
    { "CA certificate as leaf", "leafca", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_CA_AS_LEAF },
    { "unknown critical extension", "crit", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_UNSUPPORTED_CRITICAL_EXT },
    { "unknown non-critical extension", "noncrit", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S,
      6, 0, TACIT_X509_OK },
    { "leaf keyUsage with keyCertSign", "ku-certsign", "int-ec", "root-rsa", NULL, NULL, TEST_TIME,
      S, 6, 0, TACIT_X509_BAD_KEY_USAGE },
    { "leaf keyUsage without digitalSignature", "ku-nods", "int-ec", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_BAD_KEY_USAGE },
    { "issuer without keyCertSign", "noku", "int-noku", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_BAD_KEY_USAGE },
    { "issuer is not a CA", "by-leaf", "good int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_NOT_A_CA },
    { "RSA-1024 leaf", "weak", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_WEAK_KEY },
    { "P-224 leaf", "p224", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_UNSUPPORTED_KEY },
    { "pathlen 0: leaf directly below", "pl-ok", "int-pl0", "root-rsa", NULL, NULL, TEST_TIME, S, 6,
      0, TACIT_X509_OK },
    { "pathlen 0: one more CA below", "pl-bad", "int-sub int-pl0", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_PATH_LEN_EXCEEDED },
    { "max depth 0", "good", "int-ec", "root-rsa", NULL, NULL, TEST_TIME, S, 0, 0,
      TACIT_X509_DEPTH_EXCEEDED },
    { "max depth 1", "pl-bad", "int-sub int-pl0", "root-rsa", NULL, NULL, TEST_TIME, S, 1, 0,
      TACIT_X509_DEPTH_EXCEEDED },
    { "name constraints: inside", "nc-ok", "int-nc", "root-rsa", "a.example.com", NULL, TEST_TIME,
      S, 6, 0, TACIT_X509_OK },
    { "name constraints: DNS outside", "nc-out", "int-nc", "root-rsa", NULL, NULL, TEST_TIME, S, 6,
      0, TACIT_X509_NAME_CONSTRAINTS },
    { "name constraints: DNS excluded", "nc-excl", "int-nc", "root-rsa", NULL, NULL, TEST_TIME, S,
      6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "name constraints: wildcard may hit excluded", "nc-wild", "int-nc", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "name constraints: IP outside", "nc-ip", "int-nc", "root-rsa", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_NAME_CONSTRAINTS },
    { "name constraints: email without email constraints", "nc-email", "int-nc", "root-rsa", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "name constraints: directoryName inside", "ncdn-ok", "int-ncdn", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "name constraints: directoryName outside", "ncdn-bad", "int-ncdn", "root-rsa", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "a loop of CAs ends", "loop-leaf", "loop-a loop-b", "root-rsa root-ec", NULL, NULL, TEST_TIME,
      S, 6, 0, TACIT_X509_UNKNOWN_ISSUER },
    { "the leaf is an anchor", "root-ec", NULL, "root-rsa root-ec", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_OK },
    { "a root not in the anchors", "root-ec", "root-ec", "root-rsa", NULL, NULL, TEST_TIME, A, 6, 0,
      TACIT_X509_UNKNOWN_ISSUER },
    /* Ed25519 (RFC 8410): pure Ed25519 over the TBSCertificate */
    { "Ed25519: leaf, intermediate and root", "ed-good", "int-ed", "root-ed", "good.example.com",
      NULL, TEST_TIME, S, 6, 0, ED_OK },
    { "Ed25519 intermediate signs a P-256 leaf", "ed-ecleaf", "int-ed", "root-ed",
      "good.example.com", NULL, TEST_TIME, S, 6, 0, ED_OK },
    { "Ed25519 chain, wrong host", "ed-good", "int-ed", "root-ed", "evil.example.com", NULL,
      TEST_TIME, S, 6, 0, ED_OR(TACIT_X509_NAME_MISMATCH) },
    { "Ed25519 chain, unknown root", "ed-good", "int-ed", "root-rsa root-ec", NULL, NULL, TEST_TIME,
      S, 6, 0, TACIT_X509_UNKNOWN_ISSUER },
    { "Ed25519 root as the leaf's anchor", "root-ed", NULL, "root-ed", NULL, NULL, TEST_TIME, S, 6,
      0, TACIT_X509_OK },
    /* issue 30, tests/data/x509/crafted (make_crafted.py) */
    { "issue 30: excluded O=Evil, leaf O=Evil as bmp", CR "ncx-bmp", CR "int-ncx", CR "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O=Evil as t61", CR "ncx-t61", CR "int-ncx", CR "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O=Evil as ia5", CR "ncx-ia5", CR "int-ncx", CR "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O=Evil as univ", CR "ncx-univ", CR "int-ncx", CR "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O=Evil as utf8", CR "ncx-utf8", CR "int-ncx", CR "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O=Evil as printable", CR "ncx-printable", CR "int-ncx",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O='  eVIL  '", CR "ncx-fold", CR "int-ncx", CR "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded DC=evil, leaf DC=EVIL", CR "ncx-dc", CR "int-ncx", CR "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded RDN {O=Evil+OU=Unit}, leaf in the other order", CR "ncx-rdn",
      CR "int-ncx", CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded RDN, leaf reordered, BMPString and case", CR "ncx-rdn-bmp", CR "int-ncx",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: excluded O=Evil, leaf O=Evil Corp", CR "ncx-good", CR "int-ncx", CR "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30: excluded O=Evil, SAN directoryName O=Evil (BMP)", CR "ncx-san", CR "int-ncx",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: permitted O=Good, leaf O=Good as BMPString", CR "ncp-bmp", CR "int-ncp", CR "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30: permitted O=Good, leaf O=' GOOD' UniversalString", CR "ncp-fold", CR "int-ncp",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30: permitted O=Good, leaf O=Goods", CR "ncp-out", CR "int-ncp", CR "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30: issuer named in other types, case, RDN order", CR "chain-alias", CR "int-chain",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30 low 1: excluded otherName, leaf has it", CR "nco-other", CR "int-nco", CR "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30 low 1: registeredID constraint, leaf has one", CR "nco-regid", CR "int-nco",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30 low 1: otherName constraint, leaf has none", CR "nco-plain", CR "int-nco",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30 low 2: emailAddress and rfc822Name inside", CR "nce-ok", CR "int-nce", CR "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30 low 2: subject emailAddress outside, no SAN", CR "nce-subj-out", CR "int-nce",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30 low 2: subject emailAddress excluded, with SAN", CR "nce-subj-excl", CR "int-nce",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30 low 2: rfc822Name SAN excluded", CR "nce-san-excl", CR "int-nce", CR "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "issue 30 low 5: pathLenConstraint 2^31", CR "bigpl", CR "int-bigpl", CR "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30 low 5: intermediate EKU anyExtendedKeyUsage only", CR "anyeku-int", CR "int-anyeku",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_BAD_EXT_KEY_USAGE },
    { "issue 30 low 5: anyEKU-only intermediate, purpose any", CR "anyeku-int", CR "int-anyeku",
      CR "root", NULL, NULL, TEST_TIME, A, 6, 0, TACIT_X509_OK },
    { "issue 30 low 6: PSS key parameters, same in signature", CR "psskey-ok", CR "int-psskey",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "issue 30 low 6: PSS key SHA-256, signature SHA-384", CR "psskey-hash", CR "int-psskey",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_UNSUPPORTED_SIG_ALG },
    { "issue 30 low 6: PSS key salt 32, signature salt 20", CR "psskey-salt", CR "int-psskey",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_UNSUPPORTED_SIG_ALG },
    { "web pki: serial number zero", CR "wp-serial0", NULL, CR "root", NULL, NULL, TEST_TIME, S, 6,
      0, TACIT_X509_PROFILE },
    { "web pki: serial number zero, client purpose", CR "wp-serial0", NULL, CR "root", NULL, NULL,
      TEST_TIME, C, 6, 0, TACIT_X509_OK },
    { "web pki: leaf without authorityKeyIdentifier", CR "wp-noaki", NULL, CR "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "web pki: leaf EKU with anyExtendedKeyUsage", CR "wp-anyeku", NULL, CR "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "web pki: critical SAN, non-empty subject", CR "wp-sancrit", NULL, CR "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "web pki: AIA well formed", CR "wp-aia-ok", NULL, CR "root", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_OK },
    { "web pki: intermediate without subjectKeyIdentifier", CR "wp-noski-leaf", CR "wp-int-noski",
      CR "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "web pki: root ok", CR "wp-leaf-ok", NULL, CR "wp-root-ok", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_OK },
    { "web pki: root ok, strict anchors", CR "wp-leaf-ok", NULL, CR "wp-root-ok", NULL, NULL,
      TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS, TACIT_X509_OK },
    { "web pki: root aki-issuer", CR "wp-leaf-aki-issuer", NULL, CR "wp-root-aki-issuer", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "web pki: root aki-issuer, strict anchors", CR "wp-leaf-aki-issuer", NULL,
      CR "wp-root-aki-issuer", NULL, NULL, TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS,
      TACIT_X509_PROFILE },
    { "web pki: root aki-noid", CR "wp-leaf-aki-noid", NULL, CR "wp-root-aki-noid", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "web pki: root aki-noid, strict anchors", CR "wp-leaf-aki-noid", NULL, CR "wp-root-aki-noid",
      NULL, NULL, TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS, TACIT_X509_PROFILE },
    { "web pki: root aki-mismatch", CR "wp-leaf-aki-mismatch", NULL, CR "wp-root-aki-mismatch",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "web pki: root aki-mismatch, strict anchors", CR "wp-leaf-aki-mismatch", NULL,
      CR "wp-root-aki-mismatch", NULL, NULL, TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS,
      TACIT_X509_PROFILE },
    { "web pki: root nobc", CR "wp-leaf-nobc", NULL, CR "wp-root-nobc", NULL, NULL, TEST_TIME, S, 6,
      0, TACIT_X509_PROFILE },
    { "web pki: root nobc, strict anchors", CR "wp-leaf-nobc", NULL, CR "wp-root-nobc", NULL, NULL,
      TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS, TACIT_X509_PROFILE },
    { "web pki: root bc-noncrit", CR "wp-leaf-bc-noncrit", NULL, CR "wp-root-bc-noncrit", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "web pki: root bc-noncrit, strict anchors", CR "wp-leaf-bc-noncrit", NULL,
      CR "wp-root-bc-noncrit", NULL, NULL, TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS,
      TACIT_X509_PROFILE },
    { "web pki: root eku", CR "wp-leaf-eku", NULL, CR "wp-root-eku", NULL, NULL, TEST_TIME, S, 6, 0,
      TACIT_X509_PROFILE },
    { "web pki: root eku, strict anchors", CR "wp-leaf-eku", NULL, CR "wp-root-eku", NULL, NULL,
      TEST_TIME, S, 6, TACIT_X509_STRICT_ANCHORS, TACIT_X509_PROFILE },
    { "web pki: root nobc, purpose any", CR "wp-leaf-nobc", NULL, CR "wp-root-nobc", NULL, NULL,
      TEST_TIME, A, 6, 0, TACIT_X509_OK },
    { "web pki: self-issued intermediate not counted (max depth 1)", CR "si-leaf",
      CR "int-si-new " CR "int-si-old", CR "root", NULL, NULL, TEST_TIME, S, 1, 0, TACIT_X509_OK },
    { "web pki: self-issued intermediate, max depth 0", CR "si-leaf",
      CR "int-si-new " CR "int-si-old", CR "root", NULL, NULL, TEST_TIME, S, 0, 0,
      TACIT_X509_DEPTH_EXCEEDED },
    { "web pki: SAN dNSName and directoryName, host and permitted DN", CR "ncp-san", CR "int-ncp",
      CR "root", "good.example.com", NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "web pki: SAN directoryName outside the permitted DN", CR "ncp-san-out", CR "int-ncp",
      CR "root", "good.example.com", NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    /* session 6 audit (tests/data/x509/audit, make_audit.py): dNSName constraints over a
     * host-name CN when the leaf has no dNSName SAN */
    { "audit: a CN-only leaf outside the permitted dNSName", AU "cn-out", AU "int-ncdns", AU "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "audit: a CN-only leaf inside the excluded dNSName, other case", AU "cn-excl", AU "int-ncdns",
      AU "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "audit: a CN-only wildcard over the excluded dNSName", AU "cn-wild-excl", AU "int-ncdns",
      AU "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "audit: a CN-only leaf outside, as BMPString", AU "cn-bmp-out", AU "int-ncdns", AU "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "audit: the second of two CNs outside", AU "cn-second-out", AU "int-ncdns", AU "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "audit: CN outside, SAN with an iPAddress only", AU "cn-ipsan-out", AU "int-ncdns", AU "root",
      NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_NAME_CONSTRAINTS },
    { "audit: a CN-only leaf inside", AU "cn-in", AU "int-ncdns", AU "root", NULL, NULL, TEST_TIME,
      S, 6, 0, TACIT_X509_OK },
    { "audit: a CN that is not a host name", AU "cn-text", AU "int-ncdns", AU "root", NULL, NULL,
      TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "audit: a one-label CN (not a host name)", AU "cn-label", AU "int-ncdns", AU "root", NULL,
      NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "audit: CN outside, dNSName SAN inside (the CN is ignored)", AU "cn-san-in", AU "int-ncdns",
      AU "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "audit: empty subject, critical dNSName SAN", AU "empty-subj-san", AU "int-ncdns", AU "root",
      "www.example.com", NULL, TEST_TIME, S, 6, 0, TACIT_X509_OK },
    { "audit: intermediate basicConstraints not critical", AU "bc-noncrit-leaf",
      AU "int-bc-noncrit", AU "root", NULL, NULL, TEST_TIME, S, 6, 0, TACIT_X509_PROFILE },
    { "audit: intermediate basicConstraints not critical, purpose any", AU "bc-noncrit-leaf",
      AU "int-bc-noncrit", AU "root", NULL, NULL, TEST_TIME, A, 6, 0, TACIT_X509_OK },
};

static void test_paths(void)
{
    size_t i;
    int failures = 0;

    if (!have_data()) {
        TEST_SKIP("tests/data/x509 not found");
    }
    for (i = 0; i < sizeof(vcases) / sizeof(vcases[0]); i++) {
        const vcase *c = &vcases[i];
        tacit_x509_store un, roots;
        tacit_x509_verify_params vp;
        tacit_x509_crt leaf;
        tacit_x509_reason why = TACIT_X509_REASON_COUNT;
        unsigned char *der;
        size_t len;
        int ret;

        tacit_x509_store_init(&un);
        tacit_x509_store_init(&roots);
        der = load_der(c->leaf, &len);
        if (der == NULL || add_all(&un, c->untrusted) != 0 || add_all(&roots, c->roots) != 0 ||
            tacit_x509_parse_crt(&leaf, der, len) != 0) {
            printf("\n    %s: setup failed", c->what);
            failures++;
        } else {
            tacit_x509_verify_params_init(&vp);
            vp.time = c->time;
            vp.host = c->host;
            vp.purpose = c->purpose;
            vp.max_intermediates = c->max_int;
            vp.flags = c->flags;
            if (c->ip != NULL && tacit_x509_parse_ip(c->ip, vp.ip, &vp.ip_len) != 0) {
                printf("\n    %s: bad ip", c->what);
                failures++;
            }
            ret = tacit_x509_verify(&leaf, &un, &roots, &vp, &why);
            if (why != c->expect || (ret == 0) != (c->expect == TACIT_X509_OK)) {
                printf("\n    %s: got '%s', expected '%s'", c->what, tacit_x509_reason_text(why),
                       tacit_x509_reason_text(c->expect));
                failures++;
            }
        }
        free(der);
        tacit_x509_store_free(&un);
        tacit_x509_store_free(&roots);
    }
    TEST_EQUAL(failures, 0);
exit:
    return;
}

/*
 * Ed25519 signatures that must fail: every bit of the leaf's signature
 * flipped in turn, and the TBSCertificate changed under it (one byte of the
 * subject's public key).
 */
static void test_ed25519_bad_signatures(void)
{
    unsigned char *der = NULL, *root = NULL, *inter = NULL;
    size_t len = 0, rlen = 0, ilen = 0, i;
    tacit_x509_crt leaf, issuer;
    tacit_x509_reason why;
    int bit;

    der = load_der("ed-good", &len);
    inter = load_der("int-ed", &ilen);
    root = load_der("root-ed", &rlen);
    if (der == NULL || inter == NULL || root == NULL) {
        TEST_SKIP("tests/data/x509 Ed25519 certificates not found");
    }
#if !defined(TACIT_ED25519_C)
    TEST_SKIP("Ed25519 compiled out");
#endif
    TEST_EQUAL(tacit_x509_parse_crt(&issuer, inter, ilen), 0);
    TEST_EQUAL(tacit_x509_parse_crt(&leaf, der, len), 0);
    TEST_EQUAL(tacit_x509_check_signature(&leaf, &issuer, 0, &why), 0);
    TEST_EQUAL(why, TACIT_X509_OK);
    /* the signature is the last 64 bytes of the certificate */
    for (i = len - 64; i < len; i++) {
        for (bit = 0; bit < 8; bit++) {
            der[i] ^= (unsigned char)(1u << bit);
            TEST_EQUAL(tacit_x509_parse_crt(&leaf, der, len), 0);
            TEST_ASSERT(tacit_x509_check_signature(&leaf, &issuer, 0, &why) != 0);
            TEST_EQUAL(why, TACIT_X509_BAD_SIGNATURE);
            der[i] ^= (unsigned char)(1u << bit);
        }
    }
    /* a byte of the TBSCertificate: the last byte of the Ed25519 key in the SPKI */
    TEST_EQUAL(tacit_x509_parse_crt(&leaf, der, len), 0);
    {
        size_t off = (size_t)(leaf.spki.p - der) + leaf.spki.len - 1;
        der[off] ^= 0x01;
        TEST_EQUAL(tacit_x509_parse_crt(&leaf, der, len), 0);
        TEST_ASSERT(tacit_x509_check_signature(&leaf, &issuer, 0, &why) != 0);
        TEST_EQUAL(why, TACIT_X509_BAD_SIGNATURE);
        der[off] ^= 0x01;
    }
    /* the wrong issuer key (the root's) */
    TEST_EQUAL(tacit_x509_parse_crt(&leaf, der, len), 0);
    TEST_EQUAL(tacit_x509_parse_crt(&issuer, root, rlen), 0);
    TEST_ASSERT(tacit_x509_check_signature(&leaf, &issuer, 0, &why) != 0);
    TEST_EQUAL(why, TACIT_X509_BAD_SIGNATURE);
exit:
    free(der);
    free(inter);
    free(root);
}

/* ---- parser ------------------------------------------------------------------------------ */

static void test_parse_fields(void)
{
    tacit_x509_crt c;
    unsigned char *der = NULL;
    size_t len;
    char text[256];
    tacit_x509_buf v;

    if (!have_data()) {
        TEST_SKIP("tests/data/x509 not found");
    }
    der = load_der("good", &len);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_x509_parse_crt(&c, der, len), 0);
    TEST_EQUAL(c.version, 3);
    TEST_ASSERT(c.der.p == der && c.der.len == len); /* zero copy */
    TEST_EQUAL(tacit_x509_name_text(&c.subject, text, sizeof(text)), 0);
    TEST_ASSERT(strcmp(text, "CN=good.example.com") == 0);
    TEST_EQUAL(tacit_x509_name_text(&c.issuer, text, sizeof(text)), 0);
    TEST_ASSERT(strcmp(text, "O=tacit test, CN=Intermediate EC") == 0);
    TEST_ASSERT(c.ext_present & TACIT_X509_EXT_BASIC_CONSTRAINTS);
    TEST_EQUAL(c.ca, 0);
    TEST_EQUAL(c.key_usage, TACIT_X509_KU_DIGITAL_SIGNATURE);
    TEST_EQUAL(c.ext_key_usage, TACIT_X509_EKU_SERVER_AUTH | TACIT_X509_EKU_CLIENT_AUTH);
    TEST_EQUAL(tacit_x509_crt_san(&c, 0, &v), 2);
    TEST_MEM_EQ(v.p, v.len, "good.example.com", 16);
    TEST_EQUAL(tacit_x509_crt_san(&c, 2, &v), 7);
    TEST_EQUAL(v.len, 4);
    TEST_EQUAL(tacit_x509_crt_san(&c, 4, &v), -1);
    TEST_ASSERT(c.not_after - c.not_before == 36500LL * 86400);
    TEST_ASSERT(c.authority_key_id.p != NULL);
    TEST_ASSERT(tacit_x509_crt_match_name(&c, "good.example.com", NULL, 0));
    TEST_ASSERT(tacit_x509_crt_match_name(&c, "y.wild.example.com", NULL, 0));
    TEST_ASSERT(!tacit_x509_crt_match_name(&c, "good.example.org", NULL, 0));
    TEST_ASSERT(tacit_x509_crt_match_name(&c, NULL, (const unsigned char *)"\xc0\x00\x02\x01", 4));
    TEST_ASSERT(!tacit_x509_crt_match_name(&c, NULL, (const unsigned char *)"\xc0\x00\x02\x02", 4));
    {
        tacit_pk_context pk;
        tacit_pk_init(&pk);
        TEST_EQUAL(tacit_x509_crt_get_pk(&c, &pk), 0);
        TEST_EQUAL(tacit_pk_get_type(&pk), TACIT_PK_EC);
        TEST_EQUAL(tacit_pk_bitlen(&pk), 256);
        tacit_pk_free(&pk);
    }
    free(der);
    der = load_der("int-pl0", &len);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_x509_parse_crt(&c, der, len), 0);
    TEST_EQUAL(c.ca, 1);
    TEST_EQUAL(c.max_pathlen, 0);
    TEST_EQUAL(c.key_usage, TACIT_X509_KU_KEY_CERT_SIGN | TACIT_X509_KU_CRL_SIGN);
exit:
    free(der);
}

/* Certificates openssl makes but RFC 5280 forbids: the parser refuses them. */
static void test_parse_refused(void)
{
    static const char *names[] = { "aki-crit", "pathlen-noca", CR "ver-swallow", CR "wp-aia-bad",
                                   AU "empty-subj-nosan" };
    unsigned char *der = NULL;
    size_t i, len;
    tacit_x509_crt c;

    if (!have_data()) {
        TEST_SKIP("tests/data/x509 not found");
    }
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        der = load_der(names[i], &len);
        TEST_ASSERT(der != NULL);
        TEST_EQUAL(tacit_x509_parse_crt(&c, der, len), TACIT_ERR_X509_INVALID_FORMAT);
        free(der);
        der = NULL;
    }
exit:
    free(der);
}

/* The interop certificates: parse, self-signatures verify, the bit-flipped ones fail. */
static void test_interop(void)
{
    static const char *certs[] = { "rsa2048", "rsa3072", "rsa4096",    "p256",
                                   "p384",    "p521",    "rsa2048.pss" };
    char path[128];
    unsigned char *der = NULL, *pem = NULL;
    size_t i, len;
    tacit_x509_crt c, leaf, root;
    tacit_pem_block b;
    tacit_x509_reason why;

    memset(&b, 0, sizeof(b));
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    for (i = 0; i < sizeof(certs) / sizeof(certs[0]); i++) {
        snprintf(path, sizeof(path), "interop/%s.crt.der", certs[i]);
        der = test_read_shared(path, &len);
        TEST_ASSERT(der != NULL);
        TEST_EQUAL(tacit_x509_parse_crt(&c, der, len), 0);
        TEST_EQUAL(tacit_x509_check_signature(&c, &c, 0, &why), 0);
        free(der);
        der = NULL;
    }
    /* p521's notAfter is a GeneralizedTime, 2099-12-31 23:59:59 */
    der = test_read_shared("interop/p521.crt.der", &len);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_x509_parse_crt(&c, der, len), 0);
    TEST_EQUAL(c.not_after, 4102444799LL);
    free(der);
    der = NULL;
    for (i = 0; i < 2; i++) {
        pem = test_read_shared(i == 0 ? "interop/broken/p256.crt.badsig.pem"
                                      : "interop/broken/rsa2048.crt.badsig.pem",
                               &len);
        TEST_ASSERT(pem != NULL);
        TEST_EQUAL(tacit_pem_read("CERTIFICATE", pem, len, &b, NULL), 0);
        TEST_EQUAL(tacit_x509_parse_crt(&c, b.der, b.der_len), 0);
        TEST_EQUAL(tacit_x509_check_signature(&c, &c, 0, &why), TACIT_ERR_X509_VERIFY_FAILED);
        TEST_EQUAL(why, TACIT_X509_BAD_SIGNATURE);
        tacit_pem_block_free(&b);
        free(pem);
        pem = NULL;
    }
    /* the chain leaf, signed by rsa4096 */
    pem = test_read_shared("interop/chain.p256-peer.by-rsa4096.crt.pem", &len);
    der = test_read_shared("interop/rsa4096.crt.der", &len);
    TEST_ASSERT(pem != NULL && der != NULL);
    TEST_EQUAL(tacit_pem_read("CERTIFICATE", pem, strlen((char *)pem), &b, NULL), 0);
    TEST_EQUAL(tacit_x509_parse_crt(&leaf, b.der, b.der_len), 0);
    TEST_EQUAL(tacit_x509_parse_crt(&root, der, len), 0);
    TEST_EQUAL(tacit_x509_check_signature(&leaf, &root, 0, &why), 0);
exit:
    tacit_pem_block_free(&b);
    free(der);
    free(pem);
}

/* Every truncation and every single-byte change: no crash, and never accepted when truncated. */
static void test_mutations(void)
{
    static const char *names[] = { "good", "pss", "int-nc", "int-ncdn", "badwild", "crit" };
    unsigned char *der = NULL, *m = NULL;
    size_t i, k, len;
    tacit_x509_crt c;
    static const unsigned char deltas[] = { 0x01, 0x80, 0xff };

    if (!have_data()) {
        TEST_SKIP("tests/data/x509 not found");
    }
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        der = load_der(names[i], &len);
        TEST_ASSERT(der != NULL);
        for (k = 0; k < len; k++) {
            m = malloc(k + 1);
            TEST_ASSERT(m != NULL);
            memcpy(m, der, k);
            TEST_ASSERT(tacit_x509_parse_crt(&c, m, k) != 0);
            free(m);
            m = NULL;
        }
        m = malloc(len);
        TEST_ASSERT(m != NULL);
        for (k = 0; k < len; k++) {
            size_t d;
            for (d = 0; d < sizeof(deltas); d++) {
                memcpy(m, der, len);
                m[k] ^= deltas[d];
                if (tacit_x509_parse_crt(&c, m, len) == 0) {
                    /* it parsed: walking it must be safe as well */
                    tacit_x509_buf v;
                    char text[128];
                    size_t j;
                    tacit_x509_reason why;
                    for (j = 0; tacit_x509_crt_san(&c, j, &v) >= 0; j++) {
                    }
                    tacit_x509_name_text(&c.subject, text, sizeof(text));
                    tacit_x509_check_signature(&c, &c, 0, &why);
                }
            }
        }
        free(m);
        m = NULL;
        free(der);
        der = NULL;
    }
exit:
    free(m);
    free(der);
}

static void test_names(void)
{
    /* SEQUENCE { SET { SEQUENCE { CN, PrintableString "Hello  World" } } } and variants */
    static const unsigned char a[] = { 0x30, 0x17, 0x31, 0x15, 0x30, 0x13, 0x06, 0x03, 0x55,
                                       0x04, 0x03, 0x13, 0x0c, 'H',  'e',  'l',  'l',  'o',
                                       ' ',  ' ',  'W',  'o',  'r',  'l',  'd' };
    static const unsigned char b[] = { 0x30, 0x17, 0x31, 0x15, 0x30, 0x13, 0x06, 0x03, 0x55,
                                       0x04, 0x03, 0x0c, 0x0c, ' ',  'h',  'e',  'l',  'l',
                                       'o',  ' ',  'w',  'o',  'r',  'l',  'd' };
    static const unsigned char c[] = { 0x30, 0x16, 0x31, 0x14, 0x30, 0x12, 0x06, 0x03,
                                       0x55, 0x04, 0x03, 0x13, 0x0b, 'H',  'e',  'l',
                                       'l',  'o',  'W',  'o',  'r',  'l',  'd',  ' ' };
    tacit_x509_store st;
    unsigned char *der = NULL;
    size_t len, iter = 0, n = 0;
    const tacit_x509_crt *found;
    tacit_x509_crt leaf;

    tacit_x509_store_init(&st);
    TEST_ASSERT(tacit_x509_name_equal(a, sizeof(a), b, sizeof(b)));
    TEST_ASSERT(!tacit_x509_name_equal(a, sizeof(a), c, sizeof(c)));
    {
        /* issue 30: O=Evil as BMPString equals O=EVIL as PrintableString; an RDN is a SET */
        static const unsigned char bmp[] = { 0x30, 0x13, 0x31, 0x11, 0x30, 0x0f, 0x06,
                                             0x03, 0x55, 0x04, 0x0a, 0x1e, 0x08, 0x00,
                                             'E',  0x00, 'v',  0x00, 'i',  0x00, 'l' };
        static const unsigned char prt[] = { 0x30, 0x0f, 0x31, 0x0d, 0x30, 0x0b, 0x06, 0x03, 0x55,
                                             0x04, 0x0a, 0x13, 0x04, 'E',  'V',  'I',  'L' };
        static const unsigned char ab[] = { 0x30, 0x1a, 0x31, 0x18, 0x30, 0x0a, 0x06,
                                            0x03, 0x55, 0x04, 0x0a, 0x13, 0x03, 'a',
                                            'a',  'a',  0x30, 0x0a, 0x06, 0x03, 0x55,
                                            0x04, 0x0b, 0x13, 0x03, 'b',  'b',  'b' };
        static const unsigned char ba[] = { 0x30, 0x1a, 0x31, 0x18, 0x30, 0x0a, 0x06,
                                            0x03, 0x55, 0x04, 0x0b, 0x0c, 0x03, 'B',
                                            'B',  'B',  0x30, 0x0a, 0x06, 0x03, 0x55,
                                            0x04, 0x0a, 0x16, 0x03, 'A',  'A',  'A' };
        static const unsigned char aa[] = { 0x30, 0x1a, 0x31, 0x18, 0x30, 0x0a, 0x06,
                                            0x03, 0x55, 0x04, 0x0a, 0x13, 0x03, 'a',
                                            'a',  'a',  0x30, 0x0a, 0x06, 0x03, 0x55,
                                            0x04, 0x0a, 0x13, 0x03, 'a',  'a',  'a' };
        TEST_ASSERT(tacit_x509_name_equal(bmp, sizeof(bmp), prt, sizeof(prt)));
        TEST_ASSERT(tacit_x509_name_equal(ab, sizeof(ab), ba, sizeof(ba)));
        TEST_ASSERT(!tacit_x509_name_equal(ab, sizeof(ab), aa, sizeof(aa)));
        TEST_ASSERT(!tacit_x509_name_equal(aa, sizeof(aa), ab, sizeof(ab)));
    }
    if (!have_data()) {
        TEST_SKIP("tests/data/x509 not found");
    }
    /* the index: int-ec and int-ec-x share a subject */
    TEST_EQUAL(add_all(&st, "root-rsa root-ec int-ec int-pss int-ec-x int-nc"), 0);
    TEST_EQUAL(tacit_x509_store_count(&st), 6);
    der = load_der("good", &len);
    TEST_ASSERT(der != NULL);
    TEST_EQUAL(tacit_x509_parse_crt(&leaf, der, len), 0);
    while ((found = tacit_x509_store_find(&st, &leaf.issuer, &iter)) != NULL) {
        TEST_ASSERT(tacit_x509_name_equal(found->subject.p, found->subject.len, leaf.issuer.p,
                                          leaf.issuer.len));
        n++;
    }
    TEST_EQUAL(n, 2);
exit:
    free(der);
    tacit_x509_store_free(&st);
}

static void test_store_pem(void)
{
    tacit_x509_store st;
    unsigned char *pem = NULL;
    size_t len, added, failed;
    int ret;

    tacit_x509_store_init(&st);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared not found");
    }
    pem = test_read_shared("interop/dev-roots.pem", &len);
    TEST_ASSERT(pem != NULL);
    TEST_EQUAL(tacit_x509_store_add_pem(&st, pem, len, &added, &failed), 0);
    TEST_EQUAL(added, 7);
    TEST_EQUAL(failed, 0);
    free(pem);
    /* a key file holds no certificate */
    pem = test_read_shared("interop/p256.pub.pem", &len);
    TEST_ASSERT(pem != NULL);
    ret = tacit_x509_store_add_pem(&st, pem, len, &added, &failed);
    TEST_ASSERT(ret != 0);
    TEST_EQUAL(added, 0);
    TEST_EQUAL(tacit_x509_store_count(&st), 7);
exit:
    free(pem);
    tacit_x509_store_free(&st);
}

static void test_parse_ip(void)
{
    unsigned char ip[16];
    size_t n;
    static const unsigned char v6[16] = {
        0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
    };

    TEST_EQUAL(tacit_x509_parse_ip("192.0.2.1", ip, &n), 0);
    TEST_EQUAL(n, 4);
    TEST_EQUAL(tacit_x509_parse_ip("2001:db8::1", ip, &n), 0);
    TEST_MEM_EQ(ip, n, v6, 16);
    TEST_EQUAL(tacit_x509_parse_ip("::", ip, &n), 0);
    TEST_ASSERT(tacit_x509_parse_ip("1.2.3", ip, &n) != 0);
    TEST_ASSERT(tacit_x509_parse_ip("1.2.3.256", ip, &n) != 0);
    TEST_ASSERT(tacit_x509_parse_ip("01.2.3.4", ip, &n) != 0);
    TEST_ASSERT(tacit_x509_parse_ip("1::2::3", ip, &n) != 0);
    TEST_ASSERT(tacit_x509_parse_ip("1:2:3:4:5:6:7:8:9", ip, &n) != 0);
    TEST_ASSERT(tacit_x509_parse_ip("example.com", ip, &n) != 0);
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_parse_fields);
    RUN_TEST(test_parse_refused);
    RUN_TEST(test_interop);
    RUN_TEST(test_names);
    RUN_TEST(test_store_pem);
    RUN_TEST(test_parse_ip);
    RUN_TEST(test_paths);
    RUN_TEST(test_ed25519_bad_signatures);
    RUN_TEST(test_mutations);
    return TEST_MAIN_END();
}
