/*
 * Refuse configurations that cannot work, at compile time, with a message
 * naming the missing piece.  Included at the end of config.h.
 */
#ifndef TACIT_CHECK_CONFIG_H
#define TACIT_CHECK_CONFIG_H

#if !defined(TACIT_CONSTANT_TIME_C)
#error "TACIT_CONSTANT_TIME_C is required: every module uses the constant_time primitives"
#endif

#if defined(TACIT_MPI_LIMB_BITS) && TACIT_MPI_LIMB_BITS != 32 && TACIT_MPI_LIMB_BITS != 64
#error "TACIT_MPI_LIMB_BITS must be 32 or 64"
#endif

#if defined(TACIT_BIGNUM_C) && !defined(TACIT_BIGNUM_CORE_C)
#error "TACIT_BIGNUM_C requires TACIT_BIGNUM_CORE_C"
#endif

#if defined(TACIT_MD_C) && !defined(TACIT_SHA1_C) && !defined(TACIT_SHA256_C) &&                   \
    !defined(TACIT_SHA512_C) && !defined(TACIT_SHA3_C)
#error                                                                                             \
    "TACIT_MD_C requires at least one hash (TACIT_SHA1_C, TACIT_SHA256_C, TACIT_SHA512_C or TACIT_SHA3_C)"
#endif

#if defined(TACIT_HMAC_C) && !defined(TACIT_MD_C)
#error "TACIT_HMAC_C requires TACIT_MD_C"
#endif

#if defined(TACIT_HKDF_C) && !defined(TACIT_HMAC_C)
#error "TACIT_HKDF_C requires TACIT_HMAC_C"
#endif

#if defined(TACIT_HMAC_DRBG_C) && !defined(TACIT_HMAC_C)
#error "TACIT_HMAC_DRBG_C requires TACIT_HMAC_C"
#endif

/*
 * The default RNG needs POSIX threads, thread-local storage and OS entropy
 * for its per-thread instances; elsewhere (firmware) it is one global
 * instance that the caller serialises.
 */
#if !defined(TACIT_RNG_DEFAULT_GLOBAL) &&                                                          \
    (!defined(TACIT_ENTROPY_C) || !(defined(__unix__) || defined(__APPLE__)) ||                    \
     !(defined(__GNUC__) || defined(__clang__)))
#define TACIT_RNG_DEFAULT_GLOBAL
#endif

#if defined(TACIT_GCM_C) && !defined(TACIT_AES_C)
#error "TACIT_GCM_C requires TACIT_AES_C"
#endif
#if defined(TACIT_CCM_C) && !defined(TACIT_AES_C)
#error "TACIT_CCM_C requires TACIT_AES_C"
#endif

#if defined(TACIT_PEM_C) && !defined(TACIT_BASE64_C)
#error "TACIT_PEM_C requires TACIT_BASE64_C"
#endif

#if defined(TACIT_RSA_C) && !defined(TACIT_BIGNUM_C)
#error "TACIT_RSA_C requires TACIT_BIGNUM_C"
#endif
#if defined(TACIT_RSA_C) && !defined(TACIT_MD_C)
#error "TACIT_RSA_C requires TACIT_MD_C (PKCS#1 v1.5, PSS and OAEP hash their input)"
#endif
#if defined(TACIT_RSA_C) && !defined(TACIT_ASN1_C)
#error "TACIT_RSA_C requires TACIT_ASN1_C (key import and export)"
#endif

#if defined(TACIT_ECP_C) && !defined(TACIT_BIGNUM_CORE_C)
#error "TACIT_ECP_C requires TACIT_BIGNUM_CORE_C"
#endif
#if defined(TACIT_ECP_C) && !defined(TACIT_ECP_SECP256R1_C) && !defined(TACIT_ECP_SECP384R1_C) &&  \
    !defined(TACIT_ECP_SECP521R1_C)
#error "TACIT_ECP_C requires at least one curve (TACIT_ECP_SECP256R1_C, ...)"
#endif
#if defined(TACIT_ECP_SMALL) && !defined(TACIT_ECP_C)
#error "TACIT_ECP_SMALL selects a profile of TACIT_ECP_C, which is off"
#endif
#if defined(TACIT_ECDH_C) && !defined(TACIT_ECP_C)
#error "TACIT_ECDH_C requires TACIT_ECP_C"
#endif
#if defined(TACIT_MLDSA_C) && !defined(TACIT_SHA3_C)
#error "TACIT_MLDSA_C requires TACIT_SHA3_C (SHAKE128/256)"
#endif
#if defined(TACIT_MLKEM_C) && !defined(TACIT_SHA3_C)
#error "TACIT_MLKEM_C requires TACIT_SHA3_C (SHA3-256/512, SHAKE128/256)"
#endif

#if defined(TACIT_ECDSA_C) && !defined(TACIT_ECP_C)
#error "TACIT_ECDSA_C requires TACIT_ECP_C"
#endif
#if defined(TACIT_ECDSA_C) && !(defined(TACIT_HMAC_C) && defined(TACIT_MD_C))
#error "TACIT_ECDSA_C requires TACIT_HMAC_C and TACIT_MD_C (RFC 6979 nonces)"
#endif
#if defined(TACIT_ECDSA_C) && !defined(TACIT_HMAC_DRBG_C)
#error "TACIT_ECDSA_C requires TACIT_HMAC_DRBG_C (RFC 6979 runs HMAC_DRBG)"
#endif
#if defined(TACIT_ECDSA_C) && !defined(TACIT_ASN1_C)
#error "TACIT_ECDSA_C requires TACIT_ASN1_C (DER signatures)"
#endif

#if defined(TACIT_ED25519_C) && !defined(TACIT_SHA512_C)
#error "TACIT_ED25519_C requires TACIT_SHA512_C (RFC 8032 hashes with SHA-512)"
#endif
#if defined(TACIT_ED25519_C) && !defined(TACIT_BIGNUM_CORE_C)
#error "TACIT_ED25519_C requires TACIT_BIGNUM_CORE_C (arithmetic modulo the group order)"
#endif

#if defined(TACIT_PK_C) && (!defined(TACIT_ASN1_C) || !defined(TACIT_PEM_C) || !defined(TACIT_MD_C))
#error "TACIT_PK_C requires TACIT_ASN1_C, TACIT_PEM_C and TACIT_MD_C"
#endif

#if defined(TACIT_X509_C) && !defined(TACIT_PK_C)
#error "TACIT_X509_C requires TACIT_PK_C"
#endif

#endif /* TACIT_CHECK_CONFIG_H */
