/*
 * tacit's default configuration for a bare-metal target: every module of
 * include/tacit/config.h except TACIT_ENTROPY_C (the OS entropy source,
 * getrandom()/urandom).  Firmware passes its own tacit_rng_func to every
 * function that needs randomness.  Used by scripts/code_size.sh.
 * scripts/test_configs.sh builds and runs these suites on the host (-Os):
 * Host suites: test_sha test_md test_hmac test_hmac_drbg test_asn1 test_base64 test_pem
 * Host suites: test_bignum test_bignum_core test_rsa test_rsa_vectors test_ecp test_ecdsa
 * Host suites: test_ecdh ct_ecp ct_bignum ct_rsa
 * Host suites: test_mlkem ct_mlkem test_sha512t
 * (The other suites need the entropy source, or modules this configuration leaves out.)
 */
#ifndef TACIT_BAREMETAL_DEFAULT_H
#define TACIT_BAREMETAL_DEFAULT_H

#define TACIT_CONSTANT_TIME_C
#define TACIT_BIGNUM_CORE_C
#define TACIT_BIGNUM_C
#define TACIT_SHA1_C
#define TACIT_SHA256_C
#define TACIT_SHA512_C
#define TACIT_MD_C
#define TACIT_HMAC_C
#define TACIT_HMAC_DRBG_C
#define TACIT_BASE64_C
#define TACIT_PEM_C
#define TACIT_ASN1_C
#define TACIT_RSA_C
#define TACIT_ECP_C
#define TACIT_ECP_SECP256R1_C
#define TACIT_ECP_SECP384R1_C
#define TACIT_ECP_SECP521R1_C
#define TACIT_ECDH_C
#define TACIT_ECDSA_C
#define TACIT_SHA3_C
#define TACIT_MLKEM_C

#define TACIT_MPI_MAX_BITS 8192
/* what Cortex-M gets anyway; on the host, the -Os suites then run with 32-bit limbs */
#define TACIT_MPI_LIMB_BITS 32

#endif /* TACIT_BAREMETAL_DEFAULT_H */
