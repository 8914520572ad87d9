/*
 * AES-GCM on x86-64 (internal): the interface src/aes/gcm.c calls when
 * TACIT_AES_GCM_X86 is defined and tacit_aes_gcm_x86_ok() says yes.
 *
 * Kernels (one dispatch, in gcm_x86.c, from the one CPU probe):
 *   - AES-NI + PCLMULQDQ, 8 blocks a step, GHASH aggregated over H^1..H^8;
 *   - VAES + VPCLMULQDQ, 256-bit (AVX2 registers), 8 blocks a step;
 *   - VAES + VPCLMULQDQ, 512-bit (AVX-512 F/VL/BW), 16 blocks a step.
 * Every kernel is data independent (AES rounds and carry-less multiplies
 * in hardware, no table indexed by a secret, no secret branch).
 *
 * The state: gcm.c keeps state[0] of the AEAD context's
 * uint64_t state[TACIT_AEAD_STATE_WORDS] (which implementation setkey chose:
 * a test may change tacit_cpu_hook_disable between setkey and crypt) and
 * passes state + 1 here: TACIT_AES_GCM_X86_STATE_WORDS words (1528 bytes,
 * only 8-byte aligned): round keys, powers of H, the number of rounds.
 * setkey fills it whatever the kernel; crypt reads it only.
 */
#ifndef TACIT_AES_GCM_X86_H
#define TACIT_AES_GCM_X86_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_x86.h"

#if defined(TACIT_HAVE_CPU_X86) && defined(__x86_64__) && !defined(TACIT_AES_NO_ASM)
#define TACIT_AES_GCM_X86 1
#define TACIT_AES_GCM_X86_LANDED 1 /* the kernels are in (gcm.c waited for this) */

/* The number of uint64_t words of state the kernels may use (TACIT_AEAD_STATE_WORDS - 1). */
#define TACIT_AES_GCM_X86_STATE_WORDS 191

/* Non-zero when this CPU (and OS) can run one of the kernels (AES-NI and PCLMULQDQ at least). */
int tacit_aes_gcm_x86_ok(void);

/*
 * The AES encryption key schedule with AES-NI (key 16, 24 or 32 bytes): nr + 1
 * round keys of 16 bytes into rk (unaligned); returns nr (10, 12, 14).  Also
 * used by the CCM kernel (ccm_aesni.c).
 */
unsigned tacit_aes_x86_expand_key(unsigned char *rk, const unsigned char *key, size_t key_len);

/* Expand key (16, 24 or 32 bytes; the caller checked) and compute the powers of H into state. */
void tacit_aes_gcm_x86_setkey(uint64_t *state, const unsigned char *key, size_t key_len);

/*
 * Encrypt (enc != 0) or decrypt in_len bytes of in into out (out may equal
 * in; no other overlap), and write the full 16-byte tag over aad and the
 * ciphertext (on decryption: over in).  nonce_len >= 1 (12 is the fast path).
 * The caller checks lengths, compares or truncates the tag, and zeroes out
 * on a failed open.
 */
void tacit_aes_gcm_x86_crypt(const uint64_t *state, int enc, const unsigned char *nonce,
                             size_t nonce_len, const unsigned char *aad, size_t aad_len,
                             const unsigned char *in, size_t in_len, unsigned char *out,
                             unsigned char tag[16]);
#endif

#endif /* TACIT_AES_GCM_X86_H */
