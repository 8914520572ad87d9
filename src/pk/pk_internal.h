/*
 * pk's internal pieces shared by its files: the ML-KEM / ML-DSA keys
 * (pk_pq.c).
 */
#ifndef TACIT_PK_INTERNAL_H
#define TACIT_PK_INTERNAL_H

#include "tacit/asn1.h"
#include "tacit/pk.h"

/* Is oid one of id-alg-ml-kem-* / id-ml-dsa-* (that this build has)?  Its pk type, or NONE. */
tacit_pk_type tacit_pk_pq_type_of_oid(const tacit_asn1_buf *oid);

/*
 * Read the key of a PKCS#8 (priv) or SPKI envelope whose OID is a PQ one into
 * ctx (empty).  Parameters must be absent.  TACIT_ERR_BAD_INPUT for a wrong
 * size, a seed/expanded mismatch or a failing key check; ASN.1 errors pass
 * through.  ctx is left empty on error.  end: the end of the PKCS#8 DER that
 * info came from (a version 1 publicKey [1] after the privateKey must be the
 * key's own public key); unused for SPKI.
 */
int tacit_pk_pq_parse(tacit_pk_context *ctx, const tacit_asn1_key_info *info, int priv,
                      const unsigned char *end);

/* DER of a PQ key: SPKI, or PKCS#8 (seed form if the key has its seed, else expandedKey). */
int tacit_pk_pq_write_der(const tacit_pk_context *ctx, tacit_key_format format, unsigned char *out,
                          size_t out_size, size_t *out_len);

/* "ML-KEM-768", "ML-DSA-65", ... and the number in the name (768, 65); "" and 0 if not PQ. */
const char *tacit_pk_pq_name(const tacit_pk_context *ctx);
size_t tacit_pk_pq_number(const tacit_pk_context *ctx);

/* A new key (seed from f_rng, already resolved or NULL) into ctx, empty; on error the caller
 * frees ctx. */
int tacit_pk_pq_gen(tacit_pk_context *ctx, tacit_pk_type type, int params, tacit_rng_func f_rng,
                    void *p_rng);

/* Release the key (zeroized). */
void tacit_pk_pq_free(tacit_pk_context *ctx);

#endif /* TACIT_PK_INTERNAL_H */
