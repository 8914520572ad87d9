/*
 * base64: tacit's constant-flow decoder against a plain reference decoder
 * written here from the rules in base64.h (same verdict, same bytes), and
 * encode -> decode round trips of the input as data, with and without lines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/base64.h"
#include "fuzz_util.h"

static int ref_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

/* Returns the decoded length, or -1 if the input is invalid. */
static long ref_decode(const unsigned char *s, size_t n, unsigned char *out)
{
    unsigned char grp[4];
    size_t i = 0, g = 0, o = 0;
    int done = 0; /* a padded group was seen: only line breaks may follow */

    while (i < n) {
        unsigned char c = s[i];
        if (c == '\r') {
            if (i + 1 >= n || s[i + 1] != '\n' || g != 0)
                return -1;
            i += 2;
            continue;
        }
        if (c == '\n') {
            if (g != 0)
                return -1;
            i++;
            continue;
        }
        if (done)
            return -1;
        grp[g++] = c;
        i++;
        if (g == 4) {
            int v[4], k, pad = 0;
            g = 0;
            if (grp[3] == '=')
                pad = (grp[2] == '=') ? 2 : 1;
            for (k = 0; k < 4 - pad; k++) {
                v[k] = ref_value(grp[k]);
                if (v[k] < 0)
                    return -1;
            }
            if (pad == 2 && (v[1] & 0xf))
                return -1;
            if (pad == 1 && (v[2] & 0x3))
                return -1;
            out[o++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
            if (pad < 2)
                out[o++] = (unsigned char)(v[1] << 4 | v[2] >> 2);
            if (pad < 1)
                out[o++] = (unsigned char)(v[2] << 6 | v[3]);
            if (pad)
                done = 1;
        }
    }
    if (g != 0)
        return -1;
    return (long)o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t cap = 3 * (size / 4) + 16, olen = 0, elen = 0;
    unsigned char *ours = malloc(cap), *ref = malloc(cap);
    unsigned char *enc = NULL, *dec = NULL;
    long rlen;
    int ret;

    FUZZ_CHECK(ours != NULL && ref != NULL);
    rlen = ref_decode(data, size, ref);
    ret = tacit_base64_decode(data, size, ours, cap, &olen);
    FUZZ_CHECK((ret == 0) == (rlen >= 0));
    if (ret == 0) {
        FUZZ_CHECK(olen == (size_t)rlen);
        FUZZ_CHECK(memcmp(ours, ref, olen) == 0);
    }

    /* Round trips: the input as binary data. */
    elen = 4 * ((size + 2) / 3) + (4 * ((size + 2) / 3)) / 64 + 2;
    enc = malloc(elen);
    dec = malloc(size + 16);
    FUZZ_CHECK(enc != NULL && dec != NULL);
    FUZZ_CHECK(tacit_base64_encode(data, size, enc, elen, &olen) == 0);
    {
        size_t dlen = 0;
        FUZZ_CHECK(tacit_base64_decode(enc, olen, dec, size + 16, &dlen) == 0);
        FUZZ_CHECK(dlen == size && (size == 0 || memcmp(dec, data, size) == 0));
    }
    FUZZ_CHECK(tacit_base64_encode_lines(data, size, 64, enc, elen, &olen) == 0);
    {
        size_t dlen = 0;
        FUZZ_CHECK(tacit_base64_decode(enc, olen, dec, size + 16, &dlen) == 0);
        FUZZ_CHECK(dlen == size && (size == 0 || memcmp(dec, data, size) == 0));
    }
    free(ours);
    free(ref);
    free(enc);
    free(dec);
    return 0;
}
