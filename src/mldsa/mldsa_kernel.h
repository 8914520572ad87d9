/*
 * The ML-DSA kernel table: the polynomial operations that have a faster
 * platform version.  tacit_mldsa_kernel_get() is the one place where the
 * choice is made (src/mldsa/mldsa_dispatch.c), from the CPU probe; test
 * builds force a kernel with tacit_cpu_hook_disable.
 */
#ifndef TACIT_MLDSA_KERNEL_H
#define TACIT_MLDSA_KERNEL_H

#include "core/cpu_x86.h"
#include "mldsa/mldsa_internal.h"

typedef struct tacit_mldsa_kernel {
    const char *name;
    /*
     * The NTT domain is the kernel's own: ntt's output, invntt_tomont's
     * input and ExpandA's output (rej_uniform puts the polynomial it
     * completes in that order) are in the kernel's coefficient order, which
     * only the elementwise entries see.  ntt_order is NULL for the portable
     * order, else the permutation between the portable order and the
     * kernel's (its own inverse; for the tests); ntt_index is NULL or the
     * position in the kernel's order of the portable order's coefficient i
     * (for code that samples A's entries coefficient by coefficient).
     * invntt_tomont's output is the portable one mod q, in (-q, q).
     */
    void (*ntt)(int32_t a[TACIT_MLDSA_N]);
    void (*invntt_tomont)(int32_t a[TACIT_MLDSA_N]);
    void (*ntt_order)(int32_t a[TACIT_MLDSA_N]);
    const uint8_t *ntt_index;
    /* elementwise: r may be a or b (the streaming signer relies on it) */
    void (*pointwise)(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                      const int32_t b[TACIT_MLDSA_N]);
    void (*pointwise_acc)(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                          const int32_t b[TACIT_MLDSA_N]);
    /* r1 = HighBits(a), r0 = LowBits(a) for a in [0, q) (r1 or r0 may be a) */
    void (*decompose)(int32_t r1[TACIT_MLDSA_N], int32_t r0[TACIT_MLDSA_N],
                      const int32_t a[TACIT_MLDSA_N], int32_t gamma2);
    /* r = UseHint(h, a), h in {0, 1} (r may be a); public data (verification) */
    void (*use_hint)(int32_t r[TACIT_MLDSA_N], const int32_t a[TACIT_MLDSA_N],
                     const int32_t h[TACIT_MLDSA_N], int32_t gamma2);
    /* signing's passes (mldsa_internal.h: tacit_mldsa_reduce_c and the next three) */
    void (*reduce)(int32_t a[TACIT_MLDSA_N]);
    void (*split_w)(int32_t w1[TACIT_MLDSA_N], int32_t w0[TACIT_MLDSA_N],
                    const int32_t w[TACIT_MLDSA_N], int32_t gamma2);
    uint32_t (*make_z)(int32_t z[TACIT_MLDSA_N], const int32_t y[TACIT_MLDSA_N], int32_t bound);
    uint32_t (*make_z_cs2)(int32_t z[TACIT_MLDSA_N], int32_t cs2[TACIT_MLDSA_N],
                           const int32_t y[TACIT_MLDSA_N], int32_t bound);
    uint32_t (*make_hint)(unsigned char h[TACIT_MLDSA_N], const int32_t w0[TACIT_MLDSA_N],
                          const int32_t w1[TACIT_MLDSA_N], const int32_t cs2[TACIT_MLDSA_N],
                          const int32_t ct0[TACIT_MLDSA_N], int32_t gamma2, int32_t beta,
                          uint32_t *count);
    void (*unpack_z)(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned z_bits);
    void (*pack_w1)(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits);
    /* tacit_mldsa_matvec_row_c mod q, in (-q, q) (|a| < q, |v| < 2^27, l <= 7) */
    void (*matvec_row)(int32_t r[TACIT_MLDSA_N], const tacit_mldsa_poly *a,
                       const tacit_mldsa_poly *v, unsigned l);
    void (*power2round)(int32_t t1[TACIT_MLDSA_N], int32_t t0[TACIT_MLDSA_N],
                        const int32_t a[TACIT_MLDSA_N]);
    /* tacit_mldsa_pack */
    void (*pack)(unsigned char *out, const int32_t a[TACIT_MLDSA_N], unsigned bits, int32_t off);
    /* tacit_mldsa_unpack */
    void (*unpack)(int32_t a[TACIT_MLDSA_N], const unsigned char *in, unsigned bits, int32_t off);
    /* tacit_mldsa_rej_uniform_unsafe (public data: the matrix A), then the NTT order */
    unsigned (*rej_uniform)(int32_t *a, unsigned ctr, const unsigned char *buf, size_t len);
    /* tacit_mldsa_rej_eta_c (the skipped nibbles declassified) */
    unsigned (*rej_eta)(int32_t *a, unsigned ctr, const unsigned char *buf, size_t len,
                        unsigned eta);
    /* tacit_mldsa_sample_in_ball_c (constant time in ctilde) */
    void (*sample_in_ball)(tacit_mldsa_poly *c, const unsigned char *ctilde, size_t ctilde_len,
                           unsigned tau);
} tacit_mldsa_kernel;

const tacit_mldsa_kernel *tacit_mldsa_kernel_get(void);

/*
 * The entries only signing and key generation use (reduce, split_w,
 * make_z, make_z_cs2, make_hint, matvec_row, power2round, rej_eta) have a
 * platform version on x86-64 only; elsewhere the table leaves them NULL and
 * the callers call the portable function directly, so that a verify-only
 * program (the boot loader) links none of them.
 */
#if defined(TACIT_HAVE_CPU_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TACIT_MLDSA_SIGN_KERNELS 1
#define TACIT_MLDSA_SK(kern, entry, portable) ((kern)->entry)
#else
#define TACIT_MLDSA_SK(kern, entry, portable) ((void)(kern), (portable))
#endif

#endif /* TACIT_MLDSA_KERNEL_H */
