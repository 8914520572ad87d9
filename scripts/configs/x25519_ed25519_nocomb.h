/*
 * Firmware configuration: X25519 and Ed25519 (RFC 7748, RFC 8032) with
 * 32-bit limbs and TACIT_ED25519_SMALL (a 4-bit window instead of the
 * 30 KB signing comb, signing about 3x slower); SHA-256 and
 * HMAC_DRBG as in the P-256 configurations (the hash program), SHA-512 for
 * Ed25519.  No RSA, no NIST curves, no ASN.1/PEM (raw keys only), no OS
 * entropy source.  scripts/code_size.sh reports its size (no limit):
 *   cc -DTACIT_CONFIG_FILE='"x25519_ed25519_nocomb.h"' ...
 * scripts/test_configs.sh builds and runs these suites on the host (-Os):
 * Host suites: test_curve25519_fe test_curve25519_keys test_x25519 test_ed25519
 * Host suites: ct_x25519 ct_ed25519
 * Not built here: test_md, test_hmac, test_hmac_drbg, test_sha (their vectors cover
 * SHA-1 too, compiled out here; SHA-512 runs in the Ed25519 vectors), and the
 * suites of the other modules.
 */
#ifndef TACIT_X25519_ED25519_NOCOMB_H
#define TACIT_X25519_ED25519_NOCOMB_H

#define TACIT_CONSTANT_TIME_C
#define TACIT_BIGNUM_CORE_C
#define TACIT_SHA256_C
#define TACIT_SHA512_C
#define TACIT_MD_C
#define TACIT_HMAC_C
#define TACIT_HMAC_DRBG_C
#define TACIT_X25519_C
#define TACIT_ED25519_C
#define TACIT_ED25519_SMALL

#define TACIT_MPI_LIMB_BITS 32
#define TACIT_SHA_SMALL

#endif /* TACIT_X25519_ED25519_NOCOMB_H */
