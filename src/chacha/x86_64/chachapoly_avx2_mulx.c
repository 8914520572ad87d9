/*
 * One pass of ChaCha20-Poly1305 on AVX2 with a scalar Poly1305 (see
 * chacha_internal.h for the contract of a fused kernel), for CPUs with AVX2
 * and BMI2 but not AVX-512.  ChaCha20 runs on eight blocks in 256-bit
 * vectors and Poly1305 in radix 2^64 with MULX in the general-purpose
 * registers, one instruction stream in which the two never wait for each
 * other: the vector units do ChaCha20 while the integer units do the
 * Poly1305 multiplications and carries.
 *
 * The whole batch is inline assembly, so that the register allocation is
 * ours (gcc spilled ~100 vectors a double round): sixteen state vectors do
 * not fit in sixteen YMM registers next to a temporary, so x11 lives in
 * memory (a c word: added into the temporary, stored back, and not read
 * again for a half round, so the store-to-load forwarding is off the
 * chain; x15, a d word, cost 0.4 % more), the byte-shuffle masks are memory
 * operands, and the four quarter rounds of a round run in step.  Poly1305
 * blocks follow half rounds (32 blocks, the 512 bytes of a batch, spread
 * over 38 half rounds: see BATCH).  The precomputed first column round,
 * the additions of the input state, the transpose and the XOR with the
 * input are in the same assembly.
 *
 * Zen 4, AVX-512 masked off: 0.72 TSC ticks a byte for a batch in a loop
 * (368 ticks), as fast as without the Poly1305 steps; the rounds are
 * bound by the four dependency chains of a round with 24 of 66
 * instructions on the two shift/shuffle pipes (a VPMULLD for the left
 * shifts, on the multiply pipes, was no faster).
 *
 * Constant time: no branch or memory index depends on the key, the
 * keystream or the data (ARX on every lane; MULX, IMUL, ADD/ADC, shifts and
 * masks for Poly1305); the lengths and pointers are public.
 */
#include "chacha/x86_64/chacha_x86.h"

#if defined(TACIT_CHACHA_X86) && defined(TACIT_POLY1305_R64)

#include <immintrin.h>
#include <string.h>

#include "tacit/platform.h"
#include "chacha/poly1305_r64.h"
#include "chacha/x86_64/chacha8_avx2.h"

#define MULX_AVX2_TARGET __attribute__((target("avx2,bmi2")))

#define R12_M(x) ROTN_2(x, 12)
#define R7_M(x) ROTN_2(x, 7)
#define ROT16_W(x) _mm256_shuffle_epi8((x), w->rot16)
#define ROT8_W(x) _mm256_shuffle_epi8((x), w->rot8)

/*
 * The memory the assembly works on (offsets fixed in the assembly text):
 * the input state s (broadcast words, s[12] the eight counters of the
 * batch), the state after the first column round of columns 1..3 (the
 * same for every batch), the memory slot of x15, the shuffle masks and r.
 */
typedef struct {
    __m256i s[16];   /* 0 */
    __m256i pre[16]; /* 512; column 0 unused */
    __m256i x15;     /* 1024 */
    __m256i rot16;   /* 1056 */
    __m256i rot8;    /* 1088 */
    uint64_t r0;     /* 1120 */
    uint64_t r1;     /* 1128 */
    uint64_t s1;     /* 1136: r1 + (r1 >> 2) */
    uint64_t pad_[3];
} mulx_work;

/*
 * ---- ChaCha20: the four quarter rounds of a column or diagonal round in
 * step (four independent chains of dependent instructions for the vector
 * units), x0..x14 in ymm0..14, x15 in memory (offset 1024) and ymm15 the
 * temporary: it holds the x15 of the quarter round that has it from its
 * XOR to its addition into row c (then it is stored), and the shifted
 * copies in the rotations by 12 and 7 (renamed, so one name serves four).
 */
/* assembly text below, one instruction a line: not reformatted */
/* clang-format off */
#define Y(n) "%%ymm" #n

#define ADD4(a0, b0, a1, b1, a2, b2, a3, b3)                                                       \
    "vpaddd " Y(b0) ", " Y(a0) ", " Y(a0) "\n\t"                                                   \
    "vpaddd " Y(b1) ", " Y(a1) ", " Y(a1) "\n\t"                                                   \
    "vpaddd " Y(b2) ", " Y(a2) ", " Y(a2) "\n\t"                                                   \
    "vpaddd " Y(b3) ", " Y(a3) ", " Y(a3) "\n\t"
#define XOR4(a0, b0, a1, b1, a2, b2, a3, b3)                                                       \
    "vpxor " Y(a0) ", " Y(b0) ", " Y(b0) "\n\t"                                                    \
    "vpxor " Y(a1) ", " Y(b1) ", " Y(b1) "\n\t"                                                    \
    "vpxor " Y(a2) ", " Y(b2) ", " Y(b2) "\n\t"                                                    \
    "vpxor " Y(a3) ", " Y(b3) ", " Y(b3) "\n\t"
#define ROTS(b, n)                                                                                 \
    "vpslld $" #n ", " Y(b) ", " Y(11) "\n\tvpsrld $32-" #n ", " Y(b) ", " Y(b) "\n\tvpor " Y(11)   \
    ", " Y(b) ", " Y(b) "\n\t"
#define ROT4(b0, b1, b2, b3, n) ROTS(b0, n) ROTS(b1, n) ROTS(b2, n) ROTS(b3, n)

/* d ^= a, d <<<= 16 or 8 (mask at moff) */
#define DROT4(a0, d0, a1, d1, a2, d2, a3, d3, moff)                                                \
    XOR4(a0, d0, a1, d1, a2, d2, a3, d3)                                                           \
    "vpshufb " #moff "(%[k]), " Y(d0) ", " Y(d0) "\n\t"                                            \
    "vpshufb " #moff "(%[k]), " Y(d1) ", " Y(d1) "\n\t"                                            \
    "vpshufb " #moff "(%[k]), " Y(d2) ", " Y(d2) "\n\t"                                            \
    "vpshufb " #moff "(%[k]), " Y(d3) ", " Y(d3) "\n\t"

/* c += d: the fourth c (x11) from memory into ymm11 and back */
#define CADD4(c0, d0, c1, d1, c2, d2, d3)                                                          \
    "vpaddd " Y(d0) ", " Y(c0) ", " Y(c0) "\n\t"                                                   \
    "vpaddd " Y(d1) ", " Y(c1) ", " Y(c1) "\n\t"                                                   \
    "vpaddd " Y(d2) ", " Y(c2) ", " Y(c2) "\n\t"                                                   \
    "vpaddd 1024(%[k]), " Y(d3) ", " Y(11) "\n\t"                                                    \
    "vmovdqa " Y(11) ", 1024(%[k])\n\t"

/* Quarter rounds (a_i, b_i, c_i, d_i), c3 = x11; s0 after the first half, s1 after the second. */
#define QR4(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, d3, s0, s1)                    \
    ADD4(a0, b0, a1, b1, a2, b2, a3, b3)                                                           \
    DROT4(a0, d0, a1, d1, a2, d2, a3, d3, 1056)                                                    \
    CADD4(c0, d0, c1, d1, c2, d2, d3)                                                              \
    XOR4(c0, b0, c1, b1, c2, b2, 11, b3)                                                           \
    ROT4(b0, b1, b2, b3, 12)                                                                       \
    s0                                                                                             \
    ADD4(a0, b0, a1, b1, a2, b2, a3, b3)                                                           \
    DROT4(a0, d0, a1, d1, a2, d2, a3, d3, 1088)                                                    \
    CADD4(c0, d0, c1, d1, c2, d2, d3)                                                              \
    XOR4(c0, b0, c1, b1, c2, b2, 11, b3)                                                           \
    ROT4(b0, b1, b2, b3, 7)                                                                        \
    s1

/* a column round and a diagonal round, each with two slots for Poly1305 (x11 in the 4th) */
#define COLR(s0, s1) QR4(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 15, s0, s1)
#define DIAGR(s0, s1) QR4(0, 5, 10, 15, 2, 7, 8, 13, 3, 4, 9, 14, 1, 6, 12, s0, s1)

/* the batch's state after the first column round of columns 1..3; x11 to its slot */
#define LOAD_X \
    "vmovdqa 0(%[k]), " Y(0) "\n\t" \
    "vmovdqa 544(%[k]), " Y(1) "\n\t" \
    "vmovdqa 576(%[k]), " Y(2) "\n\t" \
    "vmovdqa 608(%[k]), " Y(3) "\n\t" \
    "vmovdqa 128(%[k]), " Y(4) "\n\t" \
    "vmovdqa 672(%[k]), " Y(5) "\n\t" \
    "vmovdqa 704(%[k]), " Y(6) "\n\t" \
    "vmovdqa 736(%[k]), " Y(7) "\n\t" \
    "vmovdqa 256(%[k]), " Y(8) "\n\t" \
    "vmovdqa 800(%[k]), " Y(9) "\n\t" \
    "vmovdqa 832(%[k]), " Y(10) "\n\t" \
    "vmovdqa 864(%[k]), " Y(11) "\n\t" \
    "vmovdqa " Y(11) ", 1024(%[k])\n\t" \
    "vmovdqa 384(%[k]), " Y(12) "\n\t" \
    "vmovdqa 928(%[k]), " Y(13) "\n\t" \
    "vmovdqa 960(%[k]), " Y(14) "\n\t" \
    "vmovdqa 992(%[k]), " Y(15) "\n\t"

/* the first column round of column 0 (the counters): one quarter round */
#define QR1(a, b, c, d)                                                                            \
    "vpaddd " Y(b) ", " Y(a) ", " Y(a) "\n\t"                                                      \
    "vpxor " Y(a) ", " Y(d) ", " Y(d) "\n\t"                                                       \
    "vpshufb 1056(%[k]), " Y(d) ", " Y(d) "\n\t"                                                   \
    "vpaddd " Y(d) ", " Y(c) ", " Y(c) "\n\t"                                                      \
    "vpxor " Y(c) ", " Y(b) ", " Y(b) "\n\t" ROTS(b, 12)                                           \
    "vpaddd " Y(b) ", " Y(a) ", " Y(a) "\n\t"                                                      \
    "vpxor " Y(a) ", " Y(d) ", " Y(d) "\n\t"                                                       \
    "vpshufb 1088(%[k]), " Y(d) ", " Y(d) "\n\t"                                                   \
    "vpaddd " Y(d) ", " Y(c) ", " Y(c) "\n\t"                                                      \
    "vpxor " Y(c) ", " Y(b) ", " Y(b) "\n\t" ROTS(b, 7)

/*
 * ---- The end of a batch: x += s, transpose, XOR with 512 bytes of in into
 * out.  TR4 transposes the 4x4 words of a, b, c, d in each 128-bit lane
 * with the free register t: the rows come out in c, a, t, d and b is free.
 * Row i of group g (words 4g..4g+3) holds block i in its low lane and
 * block 4 + i in its high lane.
 */
#define ADDS(i) "vpaddd " #i "*32(%[k]), " Y(i) ", " Y(i) "\n\t"
#define TR4(a, b, c, d, t)                                                                         \
    "vpunpckldq " Y(b) ", " Y(a) ", " Y(t) "\n\t"                                                  \
    "vpunpckhdq " Y(b) ", " Y(a) ", " Y(b) "\n\t"                                                  \
    "vpunpckldq " Y(d) ", " Y(c) ", " Y(a) "\n\t"                                                  \
    "vpunpckhdq " Y(d) ", " Y(c) ", " Y(d) "\n\t"                                                  \
    "vpunpcklqdq " Y(a) ", " Y(t) ", " Y(c) "\n\t"                                                 \
    "vpunpckhqdq " Y(a) ", " Y(t) ", " Y(a) "\n\t"                                                 \
    "vpunpcklqdq " Y(d) ", " Y(b) ", " Y(t) "\n\t"                                                 \
    "vpunpckhqdq " Y(d) ", " Y(b) ", " Y(d) "\n\t"
/* 32 bytes at off: the low (sel 0x20) or high (0x31) lanes of rows u (first) and v */
#define OUT32(u, v, sel, t, off)                                                                   \
    "vperm2i128 $" #sel ", " Y(v) ", " Y(u) ", " Y(t) "\n\t"                                       \
    "vpxor " #off "(%[in]), " Y(t) ", " Y(t) "\n\t"                                                \
    "vmovdqu " Y(t) ", " #off "(%[out])\n\t"
/* rows u of one group and v of the next (bytes h..h+31 of blocks i and 4 + i) */
#define OUT_ROW(u, v, t, i, h) OUT32(u, v, 0x20, t, 64 * i + h) OUT32(u, v, 0x31, t, 64 * i + 256 + h)

#define FINISH                                                                                     \
    ADDS(0) ADDS(1) ADDS(2) ADDS(3) ADDS(4) ADDS(5) ADDS(6) ADDS(7)                                \
    TR4(0, 1, 2, 3, 11)                /* rows 2, 0, 11, 3; 1 free */                              \
    TR4(4, 5, 6, 7, 1)                 /* rows 6, 4, 1, 7; 5 free */                               \
    OUT_ROW(2, 6, 5, 0, 0)                                                                         \
    OUT_ROW(0, 4, 5, 1, 0)                                                                         \
    OUT_ROW(11, 1, 5, 2, 0)                                                                        \
    OUT_ROW(3, 7, 5, 3, 0)                                                                         \
    "vmovdqa 1024(%[k]), " Y(11) "\n\t"                                                              \
    ADDS(8) ADDS(9) ADDS(10) ADDS(11) ADDS(12) ADDS(13) ADDS(14) ADDS(15)                          \
    TR4(8, 9, 10, 11, 0)               /* rows 10, 8, 0, 11; 9 free */                             \
    TR4(12, 13, 14, 15, 1)             /* rows 14, 12, 1, 15; 13 free */                           \
    OUT_ROW(10, 14, 9, 0, 32)                                                                      \
    OUT_ROW(8, 12, 9, 1, 32)                                                                       \
    OUT_ROW(0, 1, 9, 2, 32)                                                                        \
    OUT_ROW(11, 15, 9, 3, 32)

/*
 * One batch: the first column round (column 0; columns 1..3 come
 * precomputed), the diagonal round with two Poly1305 blocks, then eight
 * times a column and a diagonal round with three (p advances by 48), then
 * the last column and diagonal rounds with six, and the finish.  The 32
 * blocks are spread over 38 of the 40 half rounds: one block is a chain of
 * about 14 cycles (MULX, the carries, the reduction into h0, the next
 * block's MULX), a half round about 13, and with four blocks in each of
 * the loop's four half rounds the Poly1305 chain set the pace (16 KiB: 368
 * ticks a batch against 367 without Poly1305; four a loop turn: 383).
 * A loop, not unrolled: about 650 instructions, so that the batch stays in
 * the decoded-op cache (a fully unrolled batch, ~2300, ran at the
 * decoders' rate on short messages).  The loop count is the constant 8.
 */
#define BATCH BATCH_(DIAGR(POLY_BLK(0), POLY_BLK(16)) "addq $32, %[p]\n\t")
/* 33 blocks: one more after the first column round (its one quarter round leaves room) */
#define BATCH33 BATCH_(POLY_BLK(0) DIAGR(POLY_BLK(16), POLY_BLK(32)) "addq $48, %[p]\n\t")
#define BATCH_(first)                                                                              \
    LOAD_X QR1(0, 4, 8, 12) first                                                                  \
    "movl $8, %k[cnt]\n\t"                                                                         \
    "1:\n\t"                                                                                       \
    COLR(POLY_BLK(0), POLY_BLK(16)) DIAGR(POLY_BLK(32), "")                                        \
    "addq $48, %[p]\n\t"                                                                           \
    "decl %k[cnt]\n\t"                                                                             \
    "jnz 1b\n\t"                                                                                   \
    COLR(POLY_BLK(0), POLY_BLK(16) POLY_BLK(32)) DIAGR(POLY_BLK(48), POLY_BLK(64) POLY_BLK(80)) FINISH

/*
 * ---- Poly1305: one block, h = (h + m + 2^128) r, as tacit_poly_blocks_r64
 * (poly1305_r64.h) with the same bounds: d0 = h0 r0 + h1 s1, d1 = h0 r1 +
 * h1 r0 + h2 s1 + (d0 >> 64), d2 = h2 r0 + (d1 >> 64), then the part of d2
 * from 2^130 up comes back times 5.  h0, h1, h2 in registers, r0, r1, s1
 * memory operands, rdx the MULX multiplicand, t1..t4 temporaries.
 */
#define POLY_BLK(off)                                                                              \
    "addq " #off "(%[p]), %[h0]\n\t"                                                               \
    "adcq " #off "+8(%[p]), %[h1]\n\t"                                                             \
    "adcq $1, %[h2]\n\t"                                                                           \
    "movq %[h0], %%rdx\n\t"                                                                        \
    "mulxq 1120(%[k]), %[h0], %[t1]\n\t"  /* h0 r0 */                                               \
    "mulxq 1128(%[k]), %[t2], %[t3]\n\t"  /* h0 r1 */                                               \
    "movq %[h1], %%rdx\n\t"                                                                        \
    "mulxq 1136(%[k]), %[t4], %[h1]\n\t"  /* h1 s1 */                                               \
    "addq %[t4], %[h0]\n\t"                                                                        \
    "adcq %[h1], %[t1]\n\t"              /* d0 = t1:h0 */                                          \
    "mulxq 1120(%[k]), %[t4], %[h1]\n\t"  /* h1 r0 */                                               \
    "addq %[t4], %[t2]\n\t"                                                                        \
    "adcq %[h1], %[t3]\n\t"                                                                        \
    "movq %[h2], %[t4]\n\t"                                                                        \
    "imulq 1136(%[k]), %[t4]\n\t"         /* h2 s1 */                                               \
    "imulq 1120(%[k]), %[h2]\n\t"         /* h2 r0 */                                               \
    "addq %[t4], %[t2]\n\t"                                                                        \
    "adcq $0, %[t3]\n\t"                                                                           \
    "addq %[t1], %[t2]\n\t"                                                                        \
    "adcq %[h2], %[t3]\n\t"              /* d1 low = t2, d2 = t3 */                                \
    "movq %[t3], %[h2]\n\t"                                                                        \
    "andq $3, %[h2]\n\t"                                                                           \
    "movq %[t3], %[t4]\n\t"                                                                        \
    "shrq $2, %[t4]\n\t"                                                                           \
    "andq $-4, %[t3]\n\t"                                                                          \
    "addq %[t4], %[t3]\n\t"              /* (d2 >> 2) * 5 */                                       \
    "movq %[t2], %[h1]\n\t"                                                                        \
    "addq %[t3], %[h0]\n\t"                                                                        \
    "adcq $0, %[h1]\n\t"                                                                           \
    "adcq $0, %[h2]\n\t"

/*
 * The multiple of 512 bytes at the start of in: ChaCha20 on eight blocks
 * with the 32 Poly1305 blocks of the previous 512 bytes of out (encrypting)
 * or the current 512 of in (decrypting: read before they are overwritten,
 * so in == out works) in the rounds.  Decrypting after seal_first (decrypt
 * 3, in and out apart), the 512 bytes before in are not authenticated yet:
 * the batches run BATCH33, 33 blocks from where the authentication is, so
 * the backlog shrinks by one block a batch (as fast as BATCH: the chain of
 * 33 blocks still fits in a batch), then BATCH on their own 512 bytes; what
 * is left at the end goes through tacit_poly1305_blocks_avx2.  Returns the
 * bytes done (st[12] is the first counter).
 */
/* clang-format on */

#define CLOBBERS                                                                                   \
    "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",      \
        "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

/* One batch from w, the Poly1305 blocks at pin; h0..h2, t1..t4, cnt, w in scope. */
#define RUN_BATCH(src_, dst_) RUN_BATCH_(BATCH, src_, dst_)
#define RUN_BATCH_(b_, src_, dst_)                                                                 \
    __asm__ volatile(                                                                              \
        b_                                                                                         \
        : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [t1] "=&r"(t1), [t2] "=&r"(t2),          \
          [t3] "=&r"(t3), [t4] "=&r"(t4), [p] "+&r"(pin), [cnt] "=&r"(cnt)                         \
        : [k] "r"(&w), [in] "r"(src_), [out] "r"(dst_)                                             \
        : "rdx", "cc", CLOBBERS)

/* The masks, the input state from st (counters ctr .. ctr + 7) and its precomputed columns. */
MULX_AVX2_TARGET
static void work_init(mulx_work *w, const uint32_t st[16], uint32_t ctr)
{
    w->rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6,
                                7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    w->rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7,
                               4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    CH8_INIT(w->s, st, ctr);
    CH8_PRECOMPUTE(w->pre, w->s, ROT16_W, R12_M, ROT8_W, R7_M);
}

MULX_AVX2_TARGET
size_t tacit_chachapoly_fused_avx2_mulx(const uint32_t st[16], const unsigned char *in,
                                        unsigned char *out, size_t len, tacit_poly1305_state *ps,
                                        int decrypt)
{
    size_t n = len / 512, c;
    const unsigned char *pin, *lag = decrypt == 3 ? in - 512 : in; /* decrypt 3: to authenticate */
    uint64_t h0, h1, h2, t1, t2, t3, t4;
    uint32_t cnt;
    mulx_work w;

    if (n == 0) {
        return 0;
    }
    h0 = ps->h[0];
    h1 = ps->h[1];
    h2 = ps->h[2];
    w.r0 = ps->r[0];
    w.r1 = ps->r[1];
    w.s1 = w.r1 + (w.r1 >> 2);
    work_init(&w, st, st[12]);
    for (c = 0; c < n; c++) {
        /*
         * Sealing, the first batch has no ciphertext before it: the
         * Poly1305 steps run on its input (any 512 readable bytes) and
         * their result is dropped.
         */
        int dummy = decrypt == 0 && c == 0;
        uint64_t g0 = h0, g1 = h1, g2 = h2;

        if (decrypt == 3 && lag < in) { /* 33 blocks: one more of the backlog a batch */
            pin = lag;
            RUN_BATCH_(BATCH33, in, out);
            lag += 528;
        } else {
            pin = decrypt == 1 || decrypt == 3 ? in : (dummy ? in : out - 512);
            RUN_BATCH(in, out);
            lag += 512;
        }
        if (dummy) {
            h0 = g0;
            h1 = g1;
            h2 = g2;
        }
        w.s[12] = _mm256_add_epi32(w.s[12], _mm256_set1_epi32(8));
        in += 512;
        out += 512;
    }
    ps->h[0] = h0;
    ps->h[1] = h1;
    ps->h[2] = h2;
    if (decrypt == 0 || decrypt == 2) { /* the last batch's ciphertext, units free */
        tacit_poly1305_blocks_avx2(ps, out - 512, 32);
    } else if (decrypt == 3 && lag < in) { /* what is left of the backlog */
        tacit_poly1305_blocks_avx2(ps, lag, (size_t)(in - lag) / 16);
    }
    tacit_platform_zeroize(&w, sizeof(w));
    return 512 * n;
}

/*
 * The same Poly1305 block code on its own (the poly_blocks kernel of CPUs
 * with BMI2 and without AVX2, and so tested against the portable C by the
 * Poly1305 kernel tests, carries at their limits included): r in a
 * mulx_work at the offsets the assembly uses, one block a loop turn.
 */
__attribute__((target("bmi2"))) void tacit_poly1305_blocks_mulx_asm(tacit_poly1305_state *ps,
                                                                    const unsigned char *m,
                                                                    size_t nblocks)
{
    uint64_t h0 = ps->h[0], h1 = ps->h[1], h2 = ps->h[2], t1, t2, t3, t4;
    uint64_t w[147]; /* the r0, r1, s1 words of a mulx_work at 1120, 1128, 1136 */

    if (nblocks == 0) {
        return;
    }
    w[140] = ps->r[0];
    w[141] = ps->r[1];
    w[142] = w[141] + (w[141] >> 2);
    __asm__ volatile(
        "1:\n\t" POLY_BLK(0) "addq $16, %[p]\n\tdecq %[n]\n\tjnz 1b\n\t"
        : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [t1] "=&r"(t1), [t2] "=&r"(t2),
          [t3] "=&r"(t3), [t4] "=&r"(t4), [p] "+&r"(m), [n] "+&r"(nblocks)
        : [k] "r"(w)
        : "rdx", "cc", "memory");
    ps->h[0] = h0;
    ps->h[1] = h1;
    ps->h[2] = h2;
    tacit_platform_zeroize(&w[140], 3 * sizeof(uint64_t));
}

/*
 * The keystream of block 0 alone: sixteen words in general-purpose
 * registers, the four quarter rounds of a round written out so that they
 * run side by side (the portable tacit_chacha20_xor_c is written for
 * size, and takes twice as long).
 */
#define DOUBLE_ROUND32                                                                             \
    do {                                                                                           \
        TACIT_CHACHA_QR32(x0, x4, x8, x12);                                                        \
        TACIT_CHACHA_QR32(x1, x5, x9, x13);                                                        \
        TACIT_CHACHA_QR32(x2, x6, x10, x14);                                                       \
        TACIT_CHACHA_QR32(x3, x7, x11, x15);                                                       \
        TACIT_CHACHA_QR32(x0, x5, x10, x15);                                                       \
        TACIT_CHACHA_QR32(x1, x6, x11, x12);                                                       \
        TACIT_CHACHA_QR32(x2, x7, x8, x13);                                                        \
        TACIT_CHACHA_QR32(x3, x4, x9, x14);                                                        \
    } while (0)

static void block0_scalar(const uint32_t st[16], unsigned char ks[64])
{
    uint32_t x0 = st[0], x1 = st[1], x2 = st[2], x3 = st[3], x4 = st[4], x5 = st[5], x6 = st[6],
             x7 = st[7], x8 = st[8], x9 = st[9], x10 = st[10], x11 = st[11], x12 = 0, x13 = st[13],
             x14 = st[14], x15 = st[15];
    uint32_t o[16];

    /* written out: no loop counter for gcc to spill next to the state */
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    DOUBLE_ROUND32;
    o[0] = x0 + st[0];
    o[1] = x1 + st[1];
    o[2] = x2 + st[2];
    o[3] = x3 + st[3];
    o[4] = x4 + st[4];
    o[5] = x5 + st[5];
    o[6] = x6 + st[6];
    o[7] = x7 + st[7];
    o[8] = x8 + st[8];
    o[9] = x9 + st[9];
    o[10] = x10 + st[10];
    o[11] = x11 + st[11];
    o[12] = x12;
    o[13] = x13 + st[13];
    o[14] = x14 + st[14];
    o[15] = x15 + st[15];
    memcpy(ks, o, 64); /* x86-64 is little-endian */
    tacit_platform_zeroize(o, sizeof(o));
}

/*
 * Sealing, the first 512 bytes of the message (blocks 1..8) with block 0
 * computed in the general-purpose registers at the same time (see
 * tacit_chachapoly_seal_first_fn): the first batch has no ciphertext before
 * it to authenticate, so the integer units are free.  Opening with in and
 * out apart the same (XOR), the authentication of these 512 bytes caught
 * up later (decrypt 3 of the fused kernel).  The batch is split
 * into one asm statement a double round and a scalar double round of
 * block 0 in C between each two: in program order one after the other, run
 * side by side by the out-of-order core.  Between statements x0..x13 stay
 * in the registers the compiler chose for them (asm operands; ymm11 is the
 * temporary, x11 in memory as in the fused batch) and x14, x15 wait in
 * memory (at most 30 operands an asm statement, a read-write one counting
 * twice), so the statements use ymm14 and ymm15 by name.
 */
#undef Y
#define Y(n) Y_##n
#define Y_0 "%[y0]"
#define Y_1 "%[y1]"
#define Y_2 "%[y2]"
#define Y_3 "%[y3]"
#define Y_4 "%[y4]"
#define Y_5 "%[y5]"
#define Y_6 "%[y6]"
#define Y_7 "%[y7]"
#define Y_8 "%[y8]"
#define Y_9 "%[y9]"
#define Y_10 "%[y10]"
#define Y_11 "%[y11]"
#define Y_12 "%[y12]"
#define Y_13 "%[y13]"
#define Y_14 "%%ymm14"
#define Y_15 "%%ymm15"
/* x14 and x15 wait in the unused column-0 slots of pre between statements */
#define LD1415 "vmovdqa 512(%[k]), %%ymm14\n\tvmovdqa 640(%[k]), %%ymm15\n\t"
#define ST1415 "vmovdqa %%ymm14, 512(%[k])\n\tvmovdqa %%ymm15, 640(%[k])\n\t"
#define VREGS                                                                                      \
    [y0] "+x"(v0), [y1] "+x"(v1), [y2] "+x"(v2), [y3] "+x"(v3), [y4] "+x"(v4), [y5] "+x"(v5),      \
        [y6] "+x"(v6), [y7] "+x"(v7), [y8] "+x"(v8), [y9] "+x"(v9), [y10] "+x"(v10),               \
        [y11] "=&x"(v11), [y12] "+x"(v12), [y13] "+x"(v13)

MULX_AVX2_TARGET
size_t tacit_chachapoly_seal_first_avx2(const uint32_t st[16], const unsigned char *in,
                                        unsigned char *out, unsigned char ks[64])
{
    uint32_t x0 = st[0], x1 = st[1], x2 = st[2], x3 = st[3], x4 = st[4], x5 = st[5], x6 = st[6],
             x7 = st[7], x8 = st[8], x9 = st[9], x10 = st[10], x11 = st[11], x12 = 0, x13 = st[13],
             x14 = st[14], x15 = st[15];
    __m256i v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13;
    uint32_t o[16];
    mulx_work w;
    int i;

    v0 = v1 = v2 = v3 = v4 = v5 = v6 = v7 = _mm256_setzero_si256();
    v8 = v9 = v10 = v12 = v13 = _mm256_setzero_si256();
    work_init(&w, st, 1);
    /* clang-format off */
    __asm__ volatile(LOAD_X QR1(0, 4, 8, 12) ST1415
                     : VREGS : [k] "r"(&w) : "memory", "xmm14", "xmm15");
    DOUBLE_ROUND32;
    __asm__ volatile(LD1415 DIAGR("", "") ST1415
                     : VREGS : [k] "r"(&w) : "memory", "xmm14", "xmm15");
    for (i = 0; i < 8; i++) {
        DOUBLE_ROUND32;
        __asm__ volatile(LD1415 COLR("", "") DIAGR("", "") ST1415
                         : VREGS : [k] "r"(&w) : "memory", "xmm14", "xmm15");
    }
    DOUBLE_ROUND32;
    __asm__ volatile(LD1415 COLR("", "") DIAGR("", "") FINISH
                     : VREGS : [k] "r"(&w), [in] "r"(in), [out] "r"(out)
                     : "memory", "xmm14", "xmm15");
    /* clang-format on */
    o[0] = x0 + st[0];
    o[1] = x1 + st[1];
    o[2] = x2 + st[2];
    o[3] = x3 + st[3];
    o[4] = x4 + st[4];
    o[5] = x5 + st[5];
    o[6] = x6 + st[6];
    o[7] = x7 + st[7];
    o[8] = x8 + st[8];
    o[9] = x9 + st[9];
    o[10] = x10 + st[10];
    o[11] = x11 + st[11];
    o[12] = x12;
    o[13] = x13 + st[13];
    o[14] = x14 + st[14];
    o[15] = x15 + st[15];
    memcpy(ks, o, 64); /* x86-64 is little-endian */
    tacit_platform_zeroize(o, sizeof(o));
    tacit_platform_zeroize(&w, sizeof(w));
    return 512;
}

/*
 * Block 0 and the last len % 512 bytes in one batch (see
 * tacit_chachapoly_head_fn): lane 0 has counter 0, lanes 1..7 the blocks
 * of the tail (the data starts at block 1).  In C with intrinsics (faster
 * here than the assembly batch with its setup and dropped Poly1305 steps);
 * once per message, in place of the scalar block 0 and a tail batch.
 */
MULX_AVX2_TARGET
size_t tacit_chachapoly_head_avx2(const uint32_t st[16], size_t len, unsigned char ks[512])
{
    const __m256i rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2,
                                           3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3,
                                          0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    size_t t = len % 512;
    uint32_t c = (uint32_t)(1 + (len - t) / 64);
    const unsigned char *in = ks;
    unsigned char *out = ks;
    __m256i x[16], s[16];
    int i;

    if (t == 0 || t > 448) {
        block0_scalar(st, ks);
        return 0;
    }
    memset(ks, 0, 512);
    CH8_INIT(s, st, 0);
    s[12] = _mm256_add_epi32(_mm256_set1_epi32((int)c), _mm256_setr_epi32(-1, 0, 1, 2, 3, 4, 5, 6));
    s[12] = _mm256_blend_epi32(s[12], _mm256_setzero_si256(), 1); /* lane 0: block 0 */
    CH8_FIRST_DOUBLE_ROUND(x, s, st, ROT16_2, R12_M, ROT8_2, R7_M);
    for (i = 1; i < 10; i++) {
        CH8_DOUBLE_ROUND(x, ROT16_2, R12_M, ROT8_2, R7_M);
    }
    CH8_FINISH(x, s);
    return t;
}

#else
typedef int tacit_chachapoly_avx2_mulx_unused;
#endif
