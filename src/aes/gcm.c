/*
 * AES-GCM (NIST SP 800-38D): the kernel behind tacit_aead_* (the contract
 * is in aead/aead_internal.h; every argument was checked there).
 *
 * One CPU decision, at setkey: the x86-64 AES-NI/VAES kernels
 * (x86_64/gcm_x86.h) when the CPU has them, else the portable bitsliced AES
 * and table-free GHASH (aes_ct.h).  state[0] records the choice, so that
 * crypt runs the kernel whose key schedule setkey wrote.
 *
 * Portable state: state[0] = 0, state[1] = rounds, state[2..3] = H (big-endian
 * halves), state[8 ..] the bitsliced round keys.
 */
#include "tacit/aead.h"

#if defined(TACIT_GCM_C)

#include <string.h>

#include "tacit/platform.h"

#include "aes/aes_aead.h"
#include "aes/aes_ct.h"
#include "aes/x86_64/gcm_x86.h"

#if defined(TACIT_AES_GCM_X86) && defined(TACIT_AES_GCM_X86_LANDED)
#define GCM_USE_X86 1
/* the x86 kernels get state + 1 */
typedef char
    gcm_x86_state_fits[(TACIT_AES_GCM_X86_STATE_WORDS <= TACIT_AEAD_STATE_WORDS - 1) ? 1 : -1];
#endif

#define GCM_SK 8 /* first word of the round keys */
typedef char gcm_state_fits[(GCM_SK + TACIT_AES_CT_SK_WORDS <= TACIT_AEAD_STATE_WORDS) ? 1 : -1];

#define NB TACIT_AES_CT_BLOCKS

int tacit_aes_gcm_setkey(uint64_t state[TACIT_AEAD_STATE_WORDS], const unsigned char *key,
                         size_t key_len)
{
    unsigned char blk[16 * NB];

#if defined(GCM_USE_X86)
    if (tacit_aes_gcm_x86_ok()) {
        state[0] = 1;
        tacit_aes_gcm_x86_setkey(state + 1, key, key_len);
        return 0;
    }
#endif
    state[0] = 0;
    state[1] = tacit_aes_ct_setkey(state + GCM_SK, key, key_len);
    memset(blk, 0, sizeof(blk));
    tacit_aes_ct_encrypt(state + GCM_SK, (unsigned)state[1], blk, blk);
    state[2] = tacit_aes_load_be64(blk);
    state[3] = tacit_aes_load_be64(blk + 8);
    tacit_platform_zeroize(blk, sizeof(blk));
    return 0;
}

static inline void store_be32(unsigned char *p, uint32_t x)
{
    p[0] = (unsigned char)(x >> 24);
    p[1] = (unsigned char)(x >> 16);
    p[2] = (unsigned char)(x >> 8);
    p[3] = (unsigned char)x;
}

/* a byte copy (no memcpy: the one call would pull ~300 bytes of newlib into a firmware image) */
static void copy_bytes(unsigned char *dst, const unsigned char *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] = src[i];
    }
}

static inline uint32_t load_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

/*
 * CTR (inc32) from the counter block j: out = in xor E(j), E(j + 1), ...;
 * j's last word is advanced past the blocks used.  in == out allowed.
 */
static void gcm_ctr(const uint64_t *sk, unsigned rounds, unsigned char j[16],
                    const unsigned char *in, unsigned char *out, size_t len)
{
    unsigned char cb[16 * NB], ks[16 * NB];
    uint32_t ctr = load_be32(j + 12);
    size_t i, b, n;

    for (b = 0; b < NB; b++) {
        copy_bytes(cb + 16 * b, j, 12);
    }
    while (len > 0) {
        for (b = 0; b < NB; b++) {
            store_be32(cb + 16 * b + 12, ctr + (uint32_t)b);
        }
        tacit_aes_ct_encrypt(sk, rounds, cb, ks);
        n = len < sizeof(ks) ? len : sizeof(ks);
        for (i = 0; i < n; i++) {
            out[i] = (unsigned char)(in[i] ^ ks[i]);
        }
        ctr += (uint32_t)((n + 15) / 16);
        in += n;
        out += n;
        len -= n;
    }
    store_be32(j + 12, ctr);
    tacit_platform_zeroize(ks, sizeof(ks));
}

/* GHASH data in chunks of this many bytes, interleaved with CTR (one pass over cache) */
#define GCM_CHUNK (16 * NB * 8)

void tacit_aes_gcm_crypt(const uint64_t state[TACIT_AEAD_STATE_WORDS], int enc,
                         const unsigned char *nonce, size_t nonce_len, const unsigned char *aad,
                         size_t aad_len, const unsigned char *in, size_t in_len, unsigned char *out,
                         unsigned char tag[16])
{
    const uint64_t *sk = state + GCM_SK, *h = state + 2;
    unsigned rounds = (unsigned)state[1];
    unsigned char j0[16], ctr[16], blk[16 * NB];
    uint64_t y[2];
    size_t n, done;

#if defined(GCM_USE_X86)
    if (state[0] == 1) {
        tacit_aes_gcm_x86_crypt(state + 1, enc, nonce, nonce_len, aad, aad_len, in, in_len, out,
                                tag);
        return;
    }
#endif
    /* J0: nonce || 0^31 || 1 for 96-bit nonces, else GHASH(nonce || pad || 0^64 || bits) */
    if (nonce_len == 12) {
        copy_bytes(j0, nonce, 12);
        store_be32(j0 + 12, 1);
    } else {
        y[0] = y[1] = 0;
        tacit_ghash_ct(y, h, nonce, nonce_len);
        memset(blk, 0, 16);
        tacit_aes_store_be64(blk + 8, (uint64_t)nonce_len << 3);
        tacit_ghash_ct(y, h, blk, 16);
        tacit_aes_store_be64(j0, y[0]);
        tacit_aes_store_be64(j0 + 8, y[1]);
    }
    copy_bytes(ctr, j0, 16);
    store_be32(ctr + 12, load_be32(j0 + 12) + 1);

    y[0] = y[1] = 0;
    tacit_ghash_ct(y, h, aad, aad_len);
    for (done = 0; done < in_len; done += n) {
        /* a chunk is a whole number of blocks: GHASH's zero padding applies at the end only */
        n = in_len - done < GCM_CHUNK ? in_len - done : GCM_CHUNK;
        if (enc) {
            gcm_ctr(sk, rounds, ctr, in + done, out + done, n);
            tacit_ghash_ct(y, h, out + done, n);
        } else {
            tacit_ghash_ct(y, h, in + done, n);
            gcm_ctr(sk, rounds, ctr, in + done, out + done, n);
        }
    }
    tacit_aes_store_be64(blk, (uint64_t)aad_len << 3);
    tacit_aes_store_be64(blk + 8, (uint64_t)in_len << 3);
    tacit_ghash_ct(y, h, blk, 16);

    /* tag = E(J0) xor S */
    memset(blk, 0, sizeof(blk));
    copy_bytes(blk, j0, 16);
    tacit_aes_ct_encrypt(sk, rounds, blk, blk);
    tacit_aes_store_be64(tag, y[0]);
    tacit_aes_store_be64(tag + 8, y[1]);
    for (n = 0; n < 16; n++) {
        tag[n] ^= blk[n];
    }
    tacit_platform_zeroize(blk, sizeof(blk));
    tacit_platform_zeroize(ctr, sizeof(ctr));
    tacit_platform_zeroize(j0, sizeof(j0));
    y[0] = y[1] = 0;
}

#else
typedef int tacit_gcm_translation_unit_not_empty;
#endif /* TACIT_GCM_C */
