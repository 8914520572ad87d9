/*
 * Inside the ecp module: curve descriptions, field and scalar arithmetic,
 * point arithmetic and scalar multiplication.  Shared by ecp*.c, ecdh.c,
 * ecdsa.c and the tests.
 *
 * Conventions
 * - A field element is N = c->limbs limbs (little-endian), in Montgomery
 *   form x*R mod p with R = 2^(64 * ceil(bits/64)) for both limb widths
 *   (P-521: R = 1, plain integers, see ecp_p521.c), and always fully
 *   reduced (< p).  Buffers are TACIT_ECP_MAX_LIMBS long.
 * - A Jacobian point is 3N limbs X|Y|Z (x = X/Z^2, y = Y/Z^3); a projective
 *   point (x = X/Z, y = Y/Z, used by the fixed-base comb with complete
 *   formulas) has the same layout; an affine point is 2N limbs X|Y.  Z = 0
 *   is the point at infinity.
 * - Scalars mod n are N limbs too (n has as many bits as p).
 * - Outputs may alias inputs unless a comment says otherwise.
 * - Everything is constant time unless the name ends in _unsafe.
 */
#ifndef TACIT_ECP_INTERNAL_H
#define TACIT_ECP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/ecp.h"
#include "tacit/error.h"
#include "tacit/limb.h"
#include "core/common.h"
#include "core/constant_time_internal.h"

#if TACIT_MPI_LIMB_BITS == 64
#define TACIT_ECP_L64(x) ((tacit_mpi_uint)(x))
__extension__ typedef unsigned __int128 tacit_ecp_dlimb;
#else
#define TACIT_ECP_L64(x)                                                                           \
    (tacit_mpi_uint)((uint64_t)(x)&0xFFFFFFFFu), (tacit_mpi_uint)((uint64_t)(x) >> 32)
typedef uint64_t tacit_ecp_dlimb;
#endif

#define TACIT_ECP_N TACIT_ECP_MAX_LIMBS

/*
 * k*G by Booth combs without doublings (ecp_mul.c; constants from
 * scripts/gen/gen_ecp_data.py): P-256 over 37 tables of 64 affine points
 * (w = 7, 148 KiB), P-384 over 65 tables of 32 (w = 6, 195 KiB; its own
 * recoding, ecp_p384_comb.c), P-521 over 105 tables of 16 (w = 5, 236 KiB), unless
 * the configuration asks for small tables (TACIT_ECP_SMALL_TABLES, implied
 * by -Os): then they use the tables of 16 points that P-384 uses (13 for
 * P-256, 27 for P-521).
 */
#if !defined(TACIT_ECP_SMALL_TABLES) && !defined(TACIT_ECP_SMALL) && !defined(__OPTIMIZE_SIZE__)
#if defined(TACIT_ECP_SECP256R1_C)
#define TACIT_ECP_P256_COMB7
#endif
#if defined(TACIT_ECP_SECP384R1_C)
#define TACIT_ECP_P384_COMB6
#endif
#if defined(TACIT_ECP_SECP521R1_C)
#define TACIT_ECP_P521_COMB5
#endif
#endif
#define TACIT_ECP_COMB7_TABLES 37  /* ceil(257 / 7) Booth digits */
#define TACIT_ECP_COMB6_TABLES 65  /* P-384: K < 2^389 (ecp_p384_comb.c) */
#define TACIT_ECP_COMB5_TABLES 105 /* ceil(522 / 5) */

/*
 * x86-64 with 64-bit limbs: field products in assembly (ecp_asm_x86_64.h).
 * With the bignum kernels' CPU probe available too, P-256 also has a
 * MULX/ADX build of its formulas (ecp_p256_x86_64.c), chosen at run time
 * by tacit_ecp_curve_get when the CPU has BMI2 and ADX.
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) &&                            \
    TACIT_MPI_LIMB_BITS == 64 && !defined(TACIT_ECP_NO_ASM)
#define TACIT_ECP_X86_64_ASM
#define TACIT_ECP_X86_64_AVX2   /* table reads, ecp_select_x86_64.c */
#define TACIT_ECP_X86_64_AVX512 /* table reads, ecp_select_x86_64_avx512.c */
/* the fixed-base tables on cache lines: a 64-byte entry is then one line,
 * not a load split across two on every entry of the AVX-512 scan */
#define TACIT_ECP_TABLE_ALIGN __attribute__((aligned(64)))
#if !defined(TACIT_MPI_NO_ASM) && defined(TACIT_ECP_SECP256R1_C) && !defined(TACIT_ECP_SMALL)
#define TACIT_ECP_P256_ADX
#endif
/* P-384's MULX/ADX build (src/ec/x86_64/p384_adx.c), chosen the same way */
#if !defined(TACIT_MPI_NO_ASM) && defined(TACIT_ECP_SECP384R1_C) && !defined(TACIT_ECP_SMALL)
#define TACIT_ECP_P384_ADX
#endif
#if defined(TACIT_ECP_P256_ADX) || defined(TACIT_ECP_P384_ADX)
/* 1 if the MULX/ADX fields run here (ecp_dispatch.c) */
int tacit_ecp_cpu_has_adx(void);
#endif
#endif
#if !defined(TACIT_ECP_TABLE_ALIGN)
#define TACIT_ECP_TABLE_ALIGN
#endif

/* Regular signed windows: digits odd in [-(2^W - 1), 2^W - 1]. */
#define TACIT_ECP_W 5
#define TACIT_ECP_TABLE 16       /* 2^(W-1) odd multiples */
#define TACIT_ECP_COMB_SPACING 4 /* see scripts/gen/gen_ecp_data.py */

typedef void (*tacit_ecp_mul_func)(tacit_mpi_uint *r, const tacit_mpi_uint *a,
                                   const tacit_mpi_uint *b);
typedef void (*tacit_ecp_pt1_func)(tacit_mpi_uint *R, const tacit_mpi_uint *P);
typedef void (*tacit_ecp_pt2_func)(tacit_mpi_uint *R, const tacit_mpi_uint *P,
                                   const tacit_mpi_uint *Q);
typedef void (*tacit_ecp_ptn_func)(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k);

typedef struct tacit_ecp_curve {
    tacit_ecp_group_id id;
    const char *name;
    size_t limbs;  /* N */
    size_t bits;   /* bits of p (and of n): 256, 384, 521 */
    size_t bytes;  /* (bits + 7) / 8 */
    size_t digits; /* signed digits of a scalar: ceil(bits / W) */
    const tacit_mpi_uint *p, *n;
    const tacit_mpi_uint *b;       /* Montgomery */
    const tacit_mpi_uint *one;     /* R mod p */
    const tacit_mpi_uint *rr_p;    /* R^2 mod p */
    const tacit_mpi_uint *gx, *gy; /* Montgomery */
    const tacit_mpi_uint *rr_n;    /* R^2 mod n */
    const tacit_mpi_uint *one_n;   /* R mod n */
    tacit_mpi_uint p_mm, n_mm;     /* -m^-1 mod 2^limb_bits */
    const tacit_mpi_uint *gtab;    /* fixed-base tables, 16 affine points each */
    const tacit_mpi_uint *comb;    /* a Booth comb for k*G (ecp_mul.c), or NULL */
    unsigned comb_w;               /* its window: 2^(w-1) points a table */
    size_t comb_tables;
    /* per-curve code (ecp_p256.c ...): field, then point formulas */
    tacit_ecp_mul_func mul; /* Montgomery product mod p */
    tacit_ecp_mul_func sqr; /* ignores its third argument */
    tacit_ecp_mul_func add, sub;
    tacit_ecp_mul_func sc_mul; /* Montgomery product mod n */
    tacit_ecp_pt1_func jac_dbl;
    tacit_ecp_pt2_func jac_add, jac_madd, proj_madd;
    tacit_ecp_pt1_func proj_dbl;
    /* inversions by addition chains, or NULL for the generic Fermat windows */
    tacit_ecp_pt1_func fe_inv;        /* r = 1/a mod p (0 -> 0) */
    tacit_ecp_pt1_func sc_inv;        /* r = 1/a mod n, Montgomery form */
    tacit_ecp_ptn_func jac_dbl_n;     /* R = 2^k P (k >= 1) */
    tacit_ecp_ptn_func jac_odd_table; /* R[j] = (2j + 1) P, j < k (co-Z) */
} tacit_ecp_curve;

/* The per-curve symbols: data (ecp_data.c) and code (ecp_p256.c, ...). */
#define TACIT_ECP_DECLARE_CURVE(name)                                                              \
    extern const tacit_mpi_uint tacit_ecp_##name##_p[], tacit_ecp_##name##_n[],                    \
        tacit_ecp_##name##_b_mont[], tacit_ecp_##name##_one_mont[], tacit_ecp_##name##_rr_p[],     \
        tacit_ecp_##name##_gx_mont[], tacit_ecp_##name##_gy_mont[], tacit_ecp_##name##_rr_n[],     \
        tacit_ecp_##name##_one_n[], tacit_ecp_##name##_gtab[];                                     \
    void tacit_ecp_##name##_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_sc_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,                     \
                                   const tacit_mpi_uint *b);                                       \
    void tacit_ecp_##name##_add(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_jac_dbl(tacit_mpi_uint *R, const tacit_mpi_uint *P);                   \
    void tacit_ecp_##name##_jac_dbl_n(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k);       \
    void tacit_ecp_##name##_jac_odd_table(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k);   \
    void tacit_ecp_##name##_jac_add(tacit_mpi_uint *R, const tacit_mpi_uint *P,                    \
                                    const tacit_mpi_uint *Q);                                      \
    void tacit_ecp_##name##_jac_madd(tacit_mpi_uint *R, const tacit_mpi_uint *P,                   \
                                     const tacit_mpi_uint *Qaff);                                  \
    void tacit_ecp_##name##_proj_madd(tacit_mpi_uint *R, const tacit_mpi_uint *P,                  \
                                      const tacit_mpi_uint *Qaff);                                 \
    void tacit_ecp_##name##_proj_dbl(tacit_mpi_uint *R, const tacit_mpi_uint *P);

/* The formulas of a curve compiled over other field products (same data). */
#define TACIT_ECP_DECLARE_CODE(name)                                                               \
    void tacit_ecp_##name##_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_sqr(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_sc_mul(tacit_mpi_uint *r, const tacit_mpi_uint *a,                     \
                                   const tacit_mpi_uint *b);                                       \
    void tacit_ecp_##name##_add(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_sub(tacit_mpi_uint *r, const tacit_mpi_uint *a,                        \
                                const tacit_mpi_uint *b);                                          \
    void tacit_ecp_##name##_jac_dbl(tacit_mpi_uint *R, const tacit_mpi_uint *P);                   \
    void tacit_ecp_##name##_jac_dbl_n(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k);       \
    void tacit_ecp_##name##_jac_odd_table(tacit_mpi_uint *R, const tacit_mpi_uint *P, size_t k);   \
    void tacit_ecp_##name##_jac_add(tacit_mpi_uint *R, const tacit_mpi_uint *P,                    \
                                    const tacit_mpi_uint *Q);                                      \
    void tacit_ecp_##name##_jac_madd(tacit_mpi_uint *R, const tacit_mpi_uint *P,                   \
                                     const tacit_mpi_uint *Qaff);                                  \
    void tacit_ecp_##name##_proj_madd(tacit_mpi_uint *R, const tacit_mpi_uint *P,                  \
                                      const tacit_mpi_uint *Qaff);                                 \
    void tacit_ecp_##name##_proj_dbl(tacit_mpi_uint *R, const tacit_mpi_uint *P);                  \
    void tacit_ecp_##name##_fe_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a);                    \
    void tacit_ecp_##name##_sc_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a);

/* Only the curves enabled in the configuration exist (TACIT_ECP_SECPxxxR1_C). */
#if defined(TACIT_ECP_SECP256R1_C)
TACIT_ECP_DECLARE_CURVE(p256)
void tacit_ecp_p256_fe_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a);
void tacit_ecp_p256_sc_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a);
#endif
#if defined(TACIT_ECP_P256_ADX)
TACIT_ECP_DECLARE_CODE(p256_adx)
#endif
#if defined(TACIT_ECP_P256_COMB7)
extern const tacit_mpi_uint tacit_ecp_p256_comb7[];
#endif
#if defined(TACIT_ECP_P256_ADX) && defined(TACIT_ECP_P256_COMB7)
/*
 * The P-256 comb's steps (ecp_mul.c, mul_base_comb) in the frame of the
 * MULX/ADX mixed addition: J = K G for the recoded K (5 limbs), blinded by
 * l (Montgomery, non-zero).  Constant time in K and l.
 */
void tacit_ecp_p256_adx_comb(const tacit_ecp_curve *c, tacit_mpi_uint *J, const tacit_mpi_uint *K,
                             const tacit_mpi_uint *l);
#endif
#if !defined(TACIT_ECP_SMALL)
/* Booth digit t of width w of k (n limbs) as (magnitude, negative mask); ecp_mul.c */
void tacit_ecp_booth_digit(const tacit_mpi_uint *k, size_t n, size_t t, unsigned w, uint32_t *mag,
                           uint32_t *neg);
#endif
#if defined(TACIT_ECP_P521_COMB5)
extern const tacit_mpi_uint tacit_ecp_p521_comb5[];
#endif
#if defined(TACIT_ECP_P384_COMB6)
extern const tacit_mpi_uint tacit_ecp_p384_comb6[];
/* (2m + 1) G for m < 64, affine: ECDSA verification's wNAF of width 8 (ecp_mul.c) */
extern const tacit_mpi_uint tacit_ecp_p384_gwnaf8[];
/*
 * J = k G for P-384 by its comb (ecp_p384_comb.c): k in [1, n-1], J
 * Jacobian, blinded when f_rng is not NULL; constant time in k.  Returns 0
 * or TACIT_ERR_RNG_FAILED.
 */
int tacit_ecp_p384_mul_base_comb(const tacit_ecp_curve *c, tacit_mpi_uint *J,
                                 const tacit_mpi_uint *k, tacit_rng_func f_rng, void *p_rng);
#endif
#if defined(TACIT_TEST_HOOKS)
/* Non-zero: tacit_ecp_curve_get never picks a MULX/ADX build (tests of the baseline). */
extern int tacit_ecp_test_no_adx;
#endif
#if defined(TACIT_ECP_SECP384R1_C)
TACIT_ECP_DECLARE_CURVE(p384)
#endif
#if defined(TACIT_ECP_P384_ADX)
TACIT_ECP_DECLARE_CODE(p384_adx)
#endif
#if defined(TACIT_ECP_SECP521R1_C)
TACIT_ECP_DECLARE_CURVE(p521)
void tacit_ecp_p521_fe_inv(tacit_mpi_uint *r, const tacit_mpi_uint *a);
#endif

/* NULL for an unknown id or a curve disabled in the configuration. */
const tacit_ecp_curve *tacit_ecp_curve_get(tacit_ecp_group_id id);

/* ---- generic limb arithmetic (ecp_field.c) --------------------------------- */
/* r = a + b mod m, r = a - b mod m (inputs < m). */
void tacit_ecp_modadd(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                      const tacit_mpi_uint *m, size_t n);
void tacit_ecp_modsub(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *b,
                      const tacit_mpi_uint *m, size_t n);
/* All-ones if a < b (n limbs). */
tacit_mpi_uint tacit_ecp_lt_ct(const tacit_mpi_uint *a, const tacit_mpi_uint *b, size_t n);
/* All-ones if a == 0. */
tacit_mpi_uint tacit_ecp_is_zero_ct(const tacit_mpi_uint *a, size_t n);
/* Big-endian bytes <-> limbs (blen <= n * limb bytes; higher limbs zero). */
void tacit_ecp_from_bytes(tacit_mpi_uint *r, size_t n, const unsigned char *buf, size_t blen);
void tacit_ecp_to_bytes(const tacit_mpi_uint *a, size_t n, unsigned char *buf, size_t blen);

/* ---- field arithmetic mod p (ecp_field.c) ---------------------------------- */

#if defined(TACIT_BIGNUM_C)
/*
 * r = x^-1 R mod m for a = x R (Montgomery form for the product mul, whose
 * R^2 mod m is rr; 0 -> 0), by the constant-time safegcd inversion of
 * bignum_core_inv.c (about 2.5x faster than P-256's addition chains).
 * Returns 0 (nothing done) only if its scratch would not fit (public).
 */
int tacit_ecp_mont_inv_ct(tacit_mpi_uint *r, const tacit_mpi_uint *a, const tacit_mpi_uint *m,
                          const tacit_mpi_uint *rr, tacit_ecp_mul_func mul, size_t n);
#endif

void tacit_ecp_fe_add(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                      const tacit_mpi_uint *b);
void tacit_ecp_fe_sub(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                      const tacit_mpi_uint *b);
/* r = -a if mask is all-ones, a if zero. */
void tacit_ecp_fe_cond_neg(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                           tacit_mpi_uint mask);
/*
 * Leaks: the exponent e (which 4-bit windows are zero, the table index).
 * Only for: public exponents (p - 2, (p + 1) / 4); a may be secret.
 * r = a^e (plain integer e, N limbs).
 */
void tacit_ecp_fe_pow_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                             const tacit_mpi_uint *e);
/* r = 1/a (safegcd when bignum is built in, else the curve chain or Fermat; 0 -> 0). */
void tacit_ecp_fe_inv(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a);
/* Plain integer < p <-> Montgomery form. */
void tacit_ecp_fe_to_mont(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a);
void tacit_ecp_fe_from_mont(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a);

/* ---- scalars mod n (ecp_scalar.c) ------------------------------------------ */
/* Montgomery product mod n. */
void tacit_ecp_sc_mul(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a,
                      const tacit_mpi_uint *b);
/* r = a mod n for a < 2n (one conditional subtraction). */
void tacit_ecp_sc_reduce_once(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a);
/*
 * r = a^-1 mod n, a in Montgomery form, result in Montgomery form (safegcd
 * when bignum is built in, else the curve's chain or Fermat; 0 -> 0).
 */
void tacit_ecp_sc_inv(const tacit_ecp_curve *c, tacit_mpi_uint *r, const tacit_mpi_uint *a);
/* All-ones if 1 <= a < n. */
tacit_mpi_uint tacit_ecp_sc_in_range_ct(const tacit_ecp_curve *c, const tacit_mpi_uint *a);
/*
 * Bits -> integer as in ECDSA (SEC 1 4.1.3 step 5): the leftmost nbits of
 * the hash, reduced once mod n.
 */
void tacit_ecp_sc_from_hash(const tacit_ecp_curve *c, tacit_mpi_uint *r, const unsigned char *hash,
                            size_t hlen);

/* ---- points (ecp_point.c) -------------------------------------------------- */
/* Jacobian, a = -3.  dbl: any input, infinity -> infinity. */
void tacit_ecp_jac_dbl(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P);
/* R = 2^k P, k >= 1 (public): k doublings without leaving the curve's working form. */
void tacit_ecp_jac_dbl_n(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         size_t k);
/* tab[j] = (2j + 1) P for j < count (2 <= count <= 16), P of order n; tab may alias P */
void tacit_ecp_jac_odd_table(const tacit_ecp_curve *c, tacit_mpi_uint *tab, const tacit_mpi_uint *P,
                             size_t count);
/*
 * R = P + Q, Jacobian.  Correct when P != +-Q and neither is infinity;
 * P == -Q gives infinity; P == Q gives garbage (Z = 0): callers prove it
 * cannot happen or handle it (tacit_ecp_jac_add_dbl_ct).
 */
void tacit_ecp_jac_add(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                       const tacit_mpi_uint *Q);
/* R = P + Q for any P, Q that are not infinity (the doubling case selected). */
void tacit_ecp_jac_add_dbl_ct(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                              const tacit_mpi_uint *Q);
/* Jacobian + affine (Z = 1): same exceptions as jac_add. */
void tacit_ecp_jac_madd(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                        const tacit_mpi_uint *Qaff);
/* Projective, complete (Renes-Costello-Batina 2016, a = -3, Alg. 5 and 6). */
void tacit_ecp_proj_madd(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P,
                         const tacit_mpi_uint *Qaff);
void tacit_ecp_proj_dbl(const tacit_ecp_curve *c, tacit_mpi_uint *R, const tacit_mpi_uint *P);
/*
 * Affine coordinates (Montgomery form) of a Jacobian / projective point;
 * returns an all-ones mask if the point is infinity (x, y then zero).
 */
tacit_mpi_uint tacit_ecp_jac_to_affine(const tacit_ecp_curve *c, tacit_mpi_uint *x,
                                       tacit_mpi_uint *y, const tacit_mpi_uint *P);
tacit_mpi_uint tacit_ecp_proj_to_affine(const tacit_ecp_curve *c, tacit_mpi_uint *x,
                                        tacit_mpi_uint *y, const tacit_mpi_uint *P);
/* rhs = x^3 - 3x + b, Montgomery form: the curve equation's right-hand side. */
void tacit_ecp_curve_rhs(const tacit_ecp_curve *c, tacit_mpi_uint *rhs, const tacit_mpi_uint *x);
/* All-ones if the affine (x, y), Montgomery form, satisfies the curve equation. */
tacit_mpi_uint tacit_ecp_on_curve(const tacit_ecp_curve *c, const tacit_mpi_uint *x,
                                  const tacit_mpi_uint *y);

/* ---- scalar multiplication (ecp_mul.c) ------------------------------------- */
/*
 * dst = entry index of table (count entries of limbs limbs each), reading
 * every entry (constant time in index); no entry matches an index >= count:
 * dst = 0.  When entries are 32-byte multiples: AVX-512 (F and VL) when the
 * CPU and the OS have it, else AVX2 when the CPU has it.
 */
void tacit_ecp_select(tacit_mpi_uint *dst, const tacit_mpi_uint *table, size_t limbs, size_t count,
                      size_t index);
#if defined(TACIT_ECP_X86_64_AVX2)
void tacit_ecp_select_avx2(void *dst, const void *table, size_t words, size_t count, size_t index);
/* 1 if the CPU has AVX2 and the OS saves the YMM state (ecp_dispatch.c) */
int tacit_ecp_cpu_has_avx2(void);
#endif
#if defined(TACIT_ECP_X86_64_AVX512)
/* words >= 2 (entries of 32 * words bytes) */
void tacit_ecp_select_avx512(void *dst, const void *table, size_t words, size_t count,
                             size_t index);
/* 1 if the CPU has AVX-512F and VL and XCR0 enables the opmask and ZMM state (ecp_dispatch.c) */
int tacit_ecp_cpu_has_avx512(void);
#endif
#if defined(TACIT_TEST_HOOKS)
/* tacit_ecp_select's path: auto (the fastest the CPU has), or forced down to AVX2 or C */
#define TACIT_ECP_SELECT_AUTO 0
#define TACIT_ECP_SELECT_AVX2 1
#define TACIT_ECP_SELECT_C 2
extern int tacit_ecp_test_select_path;
#endif
/*
 * (x, y) = k * P, P affine in Montgomery form and a valid point, k a plain
 * integer in [1, n-1] (N limbs).  Constant time in k and P.  f_rng may be
 * NULL (no coordinate blinding).  Returns 0, TACIT_ERR_RNG_FAILED, or
 * TACIT_ERR_ECP_INVALID_POINT if the result is infinity (only possible when
 * the contract is broken; the verdict is declassified).
 */
int tacit_ecp_mul_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                     const tacit_mpi_uint *k, const tacit_mpi_uint *px, const tacit_mpi_uint *py,
                     tacit_rng_func f_rng, void *p_rng);
/*
 * P-521 with 64-bit limbs runs the same k*P on its 58-bit form
 * (ecp_p521.c; tacit_ecp_mul_ct hands it over), with the recoding and the
 * blinding of ecp_mul.c through these three: digit i of the odd kk as
 * (table index, negative mask); kk = k or n - k, odd (returns the mask "k was
 * even"); a random non-zero field element.
 */
#if TACIT_MPI_LIMB_BITS == 64 && defined(TACIT_ECP_SECP521R1_C) && !defined(TACIT_ECP_SMALL)
#define TACIT_ECP_P521_MUL58
int tacit_ecp_p521_mul_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                          const tacit_mpi_uint *k, const tacit_mpi_uint *px,
                          const tacit_mpi_uint *py, tacit_rng_func f_rng, void *p_rng);
#endif
void tacit_ecp_mul_digit(const tacit_ecp_curve *c, const tacit_mpi_uint *kk, size_t i,
                         uint32_t *index, uint32_t *neg);
tacit_mpi_uint tacit_ecp_mul_make_odd(const tacit_ecp_curve *c, tacit_mpi_uint *kk,
                                      const tacit_mpi_uint *k);
int tacit_ecp_mul_random_fe(const tacit_ecp_curve *c, tacit_mpi_uint *r, tacit_rng_func f_rng,
                            void *p_rng);
/* (x, y) = k * G with the fixed-base tables; same contract. */
int tacit_ecp_mul_base_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                          const tacit_mpi_uint *k, tacit_rng_func f_rng, void *p_rng);
#if !defined(TACIT_ECP_SMALL)
/*
 * J = k * G as a Jacobian point (3N limbs, Montgomery form; no inversion),
 * k in [1, n-1]; constant time in k.  Returns 0 or TACIT_ERR_RNG_FAILED.
 */
int tacit_ecp_mul_base_jac_ct(const tacit_ecp_curve *c, tacit_mpi_uint *J, const tacit_mpi_uint *k,
                              tacit_rng_func f_rng, void *p_rng);
#endif
#if defined(TACIT_ECP_SMALL)
/*
 * The small profile has one scalar multiplication, constant time, for
 * k P, k G, verification and the signer's fault check alike
 * (ecp_small_mul.c): (x, y) = u1*G + u2*Q, u1 and u2 plain integers < n
 * (either may be 0), Q affine Montgomery, l the projective blinding
 * factor (non-zero; c->one for none).  Returns a mask, all-ones if the
 * result is infinity.
 */
tacit_mpi_uint tacit_ecp_muladd_ct(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                                   const tacit_mpi_uint *u1, const tacit_mpi_uint *u2,
                                   const tacit_mpi_uint *qx, const tacit_mpi_uint *qy,
                                   const tacit_mpi_uint *l);
/*
 * 1 if u1 G + u2 Q is not infinity and its x coordinate is r modulo n
 * (r a plain integer in [1, n-1]), else 0.  Constant time; the verdict is
 * declassified.
 */
int tacit_ecp_muladd_check_x_ct(const tacit_ecp_curve *c, const tacit_mpi_uint *u1,
                                const tacit_mpi_uint *u2, const tacit_mpi_uint *qx,
                                const tacit_mpi_uint *qy, const tacit_mpi_uint *r);
#else
/*
 * Leaks: u1, u2 and Q (through branches, table indices and timing).
 * Only for: ECDSA verification, where u1 = e/s, u2 = r/s and Q are public.
 * (x, y) = u1*G + u2*Q, u1 and u2 plain integers < n (either may be 0), Q
 * affine Montgomery.  Returns 1 if the result is infinity, else 0.
 */
int tacit_ecp_muladd_unsafe(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                            const tacit_mpi_uint *u1, const tacit_mpi_uint *u2,
                            const tacit_mpi_uint *qx, const tacit_mpi_uint *qy);
/*
 * Leaks: u1, u2, Q, r and the result (branches, table indices, timing).
 * Only for: ECDSA verification (all public).
 * 1 if u1 G + u2 Q is not infinity and its x coordinate is r modulo n
 * (r a plain integer in [1, n-1]), else 0; no field inversion.
 */
int tacit_ecp_muladd_check_x_unsafe(const tacit_ecp_curve *c, const tacit_mpi_uint *u1,
                                    const tacit_mpi_uint *u2, const tacit_mpi_uint *qx,
                                    const tacit_mpi_uint *qy, const tacit_mpi_uint *r);

#endif

/* ---- encodings (ecp_io.c) ---------------------------------------------------- */
/*
 * Decode a SEC1 point (uncompressed or compressed) into affine Montgomery
 * coordinates, checked: coordinates < p, on the curve (not infinity).
 */
int tacit_ecp_point_read(const tacit_ecp_curve *c, tacit_mpi_uint *x, tacit_mpi_uint *y,
                         const unsigned char *buf, size_t blen);
/* Encode affine Montgomery coordinates. */
int tacit_ecp_point_write(const tacit_ecp_curve *c, const tacit_mpi_uint *x,
                          const tacit_mpi_uint *y, int compressed, unsigned char *out,
                          size_t outsize, size_t *olen);

/*
 * Private key DER of a given format (TACIT_KEY_FORMAT_SEC1 or _PKCS8), or
 * either (-1).  For the PEM labels, which name the format (ecp_keys.c).
 */
int tacit_ecp_parse_key_der_format(tacit_ecp_keypair *key, const unsigned char *der, size_t len,
                                   int format);

/* Largest DER of an EC key (PKCS#8 P-521 with its public key is ~240 bytes). */
#define TACIT_ECP_KEY_DER_MAX 512

/*
 * Draw a uniform scalar in [1, n-1] into k (plain integer) by rejection
 * sampling; returns 0 or TACIT_ERR_RNG_FAILED.
 */
int tacit_ecp_random_scalar(const tacit_ecp_curve *c, tacit_mpi_uint *k, tacit_rng_func f_rng,
                            void *p_rng);

/* ---- key formats (internal: tacit_pk is the public door, pk.h) ---------------- */
/*
 * Private keys: TACIT_KEY_FORMAT_SEC1 (ECPrivateKey, "EC PRIVATE KEY") or
 * TACIT_KEY_FORMAT_PKCS8 ("PRIVATE KEY"); public keys: TACIT_KEY_FORMAT_SPKI
 * ("PUBLIC KEY").  Any other format: TACIT_ERR_BAD_INPUT.
 */

/*
 * Parse a private key: SEC1 ECPrivateKey or unencrypted PKCS#8 with
 * id-ecPublicKey and a named curve.  If the encoding carries the public
 * key it must match d*G; otherwise Q is computed.
 */
int tacit_ecp_parse_key_der(tacit_ecp_keypair *key, const unsigned char *der, size_t len);
/* PEM: "EC PRIVATE KEY" (SEC1) or "PRIVATE KEY" (PKCS#8). */
int tacit_ecp_parse_key_pem(tacit_ecp_keypair *key, const unsigned char *pem, size_t len);
/* SubjectPublicKeyInfo, named curve, compressed or uncompressed point. */
int tacit_ecp_parse_public_key_der(tacit_ecp_keypair *key, const unsigned char *der, size_t len);
/* PEM "PUBLIC KEY". */
int tacit_ecp_parse_public_key_pem(tacit_ecp_keypair *key, const unsigned char *pem, size_t len);

/*
 * Write the private key (SEC1 or PKCS8), with the curve OID and the public
 * key included, at the start of out; *out_len = its length.  out NULL or too
 * small: TACIT_ERR_BUFFER_TOO_SMALL, *out_len = the size needed.
 */
int tacit_ecp_write_key_der(const tacit_ecp_keypair *key, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len);
/* PEM text (no NUL terminator, as every output). */
int tacit_ecp_write_key_pem(const tacit_ecp_keypair *key, tacit_key_format format,
                            unsigned char *out, size_t out_size, size_t *out_len);
/* TACIT_KEY_FORMAT_SPKI: SubjectPublicKeyInfo with an uncompressed point. */
int tacit_ecp_write_public_key_der(const tacit_ecp_keypair *key, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len);
int tacit_ecp_write_public_key_pem(const tacit_ecp_keypair *key, tacit_key_format format,
                                   unsigned char *out, size_t out_size, size_t *out_len);

#endif /* TACIT_ECP_INTERNAL_H */
