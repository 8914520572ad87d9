/*
 * The optimisation barrier of the constant-time primitives
 * (constant_time_internal.h explains why masks need it): an empty asm
 * statement that claims to change x, so the compiler forgets what it knew
 * of it.  It emits no instruction and names no register of any ISA, which is
 * why it is the one asm statement allowed outside the src/<area>/x86_64/
 * folders (scripts/check_layers.py).
 */
#ifndef TACIT_CORE_BARRIER_H
#define TACIT_CORE_BARRIER_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define TACIT_CT_BARRIER_BODY(x)                                                                   \
    __asm__ volatile("" : "+r"(x));                                                                \
    return (x)
#else
/* Without inline asm: XOR with a volatile zero the compiler cannot know. */
extern volatile uint32_t tacit_ct_zero32;
#define TACIT_CT_BARRIER_BODY(x) return (x) ^ (tacit_ct_zero32)
#endif

static inline uint32_t tacit_ct_barrier_u32(uint32_t x)
{
    TACIT_CT_BARRIER_BODY(x);
}
static inline uint64_t tacit_ct_barrier_u64(uint64_t x)
{
    TACIT_CT_BARRIER_BODY(x);
}
static inline size_t tacit_ct_barrier_size(size_t x)
{
    TACIT_CT_BARRIER_BODY(x);
}

#endif /* TACIT_CORE_BARRIER_H */
