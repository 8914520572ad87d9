/*
 * ML-KEM polynomial arithmetic, portable C (see mlkem_internal.h for the
 * representations and bounds).  Nothing here divides, and only
 * tacit_mlkem_rej_uniform_unsafe branches on data (public data).
 */
#include "tacit/config.h"

#if defined(TACIT_MLKEM_C)

#include <string.h>

#include "mlkem/mlkem_internal.h"

#define Q TACIT_MLKEM_Q

/*
 * zeta^brv7(i) * R mod q, centred, for i = 0..127 (zeta = 17, the 256th root
 * of unity of FIPS 203; brv7 = 7-bit bit reversal).  Entry 0 is unused by
 * the NTT; entries 64..127 are also the base-case moduli gamma_{2i} =
 * zeta^(2 brv7(i) + 1) of algorithm 11 (gamma_{2i+1} = -gamma_{2i}).
 */
const int16_t tacit_mlkem_zetas[128] = {
    -1044, -758,  -359,  -1517, 1493,  1422,  287,   202,   -171,  622,   1577,  182,   962,
    -1202, -1474, 1468,  573,   -1325, 264,   383,   -829,  1458,  -1602, -130,  -681,  1017,
    732,   608,   -1542, 411,   -205,  -1571, 1223,  652,   -552,  1015,  -1293, 1491,  -282,
    -1544, 516,   -8,    -320,  -666,  -1618, -1162, 126,   1469,  -853,  -90,   -271,  830,
    107,   -1421, -247,  -951,  -398,  961,   -1508, -725,  448,   -1065, 677,   -1275, -1103,
    430,   555,   843,   -1251, 871,   1550,  105,   422,   587,   177,   -235,  -291,  -460,
    1574,  1653,  -246,  778,   1159,  -147,  -777,  1483,  -602,  1119,  -1590, 644,   -872,
    349,   418,   329,   -156,  -75,   817,   1097,  603,   610,   1322,  -1285, -1465, 384,
    -1215, -136,  1218,  -1335, -874,  220,   -1187, -1659, -1185, -1530, -1278, 794,   -1510,
    -854,  -870,  478,   -108,  -308,  996,   991,   958,   -1460, 1522,  1628
};

void tacit_mlkem_ntt_c(tacit_mlkem_poly *a)
{
    unsigned layer, blk, j, i = 1;
    int16_t *f = a->c;

    /* loops counted by shifts: a trip count 256 / (2 len) is a division clang would emit */
    for (layer = 0; layer < 7; layer++) {
        unsigned len = 128u >> layer;
        for (blk = 0; blk < (1u << layer); blk++) {
            unsigned start = 2 * len * blk;
            int16_t zeta = tacit_mlkem_zetas[i++];
            for (j = start; j < start + len; j++) {
                int16_t t = tacit_mlkem_fqmul(zeta, f[j + len]);
                f[j + len] = (int16_t)(f[j] - t);
                f[j] = (int16_t)(f[j] + t);
            }
        }
    }
    /* each layer adds less than q: |c| < 8 q < 2^15 here */
    tacit_mlkem_poly_reduce(a);
}

void tacit_mlkem_invntt_c(tacit_mlkem_poly *a)
{
    /* 1441 = R^2 / 128 mod q: the 1/128 of algorithm 10, times R */
    const int16_t f128 = 1441;
    unsigned layer, blk, j, i = 127;
    int16_t *f = a->c;

    for (layer = 7; layer-- > 0;) {
        unsigned len = 128u >> layer;
        for (blk = 0; blk < (1u << layer); blk++) {
            unsigned start = 2 * len * blk;
            int16_t zeta = tacit_mlkem_zetas[i--];
            for (j = start; j < start + len; j++) {
                int16_t t = f[j];
                f[j] = tacit_mlkem_barrett((int16_t)(t + f[j + len]));
                f[j + len] = tacit_mlkem_fqmul(zeta, (int16_t)(f[j + len] - t));
            }
        }
    }
    for (j = 0; j < TACIT_MLKEM_N; j++) {
        f[j] = tacit_mlkem_fqmul(f[j], f128);
    }
}

void tacit_mlkem_basemul_acc_c(int32_t acc[TACIT_MLKEM_N], const tacit_mlkem_poly *a,
                               const tacit_mlkem_poly *b)
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N / 4; i++) {
        int16_t zeta = tacit_mlkem_zetas[64 + i];
        const int16_t *x = &a->c[4 * i], *y = &b->c[4 * i];
        int32_t *r = &acc[4 * i];

        /* (x0 + x1 X)(y0 + y1 X) mod X^2 - zeta, then mod X^2 + zeta */
        r[0] += (int32_t)x[0] * y[0] + (int32_t)tacit_mlkem_fqmul(x[1], y[1]) * zeta;
        r[1] += (int32_t)x[0] * y[1] + (int32_t)x[1] * y[0];
        r[2] += (int32_t)x[2] * y[2] - (int32_t)tacit_mlkem_fqmul(x[3], y[3]) * zeta;
        r[3] += (int32_t)x[2] * y[3] + (int32_t)x[3] * y[2];
    }
}

void tacit_mlkem_acc_reduce(tacit_mlkem_poly *r, const int32_t acc[TACIT_MLKEM_N])
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        r->c[i] = tacit_mlkem_mont_reduce(acc[i]);
    }
}

void tacit_mlkem_poly_reduce(tacit_mlkem_poly *a)
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        a->c[i] = tacit_mlkem_barrett(a->c[i]);
    }
}

void tacit_mlkem_poly_tomont(tacit_mlkem_poly *a)
{
    /* 1353 = R^2 mod q */
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        a->c[i] = tacit_mlkem_fqmul(a->c[i], 1353);
    }
}

void tacit_mlkem_poly_add(tacit_mlkem_poly *r, const tacit_mlkem_poly *a, const tacit_mlkem_poly *b)
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        r->c[i] = (int16_t)(a->c[i] + b->c[i]);
    }
}

void tacit_mlkem_poly_sub(tacit_mlkem_poly *r, const tacit_mlkem_poly *a, const tacit_mlkem_poly *b)
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        r->c[i] = (int16_t)(a->c[i] - b->c[i]);
    }
}

void tacit_mlkem_poly_tobytes(unsigned char out[384], const tacit_mlkem_poly *a)
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N / 2; i++) {
        uint32_t t0 = (uint32_t)tacit_mlkem_caddq(a->c[2 * i]);
        uint32_t t1 = (uint32_t)tacit_mlkem_caddq(a->c[2 * i + 1]);
        out[3 * i] = (unsigned char)t0;
        out[3 * i + 1] = (unsigned char)((t0 >> 8) | (t1 << 4));
        out[3 * i + 2] = (unsigned char)(t1 >> 4);
    }
}

void tacit_mlkem_poly_frombytes(tacit_mlkem_poly *a, const unsigned char in[384])
{
    unsigned i;

    for (i = 0; i < TACIT_MLKEM_N / 2; i++) {
        uint32_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
        a->c[2 * i] = (int16_t)(b0 | ((b1 & 0x0F) << 8));
        a->c[2 * i + 1] = (int16_t)((b1 >> 4) | (b2 << 4));
    }
}

int tacit_mlkem_poly_check_modulus(const unsigned char in[384])
{
    unsigned i;
    uint32_t bad = 0;

    for (i = 0; i < TACIT_MLKEM_N / 2; i++) {
        uint32_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
        uint32_t t0 = b0 | ((b1 & 0x0F) << 8), t1 = (b1 >> 4) | (b2 << 4);
        /* borrow of t - q: 1 when t < q */
        bad |= ((t0 - Q) >> 31) ^ 1u;
        bad |= ((t1 - Q) >> 31) ^ 1u;
    }
    return bad == 0;
}

/*
 * ByteEncode_d of 256 values below 2^d, least significant bit first, through
 * a bit accumulator (d <= 12).
 */
void tacit_mlkem_poly_compress(unsigned char *out, const tacit_mlkem_poly *a, unsigned d)
{
    uint32_t acc = 0;
    unsigned i, bits = 0;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        uint32_t t = tacit_mlkem_compress((uint32_t)tacit_mlkem_caddq(a->c[i]), d);
        acc |= t << bits;
        bits += d;
        while (bits >= 8) {
            *out++ = (unsigned char)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
}

void tacit_mlkem_poly_decompress(tacit_mlkem_poly *a, const unsigned char *in, unsigned d)
{
    uint32_t acc = 0, mask = (1u << d) - 1u;
    unsigned i, bits = 0;

    for (i = 0; i < TACIT_MLKEM_N; i++) {
        while (bits < d) {
            acc |= (uint32_t)*in++ << bits;
            bits += 8;
        }
        a->c[i] = tacit_mlkem_decompress(acc & mask, d);
        acc >>= d;
        bits -= d;
    }
}

void tacit_mlkem_poly_frommsg(tacit_mlkem_poly *a, const unsigned char msg[32])
{
    unsigned i, j;

    for (i = 0; i < 32; i++) {
        for (j = 0; j < 8; j++) {
            uint32_t bit = ((uint32_t)msg[i] >> j) & 1u;
            /* 1665 = round(q / 2) = Decompress_1(1) */
            a->c[8 * i + j] = (int16_t)((0u - bit) & 1665u);
        }
    }
}

void tacit_mlkem_poly_tomsg(unsigned char msg[32], const tacit_mlkem_poly *a)
{
    unsigned i, j;

    for (i = 0; i < 32; i++) {
        uint32_t byte = 0;
        for (j = 0; j < 8; j++) {
            uint32_t t = (uint32_t)tacit_mlkem_caddq(a->c[8 * i + j]);
            byte |= tacit_mlkem_compress(t, 1) << j;
        }
        msg[i] = (unsigned char)byte;
    }
}

static uint32_t load32_le(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void tacit_mlkem_poly_cbd(tacit_mlkem_poly *a, const unsigned char *buf, unsigned eta)
{
    unsigned i, j;

    if (eta == 2) {
        /* 4 bits per coefficient: (b0 + b1) - (b2 + b3) */
        for (i = 0; i < TACIT_MLKEM_N / 8; i++) {
            uint32_t w = load32_le(buf + 4 * i);
            uint32_t s = (w & 0x55555555u) + ((w >> 1) & 0x55555555u);
            for (j = 0; j < 8; j++) {
                int32_t x = (int32_t)((s >> (4 * j)) & 3u);
                int32_t y = (int32_t)((s >> (4 * j + 2)) & 3u);
                a->c[8 * i + j] = (int16_t)(x - y);
            }
        }
    } else {
        /* eta = 3: 6 bits per coefficient, 4 coefficients from 3 bytes */
        for (i = 0; i < TACIT_MLKEM_N / 4; i++) {
            uint32_t w = (uint32_t)buf[3 * i] | ((uint32_t)buf[3 * i + 1] << 8) |
                         ((uint32_t)buf[3 * i + 2] << 16);
            uint32_t s = (w & 0x00249249u) + ((w >> 1) & 0x00249249u) + ((w >> 2) & 0x00249249u);
            for (j = 0; j < 4; j++) {
                int32_t x = (int32_t)((s >> (6 * j)) & 7u);
                int32_t y = (int32_t)((s >> (6 * j + 3)) & 7u);
                a->c[4 * i + j] = (int16_t)(x - y);
            }
        }
    }
}

unsigned tacit_mlkem_rej_uniform_unsafe(int16_t *a, unsigned ctr, const unsigned char *buf,
                                        size_t len)
{
    size_t pos = 0;

    while (ctr < TACIT_MLKEM_N && pos + 3 <= len) {
        uint32_t d1 = (uint32_t)buf[pos] | (((uint32_t)buf[pos + 1] & 0x0F) << 8);
        uint32_t d2 = ((uint32_t)buf[pos + 1] >> 4) | ((uint32_t)buf[pos + 2] << 4);
        pos += 3;
        if (d1 < Q) {
            a[ctr++] = (int16_t)d1;
        }
        if (d2 < Q && ctr < TACIT_MLKEM_N) {
            a[ctr++] = (int16_t)d2;
        }
    }
    return ctr;
}

#endif /* TACIT_MLKEM_C */
