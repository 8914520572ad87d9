/*
 * Minimal configuration: ECDSA and ECDH on P-256 only, with SHA-256 for the
 * message digest and HMAC_DRBG (over HMAC-SHA-256) for RFC 6979 nonces.  No
 * tacit_mpi layer, no RSA, no PEM/base64, no OS entropy source (the caller
 * passes a tacit_rng_func).
 * Used by scripts/code_size.sh; a firmware image can start from it:
 *   cc -DTACIT_CONFIG_FILE='"p256_ecdsa_only.h"' ...
 * scripts/test_configs.sh builds and runs these suites on the host (-Os):
 * Host suites: test_asn1 test_ecp test_ecdsa test_ecdh ct_ecp
 * Not built here: test_md, test_hmac, test_hmac_drbg, test_sha (their vectors cover
 * SHA-1 and SHA-384/512 too, compiled out here; HMAC_DRBG with HMAC-SHA-256 runs in
 * test_ecdsa's RFC 6979 nonces), and the suites of the other modules.
 */
#ifndef TACIT_P256_ECDSA_ONLY_H
#define TACIT_P256_ECDSA_ONLY_H

#define TACIT_CONSTANT_TIME_C
#define TACIT_BIGNUM_CORE_C
#define TACIT_SHA256_C
#define TACIT_MD_C
#define TACIT_HMAC_C
#define TACIT_HMAC_DRBG_C
#define TACIT_ASN1_C
#define TACIT_ECP_C
#define TACIT_ECP_SECP256R1_C
#define TACIT_ECDH_C
#define TACIT_ECDSA_C

#define TACIT_MPI_LIMB_BITS 32

#endif /* TACIT_P256_ECDSA_ONLY_H */
