/*
 * The divsteps of bignum_core_inv.c (tacit_mpi_core_inv_mod_odd_ct and
 * _gcd_ct) for x86-64 CPUs with AVX2, chosen at run time
 * (tacit_mpi_core_cpu_has_avx2).
 *
 * Why: the scalar form spends half its time in the divsteps, a chain of
 * dependent integer steps, and half in the update of f, g, d, e, which
 * cannot start before the steps end and keeps the same integer units
 * busy.  Here the update runs on the vector units while the next batch's
 * steps run on the integer units, interleaved in one instruction stream:
 * one step, one digit, one step, one digit.  On Zen 3 the 1024-bit inverse
 * takes about 0.63 of the scalar form's cycles (4096 bits: 0.60), within
 * 10% of the steps alone.
 *
 * The layout: f, g, d, e as digits of D = 30 bits, digit i of all four in
 * one 256-bit block (lanes f, g, d, e), each digit in [0, 2^30) except the
 * signed top one.  A batch of 30 divsteps gives a matrix t with
 * |t0| + |t1| <= 2^30 and |t2| + |t3| <= 2^30, so every product fits
 * VPMULDQ (32 x 32 -> 64 bits, signed), and digit i of the new rows is
 *   f: t0 f_i + t1 g_i,    d: t0 d_i + t1 e_i + md M_i,
 *   g: t2 f_i + t3 g_i,    e: t2 d_i + t3 e_i + me M_i,
 * plus the carry, one block of three VPMULDQ (md, me: the multiples of M
 * that make d and e divisible by 2^30, as in bignum_core_inv.c's
 * update_de).  Each lane's sum stays below 2^62 in magnitude: 2^60 from
 * the matrix, 2^61 from md M_i, 2^32 from the carry.  AVX2 has no 64-bit
 * arithmetic shift, so the accumulator is kept biased by 2^62 (always
 * nonnegative): the carry is a logical shift, the bias put back by one
 * constant.
 *
 * The next batch needs only the low 30 bits of the new f and g: they are
 * bits 30..59 of t0 f + t1 g, computed from the old digits 0 and 1 on the
 * integer side (two IMULs), so the steps never wait for the vectors.
 *
 * Constant time: a fixed instruction stream for every value.  The steps
 * are bignum_core_inv_x86_64.h's CMOV steps; VPMULDQ, VPADDQ, VPSRLQ and
 * the loads and stores take the same time for every value, at addresses
 * that depend on the digit counts only; the branches test public counts.
 * The ct suites (ct_bignum, ct_rsa_keys, ct_keygen) run this path under
 * valgrind, whose CPUID reports AVX2.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C) && !defined(__OPTIMIZE_SIZE__)

#include <stdint.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)

#include <immintrin.h>

typedef int64_t inv_sd;
typedef uint64_t inv_ud;
__extension__ typedef __int128 inv_sdd;
#define INV_W 64
#define INV_N 14 /* divsteps per packed group */
#include "bignum/bignum_core_inv_pack.h"
#include "bignum/x86_64/inv_x86_64.h"

#if !defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
#error "the AVX2 divsteps use the x86-64 step of bignum_core_inv_x86_64.h"
#endif

/*
 * VD, bits per digit = divsteps per batch: 30, two groups of 15 (see
 * INV_STEPS30, inv_x86_64.h), in every body.  (Before the groups of 15, a batch of 30 was
 * 14 + 14 + 2, and the inverse up to 12 limbs and the gcd up to 24 ran
 * batches of 28 = 14 + 14, where a third group cost more than the extra
 * batches did.  With 15 + 15 the 30-step batch has two groups as well, and
 * fewer batches and digits: min TSC on Zen 4, the gcd's kernel 28 -> 30,
 * 4 limbs 2418 -> 2340, 8 limbs 4862 -> 4784, 16 limbs 9906 -> 9490.)
 * SMALL_LIMBS: the inverse's own body up to 12 limbs, for the 256-bit
 * digit placement (VNEXT8) without a size test in the larger sizes' body.
 */
#define SMALL_LIMBS 12
#define VMASK (((inv_ud)1 << VD) - 1)

/* Digits of vd bits for values below 2^(b+2) in magnitude, b = 64 limbs + 2 (as inv_digits). */
static size_t vdigits(size_t limbs, unsigned vd)
{
    return (limbs * 64 + 2) / vd + 1;
}

size_t tacit_mpi_core_avx2_divsteps_working_limbs(size_t limbs)
{
    /* the blocks of f, g, d, e and of M (broadcast), and 32-byte alignment */
    /* (a constant digit width: no division instruction) */
    return 8 * vdigits(limbs, 30) + 4;
}

size_t tacit_mpi_core_avx2_divsteps_gcd_working_limbs(size_t limbs)
{
    /* the gcd (D = NULL): the blocks of f, g and the three sign blocks of from_blocks, aligned */
    return 4 * (vdigits(limbs, 30) + 3) + 4;
}

/*
 * The conversions to and from the blocks, in the vector units: digit i of
 * all four lanes is bits [i vd, (i + 1) vd) of the limbs in the same lanes,
 * two blocks shifted by the same public counts (VPSRLQ and VPSLLQ by 64 or
 * more give 0, so no test of the offset).  At 1024 bits the former scalar
 * loops, a lane at a time, were some 500 TSC ticks of the inverse (a 30th).
 */
#define AVX2 __attribute__((target("avx2")))

/*
 * The carry's shift of the update (VSHR in VDIGIT): on CPUs with AVX-512VL
 * (the INV_VL bodies, avx2_divsteps_small_vl and _narrow_vl, inverse only)
 * the arithmetic VPSRAQ, so the accumulator needs no bias: one VPADDQ a
 * digit fewer (10 vector instructions, not 11; at 1024 bits 25 -> 24
 * instructions a divstep, which with its digit is bound by dispatch).  The
 * AVX2 bodies keep the bias 2^62 and a logical shift.  VPSRAQ is written
 * as asm on a ymm0-15 operand: the functions stay compiled for AVX2 (gcc
 * with AVX-512VL enabled for the whole body used ymm16-31 and EVEX
 * encodings throughout, and the gcd bodies ran 3% slower), so this is the
 * body's one EVEX instruction.  Min TSC on Zen 4, tacit_mpi_inv_mod:
 * 256 bits 2574 -> 2496, 1024 bits 11518 -> 11388.  The gcd bodies stay
 * AVX2 (gcd 1024 10582 -> 10660 with it: code layout).
 */
static AVX2 inline __m256i vsra_vl_(__m256i x, int n)
{
    __asm__("vpsraq %1, %0, %0" : "+x"(x) : "i"(n));
    return x;
}

static AVX2 inline __m256i srl_(__m256i x, unsigned n)
{
    return _mm256_srl_epi64(x, _mm_cvtsi32_si128((int)n));
}

static AVX2 inline __m256i sll_(__m256i x, unsigned n)
{
    return _mm256_sll_epi64(x, _mm_cvtsi32_si128((int)n));
}

/*
 * x[0 .. K) = the digits (vd bits) of the limbs already in x[0 .. L + 2)
 * (limb j of each lane in block j, zero from the limbs' end on, L + 1 >=
 * the limbs to convert), in place.  From the top down: digit i reads blocks
 * (i vd) / 64 and the next, both below i for i >= 2, and no digit below i
 * reads block i; digits 1 and 0 come from blocks 0 and 1 saved first.
 */
static AVX2 void limbs_to_digits(__m256i *x, size_t K, unsigned vd)
{
    const __m256i mask = _mm256_set1_epi64x((long long)(((inv_ud)1 << vd) - 1));
    __m256i b0 = _mm256_load_si256(x), b1 = _mm256_load_si256(x + 1);
    size_t i;

    for (i = K - 1; i >= 2; i--) {
        size_t pos = i * vd, li = pos / 64;
        unsigned off = (unsigned)(pos % 64);
        __m256i v = _mm256_or_si256(srl_(_mm256_load_si256(x + li), off),
                                    sll_(_mm256_load_si256(x + li + 1), 64 - off));
        _mm256_store_si256(x + i, _mm256_and_si256(v, mask));
    }
    _mm256_store_si256(x + 1,
                       _mm256_and_si256(_mm256_or_si256(srl_(b0, vd), sll_(b1, 64 - vd)), mask));
    _mm256_store_si256(x, _mm256_and_si256(b0, mask));
}

/*
 * The K blocks at x from F (lane f, nf limbs), G (lane g, ng limbs) and
 * zeros (lanes d, e), or from M in all four lanes (F = M, G = NULL), ng <
 * nf.  The digits read the limbs' blocks up to (K - 1) vd / 64 + 1 <= nf +
 * 1 (the limbs' blocks, then zeros), and no further than K - 1.
 */
static __attribute__((noinline)) AVX2 void to_blocks(__m256i *x, size_t K, const tacit_mpi_uint *F,
                                                     size_t nf, const tacit_mpi_uint *G, size_t ng,
                                                     unsigned vd)
{
    size_t j;

    for (j = 0; j < nf + 2 && j < K; j++) {
        inv_ud f = j < nf ? (inv_ud)F[j] : 0;
        if (G == NULL) {
            _mm256_store_si256(x + j, _mm256_set1_epi64x((long long)f));
        } else {
            inv_ud g = j < ng ? (inv_ud)G[j] : 0;
            _mm256_store_si256(x + j, _mm256_set_epi64x(0, 0, (long long)g, (long long)f));
        }
    }
    limbs_to_digits(x, K, vd);
}

/*
 * F, and D if not NULL (n limbs each), = the two's complement of lanes f
 * and d of the K blocks at x (signed top digits).  Limb j is the OR of the
 * (at most four) digits that overlap it; blocks K .. K + 2 (past the end:
 * the room of M's blocks) get the sign words, which with the top digit
 * bring the sign bits.
 */
static __attribute__((noinline)) AVX2 void from_blocks(tacit_mpi_uint *F, tacit_mpi_uint *D,
                                                       size_t n, __m256i *x, size_t K, unsigned vd)
{
    __m256i sg = _mm256_cmpgt_epi64(_mm256_setzero_si256(), _mm256_load_si256(x + K - 1));
    size_t j, k = 0;
    unsigned off = 0;

    _mm256_store_si256(x + K, sg);
    _mm256_store_si256(x + K + 1, sg);
    _mm256_store_si256(x + K + 2, sg);
    for (j = 0; j < n; j++) {
        __m256i w = srl_(_mm256_load_si256(x + k), off);
        w = _mm256_or_si256(w, sll_(_mm256_load_si256(x + k + 1), vd - off));
        w = _mm256_or_si256(w, sll_(_mm256_load_si256(x + k + 2), 2 * vd - off));
        w = _mm256_or_si256(w, sll_(_mm256_load_si256(x + k + 3), 3 * vd - off));
        F[j] = (tacit_mpi_uint)_mm256_extract_epi64(w, 0);
        if (D != NULL) {
            D[j] = (tacit_mpi_uint)_mm256_extract_epi64(w, 2);
        }
        /* the next limb's first digit and offset (public) */
        off += 64;
        while (off >= vd) {
            off -= vd;
            k++;
        }
    }
}

/*
 * One digit of the update: the block at q (input digit i) into the
 * accumulator, its low 30 bits stored as digit i - 1.  The products and
 * the bias are summed off the carry chain (the empty asm keeps the
 * compiler from folding the accumulator in early), so the chain is one
 * shift and one add a digit.
 */
#define VDIGIT(q, mq)                                                                              \
    do {                                                                                           \
        __m256i p_ = _mm256_add_epi64(                                                             \
            _mm256_mul_epi32(_mm256_load_si256(q), c1),                                            \
            _mm256_mul_epi32(_mm256_shuffle_epi32(_mm256_load_si256(q), 0x4E), c2));               \
        if (INV_GCD) { /* the gcd: no d, e, M */                                                   \
            p_ = _mm256_add_epi64(p_, kb);                                                         \
        } else if (INV_VL) { /* no bias */                                                         \
            p_ = _mm256_add_epi64(p_, _mm256_mul_epi32(_mm256_load_si256(mq), c3));                \
        } else {                                                                                   \
            p_ = _mm256_add_epi64(                                                                 \
                p_, _mm256_add_epi64(_mm256_mul_epi32(_mm256_load_si256(mq), c3), kb));            \
        }                                                                                          \
        __asm__("" : "+x"(p_));                                                                    \
        acc = _mm256_add_epi64(VSHR(acc), p_);                                                     \
        _mm256_store_si256((q)-1, _mm256_and_si256(acc, vmask));                                   \
    } while (0)

/*
 * What runs after step n (0 .. VD - 1) of a batch: the next digit if there
 * is one (q, qend public); with at least VD digits left, digit n from q at a
 * constant offset (no pointer arithmetic among the steps; q moves after
 * the batch); or nothing.
 */
#define VNEXT(n)                                                                                   \
    do {                                                                                           \
        if (q < qend) {                                                                            \
            VDIGIT(q, mq);                                                                         \
            q++;                                                                                   \
            mq++;                                                                                  \
        }                                                                                          \
    } while (0)
#define VNEXTD(n) VDIGIT(q + (n), mq + (n))
/*
 * With at least 60 (90, 120) digits left, two (three, four) digits after
 * each step: the steps (integer units) then overlap the update (vector
 * units) over more of the digits instead of leaving most of them to the
 * loop after the batch, where nothing overlaps them.
 */
#define VNEXT60(n)                                                                                 \
    do {                                                                                           \
        VDIGIT(q + 2 * (n), mq + 2 * (n));                                                         \
        VDIGIT(q + 2 * (n) + 1, mq + 2 * (n) + 1);                                                 \
    } while (0)
#define VNEXT90(n)                                                                                 \
    do {                                                                                           \
        VDIGIT(q + 3 * (n), mq + 3 * (n));                                                         \
        VDIGIT(q + 3 * (n) + 1, mq + 3 * (n) + 1);                                                 \
        VDIGIT(q + 3 * (n) + 2, mq + 3 * (n) + 2);                                                 \
    } while (0)
#define VNEXT120(n)                                                                                \
    do {                                                                                           \
        VDIGIT(q + 4 * (n), mq + 4 * (n));                                                         \
        VDIGIT(q + 4 * (n) + 1, mq + 4 * (n) + 1);                                                 \
        VDIGIT(q + 4 * (n) + 2, mq + 4 * (n) + 2);                                                 \
        VDIGIT(q + 4 * (n) + 3, mq + 4 * (n) + 3);                                                 \
    } while (0)
#define VNONE(n) ((void)0)
/*
 * 256-bit moduli (4 limbs, 9 digits: the curves' field and scalar
 * inversions): digits 1 .. 8 after steps 0 .. 7 (the VL body) or after
 * steps 0, 3, .. 21 (the AVX2 body), with no test at run time (VNEXT's 30
 * compare-and-branch pairs a batch run on the integer units, next to the
 * steps).  The inverse only (its small body): min TSC on Zen 4, 256-bit
 * tacit_mpi_inv_mod (then with 10 digits of 28 bits) 2600 -> 2574; in the
 * gcd's body, which also serves 1024 bits, the extra copy cost that size
 * 4% (code layout).  The AVX2 body (one more VPADDQ a digit, the bias)
 * runs faster with its digits spread: after every third step 2535 -> 2473
 * ticks, every fourth 2480, while the VL body is slower so (2454 -> 2528
 * and 2478).
 */
#define VNEXT8(n)                                                                                  \
    do {                                                                                           \
        if (INV_VL ? (n) < 8 : (n) % 3 == 0 && (n) < 24) {                                         \
            VDIGIT(q + (INV_VL ? (n) : (n) / 3), mq + (INV_VL ? (n) : (n) / 3));                   \
        }                                                                                          \
    } while (0)

/*
 * The inverse's md, me on the integer side into c3 (lanes d, e): M added
 * for a negative d or e (the signs of the top digits), and a multiple of
 * M for zero low bits (see digit 0 in inv_avx2_body.h for the vector form).
 */
#define MDE_SCALAR()                                                                               \
    do {                                                                                           \
        inv_ud sd_ = (inv_ud)0 - ((inv_ud)s[4 * (K - 1) + 2] >> 63);                               \
        inv_ud se_ = (inv_ud)0 - ((inv_ud)s[4 * (K - 1) + 3] >> 63);                               \
        inv_ud md_ = ((inv_ud)r[0] & sd_) + ((inv_ud)r[1] & se_);                                  \
        inv_ud me_ = ((inv_ud)r[2] & sd_) + ((inv_ud)r[3] & se_);                                  \
        inv_ud cd_ = (inv_ud)r[0] * (inv_ud)s[2] + (inv_ud)r[1] * (inv_ud)s[3];                    \
        inv_ud ce_ = (inv_ud)r[2] * (inv_ud)s[2] + (inv_ud)r[3] * (inv_ud)s[3];                    \
        md_ -= (mi * cd_ + md_) & VMASK;                                                           \
        me_ -= (mi * ce_ + me_) & VMASK;                                                           \
        c3 = _mm256_set_epi64x((long long)me_, (long long)md_, 0, 0);                              \
    } while (0)

/*
 * A short batch of n = 7 or 14 divsteps (one group; DIG after each): r
 * gets the group's matrix scaled by 2^(VD - n), the batch's scale (each
 * row |u| + |v| <= 2^n, so <= 2^VD after the shift), and the update
 * divides by 2^VD as after a whole batch.  The bound asks for a number of
 * divsteps, not for whole batches: when it asks for at most n more than
 * whole batches give, the first batch is this short one (before the loop,
 * which stays as it was: a test inside it cost 1-3% at 1024 and 2048 bits).
 * Rounding up to 7 or 14 is safe (more steps than the bound, see
 * bignum_core_inv.c inv_steps).  With the former 28-step batches, the
 * 256-bit bound asked for 595 = 21 x 28 + 7 divsteps, which took 22 whole
 * batches (616) before: min TSC on Zen 4, tacit_mpi_inv_mod 2704 -> 2626.
 * (With 30-step batches, 595 = 19 x 30 + 25: 20 whole batches.)  The inverse only: the gcd's
 * bodies with it ran 3.5% slower at 1024 bits (the code layout of their
 * loops; the 14 steps it saves there are worth about 1%).
 */
#define DIVSTEPS_LAST(fw, gw, DIG, n)                                                              \
    do {                                                                                           \
        nf = (fw);                                                                                 \
        ng = (gw);                                                                                 \
        inv_pack(&a, &b, nf, ng);                                                                  \
        INV_STEPS7(DIG, 0, 0);                                                                     \
        if ((n) == 14) {                                                                           \
            INV_STEPS7(DIG, 7, 7);                                                                 \
        }                                                                                          \
        inv_unpack(a, b, r, p);                                                                    \
        r[0] = (inv_sd)((inv_ud)r[0] << (VD - (n)));                                               \
        r[1] = (inv_sd)((inv_ud)r[1] << (VD - (n)));                                               \
        r[2] = (inv_sd)((inv_ud)r[2] << (VD - (n)));                                               \
        r[3] = (inv_sd)((inv_ud)r[3] << (VD - (n)));                                               \
    } while (0)

/*
 * Each body twice: for the inverse (INV_GCD 0) and for the gcd (INV_GCD 1,
 * names ending in _gcd), which needs neither the cofactors d, e nor M:
 * no third product and no multiple of M a digit (9 vector instructions a
 * digit instead of 11), no md, me a batch.  The d, e lanes start at zero
 * and stay zero.  Zen 4, core gcd, min TSC ticks: 256 bits 3042 -> 2756,
 * 1024 bits 12714 -> 11596, 2048 bits 33462 -> 26962, 4096 bits 105.9k ->
 * 85.9k.
 */
#define INV_NAME_(f, g) f##g
#define INV_NAME_X(f, g) INV_NAME_(f, g)
#define INV_NAME(f) INV_NAME_X(f, INV_SUFFIX)
/* up to SMALL_LIMBS limbs: static avx2_divsteps_small (and _vl), the inverse only */
#define VD 30
#define DIVSTEPS_B INV_STEPS30
#define INV_SMALL 1
#define INV_WIDE 0
#define INV_GCD 0
#define INV_SUFFIX
#define INV_VL 0
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_SUFFIX
#undef INV_VL
#define INV_SUFFIX _vl
#define INV_VL 1
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_VL
#undef INV_GCD
#undef INV_SUFFIX
#undef INV_SMALL
#undef DIVSTEPS_B
#undef VD
#define INV_VL 0
/* avx2_divsteps_narrow (and _vl) and the wide one */
#define VD 30
#define DIVSTEPS_B INV_STEPS30
#define INV_SMALL 0
#define INV_GCD 0
#define INV_SUFFIX
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_SUFFIX
#undef INV_VL
#define INV_SUFFIX _vl
#define INV_VL 1
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_VL
#undef INV_SUFFIX
#define INV_SUFFIX
#define INV_VL 0
#undef INV_WIDE
#define INV_WIDE 1
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_GCD
#undef INV_SUFFIX
#define INV_GCD 1
#define INV_SUFFIX _gcd
#undef INV_WIDE
#define INV_WIDE 0
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_WIDE
#define INV_WIDE 1
#include "bignum/x86_64/inv_avx2_body.h"
#undef INV_WIDE
#undef INV_GCD
#undef INV_SUFFIX
#undef INV_VL

static __attribute__((noinline)) AVX2 void avx2_divsteps_wide_gcd(tacit_mpi_uint *F,
                                                                  const tacit_mpi_uint *G,
                                                                  size_t limbs, size_t steps,
                                                                  tacit_mpi_uint *T)
{
    avx2_divsteps_wide_body_gcd(F, NULL, G, NULL, limbs, steps, T, 1);
}

/* the size (public) picks the body; D = NULL (public) the gcd's */
AVX2 void tacit_mpi_core_avx2_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D,
                                       const tacit_mpi_uint *G, const tacit_mpi_uint *M,
                                       size_t limbs, size_t steps, tacit_mpi_uint *T)
{
    if (D == NULL) {
        avx2_divsteps_narrow_gcd(F, D, G, M, limbs, steps, T);
    } else if (tacit_mpi_core_cpu_has_avx512()) {
        /* AVX-512VL: the bodies with VPSRAQ */
        if (limbs <= SMALL_LIMBS) {
            avx2_divsteps_small_vl(F, D, G, M, limbs, steps, T);
        } else {
            avx2_divsteps_narrow_vl(F, D, G, M, limbs, steps, T);
        }
    } else if (limbs <= SMALL_LIMBS) {
        avx2_divsteps_small(F, D, G, M, limbs, steps, T);
    } else {
        avx2_divsteps_narrow(F, D, G, M, limbs, steps, T);
    }
}

AVX2 void tacit_mpi_core_avx2_divsteps_wide(tacit_mpi_uint *F, tacit_mpi_uint *D,
                                            const tacit_mpi_uint *G, const tacit_mpi_uint *M,
                                            size_t limbs, size_t steps, tacit_mpi_uint *T)
{
    if (D == NULL) {
        avx2_divsteps_wide_gcd(F, G, limbs, steps, T);
        return;
    }
    avx2_divsteps_wide_body(F, D, G, M, limbs, steps, T, 1);
}

#endif /* TACIT_MPI_HAVE_X86_64_ADX_ASM */

#endif /* TACIT_BIGNUM_C && !__OPTIMIZE_SIZE__ */

typedef int tacit_bignum_core_inv_x86_64_avx2_unused;
