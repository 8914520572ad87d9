/*
 * Constant-time modular exponentiation with AVX-512 IFMA (VPMADD52LUQ /
 * VPMADD52HUQ), chosen at run time by tacit_mpi_core_exp_mod through
 * tacit_mpi_core_ifma_exp_mod (bignum_core_ifma.h) when the CPU has
 * AVX-512F and IFMA and the OS saves the ZMM state.
 *
 * Numbers are held in radix 2^52, one digit per 64-bit lane of 512-bit
 * vectors: d = 8 * nv digits, nv = 3..10 vectors for moduli of 16..64 limbs
 * (1024..4096 bits), the smallest d with 52 d >= 64 limbs + 2 rounded up to
 * a whole vector.  The conversion from and to tacit's 64-bit limbs happens
 * only at the edges of an exponentiation; inside it every product is the
 * "almost Montgomery" product of bignum_core_ifma_kernel.h (below 2 N, no
 * conditional subtraction), and the result is brought below N once at the
 * end by a subtraction kept or dropped under a mask.
 *
 * The Montgomery domain here is R' = 2^(52 d), not tacit's R = 2^(64
 * limbs): from the caller's RR = R^2 mod N,
 *   AMM(RR, RR) = R^4 / R',  AMM(that, 2^k) = R'^2 mod N  for k = 4 d' - 4 R
 * in bits (k = 208 d - 256 limbs, between 0 and 52 d for every size here).
 *
 * Constant time: the digit count, the window width and every address
 * depend only on the limb counts; the window values (secret) are only
 * compared in vector lanes into mask registers; the final reduction is a
 * masked select.  valgrind cannot run AVX-512, so tests/bignum/ct_bignum_core_ifma.c
 * checks the same kernel source compiled against a C model of these
 * intrinsics (see there for what that does and does not prove).
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/x86_64/ifma.h"
#include "core/constant_time_internal.h"
#include "tacit/platform.h"

#if defined(TACIT_MPI_HAVE_X86_64_IFMA)

#include <immintrin.h>

#if defined(TACIT_TEST_HOOKS)
unsigned long tacit_mpi_core_test_ifma_calls;
#endif

#if defined(TACIT_TEST_HOOKS)
int tacit_mpi_core_test_ifma_pair;
#endif

/*
 * The paired 512-bit ladder for 1024-bit halves (else two 256-bit products
 * at a time), on CPUs where it was measured faster: Zen 5 (full-width
 * 512-bit multiply-adds) and Zen 4 (split ones, but fewer lane moves and
 * scalar steps: 601k against 667k TSC ticks per pair of 1024-bit
 * exponentiations, GCC 12).  Not in clang
 * builds: clang 14's code for amm_ps spills its accumulators (on Zen 5 634
 * cycles against 535 for its amm2_y5; GCC 12: 404 against 607), so they
 * keep amm2_y5 unless a test forces the paired ladder.
 */
static int ifma_prefer_pair(void)
{
#if defined(TACIT_TEST_HOOKS)
    if (tacit_mpi_core_test_ifma_pair != 0) {
        return tacit_mpi_core_test_ifma_pair == 2;
    }
#endif
#if defined(__clang__)
    return 0;
#else
    return tacit_mpi_core_cpu_prefers_ifma_pair();
#endif
}

/* ---- the kernel: 512-bit copies for 3..10 vectors, a 256-bit one for 1024 bits */

#define IFMA_CAT2(a, b) a##_##b
#define IFMA_CAT(a, b) IFMA_CAT2(a, b)
#define IFMA_FN(name) IFMA_CAT(ifma_##name, IFMA_TAG)

#define IFMA_ATTR __attribute__((target("avx512f,avx512ifma")))
#define IFMA_LANES 8
#define V_T __m512i
#define K_T __mmask8
#define V_ZERO() _mm512_setzero_si512()
#define V_LOAD(p) _mm512_load_si512((const void *)(p))
#define V_STORE(p, v) _mm512_store_si512((void *)(p), (v))
#define V_SET1(x) _mm512_set1_epi64((long long)(x))
#define V_ADD(a, b) _mm512_add_epi64((a), (b))
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_SRLI52(a) _mm512_srli_epi64((a), 52)
#define V_MADDLO(c, a, b) _mm512_madd52lo_epu64((c), (a), (b))
#define V_MADDHI(c, a, b) _mm512_madd52hi_epu64((c), (a), (b))
#define V_DOWN1(lo, hi) _mm512_alignr_epi64((hi), (lo), 1)
#define V_UP1(cur, prev) _mm512_alignr_epi64((cur), (prev), 7)
#define V_LANE0(v) ((uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v)))
#define V_LANE1(v) ((uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(v), 1))
#define V_LANE0_ONLY(x) _mm512_maskz_set1_epi64((__mmask8)1, (long long)(x))
#define V_CMPGT(a, b) _mm512_cmpgt_epu64_mask((a), (b))
#define V_CMPEQ(a, b) _mm512_cmpeq_epu64_mask((a), (b))
#define V_MASK_ADD(v, k, w) _mm512_mask_add_epi64((v), (k), (v), (w))
#define V_MASK_MOV(v, k, w) _mm512_mask_mov_epi64((v), (k), (w))
#define K_TO_U64(k) ((uint64_t)(k))
#define U64_TO_K(x) ((__mmask8)(x))

/*
 * The table scans' merge, register to register: without the barriers GCC
 * folds V_MASK_MOV(acc, k, V_LOAD(entry)) into VPBLENDMQ with a memory
 * operand, or keeps acc in memory and merges by a masked store, both under
 * the secret lane mask k: masked accesses that may skip the lanes (and the
 * entries) that k rejects (found by scripts/check_ct_asm.sh).
 */
static inline __attribute__((always_inline, target("avx512f"))) __m512i ifma_scan_merge(
    __m512i acc, __mmask8 k, const uint64_t *p)
{
    __m512i v = _mm512_load_si512((const void *)p);

    __asm__("" : "+v"(v));
    acc = _mm512_mask_mov_epi64(acc, k, v);
    __asm__("" : "+v"(acc));
    return acc;
}
#define V_SCAN_MERGE(v, k, p) ifma_scan_merge((v), (k), (p))

#define IFMA_NV 3
#define IFMA_TAG 3
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 4
#define IFMA_TAG 4
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 5
#define IFMA_TAG 5
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 6
#define IFMA_TAG 6
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 7
#define IFMA_TAG 7
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 8
#define IFMA_TAG 8
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 9
#define IFMA_TAG 9
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#define IFMA_NV 10
#define IFMA_TAG 10
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG

/*
 * Both 1024-bit CRT halves of RSA-2048 in one set of five 512-bit vectors
 * (lanes 0..3 one half, 4..7 the other): the interleaved ladder with half
 * the multiply-adds of two 256-bit products, by product scanning (no lane
 * moves in the loop).  The per-half lane moves that make the shifted
 * copies are two-source permutes (VPERMT2Q), the per-half broadcasts a
 * broadcast and a masked one.
 */
#define V_SET1_PAIR(x0, x1)                                                                        \
    _mm512_mask_set1_epi64(_mm512_set1_epi64((long long)(x0)), (__mmask8)0xF0, (long long)(x1))
#define V_UP1_PAIR(cur, prev)                                                                      \
    _mm512_permutex2var_epi64((cur), _mm512_set_epi64(6, 5, 4, 15, 2, 1, 0, 11), (prev))
/* lane n (a constant after inlining) of a 512-bit vector */
static inline __attribute__((always_inline, target("avx512f"))) uint64_t ifma_lane_at(__m512i v,
                                                                                      int n)
{
    __m128i x;

    switch (n >> 1) {
    case 0:
        x = _mm512_castsi512_si128(v);
        break;
    case 1:
        x = _mm512_extracti32x4_epi32(v, 1);
        break;
    case 2:
        x = _mm512_extracti32x4_epi32(v, 2);
        break;
    default:
        x = _mm512_extracti32x4_epi32(v, 3);
        break;
    }
    return (n & 1) ? (uint64_t)_mm_extract_epi64(x, 1) : (uint64_t)_mm_cvtsi128_si64(x);
}
#define V_LANE_AT(v, n) ifma_lane_at((v), (n))
#define V_MASK_MADDLO(c, k, a, b) _mm512_mask_madd52lo_epu64((c), (k), (a), (b))
#define V_MASK_MADDHI(c, k, a, b) _mm512_mask_madd52hi_epu64((c), (k), (a), (b))
/*
 * The paired rows' multiply-adds take their vector straight from memory
 * (inline assembly: GCC 12 otherwise keeps some of the many loaded
 * variants in registers and spills them, a store and a reload more per
 * use on a load-bound loop).
 */
#define IFMA_MADD_MEM(name, insn)                                                                  \
    static inline __attribute__((always_inline, target("avx512f,avx512ifma"))) __m512i name(       \
        __m512i c, const uint64_t *p, __m512i b)                                                   \
    {                                                                                              \
        __asm__(insn " %2, %1, %0" : "+v"(c) : "v"(b), "m"(*(const __m512i *)(const void *)p));    \
        return c;                                                                                  \
    }                                                                                              \
    static inline __attribute__((always_inline, target("avx512f,avx512ifma")))                     \
    __m512i name##_k(__m512i c, __mmask8 k, const uint64_t *p, __m512i b)                          \
    {                                                                                              \
        __asm__(insn " %3, %2, %0%{%1%}"                                                           \
                : "+v"(c)                                                                          \
                : "Yk"(k), "v"(b), "m"(*(const __m512i *)(const void *)p));                        \
        return c;                                                                                  \
    }
IFMA_MADD_MEM(ifma_maddlo_mem, "vpmadd52luq")
IFMA_MADD_MEM(ifma_maddhi_mem, "vpmadd52huq")
#define V_MADDLO_MEM(c, p, b) ifma_maddlo_mem((c), (p), (b))
#define V_MADDHI_MEM(c, p, b) ifma_maddhi_mem((c), (p), (b))
#define V_MASK_MADDLO_MEM(c, k, p, b) ifma_maddlo_mem_k((c), (k), (p), (b))
#define V_MASK_MADDHI_MEM(c, k, p, b) ifma_maddhi_mem_k((c), (k), (p), (b))
#define V_SQR_SPREAD0(lo, hi)                                                                      \
    _mm512_permutex2var_epi64((lo), _mm512_set_epi64(13, 5, 12, 4, 9, 1, 8, 0), (hi))
#define V_SQR_SPREAD1(lo, hi)                                                                      \
    _mm512_permutex2var_epi64((lo), _mm512_set_epi64(15, 7, 14, 6, 11, 3, 10, 2), (hi))
#define IFMA_PAIR
#define IFMA_NV 5
#define IFMA_TAG p5
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG
#undef IFMA_PAIR

/*
 * 1024-bit moduli (the CRT halves of RSA-2048) in 256-bit vectors: 20
 * digits (5 vectors) instead of 24, a sixth less work per step and per
 * product.  Needs AVX-512VL for the 256-bit forms.
 */
#undef IFMA_ATTR
#undef IFMA_LANES
#undef V_T
#undef V_ZERO
#undef V_LOAD
#undef V_STORE
#undef V_SET1
#undef V_ADD
#undef V_AND
#undef V_SRLI52
#undef V_MADDLO
#undef V_MADDHI
#undef V_DOWN1
#undef V_UP1
#undef V_LANE0
#undef V_LANE1
#undef V_LANE0_ONLY
#undef V_CMPGT
#undef V_CMPEQ
#undef V_MASK_ADD
#undef V_MASK_MOV
#undef V_SCAN_MERGE
static inline __attribute__((always_inline, target("avx512f,avx512vl"))) __m256i ifma_scan_merge_y(
    __m256i acc, __mmask8 k, const uint64_t *p)
{
    __m256i v = _mm256_load_si256((const __m256i *)(const void *)p);

    __asm__("" : "+v"(v));
    acc = _mm256_mask_mov_epi64(acc, k, v);
    __asm__("" : "+v"(acc));
    return acc;
}
#define V_SCAN_MERGE(v, k, p) ifma_scan_merge_y((v), (k), (p))
#define IFMA_ATTR __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define IFMA_LANES 4
#define V_T __m256i
#define V_ZERO() _mm256_setzero_si256()
#define V_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define V_SET1(x) _mm256_set1_epi64x((long long)(x))
#define V_ADD(a, b) _mm256_add_epi64((a), (b))
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_SRLI52(a) _mm256_srli_epi64((a), 52)
#define V_MADDLO(c, a, b) _mm256_madd52lo_epu64((c), (a), (b))
#define V_MADDHI(c, a, b) _mm256_madd52hi_epu64((c), (a), (b))
#define V_DOWN1(lo, hi) _mm256_alignr_epi64((hi), (lo), 1)
#define V_UP1(cur, prev) _mm256_alignr_epi64((cur), (prev), 3)
#define V_LANE0(v) ((uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v)))
#define V_LANE1(v) ((uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(v), 1))
#define V_LANE0_ONLY(x) _mm256_maskz_set1_epi64((__mmask8)1, (long long)(x))
#define V_CMPGT(a, b) _mm256_cmpgt_epu64_mask((a), (b))
#define V_CMPEQ(a, b) _mm256_cmpeq_epu64_mask((a), (b))
#define V_MASK_ADD(v, k, w) _mm256_mask_add_epi64((v), (k), (v), (w))
#define V_MASK_MOV(v, k, w) _mm256_mask_mov_epi64((v), (k), (w))

#define IFMA_NV 5
#define IFMA_TAG y5
#include "bignum/x86_64/ifma_kernel.h"
#undef IFMA_NV
#undef IFMA_TAG

#define IFMA_KERNEL(tag, d)                                                                        \
    {                                                                                              \
        (d), ifma_amm_##tag, ifma_ladder_##tag, ifma_ladder2_##tag, NULL, NULL                     \
    }
static const tacit_ifma_kernel ifma_kernels[9] = {
    IFMA_KERNEL(y5, 20), IFMA_KERNEL(3, 24), IFMA_KERNEL(4, 32),
    IFMA_KERNEL(5, 40),  IFMA_KERNEL(6, 48), IFMA_KERNEL(7, 56),
    IFMA_KERNEL(8, 64),  IFMA_KERNEL(9, 72), IFMA_KERNEL(10, 80),
};

/* 1024-bit halves with the paired 512-bit ladder (see ifma_prefer_pair). */
static const tacit_ifma_kernel ifma_kernel_y5p = {
    20, ifma_amm_y5, ifma_ladder_y5, ifma_ladder2_y5, ifma_ladder2p_p5, ifma_pair_pow_unsafe
};

/*
 * The kernel for a modulus of limbs limbs (16..64): the fewest digits d
 * with 52 d >= 64 limbs + 2 (so 4 N <= R'), whole 512-bit vectors, except
 * 16 limbs: 20 digits in 256-bit vectors.
 */
static const tacit_ifma_kernel *ifma_kernel(size_t limbs)
{
    size_t nv = ((64 * limbs + 2 + 51) / 52 + 7) / 8;

    return limbs == 16 ? &ifma_kernels[0] : &ifma_kernels[nv - 2];
}

/* Work areas: one exponentiation of up to 64 limbs, two of up to 32, or two
 * of 16 with the paired ladder's scratch (the largest: 3400 words). */
#define IFMA_WORK_PAIR (2 * IFMA_WORK_WORDS(20, 16) + IFMA_PAIR_WORDS(20))
#define IFMA_WORK_MAX2                                                                             \
    (IFMA_WORK_WORDS(80, 64) > 2 * IFMA_WORK_WORDS(40, 32) ? IFMA_WORK_WORDS(80, 64)               \
                                                           : 2 * IFMA_WORK_WORDS(40, 32))
#define IFMA_WORK_MAX (IFMA_WORK_MAX2 > IFMA_WORK_PAIR ? IFMA_WORK_MAX2 : IFMA_WORK_PAIR)

int tacit_mpi_core_ifma_exp_mod(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                                size_t limbs, const tacit_mpi_uint *E, size_t elimbs,
                                const tacit_mpi_uint *RR)
{
    uint64_t work[IFMA_WORK_MAX] __attribute__((aligned(64)));

    if (limbs < 16 || limbs > IFMA_MAX_LIMBS || elimbs == 0 || !tacit_mpi_core_cpu_has_ifma()) {
        return 0;
    }
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_ifma_calls++;
#endif
    tacit_ifma_exp_mod(X, A, N, limbs, E, elimbs, RR, ifma_kernel(limbs), work);
    return 1;
}

/*
 * Leaks: E (its bit length and every bit), through the multiplication
 * after each one bit.
 * Only for: public exponents, from tacit_mpi_core_exp_mod_unsafe.
 */
int tacit_mpi_core_ifma_exp_mod_unsafe(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                       const tacit_mpi_uint *N, size_t limbs,
                                       const tacit_mpi_uint *E, size_t ebits,
                                       const tacit_mpi_uint *RR)
{
    uint64_t work[IFMA_WORK_WORDS(80, 64)] __attribute__((aligned(64)));

    if (limbs < IFMA_UNSAFE_MIN_LIMBS || limbs > IFMA_MAX_LIMBS || ebits == 0 ||
        ebits > IFMA_UNSAFE_MAX_EBITS || !tacit_mpi_core_cpu_has_ifma()) {
        return 0;
    }
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_ifma_calls++;
#endif
    tacit_ifma_exp_mod_unsafe(X, A, N, limbs, E, ebits, RR, ifma_kernel(limbs), work);
    return 1;
}

/*
 * Leaks: E (its bit length and every bit), as
 * tacit_mpi_core_ifma_exp_mod_unsafe.
 * Only for: public exponents (the RSA e of the blinding), from
 * tacit_mpi_core_exp_mod_x2_unsafe.
 */
int tacit_mpi_core_ifma_exp_mod_x2_unsafe(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                          const tacit_mpi_uint *N1, const tacit_mpi_uint *RR1,
                                          tacit_mpi_uint *X2, const tacit_mpi_uint *A2,
                                          const tacit_mpi_uint *N2, const tacit_mpi_uint *RR2,
                                          size_t limbs, const tacit_mpi_uint *E, size_t ebits)
{
    uint64_t work[IFMA_WORK_PAIR] __attribute__((aligned(64)));

    if (limbs != 16 || ebits == 0 || ebits > IFMA_UNSAFE_MAX_EBITS ||
        !tacit_mpi_core_cpu_has_ifma() || !ifma_prefer_pair()) {
        return 0;
    }
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_ifma_calls += 2;
#endif
    tacit_ifma_exp_mod_x2_unsafe(X1, A1, N1, RR1, X2, A2, N2, RR2, limbs, E, ebits,
                                 &ifma_kernel_y5p, work);
    return 1;
}

int tacit_mpi_core_ifma_exp_mod_x2(tacit_mpi_uint *X1, const tacit_mpi_uint *A1,
                                   const tacit_mpi_uint *N1, const tacit_mpi_uint *E1,
                                   const tacit_mpi_uint *RR1, tacit_mpi_uint *X2,
                                   const tacit_mpi_uint *A2, const tacit_mpi_uint *N2,
                                   const tacit_mpi_uint *E2, const tacit_mpi_uint *RR2,
                                   size_t limbs, size_t elimbs)
{
    uint64_t work[IFMA_WORK_MAX] __attribute__((aligned(64)));

    if (limbs < 16 || limbs > 32 || elimbs == 0 || !tacit_mpi_core_cpu_has_ifma()) {
        return 0;
    }
#if defined(TACIT_TEST_HOOKS)
    tacit_mpi_core_test_ifma_calls += 2;
#endif
    tacit_ifma_exp_mod_x2(X1, A1, N1, E1, RR1, X2, A2, N2, E2, RR2, limbs, elimbs,
                          limbs == 16 && ifma_prefer_pair() ? &ifma_kernel_y5p : ifma_kernel(limbs),
                          work);
    return 1;
}

#endif /* TACIT_MPI_HAVE_X86_64_IFMA */

#endif /* TACIT_BIGNUM_CORE_C */

typedef int tacit_bignum_core_x86_64_ifma_unused;
