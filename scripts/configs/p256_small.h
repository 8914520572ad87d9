/*
 * Firmware configuration: P-256 ECDSA and ECDH in the small ECC profile
 * (TACIT_ECP_SMALL: one generic Montgomery field, complete formulas, a
 * Montgomery ladder, no tables, no heap), SHA-256 for message digests and
 * HMAC_DRBG (HMAC-SHA-256) for RFC 6979 nonces.  Nothing else: no tacit_mpi
 * layer, no RSA, no PEM/base64, no OS entropy source.  The firmware supplies
 * tacit_entropy_default() (hmac_drbg.h) or passes its own tacit_rng_func.
 * scripts/code_size.sh checks its size, scripts/stack_usage.sh its stack:
 *   cc -DTACIT_CONFIG_FILE='"p256_small.h"' ...
 * scripts/test_configs.sh builds and runs these suites on the host (-Os):
 * Host suites: test_asn1 test_ecp test_ecdsa test_ecdh ct_ecp
 * Not built here: test_md, test_hmac, test_hmac_drbg, test_sha (their vectors cover
 * SHA-1 and SHA-384/512 too, compiled out here; HMAC_DRBG with HMAC-SHA-256 runs in
 * test_ecdsa's RFC 6979 nonces), and the suites of the other modules.
 */
#ifndef TACIT_P256_SMALL_H
#define TACIT_P256_SMALL_H

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
#define TACIT_ECP_SMALL

#define TACIT_MPI_LIMB_BITS 32
#define TACIT_SHA_SMALL

#endif /* TACIT_P256_SMALL_H */
