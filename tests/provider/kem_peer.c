/*
 * The KEM side of tests/provider/kem_interop.py: ML-KEM and X25519MLKEM768
 * through tacit's provider (a library context with only tacit and base),
 * driven over stdin/stdout in hex.
 *   kem_peer MODULE_DIR ALG encaps   stdin: public key  -> stdout: ciphertext, secret
 *   kem_peer MODULE_DIR ALG keygen   stdout: public key; stdin: ciphertext -> stdout: secret
 * Exit status: 0 done, 1 bad input or provider, 2 an EVP call failed.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

static char line[8192];
static unsigned char buf[4096], ct[2048], ss[64];

static void put_hex(const unsigned char *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        printf("%02x", b[i]);
    }
    printf("\n");
    fflush(stdout);
}

/* One hex line from stdin into b (at most cap bytes); returns the byte count, 0 on error. */
static size_t get_hex(unsigned char *b, size_t cap)
{
    size_t i, n;

    if (fgets(line, sizeof(line), stdin) == NULL) {
        return 0;
    }
    line[strcspn(line, "\r\n")] = '\0';
    n = strlen(line) / 2;
    if (n > cap) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        unsigned int v;
        if (sscanf(line + 2 * i, "%2x", &v) != 1) {
            return 0;
        }
        b[i] = (unsigned char)v;
    }
    return n;
}

int main(int argc, char **argv)
{
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = NULL;
    size_t n, ctlen = sizeof(ct), sslen = sizeof(ss);
    OSSL_PARAM p[2];
    int ok;

    if (argc != 4 || lib == NULL || !OSSL_PROVIDER_set_default_search_path(lib, argv[1]) ||
        OSSL_PROVIDER_load(lib, "tacit") == NULL || OSSL_PROVIDER_load(lib, "base") == NULL) {
        fprintf(stderr, "usage: kem_peer MODULE_DIR ALG encaps|keygen (tacit.so loadable)\n");
        return 1;
    }
    if (strcmp(argv[3], "encaps") == 0) {
        if ((n = get_hex(buf, sizeof(buf))) == 0) {
            return 1;
        }
        p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, buf, n);
        p[1] = OSSL_PARAM_construct_end();
        c = EVP_PKEY_CTX_new_from_name(lib, argv[2], NULL);
        ok = c != NULL && EVP_PKEY_fromdata_init(c) > 0 &&
             EVP_PKEY_fromdata(c, &k, EVP_PKEY_PUBLIC_KEY, p) > 0;
        EVP_PKEY_CTX_free(c);
        c = ok ? EVP_PKEY_CTX_new_from_pkey(lib, k, NULL) : NULL;
        ok = c != NULL && EVP_PKEY_encapsulate_init(c, NULL) > 0 &&
             EVP_PKEY_encapsulate(c, ct, &ctlen, ss, &sslen) > 0;
        if (ok) {
            put_hex(ct, ctlen);
            put_hex(ss, sslen);
        }
    } else {
        c = EVP_PKEY_CTX_new_from_name(lib, argv[2], NULL);
        ok = c != NULL && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_keygen(c, &k) > 0 &&
             EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_PUB_KEY, buf, sizeof(buf), &n);
        EVP_PKEY_CTX_free(c);
        c = NULL;
        if (ok) {
            put_hex(buf, n);
            n = get_hex(ct, sizeof(ct));
            c = EVP_PKEY_CTX_new_from_pkey(lib, k, NULL);
            ok = n > 0 && c != NULL && EVP_PKEY_decapsulate_init(c, NULL) > 0 &&
                 EVP_PKEY_decapsulate(c, ss, &sslen, ct, n) > 0;
            if (ok) {
                put_hex(ss, sslen);
            }
        }
    }
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(k);
    OSSL_LIB_CTX_free(lib);
    return ok ? 0 : 2;
}
