/* tacit ecdh: the raw ECDH shared secret (the x-coordinate) of KEY and PEERPUB. */
#include "cli.h"
#include "cli_key.h"

#include "tacit/platform.h"

#if defined(CLI_RSA) || defined(CLI_EC)

static const char usage[] =
    "usage: tacit ecdh -k KEY -p PEERPUB [-o OUT]\n"
    "  Write the ECDH shared secret: the x-coordinate of d*Q_peer, big-endian,\n"
    "  32/48/66 bytes (like `openssl pkeyutl -derive`)"
#if defined(TACIT_X25519_C)
    ";\n  with two X25519 keys, the 32-byte X25519 secret (RFC 7748; all zero is refused)"
#endif
    ".\n"
    "  -k, --key KEY       our private key, PEM or DER (SEC1, PKCS#8)\n"
    "  -p, --peer PEERPUB  the peer's public key (SPKI) or any key holding it, PEM or DER\n"
    "  -o, --out OUT       output file, created with mode 0600 (default: stdout)\n";

int cmd_ecdh(int argc, char **argv)
{
    cli_parser p;
    const char *keyfile = NULL, *peerfile = NULL, *out = NULL;
    int rc, ret = TACIT_ERR_NOT_SUPPORTED;
    cli_key key, peer;
    unsigned char secret[66];
    size_t slen = 0;

    cli_parser_init(&p, "ecdh", usage, argc, argv);
    while (cli_next(&p)) {
        if (cli_value(&p, "-k", "--key", &keyfile) || cli_value(&p, "-p", "--peer", &peerfile) ||
            cli_value(&p, "-o", "--out", &out)) {
        } else {
            cli_unknown(&p);
        }
    }
    if (p.status >= 0) {
        return p.status;
    }
    if (keyfile == NULL || peerfile == NULL) {
        return cli_usage_error(&p, "both -k KEY and -p PEERPUB are required");
    }
    if (cli_is_stdin(keyfile) && cli_is_stdin(peerfile)) {
        return cli_usage_error(&p, "the key and the peer key cannot both come from stdin");
    }
    cli_key_init(&key);
    cli_key_init(&peer);
    rc = cli_key_load("ecdh", keyfile, 1, &key);
    if (rc == CLI_OK) {
        rc = cli_key_load("ecdh", peerfile, 0, &peer);
    }
#if defined(TACIT_X25519_C)
    if (rc == CLI_OK && (key.kind == CLI_KEY_X25519 || peer.kind == CLI_KEY_X25519)) {
        if (key.kind != CLI_KEY_X25519 || peer.kind != CLI_KEY_X25519) {
            cli_err("ecdh", "X25519 needs two X25519 keys; %s is %s",
                    key.kind != CLI_KEY_X25519 ? "-k" : "-p",
                    cli_key_describe(key.kind != CLI_KEY_X25519 ? &key : &peer));
            rc = CLI_ERROR;
            goto exit;
        }
        ret = tacit_x25519_compute_shared(tacit_pk_x25519(&key.pk), tacit_pk_x25519(&peer.pk)->pub,
                                          TACIT_X25519_KEY_SIZE, secret, sizeof(secret), &slen);
        goto done;
    }
#endif
    if (rc == CLI_OK && (key.kind != CLI_KEY_EC || peer.kind != CLI_KEY_EC)) {
        cli_err("ecdh", "ECDH needs EC keys; %s is %s", key.kind != CLI_KEY_EC ? "-k" : "-p",
                cli_key_describe(key.kind != CLI_KEY_EC ? &key : &peer));
        rc = CLI_ERROR;
    }
    if (rc != CLI_OK) {
        goto exit;
    }
#if defined(CLI_EC)
    if (key.ec->grp != peer.ec->grp) {
        cli_err("ecdh", "the keys are on different curves (%s and %s)",
                tacit_ecp_curve_name(key.ec->grp), tacit_ecp_curve_name(peer.ec->grp));
        rc = CLI_ERROR;
        goto exit;
    }
    ret = tacit_ecdh_compute_shared_key(key.ec, peer.ec, secret, sizeof(secret), &slen, NULL, NULL);
#endif
#if defined(TACIT_X25519_C)
done:
#endif
    if (ret != 0) {
        cli_err("ecdh", "ECDH failed: %s", cli_strerror(ret));
        rc = CLI_ERROR;
        goto exit;
    }
    rc = cli_write("ecdh", out, secret, slen, 1);

exit:
    tacit_platform_zeroize(secret, sizeof(secret));
    cli_key_free(&key);
    cli_key_free(&peer);
    return rc;
}

#else
typedef int tacit_cli_cmd_ecdh_unused; /* TACIT_CLI_UNUSED: no RSA, no EC */
#endif
