/*
 * Portable constant-time AES (internal): bitsliced, no table indexed by a
 * secret, no secret-dependent branch.  Two forms, chosen by the limb size
 * (TACIT_MPI_LIMB_BITS): 64-bit words holding four blocks, or 32-bit words
 * holding two (Cortex-M and other 32-bit targets).  Either way a call
 * encrypts TACIT_AES_CT_BLOCKS blocks at once: the S-box is a Boolean circuit
 * (Boyar and Peralta's depth-16 one) evaluated on all 16 x TACIT_AES_CT_BLOCKS
 * bytes at once, ShiftRows and MixColumns are shifts, rotations and masks.
 *
 * Also the constant-time GHASH multiplication (carry-less products from
 * integer multiplications whose operands have holes every fourth bit, so
 * that carries fall into bits that are masked off).
 */
#ifndef TACIT_AES_CT_H
#define TACIT_AES_CT_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/limb.h"

#if TACIT_MPI_LIMB_BITS == 64
#define TACIT_AES_CT64 1
#define TACIT_AES_CT_BLOCKS 4
#else
#define TACIT_AES_CT_BLOCKS 2
#endif

/* Bitsliced round keys: 8 words per round key (the 32-bit form uses the low halves). */
#define TACIT_AES_CT_SK_WORDS (15 * 8)

/*
 * Expand a 16-, 24- or 32-byte key (length checked by the caller) into
 * sk[TACIT_AES_CT_SK_WORDS]; returns the number of rounds (10, 12 or 14).
 */
unsigned tacit_aes_ct_setkey(uint64_t *sk, const unsigned char *key, size_t key_len);

/* Encrypt TACIT_AES_CT_BLOCKS consecutive 16-byte blocks in -> out (in == out allowed). */
void tacit_aes_ct_encrypt(const uint64_t *sk, unsigned rounds, const unsigned char *in,
                          unsigned char *out);

/*
 * GHASH (SP 800-38D 6.4): y = (y xor X_i) * H for each 16-byte block X_i of
 * data, the last one zero-padded.  y and h are the big-endian halves of the
 * 128-bit strings (y[0] = bytes 0..7).
 */
void tacit_ghash_ct(uint64_t y[2], const uint64_t h[2], const unsigned char *data, size_t len);

static inline uint64_t tacit_aes_load_be64(const unsigned char *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

static inline void tacit_aes_store_be64(unsigned char *p, uint64_t x)
{
    int i;
    for (i = 7; i >= 0; i--) {
        p[i] = (unsigned char)x;
        x >>= 8;
    }
}

#endif /* TACIT_AES_CT_H */
