/*
 * The ChaCha20 stream cipher (RFC 8439 §2.4) and XChaCha20
 * (draft-irtf-cfrg-xchacha §2.3), without authentication.
 *
 * For protocols that build on the bare keystream, such as QUIC header
 * protection with ChaCha20 (RFC 9001 §5.4.4: a 32-bit counter and a 12-byte
 * nonce taken from the sample, five bytes of keystream).  To encrypt a
 * message, use the AEAD (aead.h): ChaCha20 alone authenticates nothing and
 * its ciphertext can be changed bit by bit.  A key must never see the same
 * nonce twice.
 *
 *   out = in XOR keystream, the keystream being the blocks counter,
 *         counter + 1, ... of (key, nonce)
 *
 * The same call encrypts and decrypts.  Rules:
 * - out may equal in (in place); any other overlap of out with in is
 *   refused with TACIT_ERR_BAD_INPUT, as for the AEAD (aead.h).
 * - The 32-bit block counter never wraps: counter + ceil(len / 64) must be
 *   at most 2^32 (the last block may be block 2^32 - 1), otherwise
 *   TACIT_ERR_BAD_INPUT.  Longer messages are the caller's to split with a
 *   new nonce.
 * - len 0 does nothing and returns 0 (in and out may then be NULL).  A NULL
 *   key or nonce, or a NULL in or out with len > 0: TACIT_ERR_BAD_INPUT.
 * - On error, out is left untouched.
 *
 * Constant time in the key, the nonce and the data; the length, the counter
 * and the buffers' addresses are public.  The kernel is the one
 * ChaCha20-Poly1305 uses on this CPU (AVX-512, AVX2 or portable C).
 *
 * Built with TACIT_CHACHAPOLY_C (config.h).
 *
 * Threads: no state; any number of calls may run at once.
 */
#ifndef TACIT_CHACHA20_H
#define TACIT_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#include "tacit/config.h"
#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TACIT_CHACHA20_KEY_SIZE 32
#define TACIT_CHACHA20_NONCE_SIZE 12
#define TACIT_XCHACHA20_NONCE_SIZE 24
#define TACIT_CHACHA20_BLOCK_SIZE 64

/* ChaCha20 (RFC 8439 §2.4): a 12-byte nonce, the first block `counter`. */
int tacit_chacha20_xor(const unsigned char key[32], const unsigned char nonce[12], uint32_t counter,
                       const unsigned char *in, size_t len, unsigned char *out);

/*
 * XChaCha20 (draft-irtf-cfrg-xchacha §2.3): a 24-byte nonce; ChaCha20 with
 * the HChaCha20 subkey of key and nonce[0..16) and the nonce
 * 0^32 || nonce[16..24), the first block `counter` (0 in the draft's
 * XChaCha20-Poly1305 for the Poly1305 key, 1 for its data).
 */
int tacit_xchacha20_xor(const unsigned char key[32], const unsigned char nonce[24],
                        uint32_t counter, const unsigned char *in, size_t len, unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_CHACHA20_H */
