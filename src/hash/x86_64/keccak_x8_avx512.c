/*
 * Eight Keccak-f[1600] permutations at once with AVX-512F: one state per
 * 64-bit lane of the zmm registers (the tacit_shake_x8 layout: lane i of
 * state j at s[8 * i + j], so lane i of all eight is one 64-byte load).
 * The round is KECCAK_ROUND_GENERIC of keccak_round_gen.h with vprolq for
 * the rotations and vpternlogq for chi, b0 ^ (~b1 & b2), and theta's
 * five-way xors.  Chosen by src/hash/keccak_dispatch.c (TACIT_CPU_AVX512).
 *
 * Only xor, and-not (as ternary logic) and fixed rotations on registers:
 * no branch or address depends on the data (valgrind cannot run AVX-512;
 * scripts/check_ct_asm.sh checks this file's code for divisions and
 * data-dependent branches like the other kernels').
 */
#include "hash/keccak_internal.h"

#if defined(TACIT_SHA3_C) && defined(TACIT_KECCAK_X86_64)

#include <immintrin.h>

#include "hash/keccak_round_gen.h"

#define XOR(a, b) _mm512_xor_si512((a), (b))
#define XOR5(a, b, c, d, e)                                                                        \
    _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define ROL(x, n) _mm512_rol_epi64((x), (n))
#define CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2) /* a ^ (~b & c) */
#define XOR_RC(a, rc) XOR((a), _mm512_set1_epi64((long long)(rc)))

__attribute__((target("avx2,avx512f"))) void tacit_keccak_f1600_x8_avx512(uint64_t s[200])
{
    __m512i Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;
    __m512i Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;
    __m512i Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;
    __m512i Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;
    __m512i Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du, Ba, Be, Bi, Bo, Bu;
    unsigned r;

    Aba = _mm512_loadu_si512((const void *)(s + 0));
    Abe = _mm512_loadu_si512((const void *)(s + 8));
    Abi = _mm512_loadu_si512((const void *)(s + 16));
    Abo = _mm512_loadu_si512((const void *)(s + 24));
    Abu = _mm512_loadu_si512((const void *)(s + 32));
    Aga = _mm512_loadu_si512((const void *)(s + 40));
    Age = _mm512_loadu_si512((const void *)(s + 48));
    Agi = _mm512_loadu_si512((const void *)(s + 56));
    Ago = _mm512_loadu_si512((const void *)(s + 64));
    Agu = _mm512_loadu_si512((const void *)(s + 72));
    Aka = _mm512_loadu_si512((const void *)(s + 80));
    Ake = _mm512_loadu_si512((const void *)(s + 88));
    Aki = _mm512_loadu_si512((const void *)(s + 96));
    Ako = _mm512_loadu_si512((const void *)(s + 104));
    Aku = _mm512_loadu_si512((const void *)(s + 112));
    Ama = _mm512_loadu_si512((const void *)(s + 120));
    Ame = _mm512_loadu_si512((const void *)(s + 128));
    Ami = _mm512_loadu_si512((const void *)(s + 136));
    Amo = _mm512_loadu_si512((const void *)(s + 144));
    Amu = _mm512_loadu_si512((const void *)(s + 152));
    Asa = _mm512_loadu_si512((const void *)(s + 160));
    Ase = _mm512_loadu_si512((const void *)(s + 168));
    Asi = _mm512_loadu_si512((const void *)(s + 176));
    Aso = _mm512_loadu_si512((const void *)(s + 184));
    Asu = _mm512_loadu_si512((const void *)(s + 192));
    for (r = 0; r < 24; r += 2) {
        KECCAK_ROUND_GENERIC(A, E, tacit_keccak_rc[r]);
        KECCAK_ROUND_GENERIC(E, A, tacit_keccak_rc[r + 1]);
    }
    _mm512_storeu_si512((void *)(s + 0), Aba);
    _mm512_storeu_si512((void *)(s + 8), Abe);
    _mm512_storeu_si512((void *)(s + 16), Abi);
    _mm512_storeu_si512((void *)(s + 24), Abo);
    _mm512_storeu_si512((void *)(s + 32), Abu);
    _mm512_storeu_si512((void *)(s + 40), Aga);
    _mm512_storeu_si512((void *)(s + 48), Age);
    _mm512_storeu_si512((void *)(s + 56), Agi);
    _mm512_storeu_si512((void *)(s + 64), Ago);
    _mm512_storeu_si512((void *)(s + 72), Agu);
    _mm512_storeu_si512((void *)(s + 80), Aka);
    _mm512_storeu_si512((void *)(s + 88), Ake);
    _mm512_storeu_si512((void *)(s + 96), Aki);
    _mm512_storeu_si512((void *)(s + 104), Ako);
    _mm512_storeu_si512((void *)(s + 112), Aku);
    _mm512_storeu_si512((void *)(s + 120), Ama);
    _mm512_storeu_si512((void *)(s + 128), Ame);
    _mm512_storeu_si512((void *)(s + 136), Ami);
    _mm512_storeu_si512((void *)(s + 144), Amo);
    _mm512_storeu_si512((void *)(s + 152), Amu);
    _mm512_storeu_si512((void *)(s + 160), Asa);
    _mm512_storeu_si512((void *)(s + 168), Ase);
    _mm512_storeu_si512((void *)(s + 176), Asi);
    _mm512_storeu_si512((void *)(s + 184), Aso);
    _mm512_storeu_si512((void *)(s + 192), Asu);
}

#else
typedef int tacit_keccak_x8_avx512_unused;
#endif
