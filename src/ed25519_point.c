/*
 * Ed25519 group arithmetic: extended twisted Edwards coordinates with the
 * a = -1 formulas of Hisil, Wong, Carter and Dawson ("Twisted Edwards curves
 * revisited", 2008: add-2008-hwcd-3 and dbl-2008-hwcd), which are complete on
 * this curve (no exceptional inputs, so no branch on the points either).
 *
 * Fixed-base multiplication (signing, key derivation) reads its table only
 * through full masked scans; the double-scalar multiplication and the point
 * decoder are the _unsafe verification path.
 */
#include "tacit/config.h"

#if defined(TACIT_ED25519_C)

#include <string.h>

#include "constant_time_internal.h"
#include "ed25519_internal.h"
#include "tacit/platform.h"

#define FE(x) tacit_fe25519 x

/* A table entry (ed25519_table.c) in the field's working layout. */
static void precomp_from_table(tacit_ge25519_precomp *t)
{
    tacit_fe25519_from_table(t->yplusx, t->yplusx);
    tacit_fe25519_from_table(t->yminusx, t->yminusx);
    tacit_fe25519_from_table(t->xy2d, t->xy2d);
}

static void p3_0(tacit_ge25519_p3 *h)
{
    tacit_fe25519_0(h->X);
    tacit_fe25519_1(h->Y);
    tacit_fe25519_1(h->Z);
    tacit_fe25519_0(h->T);
}

static void p1p1_to_p2(tacit_ge25519_p2 *r, const tacit_ge25519_p1p1 *p)
{
    tacit_fe25519_mul(r->X, p->X, p->T);
    tacit_fe25519_mul(r->Y, p->Y, p->Z);
    tacit_fe25519_mul(r->Z, p->Z, p->T);
}

static void p1p1_to_p3(tacit_ge25519_p3 *r, const tacit_ge25519_p1p1 *p)
{
    tacit_fe25519_mul(r->X, p->X, p->T);
    tacit_fe25519_mul(r->Y, p->Y, p->Z);
    tacit_fe25519_mul(r->Z, p->Z, p->T);
    tacit_fe25519_mul(r->T, p->X, p->Y);
}

static void p3_to_p2(tacit_ge25519_p2 *r, const tacit_ge25519_p3 *p)
{
    tacit_fe25519_copy(r->X, p->X);
    tacit_fe25519_copy(r->Y, p->Y);
    tacit_fe25519_copy(r->Z, p->Z);
}

static void p3_to_cached(tacit_ge25519_cached *r, const tacit_ge25519_p3 *p)
{
    FE(t);
    tacit_fe25519_add(t, p->Y, p->X);
    tacit_fe25519_carry(r->YplusX, t);
    tacit_fe25519_sub(r->YminusX, p->Y, p->X);
    tacit_fe25519_copy(r->Z, p->Z);
    tacit_fe25519_from_table(t, tacit_ed25519_d2);
    tacit_fe25519_mul(r->T2d, p->T, t);
}

/*
 * Doubling (dbl-2008-hwcd, a = -1), with all four outputs negated (which
 * leaves the point unchanged):  A = X^2, B = Y^2, C = 2 Z^2,
 * X3 = A + B - (X + Y)^2, Y3 = A + B, Z3 = A - B, T3 = C + A - B.
 */
static void p2_dbl(tacit_ge25519_p1p1 *r, const tacit_ge25519_p2 *p)
{
    FE(a);
    FE(b);
    FE(c);
    FE(t);

    tacit_fe25519_sq(a, p->X);
    tacit_fe25519_sq(b, p->Y);
    tacit_fe25519_sq(c, p->Z);
    tacit_fe25519_add(c, c, c);
    tacit_fe25519_add(t, p->X, p->Y);
    tacit_fe25519_sq(t, t);
    tacit_fe25519_add(r->Y, a, b);    /* H = A + B (one add) */
    tacit_fe25519_sub(r->X, r->Y, t); /* E = H - (X + Y)^2 */
    tacit_fe25519_sub(r->Z, a, b);    /* G = A - B */
    tacit_fe25519_add(r->T, c, r->Z); /* F = C + G */
    tacit_fe25519_carry(r->T, r->T);
}

static void p3_dbl(tacit_ge25519_p1p1 *r, const tacit_ge25519_p3 *p)
{
    tacit_ge25519_p2 q;
    p3_to_p2(&q, p);
    p2_dbl(r, &q);
}

/*
 * Addition (add-2008-hwcd-3, k = 2d): A = (Y1 - X1)(Y2 - X2),
 * B = (Y1 + X1)(Y2 + X2), C = T1 k T2, D = 2 Z1 Z2;
 * E = B - A, F = D - C, G = D + C, H = B + A.  Subtraction adds -q: the
 * roles of Y + X and Y - X swap and C changes sign.
 */
static void add_cached(tacit_ge25519_p1p1 *r, const tacit_ge25519_p3 *p,
                       const tacit_ge25519_cached *q, int negate)
{
    FE(a);
    FE(b);
    FE(c);
    FE(d);
    FE(t);

    tacit_fe25519_sub(t, p->Y, p->X);
    tacit_fe25519_mul(a, t, negate ? q->YplusX : q->YminusX);
    tacit_fe25519_add(t, p->Y, p->X);
    tacit_fe25519_mul(b, t, negate ? q->YminusX : q->YplusX);
    tacit_fe25519_mul(c, p->T, q->T2d);
    tacit_fe25519_mul(d, p->Z, q->Z);
    tacit_fe25519_add(d, d, d);
    tacit_fe25519_carry(d, d);
    tacit_fe25519_sub(r->X, b, a);
    tacit_fe25519_add(r->Y, b, a);
    if (negate) {
        tacit_fe25519_sub(r->Z, d, c);
        tacit_fe25519_add(r->T, d, c);
    } else {
        tacit_fe25519_add(r->Z, d, c);
        tacit_fe25519_sub(r->T, d, c);
    }
}

/* The same with an affine table entry (Z2 = 1). */
static void add_precomp(tacit_ge25519_p1p1 *r, const tacit_ge25519_p3 *p,
                        const tacit_ge25519_precomp *q, int negate)
{
    FE(a);
    FE(b);
    FE(c);
    FE(d);
    FE(t);

    tacit_fe25519_sub(t, p->Y, p->X);
    tacit_fe25519_mul(a, t, negate ? q->yplusx : q->yminusx);
    tacit_fe25519_add(t, p->Y, p->X);
    tacit_fe25519_mul(b, t, negate ? q->yminusx : q->yplusx);
    tacit_fe25519_mul(c, p->T, q->xy2d);
    tacit_fe25519_add(d, p->Z, p->Z);
    tacit_fe25519_carry(d, d);
    tacit_fe25519_sub(r->X, b, a);
    tacit_fe25519_add(r->Y, b, a);
    if (negate) {
        tacit_fe25519_sub(r->Z, d, c);
        tacit_fe25519_add(r->T, d, c);
    } else {
        tacit_fe25519_add(r->Z, d, c);
        tacit_fe25519_sub(r->T, d, c);
    }
}

void tacit_ge25519_tobytes(unsigned char s[32], const tacit_ge25519_p3 *h)
{
    FE(recip);
    FE(x);
    FE(y);

    tacit_fe25519_invert(recip, h->Z);
    tacit_fe25519_mul(x, h->X, recip);
    tacit_fe25519_mul(y, h->Y, recip);
    tacit_fe25519_tobytes(s, y);
    s[31] ^= (unsigned char)(tacit_fe25519_isnegative(x) << 7);
}

void tacit_ge25519_p2_tobytes(unsigned char s[32], const tacit_ge25519_p2 *h)
{
    tacit_ge25519_p3 t;
    tacit_fe25519_copy(t.X, h->X);
    tacit_fe25519_copy(t.Y, h->Y);
    tacit_fe25519_copy(t.Z, h->Z);
    tacit_fe25519_0(t.T);
    tacit_ge25519_tobytes(s, &t);
}

/* ---- fixed base, constant time ------------------------------------------- */

/*
 * 64 radix-16 digits of a, recentred into [-8, 8): digit i is
 * (a >> 4 i) & 15; e[i] + 8 is never negative, so the shift is an ordinary
 * one.  The top digit takes the final carry (a[31] <= 127 keeps it <= 8).
 */
static void recode16(int e[64], const unsigned char a[32])
{
    int carry = 0, i;

    for (i = 0; i < 32; i++) {
        e[2 * i] = a[i] & 15;
        e[2 * i + 1] = (a[i] >> 4) & 15;
    }
    for (i = 0; i < 63; i++) {
        e[i] += carry;
        carry = (e[i] + 8) >> 4;
        e[i] -= carry * 16;
    }
    e[63] += carry;
}

/* |b| and the all-ones mask of b < 0, without a branch. */
static uint32_t digit_abs(int b, tacit_mpi_uint *negm)
{
    uint32_t ub = (uint32_t)b;
    uint32_t neg = ub >> 31;
    *negm = tacit_ct_mask_from_bit_limb((tacit_mpi_uint)neg);
    return (ub ^ (0u - neg)) + neg;
}

#if !defined(TACIT_ED25519_SMALL)

/*
 * dst = row[index] for index < 8, or all zero (index out of range): the
 * full masked scan of tacit_ct_table_select_limbs with its sizes fixed,
 * limb by limb across the eight entries, so the accumulator stays in a
 * register (twice fewer instructions than the generic entry-by-entry scan).
 */
static void select_row(tacit_ge25519_precomp *t,
                       const tacit_mpi_uint (*row)[3 * TACIT_FE25519_LIMBS], size_t index)
{
    tacit_mpi_uint m[8], out[3 * TACIT_FE25519_LIMBS];
    size_t i, j;

    for (i = 0; i < 8; i++) {
        m[i] = (tacit_mpi_uint)tacit_ct_mask_eq_size(i, index);
    }
    for (j = 0; j < 3 * TACIT_FE25519_LIMBS; j++) {
        tacit_mpi_uint acc = 0;
        for (i = 0; i < 8; i++) {
            acc |= row[i][j] & m[i];
        }
        out[j] = acc;
    }
    memcpy(t, out, sizeof(out)); /* the three elements, laid out as one limb array */
    tacit_platform_zeroize(out, sizeof(out));
}

/*
 * t = b * 256^pos * B for a digit b in [-8, 8]: scan all eight entries of
 * the row (index |b| - 1; b = 0 matches none and gives all-zero limbs,
 * turned into the neutral (1, 1, 0) by mask), then negate by mask.
 */
static void select_precomp(tacit_ge25519_precomp *t, int pos, int b)
{
    tacit_mpi_uint negm;
    uint32_t babs = digit_abs(b, &negm);
    tacit_mpi_uint zero = (tacit_mpi_uint)tacit_ct_mask_eq_u32(babs, 0);
    tacit_fe25519 one, minus;

    select_row(t, &tacit_ed25519_base_comb[8 * pos], (size_t)babs - 1);
    precomp_from_table(t);
    tacit_fe25519_1(one);
    tacit_fe25519_cmov(t->yplusx, one, zero);
    tacit_fe25519_cmov(t->yminusx, one, zero);
    /* -P = (y - x, y + x, -2dxy) */
    tacit_fe25519_cswap(t->yplusx, t->yminusx, negm);
    tacit_fe25519_neg(minus, t->xy2d);
    tacit_fe25519_cmov(t->xy2d, minus, negm);
}

void tacit_ge25519_scalarmult_base(tacit_ge25519_p3 *h, const unsigned char a[32])
{
    int e[64], i;
    tacit_ge25519_p1p1 r;
    tacit_ge25519_p2 s;
    tacit_ge25519_precomp t;

    recode16(e, a);
    /* h = sum over odd i of e[i] 16^(i-1) B (row i/2), times 16, plus the
     * even digits: 32 rows of 256^j serve all 64 digits. */
    p3_0(h);
    for (i = 1; i < 64; i += 2) {
        select_precomp(&t, i / 2, e[i]);
        add_precomp(&r, h, &t, 0);
        p1p1_to_p3(h, &r);
    }
    p3_dbl(&r, h);
    p1p1_to_p2(&s, &r);
    p2_dbl(&r, &s);
    p1p1_to_p2(&s, &r);
    p2_dbl(&r, &s);
    p1p1_to_p2(&s, &r);
    p2_dbl(&r, &s);
    p1p1_to_p3(h, &r);
    for (i = 0; i < 64; i += 2) {
        select_precomp(&t, i / 2, e[i]);
        add_precomp(&r, h, &t, 0);
        p1p1_to_p3(h, &r);
    }
    tacit_platform_zeroize(e, sizeof(e));
    tacit_platform_zeroize(&t, sizeof(t));
    tacit_platform_zeroize(&r, sizeof(r));
    tacit_platform_zeroize(&s, sizeof(s));
}

#else /* TACIT_ED25519_SMALL */

/*
 * The small profile: no 30 KB comb.  A signed 4-bit fixed window over a
 * table of 1 B .. 8 B built on the stack (from the verification table's B),
 * read by the same full masked scan and negated by mask: 252 doublings and
 * 64 additions, about three times the comb's work, for a few hundred bytes
 * of code instead of the table.
 */
void tacit_ge25519_scalarmult_base(tacit_ge25519_p3 *h, const unsigned char a[32])
{
    int e[64], i;
    tacit_ge25519_cached tab[8], t;
    tacit_ge25519_p1p1 r;
    tacit_ge25519_p2 s;
    tacit_ge25519_p3 P;
    tacit_ge25519_precomp B;
    tacit_fe25519 one, minus;

    memcpy(&B, tacit_ed25519_base_odd[0], sizeof(B));
    precomp_from_table(&B);
    p3_0(&P);
    for (i = 0; i < 8; i++) {
        add_precomp(&r, &P, &B, 0); /* P = (i + 1) B */
        p1p1_to_p3(&P, &r);
        p3_to_cached(&tab[i], &P);
    }
    recode16(e, a);
    tacit_fe25519_1(one);
    p3_0(h);
    for (i = 63; i >= 0; i--) {
        tacit_mpi_uint negm, zero;
        uint32_t babs = digit_abs(e[i], &negm);

        if (i != 63) {
            p3_to_p2(&s, h);
            p2_dbl(&r, &s);
            p1p1_to_p2(&s, &r);
            p2_dbl(&r, &s);
            p1p1_to_p2(&s, &r);
            p2_dbl(&r, &s);
            p1p1_to_p2(&s, &r);
            p2_dbl(&r, &s);
            p1p1_to_p3(h, &r);
        }
        zero = (tacit_mpi_uint)tacit_ct_mask_eq_u32(babs, 0);
        tacit_ct_table_select_limbs(t.YplusX, tab[0].YplusX, 4 * TACIT_FE25519_LIMBS, 8,
                                    (size_t)babs - 1);
        /* digit 0: the neutral element (1, 1, 1, 0) */
        tacit_fe25519_cmov(t.YplusX, one, zero);
        tacit_fe25519_cmov(t.YminusX, one, zero);
        tacit_fe25519_cmov(t.Z, one, zero);
        tacit_fe25519_cswap(t.YplusX, t.YminusX, negm);
        tacit_fe25519_neg(minus, t.T2d);
        tacit_fe25519_cmov(t.T2d, minus, negm);
        add_cached(&r, h, &t, 0);
        p1p1_to_p3(h, &r);
    }
    tacit_platform_zeroize(e, sizeof(e));
    tacit_platform_zeroize(&t, sizeof(t));
    tacit_platform_zeroize(&r, sizeof(r));
    tacit_platform_zeroize(&s, sizeof(s));
}

#endif /* TACIT_ED25519_SMALL */

/* ---- verification path: public inputs only ------------------------------- */

int tacit_ge25519_frombytes_negate_unsafe(tacit_ge25519_p3 *h, const unsigned char s[32])
{
    unsigned char y_bytes[32], check[32];
    FE(u);
    FE(v);
    FE(v3);
    FE(vxx);
    FE(t);
    unsigned sign = s[31] >> 7;

    /* y must be canonical: y < p */
    memcpy(y_bytes, s, 32);
    y_bytes[31] &= 0x7f;
    tacit_fe25519_frombytes(h->Y, y_bytes);
    tacit_fe25519_tobytes(check, h->Y);
    if (memcmp(check, y_bytes, 32) != 0) {
        return -1;
    }
    tacit_fe25519_1(h->Z);

    /* x^2 = u / v with u = y^2 - 1, v = d y^2 + 1; the candidate root is
     * x = u v^3 (u v^7)^((p - 5) / 8) (RFC 8032 5.1.3 step 3) */
    tacit_fe25519_sq(u, h->Y);
    tacit_fe25519_from_table(v, tacit_ed25519_d);
    tacit_fe25519_mul(v, u, v);
    tacit_fe25519_sub(u, u, h->Z);
    tacit_fe25519_add(v, v, h->Z);
    tacit_fe25519_carry(v, v);
    tacit_fe25519_sq(v3, v);
    tacit_fe25519_mul(v3, v3, v); /* v^3 */
    tacit_fe25519_sq(t, v3);
    tacit_fe25519_mul(t, t, v); /* v^7 */
    tacit_fe25519_mul(t, t, u); /* u v^7 */
    tacit_fe25519_pow22523(t, t);
    tacit_fe25519_mul(t, t, v3);
    tacit_fe25519_mul(h->X, t, u); /* u v^3 (u v^7)^((p-5)/8) */

    tacit_fe25519_sq(vxx, h->X);
    tacit_fe25519_mul(vxx, vxx, v);
    tacit_fe25519_sub(t, vxx, u); /* v x^2 - u */
    if (!tacit_fe25519_iszero(t)) {
        tacit_fe25519_add(t, vxx, u); /* v x^2 + u */
        tacit_fe25519_carry(t, t);
        if (!tacit_fe25519_iszero(t)) {
            return -1; /* not a square: no such point */
        }
        tacit_fe25519_from_table(t, tacit_ed25519_sqrtm1);
        tacit_fe25519_mul(h->X, h->X, t);
    }
    if (tacit_fe25519_iszero(h->X) && sign) {
        return -1; /* x = 0 has no negative form */
    }
    /* we want -A: take the root whose sign is the opposite of the bit */
    if (tacit_fe25519_isnegative(h->X) == sign) {
        tacit_fe25519_neg(h->X, h->X);
    }
    tacit_fe25519_mul(h->T, h->X, h->Y);
    return 0;
}

/*
 * Width-5 non-adjacent form of a 256-bit little-endian scalar: r[i] in
 * {0, +-1, +-3, ..., +-15}, at most one non-zero digit in any 5 in a row.
 */
static void wnaf5(signed char r[257], const unsigned char a[32])
{
    uint64_t k[5] = { 0, 0, 0, 0, 0 };
    int i, j;

    for (i = 0; i < 32; i++) {
        k[i / 8] |= (uint64_t)a[i] << (8 * (i % 8));
    }
    for (i = 0; i < 257; i++) {
        int digit = 0;
        if (k[0] & 1) {
            digit = (int)(k[0] & 31);
            if (digit > 16) {
                digit -= 32;
            }
            /* k -= digit */
            if (digit > 0) {
                uint64_t borrow = (uint64_t)digit;
                for (j = 0; j < 5 && borrow; j++) {
                    uint64_t old = k[j];
                    k[j] = old - borrow;
                    borrow = old < borrow;
                }
            } else {
                uint64_t carry = (uint64_t)-digit;
                for (j = 0; j < 5 && carry; j++) {
                    k[j] += carry;
                    carry = k[j] < carry;
                }
            }
        }
        r[i] = (signed char)digit;
        for (j = 0; j < 4; j++) {
            k[j] = (k[j] >> 1) | (k[j + 1] << 63);
        }
        k[4] >>= 1;
    }
}

void tacit_ge25519_double_scalarmult_unsafe(tacit_ge25519_p2 *r, const unsigned char a[32],
                                            const tacit_ge25519_p3 *A, const unsigned char b[32])
{
    signed char aslide[257], bslide[257];
    tacit_ge25519_cached Ai[8]; /* A, 3A, 5A, ..., 15A */
    tacit_ge25519_p1p1 t;
    tacit_ge25519_p3 u, A2;
    tacit_ge25519_precomp bp;
    int i;

    wnaf5(aslide, a);
    wnaf5(bslide, b);

    p3_to_cached(&Ai[0], A);
    p3_dbl(&t, A);
    p1p1_to_p3(&A2, &t);
    for (i = 1; i < 8; i++) {
        add_cached(&t, &A2, &Ai[i - 1], 0);
        p1p1_to_p3(&u, &t);
        p3_to_cached(&Ai[i], &u);
    }

    tacit_fe25519_0(r->X);
    tacit_fe25519_1(r->Y);
    tacit_fe25519_1(r->Z);
    for (i = 256; i >= 0 && aslide[i] == 0 && bslide[i] == 0; i--) {
    }
    for (; i >= 0; i--) {
        p2_dbl(&t, r);
        if (aslide[i] != 0 || bslide[i] != 0) {
            p1p1_to_p3(&u, &t);
            if (aslide[i] != 0) {
                int k = aslide[i] > 0 ? aslide[i] : -aslide[i];
                add_cached(&t, &u, &Ai[k / 2], aslide[i] < 0);
                p1p1_to_p3(&u, &t);
            }
            if (bslide[i] != 0) {
                int k = bslide[i] > 0 ? bslide[i] : -bslide[i];
                memcpy(&bp, tacit_ed25519_base_odd[k / 2], sizeof(bp));
                precomp_from_table(&bp);
                add_precomp(&t, &u, &bp, bslide[i] < 0);
                p1p1_to_p3(&u, &t);
            }
            p3_to_p2(r, &u);
        } else {
            p1p1_to_p2(r, &t);
        }
    }
}

#endif /* TACIT_ED25519_C */
