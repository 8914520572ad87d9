/*
 * The C model of the IFMA divsteps (src/bignum/x86_64/inv_ifma.c): the
 * kernel's own source, inv_ifma_body.h, compiled against a portable,
 * branch-free C version of the vector operations it uses (4-lane structs;
 * 104-bit products through unsigned __int128; lane masks as bits, applied
 * through arithmetic masks).  The steps are the kernel's, the x86-64 CMOV
 * steps of inv_x86_64.h, so the model exists on x86-64 with 64-bit limbs
 * (INV_IFMA_MODEL).  model_ifma_divsteps has tacit_mpi_core_ifma_divsteps's
 * contract and gives the same bits (test_inv_ifma checks it); valgrind runs
 * it (ct_inv_ifma), which it cannot do for AVX-512.
 */
#ifndef TACIT_TEST_INV_IFMA_MODEL_H
#define TACIT_TEST_INV_IFMA_MODEL_H

#include <stdint.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"

#if TACIT_MPI_LIMB_BITS == 64 && defined(__SIZEOF_INT128__) && defined(__x86_64__) &&              \
    (defined(__GNUC__) || defined(__clang__))
typedef int64_t inv_sd;
typedef uint64_t inv_ud;
__extension__ typedef __int128 inv_sdd;
__extension__ typedef unsigned __int128 inv_udd;
#define INV_W 64
#define INV_N 14
#include "bignum/bignum_core_inv_pack.h"
#include "bignum/x86_64/inv_x86_64.h"

#if defined(TACIT_MPI_HAVE_X86_64_INV_ASM)
#define INV_IFMA_MODEL 1

typedef struct {
    uint64_t l[4];
} model_v;

static inline model_v mv_set4(uint64_t l3, uint64_t l2, uint64_t l1, uint64_t l0)
{
    model_v r;
    r.l[0] = l0;
    r.l[1] = l1;
    r.l[2] = l2;
    r.l[3] = l3;
    return r;
}
static inline model_v mv_load(const inv_sd *p)
{
    model_v r;
    memcpy(r.l, p, sizeof(r.l));
    return r;
}
static inline void mv_store(inv_sd *p, model_v v)
{
    memcpy(p, v.l, sizeof(v.l));
}
static inline model_v mv_swap(model_v a)
{
    return mv_set4(a.l[2], a.l[3], a.l[0], a.l[1]);
}
static inline model_v mv_add(model_v a, model_v b)
{
    int i;
    for (i = 0; i < 4; i++) {
        a.l[i] += b.l[i];
    }
    return a;
}
static inline model_v mv_sub(model_v a, model_v b)
{
    int i;
    for (i = 0; i < 4; i++) {
        a.l[i] -= b.l[i];
    }
    return a;
}
static inline model_v mv_slli2(model_v a)
{
    int i;
    for (i = 0; i < 4; i++) {
        a.l[i] <<= 2;
    }
    return a;
}
static inline model_v mv_and(model_v a, model_v b)
{
    int i;
    for (i = 0; i < 4; i++) {
        a.l[i] &= b.l[i];
    }
    return a;
}
static inline model_v mv_srai52(model_v a)
{
    int i;
    for (i = 0; i < 4; i++) {
        a.l[i] = (uint64_t)((int64_t)a.l[i] >> 52);
    }
    return a;
}
/* VPMADD52LUQ / HUQ: c + the low / high 52 bits of the product of the lanes' low 52 bits */
static inline model_v mv_madd(model_v c, model_v a, model_v b, int hi)
{
    const uint64_t m52 = ((uint64_t)1 << 52) - 1;
    int i;
    for (i = 0; i < 4; i++) {
        inv_udd p = (inv_udd)(a.l[i] & m52) * (b.l[i] & m52);
        c.l[i] += hi ? (uint64_t)(p >> 52) : (uint64_t)p & m52;
    }
    return c;
}
/* v - w in the lanes of k (bit i: lane i), v elsewhere; a zero v for maskz */
static inline model_v mv_mask_sub(model_v v, unsigned k, model_v w)
{
    int i;
    for (i = 0; i < 4; i++) {
        v.l[i] -= w.l[i] & ((uint64_t)0 - ((k >> i) & 1));
    }
    return v;
}
static inline unsigned mv_ltz(model_v a)
{
    unsigned k = 0;
    int i;
    for (i = 0; i < 4; i++) {
        k |= (unsigned)(a.l[i] >> 63) << i;
    }
    return k;
}

#define IFMA_ATTR
#define IFMA_FN(name) model_ifma_##name
#define V_T model_v
#define K_T unsigned
#define V_ZERO() mv_set4(0, 0, 0, 0)
#define V_SET1(x) mv_set4((uint64_t)(x), (uint64_t)(x), (uint64_t)(x), (uint64_t)(x))
#define V_SET4(l3, l2, l1, l0)                                                                     \
    mv_set4((uint64_t)(l3), (uint64_t)(l2), (uint64_t)(l1), (uint64_t)(l0))
#define V_LOAD(p) mv_load(p)
#define V_STORE(p, v) mv_store((p), (v))
#define V_SWAP(x) mv_swap(x)
#define V_ADD(a, b) mv_add((a), (b))
#define V_SUB(a, b) mv_sub((a), (b))
#define V_SLLI2(a) mv_slli2(a)
#define V_AND(a, b) mv_and((a), (b))
#define V_SRAI52(a) mv_srai52(a)
#define V_MADDLO(c, a, b) mv_madd((c), (a), (b), 0)
#define V_MADDHI(c, a, b) mv_madd((c), (a), (b), 1)
#define V_MASK_SUB(v, k, w) mv_mask_sub((v), (k), (w))
#define V_LTZ(a) mv_ltz(a)
#define V_KEEP(v) ((void)0)
#include "bignum/x86_64/inv_ifma_body.h"

/* Working limbs of the model (as the kernel's). */
static inline size_t model_ifma_working_limbs(size_t limbs)
{
    return 9 * model_ifma_digits(limbs) + 4;
}

/* The model of tacit_mpi_core_ifma_divsteps (the generic copy's digit plan). */
static inline void model_ifma_divsteps(tacit_mpi_uint *F, tacit_mpi_uint *D,
                                       const tacit_mpi_uint *G, const tacit_mpi_uint *M,
                                       size_t limbs, size_t steps, tacit_mpi_uint *T)
{
    size_t K = model_ifma_digits(limbs), e = K - 1 > 100 ? 50 : (K - 1 > 50 ? K - 1 - 50 : 0);

    model_ifma_body(F, D, G, M, limbs, steps,
                    (inv_sd *)(void *)(((uintptr_t)T + 31) & ~(uintptr_t)31), e);
}
#endif /* TACIT_MPI_HAVE_X86_64_INV_ASM */
#endif

#endif /* TACIT_TEST_INV_IFMA_MODEL_H */
