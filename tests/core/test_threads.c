/*
 * Threads: four threads share one RSA-2048 key, one P-256 key, the default
 * RNG and two certificate stores, and each runs every operation (including
 * a certificate path validation) for a fixed number of rounds, checking
 * every result.  Label `threads`: scripts/test.sh runs it in a
 * ThreadSanitizer build (build-tsan/), where any data race fails it; in the
 * other builds it is an ordinary functional test of the shared use that the
 * headers document.
 */
#include <pthread.h>

#include "harness.h"
#include "tacit/base64.h"
#include "tacit/ecdh.h"
#include "tacit/ecdsa.h"
#include "tacit/pem.h"
#include "tacit/hmac_drbg.h"
#include "tacit/rsa.h"
#include "tacit/sha256.h"
#include "tacit/x509.h"

#define THREADS 4
#define ROUNDS 3

static tacit_rsa_context rsa;
static tacit_ecp_keypair ec, ec_peer;
static unsigned char peer_point[65];
static unsigned char shared_expected[32];

/* A chain of tests/data/x509: leaf "good" <- "int-ec" <- "root-rsa". */
static tacit_x509_store anchors, untrusted;
static tacit_x509_crt leaf;
static unsigned char *leaf_der;
static int have_chain;

static unsigned char *read_file(const char *name, size_t *len)
{
    char path[4096];
    FILE *fp;
    unsigned char *buf = NULL;
    long n;

    snprintf(path, sizeof(path), "%s/x509/%s", TACIT_TEST_DATA_DIR, name);
    fp = fopen(path, "rb");
    if (fp == NULL) {
        return NULL;
    }
    if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) > 0 && fseek(fp, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n)) != NULL && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf != NULL) {
        *len = (size_t)n;
    }
    fclose(fp);
    return buf;
}

static int load_chain(void)
{
    size_t len = 0, added = 0, failed = 0;
    unsigned char *pem;
    tacit_pem_block b;
    int ok = 1;

    tacit_x509_store_init(&anchors);
    tacit_x509_store_init(&untrusted);
    if ((pem = read_file("root-rsa.crt", &len)) == NULL)
        return 0;
    ok &= tacit_x509_store_add_pem(&anchors, pem, len, &added, &failed) == 0 && added == 1;
    free(pem);
    if ((pem = read_file("int-ec.crt", &len)) == NULL)
        return 0;
    ok &= tacit_x509_store_add_pem(&untrusted, pem, len, &added, &failed) == 0 && added == 1;
    free(pem);
    if ((pem = read_file("good.crt", &len)) == NULL)
        return 0;
    memset(&b, 0, sizeof(b));
    if (ok && tacit_pem_read("CERTIFICATE", pem, len, &b, NULL) == 0) {
        leaf_der = malloc(b.der_len);
        if (leaf_der != NULL) {
            memcpy(leaf_der, b.der, b.der_len);
            ok &= tacit_x509_parse_crt(&leaf, leaf_der, b.der_len) == 0;
        } else {
            ok = 0;
        }
        tacit_pem_block_free(&b);
    } else {
        ok = 0;
    }
    free(pem);
    return ok;
}

static int verify_chain(void)
{
    tacit_x509_verify_params vp;
    tacit_x509_reason why;

    tacit_x509_verify_params_init(&vp);
    vp.time = 1800000000; /* 2027-01-15: inside every tests/data/x509 certificate */
    vp.host = "good.example.com";
    return tacit_x509_verify(&leaf, &untrusted, &anchors, &vp, &why);
}

typedef struct {
    int id;
    int failures;
    const char *what;
} worker_arg;

#define WCHECK(cond, name)                                                                         \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            a->failures++;                                                                         \
            a->what = (name);                                                                      \
        }                                                                                          \
    } while (0)

static void *worker(void *p)
{
    size_t olen;
    worker_arg *a = (worker_arg *)p;
    int r;

    for (r = 0; r < ROUNDS; r++) {
        unsigned char hash[32], sig[256], ct[256], pt[256], der[TACIT_ECDSA_MAX_DER_LEN];
        unsigned char msg[48], b64[64], back[48], rnd[32], ss[32];
        size_t len, dlen;

        memset(msg, a->id * 16 + r, sizeof(msg));
        WCHECK(tacit_sha256(msg, sizeof(msg), hash) == 0, "sha256");

        /* RSA: PKCS#1 v1.5 and PSS signatures, OAEP. */
        WCHECK(tacit_rsa_pkcs1_sign(&rsa, TACIT_MD_SHA256, hash, 32, sig, sizeof(sig), &olen, NULL,
                                    NULL) == 0,
               "rsa pkcs1 sign");
        WCHECK(tacit_rsa_pkcs1_verify(&rsa, TACIT_MD_SHA256, hash, 32, sig, 256) == 0,
               "rsa pkcs1 verify");
        WCHECK(tacit_rsa_pss_sign(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_HASH,
                                  hash, 32, sig, sizeof(sig), &olen, NULL, NULL) == 0,
               "rsa pss sign");
        WCHECK(tacit_rsa_pss_verify(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, TACIT_RSA_SALT_LEN_HASH,
                                    hash, 32, sig, 256) == 0,
               "rsa pss verify");
        WCHECK(tacit_rsa_oaep_encrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, msg,
                                      sizeof(msg), ct, sizeof(ct), &olen, NULL, NULL) == 0,
               "rsa oaep encrypt");
        WCHECK(tacit_rsa_oaep_decrypt(&rsa, TACIT_MD_SHA256, TACIT_MD_SHA256, NULL, 0, ct, 256, pt,
                                      sizeof(pt), &len, NULL, NULL) == 0 &&
                   len == sizeof(msg) && memcmp(pt, msg, len) == 0,
               "rsa oaep decrypt");

        /* ECDSA, deterministic and hedged, and ECDH. */
        WCHECK(tacit_ecdsa_sign_det_der(&ec, TACIT_MD_SHA256, hash, 32, der, sizeof(der), &dlen,
                                        NULL, NULL) == 0,
               "ecdsa sign");
        WCHECK(tacit_ecdsa_verify_der(&ec, hash, 32, der, dlen) == 0, "ecdsa verify");
        WCHECK(tacit_ecdsa_sign_der(&ec, TACIT_MD_SHA256, hash, 32, der, sizeof(der), &dlen,
                                    tacit_rng_default, NULL) == 0,
               "ecdsa sign hedged");
        WCHECK(tacit_ecdsa_verify_der(&ec, hash, 32, der, dlen) == 0, "ecdsa verify hedged");
        WCHECK(tacit_ecdh_compute_shared(&ec, peer_point, sizeof(peer_point), ss, sizeof(ss), &len,
                                         NULL, NULL) == 0 &&
                   len == 32 && memcmp(ss, shared_expected, 32) == 0,
               "ecdh");

        /* base64 and the default RNG. */
        WCHECK(tacit_base64_encode(msg, sizeof(msg), b64, sizeof(b64), &len) == 0, "b64 enc");
        WCHECK(tacit_base64_decode(b64, len, back, sizeof(back), &dlen) == 0 &&
                   dlen == sizeof(msg) && memcmp(back, msg, dlen) == 0,
               "b64 dec");
        WCHECK(tacit_rng_default(NULL, rnd, sizeof(rnd)) == 0, "rng");

        /* Certificate path validation over shared stores. */
        if (have_chain) {
            WCHECK(verify_chain() == 0, "x509 verify");
        }
    }
    return NULL;
}

static void test_shared_keys(void)
{
    pthread_t th[THREADS];
    worker_arg args[THREADS];
    size_t len;
    int i;

    tacit_rsa_init(&rsa);
    tacit_ecp_keypair_init(&ec);
    tacit_ecp_keypair_init(&ec_peer);
    TEST_EQUAL(tacit_rsa_gen_key(&rsa, 2048, 65537, tacit_rng_default, NULL), 0);
    TEST_EQUAL(tacit_ecp_gen_key(&ec, TACIT_ECP_SECP256R1, tacit_rng_default, NULL), 0);
    TEST_EQUAL(tacit_ecp_gen_key(&ec_peer, TACIT_ECP_SECP256R1, tacit_rng_default, NULL), 0);
    TEST_EQUAL(tacit_ecp_write_public_point(&ec_peer, 0, peer_point, sizeof(peer_point), &len), 0);
    TEST_EQUAL(tacit_ecdh_compute_shared(&ec, peer_point, sizeof(peer_point), shared_expected,
                                         sizeof(shared_expected), &len, NULL, NULL),
               0);
    have_chain = load_chain();
    TEST_ASSERT(have_chain);
    TEST_EQUAL(verify_chain(), 0);

    for (i = 0; i < THREADS; i++) {
        args[i].id = i;
        args[i].failures = 0;
        args[i].what = NULL;
        TEST_EQUAL(pthread_create(&th[i], NULL, worker, &args[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        TEST_EQUAL(pthread_join(th[i], NULL), 0);
    }
    for (i = 0; i < THREADS; i++) {
        if (args[i].failures) {
            printf("\n    thread %d: %d failures, last: %s", i, args[i].failures, args[i].what);
        }
        TEST_EQUAL(args[i].failures, 0);
    }
exit:
    tacit_rsa_free(&rsa);
    tacit_ecp_keypair_free(&ec);
    tacit_ecp_keypair_free(&ec_peer);
    tacit_x509_store_free(&anchors);
    tacit_x509_store_free(&untrusted);
    free(leaf_der);
}

/* Threads drawing from the default RNG at once never see the same bytes. */
static unsigned char rng_out[THREADS][64];

static void *rng_worker(void *p)
{
    int id = *(int *)p, r;
    for (r = 0; r < 100; r++) {
        if (tacit_rng_default(NULL, rng_out[id], sizeof(rng_out[id])) != 0) {
            memset(rng_out[id], 0, sizeof(rng_out[id]));
            break;
        }
    }
    return NULL;
}

static void test_rng_threads_distinct(void)
{
    pthread_t th[THREADS];
    int ids[THREADS], i, j;

    for (i = 0; i < THREADS; i++) {
        ids[i] = i;
        TEST_EQUAL(pthread_create(&th[i], NULL, rng_worker, &ids[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        TEST_EQUAL(pthread_join(th[i], NULL), 0);
    }
    for (i = 0; i < THREADS; i++) {
        for (j = i + 1; j < THREADS; j++) {
            TEST_ASSERT(memcmp(rng_out[i], rng_out[j], sizeof(rng_out[i])) != 0);
        }
    }
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_shared_keys);
    RUN_TEST(test_rng_threads_distinct);
    return TEST_MAIN_END();
}
