/*
 * Keys in the tacit tool: read any private or public key file (PEM or DER;
 * PKCS#1, SEC1, PKCS#8, SubjectPublicKeyInfo) with tacit_pk_parse_key, and
 * write PKCS#8 / SPKI with tacit_pk_write.
 */
#ifndef TACIT_CLI_KEY_H
#define TACIT_CLI_KEY_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/md.h"
#include "tacit/pk.h"

/*
 * CLI_RSA / CLI_EC: the tool's RSA and EC support, on when the module is
 * configured in.
 */
#if defined(TACIT_RSA_C) && defined(TACIT_PK_C)
#define CLI_RSA 1
#include "tacit/rsa.h"
#endif
#if defined(TACIT_ECP_C) && defined(TACIT_ECDSA_C) && defined(TACIT_ECDH_C) && defined(TACIT_PK_C)
#define CLI_EC 1
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#include "tacit/ecp.h"
#endif

typedef enum {
    CLI_KEY_NONE = 0,
    CLI_KEY_RSA,
    CLI_KEY_EC,
    CLI_KEY_ED25519,
    CLI_KEY_X25519,
    CLI_KEY_MLKEM,
    CLI_KEY_MLDSA
} cli_key_kind;

/* The key (pk); kind, is_private, rsa and ec mirror it for the subcommands. */
typedef struct {
    tacit_pk_context pk;
    cli_key_kind kind;
    int is_private;
#if defined(CLI_RSA)
    tacit_rsa_context *rsa; /* inside pk, or NULL */
#endif
#if defined(CLI_EC)
    tacit_ecp_keypair *ec; /* inside pk, or NULL */
#endif
} cli_key;

/*
 * Read the key in `path` (NULL or "-": stdin).  need_private: refuse a
 * public key ("... is a public key; this needs a private key").  Reports
 * its own one-line error and returns CLI_OK or CLI_ERROR.
 */
int cli_key_load(const char *cmd, const char *path, int need_private, cli_key *key);
void cli_key_init(cli_key *key);
void cli_key_free(cli_key *key);
/* Generate a key into key (replacing it).  0 or a tacit error code. */
#if defined(CLI_RSA)
int cli_key_gen_rsa(cli_key *key, unsigned bits);
#endif
#if defined(CLI_EC)
int cli_key_gen_ec(cli_key *key, tacit_ecp_group_id grp);
#endif
/* ed25519 != 0: Ed25519, else X25519 (TACIT_ERR_NOT_SUPPORTED when compiled out). */
int cli_key_gen_25519(cli_key *key, int ed25519);
/*
 * ML-KEM and ML-DSA by name: ml-kem-512|768|1024 (or mlkem512...), ml-dsa-44|65|87 (or
 * mldsa44...).  cli_pq_name: 0 and *type, *params (tacit_mlkem_params / tacit_mldsa_params), or
 * -1 for another name.  cli_key_gen_pq: a new key (seed kept: PKCS#8 seed form);
 * TACIT_ERR_NOT_SUPPORTED when compiled out.
 */
int cli_pq_name(const char *name, tacit_pk_type *type, int *params);
int cli_key_gen_pq(cli_key *key, tacit_pk_type type, int params);

/* Write the private key as PKCS#8 (PEM, or DER with der != 0), file mode 0600. */
int cli_key_write_private(const char *cmd, const cli_key *key, int der, const char *path);
/* Write the public key as SubjectPublicKeyInfo (PEM or DER). */
int cli_key_write_public(const char *cmd, const cli_key *key, int der, const char *path);

/* "RSA-2048", "EC P-256" */
const char *cli_key_describe(const cli_key *key);

/* ---- algorithm names ------------------------------------------------------- */

typedef enum {
    CLI_ALG_NONE = 0,
    CLI_ALG_PKCS1_SIG, /* pkcs1-shaNNN */
    CLI_ALG_PSS,       /* pss-shaNNN */
    CLI_ALG_ECDSA,     /* ecdsa-shaNNN */
    CLI_ALG_OAEP,      /* oaep-shaNNN (MGF1 with the same hash) */
    CLI_ALG_PKCS1_ENC, /* pkcs1 (RSAES-PKCS1-v1_5) */
    CLI_ALG_ED25519,   /* ed25519 (pure: the message itself, md NONE) */
    CLI_ALG_MLDSA      /* ml-dsa-44|65|87 (pure ML-DSA, empty context, md NONE) */
} cli_alg_scheme;

typedef struct {
    cli_alg_scheme scheme;
    tacit_md_type md;
    unsigned mldsa; /* CLI_ALG_MLDSA: 44, 65 or 87 */
} cli_alg;

/* Signature algorithms: pkcs1|pss|ecdsa - sha256|sha384|sha512, ed25519, ml-dsa-44|65|87 (or
 * mldsa44...).  0 or -1. */
int cli_alg_sig(const char *name, cli_alg *alg);
/* Encryption: oaep-sha1|sha256|sha384|sha512, pkcs1.  0 or -1. */
int cli_alg_enc(const char *name, cli_alg *alg);

/* Check the key fits the algorithm ("ecdsa-sha256 needs an EC key, ... is RSA-2048"). */
int cli_key_check_alg(const char *cmd, const cli_key *key, const cli_alg *alg, const char *name);
/*
 * What sign and verify feed the algorithm: the digest of msg with alg's hash into hash
 * (TACIT_MD_MAX_SIZE bytes) and its length into *hlen; Ed25519 and ML-DSA hash inside, so for
 * them nothing is computed (*hlen = 0).  CLI_OK, or an error printed for cmd.
 */
int cli_alg_digest(const char *cmd, const cli_alg *alg, const unsigned char *msg, size_t mlen,
                   unsigned char *hash, size_t *hlen);
/*
 * An id-RSASSA-PSS key with RSASSA-PSS-params (RFC 4055 3.3) signs and verifies with its own hash
 * and MGF1 hash and a salt of at least its saltLength: CLI_OK when md and saltlen (-1: not fixed)
 * fit, else an error printed for cmd.
 */
int cli_pss_key_allows(const char *cmd, const cli_key *key, tacit_md_type md, int saltlen);
/* The PSS algorithm for md (MGF1 the same) and the tool's saltlen (a count, CLI_SALT_*), checked
 * against the key's parameters: CLI_OK or an error printed for cmd. */
int cli_pss_alg(const char *cmd, const cli_key *key, tacit_md_type md, int saltlen,
                tacit_pk_sig_alg *pss);

/* --saltlen: a byte count >= 0, or one of these. */
#define CLI_SALT_DEFAULT (-100) /* not given: sign = hash length, verify = any */
#define CLI_SALT_MAX (-101)     /* "max": the largest that fits the key */
#define CLI_SALT_AUTO (-102)    /* "auto" (verify only): any */
/* Parse a --saltlen value.  0 or -1 (not a number, "max" or "auto"). */
int cli_saltlen(const char *arg, int *saltlen);

#endif /* TACIT_CLI_KEY_H */
