/*
 * AES-CCM (NIST SP 800-38C, RFC 3610): the kernel behind tacit_aead_* (the
 * contract is in aead/aead_internal.h; every argument was checked there).
 * Portable bitsliced AES (aes_ct.h), or AES-NI on x86-64 (x86_64/ccm_aesni.c:
 * the whole blocks of the message in one call, the rest through the same
 * two-block step); the CBC-MAC block of each step shares a call of the block
 * function with the CTR blocks, so a message costs about one call per 16
 * bytes whatever the form.
 *
 * State: state[0] = the implementation setkey chose (0 bitsliced, 1 AES-NI:
 * a test may change tacit_cpu_hook_disable between setkey and crypt),
 * state[1] = rounds, state[8 ..] the round keys in that implementation's form.
 */
#include "tacit/aead.h"

#if defined(TACIT_CCM_C)

#include <string.h>

#include "tacit/platform.h"

#include "aes/aes_aead.h"
#include "aes/aes_ct.h"
#include "aes/x86_64/ccm_x86.h"

#define CCM_SK 8
#define NB TACIT_AES_CT_BLOCKS

int tacit_aes_ccm_setkey(uint64_t state[TACIT_AEAD_STATE_WORDS], const unsigned char *key,
                         size_t key_len)
{
#if defined(TACIT_AES_CCM_X86)
    if (tacit_aes_ccm_x86_ok()) {
        state[0] = 1;
        state[1] = tacit_aes_x86_expand_key((unsigned char *)(state + CCM_SK), key, key_len);
        return 0;
    }
#endif
    state[0] = 0;
    state[1] = tacit_aes_ct_setkey(state + CCM_SK, key, key_len);
    return 0;
}

/* The CCM engine: one MAC block (x, updated in place) and CTR blocks per call. */
typedef struct {
    const uint64_t *sk;
#if defined(TACIT_AES_CCM_X86)
    int x86; /* the round keys are AES-NI's (state[0] == 1) */
#endif
    unsigned rounds;
    unsigned char mac[16]; /* CBC-MAC chaining value Y */
    unsigned char ctr[16]; /* next counter block */
    unsigned char buf[16 * NB];
} ccm_engine;

static void ctr_inc(unsigned char ctr[16])
{
    int i;
    unsigned c = 1;
    for (i = 15; i >= 0; i--) {
        c += ctr[i];
        ctr[i] = (unsigned char)c;
        c >>= 8;
    }
}

/* Encrypt the first two blocks of e->buf in place (the bitsliced AES does all NB). */
static void ccm_encrypt_buf(ccm_engine *e)
{
#if defined(TACIT_AES_CCM_X86)
    if (e->x86) {
        tacit_aes_ccm_x86_enc2((const unsigned char *)e->sk, e->rounds, e->buf);
        return;
    }
#endif
    tacit_aes_ct_encrypt(e->sk, e->rounds, e->buf, e->buf);
}

/* Y = E(Y xor blk) (blk NULL: E(Y)), and when ks is not NULL, ks = E(ctr), ctr + 1. */
static void ccm_step(ccm_engine *e, const unsigned char *blk, unsigned char *ks)
{
    size_t i;
    for (i = 0; i < 16; i++) {
        e->buf[i] = (unsigned char)(e->mac[i] ^ (blk != NULL ? blk[i] : 0));
    }
    memcpy(e->buf + 16, e->ctr, 16);
    ccm_encrypt_buf(e);
    memcpy(e->mac, e->buf, 16);
    if (ks != NULL) {
        memcpy(ks, e->buf + 16, 16);
        ctr_inc(e->ctr);
    }
}

/* CBC-MAC over data (zero-padded to 16 bytes), after `have` bytes already in pending */
static void ccm_mac_data(ccm_engine *e, unsigned char pend[16], size_t *have,
                         const unsigned char *data, size_t len)
{
    while (len > 0) {
        size_t n = 16 - *have < len ? 16 - *have : len;
        memcpy(pend + *have, data, n);
        *have += n;
        data += n;
        len -= n;
        if (*have == 16) {
            ccm_step(e, pend, NULL);
            *have = 0;
        }
    }
}

void tacit_aes_ccm_crypt(const uint64_t state[TACIT_AEAD_STATE_WORDS], int enc, size_t tag_len,
                         const unsigned char *nonce, size_t nonce_len, const unsigned char *aad,
                         size_t aad_len, const unsigned char *in, size_t in_len, unsigned char *out,
                         unsigned char tag[16])
{
    ccm_engine e;
    unsigned char b0[16], pend[16], ks[16], s0[16];
    size_t q = 15 - nonce_len, i, have, done, n;
    uint64_t len64 = (uint64_t)in_len;

    e.sk = state + CCM_SK;
#if defined(TACIT_AES_CCM_X86)
    e.x86 = state[0] == 1;
#endif
    e.rounds = (unsigned)state[1];
    /* B0 = flags || N || Q; counter blocks A_i = (q - 1) || N || i */
    b0[0] = (unsigned char)((aad_len != 0 ? 0x40 : 0) | (((tag_len - 2) / 2) << 3) | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    for (i = 0; i < q; i++) {
        b0[15 - i] = (unsigned char)(i < 8 ? len64 >> (8 * i) : 0);
    }
    memset(e.ctr, 0, 16);
    e.ctr[0] = (unsigned char)(q - 1);
    memcpy(e.ctr + 1, nonce, nonce_len);
    memset(e.mac, 0, 16);

    /* Y0 = E(B0), and S0 = E(A0) in the same call */
    ccm_step(&e, b0, s0);

    /* associated data with its length prefix (2, 6 or 10 bytes) */
    have = 0;
    if (aad_len != 0) {
        unsigned char pre[10];
        size_t plen;
        uint64_t a = (uint64_t)aad_len;
        if (a < 0xFF00u) {
            pre[0] = (unsigned char)(a >> 8);
            pre[1] = (unsigned char)a;
            plen = 2;
        } else if ((a >> 32) == 0) {
            pre[0] = 0xFF;
            pre[1] = 0xFE;
            for (i = 0; i < 4; i++) {
                pre[2 + i] = (unsigned char)(a >> (24 - 8 * i));
            }
            plen = 6;
        } else {
            pre[0] = 0xFF;
            pre[1] = 0xFF;
            for (i = 0; i < 8; i++) {
                pre[2 + i] = (unsigned char)(a >> (56 - 8 * i));
            }
            plen = 10;
        }
        ccm_mac_data(&e, pend, &have, pre, plen);
        ccm_mac_data(&e, pend, &have, aad, aad_len);
        if (have != 0) {
            memset(pend + have, 0, 16 - have);
            ccm_step(&e, pend, NULL);
            have = 0;
        }
    }

    /*
     * The message, 16 bytes a step.  Encryption: MAC the plaintext block and
     * make its keystream in one call.  Decryption: the keystream of block i
     * and the MAC of block i - 1 (its plaintext is known by then) share a call.
     */
    done = 0;
#if defined(TACIT_AES_CCM_X86)
    if (e.x86 && in_len >= 16) { /* the whole blocks in one call; the tail below */
        done = in_len & ~(size_t)15;
        tacit_aes_ccm_x86_bulk((const unsigned char *)e.sk, e.rounds, enc, e.mac, e.ctr, in, out,
                               done / 16);
    }
#endif
    if (enc) {
        for (; done < in_len; done += n) {
            n = in_len - done < 16 ? in_len - done : 16;
            memset(pend, 0, 16);
            memcpy(pend, in + done, n);
            ccm_step(&e, pend, ks);
            for (i = 0; i < n; i++) {
                out[done + i] = (unsigned char)(in[done + i] ^ ks[i]);
            }
        }
    } else {
        int pending = 0;
        for (; done < in_len; done += n) {
            n = in_len - done < 16 ? in_len - done : 16;
            if (pending) {
                ccm_step(&e, pend, ks);
            } else {
                /* first block: only the keystream (the MAC input is still Y0 for the next call) */
                memset(e.buf, 0, sizeof(e.buf));
                memcpy(e.buf, e.ctr, 16);
                ccm_encrypt_buf(&e);
                memcpy(ks, e.buf, 16);
                ctr_inc(e.ctr);
            }
            memset(pend, 0, 16);
            for (i = 0; i < n; i++) {
                pend[i] = (unsigned char)(in[done + i] ^ ks[i]);
                out[done + i] = pend[i];
            }
            pending = 1;
        }
        if (pending) {
            ccm_step(&e, pend, NULL);
        }
    }
    for (i = 0; i < 16; i++) {
        tag[i] = (unsigned char)(e.mac[i] ^ s0[i]);
    }
    tacit_platform_zeroize(&e, sizeof(e));
    tacit_platform_zeroize(pend, sizeof(pend));
    tacit_platform_zeroize(ks, sizeof(ks));
    tacit_platform_zeroize(s0, sizeof(s0));
}

#else
typedef int tacit_ccm_translation_unit_not_empty;
#endif /* TACIT_CCM_C */
