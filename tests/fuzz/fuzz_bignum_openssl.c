/*
 * Differential: tacit_mpi against OpenSSL's BIGNUM on inputs up to 4096
 * bits: add, sub, mul, div/mod, gcd, modular inverse, and exp_mod (the
 * constant-time and the public-exponent paths must both match BN_mod_exp).
 * Input: a flags byte (signs), then three length-prefixed byte strings
 * A, B, E (length byte * 2, so up to 510 bytes each) and N = B made odd.
 * The exponent is cut to 64 bytes so that a 4096-bit exp_mod stays fast
 * enough for fuzzing (the exponent's length only sets the loop count).
 */
#include <stdint.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/err.h>

#include "tacit/bignum.h"
#include "fuzz_util.h"

static BN_CTX *bnctx;

static void check_eq(const tacit_mpi *x, const BIGNUM *b, const char *op)
{
    unsigned char t[1100], o[1100];
    size_t tl = tacit_mpi_size(x), ol = (size_t)BN_num_bytes(b);
    int tneg = tacit_mpi_cmp_int(x, 0) < 0, oneg = BN_is_negative(b) && !BN_is_zero(b);

    FUZZ_CHECK(tl <= sizeof(t) && ol <= sizeof(o));
    FUZZ_CHECK(tacit_mpi_write_binary(x, t, tl) == 0);
    BN_bn2bin(b, o);
    if (tl != ol || memcmp(t, o, tl) != 0 || tneg != oneg) {
        fprintf(stderr, "mismatch in %s\n", op);
        abort();
    }
}

static const uint8_t *take(const uint8_t **p, const uint8_t *end, size_t *len)
{
    size_t n;
    const uint8_t *r;
    if (*p >= end) {
        *len = 0;
        return *p;
    }
    n = (size_t)(**p) * 2;
    (*p)++;
    if (n > (size_t)(end - *p)) {
        n = (size_t)(end - *p);
    }
    r = *p;
    *p += n;
    *len = n;
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size, *ab, *bb, *eb;
    size_t al, bl, el;
    unsigned flags;
    tacit_mpi A, B, E, N, X, Y;
    BIGNUM *a, *b, *e, *n, *x, *y;
    unsigned char nbuf[512];

    if (size < 1) {
        return 0;
    }
    if (bnctx == NULL) {
        bnctx = BN_CTX_new();
    }
    flags = *p++;
    ab = take(&p, end, &al);
    bb = take(&p, end, &bl);
    eb = take(&p, end, &el);
    if (el > 64) {
        el = 64;
    }

    tacit_mpi_init(&A);
    tacit_mpi_init(&B);
    tacit_mpi_init(&E);
    tacit_mpi_init(&N);
    tacit_mpi_init(&X);
    tacit_mpi_init(&Y);
    a = BN_new();
    b = BN_new();
    e = BN_new();
    n = BN_new();
    x = BN_new();
    y = BN_new();
    FUZZ_CHECK(a && b && e && n && x && y);

    FUZZ_CHECK(tacit_mpi_read_binary(&A, ab, al) == 0 && BN_bin2bn(ab, (int)al, a));
    FUZZ_CHECK(tacit_mpi_read_binary(&B, bb, bl) == 0 && BN_bin2bn(bb, (int)bl, b));
    FUZZ_CHECK(tacit_mpi_read_binary(&E, eb, el) == 0 && BN_bin2bn(eb, (int)el, e));
    if (flags & 1) {
        FUZZ_CHECK(tacit_mpi_lset(&Y, -1) == 0 && tacit_mpi_mul_mpi(&A, &A, &Y) == 0);
        BN_set_negative(a, 1);
    }
    if (flags & 2) {
        FUZZ_CHECK(tacit_mpi_lset(&Y, -1) == 0 && tacit_mpi_mul_mpi(&B, &B, &Y) == 0);
        BN_set_negative(b, 1);
    }

    FUZZ_CHECK(tacit_mpi_add_mpi(&X, &A, &B) == 0 && BN_add(x, a, b));
    check_eq(&X, x, "add");
    FUZZ_CHECK(tacit_mpi_sub_mpi(&X, &A, &B) == 0 && BN_sub(x, a, b));
    check_eq(&X, x, "sub");
    FUZZ_CHECK(tacit_mpi_mul_mpi(&X, &A, &B) == 0 && BN_mul(x, a, b, bnctx));
    check_eq(&X, x, "mul");

    if (!BN_is_zero(b) && !BN_is_negative(b)) {
        /* mod: both give the non-negative remainder for B > 0. */
        FUZZ_CHECK(tacit_mpi_mod_mpi(&X, &A, &B) == 0 && BN_nnmod(x, a, b, bnctx));
        check_eq(&X, x, "mod");
        if (!BN_is_negative(a)) {
            FUZZ_CHECK(tacit_mpi_div_mpi(&Y, &X, &A, &B) == 0 && BN_div(y, x, a, b, bnctx));
            check_eq(&Y, y, "div quotient");
            check_eq(&X, x, "div remainder");
        }
    }
    if (!BN_is_negative(a) && !BN_is_negative(b)) {
        FUZZ_CHECK(tacit_mpi_gcd(&X, &A, &B) == 0 && BN_gcd(x, a, b, bnctx));
        check_eq(&X, x, "gcd");
    }

    /* N = |B| made odd and > 1: inverse and exponentiation. */
    if (bl > 0) {
        int ret_t;
        BIGNUM *r;
        memcpy(nbuf, bb, bl);
        nbuf[bl - 1] |= 1;
        FUZZ_CHECK(tacit_mpi_read_binary(&N, nbuf, bl) == 0 && BN_bin2bn(nbuf, (int)bl, n));
        if (!BN_is_one(n)) {
            ret_t = tacit_mpi_inv_mod(&X, &A, &N);
            ERR_set_mark();
            r = BN_mod_inverse(x, a, n, bnctx);
            ERR_pop_to_mark();
            FUZZ_CHECK((ret_t == 0) == (r != NULL));
            if (ret_t == 0)
                check_eq(&X, x, "inv_mod");

            FUZZ_CHECK(BN_mod_exp(x, a, e, n, bnctx));
            FUZZ_CHECK(tacit_mpi_exp_mod(&X, &A, &E, &N, NULL) == 0);
            check_eq(&X, x, "exp_mod");
            FUZZ_CHECK(tacit_mpi_exp_mod_unsafe(&Y, &A, &E, &N, NULL) == 0);
            check_eq(&Y, x, "exp_mod_unsafe");
        }
    }

    tacit_mpi_free(&A);
    tacit_mpi_free(&B);
    tacit_mpi_free(&E);
    tacit_mpi_free(&N);
    tacit_mpi_free(&X);
    tacit_mpi_free(&Y);
    BN_free(a);
    BN_free(b);
    BN_free(e);
    BN_free(n);
    BN_free(x);
    BN_free(y);
    return 0;
}
