/*
 * bignum_core kernels for x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX),
 * chosen at run time (tacit_mpi_core_cpu_has_adx).  The portable files
 * (bignum_core.c, bignum_core_mont.c) hold the reference C code and call
 * these only through the tacit_mpi_core_adx_* entry points declared in
 * bignum_core_limb.h.
 *
 * MULX multiplies without touching the flags; ADCX adds with carry through
 * CF only and ADOX through OF only, so two carry chains run interleaved:
 * the low halves of a row of products in one, the high halves (one limb
 * further up) in the other.  MOV and LEA leave both flags alone; a chain
 * is closed by adding a zero register with ADCX and ADOX into the limb
 * above it.
 *
 * Constant time: every loop count and every address depends only on the
 * (public) limb counts; the same instructions run for every operand value,
 * including the modulus (a secret RSA prime).
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_CORE_C)

#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "core/constant_time_internal.h"

#if defined(TACIT_MPI_HAVE_X86_64_ADX_ASM)

/*
 * The pieces of a Montgomery product (rows, reduction, final subtraction)
 * are inlined into the one function the ladders call: one frame, one set
 * of callee-saved registers per product instead of one per piece (1% of a
 * 1024-bit squaring).
 */
#define ADX_INLINE inline __attribute__((always_inline))

/* ---- the repeated blocks ------------------------------------------------------ *
 * Operand names shared by the row kernels: %[x] the row being added into,
 * %[a] the multiplicand, RDX the multiplier limb, %[c] the carry limb
 * travelling along the row, %[lo] and %[hi] temporaries.
 */

/* X[0] += A[0] * rdx + c; c = the high half (CF and OF still pending). */
#define ADX_MLA1                                                                                   \
    "mulx (%[a]), %[lo], %[hi]\n\t"                                                                \
    "adcx (%[x]), %[lo]\n\t"                                                                       \
    "adox %[c], %[lo]\n\t"                                                                         \
    "mov %[lo], (%[x])\n\t"                                                                        \
    "mov %[hi], %[c]\n\t"                                                                          \
    "lea 8(%[a]), %[a]\n\t"                                                                        \
    "lea 8(%[x]), %[x]\n\t"

/* X[0..4) += A[0..4) * rdx + c; c = the high half of the last product. */
#define ADX_MLA4                                                                                   \
    "mulx (%[a]), %[lo], %[hi]\n\t"                                                                \
    "adcx (%[x]), %[lo]\n\t"                                                                       \
    "adox %[c], %[lo]\n\t"                                                                         \
    "mov %[lo], (%[x])\n\t"                                                                        \
    "mulx 8(%[a]), %[lo], %[c]\n\t"                                                                \
    "adcx 8(%[x]), %[lo]\n\t"                                                                      \
    "adox %[hi], %[lo]\n\t"                                                                        \
    "mov %[lo], 8(%[x])\n\t"                                                                       \
    "mulx 16(%[a]), %[lo], %[hi]\n\t"                                                              \
    "adcx 16(%[x]), %[lo]\n\t"                                                                     \
    "adox %[c], %[lo]\n\t"                                                                         \
    "mov %[lo], 16(%[x])\n\t"                                                                      \
    "mulx 24(%[a]), %[lo], %[c]\n\t"                                                               \
    "adcx 24(%[x]), %[lo]\n\t"                                                                     \
    "adox %[hi], %[lo]\n\t"                                                                        \
    "mov %[lo], 24(%[x])\n\t"                                                                      \
    "lea 32(%[a]), %[a]\n\t"                                                                       \
    "lea 32(%[x]), %[x]\n\t"

/* Close both chains into c (it cannot overflow: c is a high half). */
#define ADX_CLOSE                                                                                  \
    "mov $0, %k[lo]\n\t"                                                                           \
    "adcx %[lo], %[c]\n\t"                                                                         \
    "adox %[lo], %[c]\n\t"

/* ---- rows of products --------------------------------------------------------- */

/*
 * X[0..n) += A[0..n) * b for n >= 1, carry limb returned: n % 4 single
 * steps, then blocks of four.  JRCXZ runs the loops without touching the
 * flags.
 */
tacit_mpi_uint tacit_mpi_core_adx_mla(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t n,
                                      tacit_mpi_uint b)
{
    tacit_mpi_uint c = 0, lo, hi;
    size_t r = n % 4, q = n / 4, cnt;

    __asm__ volatile(
        "xor %k[lo], %k[lo]\n\t"
        "mov %[r], %[cnt]\n\t"
        "jrcxz 3f\n\t"
        "4:\n\t" ADX_MLA1 "lea -1(%[cnt]), %[cnt]\n\t"
        "jrcxz 3f\n\t"
        "jmp 4b\n\t"
        "3:\n\t"
        "mov %[q], %[cnt]\n\t"
        "jrcxz 2f\n\t"
        "1:\n\t" ADX_MLA4 "lea -1(%[cnt]), %[cnt]\n\t"
        "jrcxz 2f\n\t"
        "jmp 1b\n\t"
        "2:\n\t" ADX_CLOSE
        : [c] "+&r"(c), [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+&r"(A), [x] "+&r"(X), [cnt] "=&c"(cnt)
        : "d"(b), [r] "r"(r), [q] "r"(q)
        : "cc", "memory");
    return c;
}

/*
 * X[0..2n) = A * B for n % 4 == 0, n >= 4, X zeroed on entry: one row
 * X[i..i+n) += A * B[i] per limb of B, the row's carry stored in X[i+n],
 * all rows in one loop nest (no call per row).
 */
void tacit_mpi_core_adx_mul(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                            size_t n)
{
    tacit_mpi_uint lo, hi, c, b;
    size_t blocks = n / 4, bytes = n * sizeof(*X), rows = n, cnt;

    __asm__ volatile("1:\n\t"
                     "mov (%[bp]), %[b]\n\t"
                     "xor %k[c], %k[c]\n\t"
                     "mov %[blocks], %[cnt]\n\t"
                     "2:\n\t" ADX_MLA4 "lea -1(%[cnt]), %[cnt]\n\t"
                     "jrcxz 3f\n\t"
                     "jmp 2b\n\t"
                     "3:\n\t" ADX_CLOSE "mov %[c], (%[x])\n\t"
                     "sub %[bytes], %[x]\n\t"
                     "sub %[bytes], %[a]\n\t"
                     "lea 8(%[x]), %[x]\n\t"
                     "lea 8(%[bp]), %[bp]\n\t"
                     "dec %[rows]\n\t"
                     "jnz 1b\n\t"
                     : [lo] "=&r"(lo), [hi] "=&r"(hi), [c] "=&r"(c), [b] "=&d"(b), [cnt] "=&c"(cnt),
                       [a] "+&r"(A), [x] "+&r"(X), [bp] "+&r"(B), [rows] "+&r"(rows)
                     : [blocks] "m"(blocks), [bytes] "m"(bytes)
                     : "cc", "memory");
}

/*
 * The off-diagonal half of a square, for n >= 2, X zeroed on entry: row i
 * adds A[i+1..n) * A[i] into X[2i+1..) and stores its carry in X[i+n].
 * Rows shrink by one limb: each is len % 4 single steps, then blocks of
 * four, all in one loop nest.
 */
void tacit_mpi_core_adx_sqr_rows(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t n)
{
    tacit_mpi_uint lo, hi, c, b, q;
    size_t len = n - 1, cnt;

    X += 1;
    A += 1;
    __asm__ volatile("1:\n\t"
                     "mov -8(%[a]), %[b]\n\t"
                     "mov %[len], %[q]\n\t"
                     "shr $2, %[q]\n\t"
                     "mov %[len], %[cnt]\n\t"
                     "and $3, %k[cnt]\n\t"
                     "xor %k[c], %k[c]\n\t"
                     "jrcxz 5f\n\t"
                     "4:\n\t" ADX_MLA1 "lea -1(%[cnt]), %[cnt]\n\t"
                     "jrcxz 5f\n\t"
                     "jmp 4b\n\t"
                     "5:\n\t"
                     "mov %[q], %[cnt]\n\t"
                     "jrcxz 7f\n\t"
                     "6:\n\t" ADX_MLA4 "lea -1(%[cnt]), %[cnt]\n\t"
                     "jrcxz 7f\n\t"
                     "jmp 6b\n\t"
                     "7:\n\t" ADX_CLOSE "mov %[c], (%[x])\n\t"
                     /* next row: two limbs further in X, one in A, one limb shorter */
                     "mov %[len], %[q]\n\t"
                     "shl $3, %[q]\n\t"
                     "sub %[q], %[x]\n\t"
                     "sub %[q], %[a]\n\t"
                     "lea 16(%[x]), %[x]\n\t"
                     "lea 8(%[a]), %[a]\n\t"
                     "dec %[len]\n\t"
                     "jnz 1b\n\t"
                     : [lo] "=&r"(lo), [hi] "=&r"(hi), [c] "=&r"(c), [b] "=&d"(b), [cnt] "=&c"(cnt),
                       [q] "=&r"(q), [a] "+&r"(A), [x] "+&r"(X), [len] "+&r"(len)
                     :
                     : "cc", "memory");
}

/*
 * The reduction rows of a Montgomery reduction, for n % 4 == 0: for each
 * i, T[i..i+n) += N * (T[i] * mm), the row's carry and the one from the
 * row before added into T[i+n].  Returns the carry out of the last row
 * (0 or 1).
 */
tacit_mpi_uint tacit_mpi_core_adx_redc_rows(tacit_mpi_uint *T, const tacit_mpi_uint *N, size_t n,
                                            tacit_mpi_uint mm)
{
    tacit_mpi_uint top = 0, lo, hi, c, m;
    size_t blocks = n / 4, bytes = n * sizeof(*T), rows = n, cnt;

    __asm__ volatile("1:\n\t"
                     "mov (%[x]), %[m]\n\t"
                     "imul %[mm], %[m]\n\t"
                     "xor %k[c], %k[c]\n\t"
                     "mov %[blocks], %[cnt]\n\t"
                     "2:\n\t" ADX_MLA4 "lea -1(%[cnt]), %[cnt]\n\t"
                     "jrcxz 3f\n\t"
                     "jmp 2b\n\t"
                     "3:\n\t" ADX_CLOSE
                     /* T[i+n] += c + top; the carry out is the next row's top */
                     "add %[c], (%[x])\n\t"
                     "adc $0, %[lo]\n\t"
                     "add %[top], (%[x])\n\t"
                     "adc $0, %[lo]\n\t"
                     "mov %[lo], %[top]\n\t"
                     "sub %[bytes], %[x]\n\t"
                     "sub %[bytes], %[a]\n\t"
                     "lea 8(%[x]), %[x]\n\t"
                     "dec %[rows]\n\t"
                     "jnz 1b\n\t"
                     : [top] "+&r"(top), [lo] "=&r"(lo), [hi] "=&r"(hi), [c] "=&r"(c), [m] "=&d"(m),
                       [cnt] "=&c"(cnt), [a] "+&r"(N), [x] "+&r"(T), [rows] "+&r"(rows)
                     : [mm] "m"(mm), [blocks] "m"(blocks), [bytes] "m"(bytes)
                     : "cc", "memory");
    return top;
}

/* ---- the final subtraction ------------------------------------------------------ */

/*
 * X[0..n) = T[0..n) - (N[0..n) & mask) for n % 4 == 0, returning the
 * borrow: one SBB chain, four limbs per step.
 */
static ADX_INLINE tacit_mpi_uint adx_sub_masked(tacit_mpi_uint *X, const tacit_mpi_uint *T,
                                                const tacit_mpi_uint *N, size_t n,
                                                tacit_mpi_uint mask)
{
    tacit_mpi_uint r0, r1, r2, r3, borrow;
    size_t cnt = n / 4;

    __asm__ volatile(
        "clc\n\t"
        "1:\n\t"
        "mov (%[n]), %[r0]\n\t"
        "mov 8(%[n]), %[r1]\n\t"
        "mov 16(%[n]), %[r2]\n\t"
        "mov 24(%[n]), %[r3]\n\t"
        "and %[mask], %[r0]\n\t" /* AND clears CF: keep the borrow in the sign */
        "and %[mask], %[r1]\n\t"
        "and %[mask], %[r2]\n\t"
        "and %[mask], %[r3]\n\t"
        "neg %[bw]\n\t" /* CF = (borrow != 0) */
        "mov (%[t]), %[bw]\n\t"
        "sbb %[r0], %[bw]\n\t"
        "mov %[bw], (%[x])\n\t"
        "mov 8(%[t]), %[bw]\n\t"
        "sbb %[r1], %[bw]\n\t"
        "mov %[bw], 8(%[x])\n\t"
        "mov 16(%[t]), %[bw]\n\t"
        "sbb %[r2], %[bw]\n\t"
        "mov %[bw], 16(%[x])\n\t"
        "mov 24(%[t]), %[bw]\n\t"
        "sbb %[r3], %[bw]\n\t"
        "mov %[bw], 24(%[x])\n\t"
        "sbb %[bw], %[bw]\n\t" /* bw = -borrow */
        "lea 32(%[n]), %[n]\n\t"
        "lea 32(%[t]), %[t]\n\t"
        "lea 32(%[x]), %[x]\n\t"
        "dec %[cnt]\n\t"
        "jnz 1b\n\t"
        "neg %[bw]\n\t"
        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [bw] "=&r"(borrow),
          [n] "+&r"(N), [t] "+&r"(T), [x] "+&r"(X), [cnt] "+&r"(cnt)
        : [mask] "r"(mask), "[bw]"((tacit_mpi_uint)0)
        : "cc", "memory");
    return borrow;
}

/*
 * The end of a Montgomery product whose value is top * R + T[0..n), below
 * A * B / R + N.  lazy = 0 (A < R, B < N, so the value is below 2N): X = the
 * value minus N unless that borrows and top is 0, selected with a mask: X < N.
 * lazy = 1 (A, B < R, the value below 2R): X = the value minus N if top is
 * set, else the value, so X < R but perhaps >= N ("almost reduced"; exp_mod
 * works with such values and reduces fully at its end).  One pass instead
 * of two.  X may alias A or B (read no more), never T.
 */
static ADX_INLINE void adx_final(tacit_mpi_uint *X, const tacit_mpi_uint *T,
                                 const tacit_mpi_uint *N, size_t n, tacit_mpi_uint top, int lazy)
{
    tacit_mpi_uint borrow, keep;
    size_t i;

    if (lazy) {
        (void)adx_sub_masked(X, T, N, n, (tacit_mpi_uint)0 - top);
        return;
    }
    borrow = adx_sub_masked(X, T, N, n, TACIT_MPI_UINT_MAX);
    keep = tacit_ct_mask_from_bit_limb(borrow & (top ^ 1));
    for (i = 0; i < n; i++) {
        X[i] ^= (X[i] ^ T[i]) & keep;
    }
}

/* ---- the 8-limb window: 8 x 8 blocks with the result in registers ------------- *
 * A pass adds eight multiplier limbs (in st[0..8)) times a multiplicand of
 * len limbs (len % 8 == 0) into T.  The multiplicand goes by in chunks of
 * eight limbs, each chunk eight rows, one per multiplier limb, and the
 * window of the eight result limbs a row touches stays in registers from
 * row to row and chunk to chunk.  A row adds the chunk times its
 * multiplier into the window (low halves in the CF chain, high halves one
 * limb up in the OF chain) and the old T limb at the window's bottom (OF
 * chain); the bottom limb is then final and stored back in its place, and
 * the high half of the last product is the window's new top.  Bound:
 * window + old limb + chunk * multiplier < 2^512 + 2^64 + (2^512 - 1)(2^64
 * - 1) < 2^576, so nine limbs hold a row and both chains close into the
 * new top without overflow.  Per product: MULX, ADCX, ADOX, no memory
 * traffic for T but one load and one store per row.
 *
 * The window lives in a ring of nine registers r0..r8 that turns by one
 * each row (a row macro takes the window bottom first, then the free
 * register that becomes its top); eight MOVs after each chunk turn it
 * back.  With L (low halves), RDX (the multiplier) and the pointers ap
 * (multiplicand), tp (T) and st (state), that is fourteen registers.
 */

/* clang-format off */
/*
 * The start of a row: XOR of the register that is about to receive the
 * row's high halves sets CF = OF = 0 without reading the flags.  Both
 * chains of the row before were closed (CF = OF = 0 already), but through
 * ADCX/ADOX that read them, so without this every row would wait for the
 * whole chain of the row before; with it a row waits only for the window
 * limbs it adds into, and consecutive rows overlap (a quarter faster
 * Montgomery products on AMD Zen 4).
 */
#define W8_FRESH(NT) "xor %k[" #NT "], %k[" #NT "]\n\t"

/* One product of a row: slot J += low half, slot J + 1 += high half (in NT). */
#define W8_P(J, BJ, BJ1, NT)                                                                       \
    "mulx " #J "*8(%[ap]), %[L], %[" #NT "]\n\t"                                                   \
    "adcx %[L], %[" #BJ "]\n\t"                                                                    \
    "adox %[" #NT "], %[" #BJ1 "]\n\t"

/* The last product of a row: its high half is the new top, NT. */
#define W8_P7(B7, NT)                                                                              \
    "mulx 56(%[ap]), %[L], %[" #NT "]\n\t"                                                         \
    "adcx %[L], %[" #B7 "]\n\t"

/* Products 1..7 of a full row. */
#define W8_P17(B1, B2, B3, B4, B5, B6, B7, NT)                                                     \
    W8_P(1, B1, B2, NT)                                                                            \
    W8_P(2, B2, B3, NT)                                                                            \
    W8_P(3, B3, B4, NT)                                                                            \
    W8_P(4, B4, B5, NT)                                                                            \
    W8_P(5, B5, B6, NT)                                                                            \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_P7(B7, NT)

/*
 * Close both chains into the new top NT, adding the zero limb st[15] from
 * memory: a load instead of a MOV $0 to a register (these rows are bound
 * by their ALU operations, not by loads; 3% of a Montgomery squaring).
 */
#define W8_CLOSE(NT)                                                                               \
    "adcx 120(%[st]), %[" #NT "]\n\t"                                                              \
    "adox 120(%[st]), %[" #NT "]\n\t"

/* The same with Z, a register holding zero. */
#define W8_CLOSE_Z(Z, NT)                                                                          \
    "adcx %[" #Z "], %[" #NT "]\n\t"                                                               \
    "adox %[" #Z "], %[" #NT "]\n\t"

/*
 * A full row with the old limb added at the bottom: multiplier st[K],
 * bottom limb stored to tp[K].
 */
#define W8_ROW(K, B0, B1, B2, B3, B4, B5, B6, B7, NT)                                              \
    "mov " #K "*8(%[st]), %%rdx\n\t"                                                               \
    W8_FRESH(NT)                                                                                   \
    "mulx (%[ap]), %[L], %[" #NT "]\n\t"                                                           \
    "adcx %[L], %[" #B0 "]\n\t"                                                                    \
    "adox " #K "*8(%[tp]), %[" #B0 "]\n\t"                                                         \
    "mov %[" #B0 "], " #K "*8(%[tp])\n\t"                                                          \
    "adox %[" #NT "], %[" #B1 "]\n\t"                                                              \
    W8_P17(B1, B2, B3, B4, B5, B6, B7, NT)                                                         \
    W8_CLOSE(NT)

/*
 * A full row of a first pass, where T holds nothing yet: the same without
 * the old limb (so T needs no zeroing first).
 */
#define W8_ROW0(K, B0, B1, B2, B3, B4, B5, B6, B7, NT)                                             \
    "mov " #K "*8(%[st]), %%rdx\n\t"                                                               \
    W8_FRESH(NT)                                                                                   \
    "mulx (%[ap]), %[L], %[" #NT "]\n\t"                                                           \
    "adcx %[L], %[" #B0 "]\n\t"                                                                    \
    "mov %[" #B0 "], " #K "*8(%[tp])\n\t"                                                          \
    "adox %[" #NT "], %[" #B1 "]\n\t"                                                              \
    W8_P17(B1, B2, B3, B4, B5, B6, B7, NT)                                                         \
    W8_CLOSE(NT)

/*
 * A reduction row of the first chunk (window loaded from T): m = bottom *
 * mm (st[8], IMUL before the XOR: it sets CF and OF), saved in st[K] for
 * the later chunks, then N's chunk * m,
 * which makes the bottom limb zero (not stored: it is divided away).  m
 * depends only on the bottom limb, final early in the row before, so its
 * two multiplications overlap that row.
 */
#define W8_RED(K, B0, B1, B2, B3, B4, B5, B6, B7, NT)                                              \
    "mov %[" #B0 "], %%rdx\n\t"                                                                   \
    "imul 64(%[st]), %%rdx\n\t"                                                                    \
    W8_FRESH(NT)                                                                                   \
    "mov %%rdx, " #K "*8(%[st])\n\t"                                                               \
    "mulx (%[ap]), %[L], %[" #NT "]\n\t"                                                           \
    "adcx %[L], %[" #B0 "]\n\t"                                                                    \
    "adox %[" #NT "], %[" #B1 "]\n\t"                                                              \
    W8_P17(B1, B2, B3, B4, B5, B6, B7, NT)                                                         \
    W8_CLOSE_Z(B0, NT)

/*
 * Triangle rows (the diagonal chunk of a square's off-diagonal half, the
 * window loaded from T): row K stores its bottom limb and multiplies
 * a[K] (st[K]) by a[K+1..8) only, into slots K+1..8.
 */
#define W8_TRI_HEAD(K, B0, NT)                                                                     \
    "mov %[" #B0 "], " #K "*8(%[tp])\n\t"                                                          \
    "mov " #K "*8(%[st]), %%rdx\n\t"                                                               \
    W8_FRESH(NT)
#define W8_TRI_TAIL(B0, B7, NT)                                                                    \
    W8_P7(B7, NT)                                                                                  \
    W8_CLOSE(NT)
#define W8_TRI0(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(0, B0, NT)                                                                         \
    W8_P(1, B1, B2, NT)                                                                            \
    W8_P(2, B2, B3, NT)                                                                            \
    W8_P(3, B3, B4, NT)                                                                            \
    W8_P(4, B4, B5, NT)                                                                            \
    W8_P(5, B5, B6, NT)                                                                            \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI1(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(1, B0, NT)                                                                         \
    W8_P(2, B2, B3, NT)                                                                            \
    W8_P(3, B3, B4, NT)                                                                            \
    W8_P(4, B4, B5, NT)                                                                            \
    W8_P(5, B5, B6, NT)                                                                            \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI2(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(2, B0, NT)                                                                         \
    W8_P(3, B3, B4, NT)                                                                            \
    W8_P(4, B4, B5, NT)                                                                            \
    W8_P(5, B5, B6, NT)                                                                            \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI3(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(3, B0, NT)                                                                         \
    W8_P(4, B4, B5, NT)                                                                            \
    W8_P(5, B5, B6, NT)                                                                            \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI4(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(4, B0, NT)                                                                         \
    W8_P(5, B5, B6, NT)                                                                            \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI5(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(5, B0, NT)                                                                         \
    W8_P(6, B6, B7, NT)                                                                            \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI6(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    W8_TRI_HEAD(6, B0, NT)                                                                         \
    W8_TRI_TAIL(B0, B7, NT)
#define W8_TRI7(B0, B1, B2, B3, B4, B5, B6, B7, NT)                                                \
    "mov %[" #B0 "], 7*8(%[tp])\n\t"                                                               \
    "mov $0, %k[" #NT "]\n\t"

/* The eight rows of a chunk, the ring turning by one register per row. */
#define W8_RING(R0, R1, R2, R3, R4, R5, R6, R7)                                                    \
    R0(0, r0, r1, r2, r3, r4, r5, r6, r7, r8)                                                      \
    R1(1, r1, r2, r3, r4, r5, r6, r7, r8, r0)                                                      \
    R2(2, r2, r3, r4, r5, r6, r7, r8, r0, r1)                                                      \
    R3(3, r3, r4, r5, r6, r7, r8, r0, r1, r2)                                                      \
    R4(4, r4, r5, r6, r7, r8, r0, r1, r2, r3)                                                      \
    R5(5, r5, r6, r7, r8, r0, r1, r2, r3, r4)                                                      \
    R6(6, r6, r7, r8, r0, r1, r2, r3, r4, r5)                                                      \
    R7(7, r7, r8, r0, r1, r2, r3, r4, r5, r6)
#define W8_ROWS(R) W8_RING(R, R, R, R, R, R, R, R)
#define W8_TRI0_(K, ...) W8_TRI0(__VA_ARGS__)
#define W8_TRI1_(K, ...) W8_TRI1(__VA_ARGS__)
#define W8_TRI2_(K, ...) W8_TRI2(__VA_ARGS__)
#define W8_TRI3_(K, ...) W8_TRI3(__VA_ARGS__)
#define W8_TRI4_(K, ...) W8_TRI4(__VA_ARGS__)
#define W8_TRI5_(K, ...) W8_TRI5(__VA_ARGS__)
#define W8_TRI6_(K, ...) W8_TRI6(__VA_ARGS__)
#define W8_TRI7_(K, ...) W8_TRI7(__VA_ARGS__)
#define W8_TRIANGLE                                                                                \
    W8_RING(W8_TRI0_, W8_TRI1_, W8_TRI2_, W8_TRI3_, W8_TRI4_, W8_TRI5_, W8_TRI6_, W8_TRI7_)

/* After eight rows the window is r8, r0..r6: move it back to r0..r7. */
#define W8_TURN                                                                                    \
    "mov %[r6], %[r7]\n\t"                                                                         \
    "mov %[r5], %[r6]\n\t"                                                                         \
    "mov %[r4], %[r5]\n\t"                                                                         \
    "mov %[r3], %[r4]\n\t"                                                                         \
    "mov %[r2], %[r3]\n\t"                                                                         \
    "mov %[r1], %[r2]\n\t"                                                                         \
    "mov %[r0], %[r1]\n\t"                                                                         \
    "mov %[r8], %[r0]\n\t"

/* The window r0..r7 stored to / loaded from tp[0..8). */
#define W8_STORE                                                                                   \
    "mov %[r0], (%[tp])\n\t"                                                                       \
    "mov %[r1], 8(%[tp])\n\t"                                                                      \
    "mov %[r2], 16(%[tp])\n\t"                                                                     \
    "mov %[r3], 24(%[tp])\n\t"                                                                     \
    "mov %[r4], 32(%[tp])\n\t"                                                                     \
    "mov %[r5], 40(%[tp])\n\t"                                                                     \
    "mov %[r6], 48(%[tp])\n\t"                                                                     \
    "mov %[r7], 56(%[tp])\n\t"
#define W8_LOAD                                                                                    \
    "mov (%[tp]), %[r0]\n\t"                                                                       \
    "mov 8(%[tp]), %[r1]\n\t"                                                                      \
    "mov 16(%[tp]), %[r2]\n\t"                                                                     \
    "mov 24(%[tp]), %[r3]\n\t"                                                                     \
    "mov 32(%[tp]), %[r4]\n\t"                                                                     \
    "mov 40(%[tp]), %[r5]\n\t"                                                                     \
    "mov 48(%[tp]), %[r6]\n\t"                                                                     \
    "mov 56(%[tp]), %[r7]\n\t"
/* XOR also clears CF and OF for the rows */
#define W8_ZERO                                                                                    \
    "xor %k[r0], %k[r0]\n\t"                                                                       \
    "xor %k[r1], %k[r1]\n\t"                                                                       \
    "xor %k[r2], %k[r2]\n\t"                                                                       \
    "xor %k[r3], %k[r3]\n\t"                                                                       \
    "xor %k[r4], %k[r4]\n\t"                                                                       \
    "xor %k[r5], %k[r5]\n\t"                                                                       \
    "xor %k[r6], %k[r6]\n\t"                                                                       \
    "xor %k[r7], %k[r7]\n\t"
/* st[0..8) = ap[0..8) (the pass's multipliers) */
#define W8_MULTIPLIERS                                                                             \
    "mov (%[ap]), %%rdx\n\t"                                                                       \
    "mov %%rdx, (%[st])\n\t"                                                                       \
    "mov 8(%[ap]), %%rdx\n\t"                                                                      \
    "mov %%rdx, 8(%[st])\n\t"                                                                      \
    "mov 16(%[ap]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 16(%[st])\n\t"                                                                     \
    "mov 24(%[ap]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 24(%[st])\n\t"                                                                     \
    "mov 32(%[ap]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 32(%[st])\n\t"                                                                     \
    "mov 40(%[ap]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 40(%[st])\n\t"                                                                     \
    "mov 48(%[ap]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 48(%[st])\n\t"                                                                     \
    "mov 56(%[ap]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 56(%[st])\n\t"
/*
 * The rest of a pass: chunks of full rows (ROW: W8_ROW, or W8_ROW0 where T
 * is not read) while st[11] (set from st[10]) lasts.
 */
#define W8_CHUNKS_OF(ROW)                                                                          \
    "mov 80(%[st]), %%rdx\n\t"                                                                     \
    "mov %%rdx, 88(%[st])\n\t"                                                                     \
    "test %%rdx, %%rdx\n\t"                                                                        \
    "jz 3f\n\t"                                                                                    \
    "2:\n\t"                                                                                       \
    W8_ROWS(ROW)                                                                                   \
    W8_TURN                                                                                        \
    "lea 64(%[ap]), %[ap]\n\t"                                                                     \
    "lea 64(%[tp]), %[tp]\n\t"                                                                     \
    "decq 88(%[st])\n\t"                                                                           \
    "jnz 2b\n\t"                                                                                   \
    "3:\n\t"
#define W8_CHUNKS W8_CHUNKS_OF(W8_ROW)
#define W8_CHUNKS0 W8_CHUNKS_OF(W8_ROW0)
/* clang-format on */

#define W8_OUTPUTS                                                                                 \
    [r0] "=&r"(r[0]), [r1] "=&r"(r[1]), [r2] "=&r"(r[2]), [r3] "=&r"(r[3]), [r4] "=&r"(r[4]),      \
        [r5] "=&r"(r[5]), [r6] "=&r"(r[6]), [r7] "=&r"(r[7]), [r8] "=&r"(r[8]), [L] "=&r"(lo),     \
        "=&d"(rdx), [ap] "=&r"(ap), [tp] "+&r"(tp)

/*
 * X[0..2n) = A * B for n % 8 == 0 (X not read: the first pass's rows
 * add no old limb): one pass per
 * eight limbs of B.  st: [0..8) multipliers, [9] passes, [10] chunks per
 * pass, [11] chunk counter, [12] n * 8, [13] next B, [14] A.
 */
static ADX_INLINE void adx_w8_mul(tacit_mpi_uint *X, const tacit_mpi_uint *A,
                                  const tacit_mpi_uint *B, size_t n)
{
    tacit_mpi_uint st[16], r[9], lo, rdx;
    tacit_mpi_uint *tp = X;
    const tacit_mpi_uint *ap;

    st[9] = n / 8;
    st[15] = 0;
    st[10] = n / 8;
    st[12] = n * sizeof(*X);
    st[13] = (tacit_mpi_uint)(uintptr_t)B;
    st[14] = (tacit_mpi_uint)(uintptr_t)A;
    __asm__ volatile(/* the first pass, T not read */
                     "mov 104(%[st]), %[ap]\n\t" W8_MULTIPLIERS "lea 64(%[ap]), %[ap]\n\t"
                     "mov %[ap], 104(%[st])\n\t"
                     "mov 112(%[st]), %[ap]\n\t" W8_ZERO W8_CHUNKS0 W8_STORE
                     "sub 96(%[st]), %[tp]\n\t"
                     "lea 64(%[tp]), %[tp]\n\t"
                     "decq 72(%[st])\n\t"
                     "jz 9f\n\t"
                     "1:\n\t"
                     "mov 104(%[st]), %[ap]\n\t" W8_MULTIPLIERS "lea 64(%[ap]), %[ap]\n\t"
                     "mov %[ap], 104(%[st])\n\t"
                     "mov 112(%[st]), %[ap]\n\t" W8_ZERO W8_CHUNKS W8_STORE
                     "sub 96(%[st]), %[tp]\n\t"
                     "lea 64(%[tp]), %[tp]\n\t"
                     "decq 72(%[st])\n\t"
                     "jnz 1b\n\t"
                     "9:\n\t"
                     : W8_OUTPUTS
                     : [st] "r"(st)
                     : "cc", "memory");
}

/*
 * The off-diagonal half of A^2 into X[0..2n) for n % 8 == 0 (X not read:
 * the first pass starts from a zero window and adds no old limb).  Pass g takes the multipliers A[8g..8g+8) against A[8g..n):
 * the diagonal chunk as triangle rows (window loaded from X[16g..)), the
 * rest as full rows.  st: [0..8) multipliers, [9] passes, [10] chunks
 * after the triangle (one fewer each pass), [11] chunk counter, [13]
 * A + 8g, [14] X + 16g.
 */
static ADX_INLINE void adx_w8_sqr_offdiag(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t n)
{
    tacit_mpi_uint st[16], r[9], lo, rdx;
    tacit_mpi_uint *tp = X;
    const tacit_mpi_uint *ap;

    st[9] = n / 8;
    st[15] = 0;
    st[10] = n / 8 - 1;
    st[13] = (tacit_mpi_uint)(uintptr_t)A;
    st[14] = (tacit_mpi_uint)(uintptr_t)X;
    __asm__ volatile(/* the first pass, X not read: the window starts at zero */
                     "mov 104(%[st]), %[ap]\n\t" W8_MULTIPLIERS
                     "mov 112(%[st]), %[tp]\n\t" W8_ZERO W8_TRIANGLE W8_TURN
                     "lea 64(%[ap]), %[ap]\n\t"
                     "lea 64(%[tp]), %[tp]\n\t" W8_CHUNKS0 W8_STORE "addq $64, 104(%[st])\n\t"
                     "addq $128, 112(%[st])\n\t"
                     "decq 80(%[st])\n\t"
                     "decq 72(%[st])\n\t"
                     "jz 9f\n\t"
                     "1:\n\t"
                     "mov 104(%[st]), %[ap]\n\t" W8_MULTIPLIERS "mov 112(%[st]), %[tp]\n\t" W8_LOAD
                     "xor %k[L], %k[L]\n\t" /* CF = OF = 0 */
                     W8_TRIANGLE W8_TURN "lea 64(%[ap]), %[ap]\n\t"
                     "lea 64(%[tp]), %[tp]\n\t" W8_CHUNKS W8_STORE "addq $64, 104(%[st])\n\t"
                     "addq $128, 112(%[st])\n\t"
                     "decq 80(%[st])\n\t"
                     "decq 72(%[st])\n\t"
                     "jnz 1b\n\t"
                     "9:\n\t"
                     : W8_OUTPUTS
                     : [st] "r"(st)
                     : "cc", "memory");
}

/*
 * Montgomery reduction rows for n % 8 == 0: T[0..2n) + top * 2^(64*2n) =
 * T + N * M with the low n limbs zero (M the n limbs of multipliers, eight
 * per pass, chosen in the pass's first chunk); returns top (0 or 1).  The
 * result is top * R + T[n..2n).  Each pass ends by adding its window into
 * T[8g+n..8g+n+8) with the carry of the pass before.  st: [0..8) the
 * multipliers, [8] mm, [9] passes, [10] chunks after the first, [11] chunk
 * counter, [12] n * 8, [13] the carry, [14] N.
 */
static ADX_INLINE tacit_mpi_uint adx_w8_redc(tacit_mpi_uint *T, const tacit_mpi_uint *N, size_t n,
                                             tacit_mpi_uint mm)
{
    tacit_mpi_uint st[16], r[9], lo, rdx;
    tacit_mpi_uint *tp = T;
    const tacit_mpi_uint *ap;

    st[8] = mm;
    st[9] = n / 8;
    st[15] = 0;
    st[10] = n / 8 - 1;
    st[12] = n * sizeof(*T);
    st[13] = 0;
    st[14] = (tacit_mpi_uint)(uintptr_t)N;
    __asm__ volatile("1:\n\t"
                     "mov 112(%[st]), %[ap]\n\t" W8_LOAD "xor %k[L], %k[L]\n\t" W8_ROWS(W8_RED)
                         W8_TURN
                     "lea 64(%[ap]), %[ap]\n\t"
                     "lea 64(%[tp]), %[tp]\n\t" W8_CHUNKS
                     /* T[8g+n..8g+n+8) += the window + the carry; the carry out is kept */
                     "mov 104(%[st]), %%rdx\n\t"
                     "neg %%rdx\n\t"
                     "adc (%[tp]), %[r0]\n\t"
                     "mov %[r0], (%[tp])\n\t"
                     "adc 8(%[tp]), %[r1]\n\t"
                     "mov %[r1], 8(%[tp])\n\t"
                     "adc 16(%[tp]), %[r2]\n\t"
                     "mov %[r2], 16(%[tp])\n\t"
                     "adc 24(%[tp]), %[r3]\n\t"
                     "mov %[r3], 24(%[tp])\n\t"
                     "adc 32(%[tp]), %[r4]\n\t"
                     "mov %[r4], 32(%[tp])\n\t"
                     "adc 40(%[tp]), %[r5]\n\t"
                     "mov %[r5], 40(%[tp])\n\t"
                     "adc 48(%[tp]), %[r6]\n\t"
                     "mov %[r6], 48(%[tp])\n\t"
                     "adc 56(%[tp]), %[r7]\n\t"
                     "mov %[r7], 56(%[tp])\n\t"
                     "sbb %%rdx, %%rdx\n\t"
                     "neg %%rdx\n\t"
                     "mov %%rdx, 104(%[st])\n\t"
                     "sub 96(%[st]), %[tp]\n\t"
                     "lea 64(%[tp]), %[tp]\n\t"
                     "decq 72(%[st])\n\t"
                     "jnz 1b\n\t"
                     : W8_OUTPUTS
                     : [st] "r"(st)
                     : "cc", "memory");
    return st[13];
}

/* ---- fused Montgomery multiplication ------------------------------------------ *
 * CIOS, one pass over T per limb b of B: each block of four limbs first
 * adds A[j..j+4) * b into registers r0..r3 (chains closed into cab, the
 * product row's carry limb), then N[j..j+4) * m (chains closed into cnm,
 * the reduction row's carry limb), and stores r0..r3 one limb LOWER, at
 * T[j-1..j+3): the division by 2^64 costs nothing.  m = r0 * mm is
 * computed in the first block; T[-1] is a dummy slot for its r0 (zero).
 * The multipliers b, m and the loop state live in a small array st[] so
 * the fourteen registers suffice without a frame pointer.
 */

/* r0..r3 = T[0..4) + A[0..4) * rdx + cab; cab = the carry limb.  rdx is zeroed. */
#define ADX_CIOS_MUL4                                                                              \
    "mulx (%[a]), %[r0], %[hi]\n\t"                                                                \
    "adcx (%[t]), %[r0]\n\t"                                                                       \
    "adox %[cab], %[r0]\n\t"                                                                       \
    "mulx 8(%[a]), %[r1], %[cab]\n\t"                                                              \
    "adcx 8(%[t]), %[r1]\n\t"                                                                      \
    "adox %[hi], %[r1]\n\t"                                                                        \
    "mulx 16(%[a]), %[r2], %[hi]\n\t"                                                              \
    "adcx 16(%[t]), %[r2]\n\t"                                                                     \
    "adox %[cab], %[r2]\n\t"                                                                       \
    "mulx 24(%[a]), %[r3], %[cab]\n\t"                                                             \
    "adcx 24(%[t]), %[r3]\n\t"                                                                     \
    "adox %[hi], %[r3]\n\t"                                                                        \
    "mov $0, %%edx\n\t"                                                                            \
    "adcx %%rdx, %[cab]\n\t"                                                                       \
    "adox %%rdx, %[cab]\n\t"

/* r0..r3 += N[0..4) * rdx + cnm; cnm = the carry limb; stored to T[-1..3). */
#define ADX_CIOS_RED4                                                                              \
    "adcx %[cnm], %[r0]\n\t"                                                                       \
    "mulx (%[n]), %[lo], %[hi]\n\t"                                                                \
    "adox %[lo], %[r0]\n\t"                                                                        \
    "adcx %[hi], %[r1]\n\t"                                                                        \
    "mulx 8(%[n]), %[lo], %[hi]\n\t"                                                               \
    "adox %[lo], %[r1]\n\t"                                                                        \
    "adcx %[hi], %[r2]\n\t"                                                                        \
    "mulx 16(%[n]), %[lo], %[hi]\n\t"                                                              \
    "adox %[lo], %[r2]\n\t"                                                                        \
    "adcx %[hi], %[r3]\n\t"                                                                        \
    "mulx 24(%[n]), %[lo], %[cnm]\n\t"                                                             \
    "adox %[lo], %[r3]\n\t"                                                                        \
    "mov $0, %%edx\n\t"                                                                            \
    "adcx %%rdx, %[cnm]\n\t"                                                                       \
    "adox %%rdx, %[cnm]\n\t"                                                                       \
    "mov %[r0], -8(%[t])\n\t"                                                                      \
    "mov %[r1], (%[t])\n\t"                                                                        \
    "mov %[r2], 8(%[t])\n\t"                                                                       \
    "mov %[r3], 16(%[t])\n\t"                                                                      \
    "lea 32(%[a]), %[a]\n\t"                                                                       \
    "lea 32(%[n]), %[n]\n\t"                                                                       \
    "lea 32(%[t]), %[t]\n\t"

/* st[] slots */
#define ST_B "0(%[st])"
#define ST_M "8(%[st])"
#define ST_MM "16(%[st])"
#define ST_BP "24(%[st])"
#define ST_ROWS "32(%[st])"
#define ST_BYTES "40(%[st])"
#define ST_BLOCKS "48(%[st])"

/*
 * X = A * B * R^-1 mod N for n % 4 == 0, n >= 8; X may alias A or B; W has
 * 2n limbs.  n % 8 == 0: the product, then the reduction, in the 8-limb
 * window (faster: the CIOS pass below stores every limb of every row).
 * lazy = 0: fully reduced, for A < R and B < N (or the other way round).
 * lazy = 1: X < R only, for A, B < R (see adx_final).
 */
void tacit_mpi_core_adx_montmul(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *B,
                                const tacit_mpi_uint *N, size_t n, tacit_mpi_uint mm,
                                tacit_mpi_uint *W, int lazy)
{
    tacit_mpi_uint st[7];
    tacit_mpi_uint *T = W + 1, *tp = T;
    tacit_mpi_uint r0, r1, r2, r3, lo, hi, cab, cnm, rdx;
    const tacit_mpi_uint *ap = A, *np = N;
    size_t cnt;

    if (n % 8 == 0) {
        adx_w8_mul(W, A, B, n);
        adx_final(X, W + n, N, n, adx_w8_redc(W, N, n, mm), lazy);
        return;
    }
    memset(W, 0, (n + 2) * sizeof(*W));
    st[2] = mm;
    st[3] = (tacit_mpi_uint)(uintptr_t)B;
    st[4] = n;
    st[5] = n * sizeof(*T);
    st[6] = n / 4 - 1;
    __asm__ volatile(
        "1:\n\t"
        /* b = *bp++; the first block, which also chooses m */
        "mov " ST_BP ", %[lo]\n\t"
        "mov (%[lo]), %%rdx\n\t"
        "lea 8(%[lo]), %[lo]\n\t"
        "mov %[lo], " ST_BP "\n\t"
        "mov %%rdx, " ST_B "\n\t"
        "xor %k[cab], %k[cab]\n\t" ADX_CIOS_MUL4 "mov %[r0], %%rdx\n\t"
        "imul " ST_MM ", %%rdx\n\t"
        "mov %%rdx, " ST_M "\n\t"
        "xor %k[cnm], %k[cnm]\n\t" ADX_CIOS_RED4 "mov " ST_BLOCKS ", %[cnt]\n\t"
        "2:\n\t"
        /* XOR clears CF and OF without waiting for the last block's chains */
        "xor %%edx, %%edx\n\t"
        "mov " ST_B ", %%rdx\n\t" ADX_CIOS_MUL4 "xor %%edx, %%edx\n\t"
        "mov " ST_M ", %%rdx\n\t" ADX_CIOS_RED4 "dec %[cnt]\n\t"
        "jnz 2b\n\t"
        /* T[n-1] = T[n] + cab + cnm, T[n] = the carries (0 or 1) */
        "xor %k[lo], %k[lo]\n\t"
        "add (%[t]), %[cab]\n\t"
        "adc $0, %[lo]\n\t"
        "add %[cnm], %[cab]\n\t"
        "adc $0, %[lo]\n\t"
        "mov %[cab], -8(%[t])\n\t"
        "mov %[lo], (%[t])\n\t"
        "sub " ST_BYTES ", %[t]\n\t"
        "sub " ST_BYTES ", %[a]\n\t"
        "sub " ST_BYTES ", %[n]\n\t"
        "decq " ST_ROWS "\n\t"
        "jnz 1b\n\t"
        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [lo] "=&r"(lo),
          [hi] "=&r"(hi), [cab] "=&r"(cab), [cnm] "=&r"(cnm), [cnt] "=&r"(cnt),
          "=&d"(rdx), [a] "+&r"(ap), [n] "+&r"(np), [t] "+&r"(tp)
        : [st] "r"(st)
        : "cc", "memory");

    adx_final(X, T, N, n, T[n], lazy);
}

/*
 * X = T * R^-1 mod N for T (2n limbs, destroyed) below R * N, n % 8 == 0:
 * the reduction rows in the 8-limb window, then the full final
 * subtraction (the value is below 2N).  X must not overlap T.
 */
void tacit_mpi_core_adx_redc(tacit_mpi_uint *X, tacit_mpi_uint *T, const tacit_mpi_uint *N,
                             size_t n, tacit_mpi_uint mm)
{
    adx_final(X, T + n, N, n, adx_w8_redc(T, N, n, mm), 0);
}

/* ---- Montgomery squaring ----------------------------------------------------------- */

/*
 * X[0..2n) = 2 X + the squares A[i]^2 at X[2i..2i+2), for n % 4 == 0,
 * where X holds the off-diagonal half of A^2: the doubling in the CF
 * chain (ADCX of a limb with itself), the squares in the OF chain, one
 * pass of four limbs of A (eight of X) per step.
 */
#define ADX_DIAG1(I)                                                                               \
    "mov " #I "*8(%[a]), %%rdx\n\t"                                                                \
    "mulx %%rdx, %[lo], %[hi]\n\t"                                                                 \
    "mov " #I "*16(%[x]), %[x0]\n\t"                                                               \
    "mov " #I "*16+8(%[x]), %[x1]\n\t"                                                             \
    "adcx %[x0], %[x0]\n\t"                                                                        \
    "adcx %[x1], %[x1]\n\t"                                                                        \
    "adox %[lo], %[x0]\n\t"                                                                        \
    "adox %[hi], %[x1]\n\t"                                                                        \
    "mov %[x0], " #I "*16(%[x])\n\t"                                                               \
    "mov %[x1], " #I "*16+8(%[x])\n\t"

static ADX_INLINE void adx_sqr_diag(tacit_mpi_uint *X, const tacit_mpi_uint *A, size_t n)
{
    tacit_mpi_uint lo, hi, x0, x1, rdx;
    size_t cnt = n / 4;

    __asm__ volatile("xor %k[lo], %k[lo]\n\t"
                     "1:\n\t" ADX_DIAG1(0) ADX_DIAG1(1) ADX_DIAG1(2)
                         ADX_DIAG1(3) "lea 32(%[a]), %[a]\n\t"
                                      "lea 64(%[x]), %[x]\n\t"
                                      "lea -1(%[cnt]), %[cnt]\n\t"
                                      "jrcxz 2f\n\t"
                                      "jmp 1b\n\t"
                                      "2:\n\t"
                     : [lo] "=&r"(lo), [hi] "=&r"(hi), [x0] "=&r"(x0), [x1] "=&r"(x1),
                       "=&d"(rdx), [a] "+&r"(A), [x] "+&r"(X), [cnt] "+&c"(cnt)
                     :
                     : "cc", "memory");
}

/*
 * X = A^2 * R^-1 mod N for n % 4 == 0, n >= 8; X may alias A; W has 2n
 * limbs.  The square (off-diagonal rows, then doubling and diagonal), the
 * reduction rows (both in the 8-limb window when n % 8 == 0), then
 * adx_final.  lazy as for tacit_mpi_core_adx_montmul (lazy = 0 needs A < N).
 */
void tacit_mpi_core_adx_montsqr(tacit_mpi_uint *X, const tacit_mpi_uint *A, const tacit_mpi_uint *N,
                                size_t n, tacit_mpi_uint mm, tacit_mpi_uint *W, int lazy)
{
    tacit_mpi_uint top;

    if (n % 8 == 0) {
        adx_w8_sqr_offdiag(W, A, n);
        adx_sqr_diag(W, A, n);
        top = adx_w8_redc(W, N, n, mm);
        adx_final(X, W + n, N, n, top, lazy);
        return;
    }
    memset(W, 0, 2 * n * sizeof(*W));
    tacit_mpi_core_adx_sqr_rows(W, A, n);
    adx_sqr_diag(W, A, n);
    top = tacit_mpi_core_adx_redc_rows(W, N, n, mm);
    adx_final(X, W + n, N, n, top, lazy);
}

#else
typedef int tacit_bignum_core_x86_64_adx_unused;
#endif /* TACIT_MPI_HAVE_X86_64_ADX_ASM */

#else
typedef int tacit_bignum_core_x86_64_adx_unused;
#endif /* TACIT_BIGNUM_CORE_C */
