/*
 * ML-KEM decapsulation (and encapsulation) on arbitrary bytes: never a
 * crash, an out-of-bounds access or an undefined operation, and the
 * answers FIPS 203 requires.
 *   byte 0: parameter set (mod 3) and mode (bits 2..3)
 *   mode 0: dk and ct straight from the input (zero-padded): decaps returns
 *           0 or TACIT_ERR_BAD_INPUT (hash check), the same answer twice;
 *           with bit 4 of byte 0 the hash inside dk is fixed first, so that
 *           arbitrary (unreduced) secret polynomials reach the arithmetic;
 *   mode 1: a real key from a 64-byte seed in the input, ct from the rest:
 *           decaps returns 0; a ciphertext made by encaps decapsulates to
 *           its secret;
 *   mode 2: ek from the input: encaps returns 0 or TACIT_ERR_BAD_INPUT;
 *   mode 3: X25519MLKEM768 decaps on an arbitrary client key and server share.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/mlkem.h"
#include "tacit/sha3.h"
#include "tacit/x25519.h"
#include "fuzz_util.h"

static void fill(unsigned char *dst, size_t n, const uint8_t **data, size_t *size)
{
    size_t take = *size < n ? *size : n;
    memset(dst, 0, n);
    memcpy(dst, *data, take);
    *data += take;
    *size -= take;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#if defined(TACIT_MLKEM_C)
    static const tacit_mlkem_params ps[3] = { TACIT_MLKEM_512, TACIT_MLKEM_768, TACIT_MLKEM_1024 };
    unsigned char ek[TACIT_MLKEM_MAX_EK_BYTES], dk[TACIT_MLKEM_MAX_DK_BYTES];
    unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ct2[TACIT_MLKEM_MAX_CT_BYTES];
    unsigned char seed[64], ss[64], ss2[64];
    tacit_mlkem_params p;
    int mode, fix, r1, r2;

    if (size < 1) {
        return 0;
    }
    p = ps[(data[0] & 3) % 3];
    mode = (data[0] >> 2) & 3;
    fix = (data[0] >> 4) & 1;
    data++;
    size--;
    switch (mode) {
    case 0:
        fill(dk, tacit_mlkem_dk_bytes(p), &data, &size);
        fill(ct, tacit_mlkem_ct_bytes(p), &data, &size);
        if (fix) {
            size_t off = tacit_mlkem_dk_bytes(p) - 64 - tacit_mlkem_ek_bytes(p);
            tacit_sha3_256(dk + off, tacit_mlkem_ek_bytes(p), dk + off + tacit_mlkem_ek_bytes(p));
        }
        r1 = tacit_mlkem_decaps(p, dk, ct, ss);
        FUZZ_CHECK(!fix || r1 == 0);
        r2 = tacit_mlkem_decaps(p, dk, ct, ss2);
        FUZZ_CHECK(r1 == 0 || r1 == TACIT_ERR_BAD_INPUT);
        FUZZ_CHECK(r1 == r2 && memcmp(ss, ss2, 32) == 0);
        break;
    case 1:
        fill(seed, 64, &data, &size);
        fill(ct, tacit_mlkem_ct_bytes(p), &data, &size);
        FUZZ_CHECK(tacit_mlkem_keygen_seed(p, seed, ek, dk) == 0);
        FUZZ_CHECK(tacit_mlkem_decaps(p, dk, ct, ss) == 0);
        FUZZ_CHECK(tacit_mlkem_encaps_m(p, ek, ct, ct2, ss) == 0);
        FUZZ_CHECK(tacit_mlkem_decaps(p, dk, ct2, ss2) == 0);
        FUZZ_CHECK(memcmp(ss, ss2, 32) == 0);
        break;
    case 2:
        fill(ek, tacit_mlkem_ek_bytes(p), &data, &size);
        fill(seed, 32, &data, &size);
        r1 = tacit_mlkem_encaps_m(p, ek, seed, ct, ss);
        FUZZ_CHECK(r1 == 0 || r1 == TACIT_ERR_BAD_INPUT);
        break;
    default:
#if defined(TACIT_X25519_C)
    {
        static unsigned char key[TACIT_X25519MLKEM768_CLIENT_KEY_BYTES];
        static unsigned char share[TACIT_X25519MLKEM768_SERVER_SHARE_BYTES];
        fill(key, sizeof(key), &data, &size);
        fill(share, sizeof(share), &data, &size);
        r1 = tacit_x25519mlkem768_decaps(key, share, ss);
        FUZZ_CHECK(r1 == 0 || r1 == TACIT_ERR_BAD_INPUT || r1 == TACIT_ERR_X25519_SHARED_ZERO);
    }
#endif
    break;
    }
#else
    (void)data;
    (void)size;
#endif
    return 0;
}
