/*
 * The divsteps of the constant-time gcd (bignum_core_inv.c,
 * tacit_mpi_core_gcd_ct) for x86-64 CPUs with AVX2, with two digits of f
 * and g in each 256-bit block.
 *
 * Why: the gcd needs no cofactors, so in the inverse's layout (inv_avx2.c:
 * digit i of f, g, d, e in one block) half of every vector instruction of
 * its update is idle.  Here block j holds digits j and j + H of f and g,
 * lanes (f_j, g_j, f_(j+H), g_(j+H)), K = 2 H digits: one VPMULDQ pair, one
 * shuffle, the carry's shift, add and mask and one store update two digits
 * of both rows, so the update takes half the vector instructions, which
 * run beside the integer divsteps (the bound at 1024 bits).
 *
 * The two halves are two carry chains side by side: lanes 0, 1 carry from
 * digit j to j + 1 up to digit H - 1, lanes 2, 3 from digit H up to the
 * signed top digit.  The high chain starts without the low half's carry
 * into digit H (not known until the low chain ends): digit H's output
 * (digit H - 1 of the result, the division by 2^VD moves every digit down
 * one) is kept as tm = its low VD bits, and after the batch the low
 * chain's carry c is added: digit H - 1 = (tm + c) mod 2^VD, and what
 * passes (floor((tm + c) / 2^VD), in [-2, 1] since |c| <= 2^VD + 1) is a
 * carry into digit H that the next batch adds to digit H as it reads it
 * (dl).  So digit H may lie in [-2, 2^VD] as the next batch multiplies it:
 * the products still fit VPMULDQ's signed 32 bits and the 2^62 bias.  The
 * last batch's dl goes into digit H before the conversion, which
 * propagates carries (gcd_from_pairs).  The next batch's words come from
 * digits 0 and 1 (H >= 2), which the fix-up never touches.
 *
 * VD = 30: a batch is two groups of 15 of inv_x86_64.h's CMOV divsteps,
 * as in inv_avx2.c, with the pairs spread over the steps (at the common
 * sizes evenly, placed at compile time).
 *
 * Constant time: a fixed instruction stream for every value; VPMULDQ,
 * VPADDQ, VPSRLQ, VPERM2I128, VPSRLVQ and the loads and stores take the
 * same time for every value, at addresses that depend on the sizes only;
 * the branches test public counts.  The ct suites run this path under
 * valgrind (whose CPUID reports AVX2), and scripts/check_ct_asm.sh traces
 * the object.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C) && !defined(__OPTIMIZE_SIZE__)

#include <stdint.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/x86_64/gcd_avx2.h"

#if defined(TACIT_MPI_HAVE_X86_64_GCD_PACKED)

#include <immintrin.h>

typedef int64_t inv_sd;
typedef uint64_t inv_ud;
#define INV_W 64
#define INV_N 14 /* divsteps per packed group */
#include "bignum/bignum_core_inv_pack.h"
#include "bignum/x86_64/inv_x86_64.h"

#if !defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
#error "the packed gcd divsteps use the x86-64 step of inv_x86_64.h"
#endif

#define AVX2 __attribute__((target("avx2")))
#define GCD_BIAS ((inv_ud)1 << 62)

/*
 * Pairs H: K = 2 H >= (64 limbs + 2) / 30 + 1 digits of VD = 30 bits (the
 * inverse's digit count, inv_avx2.c vdigits), for values below 2^(b+2) in
 * magnitude, b = 64 limbs + 2.  (A constant divisor: no division
 * instruction.)
 */
static size_t gcd_pairs(size_t limbs)
{
    return (limbs * 64 + 2) / 30 / 2 + 1;
}

size_t tacit_mpi_core_avx2_gcd_divsteps_working_limbs(size_t limbs)
{
    /* the H blocks, the interleaved limbs of F and G (limbs + 2 pairs), 32-byte alignment */
    size_t H = gcd_pairs(limbs);

    return 4 * H + 2 * (limbs + 2) + 4;
}

/*
 * S[0 .. H) = the packed digits of F (limbs + 1 limbs) and G (limbs
 * limbs): lanes (f_j, g_j, f_(j+H), g_(j+H)) of block j, digit i = bits
 * [i vd, (i + 1) vd).  X (2 (limbs + 2) words, past the blocks) gets the
 * limbs interleaved, F_i and G_i in one 128-bit pair, zeros past the end;
 * then a block is two such pairs (of the limbs under digits j and j + H)
 * and the two after them, shifted by per-lane public counts (VPSRLVQ and
 * VPSLLVQ give 0 for counts of 64).  Digit i reads limbs i vd / 64 and the
 * next, at most (2 H - 1) vd / 64 + 1 <= limbs + 1.
 */
static __attribute__((noinline)) AVX2 void gcd_to_pairs(__m256i *S, size_t H,
                                                        const tacit_mpi_uint *F,
                                                        const tacit_mpi_uint *G, size_t limbs,
                                                        __m256i *Xv, unsigned vd)
{
    inv_ud *X = (inv_ud *)(void *)Xv;
    const __m256i mask = _mm256_set1_epi64x((long long)(((inv_ud)1 << vd) - 1));
    const __m256i k64 = _mm256_set1_epi64x(64);
    size_t j;

    for (j = 0; j < limbs; j++) {
        X[2 * j] = (inv_ud)F[j];
        X[2 * j + 1] = (inv_ud)G[j];
    }
    X[2 * limbs] = (inv_ud)F[limbs];
    X[2 * limbs + 1] = 0;
    X[2 * limbs + 2] = 0;
    X[2 * limbs + 3] = 0;
    for (j = 0; j < H; j++) {
        size_t p0 = j * vd, p1 = (j + H) * vd;
        const __m128i *l0 = (const __m128i *)(const void *)(X + 2 * (p0 / 64));
        const __m128i *l1 = (const __m128i *)(const void *)(X + 2 * (p1 / 64));
        __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(l0)),
                                             _mm_loadu_si128(l1), 1);
        __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(l0 + 1)),
                                             _mm_loadu_si128(l1 + 1), 1);
        __m256i off = _mm256_set_epi64x((long long)(p1 % 64), (long long)(p1 % 64),
                                        (long long)(p0 % 64), (long long)(p0 % 64));
        __m256i v = _mm256_or_si256(_mm256_srlv_epi64(lo, off),
                                    _mm256_sllv_epi64(hi, _mm256_sub_epi64(k64, off)));
        _mm256_store_si256(S + j, _mm256_and_si256(v, mask));
    }
}

/*
 * F (n limbs) = the two's complement of lane f of the H blocks at s: the
 * digits 0 .. 2 H - 1 (signed top digit), with the carries propagated
 * (digit H may lie in [-2, 2^vd], see above), into a 128-bit window.
 */
static __attribute__((noinline)) void gcd_from_pairs(tacit_mpi_uint *F, size_t n, const inv_sd *s,
                                                     size_t H, unsigned vd)
{
    __extension__ typedef unsigned __int128 u128;
    const inv_ud mask = ((inv_ud)1 << vd) - 1;
    u128 w = 0;
    inv_sd c = 0;
    unsigned nb = 0;
    size_t i, j = 0, K = 2 * H;

    for (i = 0; i + 1 < K; i++) {
        inv_sd d = (i < H ? s[4 * i] : s[4 * (i - H) + 2]) + c;
        c = d >> vd; /* arithmetic (the compilers tacit supports) */
        w |= (u128)((inv_ud)d & mask) << nb;
        nb += vd;
        if (nb >= 64 && j < n) {
            F[j++] = (tacit_mpi_uint)w;
            w >>= 64;
            nb -= 64;
        }
    }
    /* the signed top digit: its sign fills the limbs above */
    {
        inv_sd d = s[4 * (H - 1) + 2] + c;
        inv_ud ext = (inv_ud)(d >> 63);
        w |= ((u128)(inv_ud)d << nb) | ((u128)ext << (64 + nb));
        for (; j < n; j++) {
            F[j] = (tacit_mpi_uint)w;
            w = (w >> 64) | ((u128)ext << 64);
        }
    }
}

/*
 * One pair of the update: the block at q (input digits j, j + H) into the
 * accumulator, the low VD bits of each lane stored at q - 1 (output digits
 * j - 1, j + H - 1).  The products and the bias are summed off the carry
 * chain (the empty asm keeps the compiler from folding the accumulator in
 * early), so the chain is one shift and one add a pair.
 */
#define GPAIR(qp)                                                                                  \
    do {                                                                                           \
        __m256i x_ = _mm256_load_si256(qp);                                                        \
        __m256i p_ = _mm256_add_epi64(_mm256_mul_epi32(x_, c1),                                    \
                                      _mm256_mul_epi32(_mm256_shuffle_epi32(x_, 0x4E), c2));       \
        p_ = _mm256_add_epi64(p_, kb);                                                             \
        __asm__("" : "+x"(p_));                                                                    \
        acc = _mm256_add_epi64(_mm256_srli_epi64(acc, VD), p_);                                    \
        _mm256_store_si256((qp)-1, _mm256_and_si256(acc, vmask));                                  \
    } while (0)

/* After step n of a batch: the next pair if there is one (q, qend public). */
#define GNEXT(n)                                                                                   \
    do {                                                                                           \
        if (q < qend) {                                                                            \
            GPAIR(q);                                                                              \
            q++;                                                                                   \
        }                                                                                          \
    } while (0)
/*
 * H a compile-time constant, H - 1 <= 3 VD: the pairs 1 .. H - 1 spread
 * evenly over the VD steps, pairs [GSTART(n), GSTART(n + 1)) after step n
 * (at most 3), all at constant offsets.  Min TSC ticks on Zen 4, 16 limbs
 * in batches of 28 (18 pairs), the packed divsteps alone: pair n + 1 after
 * step n, steps 18 .. 27 without one: 9880; spread: 9256 (the steps alone,
 * no update: 9204).
 */
#define GSTART(n) (((size_t)(n) * (H - 1) + VD - 1) / VD)
#define GNEXTC(n)                                                                                  \
    do {                                                                                           \
        if (GSTART(n) < GSTART((n) + 1)) {                                                         \
            GPAIR(q + GSTART(n));                                                                  \
        }                                                                                          \
        if (GSTART(n) + 1 < GSTART((n) + 1)) {                                                     \
            GPAIR(q + GSTART(n) + 1);                                                              \
        }                                                                                          \
        if (GSTART(n) + 2 < GSTART((n) + 1)) {                                                     \
            GPAIR(q + GSTART(n) + 2);                                                              \
        }                                                                                          \
    } while (0)
/* at least VD (2 VD) pairs left: one (two) after each step, at constant offsets */
#define GNEXTD(n) GPAIR(q + (n))
#define GNEXT2(n)                                                                                  \
    do {                                                                                           \
        GPAIR(q + 2 * (n));                                                                        \
        GPAIR(q + 2 * (n) + 1);                                                                    \
    } while (0)
#define GNONE(n) ((void)0)

/*
 * 30 divsteps from the words fw, gw, DIG() after each: inv_x86_64.h's
 * INV_STEPS30 (two groups of 15, as in the inverse).  Min TSC on Zen 4, the
 * packed divsteps alone, 30-step batches as 15 + 15 vs 28-step ones as
 * 14 + 14 (the gcd's batches before, when 30 was 14 + 14 + 2): 4 limbs
 * 2444 -> 2262 (the unpacked kernel 2418), 16 limbs 9256 -> 9230, 24: 14898
 * -> 13962, 32 (30 as 14 + 14 + 2 before): 21346 -> 18720.
 */
#define VD 30
#define GCD_STEPS_B INV_STEPS30
#define GCD_BODY gcd_body30
#include "bignum/x86_64/gcd_avx2_body.h"
#undef VD
#undef GCD_STEPS_B
#undef GCD_BODY

/* gcd_pairs as a constant expression */
#define GCD_PAIRS_C(limbs) (((limbs)*64 + 2) / 30 / 2 + 1)

/*
 * The common sizes (256 to 4096 bits) get their own copy, with the pair
 * count (and so the pairs' placement among the steps) fixed at compile
 * time; the others take the count at run time.  Min TSC on Zen 4, the
 * packed divsteps alone, run-time count vs a copy: 12 limbs 7046 -> 6864,
 * 16: 9516 -> 9230, 24: 14612 -> 13962, 32: 19968 -> 18720, 48: 35568 ->
 * 30056, 64: 46800 -> 45916.  64-byte aligned, so that a copy's layout does
 * not move with what is linked before it.
 */
#define GCD_SIZED(L)                                                                               \
    static __attribute__((noinline, aligned(64))) AVX2 void gcd_divsteps_##L(                      \
        tacit_mpi_uint *F, const tacit_mpi_uint *G, size_t steps, tacit_mpi_uint *T)               \
    {                                                                                              \
        gcd_body30(F, G, L, steps, T, GCD_PAIRS_C(L));                                             \
    }
GCD_SIZED(4)
GCD_SIZED(8)
GCD_SIZED(12)
GCD_SIZED(16)
GCD_SIZED(24)
GCD_SIZED(32)
GCD_SIZED(48)
GCD_SIZED(64)

static __attribute__((noinline, aligned(64))) AVX2 void gcd_divsteps30(tacit_mpi_uint *F,
                                                                       const tacit_mpi_uint *G,
                                                                       size_t limbs, size_t steps,
                                                                       tacit_mpi_uint *T)
{
    gcd_body30(F, G, limbs, steps, T, 0);
}

/* the size (public) picks the body */
void tacit_mpi_core_avx2_gcd_divsteps(tacit_mpi_uint *F, const tacit_mpi_uint *G, size_t limbs,
                                      size_t steps, tacit_mpi_uint *T)
{
    /*
     * one test a size, limbs passed through an empty asm before each (the
     * compiler cannot see it unchanged): the plain chain of tests became a
     * jump table, a load that scripts/check_ct_asm.sh's tracer calls secret
     * (every load from memory but the stack is secret in its model)
     */
#define GCD_IF_SIZED(L)                                                                            \
    __asm__("" : "+r"(limbs));                                                                     \
    if (limbs == (L)) {                                                                            \
        gcd_divsteps_##L(F, G, steps, T);                                                          \
        return;                                                                                    \
    }
    GCD_IF_SIZED(4)
    GCD_IF_SIZED(8)
    GCD_IF_SIZED(12)
    GCD_IF_SIZED(16)
    GCD_IF_SIZED(24)
    GCD_IF_SIZED(32)
    GCD_IF_SIZED(48)
    GCD_IF_SIZED(64)
#undef GCD_IF_SIZED
    gcd_divsteps30(F, G, limbs, steps, T);
}

#endif /* TACIT_MPI_HAVE_X86_64_GCD_PACKED */

#endif /* TACIT_BIGNUM_C && !__OPTIMIZE_SIZE__ */

typedef int tacit_bignum_gcd_avx2_unused;
