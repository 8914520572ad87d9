/*
 * ChaCha20-Poly1305 / XChaCha20-Poly1305 open on arbitrary input: it must
 * never accept a message that seal would not produce, must zero its output when it fails,
 * and must never read or write out of bounds (ASan).  Then a round trip on
 * the same bytes as plaintext: seal, open apart and in place (from 16 KiB
 * apart is a path of its own on AVX2), and open with one byte (chosen by
 * the input) flipped, which must fail.  In test-hook builds on x86-64 the
 * seal is also done with the AVX2 kernels and the portable C, which must
 * agree, and each opens its own output apart and in place.
 *
 * Input: byte 0 (bit 0: XChaCha20; bits 1-7: AAD length), 32 key bytes,
 * 24 nonce bytes (12 used for ChaCha20), the AAD, then ciphertext || tag.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/aead.h"
#include "fuzz_util.h"
#if defined(TACIT_TEST_HOOKS)
#include "core/cpu_x86.h"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#if defined(TACIT_CHACHAPOLY_C) && defined(TACIT_AEAD_C)
    tacit_aead_context ctx;
    const uint8_t *key, *nonce, *aad, *in;
    size_t aad_len, in_len, nlen, olen = 0, i, flip;
    unsigned char *out, *buf, *pt;
    int x, ret;

    if (size < 1 + 32 + 24) {
        return 0;
    }
    x = data[0] & 1;
    aad_len = data[0] >> 1;
    key = data + 1;
    nonce = data + 33;
    data += 57;
    size -= 57;
    if (aad_len > size) {
        aad_len = size;
    }
    aad = data;
    in = data + aad_len;
    in_len = size - aad_len;
    nlen = x ? 24 : 12;

    tacit_aead_init(&ctx);
    FUZZ_CHECK(tacit_aead_setkey(&ctx,
                                 x ? TACIT_AEAD_XCHACHA20_POLY1305 : TACIT_AEAD_CHACHA20_POLY1305,
                                 key, 32, 0) == 0);
    out = (unsigned char *)malloc(in_len + 16 + 1);
    buf = (unsigned char *)malloc(in_len + 16 + 1);
    pt = (unsigned char *)malloc(in_len + 16 + 1);
    FUZZ_CHECK(out != NULL && buf != NULL && pt != NULL);

    /*
     * Refused with the output zeroed, unless the input is a genuine message
     * (a seed one bit away from the RFC example, say): then sealing what
     * open returned must give back exactly the input.
     */
    memset(out, 0xa5, in_len + 1);
    ret = tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, in, in_len, out, in_len, &olen);
    if (in_len < 16) {
        FUZZ_CHECK(ret != 0);
    } else if (ret == 0) {
        FUZZ_CHECK(olen == in_len - 16);
        FUZZ_CHECK(
            tacit_aead_seal(&ctx, nonce, nlen, aad, aad_len, out, olen, buf, in_len, &olen) == 0);
        FUZZ_CHECK(memcmp(buf, in, in_len) == 0);
    } else {
        FUZZ_CHECK(ret == TACIT_ERR_AUTH_FAILED);
        for (i = 0; i < in_len - 16; i++) {
            FUZZ_CHECK(out[i] == 0);
        }
    }

    /* the bytes as plaintext: seal, open in place, then one flipped byte */
    ret = tacit_aead_seal(&ctx, nonce, nlen, aad, aad_len, in, in_len, out, in_len + 16, &olen);
    FUZZ_CHECK(ret == 0 && olen == in_len + 16);
#if defined(TACIT_TEST_HOOKS) && defined(TACIT_HAVE_CPU_X86)
    /*
     * Test-hook builds: the AVX2 kernels (AVX-512 off: the AVX2 one pass with
     * the MULX Poly1305) and the portable C seal the same bytes the same way,
     * and open the result in place.
     */
    {
        static const unsigned hooks[] = { TACIT_CPU_AVX512 | TACIT_CPU_IFMA, ~0u };
        int same;

        for (i = 0; i < sizeof(hooks) / sizeof(hooks[0]); i++) {
            tacit_cpu_hook_disable = hooks[i];
            FUZZ_CHECK(tacit_aead_seal(&ctx, nonce, nlen, aad, aad_len, in, in_len, buf,
                                       in_len + 16, &olen) == 0);
            same = memcmp(buf, out, in_len + 16) == 0;
            ret = tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, buf, in_len + 16, pt,
                                  in_len + 16, &olen); /* apart (from 16 KiB its own path) */
            FUZZ_CHECK(ret == 0 && olen == in_len);
            FUZZ_CHECK(in_len == 0 || memcmp(pt, in, in_len) == 0);
            ret = tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, buf, in_len + 16, buf,
                                  in_len + 16, &olen); /* in place, the same kernels */
            tacit_cpu_hook_disable = 0;
            FUZZ_CHECK(same && ret == 0 && olen == in_len);
            FUZZ_CHECK(in_len == 0 || memcmp(buf, in, in_len) == 0);
        }
    }
#endif
    ret = tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, out, in_len + 16, pt, in_len + 16,
                          &olen); /* apart */
    FUZZ_CHECK(ret == 0 && olen == in_len);
    FUZZ_CHECK(in_len == 0 || memcmp(pt, in, in_len) == 0);
    memcpy(buf, out, in_len + 16);
    ret =
        tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, buf, in_len + 16, buf, in_len + 16, &olen);
    FUZZ_CHECK(ret == 0 && olen == in_len);
    FUZZ_CHECK(in_len == 0 || memcmp(buf, in, in_len) == 0);
    flip = (in_len > 0 ? in[0] * 251u + in[in_len - 1] : 0) % (in_len + 16);
    memcpy(buf, out, in_len + 16);
    buf[flip] ^= (unsigned char)(1u << (flip % 8));
    ret = tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, buf, in_len + 16, pt, in_len + 16,
                          &olen); /* apart */
    FUZZ_CHECK(ret == TACIT_ERR_AUTH_FAILED);
    ret =
        tacit_aead_open(&ctx, nonce, nlen, aad, aad_len, buf, in_len + 16, buf, in_len + 16, &olen);
    FUZZ_CHECK(ret == TACIT_ERR_AUTH_FAILED);

    free(out);
    free(buf);
    free(pt);
    tacit_aead_free(&ctx);
#else
    (void)data;
    (void)size;
#endif
    return 0;
}
