/*
 * tacit_mpi text import/export in radix 10 and 16.  Leaky (public values:
 * configuration, test vectors, printing).
 */
#include "tacit/config.h"

#if defined(TACIT_BIGNUM_C)

#include <stdlib.h>
#include <string.h>

#include "bignum/bignum_core.h"
#include "bignum/bignum_core_limb.h"
#include "bignum/bignum_internal.h"
#include "tacit/bignum.h"
#include "tacit/platform.h"
#include "core/platform_internal.h"

/* Value of a digit in radix 10 or 16, or -1. */
static int digit_value(char c, int radix)
{
    int v = -1;

    if (c >= '0' && c <= '9') {
        v = c - '0';
    } else if (c >= 'a' && c <= 'f') {
        v = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
        v = c - 'A' + 10;
    }
    return v < radix ? v : -1;
}

/*
 * Leaks: the characters of s (digit values steer branches) and its length.
 * Only for: public text (test vectors, configuration, printing).
 */
int tacit_mpi_read_string_unsafe(tacit_mpi *X, int radix, const char *s)
{
    tacit_mpi T;
    size_t len, i, limbs, bits;
    int neg = 0, ret;

    if (X == NULL || s == NULL || (radix != 10 && radix != 16)) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (s[0] == '-') {
        neg = 1;
        s++;
    }
    len = strlen(s);
    if (len == 0) {
        return TACIT_ERR_MPI_INVALID_CHARACTER;
    }
    for (i = 0; i < len; i++) {
        if (digit_value(s[i], radix) < 0) {
            return TACIT_ERR_MPI_INVALID_CHARACTER;
        }
    }
    while (len > 1 && s[0] == '0') {
        s++;
        len--;
    }
    /* log2(10) < 3.33 */
    bits = radix == 16 ? 4 * len : len / 3 * 10 + 4 * (len % 3);
    if (bits / TACIT_MPI_LIMB_BITS >= TACIT_MPI_GROW_MAX_LIMBS) {
        return TACIT_ERR_MPI_TOO_LARGE;
    }
    limbs = TACIT_MPI_CORE_BITS_TO_LIMBS(bits);
    tacit_mpi_init(&T);
    if ((ret = tacit_mpi_grow(&T, limbs)) != 0) {
        return ret;
    }
    /* T = T * radix + digit, in place: one path for both radices (code size) */
    for (i = 0; i < len; i++) {
        tacit_mpi_uint c = (tacit_mpi_uint)digit_value(s[i], radix);
        size_t k;
        for (k = 0; k < limbs; k++) {
            T.p[k] = tacit_mpi_muladd(&c, T.p[k], (tacit_mpi_uint)radix, c, 0);
        }
    }
    T.s = neg ? -1 : 1;
    tacit_mpi_normalize_sign(&T);
    tacit_mpi_swap(X, &T);
    tacit_mpi_free(&T);
    return 0;
}

/*
 * Divide the limb array X (n limbs) in place by d < 2^(biL/2) and return
 * the remainder, working in half limbs so no wider type is needed.
 */
static tacit_mpi_uint div_small(tacit_mpi_uint *X, size_t n, tacit_mpi_uint d)
{
    const unsigned h = TACIT_MPI_LIMB_BITS / 2;
    const tacit_mpi_uint lmask = ((tacit_mpi_uint)1 << h) - 1;
    tacit_mpi_uint r = 0;
    size_t i;

    for (i = n; i-- > 0;) {
        tacit_mpi_uint hi = (r << h) | (X[i] >> h), qh, ql, lo;
        qh = hi / d;
        r = hi % d;
        lo = (r << h) | (X[i] & lmask);
        ql = lo / d;
        r = lo % d;
        X[i] = (qh << h) | ql;
    }
    return r;
}

/*
 * Leaks: X (its significant length and the digits, through division by the radix).
 * Only for: public values, or values whose printed text is revealed anyway.
 */
int tacit_mpi_write_string_unsafe(const tacit_mpi *X, int radix, char *buf, size_t buflen,
                                  size_t *out_len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t used, ndig = 0, need, i;
    char *digits = NULL; /* least significant first */
    tacit_mpi_uint *W = NULL;
    int ret = 0, neg;

    if (X == NULL || out_len == NULL || (buf == NULL && buflen != 0) ||
        (radix != 10 && radix != 16)) {
        return TACIT_ERR_BAD_INPUT;
    }
    used = tacit_mpi_used_limbs_unsafe(X);
    neg = X->s < 0 && used > 0;
    /* at most biL/3 + 1 decimal digits per limb; biL/4 hex */
    digits = (char *)tacit_platform_calloc(1, used * (TACIT_MPI_LIMB_BITS / 3 + 1) + 1);
    W = (tacit_mpi_uint *)tacit_platform_calloc(used + 1, sizeof(*W));
    if (digits == NULL || W == NULL) {
        ret = TACIT_ERR_ALLOC_FAILED;
        goto cleanup;
    }
    if (used > 0) {
        memcpy(W, X->p, used * sizeof(*W));
    }
    {
        /*
         * Chunks of radix^digits below half a limb (div_small), least
         * significant first: 10^4 or 10^9, 16^3 or 16^7.  One path for both
         * radices (code size).
         */
        const unsigned chunk_digits =
            radix == 10 ? (TACIT_MPI_LIMB_BITS == 64 ? 9 : 4) : (TACIT_MPI_LIMB_BITS == 64 ? 7 : 3);
        tacit_mpi_uint chunk = 1;
        size_t n = used;
        for (i = 0; i < chunk_digits; i++) {
            chunk *= (tacit_mpi_uint)radix;
        }
        while (n > 0) {
            tacit_mpi_uint r = div_small(W, n, chunk);
            unsigned k;
            while (n > 0 && W[n - 1] == 0) {
                n--;
            }
            for (k = 0; k < chunk_digits && (n > 0 || r != 0); k++) {
                digits[ndig++] = hex[r % (tacit_mpi_uint)radix];
                r /= (tacit_mpi_uint)radix;
            }
        }
    }
    if (ndig == 0) {
        digits[ndig++] = '0';
    }
    need = (size_t)neg + ndig + 1;
    *out_len = need;
    if (buflen < need) {
        if (buflen > 0) {
            buf[0] = '\0';
        }
        ret = TACIT_ERR_BUFFER_TOO_SMALL;
        goto cleanup;
    }
    i = 0;
    if (neg) {
        buf[i++] = '-';
    }
    while (ndig > 0) {
        buf[i++] = digits[--ndig];
    }
    buf[i] = '\0';
cleanup:
    tacit_platform_free(digits);
    if (W != NULL) {
        tacit_platform_zeroize(W, (used + 1) * sizeof(*W));
        tacit_platform_free(W);
    }
    return ret;
}

#else
typedef int tacit_bignum_string_unused;
#endif /* TACIT_BIGNUM_C */
