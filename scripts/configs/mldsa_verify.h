/*
 * Firmware configuration: an ML-DSA (FIPS 204) verifier, the boot-loader
 * case: SHA-3/SHAKE and ML-DSA, TACIT_MLDSA_SMALL_STACK (verification,
 * key generation and the streaming signer of mldsa_sign_stream.c in a few
 * KiB of stack: the HSM / microcontroller signer too).  HMAC_DRBG (with SHA-256)
 * is there for key generation and hedged signing only: a verifier linked
 * with --gc-sections does not carry it.  No bignum, no ASN.1.  scripts/code_size.sh reports the size of an ML-DSA-65
 * verify-only and of a sign-only program, scripts/stack_usage.sh the
 * worst-case stack (with limits).
 * Host suites: test_mldsa test_mldsa_prehash ct_mldsa
 */
#ifndef TACIT_MLDSA_VERIFY_H
#define TACIT_MLDSA_VERIFY_H

#define TACIT_CONSTANT_TIME_C
#define TACIT_SHA256_C
#define TACIT_SHA3_C
#define TACIT_MD_C
#define TACIT_HMAC_C
#define TACIT_HMAC_DRBG_C
#define TACIT_MLDSA_C
#define TACIT_MLDSA_SMALL_STACK

#endif /* TACIT_MLDSA_VERIFY_H */
