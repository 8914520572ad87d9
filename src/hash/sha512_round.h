/*
 * The SHA-512 round (FIPS 180-4, 6.4.2) as macros for the C compression
 * functions (sha512.c).  The including file declares the variables a..h, x,
 * y (and w[16] for the ring).  (The AVX2 kernel has its own copy of K, in
 * the layout it reads: sha512_avx2_asm.h.)
 */
#ifndef TACIT_SHA512_ROUND_H
#define TACIT_SHA512_ROUND_H

#include <stdint.h>

/* The round constants K (sha512.c). */
extern const uint64_t tacit_sha512_k[80];

#define ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
/* Nested rotations as in sha256.c: one live temporary per sigma. */
#define BSIG0(x) ROR((x) ^ ROR((x) ^ ROR(x, 5), 6), 28)   /* 28, 34, 39 */
#define BSIG1(x) ROR((x) ^ ROR((x) ^ ROR(x, 23), 4), 14)  /* 14, 18, 41 */
#define SSIG0(x) (ROR((x) ^ ROR(x, 7), 1) ^ ((x) >> 7))   /* 1, 8; 7 */
#define SSIG1(x) (ROR((x) ^ ROR(x, 42), 19) ^ ((x) >> 6)) /* 19, 61; 6 */
#define CH(e, f, g) ((g) ^ ((e) & ((f) ^ (g))))

#define W_LOAD(i) w[i]
#define W_NEXT(i) (w[(i)&15] += SSIG1(w[((i)-2) & 15]) + w[((i)-7) & 15] + SSIG0(w[((i)-15) & 15]))

/* The round's K[i] + W[i]: from the 16-word ring (C) */
#define KW_LOAD(i) (tacit_sha512_k[i] + W_LOAD(i))
#define KW_NEXT(i) (tacit_sha512_k[i] + W_NEXT(i))

/*
 * One round; W(i) is the round's K[i] + W[i].  Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's
 * b ^ c is the previous round's a ^ b: ab and bc alternate between two
 * variables so each round computes one XOR for Maj instead of two.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, W, ab, bc)                                                \
    do {                                                                                           \
        uint64_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + W(i);                                        \
        (ab) = (a) ^ (b);                                                                          \
        (d) += t1_;                                                                                \
        (h) = t1_ + BSIG0(a) + ((b) ^ ((ab) & (bc)));                                              \
    } while (0)

/* Eight rounds; after them the variables are back in their original roles. */
#define ROUNDS8(i, W)                                                                              \
    ROUND(a, b, c, d, e, f, g, h, (i) + 0, W, x, y);                                               \
    ROUND(h, a, b, c, d, e, f, g, (i) + 1, W, y, x);                                               \
    ROUND(g, h, a, b, c, d, e, f, (i) + 2, W, x, y);                                               \
    ROUND(f, g, h, a, b, c, d, e, (i) + 3, W, y, x);                                               \
    ROUND(e, f, g, h, a, b, c, d, (i) + 4, W, x, y);                                               \
    ROUND(d, e, f, g, h, a, b, c, (i) + 5, W, y, x);                                               \
    ROUND(c, d, e, f, g, h, a, b, (i) + 6, W, x, y);                                               \
    ROUND(b, c, d, e, f, g, h, a, (i) + 7, W, y, x)

#endif /* TACIT_SHA512_ROUND_H */
