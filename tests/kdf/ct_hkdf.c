/*
 * Constant flow of HKDF and the TLS 1.3 key schedule on secret keys: the
 * IKM, salt, PRK, (EC)DHE share, PSK and traffic secrets are marked secret
 * (only lengths, labels and the hash choice are public).  Under valgrind
 * (constant-flow build) any branch or memory index on them is reported.
 * --negative runs a deliberately leaky control (a table lookup indexed by
 * a byte of the derived key), which valgrind must flag.
 */
#include "harness.h"

#include "tacit/hkdf.h"
#include "tacit/tls13.h"

static void fill(unsigned char *p, size_t len, unsigned seed)
{
    size_t i;

    for (i = 0; i < len; i++) {
        p[i] = (unsigned char)(seed + i * 29);
    }
}

static void test_hkdf_secret_key(void)
{
    static const tacit_md_type mds[] = { TACIT_MD_SHA1, TACIT_MD_SHA256, TACIT_MD_SHA384,
                                         TACIT_MD_SHA512, TACIT_MD_SHA3_256 };
    unsigned char salt[80], ikm[80], info[40], out[200], ref[200], prk[64];
    size_t m, len;

    for (m = 0; m < sizeof(mds) / sizeof(mds[0]); m++) {
        size_t hlen = tacit_md_size(mds[m]);
        if (hlen == 0) {
            continue;
        }
        for (len = 0; len <= 80; len += 40) {
            fill(salt, len, 1);
            fill(ikm, sizeof(ikm), 2);
            fill(info, sizeof(info), 3);
            TEST_EQUAL(
                tacit_hkdf(mds[m], salt, len, ikm, sizeof(ikm), info, sizeof(info), ref, 150), 0);
            TACIT_TEST_CF_SECRET(salt, len);
            TACIT_TEST_CF_SECRET(ikm, sizeof(ikm));
            TEST_EQUAL(
                tacit_hkdf(mds[m], salt, len, ikm, sizeof(ikm), info, sizeof(info), out, 150), 0);
            TEST_EQUAL(tacit_hkdf_extract(mds[m], salt, len, ikm, sizeof(ikm), prk), 0);
            TEST_EQUAL(tacit_hkdf_expand(mds[m], prk, hlen, info, sizeof(info), out + 150, 50), 0);
            TACIT_TEST_CF_PUBLIC(out, sizeof(out));
            TACIT_TEST_CF_PUBLIC(salt, len);
            TACIT_TEST_CF_PUBLIC(ikm, sizeof(ikm));
            TEST_MEM_EQ(out, 150, ref, 150);
            TEST_MEM_EQ(out + 150, 50, ref, 50);
        }
    }
exit:;
}

static void test_tls13_secret_inputs(void)
{
    static const tacit_tls13_suite suites[] = { TACIT_TLS13_AES_128_GCM_SHA256,
                                                TACIT_TLS13_AES_256_GCM_SHA384,
                                                TACIT_TLS13_CHACHA20_POLY1305_SHA256 };
    tacit_tls13_key_schedule ks;
    unsigned char psk[48], dhe[32], th[48], s[48], key[32], iv[12], fin[48];
    size_t i;

    memset(&ks, 0, sizeof(ks));
    for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++) {
        tacit_md_type md = tacit_tls13_suite_md(suites[i]);
        size_t hlen = tacit_md_size(md);
        if (hlen == 0) {
            continue;
        }
        fill(psk, sizeof(psk), 7);
        fill(dhe, sizeof(dhe), 8);
        fill(th, sizeof(th), 9);
        TACIT_TEST_CF_SECRET(psk, sizeof(psk));
        TACIT_TEST_CF_SECRET(dhe, sizeof(dhe));
        TEST_EQUAL(tacit_tls13_ks_early(&ks, md, psk, hlen), 0);
        TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_RES_BINDER, NULL, 0, s), 0);
        TEST_EQUAL(tacit_tls13_finished(md, s, hlen, th, hlen, fin), 0);
        TEST_EQUAL(tacit_tls13_ks_handshake(&ks, dhe, sizeof(dhe)), 0);
        TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_S_HS_TRAFFIC, th, hlen, s), 0);
        TEST_EQUAL(tacit_tls13_traffic_keys(suites[i], s, hlen, key, sizeof(key), iv), 0);
        TEST_EQUAL(tacit_tls13_finished(md, s, hlen, th, hlen, fin), 0);
        TEST_EQUAL(tacit_tls13_ks_master(&ks), 0);
        TEST_EQUAL(tacit_tls13_ks_secret(&ks, TACIT_TLS13_C_AP_TRAFFIC, th, hlen, s), 0);
        TEST_EQUAL(tacit_tls13_update_traffic_secret(md, s, hlen, s), 0);
        TEST_EQUAL(tacit_tls13_resumption_psk(md, s, hlen, th, 2, s), 0);
        TACIT_TEST_CF_PUBLIC(psk, sizeof(psk));
        TACIT_TEST_CF_PUBLIC(dhe, sizeof(dhe));
        TACIT_TEST_CF_PUBLIC(s, sizeof(s));
        TACIT_TEST_CF_PUBLIC(key, sizeof(key));
        TACIT_TEST_CF_PUBLIC(iv, sizeof(iv));
        TACIT_TEST_CF_PUBLIC(fin, sizeof(fin));
        tacit_tls13_ks_free(&ks);
    }
exit:
    tacit_tls13_ks_free(&ks);
}

/* Deliberately leaky: a table lookup indexed by a byte of a secret-derived key. */
static void test_negative_leaky_lookup(void)
{
    static const unsigned char table[256] = { 1, 2, 3 };
    unsigned char ikm[32], okm[32];
    volatile unsigned char v;

    fill(ikm, sizeof(ikm), 4);
    TACIT_TEST_CF_SECRET(ikm, sizeof(ikm));
    TEST_EQUAL(tacit_hkdf(TACIT_MD_SHA256, NULL, 0, ikm, sizeof(ikm), NULL, 0, okm, sizeof(okm)),
               0);
    v = table[okm[0]]; /* memory index from a secret: must be flagged */
    (void)v;
    TACIT_TEST_CF_PUBLIC(ikm, sizeof(ikm));
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    if (test_has_option("--negative")) {
        RUN_TEST(test_negative_leaky_lookup);
    } else {
        RUN_TEST(test_hkdf_secret_key);
        RUN_TEST(test_tls13_secret_inputs);
    }
    return TEST_MAIN_END();
}
