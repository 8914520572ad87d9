/*
 * Bitsliced constant-time AES (FIPS 197), encryption only (GCM and CCM
 * need no decryption).  See aes_ct.h.
 *
 * Layout.  A call holds NB = TACIT_AES_CT_BLOCKS blocks in eight words q[0..7]
 * of 16 NB bits: q[j] has bit j of every byte.  The byte of block b in row r,
 * column c (state byte 4c + r) sits at bit
 *
 *     4 NB r + NB c + b
 *
 * so a row is a group of 4 NB bits, and a column a group of NB bits inside
 * it.  ShiftRows is then a rotation of each row group by NB r bits, and
 * MixColumns needs the rows r+1, r+2, r+3 of the same column: rotations of
 * the whole word by 4 NB, 8 NB and 12 NB bits.
 *
 * Getting there: "ortho" swaps, in eight words, the index of the word with
 * the index of the bit inside each byte (three rounds of masked swaps), so
 * word k, byte p, bit j goes to word j, byte p, bit k.  Bit 8p + k of q[j]
 * must be the byte (b, r, c) above: for NB = 2 that is p = r, k = 2c + b,
 * i.e. the input word k is column c of block b as loaded (little-endian);
 * for NB = 4, p = 2r + (c >> 1) and k = 4 (c & 1) + b: word b interleaves
 * the bytes of columns 0 and 2 of block b, word 4 + b those of 1 and 3.
 */
#include "aes/aes_ct.h"

#if defined(TACIT_AES_C)

#include <string.h>

#if defined(TACIT_AES_CT64)
typedef uint64_t aw;
#define AW(x) ((uint64_t)(x##ULL))
#else
typedef uint32_t aw;
#define AW(x) ((uint32_t)(x##ULL))
#endif
#define AW_BITS (16 * TACIT_AES_CT_BLOCKS)

static inline uint32_t load_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline void store_le32(unsigned char *p, uint32_t x)
{
    p[0] = (unsigned char)x;
    p[1] = (unsigned char)(x >> 8);
    p[2] = (unsigned char)(x >> 16);
    p[3] = (unsigned char)(x >> 24);
}

static inline aw rotr(aw x, unsigned n)
{
    return (aw)((x >> n) | (x << (AW_BITS - n)));
}

/* word index <-> bit-in-byte index, for eight words (an involution) */
/* the bits of a under (mask << n) <-> the bits of b under mask */
#define SWAPMOVE(a, b, mask, n)                                                                    \
    do {                                                                                           \
        aw t_ = (((a) >> (n)) ^ (b)) & (mask);                                                     \
        (b) ^= t_;                                                                                 \
        (a) ^= t_ << (n);                                                                          \
    } while (0)

static void ortho(aw *q)
{
    /* bit 0 of the word index <-> bit 0 of the bit index: odd bits of q[2i] <-> even of q[2i+1];
       then bit 1 (pairs of bits, words 2 apart), then bit 2 (nibbles, words 4 apart) */
    SWAPMOVE(q[0], q[1], AW(0x5555555555555555), 1);
    SWAPMOVE(q[2], q[3], AW(0x5555555555555555), 1);
    SWAPMOVE(q[4], q[5], AW(0x5555555555555555), 1);
    SWAPMOVE(q[6], q[7], AW(0x5555555555555555), 1);
    SWAPMOVE(q[0], q[2], AW(0x3333333333333333), 2);
    SWAPMOVE(q[1], q[3], AW(0x3333333333333333), 2);
    SWAPMOVE(q[4], q[6], AW(0x3333333333333333), 2);
    SWAPMOVE(q[5], q[7], AW(0x3333333333333333), 2);
    SWAPMOVE(q[0], q[4], AW(0x0F0F0F0F0F0F0F0F), 4);
    SWAPMOVE(q[1], q[5], AW(0x0F0F0F0F0F0F0F0F), 4);
    SWAPMOVE(q[2], q[6], AW(0x0F0F0F0F0F0F0F0F), 4);
    SWAPMOVE(q[3], q[7], AW(0x0F0F0F0F0F0F0F0F), 4);
}

/*
 * The S-box on every bit position of q[0..7] at once (q[7] the most
 * significant bit of each byte): Boyar and Peralta's circuit, a linear
 * layer, a shared non-linear core (GF(2^4) inversion in a tower field),
 * and an output linear layer with the affine constant folded in as NOTs.
 */
static void sbox(aw *q)
{
    aw x0 = q[7], x1 = q[6], x2 = q[5], x3 = q[4], x4 = q[3], x5 = q[2], x6 = q[1], x7 = q[0];
    aw y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12, y13, y14, y15, y16, y17, y18, y19, y20,
        y21;
    aw t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19,
        t20, t21, t22, t23, t24, t25, t26, t27, t28, t29, t30, t31, t32, t33, t34, t35, t36, t37,
        t38, t39, t40, t41, t42, t43, t44, t45, t46, t47, t48, t49, t50, t51, t52, t53, t54, t55,
        t56, t57, t58, t59, t60, t61, t62, t63, t64, t65, t66, t67;
    aw z0, z1, z2, z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13, z14, z15, z16, z17;
    aw s0, s1, s2, s3, s4, s5, s6, s7;

    /* top linear layer */
    y14 = x3 ^ x5;
    y13 = x0 ^ x6;
    y9 = x0 ^ x3;
    y8 = x0 ^ x5;
    t0 = x1 ^ x2;
    y1 = t0 ^ x7;
    y4 = y1 ^ x3;
    y12 = y13 ^ y14;
    y2 = y1 ^ x0;
    y5 = y1 ^ x6;
    y3 = y5 ^ y8;
    t1 = x4 ^ y12;
    y15 = t1 ^ x5;
    y20 = t1 ^ x1;
    y6 = y15 ^ x7;
    y10 = y15 ^ t0;
    y11 = y20 ^ y9;
    y7 = x7 ^ y11;
    y17 = y10 ^ y11;
    y19 = y10 ^ y8;
    y16 = t0 ^ y11;
    y21 = y13 ^ y16;
    y18 = x0 ^ y16;

    /* non-linear core */
    t2 = y12 & y15;
    t3 = y3 & y6;
    t4 = t3 ^ t2;
    t5 = y4 & x7;
    t6 = t5 ^ t2;
    t7 = y13 & y16;
    t8 = y5 & y1;
    t9 = t8 ^ t7;
    t10 = y2 & y7;
    t11 = t10 ^ t7;
    t12 = y9 & y11;
    t13 = y14 & y17;
    t14 = t13 ^ t12;
    t15 = y8 & y10;
    t16 = t15 ^ t12;
    t17 = t4 ^ t14;
    t18 = t6 ^ t16;
    t19 = t9 ^ t14;
    t20 = t11 ^ t16;
    t21 = t17 ^ y20;
    t22 = t18 ^ y19;
    t23 = t19 ^ y21;
    t24 = t20 ^ y18;

    t25 = t21 ^ t22;
    t26 = t21 & t23;
    t27 = t24 ^ t26;
    t28 = t25 & t27;
    t29 = t28 ^ t22;
    t30 = t23 ^ t24;
    t31 = t22 ^ t26;
    t32 = t31 & t30;
    t33 = t32 ^ t24;
    t34 = t23 ^ t33;
    t35 = t27 ^ t33;
    t36 = t24 & t35;
    t37 = t36 ^ t34;
    t38 = t27 ^ t36;
    t39 = t29 & t38;
    t40 = t25 ^ t39;

    t41 = t40 ^ t37;
    t42 = t29 ^ t33;
    t43 = t29 ^ t40;
    t44 = t33 ^ t37;
    t45 = t42 ^ t41;
    z0 = t44 & y15;
    z1 = t37 & y6;
    z2 = t33 & x7;
    z3 = t43 & y16;
    z4 = t40 & y1;
    z5 = t29 & y7;
    z6 = t42 & y11;
    z7 = t45 & y17;
    z8 = t41 & y10;
    z9 = t44 & y12;
    z10 = t37 & y3;
    z11 = t33 & y4;
    z12 = t43 & y13;
    z13 = t40 & y5;
    z14 = t29 & y2;
    z15 = t42 & y9;
    z16 = t45 & y14;
    z17 = t41 & y8;

    /* bottom linear layer */
    t46 = z15 ^ z16;
    t47 = z10 ^ z11;
    t48 = z5 ^ z13;
    t49 = z9 ^ z10;
    t50 = z2 ^ z12;
    t51 = z2 ^ z5;
    t52 = z7 ^ z8;
    t53 = z0 ^ z3;
    t54 = z6 ^ z7;
    t55 = z16 ^ z17;
    t56 = z12 ^ t48;
    t57 = t50 ^ t53;
    t58 = z4 ^ t46;
    t59 = z3 ^ t54;
    t60 = t46 ^ t57;
    t61 = z14 ^ t57;
    t62 = t52 ^ t58;
    t63 = t49 ^ t58;
    t64 = z4 ^ t59;
    t65 = t61 ^ t62;
    t66 = z1 ^ t63;
    s0 = t59 ^ t63;
    s6 = t56 ^ ~t62;
    s7 = t48 ^ ~t60;
    t67 = t64 ^ t65;
    s3 = t53 ^ t66;
    s4 = t51 ^ t66;
    s5 = t47 ^ t65;
    s1 = t64 ^ ~s3;
    s2 = t55 ^ ~t67;

    q[7] = s0;
    q[6] = s1;
    q[5] = s2;
    q[4] = s3;
    q[3] = s4;
    q[2] = s5;
    q[1] = s6;
    q[0] = s7;
}

/* ShiftRows: row r (group of 4 NB bits) rotated right by NB r bits (state[r][c] <- [r][c + r]). */
static inline aw shift_row_word(aw x)
{
#if defined(TACIT_AES_CT64)
    return (x & AW(0x000000000000FFFF)) | ((x & AW(0x00000000FFF00000)) >> 4) |
           ((x & AW(0x00000000000F0000)) << 12) | ((x & AW(0x0000FF0000000000)) >> 8) |
           ((x & AW(0x000000FF00000000)) << 8) | ((x & AW(0xF000000000000000)) >> 12) |
           ((x & AW(0x0FFF000000000000)) << 4);
#else
    return (x & AW(0x000000FF)) | ((x & AW(0x0000FC00)) >> 2) | ((x & AW(0x00000300)) << 6) |
           ((x & AW(0x00F00000)) >> 4) | ((x & AW(0x000F0000)) << 4) | ((x & AW(0xC0000000)) >> 6) |
           ((x & AW(0x3F000000)) << 2);
#endif
}

/*
 * MixColumns: s'_r = 2 (s_r + s_{r+1}) + s_{r+1} + s_{r+2} + s_{r+3}.  With
 * r_j = the plane j rotated by one row and t = q + r, the doubling moves
 * plane j to j + 1 and folds plane 7 into planes 0, 1, 3, 4
 * (x^8 = x^4 + x^3 + x + 1), and s_{r+2} + s_{r+3} is t rotated by two rows.
 */
static inline void mix_columns(aw *q)
{
    aw r0 = rotr(q[0], 4 * TACIT_AES_CT_BLOCKS), r1 = rotr(q[1], 4 * TACIT_AES_CT_BLOCKS),
       r2 = rotr(q[2], 4 * TACIT_AES_CT_BLOCKS), r3 = rotr(q[3], 4 * TACIT_AES_CT_BLOCKS),
       r4 = rotr(q[4], 4 * TACIT_AES_CT_BLOCKS), r5 = rotr(q[5], 4 * TACIT_AES_CT_BLOCKS),
       r6 = rotr(q[6], 4 * TACIT_AES_CT_BLOCKS), r7 = rotr(q[7], 4 * TACIT_AES_CT_BLOCKS);
    aw t0 = q[0] ^ r0, t1 = q[1] ^ r1, t2 = q[2] ^ r2, t3 = q[3] ^ r3, t4 = q[4] ^ r4,
       t5 = q[5] ^ r5, t6 = q[6] ^ r6, t7 = q[7] ^ r7;
#define H2 (8 * TACIT_AES_CT_BLOCKS)
    q[0] = t7 ^ r0 ^ rotr(t0, H2);
    q[1] = t0 ^ t7 ^ r1 ^ rotr(t1, H2);
    q[2] = t1 ^ r2 ^ rotr(t2, H2);
    q[3] = t2 ^ t7 ^ r3 ^ rotr(t3, H2);
    q[4] = t3 ^ t7 ^ r4 ^ rotr(t4, H2);
    q[5] = t4 ^ r5 ^ rotr(t5, H2);
    q[6] = t5 ^ r6 ^ rotr(t6, H2);
    q[7] = t6 ^ r7 ^ rotr(t7, H2);
#undef H2
}

#if defined(TACIT_AES_CT64)
/* byte i of x -> byte 2i of the result */
static inline uint64_t spread(uint32_t w)
{
    uint64_t x = w;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFULL;
    return x;
}

static inline uint32_t unspread(uint64_t x)
{
    x &= 0x00FF00FF00FF00FFULL;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x >> 16)) & 0x00000000FFFFFFFFULL;
    return (uint32_t)x;
}

/* the four column words of block b (w) into the input words of ortho */
static inline void load_block(aw *q, unsigned b, const uint32_t w[4])
{
    q[b] = spread(w[0]) | (spread(w[2]) << 8);
    q[4 + b] = spread(w[1]) | (spread(w[3]) << 8);
}

static inline void store_block(const aw *q, unsigned b, uint32_t w[4])
{
    w[0] = unspread(q[b]);
    w[2] = unspread(q[b] >> 8);
    w[1] = unspread(q[4 + b]);
    w[3] = unspread(q[4 + b] >> 8);
}
#else
static inline void load_block(aw *q, unsigned b, const uint32_t w[4])
{
    q[b] = w[0];
    q[2 + b] = w[1];
    q[4 + b] = w[2];
    q[6 + b] = w[3];
}

static inline void store_block(const aw *q, unsigned b, uint32_t w[4])
{
    w[0] = q[b];
    w[1] = q[2 + b];
    w[2] = q[4 + b];
    w[3] = q[6 + b];
}
#endif

/* SubWord of the key schedule, through the same circuit. */
static uint32_t sub_word(uint32_t x)
{
    aw q[8];

    memset(q, 0, sizeof(q));
    q[0] = x;
    ortho(q);
    sbox(q);
    ortho(q);
    x = (uint32_t)q[0];
    return x;
}

unsigned tacit_aes_ct_setkey(uint64_t *sk, const unsigned char *key, size_t key_len)
{
    static const unsigned char rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10,
                                            0x20, 0x40, 0x80, 0x1B, 0x36 };
    uint32_t w[60];
    unsigned nk = (unsigned)(key_len / 4), rounds = nk + 6, n = 4 * (rounds + 1), i, b, j;
    aw q[8];

    for (i = 0; i < n; i++) {
        uint32_t t;
        if (i < nk) { /* (one loop: a separate copy loop becomes a memcpy call at -Os) */
            w[i] = load_le32(key + 4 * i);
            continue;
        }
        t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon[i / nk - 1];
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    for (i = 0; i <= rounds; i++) {
        for (b = 0; b < TACIT_AES_CT_BLOCKS; b++) {
            load_block(q, b, w + 4 * i);
        }
        ortho(q);
        for (j = 0; j < 8; j++) {
            sk[8 * i + j] = q[j];
        }
    }
    memset(w, 0, sizeof(w));
    memset(q, 0, sizeof(q));
    return rounds;
}

static inline void add_round_key(aw *q, const uint64_t *k)
{
    unsigned j;
    for (j = 0; j < 8; j++) {
        q[j] ^= (aw)k[j];
    }
}

void tacit_aes_ct_encrypt(const uint64_t *sk, unsigned rounds, const unsigned char *in,
                          unsigned char *out)
{
    aw q[8];
    uint32_t w[4];
    unsigned b, r, j;

    for (b = 0; b < TACIT_AES_CT_BLOCKS; b++) {
        for (j = 0; j < 4; j++) {
            w[j] = load_le32(in + 16 * b + 4 * j);
        }
        load_block(q, b, w);
    }
    ortho(q);
    add_round_key(q, sk);
    for (r = 1; r <= rounds; r++) {
        sbox(q);
        for (j = 0; j < 8; j++) {
            q[j] = shift_row_word(q[j]);
        }
        if (r != rounds) { /* the last round has no MixColumns */
            mix_columns(q);
        }
        add_round_key(q, sk + 8 * r);
    }
    ortho(q);
    for (b = 0; b < TACIT_AES_CT_BLOCKS; b++) {
        store_block(q, b, w);
        for (j = 0; j < 4; j++) {
            store_le32(out + 16 * b + 4 * j, w[j]);
        }
    }
}

#else
typedef int tacit_aes_ct_translation_unit_not_empty;
#endif /* TACIT_AES_C */
