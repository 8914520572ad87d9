/*
 * tacit_pk_context: the key, its type and description (see pk.h).
 */
#include "tacit/pk.h"

#if defined(TACIT_PK_C)

#include <stdio.h>
#include <string.h>

#include "tacit/platform.h"
#include "pk/pk_internal.h"

void tacit_pk_init(tacit_pk_context *ctx)
{
    if (ctx != NULL) {
        memset(ctx, 0, sizeof(*ctx));
    }
}

void tacit_pk_free(tacit_pk_context *ctx)
{
    if (ctx == NULL) {
        return;
    }
#if defined(TACIT_RSA_C)
    if (ctx->type == TACIT_PK_RSA) {
        tacit_rsa_free(&ctx->u.rsa);
    }
#endif
#if defined(TACIT_ECP_C)
    if (ctx->type == TACIT_PK_EC) {
        tacit_ecp_keypair_free(&ctx->u.ec);
    }
#endif
    tacit_pk_pq_free(ctx);
    /* Ed25519 and X25519 keys are plain bytes: the zeroize below wipes them */
    tacit_platform_zeroize(ctx, sizeof(*ctx));
}

tacit_pk_type tacit_pk_get_type(const tacit_pk_context *ctx)
{
    return ctx == NULL ? TACIT_PK_NONE : ctx->type;
}

size_t tacit_pk_bitlen(const tacit_pk_context *ctx)
{
    if (ctx == NULL) {
        return 0;
    }
#if defined(TACIT_RSA_C)
    if (ctx->type == TACIT_PK_RSA) {
        return tacit_rsa_bitlen(&ctx->u.rsa);
    }
#endif
#if defined(TACIT_ECP_C)
    if (ctx->type == TACIT_PK_EC) {
        size_t b = tacit_ecp_curve_bytes(ctx->u.ec.grp);
        return b == 66 ? 521 : 8 * b;
    }
#endif
    if (ctx->type == TACIT_PK_ED25519 || ctx->type == TACIT_PK_X25519) {
        return 255;
    }
    return tacit_pk_pq_number(ctx);
}

int tacit_pk_describe(const tacit_pk_context *ctx, char *buf, size_t size)
{
    if (buf == NULL || size == 0) {
        return TACIT_ERR_BAD_INPUT;
    }
    buf[0] = '\0';
    if (ctx == NULL) {
        return 0;
    }
#if defined(TACIT_RSA_C)
    if (ctx->type == TACIT_PK_RSA) {
        snprintf(buf, size, "%s-%u", ctx->rsa_pss_key ? "RSASSA-PSS" : "RSA",
                 (unsigned)tacit_rsa_bitlen(&ctx->u.rsa));
    }
#endif
#if defined(TACIT_ECP_C)
    if (ctx->type == TACIT_PK_EC) {
        snprintf(buf, size, "EC %s", tacit_ecp_curve_name(ctx->u.ec.grp));
    }
#endif
    if (ctx->type == TACIT_PK_ED25519) {
        snprintf(buf, size, "Ed25519");
    } else if (ctx->type == TACIT_PK_X25519) {
        snprintf(buf, size, "X25519");
    } else if (ctx->type == TACIT_PK_MLKEM || ctx->type == TACIT_PK_MLDSA) {
        snprintf(buf, size, "%s", tacit_pk_pq_name(ctx));
    }
    return 0;
}

#if defined(TACIT_RSA_C)
tacit_rsa_context *tacit_pk_rsa(tacit_pk_context *ctx)
{
    return ctx != NULL && ctx->type == TACIT_PK_RSA ? &ctx->u.rsa : NULL;
}
#endif

#if defined(TACIT_ECP_C)
tacit_ecp_keypair *tacit_pk_ec(tacit_pk_context *ctx)
{
    return ctx != NULL && ctx->type == TACIT_PK_EC ? &ctx->u.ec : NULL;
}
#endif

/*
 * Key generation, one shape for every type: the context is emptied and given its type, the
 * algorithm fills the key, and on failure the context is emptied again (a half-made key is wiped,
 * never left behind).
 */
static int gen_finish(tacit_pk_context *ctx, int ret)
{
    if (ret != 0) {
        tacit_pk_free(ctx);
        return ret;
    }
    ctx->is_private = 1;
    return 0;
}

#if defined(TACIT_RSA_C)
int tacit_pk_gen_rsa(tacit_pk_context *ctx, unsigned int nbits, int exponent, tacit_rng_func f_rng,
                     void *p_rng)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_pk_free(ctx);
    tacit_rsa_init(&ctx->u.rsa);
    ctx->type = TACIT_PK_RSA;
    return gen_finish(ctx, tacit_rsa_gen_key(&ctx->u.rsa, nbits, exponent, f_rng, p_rng));
}
#endif

#if defined(TACIT_ECP_C)
int tacit_pk_gen_ec(tacit_pk_context *ctx, tacit_ecp_group_id grp, tacit_rng_func f_rng,
                    void *p_rng)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_pk_free(ctx);
    tacit_ecp_keypair_init(&ctx->u.ec);
    ctx->type = TACIT_PK_EC;
    return gen_finish(ctx, tacit_ecp_gen_key(&ctx->u.ec, grp, f_rng, p_rng));
}
#endif

#if defined(TACIT_ED25519_C)
tacit_ed25519_key *tacit_pk_ed25519(tacit_pk_context *ctx)
{
    return ctx != NULL && ctx->type == TACIT_PK_ED25519 ? &ctx->u.ed25519 : NULL;
}

int tacit_pk_gen_ed25519(tacit_pk_context *ctx, tacit_rng_func f_rng, void *p_rng)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_pk_free(ctx);
    ctx->type = TACIT_PK_ED25519;
    return gen_finish(ctx, tacit_ed25519_gen_key(&ctx->u.ed25519, f_rng, p_rng));
}
#endif

#if defined(TACIT_X25519_C)
tacit_x25519_key *tacit_pk_x25519(tacit_pk_context *ctx)
{
    return ctx != NULL && ctx->type == TACIT_PK_X25519 ? &ctx->u.x25519 : NULL;
}

int tacit_pk_gen_x25519(tacit_pk_context *ctx, tacit_rng_func f_rng, void *p_rng)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_pk_free(ctx);
    ctx->type = TACIT_PK_X25519;
    return gen_finish(ctx, tacit_x25519_gen_key(&ctx->u.x25519, f_rng, p_rng));
}
#endif

#if defined(TACIT_MLKEM_C) || defined(TACIT_MLDSA_C)
/* tacit_pk_pq_gen sets the type and allocates the key itself */
static int gen_pq(tacit_pk_context *ctx, tacit_pk_type type, int params, tacit_rng_func f_rng,
                  void *p_rng)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    tacit_pk_free(ctx);
    return gen_finish(ctx, tacit_pk_pq_gen(ctx, type, params, f_rng, p_rng));
}

#if defined(TACIT_MLKEM_C)
int tacit_pk_gen_mlkem(tacit_pk_context *ctx, tacit_mlkem_params params, tacit_rng_func f_rng,
                       void *p_rng)
{
    return gen_pq(ctx, TACIT_PK_MLKEM, (int)params, f_rng, p_rng);
}
#endif

#if defined(TACIT_MLDSA_C)
int tacit_pk_gen_mldsa(tacit_pk_context *ctx, tacit_mldsa_params params, tacit_rng_func f_rng,
                       void *p_rng)
{
    return gen_pq(ctx, TACIT_PK_MLDSA, (int)params, f_rng, p_rng);
}
#endif
#endif /* TACIT_MLKEM_C || TACIT_MLDSA_C */

#else
typedef int tacit_pk_unused;
#endif /* TACIT_PK_C */
