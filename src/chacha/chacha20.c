/*
 * ChaCha20 (RFC 8439 §2.3-2.4) and HChaCha20 (draft-irtf-cfrg-xchacha
 * §2.2), portable C: 32-bit additions, XORs and rotations only.
 */
#include "chacha/chacha_internal.h"

#if defined(TACIT_CHACHAPOLY_C)

#include <string.h>

#include "core/common.h"
#include "tacit/platform.h"

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

#define QR(x, a, b, c, d)                                                                          \
    do {                                                                                           \
        x[a] += x[b];                                                                              \
        x[d] ^= x[a];                                                                              \
        x[d] = ROTL32(x[d], 16);                                                                   \
        x[c] += x[d];                                                                              \
        x[b] ^= x[c];                                                                              \
        x[b] = ROTL32(x[b], 12);                                                                   \
        x[a] += x[b];                                                                              \
        x[d] ^= x[a];                                                                              \
        x[d] = ROTL32(x[d], 8);                                                                    \
        x[c] += x[d];                                                                              \
        x[b] ^= x[c];                                                                              \
        x[b] = ROTL32(x[b], 7);                                                                    \
    } while (0)

static uint32_t load32_le(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void store32_le(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/*
 * The 20 rounds, in place.  Compiled for size (-Os: firmware), the eight
 * quarter rounds of a double round come from a table of public indices.
 */
#if defined(__OPTIMIZE_SIZE__)
static void chacha20_rounds(uint32_t x[16])
{
    uint32_t a, b, c, d;
    unsigned i, k, s, ia, ib, ic, id;

    /*
     * One quarter round a turn, its four words in registers: turns 0..3 of
     * each double round are the columns (k, k + 4, k + 8, k + 12), turns
     * 4..7 the diagonals (k, 4 + (k + 1) % 4, 8 + (k + 2) % 4, 12 + (k + 3) % 4).
     */
    for (i = 0; i < 80; i++) {
        k = i & 3;
        s = (i >> 2) & 1;
        ia = k;
        ib = 4 + ((k + s) & 3);
        ic = 8 + ((k + 2 * s) & 3);
        id = 12 + ((k + 3 * s) & 3);
        a = x[ia];
        b = x[ib];
        c = x[ic];
        d = x[id];
        a += b;
        d = ROTL32(d ^ a, 16);
        c += d;
        b = ROTL32(b ^ c, 12);
        a += b;
        d = ROTL32(d ^ a, 8);
        c += d;
        b = ROTL32(b ^ c, 7);
        x[ia] = a;
        x[ib] = b;
        x[ic] = c;
        x[id] = d;
    }
}
#else
static void chacha20_rounds(uint32_t x[16])
{
    int i;

    for (i = 0; i < 10; i++) {
        QR(x, 0, 4, 8, 12);
        QR(x, 1, 5, 9, 13);
        QR(x, 2, 6, 10, 14);
        QR(x, 3, 7, 11, 15);
        QR(x, 0, 5, 10, 15);
        QR(x, 1, 6, 11, 12);
        QR(x, 2, 7, 8, 13);
        QR(x, 3, 4, 9, 14);
    }
}
#endif

/* n little-endian words from p. */
static void load_words(uint32_t *w, const unsigned char *p, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        w[i] = load32_le(p + 4 * i);
    }
}

/* The constant words 0..3 ("expand 32-byte k"). */
static const unsigned char sigma[16] = { 'e', 'x', 'p', 'a', 'n', 'd', ' ', '3',
                                         '2', '-', 'b', 'y', 't', 'e', ' ', 'k' };

void tacit_chacha20_setup(uint32_t st[16], const unsigned char key[32], uint32_t counter,
                          const unsigned char nonce[12])
{
    load_words(st, sigma, 4);
    load_words(st + 4, key, 8);
    st[12] = counter;
    load_words(st + 13, nonce, 3);
}

void tacit_xchacha20_setup(uint32_t st[16], const unsigned char key[32],
                           const unsigned char nonce[24])
{
    int i;

    /* HChaCha20 in place: the subkey is words 0..3 and 12..15 of the permuted state */
    tacit_chacha20_setup(st, key, load32_le(nonce), nonce + 4);
    chacha20_rounds(st);
    for (i = 0; i < 8; i++) {
        st[4 + i] = st[i + 2 * (i & 4)]; /* words 0..3 then 12..15 */
    }
    /* the constant, counter 0, the nonce 4 zero bytes || nonce[16..24) */
    load_words(st, sigma, 4);
    st[12] = 0;
    st[13] = 0;
    load_words(st + 14, nonce + 16, 2);
}

/* One ChaCha20 block: out = (20 rounds of in) + in. */
static void chacha20_block(uint32_t out[16], const uint32_t in[16])
{
    int i;

    for (i = 0; i < 16; i++) { /* a loop: no memcpy in firmware images */
        out[i] = in[i];
    }
    chacha20_rounds(out);
    for (i = 0; i < 16; i++) {
        out[i] += in[i];
    }
}

void tacit_hchacha20(unsigned char out[32], const unsigned char key[32],
                     const unsigned char nonce[16])
{
    uint32_t x[16];
    int i;

    tacit_chacha20_setup(x, key, load32_le(nonce), nonce + 4);
    chacha20_rounds(x);
    /* words 0..3 and 12..15 of the permuted state, without the feed-forward */
    for (i = 0; i < 4; i++) {
        store32_le(out + 4 * i, x[i]);
        store32_le(out + 16 + 4 * i, x[12 + i]);
    }
    tacit_platform_zeroize(x, sizeof(x));
}

#if defined(__OPTIMIZE_SIZE__)
/* Compiled for size (-Os: firmware): one byte loop; the keystream byte index is public. */
void tacit_chacha20_xor_c(const uint32_t st[16], const unsigned char *in, unsigned char *out,
                          size_t len)
{
    uint32_t s[16], ks[16];
    size_t i;

    for (i = 0; i < 16; i++) {
        s[i] = st[i];
    }
    for (i = 0; i < len; i++) {
        if ((i & 63) == 0) {
            chacha20_block(ks, s);
            s[12]++;
        }
        out[i] = (unsigned char)(in[i] ^ (ks[(i >> 2) & 15] >> (8 * (i & 3))));
    }
    tacit_platform_zeroize(ks, sizeof(ks));
}
#else
void tacit_chacha20_xor_c(const uint32_t st[16], const unsigned char *in, unsigned char *out,
                          size_t len)
{
    uint32_t s[16], ks[16];
    unsigned char kb[64];
    size_t i, n;

    memcpy(s, st, sizeof(s));
    while (len >= 64) {
        chacha20_block(ks, s);
        s[12]++;
        for (i = 0; i < 16; i++) {
            store32_le(out + 4 * i, load32_le(in + 4 * i) ^ ks[i]);
        }
        in += 64;
        out += 64;
        len -= 64;
    }
    if (len > 0) {
        chacha20_block(ks, s);
        for (i = 0; i < 16; i++) {
            store32_le(kb + 4 * i, ks[i]);
        }
        for (n = 0; n < len; n++) {
            out[n] = (unsigned char)(in[n] ^ kb[n]);
        }
        tacit_platform_zeroize(kb, sizeof(kb));
    }
    tacit_platform_zeroize(ks, sizeof(ks));
}

#endif

#else
typedef int tacit_chacha20_unused;
#endif /* TACIT_CHACHAPOLY_C */
