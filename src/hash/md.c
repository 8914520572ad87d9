/*
 * Dispatch from tacit_md_type to the hash modules.
 */
#include "tacit/md.h"

#if defined(TACIT_MD_C)

#include <string.h>

#include "tacit/platform.h"

size_t tacit_md_size(tacit_md_type type)
{
    switch (type) {
#if defined(TACIT_SHA1_C)
    case TACIT_MD_SHA1:
        return TACIT_SHA1_SIZE;
#endif
#if defined(TACIT_SHA256_C)
    case TACIT_MD_SHA224:
        return TACIT_SHA224_SIZE;
    case TACIT_MD_SHA256:
        return TACIT_SHA256_SIZE;
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MD_SHA384:
        return TACIT_SHA384_SIZE;
    case TACIT_MD_SHA512:
        return TACIT_SHA512_SIZE;
    case TACIT_MD_SHA512_224:
        return TACIT_SHA512_224_SIZE;
    case TACIT_MD_SHA512_256:
        return TACIT_SHA512_256_SIZE;
#endif
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
        return TACIT_SHA3_224_SIZE;
    case TACIT_MD_SHA3_256:
        return TACIT_SHA3_256_SIZE;
    case TACIT_MD_SHA3_384:
        return TACIT_SHA3_384_SIZE;
    case TACIT_MD_SHA3_512:
        return TACIT_SHA3_512_SIZE;
#endif
    default:
        return 0;
    }
}

size_t tacit_md_block_size(tacit_md_type type)
{
    switch (type) {
#if defined(TACIT_SHA1_C)
    case TACIT_MD_SHA1:
        return TACIT_SHA1_BLOCK_SIZE;
#endif
#if defined(TACIT_SHA256_C)
    case TACIT_MD_SHA224:
    case TACIT_MD_SHA256:
        return TACIT_SHA256_BLOCK_SIZE;
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MD_SHA384:
    case TACIT_MD_SHA512:
    case TACIT_MD_SHA512_224:
    case TACIT_MD_SHA512_256:
        return TACIT_SHA512_BLOCK_SIZE;
#endif
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
    case TACIT_MD_SHA3_256:
    case TACIT_MD_SHA3_384:
    case TACIT_MD_SHA3_512:
        return 200 - 2 * tacit_md_size(type); /* the rate */
#endif
    default:
        return 0;
    }
}

int tacit_md_starts(tacit_md_context *ctx)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    switch (ctx->type) {
#if defined(TACIT_SHA1_C)
    case TACIT_MD_SHA1:
        return tacit_sha1_starts(&ctx->u.sha1);
#endif
#if defined(TACIT_SHA256_C)
    case TACIT_MD_SHA224:
        return tacit_sha256_starts(&ctx->u.sha256, 1);
    case TACIT_MD_SHA256:
        return tacit_sha256_starts(&ctx->u.sha256, 0);
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MD_SHA384:
        return tacit_sha512_starts(&ctx->u.sha512, 1);
    case TACIT_MD_SHA512:
        return tacit_sha512_starts(&ctx->u.sha512, 0);
    case TACIT_MD_SHA512_224:
        return tacit_sha512t_starts(&ctx->u.sha512, 224);
    case TACIT_MD_SHA512_256:
        return tacit_sha512t_starts(&ctx->u.sha512, 256);
#endif
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
    case TACIT_MD_SHA3_256:
    case TACIT_MD_SHA3_384:
    case TACIT_MD_SHA3_512:
        return tacit_sha3_starts(&ctx->u.sha3, ctx->type);
#endif
    default:
        return TACIT_ERR_MD_UNSUPPORTED;
    }
}

int tacit_md_init(tacit_md_context *ctx, tacit_md_type type)
{
    int ret;

    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    /* not memset: gcc inlines that as rep stos, slow to start on AMD; HMAC/HKDF init two per key */
    tacit_platform_zeroize(ctx, sizeof(*ctx));
    ctx->type = type;
    ret = tacit_md_starts(ctx);
    if (ret != 0) {
        ctx->type = TACIT_MD_NONE;
    }
    return ret;
}

int tacit_md_update(tacit_md_context *ctx, const unsigned char *in, size_t in_len)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    switch (ctx->type) {
#if defined(TACIT_SHA1_C)
    case TACIT_MD_SHA1:
        return tacit_sha1_update(&ctx->u.sha1, in, in_len);
#endif
#if defined(TACIT_SHA256_C)
    case TACIT_MD_SHA224:
    case TACIT_MD_SHA256:
        return tacit_sha256_update(&ctx->u.sha256, in, in_len);
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MD_SHA384:
    case TACIT_MD_SHA512:
    case TACIT_MD_SHA512_224:
    case TACIT_MD_SHA512_256:
        return tacit_sha512_update(&ctx->u.sha512, in, in_len);
#endif
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
    case TACIT_MD_SHA3_256:
    case TACIT_MD_SHA3_384:
    case TACIT_MD_SHA3_512:
        return tacit_sha3_update(&ctx->u.sha3, in, in_len);
#endif
    default:
        return TACIT_ERR_MD_UNSUPPORTED;
    }
}

int tacit_md_finish(tacit_md_context *ctx, unsigned char *out)
{
    if (ctx == NULL) {
        return TACIT_ERR_BAD_INPUT;
    }
    switch (ctx->type) {
#if defined(TACIT_SHA1_C)
    case TACIT_MD_SHA1:
        return tacit_sha1_finish(&ctx->u.sha1, out);
#endif
#if defined(TACIT_SHA256_C)
    case TACIT_MD_SHA224:
    case TACIT_MD_SHA256:
        return tacit_sha256_finish(&ctx->u.sha256, out);
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MD_SHA384:
    case TACIT_MD_SHA512:
    case TACIT_MD_SHA512_224:
    case TACIT_MD_SHA512_256:
        return tacit_sha512_finish(&ctx->u.sha512, out);
#endif
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
    case TACIT_MD_SHA3_256:
    case TACIT_MD_SHA3_384:
    case TACIT_MD_SHA3_512:
        return tacit_sha3_finish(&ctx->u.sha3, out);
#endif
    default:
        return TACIT_ERR_MD_UNSUPPORTED;
    }
}

void tacit_md_free(tacit_md_context *ctx)
{
    if (ctx != NULL) {
        tacit_platform_zeroize(ctx, sizeof(*ctx));
    }
}

int tacit_md(tacit_md_type type, const unsigned char *in, size_t in_len, unsigned char *out)
{
    switch (type) {
#if defined(TACIT_SHA1_C)
    case TACIT_MD_SHA1:
        return tacit_sha1(in, in_len, out);
#endif
#if defined(TACIT_SHA256_C)
    case TACIT_MD_SHA224:
        return tacit_sha224(in, in_len, out);
    case TACIT_MD_SHA256:
        return tacit_sha256(in, in_len, out);
#endif
#if defined(TACIT_SHA512_C)
    case TACIT_MD_SHA384:
        return tacit_sha384(in, in_len, out);
    case TACIT_MD_SHA512:
        return tacit_sha512(in, in_len, out);
    case TACIT_MD_SHA512_224:
        return tacit_sha512_224(in, in_len, out);
    case TACIT_MD_SHA512_256:
        return tacit_sha512_256(in, in_len, out);
#endif
#if defined(TACIT_SHA3_C)
    case TACIT_MD_SHA3_224:
        return tacit_sha3_224(in, in_len, out);
    case TACIT_MD_SHA3_256:
        return tacit_sha3_256(in, in_len, out);
    case TACIT_MD_SHA3_384:
        return tacit_sha3_384(in, in_len, out);
    case TACIT_MD_SHA3_512:
        return tacit_sha3_512(in, in_len, out);
#endif
    default:
        return TACIT_ERR_MD_UNSUPPORTED;
    }
}

static const struct {
    tacit_md_type type;
    const char *name;
} md_names[] = {
    { TACIT_MD_SHA1, "sha1" },
    { TACIT_MD_SHA224, "sha224" },
    { TACIT_MD_SHA256, "sha256" },
    { TACIT_MD_SHA384, "sha384" },
    { TACIT_MD_SHA512, "sha512" },
    { TACIT_MD_SHA3_224, "sha3-224" },
    { TACIT_MD_SHA3_256, "sha3-256" },
    { TACIT_MD_SHA3_384, "sha3-384" },
    { TACIT_MD_SHA3_512, "sha3-512" },
    { TACIT_MD_SHA512_224, "sha512-224" },
    { TACIT_MD_SHA512_256, "sha512-256" },
};

const char *tacit_md_name(tacit_md_type type)
{
    size_t i;

    for (i = 0; i < sizeof(md_names) / sizeof(md_names[0]); i++) {
        if (md_names[i].type == type) {
            return md_names[i].name;
        }
    }
    return NULL;
}

static int lower_ascii(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

tacit_md_type tacit_md_from_name(const char *name)
{
    char norm[12];
    size_t i, n = 0;

    if (name == NULL) {
        return TACIT_MD_NONE;
    }
    /* Lower-case, drop a '-' right after "sha", '_' and '/' as '-' ("sha3_256", "SHA-512/224"). */
    for (i = 0; name[i] != '\0'; i++) {
        if (name[i] == '-' && i == 3) {
            continue;
        }
        if (n + 1 >= sizeof(norm)) {
            return TACIT_MD_NONE;
        }
        norm[n++] =
            (name[i] == '_' || name[i] == '/') ? '-' : (char)lower_ascii((unsigned char)name[i]);
    }
    norm[n] = '\0';
    for (i = 0; i < sizeof(md_names) / sizeof(md_names[0]); i++) {
        if (strcmp(norm, md_names[i].name) == 0 && tacit_md_size(md_names[i].type) != 0) {
            return md_names[i].type;
        }
    }
    return TACIT_MD_NONE;
}

#else
typedef int tacit_md_unused;
#endif /* TACIT_MD_C */
