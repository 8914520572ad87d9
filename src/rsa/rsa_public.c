/*
 * The RSA public operation, x^e mod n, on the fast path: e is public, so it
 * goes through tacit_mpi_core_exp_mod_unsafe, whose sliding window is sized
 * from e's real bit length (17 bits for 65537, however e was stored).
 */
#include "rsa/rsa_internal.h"

#if defined(TACIT_RSA_C)

#include <stdlib.h>
#include <string.h>

#include "core/constant_time_internal.h"
#include "core/platform_internal.h"

int tacit_rsa_public(const tacit_rsa_context *ctx, const unsigned char *in, size_t in_len,
                     unsigned char *out, size_t out_size, size_t *out_len)
{
    size_t nl, tl;
    tacit_mpi_uint *X, *T, ok;
    int ret;

    if (ctx == NULL || in == NULL || out_len == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (ctx->cache == NULL) {
        return TACIT_ERR_RSA_KEY_CHECK_FAILED;
    }
    if (in_len != ctx->len) {
        return TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
    }
    if (out == NULL || out_size < ctx->len) {
        *out_len = ctx->len;
        return TACIT_ERR_BUFFER_TOO_SMALL;
    }
    nl = ctx->nlimbs;
    tl = tacit_mpi_core_exp_mod_unsafe_working_limbs(nl, ctx->elimbs);
    X = (tacit_mpi_uint *)tacit_platform_calloc(nl + tl, sizeof(tacit_mpi_uint));
    if (X == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    T = X + nl;
    /* for encryption the input holds the (secret) message: only the range verdict is public */
    ok = tacit_mpi_core_read_be(X, nl, in, in_len) == 0 ? tacit_mpi_core_lt_ct(X, RSA_C_N(ctx), nl)
                                                        : 0;
    tacit_ct_declassify(&ok, sizeof(ok));
    if (!ok) {
        ret = TACIT_ERR_RSA_INPUT_OUT_OF_RANGE;
        goto cleanup;
    }
    tacit_mpi_core_exp_mod_unsafe(X, X, RSA_C_N(ctx), nl, RSA_C_E(ctx), ctx->elimbs, RSA_C_RN(ctx),
                                  T);
    ret = tacit_mpi_core_write_be(X, nl, out, ctx->len) == 0 ? 0 : TACIT_ERR_RSA_PUBLIC_FAILED;
    if (ret == 0) {
        *out_len = ctx->len;
    }
cleanup:
    /* the input may be an encryption's padded plaintext */
    tacit_platform_zeroize(X, (nl + tl) * sizeof(tacit_mpi_uint));
    tacit_platform_free(X);
    return ret;
}

#else
typedef int tacit_rsa_public_unused;
#endif /* TACIT_RSA_C */
