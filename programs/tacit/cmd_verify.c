/*
 * tacit verify: check a PKCS#1 v1.5, PSS or ECDSA signature.  Prints
 * "Verified OK" and exits 0, or "Verification failure" and exits 1 (a
 * malformed signature is a failure too, as with `openssl dgst -verify`,
 * and stderr says what is wrong with it).  SHA-1 is accepted here, for
 * legacy signatures, though `tacit sign` does not make them.
 */
#include "cli.h"
#include "cli_key.h"

#include <stdio.h>
#include <string.h>

#if defined(CLI_RSA) || defined(CLI_EC)

static const char usage[] =
    "usage: tacit verify -k KEY -a ALG -s SIG [--saltlen N|max|auto] [--raw] [-i IN]\n"
    "  Verify the signature SIG of the message IN with the public key in KEY.\n"
    "  Prints \"Verified OK\" (exit 0) or \"Verification failure\" (exit 1; a malformed\n"
    "  signature is named on stderr).\n"
    "  -k, --key KEY       public key (SPKI or PKCS#1 RSAPublicKey) or a private key,\n"
    "                      PEM or DER\n"
    "  -a, --alg ALG       pkcs1-sha256|pkcs1-sha384|pkcs1-sha512\n"
    "                      pss-sha256|pss-sha384|pss-sha512 (MGF1 same hash)\n"
    "                      ecdsa-sha256|ecdsa-sha384|ecdsa-sha512\n"
    "                      pkcs1-sha1|ecdsa-sha1 (legacy signatures: verification only)\n"
#if defined(TACIT_ED25519_C)
    "                      ed25519 (RFC 8032, strict: the whole message)\n"
#endif
#if defined(TACIT_MLDSA_C)
    "                      ml-dsa-44|ml-dsa-65|ml-dsa-87 (FIPS 204: the whole message, empty\n"
    "                      context)\n"
#endif
    "  -s, --sig SIG       the signature file\n"
    "  --saltlen N|max|auto  PSS: insist on this salt length (default auto: any)\n"
    "  --raw               ECDSA: the signature is r||s, not DER\n"
    "  -i, --in IN         message (default: stdin)\n";

/* Errors that mean "this signature is not valid" rather than "cannot check". */
static int is_bad_signature(int err)
{
    if (err == TACIT_ERR_VERIFY_FAILED) {
        return 1;
    }
#if defined(CLI_RSA)
    if (err == TACIT_ERR_VERIFY_FAILED || err == TACIT_ERR_RSA_INPUT_OUT_OF_RANGE ||
        err == TACIT_ERR_RSA_INVALID_PADDING) {
        return 1;
    }
#endif
#if defined(CLI_EC)
    if (err == TACIT_ERR_VERIFY_FAILED || err == TACIT_ERR_ECDSA_BAD_SIGNATURE) {
        return 1;
    }
#endif
    (void)err;
    return 0;
}

/*
 * A signature that is not even well-formed: say why on stderr (the verdict
 * stays "Verification failure", exit 1).  A well-formed one that does not
 * match says nothing more.
 */
static void explain_malformed(const cli_key *key, const cli_alg *alg, int raw,
                              const unsigned char *sig, size_t siglen)
{
#if defined(CLI_RSA)
    if ((alg->scheme == CLI_ALG_PKCS1_SIG || alg->scheme == CLI_ALG_PSS) && key->rsa != NULL) {
        size_t k = tacit_rsa_len(key->rsa);
        if (siglen != k) {
            cli_err("verify", "malformed signature: %zu bytes, the %zu-bit key's are %zu", siglen,
                    tacit_rsa_bitlen(key->rsa), k);
        } else {
            size_t i = 0;
            unsigned char n[TACIT_RSA_MAX_BITS / 8];
            if (tacit_mpi_write_binary(&key->rsa->N, n, k) == 0) {
                while (i < k && sig[i] == n[i]) {
                    i++;
                }
                if (i == k || sig[i] > n[i]) {
                    cli_err("verify", "malformed signature: not below the modulus");
                }
            }
        }
        return;
    }
#endif
#if defined(CLI_EC)
    if (alg->scheme == CLI_ALG_ECDSA && key->ec != NULL) {
        size_t bytes = tacit_ecp_curve_bytes(key->ec->grp), rawlen;
        unsigned char rs[TACIT_ECDSA_MAX_RAW_LEN];
        if (raw && siglen != 2 * bytes) {
            cli_err("verify", "malformed signature: r||s of %zu bytes, %s needs %zu", siglen,
                    tacit_ecp_curve_name(key->ec->grp), 2 * bytes);
        } else if (!raw && tacit_ecdsa_der_to_raw(key->ec->grp, sig, siglen, rs, sizeof(rs),
                                                  &rawlen) != 0) {
            cli_err("verify",
                    "malformed signature: not DER (a strict ECDSA-Sig-Value SEQUENCE "
                    "of two INTEGERs of at most %zu bytes; --raw for r||s)",
                    bytes);
        } else {
            /* the encoding is fine, so it is the range check that refused it */
            cli_err("verify", "malformed signature: r or s is not in [1, n-1]");
        }
    }
#endif
    (void)key;
    (void)alg;
    (void)raw;
    (void)sig;
    (void)siglen;
}

int cmd_verify(int argc, char **argv)
{
    cli_parser p;
    const char *keyfile = NULL, *algname = NULL, *in = NULL, *sigfile = NULL, *salt = NULL;
    int raw = 0, saltlen = CLI_SALT_DEFAULT, rc, ret = TACIT_ERR_NOT_SUPPORTED;
    cli_alg alg;
    cli_key key;
    unsigned char *msg = NULL, *sig = NULL;
    unsigned char hash[TACIT_MD_MAX_SIZE];
    size_t mlen = 0, siglen = 0, hlen;

    cli_parser_init(&p, "verify", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_flag(&p, NULL, "--raw")) {
            raw = 1;
        } else if (cli_value(&p, "-k", "--key", &keyfile) ||
                   cli_value(&p, "-a", "--alg", &algname) ||
                   cli_value(&p, "-s", "--sig", &sigfile) ||
                   cli_value(&p, NULL, "--saltlen", &salt) || cli_value(&p, "-i", "--in", &in)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (keyfile == NULL) {
        return cli_usage_error(&p, "-k KEY is required");
    }
    if (sigfile == NULL) {
        return cli_usage_error(&p, "-s SIG is required");
    }
    if (algname != NULL && strcmp(algname, "pkcs1-sha1") == 0) {
        alg.scheme = CLI_ALG_PKCS1_SIG; /* legacy: verification only */
        alg.md = TACIT_MD_SHA1;
    } else if (algname != NULL && strcmp(algname, "ecdsa-sha1") == 0) {
        alg.scheme = CLI_ALG_ECDSA;
        alg.md = TACIT_MD_SHA1;
    } else if (algname == NULL || cli_alg_sig(algname, &alg) != 0) {
        return cli_usage_error(&p,
                               "-a needs one of pkcs1-|pss-|ecdsa- sha256|sha384|sha512, "
                               "ed25519, ml-dsa-44|65|87, pkcs1-sha1, ecdsa-sha1%s%s",
                               algname != NULL ? ", got " : "", algname != NULL ? algname : "");
    }
    if (salt != NULL && (alg.scheme != CLI_ALG_PSS || cli_saltlen(salt, &saltlen) != 0)) {
        return cli_usage_error(&p,
                               "--saltlen takes a byte count, 'max' or 'auto', with pss-* only");
    }
    if (raw && alg.scheme != CLI_ALG_ECDSA) {
        return cli_usage_error(&p, "--raw is for ecdsa-* only");
    }
    if (cli_is_stdin(in) + cli_is_stdin(keyfile) + cli_is_stdin(sigfile) > 1) {
        return cli_usage_error(&p,
                               "only one of the message, key and signature can come from stdin");
    }

    cli_key_init(&key);
    rc = cli_key_load("verify", keyfile, 0, &key);
    if (rc == CLI_OK) {
        rc = cli_key_check_alg("verify", &key, &alg, algname);
    }
    if (rc == CLI_OK) {
        rc = cli_read("verify", sigfile, &sig, &siglen);
    }
    if (rc == CLI_OK) {
        rc = cli_read("verify", in, &msg, &mlen);
    }
    if (rc != CLI_OK) {
        goto exit;
    }
    rc = cli_alg_digest("verify", &alg, msg, mlen, hash, &hlen);
    if (rc != CLI_OK) {
        goto exit;
    }
    ret = TACIT_ERR_NOT_SUPPORTED;
#if defined(CLI_RSA)
    if (alg.scheme == CLI_ALG_PKCS1_SIG) {
        ret = tacit_rsa_pkcs1_verify(key.rsa, alg.md, hash, hlen, sig, siglen);
    } else if (alg.scheme == CLI_ALG_PSS) {
        /* through pk, which applies an id-RSASSA-PSS key's parameters */
        tacit_pk_sig_alg pss;
        if (cli_pss_alg("verify", &key, alg.md, saltlen, &pss) != CLI_OK) {
            rc = CLI_ERROR;
            goto exit;
        }
        ret = tacit_pk_verify_hash(&key.pk, &pss, hash, hlen, sig, siglen, 0);
    }
#endif
#if defined(CLI_EC)
    if (alg.scheme == CLI_ALG_ECDSA) {
        ret = raw ? tacit_ecdsa_verify_raw(key.ec, hash, hlen, sig, siglen)
                  : tacit_ecdsa_verify_der(key.ec, hash, hlen, sig, siglen);
    }
#endif
#if defined(TACIT_ED25519_C)
    if (alg.scheme == CLI_ALG_ED25519) {
        ret = tacit_ed25519_verify(tacit_pk_ed25519(&key.pk), msg, mlen, sig, siglen);
    }
#endif
    if (alg.scheme == CLI_ALG_MLDSA) {
        tacit_pk_sig_alg pkalg;
        char name[16];
        snprintf(name, sizeof(name), "mldsa%u", alg.mldsa);
        ret = tacit_pk_sig_alg_from_name(name, &pkalg);
        if (ret == 0) {
            ret = tacit_pk_verify(&key.pk, &pkalg, msg, mlen, sig, siglen, 0);
        }
    }
    if (ret == 0) {
        printf("Verified OK\n");
        rc = CLI_OK;
    } else if (is_bad_signature(ret)) {
        /* pk (PSS) folds a malformed signature into VERIFY_FAILED: explain_malformed tells */
        if (ret != TACIT_ERR_VERIFY_FAILED || alg.scheme == CLI_ALG_PSS) {
            explain_malformed(&key, &alg, raw, sig, siglen);
        }
        printf("Verification failure\n");
        rc = CLI_VERIFY_FAILED;
    } else {
        cli_err("verify", "cannot verify with the %s key: %s", cli_key_describe(&key),
                cli_strerror(ret));
        rc = CLI_ERROR;
    }
    fflush(stdout);

exit:
    cli_free(msg, mlen);
    cli_free(sig, siglen);
    cli_key_free(&key);
    return rc;
}

#else
typedef int tacit_cli_cmd_verify_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
