/*
 * Four Keccak-f[1600] permutations at once, one state per 64-bit lane of
 * the ymm registers (the tacit_shake_x4 layout: lane i of state j at
 * s[4 * i + j], so lane i of all four is one 32-byte load).
 *
 * Three builds of the same generated round (KECCAK_ROUND_GENERIC of
 * keccak_round_gen.h): AVX2 (rotations as two shifts and an or, by 8 and 56
 * a byte shuffle, chi as andnot and xor) and AVX-512VL on ymm registers (vprolq; vpternlogq does
 * chi, b0 ^ (~b1 & b2), and the five-way xors of theta in one or two
 * instructions).  Chosen by src/hash/keccak_dispatch.c.  No branch or
 * address depends on the data.
 */
#include "hash/keccak_internal.h"

#if defined(TACIT_SHA3_C) && defined(TACIT_KECCAK_X86_64)

#include <immintrin.h>

#include "hash/keccak_round_gen.h"

#define KECCAK_X4_BODY(V)                                                                          \
    V Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;                   \
    V Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;                                            \
    V Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;                   \
    V Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;                                            \
    V Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu;                                  \
    __m256i *p = (__m256i *)s;                                                                     \
    unsigned r;                                                                                    \
                                                                                                   \
    Aba = _mm256_loadu_si256(p + 0);                                                               \
    Abe = _mm256_loadu_si256(p + 1);                                                               \
    Abi = _mm256_loadu_si256(p + 2);                                                               \
    Abo = _mm256_loadu_si256(p + 3);                                                               \
    Abu = _mm256_loadu_si256(p + 4);                                                               \
    Aga = _mm256_loadu_si256(p + 5);                                                               \
    Age = _mm256_loadu_si256(p + 6);                                                               \
    Agi = _mm256_loadu_si256(p + 7);                                                               \
    Ago = _mm256_loadu_si256(p + 8);                                                               \
    Agu = _mm256_loadu_si256(p + 9);                                                               \
    Aka = _mm256_loadu_si256(p + 10);                                                              \
    Ake = _mm256_loadu_si256(p + 11);                                                              \
    Aki = _mm256_loadu_si256(p + 12);                                                              \
    Ako = _mm256_loadu_si256(p + 13);                                                              \
    Aku = _mm256_loadu_si256(p + 14);                                                              \
    Ama = _mm256_loadu_si256(p + 15);                                                              \
    Ame = _mm256_loadu_si256(p + 16);                                                              \
    Ami = _mm256_loadu_si256(p + 17);                                                              \
    Amo = _mm256_loadu_si256(p + 18);                                                              \
    Amu = _mm256_loadu_si256(p + 19);                                                              \
    Asa = _mm256_loadu_si256(p + 20);                                                              \
    Ase = _mm256_loadu_si256(p + 21);                                                              \
    Asi = _mm256_loadu_si256(p + 22);                                                              \
    Aso = _mm256_loadu_si256(p + 23);                                                              \
    Asu = _mm256_loadu_si256(p + 24);                                                              \
    for (r = 0; r < 24; r += 2) {                                                                  \
        KECCAK_ROUND_GENERIC(A, E, tacit_keccak_rc[r]);                                            \
        KECCAK_ROUND_GENERIC(E, A, tacit_keccak_rc[r + 1]);                                        \
    }                                                                                              \
    _mm256_storeu_si256(p + 0, Aba);                                                               \
    _mm256_storeu_si256(p + 1, Abe);                                                               \
    _mm256_storeu_si256(p + 2, Abi);                                                               \
    _mm256_storeu_si256(p + 3, Abo);                                                               \
    _mm256_storeu_si256(p + 4, Abu);                                                               \
    _mm256_storeu_si256(p + 5, Aga);                                                               \
    _mm256_storeu_si256(p + 6, Age);                                                               \
    _mm256_storeu_si256(p + 7, Agi);                                                               \
    _mm256_storeu_si256(p + 8, Ago);                                                               \
    _mm256_storeu_si256(p + 9, Agu);                                                               \
    _mm256_storeu_si256(p + 10, Aka);                                                              \
    _mm256_storeu_si256(p + 11, Ake);                                                              \
    _mm256_storeu_si256(p + 12, Aki);                                                              \
    _mm256_storeu_si256(p + 13, Ako);                                                              \
    _mm256_storeu_si256(p + 14, Aku);                                                              \
    _mm256_storeu_si256(p + 15, Ama);                                                              \
    _mm256_storeu_si256(p + 16, Ame);                                                              \
    _mm256_storeu_si256(p + 17, Ami);                                                              \
    _mm256_storeu_si256(p + 18, Amo);                                                              \
    _mm256_storeu_si256(p + 19, Amu);                                                              \
    _mm256_storeu_si256(p + 20, Asa);                                                              \
    _mm256_storeu_si256(p + 21, Ase);                                                              \
    _mm256_storeu_si256(p + 22, Asi);                                                              \
    _mm256_storeu_si256(p + 23, Aso);                                                              \
    _mm256_storeu_si256(p + 24, Asu)

/* ---- AVX2 ---- */

/*
 * x rotated left by the constant n in each 64-bit lane: by 8 and 56 one
 * byte shuffle, by 1 an add (any vector pipe) instead of a left shift,
 * else two shifts and an or.
 */
static inline __attribute__((target("avx2"), always_inline)) __m256i rol_avx2(__m256i x, int n)
{
    if (n == 8) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12,
                                                       13, 14, 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10,
                                                       11, 12, 13, 14));
    }
    if (n == 56) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13,
                                                       14, 15, 8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11,
                                                       12, 13, 14, 15, 8));
    }
    if (n == 1) {
        return _mm256_or_si256(_mm256_add_epi64(x, x), _mm256_srli_epi64(x, 63));
    }
    return _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - n));
}

#define XOR(a, b) _mm256_xor_si256((a), (b))
#define XOR5(a, b, c, d, e) XOR(XOR(XOR((a), (b)), XOR((c), (d))), (e))
#define ROL(x, n) rol_avx2((x), (n))
#define CHI(a, b, c) XOR((a), _mm256_andnot_si256((b), (c)))
#define XOR_RC(a, rc) XOR((a), _mm256_set1_epi64x((long long)(rc)))

__attribute__((target("avx2"))) void tacit_keccak_f1600_x4_avx2(uint64_t s[100])
{
    KECCAK_X4_BODY(__m256i);
}

#undef XOR5
#undef ROL
#undef CHI

/* ---- AVX-512VL (ymm registers) ---- */
#define XOR5(a, b, c, d, e)                                                                        \
    _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define ROL(x, n) _mm256_rol_epi64((x), (n))
#define CHI(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xD2) /* a ^ (~b & c) */

__attribute__((target("avx2,avx512f,avx512vl"))) void tacit_keccak_f1600_x4_avx512(uint64_t s[100])
{
    KECCAK_X4_BODY(__m256i);
}

/*
 * One state with the same AVX-512VL round on xmm registers, the state in
 * the low lane of each (the high lane is idle): vprolq and vpternlogq do
 * the rotations, chi and theta's five-way xors in fewer instructions than
 * the scalar code, and 25 + 25 lanes fit better in 32 vector registers
 * than in 16 general ones.
 */
#undef XOR
#undef XOR5
#undef ROL
#undef CHI
#undef XOR_RC
#define XOR(a, b) _mm_xor_si128((a), (b))
#define XOR5(a, b, c, d, e)                                                                        \
    _mm_ternarylogic_epi64(_mm_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define ROL(x, n) _mm_rol_epi64((x), (n))
#define CHI(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), 0xD2)
#define XOR_RC(a, rc) XOR((a), _mm_cvtsi64_si128((long long)(rc)))

__attribute__((target("avx2,avx512f,avx512vl"))) void tacit_keccak_f1600_avx512(uint64_t s[25])
{
    __m128i Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;
    __m128i Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;
    __m128i Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;
    __m128i Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;
    __m128i Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu;
    unsigned r;

#define LD(i) _mm_loadl_epi64((const __m128i *)(s + (i)))
#define ST(i, v) _mm_storel_epi64((__m128i *)(s + (i)), (v))
    Aba = LD(0);
    Abe = LD(1);
    Abi = LD(2);
    Abo = LD(3);
    Abu = LD(4);
    Aga = LD(5);
    Age = LD(6);
    Agi = LD(7);
    Ago = LD(8);
    Agu = LD(9);
    Aka = LD(10);
    Ake = LD(11);
    Aki = LD(12);
    Ako = LD(13);
    Aku = LD(14);
    Ama = LD(15);
    Ame = LD(16);
    Ami = LD(17);
    Amo = LD(18);
    Amu = LD(19);
    Asa = LD(20);
    Ase = LD(21);
    Asi = LD(22);
    Aso = LD(23);
    Asu = LD(24);
    for (r = 0; r < 24; r += 2) {
        KECCAK_ROUND_GENERIC(A, E, tacit_keccak_rc[r]);
        KECCAK_ROUND_GENERIC(E, A, tacit_keccak_rc[r + 1]);
    }
    ST(0, Aba);
    ST(1, Abe);
    ST(2, Abi);
    ST(3, Abo);
    ST(4, Abu);
    ST(5, Aga);
    ST(6, Age);
    ST(7, Agi);
    ST(8, Ago);
    ST(9, Agu);
    ST(10, Aka);
    ST(11, Ake);
    ST(12, Aki);
    ST(13, Ako);
    ST(14, Aku);
    ST(15, Ama);
    ST(16, Ame);
    ST(17, Ami);
    ST(18, Amo);
    ST(19, Amu);
    ST(20, Asa);
    ST(21, Ase);
    ST(22, Asi);
    ST(23, Aso);
    ST(24, Asu);
#undef LD
#undef ST
}

#else
typedef int tacit_keccak_x4_avx2_unused;
#endif
