/*
 * AES-GCM / AES-CCM open through tacit_aead_* on arbitrary input: it must
 * never accept a message that seal would not produce (an accepted input
 * must come back bit for bit from sealing what open returned), must zero
 * its output when it fails, and must never read or write out of bounds
 * (ASan: nonce, AAD and input are copied into buffers of exactly their
 * length).  Then the same bytes as plaintext: seal, open (in place), and
 * open with one bit flipped (chosen by the input), which must fail.
 *
 * Input: byte 0 (algorithm: low 3 bits mod 6; tag length: high 5 bits),
 * byte 1 (nonce length: 1..64 for GCM, 7..13 for CCM), byte 2 (AAD length),
 * 32 key bytes (the first 16/24/32 used), the nonce, the AAD, then
 * ciphertext || tag.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/aead.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned char *dup_exact(const uint8_t *p, size_t n)
{
    unsigned char *b = (unsigned char *)malloc(n == 0 ? 1 : n);
    FUZZ_CHECK(b != NULL);
    if (n != 0) {
        memcpy(b, p, n);
    }
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#if defined(TACIT_AEAD_C) && defined(TACIT_GCM_C) && defined(TACIT_CCM_C)
    static const tacit_aead_alg algs[6] = { TACIT_AEAD_AES_128_GCM, TACIT_AEAD_AES_192_GCM,
                                            TACIT_AEAD_AES_256_GCM, TACIT_AEAD_AES_128_CCM,
                                            TACIT_AEAD_AES_256_CCM, TACIT_AEAD_AES_192_CCM };
    static const size_t key_lens[6] = { 16, 24, 32, 16, 32, 24 };
    tacit_aead_context ctx;
    tacit_aead_alg alg;
    unsigned char *nonce, *aad, *in, *out, *buf;
    size_t a, tl, nl, al, in_len, olen = 0, i, bit;
    int ccm, ret;

    if (size < 3 + 32) {
        return 0;
    }
    a = (data[0] & 7) % 6;
    alg = algs[a];
    ccm = a >= 3;
    tl = ccm ? 4 + 2 * ((data[0] >> 3) % 7) : 12 + (data[0] >> 3) % 5;
    nl = ccm ? 7 + data[1] % 7 : 1 + data[1] % 64;
    al = data[2];
    data += 35;
    size -= 35;
    if (nl > size) {
        return 0;
    }
    if (al > size - nl) {
        al = size - nl;
    }
    nonce = dup_exact(data, nl);
    aad = dup_exact(data + nl, al);
    in_len = size - nl - al;
    in = dup_exact(data + nl + al, in_len);

    tacit_aead_init(&ctx);
    FUZZ_CHECK(tacit_aead_setkey(&ctx, alg, data - 32, key_lens[a], tl) == 0);
    out = (unsigned char *)malloc(in_len + 16);
    buf = (unsigned char *)malloc(in_len + 16);
    FUZZ_CHECK(out != NULL && buf != NULL);

    /* arbitrary ciphertext || tag: refused and zeroed, unless genuine */
    if (in_len >= tl) {
        memset(out, 0xa5, in_len - tl + 1);
        ret = tacit_aead_open(&ctx, nonce, nl, aad, al, in, in_len, out, in_len - tl, &olen);
        if (ret == 0) {
            FUZZ_CHECK(olen == in_len - tl);
            FUZZ_CHECK(tacit_aead_seal(&ctx, nonce, nl, aad, al, out, olen, buf, in_len, &olen) ==
                       0);
            FUZZ_CHECK(memcmp(buf, in, in_len) == 0);
        } else {
            FUZZ_CHECK(ret == TACIT_ERR_AUTH_FAILED);
            for (i = 0; i < in_len - tl; i++) {
                FUZZ_CHECK(out[i] == 0);
            }
            FUZZ_CHECK(out[in_len - tl] == 0xa5);
        }
    } else {
        ret = tacit_aead_open(&ctx, nonce, nl, aad, al, in, in_len, out, in_len + 16, &olen);
        FUZZ_CHECK(ret == TACIT_ERR_AUTH_FAILED);
    }

    /* the bytes as plaintext (CCM: as far as its length field allows) */
    if (!ccm || nl < 13 || in_len < 65536) {
        ret = tacit_aead_seal(&ctx, nonce, nl, aad, al, in, in_len, out, in_len + tl, &olen);
        FUZZ_CHECK(ret == 0 && olen == in_len + tl);
        memcpy(buf, out, in_len + tl);
        ret = tacit_aead_open(&ctx, nonce, nl, aad, al, buf, in_len + tl, buf, in_len, &olen);
        FUZZ_CHECK(ret == 0 && olen == in_len && memcmp(buf, in, in_len) == 0);
        bit = (size_t)data[-1] * 8 + data[-2];
        bit %= 8 * (in_len + tl);
        out[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        ret = tacit_aead_open(&ctx, nonce, nl, aad, al, out, in_len + tl, buf, in_len, &olen);
        FUZZ_CHECK(ret == TACIT_ERR_AUTH_FAILED);
    }
    tacit_aead_free(&ctx);
    free(nonce);
    free(aad);
    free(in);
    free(out);
    free(buf);
#else
    (void)data;
    (void)size;
#endif
    return 0;
}
