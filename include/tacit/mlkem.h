/*
 * ML-KEM (FIPS 203): ML-KEM-512, ML-KEM-768 and ML-KEM-1024, and the
 * X25519MLKEM768 hybrid of TLS 1.3 (draft-ietf-tls-ecdhe-mlkem, group 0x11EC).
 *
 * Keys and ciphertexts are the FIPS 203 byte strings: the encapsulation key
 * ek (public), the decapsulation key dk (secret, the "expanded" form
 * dkPKE || ek || H(ek) || z), the ciphertext and the 32-byte shared secret.
 * A key can also be kept as its 64-byte seed d || z, from which
 * tacit_mlkem_keygen_seed rebuilds ek and dk (the form FIPS 203 and the IETF
 * key formats prefer; tacit_pk reads and writes those formats).
 *
 * Checks (FIPS 203 section 7): tacit_mlkem_encaps runs the encapsulation-key
 * check (every coefficient of ek below q, the "modulus check") and returns
 * TACIT_ERR_BAD_INPUT for a bad key; tacit_mlkem_decaps runs the
 * decapsulation-key check (the hash of the ek inside dk) and returns
 * TACIT_ERR_BAD_INPUT when it fails.  A wrong ciphertext is no error:
 * decapsulation then returns the pseudo-random secret J(z || c) (implicit
 * rejection), chosen by masks after a constant-time comparison, so that no
 * timing tells a valid ciphertext from an invalid one.
 *
 * Constant time: nothing on secret data (d, z, m, dk, the shared secret)
 * divides, branches or indexes memory.  Leaks on purpose: whether a key
 * passed its check, and everything about ek (public).
 *
 * Outputs are untouched or zeroed on error.  Threads: no state; every
 * function may run in any number of threads at once.
 */
#ifndef TACIT_MLKEM_H
#define TACIT_MLKEM_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { TACIT_MLKEM_512, TACIT_MLKEM_768, TACIT_MLKEM_1024 } tacit_mlkem_params;

#define TACIT_MLKEM_SS_BYTES 32   /* shared secret */
#define TACIT_MLKEM_SEED_BYTES 64 /* d || z */

#define TACIT_MLKEM512_EK_BYTES 800
#define TACIT_MLKEM512_DK_BYTES 1632
#define TACIT_MLKEM512_CT_BYTES 768

#define TACIT_MLKEM768_EK_BYTES 1184
#define TACIT_MLKEM768_DK_BYTES 2400
#define TACIT_MLKEM768_CT_BYTES 1088

#define TACIT_MLKEM1024_EK_BYTES 1568
#define TACIT_MLKEM1024_DK_BYTES 3168
#define TACIT_MLKEM1024_CT_BYTES 1568

/* The largest of each, for buffers that take any parameter set. */
#define TACIT_MLKEM_MAX_EK_BYTES TACIT_MLKEM1024_EK_BYTES
#define TACIT_MLKEM_MAX_DK_BYTES TACIT_MLKEM1024_DK_BYTES
#define TACIT_MLKEM_MAX_CT_BYTES TACIT_MLKEM1024_CT_BYTES

/* Sizes of a parameter set (0 for an unknown one). */
size_t tacit_mlkem_ek_bytes(tacit_mlkem_params p);
size_t tacit_mlkem_dk_bytes(tacit_mlkem_params p);
size_t tacit_mlkem_ct_bytes(tacit_mlkem_params p);

/*
 * A fresh key pair: 64 random bytes (d || z) from f_rng (NULL:
 * tacit_rng_default), then tacit_mlkem_keygen_seed.  ek and dk receive
 * the sizes of p.
 */
int tacit_mlkem_keygen(tacit_mlkem_params p, unsigned char *ek, unsigned char *dk,
                       tacit_rng_func f_rng, void *p_rng);

/* ML-KEM.KeyGen_internal(d, z) with seed = d || z (FIPS 203 algorithm 16). */
int tacit_mlkem_keygen_seed(tacit_mlkem_params p, const unsigned char seed[64], unsigned char *ek,
                            unsigned char *dk);

/*
 * Encapsulation to ek: ct (the size of p) and the shared secret, from 32
 * random bytes m drawn from f_rng (NULL: tacit_rng_default).
 * TACIT_ERR_BAD_INPUT for an ek that fails the modulus check.
 */
int tacit_mlkem_encaps(tacit_mlkem_params p, const unsigned char *ek, unsigned char *ct,
                       unsigned char ss[32], tacit_rng_func f_rng, void *p_rng);

/* The same with m given (ML-KEM.Encaps_internal): deterministic, for tests. */
int tacit_mlkem_encaps_m(tacit_mlkem_params p, const unsigned char *ek, const unsigned char m[32],
                         unsigned char *ct, unsigned char ss[32]);

/*
 * Decapsulation: ss from dk and ct, with implicit rejection (a ciphertext
 * that does not re-encrypt to itself gives J(z || ct), not an error).
 * TACIT_ERR_BAD_INPUT when dk fails its hash check (ss zeroed).
 */
int tacit_mlkem_decaps(tacit_mlkem_params p, const unsigned char *dk, const unsigned char *ct,
                       unsigned char ss[32]);

/*
 * Keys in DER and PEM (draft-ietf-lamps-kyber-certificates: SPKI with the
 * raw ek, PKCS#8 with the seed, expandedKey or both forms): tacit_pk (pk.h;
 * tacit_pk_gen_mlkem, tacit_pk_pq for the ek/dk inside).
 */

/*
 * X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem, TLS group 0x11EC), in the TLS
 * byte layout:
 *   client share  = ML-KEM-768 ek (1184) || X25519 public key (32)
 *   server share  = ML-KEM-768 ct (1088) || X25519 public key (32)
 *   shared secret = ML-KEM-768 ss (32)   || X25519 shared secret (32)
 * The client's private key is ML-KEM-768 dk (2400) || X25519 private key (32).
 * An all-zero X25519 result (a small-order peer key) is
 * TACIT_ERR_X25519_SHARED_ZERO (x25519.h); a bad ML-KEM key is
 * TACIT_ERR_BAD_INPUT.  Outputs are zeroed on error.  Compiled with
 * TACIT_X25519_C.
 */
#define TACIT_X25519MLKEM768_GROUP 0x11EC
#define TACIT_X25519MLKEM768_CLIENT_SHARE_BYTES 1216
#define TACIT_X25519MLKEM768_SERVER_SHARE_BYTES 1120
#define TACIT_X25519MLKEM768_CLIENT_KEY_BYTES 2432
#define TACIT_X25519MLKEM768_SS_BYTES 64

/* Client: a key pair (96 random bytes from f_rng: d || z || X25519 private key). */
int tacit_x25519mlkem768_keygen(unsigned char client_share[1216], unsigned char client_key[2432],
                                tacit_rng_func f_rng, void *p_rng);

/* Server: encapsulate to the client's share (32 + 32 random bytes: m, X25519 private key). */
int tacit_x25519mlkem768_encaps(const unsigned char client_share[1216],
                                unsigned char server_share[1120], unsigned char ss[64],
                                tacit_rng_func f_rng, void *p_rng);

/* Client: the shared secret from its key and the server's share. */
int tacit_x25519mlkem768_decaps(const unsigned char client_key[2432],
                                const unsigned char server_share[1120], unsigned char ss[64]);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_MLKEM_H */
