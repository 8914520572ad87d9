/*
 * Elliptic curves over prime fields: the NIST curves P-256, P-384, P-521
 * (SEC 2 secp256r1, secp384r1, secp521r1), key pairs, point encodings and
 * the key file formats.  ECDH is in ecdh.h, ECDSA in ecdsa.h; all three
 * share the error codes below.
 *
 * Constant time: everything that touches a private scalar (key generation,
 * scalar multiplication, signing, ECDH) runs in time independent of it: no
 * secret-dependent branch or memory index; precomputed points are read with
 * a masked scan of the whole table.  Public inputs (points, signatures,
 * encodings) may be handled with branches.
 *
 * Nothing here allocates: a key pair is a plain struct of fixed size.
 *
 * Threads: a tacit_ecp_keypair is a plain value; every function that only
 * reads it takes it const (ecdh.h and ecdsa.h too), so one key may be used
 * by any number of threads at once.  Functions that fill it (gen_key,
 * set_private, set_public, parse, free) need it to themselves.
 */
#ifndef TACIT_ECP_H
#define TACIT_ECP_H

#include <stddef.h>

#include "tacit/config.h"
#include "tacit/error.h"
#include "tacit/key_format.h"
#include "tacit/limb.h"
#include "tacit/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ---- error codes (ecp, ecdh, ecdsa: -0x0090 .. -0x00AF) ------------------
 * Shared ones (error.h): TACIT_ERR_BAD_INPUT, TACIT_ERR_BUFFER_TOO_SMALL,
 * TACIT_ERR_NO_PRIVATE_KEY, TACIT_ERR_VERIFY_FAILED (ECDSA), TACIT_ERR_RNG_FAILED.
 */

/* ---- curves ---------------------------------------------------------------- */
typedef enum {
    TACIT_ECP_NONE = 0,
    TACIT_ECP_SECP256R1, /* P-256, prime256v1 */
    TACIT_ECP_SECP384R1, /* P-384 */
    TACIT_ECP_SECP521R1  /* P-521 */
} tacit_ecp_group_id;

/*
 * Sizes of the largest curve enabled in the configuration (P-521 in the
 * default one; a P-256-only firmware build keeps its key pairs and stack
 * buffers at P-256 size).
 */
#if defined(TACIT_ECP_SECP521R1_C)
#define TACIT_ECP_MAX_BYTES 66 /* P-521 field/scalar size */
#define TACIT_ECP_MAX_LIMB_BITS 576
#elif defined(TACIT_ECP_SECP384R1_C)
#define TACIT_ECP_MAX_BYTES 48
#define TACIT_ECP_MAX_LIMB_BITS 384
#else
#define TACIT_ECP_MAX_BYTES 32
#define TACIT_ECP_MAX_LIMB_BITS 256
#endif
#define TACIT_ECP_MAX_PT_LEN (1 + 2 * TACIT_ECP_MAX_BYTES) /* uncompressed point */
/* Limbs per coordinate or scalar, whatever the limb width (64-bit multiples). */
#define TACIT_ECP_MAX_LIMBS (TACIT_ECP_MAX_LIMB_BITS / TACIT_MPI_LIMB_BITS)

/* Field (and scalar) size in bytes: 32, 48, 66; 0 for an unknown id. */
size_t tacit_ecp_curve_bytes(tacit_ecp_group_id id);
/* "P-256" etc.; NULL for an unknown id. */
const char *tacit_ecp_curve_name(tacit_ecp_group_id id);
/* "P-256", "secp256r1", "prime256v1" (any case) ...; TACIT_ECP_NONE if unknown. */
tacit_ecp_group_id tacit_ecp_curve_from_name(const char *name);

/* ---- key pair -------------------------------------------------------------- */
/*
 * A key pair or a public key.  d is the private scalar (zero when absent),
 * Qx/Qy the affine public point; little-endian limbs of the plain integers.
 * Treat the fields as read-only; fill it through the functions below.
 */
typedef struct tacit_ecp_keypair {
    tacit_ecp_group_id grp; /* TACIT_ECP_NONE: empty */
    int has_private;        /* d is set */
    tacit_mpi_uint d[TACIT_ECP_MAX_LIMBS];
    tacit_mpi_uint Qx[TACIT_ECP_MAX_LIMBS];
    tacit_mpi_uint Qy[TACIT_ECP_MAX_LIMBS];
} tacit_ecp_keypair;

void tacit_ecp_keypair_init(tacit_ecp_keypair *key);
/* Zeroize the whole key (private scalar included).  NULL is ignored. */
void tacit_ecp_keypair_free(tacit_ecp_keypair *key);

/*
 * Generate a key pair: d uniform in [1, n-1] (rejection sampling of
 * bit-masked random bytes), Q = d*G.  f_rng NULL: tacit_rng_default.
 */
int tacit_ecp_gen_key(tacit_ecp_keypair *key, tacit_ecp_group_id grp, tacit_rng_func f_rng,
                      void *p_rng);

/*
 * Set the private scalar from a big-endian byte string of exactly
 * tacit_ecp_curve_bytes(grp) bytes, and compute Q = d*G (blinded with
 * tacit_rng_default).  TACIT_ERR_ECP_INVALID_KEY if d is 0 or >= n.
 */
int tacit_ecp_set_private(tacit_ecp_keypair *key, tacit_ecp_group_id grp, const unsigned char *d,
                          size_t dlen);

/*
 * Set a public key (no private part) from a SEC1 point encoding:
 * 04||X||Y (uncompressed) or 02/03||X (compressed).  The point is checked:
 * coordinates < p, on the curve, not infinity (TACIT_ERR_ECP_INVALID_POINT).
 */
int tacit_ecp_set_public(tacit_ecp_keypair *key, tacit_ecp_group_id grp, const unsigned char *pt,
                         size_t plen);

/* Q is a valid point of the key's curve (always true after set_public/parse). */
int tacit_ecp_check_pub(const tacit_ecp_keypair *key);
/* d in [1, n-1] and d*G == Q. */
int tacit_ecp_check_priv(const tacit_ecp_keypair *key);

/*
 * Write Q as a SEC1 point: uncompressed (04||X||Y) or, with compressed != 0,
 * 02/03||X.  Outputs here follow the README's convention: *out_len gets the
 * length; out NULL or too small: TACIT_ERR_BUFFER_TOO_SMALL, *out_len = the
 * size needed.
 */
int tacit_ecp_write_public_point(const tacit_ecp_keypair *key, int compressed, unsigned char *out,
                                 size_t out_size, size_t *out_len);
/* Write d, big-endian, *out_len = tacit_ecp_curve_bytes() bytes. */
int tacit_ecp_write_private(const tacit_ecp_keypair *key, unsigned char *out, size_t out_size,
                            size_t *out_len);

/*
 * Scalar multiplication on encoded points: out = k * P, as an uncompressed
 * SEC1 point.  k is big-endian, exactly curve_bytes long, in [1, n-1]
 * (TACIT_ERR_ECP_INVALID_KEY otherwise); P is any SEC1 encoding, checked.
 * Constant time in k.  f_rng randomises the projective coordinates (NULL:
 * tacit_rng_default).
 */
int tacit_ecp_mul(tacit_ecp_group_id grp, const unsigned char *k, size_t klen,
                  const unsigned char *pt, size_t plen, unsigned char *out, size_t out_size,
                  size_t *out_len, tacit_rng_func f_rng, void *p_rng);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_ECP_H */
