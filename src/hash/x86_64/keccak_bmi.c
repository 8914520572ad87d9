/*
 * One Keccak-f[1600] state in general registers with BMI1 and BMI2: the
 * plain round of keccak_round_gen.h (chi's and-nots are ANDN, no lane
 * complementing needed) and RORX for the rotations (three-operand: fewer
 * register copies).  About 4,700 instructions a permutation against 5,700
 * for the portable code compiled for baseline x86-64 (callgrind).  Chosen
 * by src/hash/keccak_dispatch.c on CPUs with BMI1 and BMI2
 * (TACIT_CPU_BMI2) but without AVX-512VL.  No branch or address depends on
 * the data.
 */
#include "hash/keccak_internal.h"

#if defined(TACIT_SHA3_C) && defined(TACIT_KECCAK_X86_64)

#include "hash/keccak_f1600_scalar.h"
#include "hash/keccak_round_gen.h"

__attribute__((target("bmi,bmi2"))) void tacit_keccak_f1600_bmi(uint64_t state[25])
{
    KECCAK_F1600_SCALAR(KECCAK_ROUND_PLAIN, state);
}

#else
typedef int tacit_keccak_bmi_unused;
#endif
