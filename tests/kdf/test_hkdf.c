#define _POSIX_C_SOURCE 200809L
/*
 * HKDF and the TLS 1.3 key schedule: RFC 5869 cases typed in, Wycheproof
 * HKDF-SHA-1/SHA-512 (../shared), every key-schedule value of RFC 8448's
 * simple 1-RTT trace (tests/data/rfc8448_1rtt.txt: each extract, each
 * Derive-Secret / HKDF-Expand-Label with its info bytes, each traffic key
 * and IV, both Finished values, the resumption PSK) both one by one and
 * through the tacit_tls13_ks_* helper; the resumed 0-RTT trace
 * (tests/data/rfc8448_resumed.txt: early secret, binder key and PSK
 * binder, client early traffic secret and its key/IV, early exporter, then
 * the x25519 handshake: every derived, handshake, master, traffic, exporter
 * and resumption secret, every key/IV, both Finished values) and the
 * HelloRetryRequest trace (tests/data/rfc8448_hrr.txt: P-256 ECDH, the
 * message_hash transcript, every secret, key/IV and Finished value); in
 * both the trace's records (0-RTT data, the server flight, EndOfEarlyData,
 * the client Finished, close_notify) are re-encrypted with the derived
 * keys and compared byte for byte; differential against OpenSSL
 * (SHA-2 and SHA-3 HKDF), limits and bad input; the suite table with the
 * CCM suites 0x1304/0x1305 (CCM_8's 8-byte tag; a record against OpenSSL).
 */
#include "harness.h"

#include "tacit/hkdf.h"
#include "tacit/tls13.h"
#include "tacit/aead.h"
#include "tacit/ecdh.h"
#include "tacit/x25519.h"

#if defined(TACIT_HAVE_OPENSSL)
#include <openssl/evp.h>
#include <openssl/kdf.h>
#endif

static int check_hkdf(tacit_md_type md, const char *ikm_hex, const char *salt_hex,
                      const char *info_hex, const char *prk_hex, const char *okm_hex)
{
    unsigned char *ikm = NULL, *salt = NULL, *info = NULL, *prk = NULL, *okm = NULL;
    unsigned char out[512], p[64];
    size_t ikm_len = 0, salt_len = 0, info_len = 0, prk_len = 0, okm_len = 0;
    int ok = 0;

    ikm = test_unhex(ikm_hex, &ikm_len);
    salt = test_unhex(salt_hex, &salt_len);
    info = test_unhex(info_hex, &info_len);
    okm = test_unhex(okm_hex, &okm_len);
    TEST_ASSERT(ikm != NULL && salt != NULL && info != NULL && okm != NULL);
    TEST_ASSERT(okm_len <= sizeof(out));
    if (prk_hex != NULL) {
        prk = test_unhex(prk_hex, &prk_len);
        TEST_ASSERT(prk != NULL);
        TEST_EQUAL(tacit_hkdf_extract(md, salt_len ? salt : NULL, salt_len, ikm, ikm_len, p), 0);
        TEST_MEM_EQ(p, tacit_md_size(md), prk, prk_len);
        TEST_EQUAL(tacit_hkdf_expand(md, prk, prk_len, info, info_len, out, okm_len), 0);
        TEST_MEM_EQ(out, okm_len, okm, okm_len);
    }
    memset(out, 0, sizeof(out));
    TEST_EQUAL(tacit_hkdf(md, salt_len ? salt : NULL, salt_len, ikm, ikm_len, info, info_len, out,
                          okm_len),
               0);
    TEST_MEM_EQ(out, okm_len, okm, okm_len);
    ok = 1;
exit:
    free(ikm);
    free(salt);
    free(info);
    free(prk);
    free(okm);
    return ok;
}

/* RFC 5869 appendix A.1, A.2, A.3 (SHA-256) and A.4 (SHA-1). */
static void test_rfc5869(void)
{
    TEST_ASSERT(check_hkdf(TACIT_MD_SHA256, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
                           "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9",
                           "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
                           "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                           "34007208d5b887185865"));
    TEST_ASSERT(check_hkdf(TACIT_MD_SHA256,
                           "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                           "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
                           "404142434445464748494a4b4c4d4e4f",
                           "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
                           "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
                           "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
                           "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
                           "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef"
                           "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
                           "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
                           "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                           "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                           "cc30c58179ec3e87c14c01d5c1f3434f1d87"));
    TEST_ASSERT(check_hkdf(TACIT_MD_SHA256, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "-",
                           "-", "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
                           "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
                           "9d201395faa4b61a96c8"));
    TEST_ASSERT(check_hkdf(TACIT_MD_SHA1, "0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c",
                           "f0f1f2f3f4f5f6f7f8f9", "9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243",
                           "085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2"
                           "c22e422478d305f3f896"));
exit:;
}

/* Wycheproof: test tcId result ikm salt info size okm flags */
static int run_wycheproof(const char *rel, tacit_md_type md, int *nvalid, int *ninvalid)
{
    unsigned char *text, *ikm = NULL, *salt = NULL, *info = NULL, *okm = NULL, *out = NULL;
    size_t tlen, ikm_len = 0, salt_len = 0, info_len = 0, okm_len = 0, size;
    char *line, *save = NULL, *tok[10], *s2;
    int ok = 0, nt, ret;

    *nvalid = *ninvalid = 0;
    text = test_read_shared(rel, &tlen);
    if (text == NULL) {
        return -1;
    }
    for (line = strtok_r((char *)text, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "test ", 5) != 0) {
            continue;
        }
        s2 = NULL;
        for (nt = 0; nt < 10; nt++) {
            tok[nt] = strtok_r(nt == 0 ? line : NULL, " ", &s2);
            if (tok[nt] == NULL) {
                break;
            }
        }
        TEST_ASSERT(nt >= 8);
        ikm = test_unhex(tok[3], &ikm_len);
        salt = test_unhex(tok[4], &salt_len);
        info = test_unhex(tok[5], &info_len);
        size = (size_t)atol(tok[6]);
        okm = test_unhex(tok[7], &okm_len);
        out = malloc(size + 1);
        TEST_ASSERT(ikm != NULL && salt != NULL && info != NULL && okm != NULL && out != NULL);
        ret = tacit_hkdf(md, salt, salt_len, ikm, ikm_len, info, info_len, out, size);
        if (strcmp(tok[2], "valid") == 0) {
            TEST_EQUAL(ret, 0);
            TEST_MEM_EQ(out, size, okm, okm_len);
            (*nvalid)++;
        } else {
            TEST_EQUAL(ret, TACIT_ERR_BAD_INPUT); /* SizeTooLarge */
            (*ninvalid)++;
        }
        free(ikm);
        free(salt);
        free(info);
        free(okm);
        free(out);
        ikm = salt = info = okm = out = NULL;
    }
    ok = 1;
exit:
    free(text);
    free(ikm);
    free(salt);
    free(info);
    free(okm);
    free(out);
    return ok ? 0 : 1;
}

static void test_wycheproof(void)
{
    int v1, i1, v2, i2;

    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/vectors absent");
    }
    TEST_EQUAL(run_wycheproof("vectors/wycheproof/hkdf_sha1_test.txt", TACIT_MD_SHA1, &v1, &i1), 0);
    TEST_EQUAL(run_wycheproof("vectors/wycheproof/hkdf_sha512_test.txt", TACIT_MD_SHA512, &v2, &i2),
               0);
    TEST_EQUAL(v1 + i1, 87);
    TEST_EQUAL(v2 + i2, 83);
    printf(" (%d valid, %d invalid)", v1 + v2, i1 + i2);
exit:;
}

/* ---- RFC 8448 ---- */

#define MAX_ITEMS 128
typedef struct {
    char name[96];
    unsigned char *val;
    size_t len;
} item;

static item items[MAX_ITEMS];
static size_t n_items;

static void free_items(void)
{
    size_t i;

    for (i = 0; i < n_items; i++) {
        free(items[i].val);
    }
    n_items = 0;
}

static int load_items(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[4096];

    if (f == NULL) {
        return 0;
    }
    n_items = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        char *sp = strchr(line, ' '), *nl;
        if (line[0] == '#' || sp == NULL || n_items == MAX_ITEMS) {
            continue;
        }
        *sp = '\0';
        nl = strchr(sp + 1, '\n');
        if (nl != NULL) {
            *nl = '\0';
        }
        if (strlen(line) >= sizeof(items[n_items].name)) {
            continue;
        }
        memcpy(items[n_items].name, line, strlen(line) + 1);
        items[n_items].val = test_unhex(sp + 1, &items[n_items].len);
        if (items[n_items].val == NULL) {
            fclose(f);
            return 0;
        }
        n_items++;
    }
    fclose(f);
    return 1;
}

/* The value of step.item (step: "party.title.n"), or NULL. */
static const item *get(const char *step, const char *what)
{
    char name[128];
    size_t i;

    if (step == NULL) {
        snprintf(name, sizeof(name), "%s", what);
    } else if (what == NULL) {
        snprintf(name, sizeof(name), "%s", step);
    } else {
        snprintf(name, sizeof(name), "%s.%s", step, what);
    }
    for (i = 0; i < n_items; i++) {
        if (strcmp(items[i].name, name) == 0) {
            return &items[i];
        }
    }
    return NULL;
}

/* Every extract, expand and key/iv step of the file, checked on its own. */
static void test_rfc8448_steps(void)
{
    char path[512], step[96];
    size_t i, n_extract = 0, n_expand = 0, n_keys = 0;
    unsigned char out[64], info[600];

    snprintf(path, sizeof(path), "%s/rfc8448_1rtt.txt", TACIT_TEST_DATA_DIR);
    TEST_ASSERT(load_items(path));
    for (i = 0; i < n_items; i++) {
        const char *dot = strrchr(items[i].name, '.');
        const item *a, *b, *c, *d;
        size_t sl = (size_t)(dot - items[i].name);

        memcpy(step, items[i].name, sl);
        step[sl] = '\0';
        if (strcmp(dot, ".secret") == 0) { /* extract: salt, ikm -> secret */
            a = get(step, "salt");
            b = get(step, "ikm");
            TEST_ASSERT(a != NULL && b != NULL);
            TEST_EQUAL(tacit_hkdf_extract(TACIT_MD_SHA256, a->val, a->len, b->val, b->len, out), 0);
            TEST_MEM_EQ(out, 32, items[i].val, items[i].len);
            n_extract++;
        } else if (strcmp(dot, ".expanded") == 0) { /* prk, hash, info -> expanded */
            size_t ll;
            a = get(step, "prk");
            b = get(step, "hash");
            c = get(step, "info");
            TEST_ASSERT(a != NULL && b != NULL && c != NULL && c->len >= 4);
            /* info = length(2) | label length | "tls13 " label | context length | context */
            ll = c->val[2];
            TEST_ASSERT(ll >= 6 && 3 + ll < c->len && memcmp(c->val + 3, "tls13 ", 6) == 0);
            TEST_EQUAL(c->val[3 + ll], b->len);
            TEST_MEM_EQ(c->val + 4 + ll, c->len - 4 - ll, b->val, b->len);
            TEST_EQUAL(((size_t)c->val[0] << 8) | c->val[1], items[i].len);
            TEST_EQUAL(tacit_tls13_hkdf_expand_label(TACIT_MD_SHA256, a->val, a->len, c->val + 9,
                                                     ll - 6, b->val, b->len, out, items[i].len),
                       0);
            TEST_MEM_EQ(out, items[i].len, items[i].val, items[i].len);
            /* and HKDF-Expand on the printed info */
            TEST_ASSERT(c->len <= sizeof(info));
            memcpy(info, c->val, c->len);
            TEST_EQUAL(
                tacit_hkdf_expand(TACIT_MD_SHA256, a->val, a->len, info, c->len, out, items[i].len),
                0);
            TEST_MEM_EQ(out, items[i].len, items[i].val, items[i].len);
            n_expand++;
        } else if (strcmp(dot, ".key_expanded") == 0) { /* prk -> key, iv */
            unsigned char key[32], iv[12];
            a = get(step, "prk");
            b = get(step, "key_info");
            c = get(step, "iv_expanded");
            d = get(step, "iv_info");
            TEST_ASSERT(a != NULL && b != NULL && c != NULL && d != NULL);
            TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, a->val, a->len, key,
                                                sizeof(key), iv),
                       0);
            TEST_MEM_EQ(key, 16, items[i].val, items[i].len);
            TEST_MEM_EQ(iv, 12, c->val, c->len);
            TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_SHA256, a->val, a->len, b->val, b->len, key, 16),
                       0);
            TEST_MEM_EQ(key, 16, items[i].val, items[i].len);
            TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_SHA256, a->val, a->len, d->val, d->len, iv, 12),
                       0);
            TEST_MEM_EQ(iv, 12, c->val, c->len);
            n_keys++;
        }
    }
    printf(" (%zu extracts, %zu expands, %zu key/iv pairs)", n_extract, n_expand, n_keys);
    TEST_EQUAL(n_extract, 3);
    TEST_EQUAL(n_expand, 12);
    TEST_EQUAL(n_keys, 4);
exit:
    free_items();
}

/* Transcript hash of the concatenation of the named messages. */
static int transcript(const char *const *names, size_t n, unsigned char out[32])
{
    tacit_md_context c;
    size_t i;
    int ok = 0;

    TEST_EQUAL(tacit_md_init(&c, TACIT_MD_SHA256), 0);
    for (i = 0; i < n; i++) {
        const char *dot = strrchr(names[i], '.');
        char step[96];
        const item *it;
        memcpy(step, names[i], (size_t)(dot - names[i]));
        step[dot - names[i]] = '\0';
        it = get(step, dot + 1);
        TEST_ASSERT(it != NULL);
        TEST_EQUAL(tacit_md_update(&c, it->val, it->len), 0);
    }
    TEST_EQUAL(tacit_md_finish(&c, out), 0);
    ok = 1;
exit:
    tacit_md_free(&c);
    return ok;
}

#define V(step, what) get(step, what)->val

/* The whole trace through tacit_tls13_ks_*: x25519, transcripts, secrets, keys, Finished. */
static void test_rfc8448_schedule(void)
{
    static const char *const ch_sh[] = {
        "client.construct_a_clienthello_handshake_message.1.clienthello",
        "server.construct_a_serverhello_handshake_message.1.serverhello",
    };
    static const char *const ch_cv[] = {
        "client.construct_a_clienthello_handshake_message.1.clienthello",
        "server.construct_a_serverhello_handshake_message.1.serverhello",
        "server.construct_an_encryptedextensions_handshake_message.1.encryptedextensions",
        "server.construct_a_certificate_handshake_message.1.certificate",
        "server.construct_a_certificateverify_handshake_message.1.certificateverify",
        "server.construct_a_finished_handshake_message.1.finished",
        "client.construct_a_finished_handshake_message.1.finished",
    };
    char path[512];
    tacit_tls13_key_schedule ks;
    unsigned char dhe[32], th[32], s[64], c_hs[32], s_hs[32], c_ap[32], s_ap[32], key[32], iv[12];
    unsigned char fin[32], res[32];

    memset(&ks, 0, sizeof(ks));
    snprintf(path, sizeof(path), "%s/rfc8448_1rtt.txt", TACIT_TEST_DATA_DIR);
    TEST_ASSERT(load_items(path));
#if defined(TACIT_X25519_C)
    TEST_EQUAL(tacit_x25519(dhe, V("client.create_an_ephemeral_x25519_key_pair.1", "private_key"),
                            V("server.create_an_ephemeral_x25519_key_pair.1", "public_key")),
               0);
    TEST_MEM_EQ(dhe, 32, V("server.extract_secret_handshake.1", "ikm"), 32);
#endif
    memcpy(dhe, V("server.extract_secret_handshake.1", "ikm"), 32);

    TEST_EQUAL(tacit_tls13_ks_early(&ks, TACIT_MD_SHA256, NULL, 0), 0);
    TEST_MEM_EQ(ks.secret, 32, V("server.extract_secret_early.1", "secret"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_HS_TRAFFIC, th, 32, s),
               TACIT_ERR_BAD_INPUT); /* wrong stage */
    TEST_EQUAL(tacit_tls13_ks_handshake(&ks, dhe, 32), 0);
    TEST_MEM_EQ(ks.secret, 32, V("server.extract_secret_handshake.1", "secret"), 32);

    TEST_ASSERT(transcript(ch_sh, 2, th));
    TEST_MEM_EQ(th, 32, V("server.derive_secret_tls13_c_hs_traffic.1", "hash"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_HS_TRAFFIC, th, 32, c_hs), 0);
    TEST_MEM_EQ(c_hs, 32, V("server.derive_secret_tls13_c_hs_traffic.1", "expanded"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_HS_TRAFFIC, th, 32, s_hs), 0);
    TEST_MEM_EQ(s_hs, 32, V("server.derive_secret_tls13_s_hs_traffic.1", "expanded"), 32);

    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s_hs, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, V("server.derive_write_traffic_keys_for_handshake_data.1", "key_expanded"),
                16);
    TEST_MEM_EQ(iv, 12, V("server.derive_write_traffic_keys_for_handshake_data.1", "iv_expanded"),
                12);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, c_hs, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, V("server.derive_read_traffic_keys_for_handshake_data.1", "key_expanded"),
                16);
    TEST_MEM_EQ(iv, 12, V("server.derive_read_traffic_keys_for_handshake_data.1", "iv_expanded"),
                12);

    /* server Finished: finished key, then HMAC over CH..CV */
    TEST_EQUAL(tacit_tls13_finished_key(TACIT_MD_SHA256, s_hs, 32, fin), 0);
    TEST_MEM_EQ(fin, 32, V("server.calculate_finished_tls13_finished.1", "expanded"), 32);
    TEST_ASSERT(transcript(ch_cv, 5, th));
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, s_hs, 32, th, 32, fin), 0);
    TEST_MEM_EQ(fin, 32, V("server.calculate_finished_tls13_finished.1", "finished"), 32);

    TEST_EQUAL(tacit_tls13_ks_master(&ks), 0);
    TEST_MEM_EQ(ks.secret, 32, V("server.extract_secret_master.1", "secret"), 32);
    TEST_ASSERT(transcript(ch_cv, 6, th));
    TEST_MEM_EQ(th, 32, V("server.derive_secret_tls13_c_ap_traffic.1", "hash"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_AP_TRAFFIC, th, 32, c_ap), 0);
    TEST_MEM_EQ(c_ap, 32, V("server.derive_secret_tls13_c_ap_traffic.1", "expanded"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_AP_TRAFFIC, th, 32, s_ap), 0);
    TEST_MEM_EQ(s_ap, 32, V("server.derive_secret_tls13_s_ap_traffic.1", "expanded"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_EXP_MASTER, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, V("server.derive_secret_tls13_exp_master.1", "expanded"), 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s_ap, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16,
                V("server.derive_write_traffic_keys_for_application_data.1", "key_expanded"), 16);
    TEST_MEM_EQ(iv, 12, V("server.derive_write_traffic_keys_for_application_data.1", "iv_expanded"),
                12);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, c_ap, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16,
                V("client.derive_write_traffic_keys_for_application_data.1", "key_expanded"), 16);
    TEST_MEM_EQ(iv, 12, V("client.derive_write_traffic_keys_for_application_data.1", "iv_expanded"),
                12);

    /* client Finished over CH..server Finished */
    TEST_EQUAL(tacit_tls13_finished_key(TACIT_MD_SHA256, c_hs, 32, fin), 0);
    TEST_MEM_EQ(fin, 32, V("client.calculate_finished_tls13_finished.2", "expanded"), 32);
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, c_hs, 32, th, 32, fin), 0);
    TEST_MEM_EQ(fin, 32, V("client.calculate_finished_tls13_finished.2", "finished"), 32);

    /* resumption master over CH..client Finished, then the ticket's PSK (nonce 00 00) */
    TEST_ASSERT(transcript(ch_cv, 7, th));
    TEST_MEM_EQ(th, 32, V("client.derive_secret_tls13_res_master.1", "hash"), 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_MASTER, th, 32, res), 0);
    TEST_MEM_EQ(res, 32, V("client.derive_secret_tls13_res_master.1", "expanded"), 32);
    TEST_EQUAL(tacit_tls13_resumption_psk(
                   TACIT_MD_SHA256, res, 32,
                   V("server.generate_resumption_secret_tls13_resumption.1", "hash"), 2, s),
               0);
    TEST_MEM_EQ(s, 32, V("server.generate_resumption_secret_tls13_resumption.1", "expanded"), 32);
exit:
    tacit_tls13_ks_free(&ks);
    free_items();
}

/* Section 4: PSK -> early secret, binder key and the binder, c e traffic, e exp master, 0-RTT key/iv. */
static void test_rfc8448_resumed_early(void)
{
    char path[512];
    tacit_tls13_key_schedule ks;
    tacit_md_context c;
    unsigned char th[32], s[32], key[16], iv[12];
    const item *ch, *binders;

    memset(&ks, 0, sizeof(ks));
    memset(&c, 0, sizeof(c));
    snprintf(path, sizeof(path), "%s/rfc8448_resumed.txt", TACIT_TEST_DATA_DIR);
    TEST_ASSERT(load_items(path));
    ch = get(NULL, "clienthello_prefix");
    binders = get(NULL, "binders");
    TEST_ASSERT(ch != NULL && binders != NULL && binders->len == 35);
    TEST_EQUAL(tacit_tls13_ks_early(&ks, TACIT_MD_SHA256, get(NULL, "psk")->val, 32), 0);
    TEST_MEM_EQ(ks.secret, 32, get(NULL, "early_secret")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_BINDER, NULL, 0, s), 0);
    TEST_MEM_EQ(s, 32, get(NULL, "binder_key")->val, 32);
    /* the binder: Finished computed with the binder key over the truncated ClientHello */
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, ch->val, ch->len, th), 0);
    TEST_MEM_EQ(th, 32, get(NULL, "binder_hash")->val, 32);
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, s, 32, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, binders->val + 3, 32);
    /* the whole ClientHello (prefix + binders) for the early secrets */
    TEST_EQUAL(tacit_md_init(&c, TACIT_MD_SHA256), 0);
    TEST_EQUAL(tacit_md_update(&c, ch->val, ch->len), 0);
    TEST_EQUAL(tacit_md_update(&c, binders->val, binders->len), 0);
    TEST_EQUAL(tacit_md_finish(&c, th), 0);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_E_TRAFFIC, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, get(NULL, "c_e_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, get(NULL, "early_key")->val, 16);
    TEST_MEM_EQ(iv, 12, get(NULL, "early_iv")->val, 12);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_E_EXP_MASTER, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, get(NULL, "e_exp_master")->val, 32);
exit:
    tacit_md_free(&c);
    tacit_tls13_ks_free(&ks);
    free_items();
}

#define R(name) get(NULL, name)

/*
 * A TLS 1.3 record: AES-128-GCM under (key, iv XOR seq) of inner = msg ||
 * content type, with the 5-byte header as additional data, must give the
 * trace's complete record.  1 when it does (or AES-GCM is compiled out).
 */
static int check_record(const unsigned char *key, const unsigned char *iv, unsigned seq,
                        const unsigned char *msg, size_t msg_len, unsigned char type,
                        const item *record)
{
#if defined(TACIT_AEAD_C) && defined(TACIT_GCM_C)
    tacit_aead_context a;
    unsigned char nonce[12], *inner = NULL, *out = NULL;
    size_t n = 0;
    int ok = 0;

    tacit_aead_init(&a);
    TEST_ASSERT(record != NULL && record->len == 5 + msg_len + 1 + 16);
    inner = (unsigned char *)malloc(msg_len + 1);
    out = (unsigned char *)malloc(msg_len + 17);
    TEST_ASSERT(inner != NULL && out != NULL);
    memcpy(inner, msg, msg_len);
    inner[msg_len] = type;
    memcpy(nonce, iv, 12);
    nonce[11] ^= (unsigned char)seq;
    TEST_EQUAL(tacit_aead_setkey(&a, TACIT_AEAD_AES_128_GCM, key, 16, 16), 0);
    TEST_EQUAL(
        tacit_aead_seal(&a, nonce, 12, record->val, 5, inner, msg_len + 1, out, msg_len + 17, &n),
        0);
    TEST_MEM_EQ(out, n, record->val + 5, record->len - 5);
    ok = 1;
exit:
    tacit_aead_free(&a);
    free(inner);
    free(out);
    return ok;
#else
    (void)key, (void)iv, (void)seq, (void)msg, (void)msg_len, (void)type, (void)record;
    return 1;
#endif
}

/* Hash of the concatenation of n pieces (item names; NULL entries skipped). */
static int hash_items(tacit_md_context *c, const char *const *names, size_t n, unsigned char *out)
{
    size_t i;

    for (i = 0; i < n; i++) {
        const item *it = R(names[i]);
        if (it == NULL) {
            return 0;
        }
        if (tacit_md_update(c, it->val, it->len) != 0) {
            return 0;
        }
    }
    /* finish a copy: the transcript goes on */
    {
        tacit_md_context t = *c;
        int r = tacit_md_finish(&t, out);
        tacit_md_free(&t);
        return r == 0;
    }
}

/*
 * Section 4 after the early secrets: x25519, the handshake and master
 * secrets (with the PSK's early secret), EncryptedExtensions and the server
 * Finished, EndOfEarlyData, the client Finished, every key and IV, the
 * exporter and resumption secrets; the 0-RTT data, the server's flight,
 * EndOfEarlyData and the client Finished re-encrypted into the trace's records.
 */
static void test_rfc8448_resumed_handshake(void)
{
    char path[512];
    tacit_tls13_key_schedule ks;
    tacit_md_context c;
    unsigned char th[32], s[32], c_hs[32], s_hs[32], key[16], iv[12], e_key[16], e_iv[12];
    unsigned char fin[36], ee_fin[200];
    const item *ee;

    memset(&ks, 0, sizeof(ks));
    memset(&c, 0, sizeof(c));
    snprintf(path, sizeof(path), "%s/rfc8448_resumed.txt", TACIT_TEST_DATA_DIR);
    TEST_ASSERT(load_items(path));
#if defined(TACIT_X25519_C)
    TEST_EQUAL(tacit_x25519(s, R("client_x25519_private")->val, R("server_x25519_public")->val), 0);
    TEST_MEM_EQ(s, 32, R("ecdhe")->val, 32);
    TEST_EQUAL(tacit_x25519(s, R("server_x25519_private")->val, R("client_x25519_public")->val), 0);
    TEST_MEM_EQ(s, 32, R("ecdhe")->val, 32);
    TEST_EQUAL(tacit_x25519_public_key(s, R("client_x25519_private")->val), 0);
    TEST_MEM_EQ(s, 32, R("client_x25519_public")->val, 32);
#endif
    TEST_EQUAL(tacit_tls13_ks_early(&ks, TACIT_MD_SHA256, R("psk")->val, 32), 0);
    /* 0-RTT: the client's first application record under the early key */
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, R("c_e_traffic")->val, 32,
                                        e_key, 16, e_iv),
               0);
    TEST_ASSERT(check_record(e_key, e_iv, 0, R("early_data")->val, R("early_data")->len, 0x17,
                             R("early_data_record")));

    /* Derive-Secret(ES, "derived", "") step by step, then through the context */
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, NULL, 0, th), 0);
    TEST_EQUAL(tacit_tls13_derive_secret(TACIT_MD_SHA256, ks.secret, 32,
                                         (const unsigned char *)"derived", 7, th, 32, s),
               0);
    TEST_MEM_EQ(s, 32, R("derived_for_handshake")->val, 32);
    TEST_EQUAL(tacit_hkdf_extract(TACIT_MD_SHA256, s, 32, R("ecdhe")->val, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("handshake_secret")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_handshake(&ks, R("ecdhe")->val, 32), 0);
    TEST_MEM_EQ(ks.secret, 32, R("handshake_secret")->val, 32);

    /* transcript: the whole ClientHello (prefix + binders), ServerHello */
    TEST_EQUAL(tacit_md_init(&c, TACIT_MD_SHA256), 0);
    {
        static const char *const ch_sh[] = { "clienthello_prefix", "binders", "serverhello" };
        TEST_ASSERT(hash_items(&c, ch_sh, 3, th));
    }
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_HS_TRAFFIC, th, 32, c_hs), 0);
    TEST_MEM_EQ(c_hs, 32, R("c_hs_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_HS_TRAFFIC, th, 32, s_hs), 0);
    TEST_MEM_EQ(s_hs, 32, R("s_hs_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s_hs, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("s_hs_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("s_hs_iv")->val, 12);

    /* server Finished over CH..EncryptedExtensions; the flight EE || Finished as a record */
    {
        static const char *const e[] = { "encryptedextensions" };
        TEST_ASSERT(hash_items(&c, e, 1, th));
    }
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, s_hs, 32, th, 32, fin + 4), 0);
    TEST_MEM_EQ(fin + 4, 32, R("server_finished")->val, 32);
    fin[0] = 20, fin[1] = 0, fin[2] = 0, fin[3] = 32;
    ee = R("encryptedextensions");
    TEST_ASSERT(ee->len + 36 <= sizeof(ee_fin));
    memcpy(ee_fin, ee->val, ee->len);
    memcpy(ee_fin + ee->len, fin, 36);
    TEST_ASSERT(check_record(key, iv, 0, ee_fin, ee->len + 36, 0x16, R("server_flight_record")));
    TEST_EQUAL(tacit_md_update(&c, fin, 36), 0);

    /* derived, master, application secrets over CH..server Finished */
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, NULL, 0, th), 0);
    TEST_EQUAL(tacit_tls13_derive_secret(TACIT_MD_SHA256, ks.secret, 32,
                                         (const unsigned char *)"derived", 7, th, 32, s),
               0);
    TEST_MEM_EQ(s, 32, R("derived_for_master")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_master(&ks), 0);
    TEST_MEM_EQ(ks.secret, 32, R("master_secret")->val, 32);
    TEST_ASSERT(hash_items(&c, NULL, 0, th));
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_AP_TRAFFIC, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("c_ap_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("c_ap_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("c_ap_iv")->val, 12);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_AP_TRAFFIC, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("s_ap_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("s_ap_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("s_ap_iv")->val, 12);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_EXP_MASTER, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("exp_master")->val, 32);

    /* EndOfEarlyData: the second record under the early key; then the client Finished */
    TEST_ASSERT(check_record(e_key, e_iv, 1, R("endofearlydata")->val, 4, 0x16,
                             R("endofearlydata_record")));
    {
        static const char *const eoed[] = { "endofearlydata" };
        TEST_ASSERT(hash_items(&c, eoed, 1, th));
    }
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, c_hs, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("c_hs_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("c_hs_iv")->val, 12);
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, c_hs, 32, th, 32, fin + 4), 0);
    TEST_MEM_EQ(fin + 4, 32, R("client_finished")->val, 32);
    TEST_ASSERT(check_record(key, iv, 0, fin, 36, 0x16, R("client_finished_record")));
    TEST_EQUAL(tacit_md_update(&c, fin, 36), 0);
    TEST_ASSERT(hash_items(&c, NULL, 0, th));
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_MASTER, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("res_master")->val, 32);
exit:
    tacit_md_free(&c);
    tacit_tls13_ks_free(&ks);
    free_items();
}

/*
 * Section 5 (HelloRetryRequest; P-256): ECDH, the message_hash transcript
 * (both helpers, and by hand), every secret, key and IV, both Finished
 * values, the server's flight, the client Finished and both close_notify
 * alerts re-encrypted into the trace's records.
 */
static void test_rfc8448_hrr(void)
{
    char path[512];
    tacit_tls13_key_schedule ks;
    tacit_md_context c, c2;
    unsigned char th[32], s[32], c_hs[32], s_hs[32], c_ap[32], s_ap[32], key[16], iv[12];
    unsigned char fin[36], mh[TACIT_TLS13_MESSAGE_HASH_MAX_LEN], alert[2] = { 1, 0 };
    size_t n = 0;
    const item *flight;

    memset(&ks, 0, sizeof(ks));
    memset(&c, 0, sizeof(c));
    memset(&c2, 0, sizeof(c2));
    snprintf(path, sizeof(path), "%s/rfc8448_hrr.txt", TACIT_TEST_DATA_DIR);
    TEST_ASSERT(load_items(path));
    flight = R("server_flight");
    TEST_ASSERT(flight != NULL && flight->len > 36);
#if defined(TACIT_X25519_C)
    TEST_EQUAL(tacit_x25519_public_key(s, R("client_x25519_private")->val), 0);
    TEST_MEM_EQ(s, 32, R("client_x25519_public")->val, 32);
#endif
#if defined(TACIT_ECDH_C) && defined(TACIT_ECP_SECP256R1_C)
    {
        tacit_ecp_keypair k;
        unsigned char z[32], pub[65];
        size_t zl = 0, pl = 0;
        int i;

        for (i = 0; i < 2; i++) {
            tacit_ecp_keypair_init(&k);
            TEST_EQUAL(tacit_ecp_set_private(
                           &k, TACIT_ECP_SECP256R1,
                           R(i ? "server_p256_private" : "client_p256_private")->val, 32),
                       0);
            TEST_EQUAL(tacit_ecp_write_public_point(&k, 0, pub, sizeof(pub), &pl), 0);
            TEST_MEM_EQ(pub, pl, R(i ? "server_p256_public" : "client_p256_public")->val, 65);
            TEST_EQUAL(tacit_ecdh_compute_shared(
                           &k, R(i ? "client_p256_public" : "server_p256_public")->val, 65, z,
                           sizeof(z), &zl, NULL, NULL),
                       0);
            TEST_MEM_EQ(z, zl, R("ecdhe")->val, 32);
            tacit_ecp_keypair_free(&k);
        }
    }
#endif

    /* message_hash: by hand, with tacit_tls13_message_hash, with tacit_tls13_transcript_hrr */
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, R("clienthello1")->val, R("clienthello1")->len, th), 0);
    TEST_EQUAL(tacit_tls13_message_hash(TACIT_MD_SHA256, th, 32, mh, sizeof(mh), &n), 0);
    TEST_EQUAL(n, 36);
    TEST_ASSERT(mh[0] == 0xFE && mh[1] == 0 && mh[2] == 0 && mh[3] == 32);
    TEST_MEM_EQ(mh + 4, 32, th, 32);
    TEST_EQUAL(tacit_md_init(&c2, TACIT_MD_SHA256), 0);
    TEST_EQUAL(tacit_md_update(&c2, mh, n), 0);
    TEST_EQUAL(tacit_md_init(&c, TACIT_MD_SHA256), 0);
    TEST_EQUAL(tacit_md_update(&c, R("clienthello1")->val, R("clienthello1")->len), 0);
    TEST_EQUAL(tacit_tls13_transcript_hrr(&c), 0);
    {
        static const char *const rest[] = { "helloretryrequest", "clienthello2", "serverhello" };
        TEST_ASSERT(hash_items(&c2, rest, 3, s));
        TEST_ASSERT(hash_items(&c, rest, 3, th));
    }
    TEST_MEM_EQ(th, 32, R("hs_hash")->val, 32);
    TEST_MEM_EQ(s, 32, R("hs_hash")->val, 32);

    TEST_EQUAL(tacit_tls13_ks_early(&ks, TACIT_MD_SHA256, NULL, 0), 0);
    TEST_MEM_EQ(ks.secret, 32, R("early_secret")->val, 32);
    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, NULL, 0, s), 0);
    TEST_EQUAL(tacit_tls13_derive_secret(TACIT_MD_SHA256, ks.secret, 32,
                                         (const unsigned char *)"derived", 7, s, 32, s),
               0);
    TEST_MEM_EQ(s, 32, R("derived_for_handshake")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_handshake(&ks, R("ecdhe")->val, 32), 0);
    TEST_MEM_EQ(ks.secret, 32, R("handshake_secret")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_HS_TRAFFIC, th, 32, c_hs), 0);
    TEST_MEM_EQ(c_hs, 32, R("c_hs_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_HS_TRAFFIC, th, 32, s_hs), 0);
    TEST_MEM_EQ(s_hs, 32, R("s_hs_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s_hs, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("s_hs_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("s_hs_iv")->val, 12);
    TEST_ASSERT(
        check_record(key, iv, 0, flight->val, flight->len, 0x16, R("server_flight_record")));

    /* server Finished over message_hash..CertificateVerify (the flight's last 36 bytes) */
    TEST_EQUAL(tacit_md_update(&c, flight->val, flight->len - 36), 0);
    TEST_ASSERT(hash_items(&c, NULL, 0, th));
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, s_hs, 32, th, 32, fin + 4), 0);
    TEST_MEM_EQ(fin + 4, 32, flight->val + flight->len - 32, 32);
    TEST_EQUAL(tacit_md_update(&c, flight->val + flight->len - 36, 36), 0);
    TEST_ASSERT(hash_items(&c, NULL, 0, th));
    TEST_MEM_EQ(th, 32, R("ap_hash")->val, 32);

    TEST_EQUAL(tacit_md(TACIT_MD_SHA256, NULL, 0, s), 0);
    TEST_EQUAL(tacit_tls13_derive_secret(TACIT_MD_SHA256, ks.secret, 32,
                                         (const unsigned char *)"derived", 7, s, 32, s),
               0);
    TEST_MEM_EQ(s, 32, R("derived_for_master")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_master(&ks), 0);
    TEST_MEM_EQ(ks.secret, 32, R("master_secret")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_AP_TRAFFIC, th, 32, c_ap), 0);
    TEST_MEM_EQ(c_ap, 32, R("c_ap_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_AP_TRAFFIC, th, 32, s_ap), 0);
    TEST_MEM_EQ(s_ap, 32, R("s_ap_traffic")->val, 32);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_EXP_MASTER, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("exp_master")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, s_ap, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("s_ap_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("s_ap_iv")->val, 12);
    TEST_ASSERT(check_record(key, iv, 0, alert, 2, 0x15, R("server_alert_record")));

    /* client Finished over message_hash..server Finished, its record, res master */
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, c_hs, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("c_hs_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("c_hs_iv")->val, 12);
    fin[0] = 20, fin[1] = 0, fin[2] = 0, fin[3] = 32;
    TEST_EQUAL(tacit_tls13_finished(TACIT_MD_SHA256, c_hs, 32, th, 32, fin + 4), 0);
    TEST_ASSERT(check_record(key, iv, 0, fin, 36, 0x16, R("client_finished_record")));
    TEST_EQUAL(tacit_md_update(&c, fin, 36), 0);
    TEST_ASSERT(hash_items(&c, NULL, 0, th));
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_MASTER, th, 32, s), 0);
    TEST_MEM_EQ(s, 32, R("res_master")->val, 32);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_128_GCM_SHA256, c_ap, 32, key, 16, iv), 0);
    TEST_MEM_EQ(key, 16, R("c_ap_key")->val, 16);
    TEST_MEM_EQ(iv, 12, R("c_ap_iv")->val, 12);
    TEST_ASSERT(check_record(key, iv, 0, alert, 2, 0x15, R("client_alert_record")));

    /* errors: wrong hash length, small buffer, an uninitialised context */
    TEST_EQUAL(tacit_tls13_message_hash(TACIT_MD_SHA256, th, 31, mh, sizeof(mh), &n),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_message_hash(TACIT_MD_SHA256, th, 32, mh, 35, &n),
               TACIT_ERR_BUFFER_TOO_SMALL);
    TEST_EQUAL(n, 0);
    TEST_EQUAL(tacit_tls13_message_hash(TACIT_MD_NONE, th, 32, mh, sizeof(mh), &n),
               TACIT_ERR_MD_UNSUPPORTED);
    tacit_md_free(&c2);
    TEST_EQUAL(tacit_tls13_transcript_hrr(&c2), TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_tls13_transcript_hrr(NULL), TACIT_ERR_BAD_INPUT);
    /* SHA-384: 52-byte message */
    TEST_EQUAL(tacit_md_init(&c2, TACIT_MD_SHA384), 0);
    TEST_EQUAL(tacit_tls13_transcript_hrr(&c2), 0);
    TEST_EQUAL(tacit_md_finish(&c2, mh), 0);
    {
        unsigned char ref[52], h[48];
        TEST_EQUAL(tacit_md(TACIT_MD_SHA384, NULL, 0, ref + 4), 0);
        ref[0] = 0xFE, ref[1] = 0, ref[2] = 0, ref[3] = 48;
        TEST_EQUAL(tacit_md(TACIT_MD_SHA384, ref, 52, h), 0);
        TEST_MEM_EQ(mh, 48, h, 48);
    }
exit:
    tacit_md_free(&c);
    tacit_md_free(&c2);
    tacit_tls13_ks_free(&ks);
    free_items();
}

#if defined(TACIT_HAVE_OPENSSL)
static int openssl_hkdf(const EVP_MD *md, const unsigned char *salt, size_t salt_len,
                        const unsigned char *ikm, size_t ikm_len, const unsigned char *info,
                        size_t info_len, unsigned char *out, size_t out_len)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    size_t n = out_len;
    int ok;

    ok = c != NULL && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_CTX_set_hkdf_md(c, md) > 0 &&
         EVP_PKEY_CTX_set1_hkdf_salt(c, salt, (int)salt_len) > 0 &&
         EVP_PKEY_CTX_set1_hkdf_key(c, ikm, (int)ikm_len) > 0 &&
         EVP_PKEY_CTX_add1_hkdf_info(c, info, (int)info_len) > 0 &&
         EVP_PKEY_derive(c, out, &n) > 0 && n == out_len;
    EVP_PKEY_CTX_free(c);
    return ok;
}
#endif

static void test_openssl_differential(void)
{
#if defined(TACIT_HAVE_OPENSSL)
    static const struct {
        tacit_md_type t;
        const char *name;
    } mds[] = {
        { TACIT_MD_SHA1, "SHA1" },         { TACIT_MD_SHA256, "SHA256" },
        { TACIT_MD_SHA384, "SHA384" },     { TACIT_MD_SHA512, "SHA512" },
        { TACIT_MD_SHA3_256, "SHA3-256" }, { TACIT_MD_SHA3_512, "SHA3-512" },
    };
    unsigned char salt[200], ikm[200], info[300], ref[600], out[600];
    uint32_t x = 1234;
    size_t i, m, sl, il, nl, ol;

    for (i = 0; i < sizeof(salt); i++) {
        x = x * 1103515245u + 12345u;
        salt[i] = (unsigned char)(x >> 16);
        ikm[i] = (unsigned char)(x >> 8);
    }
    for (i = 0; i < sizeof(info); i++) {
        x = x * 1103515245u + 12345u;
        info[i] = (unsigned char)(x >> 16);
    }
    for (m = 0; m < sizeof(mds) / sizeof(mds[0]); m++) {
        const EVP_MD *md = EVP_get_digestbyname(mds[m].name);
        if (tacit_md_size(mds[m].t) == 0) {
            continue;
        }
        TEST_ASSERT(md != NULL);
        for (i = 0; i < 60; i++) {
            x = x * 1103515245u + 12345u;
            sl = (x >> 8) % sizeof(salt);
            il = 1 + (x >> 12) % (sizeof(ikm) - 1);
            nl = (x >> 4) % sizeof(info);
            ol = 1 + (x >> 16) % sizeof(out);
            if (ol > 255 * tacit_md_size(mds[m].t)) {
                ol = 255 * tacit_md_size(mds[m].t);
            }
            TEST_ASSERT(openssl_hkdf(md, salt, sl, ikm, il, info, nl, ref, ol));
            TEST_EQUAL(tacit_hkdf(mds[m].t, salt, sl, ikm, il, info, nl, out, ol), 0);
            TEST_MEM_EQ(out, ol, ref, ol);
        }
    }
exit:;
#else
    TEST_SKIP_NO_PEER("OpenSSL libcrypto");
exit:;
#endif
}

static void test_limits(void)
{
    unsigned char prk[64], out[255 * 32 + 1], label[300];
    tacit_tls13_key_schedule ks;

    memset(&ks, 0, sizeof(ks));
    memset(prk, 7, sizeof(prk));
    memset(label, 'a', sizeof(label));
    TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_SHA256, prk, 32, NULL, 0, out, 255 * 32), 0);
    memset(out, 0x55, sizeof(out));
    TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_SHA256, prk, 32, NULL, 0, out, 255 * 32 + 1),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(out[0] | out[100] | out[255 * 32], 0); /* zeroed on error */
    TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_SHA256, prk, 32, NULL, 0, out, 0), 0);
    TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_NONE, prk, 32, NULL, 0, out, 1),
               TACIT_ERR_MD_UNSUPPORTED);
    TEST_EQUAL(tacit_hkdf_expand(TACIT_MD_SHA256, NULL, 1, NULL, 0, out, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hkdf_extract(TACIT_MD_SHA256, NULL, 1, prk, 1, out), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hkdf_extract(TACIT_MD_SHA256, NULL, 0, prk, 1, NULL), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hkdf(TACIT_MD_SHA256, NULL, 0, NULL, 0, NULL, 0, out, 32), 0);
    TEST_EQUAL(
        tacit_tls13_hkdf_expand_label(TACIT_MD_SHA256, prk, 32, label, 249, label, 255, out, 32),
        0);
    TEST_EQUAL(
        tacit_tls13_hkdf_expand_label(TACIT_MD_SHA256, prk, 32, label, 250, NULL, 0, out, 32),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(
        tacit_tls13_hkdf_expand_label(TACIT_MD_SHA256, prk, 32, label, 5, label, 256, out, 32),
        TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_derive_secret(TACIT_MD_SHA256, prk, 32, label, 3, prk, 31, out),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_suite_md(TACIT_TLS13_AES_256_GCM_SHA384), TACIT_MD_SHA384);
    TEST_EQUAL(tacit_tls13_suite_key_len(TACIT_TLS13_CHACHA20_POLY1305_SHA256), 32);
    TEST_EQUAL(tacit_tls13_suite_md((tacit_tls13_suite)0x1306), TACIT_MD_NONE);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_256_GCM_SHA384, prk, 48, out, 31, out + 40),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_traffic_keys(TACIT_TLS13_AES_256_GCM_SHA384, prk, 48, out, 32, out + 40),
               0);
    TEST_EQUAL(tacit_tls13_ks_master(&ks), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_ks_early(&ks, TACIT_MD_SHA384, prk, 48), 0);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_BINDER, NULL, 0, out), 0);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_BINDER, prk, 48, out),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_E_TRAFFIC, prk, 32, out),
               TACIT_ERR_BAD_INPUT); /* SHA-384: 48-byte transcript hash */
    TEST_EQUAL(tacit_tls13_ks_secret(&ks, (tacit_tls13_secret)99, prk, 48, out),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_tls13_ks_master(&ks), TACIT_ERR_BAD_INPUT);
exit:
    tacit_tls13_ks_free(&ks);
}

/*
 * The suites of RFC 8446 B.4, the CCM ones (0x1304, 0x1305) included: hash,
 * key and tag length.  The CCM suites' traffic keys are HKDF-Expand-Label
 * as for 0x1301 (checked on RFC 8448's server handshake traffic secret); a
 * record sealed under each (TLSInnerPlaintext, nonce = iv XOR seq, AAD = the
 * record header) grows by its tag length, 8 bytes for CCM_8, and equals
 * OpenSSL's AES-128-CCM with that tag.
 */
static void test_ccm_suites(void)
{
    static const struct {
        unsigned suite;
        tacit_md_type md;
        size_t key_len, tag_len;
    } map[] = {
        { 0x1301, TACIT_MD_SHA256, 16, 16 }, { 0x1302, TACIT_MD_SHA384, 32, 16 },
        { 0x1303, TACIT_MD_SHA256, 32, 16 }, { 0x1304, TACIT_MD_SHA256, 16, 16 },
        { 0x1305, TACIT_MD_SHA256, 16, 8 },  { 0x1300, TACIT_MD_NONE, 0, 0 },
        { 0x1306, TACIT_MD_NONE, 0, 0 },     { 0x00ff, TACIT_MD_NONE, 0, 0 },
    };
    static const tacit_tls13_suite ccm[2] = { TACIT_TLS13_AES_128_CCM_SHA256,
                                              TACIT_TLS13_AES_128_CCM_8_SHA256 };
    unsigned char *secret = NULL, *want_key = NULL, *want_iv = NULL, key[32], iv[12];
    size_t i, n;

    for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        tacit_tls13_suite s = (tacit_tls13_suite)map[i].suite;
        tacit_md_type md = tacit_md_size(map[i].md) != 0 ? map[i].md : TACIT_MD_NONE;
        TEST_EQUAL(tacit_tls13_suite_md(s), md);
        TEST_EQUAL(tacit_tls13_suite_key_len(s), map[i].key_len);
        TEST_EQUAL(tacit_tls13_suite_tag_len(s), map[i].tag_len);
    }
    TEST_EQUAL(TACIT_TLS13_AES_128_CCM_SHA256, 0x1304);
    TEST_EQUAL(TACIT_TLS13_AES_128_CCM_8_SHA256, 0x1305);
    if (tacit_md_size(TACIT_MD_SHA256) == 0) {
        printf(" (no SHA-256: mapping only)");
        goto exit;
    }
    /* RFC 8448 section 3: server handshake traffic secret, its key and IV */
    secret = test_unhex("b67b7d690cc16c4e75e54213cb2d37b4e9c912bcded9105d42befd59d391ad38", &n);
    want_key = test_unhex("3fce516009c21727d0f2e4e86ee403bc", &n);
    want_iv = test_unhex("5d313eb2671276ee13000b30", &n);
    TEST_ASSERT(secret != NULL && want_key != NULL && want_iv != NULL);
    for (i = 0; i < 2; i++) {
        memset(key, 0xEE, sizeof(key));
        TEST_EQUAL(tacit_tls13_traffic_keys(ccm[i], secret, 32, key, 15, iv), TACIT_ERR_BAD_INPUT);
        TEST_EQUAL(tacit_tls13_traffic_keys(ccm[i], secret, 32, key, sizeof(key), iv), 0);
        TEST_MEM_EQ(key, 16, want_key, 16);
        TEST_EQUAL(key[16], 0xEE); /* key_len bytes, no more */
        TEST_MEM_EQ(iv, 12, want_iv, 12);
#if defined(TACIT_AEAD_C) && defined(TACIT_CCM_C)
        {
            /* seq 1: "hello" || content type 0x17, then the tag */
            unsigned char inner[6] = { 'h', 'e', 'l', 'l', 'o', 0x17 }, nonce[12], hdr[5];
            unsigned char rec[6 + 16], back[6];
            size_t tl = tacit_tls13_suite_tag_len(ccm[i]), olen = 0;
            tacit_aead_context a;
            memcpy(nonce, iv, 12);
            nonce[11] ^= 1;
            hdr[0] = 0x17;
            hdr[1] = 0x03;
            hdr[2] = 0x03;
            hdr[3] = 0;
            hdr[4] = (unsigned char)(sizeof(inner) + tl);
            tacit_aead_init(&a);
            TEST_EQUAL(tacit_aead_setkey(&a, TACIT_AEAD_AES_128_CCM, key, 16, tl), 0);
            TEST_EQUAL(tacit_aead_seal(&a, nonce, 12, hdr, 5, inner, sizeof(inner), rec,
                                       sizeof(rec), &olen),
                       0);
            TEST_EQUAL(olen, sizeof(inner) + (i == 0 ? 16u : 8u));
            TEST_EQUAL(tacit_aead_open(&a, nonce, 12, hdr, 5, rec, olen, back, sizeof(back), &n),
                       0);
            TEST_MEM_EQ(back, n, inner, sizeof(inner));
            tacit_aead_free(&a);
#if defined(TACIT_HAVE_OPENSSL)
            {
                EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
                unsigned char ref[6 + 16];
                int m = 0;
                TEST_ASSERT(c != NULL);
                TEST_ASSERT(EVP_EncryptInit_ex(c, EVP_aes_128_ccm(), NULL, NULL, NULL) == 1 &&
                            EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) == 1 &&
                            EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)tl, NULL) == 1 &&
                            EVP_EncryptInit_ex(c, NULL, NULL, key, nonce) == 1 &&
                            EVP_EncryptUpdate(c, NULL, &m, NULL, (int)sizeof(inner)) == 1 &&
                            EVP_EncryptUpdate(c, NULL, &m, hdr, 5) == 1 &&
                            EVP_EncryptUpdate(c, ref, &m, inner, (int)sizeof(inner)) == 1 &&
                            EVP_EncryptFinal_ex(c, ref + sizeof(inner), &m) == 1 &&
                            EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)tl,
                                                ref + sizeof(inner)) == 1);
                EVP_CIPHER_CTX_free(c);
                TEST_MEM_EQ(rec, olen, ref, sizeof(inner) + tl);
            }
#endif
        }
#endif
    }
exit:
    free(secret);
    free(want_key);
    free(want_iv);
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_rfc5869);
    RUN_TEST(test_wycheproof);
    RUN_TEST(test_rfc8448_steps);
    RUN_TEST(test_rfc8448_schedule);
    RUN_TEST(test_rfc8448_resumed_early);
    RUN_TEST(test_rfc8448_resumed_handshake);
    RUN_TEST(test_rfc8448_hrr);
    RUN_TEST(test_openssl_differential);
    RUN_TEST(test_limits);
    RUN_TEST(test_ccm_suites);
    return TEST_MAIN_END();
}
