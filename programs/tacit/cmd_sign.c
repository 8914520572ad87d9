/* tacit sign: PKCS#1 v1.5, PSS, ECDSA, Ed25519 or ML-DSA signature of a message. */
#include "cli.h"
#include "cli_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(CLI_RSA) || defined(CLI_EC)

static const char usage[] =
    "usage: tacit sign -k KEY -a ALG [--saltlen N|max] [--raw] [-i IN] [-o SIG]\n"
    "  Sign the message IN (hashed with ALG's hash) with the private KEY.\n"
    "  -k, --key KEY     private key, PEM or DER (PKCS#1, SEC1, PKCS#8)\n"
    "  -a, --alg ALG     pkcs1-sha256|pkcs1-sha384|pkcs1-sha512   (RSA PKCS#1 v1.5)\n"
    "                    pss-sha256|pss-sha384|pss-sha512         (RSA-PSS, MGF1 same hash)\n"
    "                    ecdsa-sha256|ecdsa-sha384|ecdsa-sha512   (ECDSA, RFC 6979 nonces hedged "
    "with random bytes)\n"
#if defined(TACIT_ED25519_C)
    "                    ed25519                                  (Ed25519, RFC 8032: the whole "
    "message)\n"
#endif
#if defined(TACIT_MLDSA_C)
    "                    ml-dsa-44|ml-dsa-65|ml-dsa-87            (ML-DSA, FIPS 204: the whole "
    "message,\n"
    "                                                             empty context, hedged)\n"
#endif
    "  --saltlen N|max   PSS salt length in bytes (default: the hash length)\n"
    "  --raw             ECDSA: write r||s instead of DER\n"
    "  -i, --in IN       message (default: stdin)\n"
    "  -o, --out SIG     signature file (default: stdout)\n";

int cmd_sign(int argc, char **argv)
{
    cli_parser p;
    const char *keyfile = NULL, *algname = NULL, *in = NULL, *out = NULL, *salt = NULL;
    int raw = 0, saltlen = CLI_SALT_DEFAULT, rc, ret = TACIT_ERR_NOT_SUPPORTED;
    cli_alg alg;
    cli_key key;
    unsigned char *msg = NULL, *sig = NULL;
    unsigned char hash[TACIT_MD_MAX_SIZE];
    size_t mlen = 0, siglen = 0, sigsize = 0, hlen;

    cli_parser_init(&p, "sign", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_flag(&p, NULL, "--raw")) {
            raw = 1;
        } else if (cli_value(&p, "-k", "--key", &keyfile) ||
                   cli_value(&p, "-a", "--alg", &algname) ||
                   cli_value(&p, NULL, "--saltlen", &salt) || cli_value(&p, "-i", "--in", &in) ||
                   cli_value(&p, "-o", "--out", &out)) {
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
    if (algname == NULL || cli_alg_sig(algname, &alg) != 0) {
        return cli_usage_error(
            &p,
            "-a needs one of pkcs1-|pss-|ecdsa- sha256|sha384|sha512, ed25519 or "
            "ml-dsa-44|65|87%s%s",
            algname != NULL ? ", got " : "", algname != NULL ? algname : "");
    }
    if (salt != NULL && (alg.scheme != CLI_ALG_PSS || cli_saltlen(salt, &saltlen) != 0 ||
                         saltlen == CLI_SALT_AUTO)) {
        return cli_usage_error(&p, "--saltlen takes a byte count or 'max', with pss-* only");
    }
    if (raw && alg.scheme != CLI_ALG_ECDSA) {
        return cli_usage_error(&p, "--raw is for ecdsa-* only");
    }
    if (cli_is_stdin(keyfile) && cli_is_stdin(in)) {
        return cli_usage_error(&p, "the key and the message cannot both come from stdin");
    }

    cli_key_init(&key);
    rc = cli_key_load("sign", keyfile, 1, &key);
    if (rc == CLI_OK) {
        rc = cli_key_check_alg("sign", &key, &alg, algname);
    }
    if (rc == CLI_OK) {
        rc = cli_read("sign", in, &msg, &mlen);
    }
    if (rc != CLI_OK) {
        goto exit;
    }
    rc = cli_alg_digest("sign", &alg, msg, mlen, hash, &hlen);
    if (rc != CLI_OK) {
        goto exit;
    }
    sigsize = TACIT_PK_MAX_SIG_LEN + 16; /* an 8192-bit RSA signature, ML-DSA-87, any ECDSA */
    sig = (unsigned char *)malloc(sigsize);
    if (sig == NULL) {
        cli_err("sign", "out of memory");
        rc = CLI_ERROR;
        goto exit;
    }
    ret = TACIT_ERR_NOT_SUPPORTED;
#if defined(CLI_RSA)
    if (alg.scheme == CLI_ALG_PKCS1_SIG) {
        ret = tacit_rsa_pkcs1_sign(key.rsa, alg.md, hash, hlen, sig, sigsize, &siglen, NULL, NULL);
    } else if (alg.scheme == CLI_ALG_PSS) {
        /* through pk, which applies an id-RSASSA-PSS key's parameters */
        tacit_pk_sig_alg pss;
        if (cli_pss_alg("sign", &key, alg.md, saltlen, &pss) != CLI_OK) {
            rc = CLI_ERROR;
            goto exit;
        }
        ret = tacit_pk_sign_hash(&key.pk, &pss, hash, hlen, sig, sigsize, &siglen, NULL, NULL);
    }
#endif
#if defined(CLI_EC)
    if (alg.scheme == CLI_ALG_ECDSA) {
        ret = raw ? tacit_ecdsa_sign_raw(key.ec, alg.md, hash, hlen, sig, sigsize, &siglen, NULL,
                                         NULL)
                  : tacit_ecdsa_sign_der(key.ec, alg.md, hash, hlen, sig, sigsize, &siglen, NULL,
                                         NULL);
    }
#endif
#if defined(TACIT_ED25519_C)
    if (alg.scheme == CLI_ALG_ED25519) {
        ret = tacit_ed25519_sign(tacit_pk_ed25519(&key.pk), msg, mlen, sig, sigsize, &siglen);
    }
#endif
    if (alg.scheme == CLI_ALG_MLDSA) {
        tacit_pk_sig_alg pkalg;
        char name[16];
        snprintf(name, sizeof(name), "mldsa%u", alg.mldsa);
        ret = tacit_pk_sig_alg_from_name(name, &pkalg);
        if (ret == 0) {
            ret = tacit_pk_sign(&key.pk, &pkalg, msg, mlen, sig, sigsize, &siglen, NULL, NULL);
        }
    }
    if (ret != 0) {
        cli_err("sign", "signing with the %s key failed: %s", cli_key_describe(&key),
                cli_strerror(ret));
        rc = CLI_ERROR;
        goto exit;
    }
    rc = cli_write("sign", out, sig, siglen, 0);

exit:
    tacit_platform_zeroize(hash, sizeof(hash));
    cli_free(msg, mlen);
    cli_free(sig, sigsize);
    cli_key_free(&key);
    return rc;
}

#else
typedef int tacit_cli_cmd_sign_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
