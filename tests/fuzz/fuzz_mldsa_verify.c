/*
 * ML-DSA verification on hostile signatures and public keys.
 *
 * Input: byte 0 picks the parameter set (mod 3) and the mode (bits 2-3):
 *   mode 0: the rest is XORed into a valid signature of a fixed message
 *           at the offset given by bytes 1-2 (mutations near a real one:
 *           hints, z bounds, the challenge);
 *   mode 1: the rest is the whole signature (any length);
 *   mode 2: the rest is a public key followed by a signature;
 *   mode 3: like 0 but the verdict through external mu is compared too.
 * Bit 4 of byte 0 switches to HashML-DSA (FIPS 204 section 5.4): the
 * fixture signature is then a HashML-DSA signature of SHA3-256(message)
 * and verification goes through tacit_mldsa_prehash_verify (and
 * prehash_mu + verify_mu); the unmodified one must not verify as pure
 * ML-DSA.
 * Checks: no crash or sanitizer report; the unmodified signature verifies;
 * verify and verify_mu agree; a refusal is TACIT_ERR_VERIFY_FAILED.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/mldsa.h"
#include "tacit/sha3.h"
#include "fuzz_util.h"

#if defined(TACIT_MLDSA_C)

typedef struct {
    unsigned char pk[TACIT_MLDSA_MAX_PK_BYTES];
    unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES];
    size_t sig_len;
    unsigned char ph_sig[TACIT_MLDSA_MAX_SIG_BYTES]; /* HashML-DSA, SHA3-256 */
    size_t ph_sig_len;
    int ready;
} fixture;

static fixture fx[3];
static const unsigned char msg[] = "firmware image v1.2.3";
static unsigned char digest[32]; /* SHA3-256(msg) */
static const unsigned char ph_ctx[] = "boot";
static const tacit_mldsa_params sets[3] = { TACIT_MLDSA_44, TACIT_MLDSA_65, TACIT_MLDSA_87 };

static fixture *get_fixture(unsigned s)
{
    static unsigned char sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char seed[32];

    if (!fx[s].ready) {
        memset(seed, (int)(0x40 + s), sizeof(seed));
        FUZZ_CHECK(tacit_mldsa_keygen_seed(sets[s], seed, fx[s].pk, sk) == 0);
        FUZZ_CHECK(tacit_mldsa_sign_det(sets[s], sk, msg, sizeof(msg), NULL, 0, fx[s].sig,
                                        sizeof(fx[s].sig), &fx[s].sig_len) == 0);
        FUZZ_CHECK(tacit_sha3_256(msg, sizeof(msg), digest) == 0);
        FUZZ_CHECK(tacit_mldsa_prehash_sign_det(
                       sets[s], sk, TACIT_MLDSA_PH_SHA3_256, digest, sizeof(digest), ph_ctx,
                       sizeof(ph_ctx), fx[s].ph_sig, sizeof(fx[s].ph_sig), &fx[s].ph_sig_len) == 0);
        fx[s].ready = 1;
    }
    return &fx[s];
}

static void check_verify(tacit_mldsa_params p, const unsigned char *pk, const unsigned char *sig,
                         size_t sig_len, int expect_ok, int prehash)
{
    unsigned char mu[64];
    int r1, r2;

    if (prehash) {
        r1 = tacit_mldsa_prehash_verify(p, pk, TACIT_MLDSA_PH_SHA3_256, digest, sizeof(digest),
                                        ph_ctx, sizeof(ph_ctx), sig, sig_len);
        FUZZ_CHECK(tacit_mldsa_prehash_mu(p, pk, TACIT_MLDSA_PH_SHA3_256, digest, sizeof(digest),
                                          ph_ctx, sizeof(ph_ctx), mu) == 0);
    } else {
        r1 = tacit_mldsa_verify(p, pk, msg, sizeof(msg), NULL, 0, sig, sig_len);
        FUZZ_CHECK(tacit_mldsa_mu(p, pk, msg, sizeof(msg), NULL, 0, mu) == 0);
    }
    FUZZ_CHECK(r1 == 0 || r1 == TACIT_ERR_VERIFY_FAILED);
    r2 = tacit_mldsa_verify_mu(p, pk, mu, sig, sig_len);
    FUZZ_CHECK(r1 == r2);
    if (expect_ok) {
        FUZZ_CHECK(r1 == 0);
        if (prehash) { /* not a pure ML-DSA signature of the message or of the digest */
            FUZZ_CHECK(tacit_mldsa_verify(p, pk, msg, sizeof(msg), ph_ctx, sizeof(ph_ctx), sig,
                                          sig_len) == TACIT_ERR_VERIFY_FAILED);
            FUZZ_CHECK(tacit_mldsa_verify(p, pk, digest, sizeof(digest), ph_ctx, sizeof(ph_ctx),
                                          sig, sig_len) == TACIT_ERR_VERIFY_FAILED);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES];
    unsigned s, mode, prehash;
    const unsigned char *fsig;
    size_t fsig_len;
    fixture *f;
    tacit_mldsa_params p;
    size_t pkb, sb;

    if (size < 1) {
        return 0;
    }
    s = data[0] % 3;
    mode = (data[0] >> 2) & 3;
    prehash = (data[0] >> 4) & 1;
    p = sets[s];
    f = get_fixture(s);
    fsig = prehash ? f->ph_sig : f->sig;
    fsig_len = prehash ? f->ph_sig_len : f->sig_len;
    pkb = tacit_mldsa_pk_bytes(p);
    sb = tacit_mldsa_sig_bytes(p);
    data++;
    size--;

    if (mode == 0 || mode == 3) {
        size_t off, i;
        int changed = 0;
        if (size < 2) {
            check_verify(p, f->pk, fsig, fsig_len, 1, (int)prehash);
            return 0;
        }
        off = ((size_t)data[0] | ((size_t)data[1] << 8)) % sb;
        memcpy(sig, fsig, sb);
        for (i = 2; i < size && off + i - 2 < sb; i++) {
            sig[off + i - 2] ^= data[i];
            changed |= data[i];
        }
        check_verify(p, f->pk, sig, sb, !changed, (int)prehash);
    } else if (mode == 1) {
        check_verify(p, f->pk, data, size, 0, (int)prehash);
    } else {
        if (size < pkb) {
            return 0;
        }
        check_verify(p, data, data + pkb, size - pkb, 0, (int)prehash);
    }
    return 0;
}

#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
#endif
