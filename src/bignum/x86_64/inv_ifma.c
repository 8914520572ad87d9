/*
 * The divsteps of the constant-time inverse (bignum_core_inv.c,
 * tacit_mpi_core_inv_mod_odd_ct) for x86-64 CPUs with AVX-512 IFMA, from
 * TACIT_MPI_IFMA_INV_MIN_LIMBS limbs on (inv_ifma.h).
 *
 * Why: from 2048 bits on, the AVX2 divsteps (inv_avx2.c) are bound by the
 * vector update of f, g, d, e: ten vector instructions for each 30-bit
 * digit and each batch of 30 divsteps.  VPMADD52LUQ/HUQ take 52-bit digits
 * and give both halves of a 104-bit product, so here a batch has 50
 * divsteps (the integer units: groups of 14, 14, 14 and 8) and the update
 * of a 52-bit digit is 15 vector instructions, six of them multiply-adds:
 * per digit bit and divstep, 2 times fewer instructions.  Min TSC ticks on
 * Zen 4, tacit_mpi_inv_mod: 4096 bits 103k -> 74k, 3072 bits 61k -> 47k,
 * 2048 bits 31.4k -> 27.2k.
 *
 * The layout: digit j (52 bits) of f, g, d, e in one 256-bit block (lanes
 * f, g, d, e), in [0, 2^52) except the signed top digit; M's digits one
 * word each (broadcast), and blocks of (0, 0, 2 M_j, 2 M_j).  A batch's
 * matrix t (scaled by 2^50: |t0| + |t1| <= 2^50, |t2| + |t3| <= 2^50) and
 * the multiples md, me of M (in (-2^51, 2^50], see the body) are signed;
 * VPMADD52 multiplies unsigned 52-bit numbers, so they enter biased: t +
 * 2^50 and md + 2^51, in [0, 2^52).  With P = t X + md M (the four rows at
 * once, biased), digit j of P is lo(c x_j) + hi(c x_(j-1)) summed over the
 * products, and the new rows are (P - 2^50 (x + sx) - 2^51 M') / 2^50 (sx
 * the other row of the pair, M' = M in lanes d, e): 4 P / 2^52 less
 * x + sx + 2 M' one digit up.  So the digit sums are multiplied by 4, the
 * biases' share subtracted, carried (arithmetic shift by 52), and digit
 * j + 1 is stored as digit j (digit 0 of 4 P is zero: md, me make d, e
 * divisible).  Every sum stays below 2^57 in magnitude.  The top digit is
 * signed: VPMADD52 reads its low 52 bits, x + 2^52 [x < 0], and the
 * surplus 2^52 c [x < 0] is taken off the top sum after the batch (masked
 * subtractions, once a batch; in every digit they had cost 30%: Zen 4
 * runs masked VPSUBQ far slower than plain ones).
 *
 * The next batch's steps need the low 50 bits of the new f and g: bits 50
 * to 99 of t0 f + t1 g (resp. t2, t3), from the old digits 0 and 1 on
 * the integer side (128-bit products), so the steps do not wait for the
 * vectors, which run one batch behind, interleaved with them (one or two
 * digits after each step).
 *
 * Constant time: a fixed instruction stream for every value.  The steps
 * are inv_x86_64.h's CMOV steps; VPMADD52, the additions, shifts, the
 * masked subtractions (the masks are data, not branches), loads and stores
 * take the same time for every value, at addresses that depend on the size
 * only; the branches test public counts.  valgrind cannot run AVX-512:
 * tests/bignum/ct_inv_ifma.c runs the C model of this kernel (its own
 * source, inv_ifma_body.h, on C vector operations) with secrets undefined,
 * and tests/bignum/test_inv_ifma.c checks the model and this kernel
 * against each other, GMP and the AVX2 kernel.
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C) && !defined(__OPTIMIZE_SIZE__)

#include <stdint.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/x86_64/inv_ifma.h"

#if defined(TACIT_MPI_HAVE_X86_64_IFMA_INV)

#include <immintrin.h>

typedef int64_t inv_sd;
typedef uint64_t inv_ud;
__extension__ typedef __int128 inv_sdd;
__extension__ typedef unsigned __int128 inv_udd;
#define INV_W 64
#define INV_N 14 /* divsteps per packed group */
#include "bignum/bignum_core_inv_pack.h"
#include "bignum/x86_64/inv_x86_64.h"

#if !defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
#error "the IFMA divsteps use the x86-64 step of inv_x86_64.h"
#endif

#define IFMA_ATTR __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define IFMA_FN(name) ifma_inv_##name
#define V_T __m256i
#define K_T __mmask8
#define V_ZERO() _mm256_setzero_si256()
#define V_SET1(x) _mm256_set1_epi64x((long long)(x))
#define V_SET4(l3, l2, l1, l0)                                                                     \
    _mm256_set_epi64x((long long)(l3), (long long)(l2), (long long)(l1), (long long)(l0))
#define V_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define V_SWAP(x) _mm256_shuffle_epi32((x), 0x4E)
#define V_ADD(a, b) _mm256_add_epi64((a), (b))
#define V_SUB(a, b) _mm256_sub_epi64((a), (b))
#define V_SLLI2(a) _mm256_slli_epi64((a), 2)
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_SRAI52(a) _mm256_srai_epi64((a), 52)
#define V_MADDLO(c, a, b) _mm256_madd52lo_epu64((c), (a), (b))
#define V_MADDHI(c, a, b) _mm256_madd52hi_epu64((c), (a), (b))
#define V_MASK_SUB(v, k, w) _mm256_mask_sub_epi64((v), (k), (v), (w))
#define V_LTZ(a) _mm256_cmplt_epi64_mask((a), _mm256_setzero_si256())
#define V_KEEP(v) __asm__("" : "+v"(v))
#include "bignum/x86_64/inv_ifma_body.h"

/* K blocks of f, g, d, e, K blocks of 2 M (lanes d, e), K digits of M, 32-byte alignment */
size_t tacit_mpi_core_ifma_divsteps_working_limbs(size_t limbs)
{
    return 9 * ifma_inv_digits(limbs) + 4;
}

#define ALIGNED(T) ((inv_sd *)(void *)(((uintptr_t)(T) + 31) & ~(uintptr_t)31))

/* 4096 bits: 79 digits, 78 of them after the steps (28 steps take two) */
static __attribute__((noinline)) IFMA_ATTR void ifma_divsteps_64(tacit_mpi_uint *F,
                                                                 tacit_mpi_uint *D,
                                                                 const tacit_mpi_uint *G,
                                                                 const tacit_mpi_uint *M,
                                                                 size_t steps, tacit_mpi_uint *T)
{
    ifma_inv_body(F, D, G, M, 64, steps, ALIGNED(T), 28);
}

/* 3072 bits: 60 digits (9 steps take two) */
static __attribute__((noinline)) IFMA_ATTR void ifma_divsteps_48(tacit_mpi_uint *F,
                                                                 tacit_mpi_uint *D,
                                                                 const tacit_mpi_uint *G,
                                                                 const tacit_mpi_uint *M,
                                                                 size_t steps, tacit_mpi_uint *T)
{
    ifma_inv_body(F, D, G, M, 48, steps, ALIGNED(T), 9);
}

/* 2048 bits: 40 digits, one after each of the first 39 steps */
static __attribute__((noinline)) IFMA_ATTR void ifma_divsteps_32(tacit_mpi_uint *F,
                                                                 tacit_mpi_uint *D,
                                                                 const tacit_mpi_uint *G,
                                                                 const tacit_mpi_uint *M,
                                                                 size_t steps, tacit_mpi_uint *T)
{
    ifma_inv_body(F, D, G, M, 32, steps, ALIGNED(T), 0);
}

/* any other size: the digit tests at run time */
static __attribute__((noinline)) IFMA_ATTR void ifma_divsteps_any(
    tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G, const tacit_mpi_uint *M,
    size_t limbs, size_t steps, tacit_mpi_uint *T)
{
    size_t K = ifma_inv_digits(limbs), e = K - 1 > 100 ? 50 : (K - 1 > 50 ? K - 1 - 50 : 0);

    ifma_inv_body(F, D, G, M, limbs, steps, ALIGNED(T), e);
}

/* the size (public) picks the copy */
void tacit_mpi_core_ifma_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D, const tacit_mpi_uint *G,
                                  const tacit_mpi_uint *M, size_t limbs, size_t steps,
                                  tacit_mpi_uint *T)
{
    if (limbs == 64) {
        ifma_divsteps_64(F, D, G, M, steps, T);
    } else if (limbs == 48) {
        ifma_divsteps_48(F, D, G, M, steps, T);
    } else if (limbs == 32) {
        ifma_divsteps_32(F, D, G, M, steps, T);
    } else {
        ifma_divsteps_any(F, D, G, M, limbs, steps, T);
    }
}

#endif /* TACIT_MPI_HAVE_X86_64_IFMA_INV */

#endif /* TACIT_BIGNUM_C && !__OPTIMIZE_SIZE__ */

typedef int tacit_bignum_inv_ifma_unused;
