/*
 * ChaCha20, HChaCha20, Poly1305 and the ChaCha20-Poly1305 AEAD (RFC 8439,
 * draft-irtf-cfrg-xchacha): the internal contract between the portable C,
 * the x86-64 kernels (src/chacha/x86_64/) and the AEAD front end.
 *
 * Everything here is constant time by construction: additions, rotations,
 * XORs and multiplications, no branch or memory index on a key, nonce-derived
 * state or data byte.  Lengths and counters are public.
 */
#ifndef TACIT_CHACHA_INTERNAL_H
#define TACIT_CHACHA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"

#if defined(TACIT_CHACHAPOLY_C)

/*
 * Poly1305 arithmetic: radix 2^64 (three words, 64x64->128 products) where
 * the compiler has a 128-bit type and the limbs are 64 bits; radix 2^32
 * (four words and a few bits, 32x32->64 products) otherwise: 32-bit targets, Thumb, and the
 * TACIT_MPI_LIMB_BITS=32 builds (which test it on the host).
 */
#if defined(__SIZEOF_INT128__) && !(defined(TACIT_MPI_LIMB_BITS) && TACIT_MPI_LIMB_BITS == 32)
#define TACIT_POLY1305_R64 1
#endif

typedef struct {
#if defined(TACIT_POLY1305_R64)
    uint64_t h[3];   /* accumulator, h[2] a few bits */
    uint64_t r[2];   /* clamped key r */
    uint64_t pad[2]; /* s, added at the end */
#else
    uint32_t h[5];   /* accumulator, h[4] a few bits */
    uint32_t w[8];   /* 0, s1, s2, s3, r0, r1, r2, r3: clamped r, s_k = r_k + (r_k >> 2) */
    uint32_t pad[4]; /* s */
#endif
} tacit_poly1305_state;

/* ChaCha20 state: words 0..3 the constant, 4..11 the key, 12 the block counter, 13..15 the nonce. */
void tacit_chacha20_setup(uint32_t st[16], const unsigned char key[32], uint32_t counter,
                          const unsigned char nonce[12]);

/*
 * XChaCha20 (draft-irtf-cfrg-xchacha §2.3): the ChaCha20 state of the
 * HChaCha20 subkey of key and nonce[0..16), counter 0, nonce 0^32 || nonce[16..24).
 */
void tacit_xchacha20_setup(uint32_t st[16], const unsigned char key[32],
                           const unsigned char nonce[24]);

/* HChaCha20 (draft-irtf-cfrg-xchacha §2.2): a 256-bit subkey from a key and 16 nonce bytes. */
void tacit_hchacha20(unsigned char out[32], const unsigned char key[32],
                     const unsigned char nonce[16]);

/*
 * XOR len bytes of keystream into in -> out (in == out allowed), from the
 * block st[12].  The caller has checked that st[12] + ceil(len / 64) blocks
 * do not pass 2^32.  One signature for every kernel.
 */
typedef void tacit_chacha20_xor_fn(const uint32_t st[16], const unsigned char *in,
                                   unsigned char *out, size_t len);
tacit_chacha20_xor_fn tacit_chacha20_xor_c;

void tacit_poly1305_init(tacit_poly1305_state *ps, const unsigned char key[32]);
/* nblocks full 16-byte blocks; hibit 1 (a full block) or 0 (the padded last block). */
void tacit_poly1305_blocks_c(tacit_poly1305_state *ps, const unsigned char *m, size_t nblocks,
                             uint32_t hibit);
/* The message's last bytes (0..15; padded with 0x01 then zeros), then the tag. */
void tacit_poly1305_finish(tacit_poly1305_state *ps, const unsigned char *m, size_t len,
                           unsigned char tag[16]);
/* The tag, when the message ended on a block boundary (the AEAD); wipes ps. */
void tacit_poly1305_final(tacit_poly1305_state *ps, unsigned char tag[16]);
/* One-shot Poly1305 (RFC 8439 §2.5), for the tests. */
void tacit_poly1305(unsigned char tag[16], const unsigned char key[32], const unsigned char *m,
                    size_t len);

/* Full blocks (hibit 1), for the AEAD's bulk: one signature for every kernel. */
typedef void tacit_poly1305_blocks_fn(tacit_poly1305_state *ps, const unsigned char *m,
                                      size_t nblocks);

/*
 * One pass of the AEAD over a prefix of in (optional): encrypt or decrypt
 * and authenticate the ciphertext into ps; returns the bytes done (a
 * multiple of 64, at most len; 0 is fine), st[12] the first block counter.
 */
typedef size_t tacit_chachapoly_fused_fn(const uint32_t st[16], const unsigned char *in,
                                         unsigned char *out, size_t len, tacit_poly1305_state *ps,
                                         int decrypt);
/*
 * decrypt: 0 encrypt, 1 decrypt; 2 (only for a kernel that comes with a
 * seal_first) encrypt where the 512 bytes before out are ciphertext that
 * ps has not authenticated yet (seal_first's).
 */

/*
 * Optional, with a fused kernel that works in batches of 512 bytes: the
 * keystream of block 0 (the Poly1305 key) in ks[0..64); and when the last
 * len % 512 bytes of the message are not empty and fit in seven 64-byte
 * blocks, from the same batch, that of those last bytes in ks[64..) and
 * their number returned.  Otherwise returns 0.  st[12] is 0.
 */
typedef size_t tacit_chachapoly_head_fn(const uint32_t st[16], size_t len, unsigned char ks[512]);

/*
 * Optional, with head, for sealing at least 512 bytes: the keystream of
 * block 0 in ks[0..64) and the first 512 bytes of in encrypted into out
 * (blocks 1..8) in one go; returns 512.  st[12] is 0.  The fused kernel is
 * then called with decrypt = 2 on the rest.
 */
typedef size_t tacit_chachapoly_seal_first_fn(const uint32_t st[16], const unsigned char *in,
                                              unsigned char *out, unsigned char ks[64]);

/* The kernels of this CPU (the one dispatch point, chachapoly_dispatch.c). */
typedef struct {
    tacit_chacha20_xor_fn *xor_stream;
    tacit_poly1305_blocks_fn *poly_blocks;
    tacit_chachapoly_fused_fn *fused; /* NULL: none */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    tacit_chachapoly_head_fn *head;             /* NULL: none */
    tacit_chachapoly_seal_first_fn *seal_first; /* NULL: none */
#endif
} tacit_chachapoly_kernels;

/* Full blocks in portable C (hibit 1): the poly_blocks of CPUs without a kernel. */
static inline void tacit_poly1305_blocks_c1(tacit_poly1305_state *ps, const unsigned char *m,
                                            size_t nblocks)
{
    tacit_poly1305_blocks_c(ps, m, nblocks, 1);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* Kernels to choose from at run time (chachapoly_dispatch.c, from the CPU probe). */
#define TACIT_CHACHAPOLY_DISPATCH 1
void tacit_chachapoly_kernels_get(tacit_chachapoly_kernels *k);
#else
/* Portable C only: a constant choice, so that calls are direct (and firmware small). */
static inline void tacit_chachapoly_kernels_get(tacit_chachapoly_kernels *k)
{
    k->xor_stream = tacit_chacha20_xor_c;
    k->poly_blocks = tacit_poly1305_blocks_c1;
    k->fused = NULL;
}
#endif

/* Largest ChaCha20-Poly1305 plaintext: 2^32 - 1 blocks (the counter starts at 1). */
#define TACIT_CHACHAPOLY_MAX_LEN ((uint64_t)0xffffffffu * 64u)

/*
 * The AEAD (RFC 8439 §2.8; XChaCha20 when nonce_len is 24): out = in XOR
 * keystream, tag over aad and the ciphertext (in when decrypting, out when
 * encrypting).  For decryption the tag is computed over each piece of
 * ciphertext before that piece is decrypted, so in == out works; the caller
 * compares the tag and wipes out on a mismatch.  Returns 0, or
 * TACIT_ERR_BAD_INPUT for a nonce length other than 12/24 or len past the
 * counter.
 */
int tacit_chachapoly_crypt(const unsigned char key[32], const unsigned char *nonce,
                           size_t nonce_len, const unsigned char *aad, size_t aad_len,
                           const unsigned char *in, size_t len, unsigned char *out,
                           unsigned char tag[16], int decrypt);

#endif /* TACIT_CHACHAPOLY_C */

#endif /* TACIT_CHACHA_INTERNAL_H */
