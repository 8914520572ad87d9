/*
 * ECDH: Wycheproof vectors (P-256, P-384 with raw points; P-521 with the
 * peer's key as SubjectPublicKeyInfo), OpenSSL-made shared secrets
 * (../shared/interop), agreement between fresh key pairs, and bad peer
 * points.
 */
#include "ecc_test_util.h"
#include "ec/ecp_internal.h"

#include "tacit/ecdh.h"
#include "ec/ecp_internal.h"

static uint64_t rng_state = 0xA5A5A5A5DEADBEEFu;
static int test_rng(void *p, unsigned char *out, size_t len)
{
    size_t i;
    (void)p;
    for (i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        out[i] = (unsigned char)(rng_state >> 24);
    }
    return 0;
}

/*
 * Every valid vector gives the expected secret, every invalid one fails.
 * "acceptable" ones (compressed points: CompressedPoint flag) are counted.
 * Groups with encoding=asn give the peer's key as SubjectPublicKeyInfo DER:
 * it is parsed (tacit_ecp_parse_public_key_der, which refuses explicit
 * parameters and bad encodings) and must be on the group's curve.
 */
static void wycheproof_file(const char *name, int total)
{
    char path[256];
    size_t flen = 0;
    unsigned char *file;
    char *cur, *line, *tok[ECC_MAX_TOKENS];
    tacit_ecp_group_id id = TACIT_ECP_NONE;
    int nvalid = 0, ninvalid = 0, nacc = 0, nacc_ok = 0, spki = 0;

    snprintf(path, sizeof(path), "vectors/wycheproof/%s", name);
    file = test_read_shared(path, &flen);
    if (file == NULL) {
        TEST_SKIP("../shared/vectors/wycheproof missing");
    }
    cur = (char *)file;
    while ((line = ecc_next_line(&cur)) != NULL) {
        int n;
        if (line[0] == '#' || line[0] == '\0') {
            continue;
        }
        n = ecc_tokens(line, tok);
        if (strcmp(tok[0], "group") == 0) {
            const char *enc = ecc_param(tok, n, 2, "encoding");
            id = ecc_curve(ecc_param(tok, n, 2, "curve"));
            TEST_ASSERT(id != TACIT_ECP_NONE);
            spki = enc != NULL && strcmp(enc, "asn") == 0;
        } else if (strcmp(tok[0], "test") == 0 && n == 7) {
            size_t bytes = tacit_ecp_curve_bytes(id), plen = 0, olen = 0;
            unsigned char d[TACIT_ECP_MAX_BYTES], want[TACIT_ECP_MAX_BYTES],
                out[TACIT_ECP_MAX_BYTES];
            unsigned char *pub = test_unhex(tok[3], &plen);
            tacit_ecp_keypair key;
            int ret;
            tacit_ecp_keypair_init(&key);
            TEST_ASSERT(pub != NULL);
            TEST_EQUAL(ecc_hex_fixed(tok[4], d, bytes), 0);
            TEST_EQUAL(tacit_ecp_set_private(&key, id, d, bytes), 0);
            if (spki) {
                tacit_ecp_keypair peer;
                tacit_ecp_keypair_init(&peer);
                ret = tacit_ecp_parse_public_key_der(&peer, pub, plen);
                if (ret == 0 && peer.grp != id) {
                    ret = TACIT_ERR_ECP_INVALID_POINT; /* a key on another curve */
                }
                if (ret == 0) {
                    ret = tacit_ecdh_compute_shared_key(&key, &peer, out, sizeof(out), &olen,
                                                        (tok[1][0] & 1) ? test_rng : NULL, NULL);
                }
                tacit_ecp_keypair_free(&peer);
            } else {
                ret = tacit_ecdh_compute_shared(&key, pub, plen, out, sizeof(out), &olen,
                                                (tok[1][0] & 1) ? test_rng : NULL, NULL);
            }
            free(pub);
            tacit_ecp_keypair_free(&key);
            if (strcmp(tok[2], "valid") == 0) {
                if (ret != 0) {
                    printf("\n    tcId %s valid but failed (%d)", tok[1], ret);
                }
                TEST_EQUAL(ret, 0);
                TEST_EQUAL(ecc_hex_fixed(tok[5], want, bytes), 0);
                TEST_MEM_EQ(out, olen, want, bytes);
                nvalid++;
            } else if (strcmp(tok[2], "invalid") == 0) {
                if (ret == 0) {
                    printf("\n    tcId %s invalid but accepted (%s)", tok[1], tok[6]);
                }
                TEST_ASSERT(ret != 0);
                ninvalid++;
            } else {
                nacc++;
                if (ret == 0) {
                    TEST_EQUAL(ecc_hex_fixed(tok[5], want, bytes), 0);
                    TEST_MEM_EQ(out, olen, want, bytes);
                    nacc_ok++;
                }
            }
        }
    }
    printf(" [%d valid, %d invalid, %d acceptable (%d accepted)]", nvalid, ninvalid, nacc, nacc_ok);
    TEST_ASSERT(nvalid > 300 && ninvalid > 10);
    TEST_EQUAL(nvalid + ninvalid + nacc, total); /* every test line was run */
exit:
    free(file);
}

static void test_wycheproof_p256(void)
{
    wycheproof_file("ecdh_secp256r1_ecpoint_test.txt", 355);
}

static void test_wycheproof_p384(void)
{
#if defined(TACIT_ECP_SECP384R1_C)
    wycheproof_file("ecdh_secp384r1_ecpoint_test.txt", 790);
#else
    TEST_SKIP("P-384 compiled out (TACIT_ECP_SECP384R1_C)");
exit:
    return;
#endif
}

static void test_wycheproof_p521(void)
{
#if defined(TACIT_ECP_SECP521R1_C)
    wycheproof_file("ecdh_secp521r1_test.txt", 916);
#else
    TEST_SKIP("P-521 compiled out (TACIT_ECP_SECP521R1_C)");
exit:
    return;
#endif
}

/* C.sec1.der x C-peer.pub.der == C.ecdh.bin, both ways, compressed peer too */
static void test_interop(void)
{
    static const char *const curves[] = { "p256", "p384", "p521" };
    unsigned char *a = NULL, *b = NULL, *want = NULL, *bpriv = NULL, *acomp = NULL;
    size_t alen = 0, blen = 0, wlen = 0, bplen = 0, aclen = 0, i;
    tacit_ecp_keypair ka, kb, kbpub, kacomp;
    char name[64];

    tacit_ecp_keypair_init(&ka);
    tacit_ecp_keypair_init(&kb);
    if (test_shared_dir() == NULL) {
        TEST_SKIP("../shared/interop missing");
    }
    for (i = 0; i < 3; i++) {
        unsigned char out[TACIT_ECP_MAX_BYTES];
        size_t olen;
        if (!ecc_file_curve_enabled(curves[i])) {
            continue; /* compiled out by the configuration */
        }
        snprintf(name, sizeof(name), "%s.sec1.der", curves[i]);
        a = ecc_interop(name, &alen);
        snprintf(name, sizeof(name), "%s-peer.pub.der", curves[i]);
        b = ecc_interop(name, &blen);
        snprintf(name, sizeof(name), "%s-peer.pkcs8.der", curves[i]);
        bpriv = ecc_interop(name, &bplen);
        snprintf(name, sizeof(name), "%s.pub.compressed.der", curves[i]);
        acomp = ecc_interop(name, &aclen);
        snprintf(name, sizeof(name), "%s.ecdh.bin", curves[i]);
        want = ecc_interop(name, &wlen);
        TEST_ASSERT(a != NULL && b != NULL && want != NULL && bpriv != NULL && acomp != NULL);
        TEST_EQUAL(tacit_ecp_parse_key_der(&ka, a, alen), 0);
        TEST_EQUAL(tacit_ecp_parse_public_key_der(&kbpub, b, blen), 0);
        TEST_EQUAL(tacit_ecdh_compute_shared_key(&ka, &kbpub, out, sizeof(out), &olen, NULL, NULL),
                   0);
        TEST_MEM_EQ(out, olen, want, wlen);
        /* the other side, with A's public key from the compressed SPKI */
        TEST_EQUAL(tacit_ecp_parse_key_der(&kb, bpriv, bplen), 0);
        TEST_EQUAL(tacit_ecp_parse_public_key_der(&kacomp, acomp, aclen), 0);
        TEST_EQUAL(
            tacit_ecdh_compute_shared_key(&kb, &kacomp, out, sizeof(out), &olen, test_rng, NULL),
            0);
        TEST_MEM_EQ(out, olen, want, wlen);
        free(a);
        free(b);
        free(want);
        free(bpriv);
        free(acomp);
        a = b = want = bpriv = acomp = NULL;
    }
exit:
    tacit_ecp_keypair_free(&ka);
    tacit_ecp_keypair_free(&kb);
    free(a);
    free(b);
    free(want);
    free(bpriv);
    free(acomp);
}

static void test_agree_and_reject(void)
{
    static const tacit_ecp_group_id ids[] = {
#if defined(TACIT_ECP_SECP256R1_C)
        TACIT_ECP_SECP256R1,
#endif
#if defined(TACIT_ECP_SECP384R1_C)
        TACIT_ECP_SECP384R1,
#endif
#if defined(TACIT_ECP_SECP521R1_C)
        TACIT_ECP_SECP521R1,
#endif
    };
    size_t i;

    for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
        tacit_ecp_keypair a, b;
        unsigned char pa[TACIT_ECP_MAX_PT_LEN], pb[TACIT_ECP_MAX_PT_LEN];
        unsigned char sa[TACIT_ECP_MAX_BYTES], sb[TACIT_ECP_MAX_BYTES];
        size_t la, lb, na, nb, bytes = tacit_ecp_curve_bytes(ids[i]);
        TEST_EQUAL(tacit_ecdh_gen_key(&a, ids[i], NULL, NULL), 0);
        TEST_EQUAL(tacit_ecdh_gen_key(&b, ids[i], test_rng, NULL), 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&a, 0, pa, sizeof(pa), &la), 0);
        TEST_EQUAL(tacit_ecp_write_public_point(&b, 1, pb, sizeof(pb), &lb), 0);
        TEST_EQUAL(tacit_ecdh_compute_shared(&a, pb, lb, sa, sizeof(sa), &na, NULL, NULL), 0);
        TEST_EQUAL(tacit_ecdh_compute_shared(&b, pa, la, sb, sizeof(sb), &nb, test_rng, NULL), 0);
        TEST_MEM_EQ(sa, na, sb, nb);
        TEST_EQUAL(na, bytes);
        /* off-curve peer, infinity, wrong curve length, small buffer, public-only key */
        pa[la - 1] ^= 1;
        TEST_EQUAL(tacit_ecdh_compute_shared(&b, pa, la, sb, sizeof(sb), &nb, NULL, NULL),
                   TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecdh_compute_shared(&b, (const unsigned char *)"\x00", 1, sb, sizeof(sb),
                                             &nb, NULL, NULL),
                   TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecdh_compute_shared(&b, pa, la - 1, sb, sizeof(sb), &nb, NULL, NULL),
                   TACIT_ERR_ECP_INVALID_POINT);
        TEST_EQUAL(tacit_ecdh_compute_shared(&b, pb, lb, sb, bytes - 1, &nb, NULL, NULL),
                   TACIT_ERR_BUFFER_TOO_SMALL);
        b.has_private = 0;
        TEST_EQUAL(tacit_ecdh_compute_shared(&b, pb, lb, sb, sizeof(sb), &nb, NULL, NULL),
                   TACIT_ERR_NO_PRIVATE_KEY);
        tacit_ecp_keypair_free(&a);
        tacit_ecp_keypair_free(&b);
    }
exit:
    return;
}

/*
 * The Wycheproof vectors and the OpenSSL interop again on the baseline
 * fields where tacit_ecp_curve_get picks a MULX/ADX build (P-256, P-384).
 */
static void test_baseline_kernels(void)
{
#if defined(TACIT_TEST_HOOKS) && (defined(TACIT_ECP_P256_ADX) || defined(TACIT_ECP_P384_ADX))
    if (!tacit_ecp_cpu_has_adx()) {
        TEST_SKIP("no MULX/ADX on this CPU: the cases above ran the baseline");
    }
    tacit_ecp_test_no_adx = 1;
    test_wycheproof_p256();
    test_wycheproof_p384();
    test_interop();
    test_agree_and_reject();
    tacit_ecp_test_no_adx = 0;
#else
    TEST_SKIP("no second field build in this configuration");
#endif
exit:;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_wycheproof_p256);
    RUN_TEST(test_wycheproof_p384);
    RUN_TEST(test_wycheproof_p521);
    RUN_TEST(test_interop);
    RUN_TEST(test_agree_and_reject);
    RUN_TEST(test_baseline_kernels);
    return TEST_MAIN_END();
}
