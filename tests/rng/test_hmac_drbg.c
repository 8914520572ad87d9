/*
 * HMAC_DRBG: NIST CAVP known answers (typed in: SHA-1, SHA-256, SHA-512;
 * no reseed, reseed, personalisation, additional input), a differential
 * test against a straightforward SP 800-90A implementation written here,
 * RFC 6979 nonces through seed_buf, limits and errors, the default
 * entropy source and the default RNG (fork safety).
 */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tacit/hmac_drbg.h"

/* pthread is part of libc since glibc 2.34: no extra link flag needed. */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#include <pthread.h>
#define TEST_HAVE_THREADS 1
#endif

/* ---- entropy sources for tests --------------------------------------------- */

/* Replays a fixed byte string; fails when exhausted. */
typedef struct {
    const unsigned char *data;
    size_t len, pos;
    int calls;
} replay_source;

static int replay_entropy(void *p, unsigned char *out, size_t len)
{
    replay_source *r = (replay_source *)p;

    r->calls++;
    if (r->len - r->pos < len) {
        return -1;
    }
    memcpy(out, r->data + r->pos, len);
    r->pos += len;
    return 0;
}

/* Deterministic pseudo-entropy (a counter-based stream); counts calls. */
typedef struct {
    uint32_t state;
    int calls;
    int fail_after; /* fail from this call on; -1 never */
} counter_source;

static int counter_entropy(void *p, unsigned char *out, size_t len)
{
    counter_source *c = (counter_source *)p;
    size_t i;

    if (c->fail_after >= 0 && c->calls >= c->fail_after) {
        c->calls++;
        return -1;
    }
    c->calls++;
    for (i = 0; i < len; i++) {
        c->state = c->state * 1664525u + 1013904223u;
        out[i] = (unsigned char)(c->state >> 24);
    }
    return 0;
}

/* ---- NIST CAVP known answers ----------------------------------------------------- */

typedef struct {
    const char *what;
    tacit_md_type md;
    const char *entropy, *nonce, *pers;
    const char *reseed_entropy, *reseed_add; /* NULL: no reseed step */
    const char *add1, *add2;
    const char *expected; /* second generate's output */
} drbg_kat;

/*
 * Sources: NIST CAVP HMAC_DRBG.rsp (drbgvectors_no_reseed and
 * drbgvectors_pr_false), as republished in other projects' test suites.
 * The procedure: instantiate; [reseed]; generate(add1); generate(add2);
 * the second output is the answer.  "-" = empty.
 */
static const drbg_kat kats[] = {
    { "SHA-256 no reseed, COUNT 0", TACIT_MD_SHA256,
      "ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488",
      "659ba96c601dc69fc902940805ec0ca8", "-", NULL, NULL, "-", "-",
      "e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89d54fbb978a15b5c443c9ec21036d"
      "2460"
      "b6f73ebad0dc2aba6e624abf07745bc107694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde"
      "06"
      "68961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8" },
    { "SHA-256 no reseed, personalisation, COUNT 0", TACIT_MD_SHA256,
      "5cacc68165a2e2ee20812f35ec73a79dbf30fd475476ac0c44fc6174cdac2b55",
      "6f885496c1e63af620becd9e71ecb824",
      "e72dd8590d4ed5295515c35ed6199e9d211b8f069b3058caa6670b96ef1208d0", NULL, NULL, "-", "-",
      "f1012cf543f94533df27fedfbf58e5b79a3dc517a9c402bdbfc9a0c0f721f9d53faf4aafdc4b8f7a1b580fcaa523"
      "38d4"
      "bd95f58966a243cdcd3f446ed4bc546d9f607b190dd69954450d16cd0e2d6437067d8b44d19a6af7a7cfa8794e5f"
      "bd72"
      "8e8fb2f2e8db5dd4ff1aa275f35886098e80ff844886060da8b1e7137846b23b" },
    { "SHA-256 reseed, COUNT 0", TACIT_MD_SHA256,
      "06032cd5eed33f39265f49ecb142c511da9aff2af71203bffaf34a9ca5bd9c0d",
      "0e66f71edc43e42a45ad3c6fc6cdc4df", "-",
      "01920a4e669ed3a85ae8a33b35a74ad7fb2a6bb4cf395ce00334a9c9a5a5d552", "-", "-", "-",
      "76fc79fe9b50beccc991a11b5635783a83536add03c157fb30645e611c2898bb2b1bc215000209208cd506cb28da"
      "2a51"
      "bdb03826aaf2bd2335d576d519160842e7158ad0949d1a9ec3e66ea1b1a064b005de914eac2e9d4f2d72a8616a80"
      "2254"
      "22918250ff66a41bd2f864a6a38cc5b6499dc43f7f2bd09e1e0f8f5885935124" },
    { "SHA-256 reseed, additional input, COUNT 0", TACIT_MD_SHA256,
      "05ac9fc4c62a02e3f90840da5616218c6de5743d66b8e0fbf833759c5928b53d",
      "2b89a17904922ed8f017a63044848545", "-",
      "2791126b8b52ee1fd9392a0a13e0083bed4186dc649b739607ac70ec8dcecf9b",
      "43bac13bae715092cf7eb280a2e10a962faf7233c41412f69bc74a35a584e54c",
      "3f2fed4b68d506ecefa21f3f5bb907beb0f17dbc30f6ffbba5e5861408c53a1e",
      "529030df50f410985fde068df82b935ec23d839cb4b269414c0ede6cffea5b68",
      "02ddff5173da2fcffa10215b030d660d61179e61ecc22609b1151a75f1cbcbb4363c3a89299b4b63aca5e581e73c"
      "8604"
      "91010aa35de3337cc6c09ebec8c91a6287586f3a74d9694b462d2720ea2e11bbd02af33adefb4a16e6b370fa0eff"
      "d57d"
      "607547bdcfbb7831f54de7073ad2a7da987a0016a82fa958779a168674b56524" },
    { "SHA-1 no reseed, COUNT 0", TACIT_MD_SHA1, "e91b63309e93d1d08e30e8d556906875",
      "f59747c468b0d0da", "-", NULL, NULL, "-", "-",
      "b7928f9503a417110788f9d0c2585f8aee6fb73b220a626b3ab9825b7a9facc79723d7e1ba9255e40e65c249b608"
      "2a7b"
      "c5e3f129d3d8f69b04ed1183419d6c4f2a13b304d2c5743f41c8b0ee73225347" },
    { "SHA-1 no reseed, additional input, COUNT 0", TACIT_MD_SHA1,
      "32c1ca125223de8de569697f92a37c67", "72d4cc4f0544d409", "-", NULL, NULL,
      "9e98cc8e0f8eb84d1911c1775a5703bb", "593aa3a300e5c907a011dd5a3dcd77e2",
      "942909a9d380aa5d4e3af69093a8fa513ee545b9bf9e1b81c5f30966db3e5cb52f8b1b6fe440d592e5fe4a972c36"
      "aa49"
      "8035e2442f82910c5cd095c7f4b4c7e7555c4669cca481cdfbfda167b5d6f8d5" },
    { "SHA-1 no reseed, personalisation, COUNT 0", TACIT_MD_SHA1,
      "49058e6773ed2b7ab309c0949fdf9c9e", "a457cb8ec0e7fd01", "dc477641d89c7fc4a30f1430197dd159",
      NULL, NULL, "-", "-",
      "4e891f4e281100453b70788929ec743a3c5edd9b81dc798bc93771368c39b612037b6f42f60c5d8924b646848151"
      "b0c2"
      "95be491d4a28d1927deed523fd04d3d2dda95ed42166312e5c3392d22893b0dc" },
    { "SHA-512 no reseed, personalisation + additional input, COUNT 0", TACIT_MD_SHA512,
      "e97a4631d0a08d549cde8af9a1aae058e3e9585575a726c76a27bc62bed18a4b",
      "227221d5fe5a5db9810f9afe56a3ee78",
      "94084b11d55e0f9c2ef577741753af66ad7a25b28524b50ea970105c3545e97d", NULL, NULL,
      "24c81d4773938371b906cf4801957ac22f87432b9c8a84bc5ac04ad5b1cc3f57",
      "c8c878451e2b76577c36393ca253888c1038885bbfdacd8539615a611e2ac00b",
      "761422dea283262998c0ffffefc77de2d395c818b9cf1ac2bcd1153235e0d8b63199c51e195135a75f1f87b45448"
      "4ecc"
      "560c532c7ba5923c9490a423c177453459d81efc38ce2939226043cb733062eae303a009b48ee0cf3c7e40abe2b5"
      "7a70"
      "a6062c669a9fbff20b4c94b4ecbc5f744a80d7be8134359581d441da921737b1329470b214f3e679fb7ad48baf04"
      "6bac"
      "59a36b5770806cdef28cc4a8fd0e049b924c3c9216e00ba63c2ff771d66b7520dd33a85382a84b622717e594e447"
      "c919"
      "926a5b2e94d490ee626da9df587fed674067917963fd51d383e55730c17a124555e2e46e1395c9920d07dae4d67f"
      "fee5"
      "c759b6a326eec6d7b3ba6dee012e4807" },
};

#define UNHEX(var, hex, lenvar)                                                                    \
    do {                                                                                           \
        var = test_unhex(hex, &lenvar);                                                            \
        TEST_ASSERT(var != NULL);                                                                  \
    } while (0)

/* via_callback: instantiate through tacit_hmac_drbg_seed with a replay source. */
static int run_kat(const drbg_kat *k, int via_callback)
{
    unsigned char *e = NULL, *n = NULL, *p = NULL, *re = NULL, *ra = NULL, *a1 = NULL, *a2 = NULL,
                  *exp = NULL, *out = NULL, *en = NULL;
    size_t el, nl, pl, rel = 0, ral = 0, a1l, a2l, expl;
    tacit_hmac_drbg_context ctx;
    replay_source src;
    int ok = 0;

    tacit_hmac_drbg_init(&ctx);
    UNHEX(e, k->entropy, el);
    UNHEX(n, k->nonce, nl);
    UNHEX(p, k->pers, pl);
    UNHEX(a1, k->add1, a1l);
    UNHEX(a2, k->add2, a2l);
    UNHEX(exp, k->expected, expl);
    if (k->reseed_entropy != NULL) {
        UNHEX(re, k->reseed_entropy, rel);
        UNHEX(ra, k->reseed_add, ral);
    }
    out = malloc(expl);
    TEST_ASSERT(out != NULL);
    if (via_callback) {
        en = malloc(el + nl + rel + 1);
        TEST_ASSERT(en != NULL);
        memcpy(en, e, el);
        memcpy(en + el, n, nl);
        if (rel > 0) {
            memcpy(en + el + nl, re, rel);
        }
        memset(&src, 0, sizeof(src));
        src.data = en;
        src.len = el + nl + rel;
        TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, k->md, replay_entropy, &src, pl ? p : NULL, pl), 0);
        TEST_EQUAL(src.pos, el + nl);
        if (re != NULL) {
            TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, ral ? ra : NULL, ral), 0);
            TEST_EQUAL(src.pos, el + nl + rel);
        }
    } else {
        TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, k->md, e, el, n, nl, pl ? p : NULL, pl), 0);
        if (re != NULL) {
            TEST_EQUAL(tacit_hmac_drbg_reseed_buf(&ctx, re, rel, ral ? ra : NULL, ral), 0);
        }
    }
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, out, expl, a1l ? a1 : NULL, a1l), 0);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, out, expl, a2l ? a2 : NULL, a2l), 0);
    if (!test_mem_eq(__FILE__, __LINE__, k->what, out, expl, exp, expl)) {
        goto exit;
    }
    ok = 1;
exit:
    tacit_hmac_drbg_free(&ctx);
    free(e);
    free(n);
    free(p);
    free(re);
    free(ra);
    free(a1);
    free(a2);
    free(exp);
    free(out);
    free(en);
    return ok;
}

static void test_nist_kat(void)
{
    size_t i;

    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        if (!run_kat(&kats[i], 0)) {
            printf("      (seed_buf) %s\n", kats[i].what);
        }
        TEST_ASSERT(run_kat(&kats[i], 0));
        /* the callback path asks for exactly strength + strength/2 bytes */
        if (!run_kat(&kats[i], 1)) {
            printf("      (seed callback) %s\n", kats[i].what);
        }
        TEST_ASSERT(run_kat(&kats[i], 1));
    }
    printf(" (%zu vectors)", sizeof(kats) / sizeof(kats[0]));
exit:;
}

/* ---- a straightforward SP 800-90A HMAC_DRBG, for differential testing --------- */

typedef struct {
    tacit_md_type md;
    size_t hlen;
    unsigned char K[64], V[64];
} ref_drbg;

/* HMAC_K(V || [sep] || data), with the concatenation done in a buffer. */
static void ref_hmac(ref_drbg *r, int sep, const unsigned char *data, size_t dlen,
                     unsigned char *out)
{
    unsigned char buf[64 + 1 + 2048];

    memcpy(buf, r->V, r->hlen);
    if (sep >= 0) {
        buf[r->hlen] = (unsigned char)sep;
    }
    if (dlen > 0) {
        memcpy(buf + r->hlen + (sep >= 0), data, dlen);
    }
    tacit_hmac(r->md, r->K, r->hlen, buf, r->hlen + (sep >= 0) + dlen, out);
}

static void ref_update(ref_drbg *r, const unsigned char *data, size_t dlen)
{
    ref_hmac(r, 0x00, data, dlen, r->K);
    ref_hmac(r, -1, NULL, 0, r->V);
    if (dlen == 0) {
        return;
    }
    ref_hmac(r, 0x01, data, dlen, r->K);
    ref_hmac(r, -1, NULL, 0, r->V);
}

static void ref_instantiate(ref_drbg *r, tacit_md_type md, const unsigned char *seed, size_t slen)
{
    r->md = md;
    r->hlen = tacit_md_size(md);
    memset(r->K, 0x00, r->hlen);
    memset(r->V, 0x01, r->hlen);
    ref_update(r, seed, slen);
}

static void ref_generate(ref_drbg *r, unsigned char *out, size_t olen, const unsigned char *add,
                         size_t alen)
{
    size_t n;

    if (alen > 0) {
        ref_update(r, add, alen);
    }
    while (olen > 0) {
        ref_hmac(r, -1, NULL, 0, r->V);
        n = olen < r->hlen ? olen : r->hlen;
        memcpy(out, r->V, n);
        out += n;
        olen -= n;
    }
    ref_update(r, add, alen);
}

/*
 * Random operation sequences (all hashes; personalisation, additional
 * input, explicit reseeds, automatic reseeds at a small interval,
 * prediction resistance), tacit against the reference.
 */
static void test_differential(void)
{
    static const size_t strength[6] = { 0, 16, 24, 32, 32, 32 };
    unsigned char seed[2048], add[600], out1[1000], out2[1000], ent[64];
    tacit_hmac_drbg_context ctx;
    counter_source src, mirror;
    ref_drbg ref;
    uint32_t x = 99;
    int t, trial, op, pr, interval, counter;
    size_t plen, alen, olen, el, i;

    tacit_hmac_drbg_init(&ctx);
#define RAND() (x = x * 1103515245u + 12345u, (x >> 8) & 0xffffff)
    for (t = TACIT_MD_SHA1; t <= TACIT_MD_SHA512; t++) {
        el = strength[t];
        for (trial = 0; trial < 12; trial++) {
            pr = trial % 4 == 3;
            interval = 1 + (int)(RAND() % 4);
            plen = RAND() % 3 == 0 ? 0 : RAND() % 300;
            memset(&src, 0, sizeof(src));
            src.state = (uint32_t)(trial * 1000 + t);
            src.fail_after = -1;
            mirror = src;
            tacit_hmac_drbg_init(&ctx);
            tacit_hmac_drbg_set_prediction_resistance(&ctx, pr);
            tacit_hmac_drbg_set_reseed_interval(&ctx, interval);
            /* reference seed = entropy || nonce || pers, entropy from the mirror stream */
            counter_entropy(&mirror, seed, el + el / 2);
            for (i = 0; i < plen; i++) {
                seed[el + el / 2 + i] = (unsigned char)RAND();
            }
            TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, (tacit_md_type)t, counter_entropy, &src,
                                            plen ? seed + el + el / 2 : NULL, plen),
                       0);
            ref_instantiate(&ref, (tacit_md_type)t, seed, el + el / 2 + plen);
            counter = 1;
            for (op = 0; op < 10; op++) {
                alen = RAND() % 2 ? 0 : RAND() % 500;
                for (i = 0; i < alen; i++) {
                    add[i] = (unsigned char)RAND();
                }
                if (RAND() % 5 == 0) {
                    /* explicit reseed */
                    TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, alen ? add : NULL, alen), 0);
                    counter_entropy(&mirror, seed, el);
                    memcpy(seed + el, add, alen);
                    ref_update(&ref, seed, el + alen);
                    counter = 1;
                    continue;
                }
                olen = RAND() % sizeof(out1);
                TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, out1, olen, alen ? add : NULL, alen), 0);
                if (pr || counter > interval) {
                    counter_entropy(&mirror, ent, el);
                    memcpy(seed, ent, el);
                    memcpy(seed + el, add, alen);
                    ref_update(&ref, seed, el + alen);
                    counter = 1;
                    ref_generate(&ref, out2, olen, NULL, 0);
                } else {
                    ref_generate(&ref, out2, olen, add, alen);
                }
                counter++;
                if (!test_mem_eq(__FILE__, __LINE__, "generate", out1, olen, out2, olen)) {
                    printf("      md %d trial %d op %d\n", t, trial, op);
                    goto exit;
                }
                TEST_EQUAL(src.state, mirror.state); /* same entropy bytes drawn */
            }
            tacit_hmac_drbg_free(&ctx);
        }
    }
#undef RAND
exit:
    tacit_hmac_drbg_free(&ctx);
}

/* ---- RFC 6979 through seed_buf -------------------------------------------------- */

/* a >= b, big-endian, same length */
static int be_ge(const unsigned char *a, const unsigned char *b, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (a[i] != b[i]) {
            return a[i] > b[i];
        }
    }
    return 1;
}

static void be_sub(unsigned char *a, const unsigned char *b, size_t len)
{
    int borrow = 0;
    size_t i;

    for (i = len; i-- > 0;) {
        int d = a[i] - b[i] - borrow;
        borrow = d < 0;
        a[i] = (unsigned char)d;
    }
}

static int is_zero(const unsigned char *a, size_t len)
{
    size_t i;
    unsigned char acc = 0;

    for (i = 0; i < len; i++) {
        acc |= a[i];
    }
    return acc == 0;
}

/*
 * RFC 6979 section 3.2 for a group order q of qlen = 8 * rlen bits (true
 * for P-256 and P-384): k from private key x and message.
 */
static int rfc6979_k(tacit_md_type md, const unsigned char *q, size_t rlen, const unsigned char *x,
                     const unsigned char *msg, size_t mlen, unsigned char *k)
{
    unsigned char h1[64], h1oct[66];
    size_t hlen = tacit_md_size(md);
    tacit_hmac_drbg_context ctx;
    int ret, tries;

    tacit_hmac_drbg_init(&ctx);
    ret = tacit_md(md, msg, mlen, h1);
    if (ret != 0) {
        return ret;
    }
    /* bits2octets(h1): bits2int (leftmost qlen bits), then mod q (one subtraction) */
    memset(h1oct, 0, sizeof(h1oct));
    if (hlen >= rlen) {
        memcpy(h1oct, h1, rlen);
    } else {
        memcpy(h1oct + rlen - hlen, h1, hlen);
    }
    if (be_ge(h1oct, q, rlen)) {
        be_sub(h1oct, q, rlen);
    }
    ret = tacit_hmac_drbg_seed_buf(&ctx, md, x, rlen, h1oct, rlen, NULL, 0);
    for (tries = 0; ret == 0 && tries < 100; tries++) {
        ret = tacit_hmac_drbg_generate(&ctx, k, rlen, NULL, 0);
        if (ret == 0 && !is_zero(k, rlen) && !be_ge(k, q, rlen)) {
            break;
        }
    }
    tacit_hmac_drbg_free(&ctx);
    return ret;
}

static const char P256_N[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
static const char P384_N[] = "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0"
                             "db248b0a77aecec196accc52973";

/* RFC 6979 A.2.5, P-256, SHA-256, "sample" (typed in). */
static void test_rfc6979_typed(void)
{
    unsigned char *q = NULL, *x = NULL, *kexp = NULL, k[32];
    size_t ql, xl, kl;

    UNHEX(q, P256_N, ql);
    UNHEX(x, "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721", xl);
    UNHEX(kexp, "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60", kl);
    TEST_EQUAL(rfc6979_k(TACIT_MD_SHA256, q, 32, x, (const unsigned char *)"sample", 6, k), 0);
    TEST_MEM_EQ(k, 32, kexp, kl);
exit:
    free(q);
    free(x);
    free(kexp);
}

/* Every k of ../shared/vectors/rfc6979/rfc6979_p256_p384.txt. */
static void test_rfc6979_file(void)
{
    unsigned char *text, *q = NULL, *x = NULL, *kexp = NULL, k[48];
    char *line, *save = NULL, *tok[8], *s2;
    size_t tlen, ql = 0, xl, kl;
    int nt, count = 0;

    text = test_read_shared("vectors/rfc6979/rfc6979_p256_p384.txt", &tlen);
    if (text == NULL) {
        TEST_SKIP("../shared/vectors/rfc6979 absent");
    }
    for (line = strtok_r((char *)text, "\n", &save); line != NULL;
         line = strtok_r(NULL, "\n", &save)) {
        s2 = NULL;
        for (nt = 0; nt < 8; nt++) {
            tok[nt] = strtok_r(nt == 0 ? line : NULL, " ", &s2);
            if (tok[nt] == NULL) {
                break;
            }
        }
        if (nt >= 3 && strcmp(tok[0], "curve") == 0) {
            free(q);
            free(x);
            q = NULL;
            TEST_ASSERT(strcmp(tok[1], "P-256") == 0 || strcmp(tok[1], "P-384") == 0);
            UNHEX(q, strcmp(tok[1], "P-256") == 0 ? P256_N : P384_N, ql);
            UNHEX(x, tok[2], xl);
            TEST_EQUAL(xl, ql);
        } else if (nt >= 5 && strcmp(tok[0], "sig") == 0) {
            tacit_md_type md = tacit_md_from_name(tok[1]);
            TEST_ASSERT(md != TACIT_MD_NONE && q != NULL);
            UNHEX(kexp, tok[3], kl);
            TEST_EQUAL(kl, ql);
            TEST_EQUAL(rfc6979_k(md, q, ql, x, (const unsigned char *)tok[2], strlen(tok[2]), k),
                       0);
            if (!test_mem_eq(__FILE__, __LINE__, tok[1], k, kl, kexp, kl)) {
                printf("      message \"%s\", order length %zu\n", tok[2], ql);
                goto exit;
            }
            free(kexp);
            kexp = NULL;
            count++;
        }
    }
    TEST_EQUAL(count, 20);
    printf(" (%d nonces)", count);
exit:
    free(text);
    free(q);
    free(x);
    free(kexp);
}

/* ---- limits and errors ------------------------------------------------------------ */

static int all_bytes(const unsigned char *p, size_t len, unsigned char v)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (p[i] != v) {
            return 0;
        }
    }
    return 1;
}

static void test_errors(void)
{
    static unsigned char big[TACIT_HMAC_DRBG_MAX_REQUEST + 1];
    unsigned char buf[64], e[32];
    tacit_hmac_drbg_context ctx;
    counter_source src = { 1, 0, -1 };
    counter_source bad = { 1, 0, 0 };

    memset(e, 7, sizeof(e));
    tacit_hmac_drbg_init(&ctx);

    /* use before seeding: no output */
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), TACIT_ERR_DRBG_NOT_SEEDED);
    TEST_ASSERT(all_bytes(buf, 16, 0));
    TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, NULL, 0), TACIT_ERR_DRBG_NOT_SEEDED);
    TEST_EQUAL(tacit_hmac_drbg_reseed_buf(&ctx, e, 32, NULL, 0), TACIT_ERR_DRBG_NOT_SEEDED);
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_random(&ctx, buf, 16), TACIT_ERR_DRBG_NOT_SEEDED);
    TEST_ASSERT(all_bytes(buf, 16, 0));

    /* bad arguments to seed */
    TEST_EQUAL(tacit_hmac_drbg_seed(NULL, TACIT_MD_SHA256, counter_entropy, &src, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_NONE, counter_entropy, &src, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_SHA256, NULL, &src, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_SHA256, counter_entropy, &src, NULL, 3),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_SHA256, counter_entropy, &src, big,
                                    TACIT_HMAC_DRBG_MAX_INPUT + 1),
               TACIT_ERR_DRBG_INPUT_TOO_BIG);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, TACIT_MD_SHA256, NULL, 32, NULL, 0, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, TACIT_MD_SHA256, e, 0, NULL, 0, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, TACIT_MD_SHA256, e, 32, NULL, 5, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, (tacit_md_type)77, e, 32, NULL, 0, NULL, 0),
               TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, TACIT_MD_SHA256, big, TACIT_HMAC_DRBG_MAX_INPUT + 1,
                                        NULL, 0, NULL, 0),
               TACIT_ERR_DRBG_INPUT_TOO_BIG);
    TEST_EQUAL(ctx.seeded, 0);

    /* failing entropy source */
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_SHA256, counter_entropy, &bad, NULL, 0),
               TACIT_ERR_DRBG_ENTROPY_FAILED);
    TEST_EQUAL(ctx.seeded, 0);
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), TACIT_ERR_DRBG_NOT_SEEDED);
    TEST_ASSERT(all_bytes(buf, 16, 0));

    /* seeded: request and input limits */
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_SHA256, counter_entropy, &src, NULL, 0), 0);
    memset(big, 0xaa, sizeof(big));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, big, sizeof(big), NULL, 0),
               TACIT_ERR_DRBG_REQUEST_TOO_BIG);
    TEST_ASSERT(all_bytes(big, sizeof(big), 0));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, big, TACIT_HMAC_DRBG_MAX_REQUEST, NULL, 0), 0);
    TEST_ASSERT(!all_bytes(big + TACIT_HMAC_DRBG_MAX_REQUEST - 32, 32, 0));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, NULL, 16, NULL, 0), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, NULL, 0, NULL, 0), 0);
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 4), TACIT_ERR_BAD_INPUT);
    TEST_ASSERT(all_bytes(buf, 16, 0));
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, big, TACIT_HMAC_DRBG_MAX_INPUT + 1),
               TACIT_ERR_DRBG_INPUT_TOO_BIG);
    TEST_ASSERT(all_bytes(buf, 16, 0));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, big, TACIT_HMAC_DRBG_MAX_INPUT), 0);
    TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, NULL, 1), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, big, TACIT_HMAC_DRBG_MAX_INPUT + 1),
               TACIT_ERR_DRBG_INPUT_TOO_BIG);
    TEST_EQUAL(tacit_hmac_drbg_reseed_buf(&ctx, NULL, 3, NULL, 0), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_random(NULL, buf, 16), TACIT_ERR_BAD_INPUT);
    TEST_EQUAL(tacit_hmac_drbg_random(&ctx, NULL, 16), TACIT_ERR_BAD_INPUT);

    /* entropy source dies: the reseed that prediction resistance forces fails, no output */
    src.fail_after = src.calls;
    tacit_hmac_drbg_set_prediction_resistance(&ctx, 1);
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), TACIT_ERR_DRBG_ENTROPY_FAILED);
    TEST_ASSERT(all_bytes(buf, 16, 0));
    TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, NULL, 0), TACIT_ERR_DRBG_ENTROPY_FAILED);
    tacit_hmac_drbg_free(&ctx);

    /* deterministic instance: no entropy source to reseed from */
    tacit_hmac_drbg_init(&ctx);
    tacit_hmac_drbg_set_reseed_interval(&ctx, 2);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, TACIT_MD_SHA256, e, 32, NULL, 0, NULL, 0), 0);
    TEST_EQUAL(tacit_hmac_drbg_reseed(&ctx, NULL, 0), TACIT_ERR_DRBG_RESEED_REQUIRED);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), 0);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), 0);
    memset(buf, 0xaa, sizeof(buf));
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), TACIT_ERR_DRBG_RESEED_REQUIRED);
    TEST_ASSERT(all_bytes(buf, 16, 0));
    TEST_EQUAL(tacit_hmac_drbg_reseed_buf(&ctx, e, 32, NULL, 0), 0);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, 16, NULL, 0), 0);

    tacit_hmac_drbg_init(NULL);
    tacit_hmac_drbg_free(NULL);
    tacit_hmac_drbg_set_prediction_resistance(NULL, 1);
    tacit_hmac_drbg_set_reseed_interval(NULL, 1);
exit:
    tacit_hmac_drbg_free(&ctx);
}

/* Entropy is drawn at seed, at every reseed interval, and always with prediction resistance. */
static void test_reseed_schedule(void)
{
    unsigned char buf[16];
    tacit_hmac_drbg_context ctx;
    counter_source src = { 5, 0, -1 };
    int i;

    tacit_hmac_drbg_init(&ctx);
    tacit_hmac_drbg_set_reseed_interval(&ctx, 3);
    TEST_EQUAL(tacit_hmac_drbg_seed(&ctx, TACIT_MD_SHA256, counter_entropy, &src, NULL, 0), 0);
    TEST_EQUAL(src.calls, 2); /* entropy input, nonce */
    for (i = 0; i < 3; i++) {
        TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, sizeof(buf), NULL, 0), 0);
    }
    TEST_EQUAL(src.calls, 2);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, sizeof(buf), NULL, 0), 0);
    TEST_EQUAL(src.calls, 3);
    for (i = 0; i < 3; i++) {
        TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, sizeof(buf), NULL, 0), 0);
    }
    TEST_EQUAL(src.calls, 4);
    tacit_hmac_drbg_set_prediction_resistance(&ctx, 1);
    for (i = 0; i < 5; i++) {
        TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, sizeof(buf), NULL, 0), 0);
    }
    TEST_EQUAL(src.calls, 9);
exit:
    tacit_hmac_drbg_free(&ctx);
}

/* tacit_hmac_drbg_random splits large requests into generate calls of the maximum size. */
static void test_random_large(void)
{
    static unsigned char a[200000], b[200000];
    tacit_hmac_drbg_context c1, c2;
    unsigned char e[32];
    size_t done, n;

    memset(e, 3, sizeof(e));
    tacit_hmac_drbg_init(&c1);
    tacit_hmac_drbg_init(&c2);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&c1, TACIT_MD_SHA512, e, 32, e, 16, NULL, 0), 0);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&c2, TACIT_MD_SHA512, e, 32, e, 16, NULL, 0), 0);
    TEST_EQUAL(tacit_hmac_drbg_random(&c1, a, sizeof(a)), 0);
    for (done = 0; done < sizeof(b); done += n) {
        n = sizeof(b) - done < TACIT_HMAC_DRBG_MAX_REQUEST ? sizeof(b) - done
                                                           : TACIT_HMAC_DRBG_MAX_REQUEST;
        TEST_EQUAL(tacit_hmac_drbg_generate(&c2, b + done, n, NULL, 0), 0);
    }
    TEST_MEM_EQ(a, sizeof(a), b, sizeof(b));
    TEST_EQUAL(tacit_hmac_drbg_random(&c1, a, 0), 0);
exit:
    tacit_hmac_drbg_free(&c1);
    tacit_hmac_drbg_free(&c2);
}

static void test_free_zeroizes(void)
{
    static const unsigned char zero[sizeof(tacit_hmac_drbg_context)];
    tacit_hmac_drbg_context ctx;
    unsigned char e[32], buf[8];

    memset(e, 9, sizeof(e));
    tacit_hmac_drbg_init(&ctx);
    TEST_EQUAL(tacit_hmac_drbg_seed_buf(&ctx, TACIT_MD_SHA384, e, 32, NULL, 0, NULL, 0), 0);
    TEST_EQUAL(tacit_hmac_drbg_generate(&ctx, buf, sizeof(buf), NULL, 0), 0);
    tacit_hmac_drbg_free(&ctx);
    TEST_MEM_EQ(&ctx, sizeof(ctx), zero, sizeof(ctx));
exit:;
}

/* ---- the default entropy source and RNG ------------------------------------------ */

static void test_entropy_default(void)
{
    unsigned char a[64], b[64];

    memset(a, 0, sizeof(a));
    memset(b, 0, sizeof(b));
    TEST_EQUAL(tacit_entropy_default(NULL, a, sizeof(a)), 0);
    TEST_EQUAL(tacit_entropy_default(NULL, b, sizeof(b)), 0);
    TEST_ASSERT(memcmp(a, b, sizeof(a)) != 0);
    TEST_ASSERT(!all_bytes(a, sizeof(a), 0));
    TEST_EQUAL(tacit_entropy_default(NULL, a, 0), 0);
    TEST_EQUAL(tacit_entropy_default(NULL, NULL, 0), 0);
    TEST_EQUAL(tacit_entropy_default(NULL, NULL, 4), TACIT_ERR_BAD_INPUT);
exit:;
}

static void test_rng_default(void)
{
    static unsigned char big[150000];
    unsigned char a[32], b[32], child[32];
    tacit_rng_func f = tacit_rng_default; /* it is a tacit_rng_func */
    int fds[2] = { -1, -1 }, status;
    pid_t pid;

    TEST_EQUAL(f(NULL, a, sizeof(a)), 0);
    TEST_EQUAL(f(NULL, b, sizeof(b)), 0);
    TEST_ASSERT(memcmp(a, b, sizeof(a)) != 0);
    TEST_EQUAL(f(NULL, big, sizeof(big)), 0); /* over the per-call limit: chunked */
    TEST_ASSERT(!all_bytes(big + sizeof(big) - 64, 64, 0));
    TEST_EQUAL(f(NULL, a, 0), 0);
    TEST_EQUAL(f(NULL, NULL, 4), TACIT_ERR_BAD_INPUT);

    /* after fork the child must not replay the parent's stream */
    TEST_EQUAL(pipe(fds), 0);
    fflush(stdout);
    pid = fork();
    TEST_ASSERT(pid >= 0);
    if (pid == 0) {
        unsigned char c[32];
        int ok = f(NULL, c, sizeof(c)) == 0 && write(fds[1], c, sizeof(c)) == (ssize_t)sizeof(c);
        _exit(ok ? 0 : 1);
    }
    TEST_EQUAL(f(NULL, a, sizeof(a)), 0);
    TEST_EQUAL(read(fds[0], child, sizeof(child)), (ssize_t)sizeof(child));
    TEST_EQUAL(waitpid(pid, &status, 0), pid);
    TEST_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    TEST_ASSERT(memcmp(a, child, sizeof(a)) != 0);

    tacit_rng_default_free();
    TEST_EQUAL(f(NULL, b, sizeof(b)), 0); /* seeds afresh */
    TEST_ASSERT(memcmp(a, b, sizeof(a)) != 0);
exit:
    if (fds[0] >= 0) {
        close(fds[0]);
        close(fds[1]);
    }
}

#if defined(TEST_HAVE_THREADS) && !defined(TACIT_RNG_DEFAULT_GLOBAL)
typedef struct {
    unsigned char first[32];
    int ret;
} thread_result;

static void *rng_thread(void *arg)
{
    thread_result *r = (thread_result *)arg;
    unsigned char buf[64];
    int i;

    r->ret = tacit_rng_default(NULL, r->first, sizeof(r->first));
    for (i = 0; i < 300 && r->ret == 0; i++) {
        r->ret = tacit_rng_default(NULL, buf, sizeof(buf));
    }
    tacit_rng_default_free();
    return NULL;
}
#endif

/* Concurrent threads each get their own generator (no shared state, no lock).
 * Under TACIT_RNG_DEFAULT_GLOBAL there is one instance that the caller
 * serialises (hmac_drbg.h), so concurrent calls are outside its contract. */
static void test_rng_default_threads(void)
{
#if defined(TEST_HAVE_THREADS) && !defined(TACIT_RNG_DEFAULT_GLOBAL)
    pthread_t th[4];
    thread_result res[4];
    int i, j, started = 0;

    memset(res, 0, sizeof(res));
    for (i = 0; i < 4; i++) {
        TEST_EQUAL(pthread_create(&th[i], NULL, rng_thread, &res[i]), 0);
        started++;
    }
    for (i = 0; i < started; i++) {
        pthread_join(th[i], NULL);
    }
    started = 0;
    for (i = 0; i < 4; i++) {
        TEST_EQUAL(res[i].ret, 0);
        for (j = 0; j < i; j++) {
            TEST_ASSERT(memcmp(res[i].first, res[j].first, 32) != 0);
        }
    }
exit:
    for (i = 0; i < started; i++) {
        pthread_join(th[i], NULL);
    }
#elif defined(TACIT_RNG_DEFAULT_GLOBAL)
    TEST_SKIP("TACIT_RNG_DEFAULT_GLOBAL: one generator, the caller serialises");
exit:;
#else
    TEST_SKIP("no pthread in libc");
exit:;
#endif
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_nist_kat);
    RUN_TEST(test_differential);
    RUN_TEST(test_rfc6979_typed);
    RUN_TEST(test_rfc6979_file);
    RUN_TEST(test_errors);
    RUN_TEST(test_reseed_schedule);
    RUN_TEST(test_random_large);
    RUN_TEST(test_free_zeroizes);
    RUN_TEST(test_entropy_default);
    RUN_TEST(test_rng_default);
    RUN_TEST(test_rng_default_threads);
    return TEST_MAIN_END();
}
