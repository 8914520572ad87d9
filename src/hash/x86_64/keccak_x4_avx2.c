/*
 * Four Keccak-f[1600] permutations at once, one state per 64-bit lane of
 * the ymm registers (the tacit_shake_x4 layout: lane i of state j at
 * s[4 * i + j], so lane i of all four is one 32-byte load).
 *
 * Two builds of the same generated round (KECCAK_ROUND_GENERIC of
 * keccak_round_gen.h): AVX2 (rotations as two shifts and an or, chi as
 * andnot and xor) and AVX-512VL on ymm registers (vprolq; vpternlogq does
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
#define XOR(a, b) _mm256_xor_si256((a), (b))
#define XOR5(a, b, c, d, e) XOR(XOR(XOR((a), (b)), XOR((c), (d))), (e))
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi64((x), (n)), _mm256_srli_epi64((x), 64 - (n)))
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

#else
typedef int tacit_keccak_x4_avx2_unused;
#endif
