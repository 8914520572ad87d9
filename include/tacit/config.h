/*
 * tacit build configuration.
 *
 * One TACIT_<MODULE>_C per module: comment one out (or supply your own file
 * through TACIT_CONFIG_FILE) and the module is not compiled.  A firmware
 * image that only verifies ECDSA-P256 signatures can drop RSA, the tacit_mpi
 * layer's prime generation and so on; check_config.h refuses combinations
 * that cannot link.
 *
 * To use your own configuration, compile everything (the library and its
 * users) with -DTACIT_CONFIG_FILE='"my_config.h"'; that file then replaces
 * this one entirely.
 */
#ifndef TACIT_CONFIG_H
#define TACIT_CONFIG_H

#if defined(TACIT_CONFIG_FILE)
#include TACIT_CONFIG_FILE
#else

/* Layer 1 */
#define TACIT_CONSTANT_TIME_C

/* Layer 2-3: big integers */
#define TACIT_BIGNUM_CORE_C
#define TACIT_BIGNUM_C

/* Layer 4: leaf modules */
#define TACIT_SHA1_C   /* legacy: verification of old signatures only */
#define TACIT_SHA256_C /* SHA-224 and SHA-256 */
#define TACIT_SHA512_C /* SHA-384, SHA-512, SHA-512/224, SHA-512/256 */
#define TACIT_SHA3_C   /* SHA3-224/256/384/512, SHAKE128/256, Keccak-f[1600] (ML-KEM, ML-DSA) */
#define TACIT_MD_C
#define TACIT_HMAC_C
#define TACIT_HKDF_C /* HKDF (RFC 5869) and the TLS 1.3 key schedule (hkdf.h, tls13.h) */
#define TACIT_HMAC_DRBG_C
#define TACIT_ENTROPY_C /* default entropy source: getrandom()/urandom */
#define TACIT_BASE64_C
#define TACIT_PEM_C
#define TACIT_ASN1_C

/* Layer 5: public-key algorithms */
#define TACIT_RSA_C
#define TACIT_ECP_C
#define TACIT_ECP_SECP256R1_C
#define TACIT_ECP_SECP384R1_C
#define TACIT_ECP_SECP521R1_C
#define TACIT_ECDH_C
#define TACIT_ECDSA_C
/*
 * TACIT_ECP_SMALL: the small ECC profile for firmware (scripts/configs/p256_small.h):
 * one generic Montgomery field on bignum_core for every curve, complete
 * projective formulas and a Montgomery ladder; no tables, a few KiB of code,
 * under 2 KiB of stack for P-256, several times slower than the default
 * profile.  Also the CMake option TACIT_ECP_SMALL.
 */
/* #define TACIT_ECP_SMALL */
/* Authenticated encryption (tacit/aead.h) */
#define TACIT_AEAD_C /* tacit_aead_*: the one API of every AEAD below */
#define TACIT_AES_C  /* AES: bitsliced constant-time C, AES-NI/VAES kernels on x86-64 */
#define TACIT_GCM_C  /* AES-GCM (SP 800-38D); needs TACIT_AES_C */
#define TACIT_CCM_C  /* AES-CCM (SP 800-38C); needs TACIT_AES_C */
/* ChaCha20-Poly1305 and XChaCha20-Poly1305 (RFC 8439, draft-irtf-cfrg-xchacha) */
#define TACIT_CHACHAPOLY_C
#define TACIT_X25519_C  /* X25519 key agreement (RFC 7748) */
#define TACIT_ED25519_C /* Ed25519 signatures (RFC 8032) */
#define TACIT_MLDSA_C   /* ML-DSA-44/65/87 signatures (FIPS 204) */
#define TACIT_MLKEM_C   /* ML-KEM-512/768/1024 (FIPS 203) and X25519MLKEM768 */

/* Layer 5, above the algorithms */
#define TACIT_PK_C      /* tacit_pk_context: any key, format detection, sign/verify by algorithm */
#define TACIT_X509_C    /* certificates, trust store, path validation */

/*
 * The default RNG (tacit_rng_default) keeps one HMAC_DRBG per thread.
 * Define this for one global instance with no thread-local storage: calls
 * must then be serialised by the caller (single-threaded firmware or an
 * external lock).  check_config.h defines it automatically when
 * TACIT_ENTROPY_C is off or the target has no POSIX threads.
 */
/* #define TACIT_RNG_DEFAULT_GLOBAL */

/*
 * Limb size of the big-number code: 32 or 64.  Left undefined, it is picked
 * from the target (64 where the compiler has a 128-bit product type).  The
 * CMake option TACIT_LIMB_BITS sets it for the library and, through the
 * exported target and tacit.pc, for every user.
 */
/* #define TACIT_MPI_LIMB_BITS 32 */

/* Largest modulus the tacit_mpi layer accepts, in bits. */
#define TACIT_MPI_MAX_BITS 8192

/*
 * Code-generation switches, all off by default.  Every accelerated path is
 * chosen at run time from CPUID (never from data) and differential-tested
 * against the portable C it replaces.
 */
/* #define TACIT_MPI_NO_ASM */       /* no x86-64 MULX/ADX Montgomery kernel */
/* #define TACIT_MPI_NO_IFMA */      /* no AVX-512 IFMA exponentiation (the ADX one stays) */
/* #define TACIT_ECP_NO_ASM */       /* no x86-64 assembly in the P-256 field */
/* #define TACIT_AES_NO_ASM */       /* no AES-NI/VAES GCM and CCM kernels (bitsliced AES only) */
/* #define TACIT_ECP_SMALL_TABLES */ /* P-256 k*G without the 148 KiB comb table; implied by -Os */
/* #define TACIT_SHA_NO_ACCEL */     /* no SHA-NI / BMI2 builds of the hashes */
/* #define TACIT_SHA_SMALL */        /* looped (not unrolled) hashes: small code; implied by -Os */
/* #define TACIT_BASE64_NO_SIMD */   /* no SSSE3/AVX2 base64 (64-bit SWAR only) */
/* #define TACIT_ED25519_SMALL */ /* no 30 KB Ed25519 signing comb: a 4-bit window, ~3x slower signing */

/*
 * ECDSA signatures are verified with the public key before they are
 * released (a fault countermeasure, on by default).  Firmware that cannot
 * afford the extra verification time may turn it off.
 */
/* #define TACIT_ECDSA_NO_FAULT_CHECK */

#endif /* TACIT_CONFIG_FILE */

#include "tacit/check_config.h"

#endif /* TACIT_CONFIG_H */
