/*
 * AES-CCM on x86-64 (internal): the AES-NI block steps src/aes/ccm.c calls
 * when TACIT_AES_CCM_X86 is defined and tacit_aes_ccm_x86_ok() says yes.
 * ccm.c keeps the format (B0, the AAD length prefix, the counter blocks, the
 * tail); these functions only run AES on 128-bit registers.  rk holds nr + 1
 * round keys of 16 bytes (tacit_aes_x86_expand_key, gcm_x86.h), only 8-byte
 * aligned.  Data independent: AES rounds in hardware, no table, branches on
 * the block count and the round count only (both public).
 */
#ifndef TACIT_AES_CCM_X86_H
#define TACIT_AES_CCM_X86_H

#include <stddef.h>
#include <stdint.h>

#include "aes/x86_64/gcm_x86.h"

#if defined(TACIT_AES_GCM_X86)
#define TACIT_AES_CCM_X86 1

/* Non-zero when this CPU (and OS) runs AES-NI (TACIT_CPU_AESNI). */
int tacit_aes_ccm_x86_ok(void);

/* Encrypt the two blocks buf[0 .. 32) in place (ccm.c's MAC block and counter block). */
void tacit_aes_ccm_x86_enc2(const unsigned char *rk, unsigned nr, unsigned char buf[32]);

/*
 * n whole blocks of the message, in -> out (out may equal in): encryption
 * (enc != 0) MACs each plaintext block and XORs it with E(ctr); decryption
 * XORs each ciphertext block with E(ctr) and MACs the plaintext.  mac (the
 * CBC-MAC chaining value) and ctr (the next counter block; its last 8 bytes
 * count, big-endian) are updated in place: on return mac has absorbed all n
 * blocks and ctr is n further on.
 */
void tacit_aes_ccm_x86_bulk(const unsigned char *rk, unsigned nr, int enc, unsigned char mac[16],
                            unsigned char ctr[16], const unsigned char *in, unsigned char *out,
                            size_t n);
#endif

#endif /* TACIT_AES_CCM_X86_H */
