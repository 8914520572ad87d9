/*
 * Ed25519 group arithmetic, written once over a field: extended twisted
 * Edwards coordinates with the a = -1 formulas of Hisil, Wong, Carter and
 * Dawson ("Twisted Edwards curves revisited", 2008: add-2008-hwcd-3 and
 * dbl-2008-hwcd), which are complete on this curve (no exceptional inputs,
 * so no branch on the points either).
 *
 * Fixed-base multiplication (signing, key derivation) reads its table only
 * through full masked scans; the double-scalar multiplication and the point
 * decoder are the _unsafe verification path.
 *
 * Included by ed25519_point.c (the field of curve25519_fe.h) and, where the
 * MULX/ADX field is built, by ed25519_point_x86_64_adx.c (four 64-bit limbs).
 * The includer defines ED_API (the entry points' storage class), ED_FN(name)
 * (their names) and the field operations fe_0, fe_1, fe_copy, fe_add, fe_sub,
 * fe_mul, fe_sq, fe_carry, fe_neg, fe_cswap, fe_cmov, fe_frombytes,
 * fe_tobytes, fe_from_table, fe_invert, fe_pow22523, fe_iszero and
 * fe_isnegative, with the meanings and bounds of curve25519_fe.h.
 */
#define FE(x) tacit_fe25519 x

/* A table entry (ed25519_table.c) in the field's working layout. */
static void precomp_from_table(tacit_ge25519_precomp *t)
{
    fe_from_table(t->yplusx, t->yplusx);
    fe_from_table(t->yminusx, t->yminusx);
    fe_from_table(t->xy2d, t->xy2d);
}

static void p3_0(tacit_ge25519_p3 *h)
{
    fe_0(h->X);
    fe_1(h->Y);
    fe_1(h->Z);
    fe_0(h->T);
}

static void p1p1_to_p2(tacit_ge25519_p2 *r, const tacit_ge25519_p1p1 *p)
{
    fe_mul(r->X, p->X, p->T);
    fe_mul(r->Y, p->Y, p->Z);
    fe_mul(r->Z, p->Z, p->T);
}

static void p1p1_to_p3(tacit_ge25519_p3 *r, const tacit_ge25519_p1p1 *p)
{
    fe_mul(r->X, p->X, p->T);
    fe_mul(r->Y, p->Y, p->Z);
    fe_mul(r->Z, p->Z, p->T);
    fe_mul(r->T, p->X, p->Y);
}

static void p3_to_p2(tacit_ge25519_p2 *r, const tacit_ge25519_p3 *p)
{
    fe_copy(r->X, p->X);
    fe_copy(r->Y, p->Y);
    fe_copy(r->Z, p->Z);
}

static void p3_to_cached(tacit_ge25519_cached *r, const tacit_ge25519_p3 *p)
{
    FE(t);
    fe_add(t, p->Y, p->X);
    fe_carry(r->YplusX, t);
    fe_sub(r->YminusX, p->Y, p->X);
    fe_copy(r->Z, p->Z);
    fe_from_table(t, tacit_ed25519_d2);
    fe_mul(r->T2d, p->T, t);
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

    fe_sq(a, p->X);
    fe_sq(b, p->Y);
    fe_sq(c, p->Z);
    fe_add(c, c, c);
    fe_add(t, p->X, p->Y);
    fe_sq(t, t);
    fe_add(r->Y, a, b);    /* H = A + B (one add) */
    fe_sub(r->X, r->Y, t); /* E = H - (X + Y)^2 */
    fe_sub(r->Z, a, b);    /* G = A - B */
    fe_add(r->T, c, r->Z); /* F = C + G */
    fe_carry(r->T, r->T);
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

    fe_sub(t, p->Y, p->X);
    fe_mul(a, t, negate ? q->YplusX : q->YminusX);
    fe_add(t, p->Y, p->X);
    fe_mul(b, t, negate ? q->YminusX : q->YplusX);
    fe_mul(c, p->T, q->T2d);
    fe_mul(d, p->Z, q->Z);
    fe_add(d, d, d);
    fe_carry(d, d);
    fe_sub(r->X, b, a);
    fe_add(r->Y, b, a);
    if (negate) {
        fe_sub(r->Z, d, c);
        fe_add(r->T, d, c);
    } else {
        fe_add(r->Z, d, c);
        fe_sub(r->T, d, c);
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

    fe_sub(t, p->Y, p->X);
    fe_mul(a, t, negate ? q->yplusx : q->yminusx);
    fe_add(t, p->Y, p->X);
    fe_mul(b, t, negate ? q->yminusx : q->yplusx);
    fe_mul(c, p->T, q->xy2d);
    fe_add(d, p->Z, p->Z);
    fe_carry(d, d);
    fe_sub(r->X, b, a);
    fe_add(r->Y, b, a);
    if (negate) {
        fe_sub(r->Z, d, c);
        fe_add(r->T, d, c);
    } else {
        fe_add(r->Z, d, c);
        fe_sub(r->T, d, c);
    }
}

ED_API void ED_FN(tobytes)(unsigned char s[32], const tacit_ge25519_p3 *h)
{
    FE(recip);
    FE(x);
    FE(y);

    fe_invert(recip, h->Z);
    fe_mul(x, h->X, recip);
    fe_mul(y, h->Y, recip);
    fe_tobytes(s, y);
    s[31] ^= (unsigned char)(fe_isnegative(x) << 7);
}

ED_API void ED_FN(p2_tobytes)(unsigned char s[32], const tacit_ge25519_p2 *h)
{
    tacit_ge25519_p3 t;
    fe_copy(t.X, h->X);
    fe_copy(t.Y, h->Y);
    fe_copy(t.Z, h->Z);
    fe_0(t.T);
    ED_FN(tobytes)(s, &t);
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
    fe_1(one);
    fe_cmov(t->yplusx, one, zero);
    fe_cmov(t->yminusx, one, zero);
    /* -P = (y - x, y + x, -2dxy) */
    fe_cswap(t->yplusx, t->yminusx, negm);
    fe_neg(minus, t->xy2d);
    fe_cmov(t->xy2d, minus, negm);
}

ED_API void ED_FN(scalarmult_base)(tacit_ge25519_p3 *h, const unsigned char a[32])
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
ED_API void ED_FN(scalarmult_base)(tacit_ge25519_p3 *h, const unsigned char a[32])
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
    fe_1(one);
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
        fe_cmov(t.YplusX, one, zero);
        fe_cmov(t.YminusX, one, zero);
        fe_cmov(t.Z, one, zero);
        fe_cswap(t.YplusX, t.YminusX, negm);
        fe_neg(minus, t.T2d);
        fe_cmov(t.T2d, minus, negm);
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

ED_API int ED_FN(frombytes_negate_unsafe)(tacit_ge25519_p3 *h, const unsigned char s[32])
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
    fe_frombytes(h->Y, y_bytes);
    fe_tobytes(check, h->Y);
    if (memcmp(check, y_bytes, 32) != 0) {
        return -1;
    }
    fe_1(h->Z);

    /* x^2 = u / v with u = y^2 - 1, v = d y^2 + 1; the candidate root is
     * x = u v^3 (u v^7)^((p - 5) / 8) (RFC 8032 5.1.3 step 3) */
    fe_sq(u, h->Y);
    fe_from_table(v, tacit_ed25519_d);
    fe_mul(v, u, v);
    fe_sub(u, u, h->Z);
    fe_add(v, v, h->Z);
    fe_carry(v, v);
    fe_sq(v3, v);
    fe_mul(v3, v3, v); /* v^3 */
    fe_sq(t, v3);
    fe_mul(t, t, v); /* v^7 */
    fe_mul(t, t, u); /* u v^7 */
    fe_pow22523(t, t);
    fe_mul(t, t, v3);
    fe_mul(h->X, t, u); /* u v^3 (u v^7)^((p-5)/8) */

    fe_sq(vxx, h->X);
    fe_mul(vxx, vxx, v);
    fe_sub(t, vxx, u); /* v x^2 - u */
    if (!fe_iszero(t)) {
        fe_add(t, vxx, u); /* v x^2 + u */
        fe_carry(t, t);
        if (!fe_iszero(t)) {
            return -1; /* not a square: no such point */
        }
        fe_from_table(t, tacit_ed25519_sqrtm1);
        fe_mul(h->X, h->X, t);
    }
    if (fe_iszero(h->X) && sign) {
        return -1; /* x = 0 has no negative form */
    }
    /* we want -A: take the root whose sign is the opposite of the bit */
    if (fe_isnegative(h->X) == sign) {
        fe_neg(h->X, h->X);
    }
    fe_mul(h->T, h->X, h->Y);
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

ED_API void ED_FN(double_scalarmult_unsafe)(tacit_ge25519_p2 *r, const unsigned char a[32],
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

    fe_0(r->X);
    fe_1(r->Y);
    fe_1(r->Z);
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

#if defined(TACIT_X25519_C)
/*
 * u = the Montgomery u-coordinate of a B, for X25519 key generation: the
 * comb is about three times faster than the ladder, and the u of an Edwards
 * point is (1 + y) / (1 - y) = (Z + Y) / (Z - Y) (RFC 7748 section 4.1).  A
 * clamped scalar is a multiple of 8, so a B is never the identity (y = 1) and
 * the division is defined.
 */
ED_API void ED_FN(scalarmult_base_u)(unsigned char u[32], const unsigned char a[32])
{
    tacit_ge25519_p3 A;
    FE(n);
    FE(d);

    ED_FN(scalarmult_base)(&A, a);
    fe_add(n, A.Z, A.Y);
    fe_sub(d, A.Z, A.Y);
    fe_invert(d, d);
    fe_mul(n, n, d);
    fe_tobytes(u, n);
    tacit_platform_zeroize(&A, sizeof(A));
    tacit_platform_zeroize(n, sizeof(n));
    tacit_platform_zeroize(d, sizeof(d));
}
#endif
