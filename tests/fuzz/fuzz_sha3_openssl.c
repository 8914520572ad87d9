/*
 * SHA-3 and SHAKE against OpenSSL: the input is [selector][split bytes...]
 * then the message.  tacit hashes the message streamed in the pieces the
 * split bytes give (SHAKE squeezed in pieces too, output length from the
 * selector), OpenSSL in one call; the outputs must be equal.  Also HKDF
 * (SHA-256 and SHA3-256) on the message cut into salt/ikm/info, the SHA-2
 * one-shots (context-free paths) and one-shot HMAC-SHA256/384 (key: a
 * selector-chosen prefix of the message) against OpenSSL.  The one-shots
 * tacit_sha3_* / tacit_shake* (their own bare-state path) against the same
 * reference, and the eight-way SHAKE (src/hash/keccak.h) on eight pieces
 * of the message of different lengths against OpenSSL's SHAKE of each.
 * In builds with TACIT_TEST_HOOKS, bit 3 of the second byte masks AVX-512
 * (tacit_cpu_hook_disable): the AVX2/BMI kernels of AVX2-only CPUs.
 */
#include <stdint.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>

#include "fuzz_util.h"
#include "tacit/hkdf.h"
#include "tacit/hmac.h"
#include "tacit/sha256.h"
#include "tacit/sha3.h"
#include "tacit/sha512.h"

#include "core/cpu_x86.h"
#include "hash/keccak.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const EVP_MD *evp(unsigned sel)
{
    switch (sel % 6) {
    case 0:
        return EVP_sha3_224();
    case 1:
        return EVP_sha3_256();
    case 2:
        return EVP_sha3_384();
    case 3:
        return EVP_sha3_512();
    case 4:
        return EVP_shake128();
    default:
        return EVP_shake256();
    }
}

static void check_hkdf(tacit_md_type t, const EVP_MD *md, const uint8_t *p, size_t n,
                       size_t out_len)
{
    unsigned char a[600], b[600];
    size_t sl = n / 3, il = n / 3, nl = n - sl - il, bl = out_len;
    EVP_PKEY_CTX *c;

    if (il == 0 || nl > 1024) {
        return;
    }
    FUZZ_CHECK(tacit_hkdf(t, p, sl, p + sl, il, p + sl + il, nl, a, out_len) == 0);
    c = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    FUZZ_CHECK(c != NULL && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_CTX_set_hkdf_md(c, md) > 0 &&
               EVP_PKEY_CTX_set1_hkdf_salt(c, p, (int)sl) > 0 &&
               EVP_PKEY_CTX_set1_hkdf_key(c, p + sl, (int)il) > 0 &&
               EVP_PKEY_CTX_add1_hkdf_info(c, p + sl + il, (int)nl) > 0 &&
               EVP_PKEY_derive(c, b, &bl) > 0 && bl == out_len);
    EVP_PKEY_CTX_free(c);
    FUZZ_CHECK(memcmp(a, b, out_len) == 0);
}

static void check_sha2(const uint8_t *p, size_t n, unsigned sel)
{
    unsigned char a[64], b[64];
    unsigned int bl = 0;
    size_t kl = (size_t)sel * 3 % 160;

    FUZZ_CHECK(tacit_sha256(p, n, a) == 0 && EVP_Digest(p, n, b, NULL, EVP_sha256(), NULL) == 1);
    FUZZ_CHECK(memcmp(a, b, 32) == 0);
    FUZZ_CHECK(tacit_sha224(p, n, a) == 0 && EVP_Digest(p, n, b, NULL, EVP_sha224(), NULL) == 1);
    FUZZ_CHECK(memcmp(a, b, 28) == 0);
    FUZZ_CHECK(tacit_sha512(p, n, a) == 0 && EVP_Digest(p, n, b, NULL, EVP_sha512(), NULL) == 1);
    FUZZ_CHECK(memcmp(a, b, 64) == 0);
    FUZZ_CHECK(tacit_sha384(p, n, a) == 0 && EVP_Digest(p, n, b, NULL, EVP_sha384(), NULL) == 1);
    FUZZ_CHECK(memcmp(a, b, 48) == 0);
    if (kl > n) {
        kl = n;
    }
    FUZZ_CHECK(tacit_hmac(TACIT_MD_SHA256, p, kl, p + kl, n - kl, a) == 0);
    FUZZ_CHECK(HMAC(EVP_sha256(), p, (int)kl, p + kl, n - kl, b, &bl) != NULL && bl == 32);
    FUZZ_CHECK(memcmp(a, b, 32) == 0);
    FUZZ_CHECK(tacit_hmac(TACIT_MD_SHA384, p, kl, p + kl, n - kl, a) == 0);
    FUZZ_CHECK(HMAC(EVP_sha384(), p, (int)kl, p + kl, n - kl, b, &bl) != NULL && bl == 48);
    FUZZ_CHECK(memcmp(a, b, 48) == 0);
}

/* Eight streams: piece j is msg[start_j .. start_j + len_j), from the split bytes. */
static void check_x8(const uint8_t *msg, size_t mlen, const uint8_t *split, size_t nsplit,
                     unsigned sel)
{
    static unsigned char out[8][2 * 168], ref[2 * 168];
    const unsigned char *in[8];
    unsigned char *outp[8];
    size_t len[8], j, rate = (sel & 0x80) ? 136 : 168;
    tacit_shake_x8 st;
    EVP_MD_CTX *e;

    for (j = 0; j < 8; j++) {
        size_t start = mlen == 0 ? 0 : (j * 37 + (j < nsplit ? split[j] : 0)) % (mlen + 1);
        size_t l = (size_t)(j < nsplit ? split[j] * 5 : j * 61);
        len[j] = l > mlen - start ? mlen - start : l;
        in[j] = msg + start;
        outp[j] = out[j];
    }
    if (sel & 0x80) {
        tacit_shake256_x8_absorb_once(&st, in, len);
        tacit_shake256_x8_squeezeblocks(&st, outp, 2);
    } else {
        tacit_shake128_x8_absorb_once(&st, in, len);
        tacit_shake128_x8_squeezeblocks(&st, outp, 2);
    }
    for (j = 0; j < 8; j++) {
        e = EVP_MD_CTX_new();
        FUZZ_CHECK(
            e != NULL &&
            EVP_DigestInit_ex(e, (sel & 0x80) ? EVP_shake256() : EVP_shake128(), NULL) == 1 &&
            EVP_DigestUpdate(e, in[j], len[j]) == 1 && EVP_DigestFinalXOF(e, ref, 2 * rate) == 1);
        EVP_MD_CTX_free(e);
        FUZZ_CHECK(memcmp(out[j], ref, 2 * rate) == 0);
    }
}

/* The one-shots against the reference (digest or olen bytes of XOF output). */
static void check_oneshot(unsigned sel, const uint8_t *msg, size_t mlen, const unsigned char *ref,
                          size_t olen)
{
    unsigned char out[600];

    switch (sel % 6) {
    case 0:
        FUZZ_CHECK(tacit_sha3_224(msg, mlen, out) == 0);
        break;
    case 1:
        FUZZ_CHECK(tacit_sha3_256(msg, mlen, out) == 0);
        break;
    case 2:
        FUZZ_CHECK(tacit_sha3_384(msg, mlen, out) == 0);
        break;
    case 3:
        FUZZ_CHECK(tacit_sha3_512(msg, mlen, out) == 0);
        break;
    case 4:
        FUZZ_CHECK(tacit_shake128(msg, mlen, out, olen) == 0);
        break;
    default:
        FUZZ_CHECK(tacit_shake256(msg, mlen, out, olen) == 0);
        break;
    }
    FUZZ_CHECK(memcmp(out, ref, olen) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const tacit_md_type types[4] = { TACIT_MD_SHA3_224, TACIT_MD_SHA3_256, TACIT_MD_SHA3_384,
                                            TACIT_MD_SHA3_512 };
    unsigned char ref[600], out[600];
    tacit_sha3_context ctx;
    EVP_MD_CTX *e;
    const uint8_t *msg, *split;
    size_t nsplit, mlen, off, k, olen, piece;
    unsigned sel;

    if (size < 2) {
        return 0;
    }
    sel = data[0];
    nsplit = (size_t)(data[1] & 7);
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
    tacit_cpu_hook_disable = (data[1] & 8) ? TACIT_CPU_AVX512 : 0;
#endif
    if (size < 2 + nsplit) {
        return 0;
    }
    split = data + 2;
    msg = split + nsplit;
    mlen = size - 2 - nsplit;
    olen = sel % 6 >= 4 ? 1 + (size_t)(sel >> 3) * 19 % sizeof(out) : (size_t)EVP_MD_size(evp(sel));

    e = EVP_MD_CTX_new();
    FUZZ_CHECK(e != NULL && EVP_DigestInit_ex(e, evp(sel), NULL) == 1 &&
               EVP_DigestUpdate(e, msg, mlen) == 1);
    if (sel % 6 >= 4) {
        FUZZ_CHECK(EVP_DigestFinalXOF(e, ref, olen) == 1);
    } else {
        FUZZ_CHECK(EVP_DigestFinal_ex(e, ref, NULL) == 1);
    }
    EVP_MD_CTX_free(e);

    tacit_sha3_init(&ctx);
    if (sel % 6 >= 4) {
        FUZZ_CHECK(tacit_shake_init(&ctx, sel % 6 == 4 ? TACIT_SHAKE128 : TACIT_SHAKE256) == 0);
    } else {
        FUZZ_CHECK(tacit_sha3_starts(&ctx, types[sel % 6]) == 0);
    }
    off = 0;
    for (k = 0; k <= nsplit && off < mlen; k++) {
        piece = k < nsplit ? (size_t)split[k] * 3 : mlen - off;
        if (piece > mlen - off) {
            piece = mlen - off;
        }
        FUZZ_CHECK((sel % 6 >= 4 ? tacit_shake_absorb(&ctx, msg + off, piece)
                                 : tacit_sha3_update(&ctx, msg + off, piece)) == 0);
        off += piece;
    }
    if (off < mlen) {
        FUZZ_CHECK((sel % 6 >= 4 ? tacit_shake_absorb(&ctx, msg + off, mlen - off)
                                 : tacit_sha3_update(&ctx, msg + off, mlen - off)) == 0);
    }
    if (sel % 6 >= 4) {
        off = 0;
        for (k = 0; off < olen; k++) {
            piece = 1 + (size_t)(k < nsplit ? split[k] : 200);
            if (piece > olen - off) {
                piece = olen - off;
            }
            FUZZ_CHECK(tacit_shake_squeeze(&ctx, out + off, piece) == 0);
            off += piece;
        }
    } else {
        FUZZ_CHECK(tacit_sha3_finish(&ctx, out) == 0);
    }
    tacit_sha3_free(&ctx);
    FUZZ_CHECK(memcmp(out, ref, olen) == 0);
    check_oneshot(sel, msg, mlen, ref, olen);
    check_x8(msg, mlen, split, nsplit, sel);

    check_hkdf((sel & 0x40) ? TACIT_MD_SHA3_256 : TACIT_MD_SHA256,
               (sel & 0x40) ? EVP_sha3_256() : EVP_sha256(), msg, mlen, 1 + (sel >> 2) % 200);
    check_sha2(msg, mlen, sel);
    return 0;
}
