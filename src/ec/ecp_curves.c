/*
 * The supported curves enabled in the configuration (TACIT_ECP_SECPxxxR1_C): their constants (ecp_data.c, generated) tied
 * to their field products, and lookup by id or name.
 */
#include "ec/ecp_internal.h"

#if defined(TACIT_ECP_C)

#include <string.h>

#if defined(TACIT_ECP_SMALL)
#include "ec/ecp_small.h"
/*
 * The small profile: its constants and generic field (ecp_small*.c); no
 * fixed-base tables and no per-curve point formulas (NULL).
 */
#define CURVE(ID, NAME, nm, code, BITS, PMM, NMM, COMB, FEINV, SCINV)                              \
    {                                                                                              \
        .id = ID, .name = NAME, .limbs = TACIT_ECP_SMALL_LIMBS(BITS), .bits = BITS,                \
        .bytes = (BITS + 7) / 8, .digits = (BITS + TACIT_ECP_W - 1) / TACIT_ECP_W,                 \
        .p = tacit_ecp_small_##nm##_p, .n = tacit_ecp_small_##nm##_n,                              \
        .b = tacit_ecp_small_##nm##_b, .one = tacit_ecp_small_##nm##_one,                          \
        .rr_p = tacit_ecp_small_##nm##_rr_p, .gx = tacit_ecp_small_##nm##_gx,                      \
        .gy = tacit_ecp_small_##nm##_gy, .rr_n = tacit_ecp_small_##nm##_rr_n,                      \
        .one_n = tacit_ecp_small_##nm##_one_n, .p_mm = (tacit_mpi_uint)(PMM),                      \
        .n_mm = (tacit_mpi_uint)(NMM), .mul = tacit_ecp_small_##nm##_mul,                          \
        .sqr = tacit_ecp_small_##nm##_mul, /* every caller passes a twice */                       \
            .add = tacit_ecp_small_##nm##_add, .sub = tacit_ecp_small_##nm##_sub,                  \
        .sc_mul = tacit_ecp_small_##nm##_sc_mul,                                                   \
    }
#else
#define CURVE(ID, NAME, name, code, BITS, PMM, NMM, COMB, FEINV, SCINV)                            \
    {                                                                                              \
        ID, NAME, (BITS + 63) / 64 * 64 / TACIT_MPI_LIMB_BITS, BITS, (BITS + 7) / 8,               \
            (BITS + TACIT_ECP_W - 1) / TACIT_ECP_W, tacit_ecp_##name##_p, tacit_ecp_##name##_n,    \
            tacit_ecp_##name##_b_mont, tacit_ecp_##name##_one_mont, tacit_ecp_##name##_rr_p,       \
            tacit_ecp_##name##_gx_mont, tacit_ecp_##name##_gy_mont, tacit_ecp_##name##_rr_n,       \
            tacit_ecp_##name##_one_n, (tacit_mpi_uint)(PMM), (tacit_mpi_uint)(NMM),                \
            tacit_ecp_##name##_gtab, COMB, tacit_ecp_##code##_mul, tacit_ecp_##code##_sqr,         \
            tacit_ecp_##code##_add, tacit_ecp_##code##_sub, tacit_ecp_##code##_sc_mul,             \
            tacit_ecp_##code##_jac_dbl, tacit_ecp_##code##_jac_add, tacit_ecp_##code##_jac_madd,   \
            tacit_ecp_##code##_proj_madd, tacit_ecp_##code##_proj_dbl, FEINV, SCINV,               \
            tacit_ecp_##code##_jac_dbl_n, tacit_ecp_##code##_jac_odd_table                         \
    }

#endif /* TACIT_ECP_SMALL */

/* a Booth comb for k*G as (table, window, tables), or none */
#define NO_COMB NULL, 0, 0
#if defined(TACIT_ECP_P256_COMB7)
#define P256_COMB7 tacit_ecp_p256_comb7, 7, TACIT_ECP_COMB7_TABLES
#else
#define P256_COMB7 NO_COMB
#endif
#if defined(TACIT_ECP_P384_COMB6)
#define P384_COMB6 tacit_ecp_p384_comb6, 6, TACIT_ECP_COMB6_TABLES
#else
#define P384_COMB6 NO_COMB
#endif
#if defined(TACIT_ECP_P521_COMB5)
#define P521_COMB5 tacit_ecp_p521_comb5, 5, TACIT_ECP_COMB5_TABLES
#else
#define P521_COMB5 NO_COMB
#endif

/*
 * -m^-1 mod 2^64 for p and n (scripts/gen/gen_ecp_data.py prints them); the
 * cast keeps the low 32 bits, which is -m^-1 mod 2^32 for 32-bit limbs.
 */
static const tacit_ecp_curve curves[] = {
#if defined(TACIT_ECP_SECP256R1_C)
    CURVE(TACIT_ECP_SECP256R1, "P-256", p256, p256, 256, 0x0000000000000001u, 0xccd1c8aaee00bc4fu,
          P256_COMB7, tacit_ecp_p256_fe_inv, tacit_ecp_p256_sc_inv),
#endif
#if defined(TACIT_ECP_SECP384R1_C)
    CURVE(TACIT_ECP_SECP384R1, "P-384", p384, p384, 384, 0x0000000100000001u, 0x6ed46089e88fdc45u,
          P384_COMB6, NULL, NULL),
#endif
#if defined(TACIT_ECP_SECP521R1_C)
    CURVE(TACIT_ECP_SECP521R1, "P-521", p521, p521, 521, 0x0000000000000001u, 0x1d2f5ccd79a995c7u,
          P521_COMB5, tacit_ecp_p521_fe_inv, NULL),
#endif
};

#if defined(TACIT_ECP_P256_ADX)
/* P-256 with the MULX/ADX products (ecp_p256_x86_64.c): same data, other code */
static const tacit_ecp_curve p256_adx =
    CURVE(TACIT_ECP_SECP256R1, "P-256", p256, p256_adx, 256, 0x0000000000000001u,
          0xccd1c8aaee00bc4fu, P256_COMB7, tacit_ecp_p256_adx_fe_inv, tacit_ecp_p256_adx_sc_inv);
#endif

#if defined(TACIT_ECP_P384_ADX)
/* P-384 with the MULX/ADX products (x86_64/p384_adx.c): same data, other code */
static const tacit_ecp_curve p384_adx =
    CURVE(TACIT_ECP_SECP384R1, "P-384", p384, p384_adx, 384, 0x0000000100000001u,
          0x6ed46089e88fdc45u, P384_COMB6, NULL, NULL);
#endif

#if defined(TACIT_TEST_HOOKS)
int tacit_ecp_test_no_adx;
#endif

/* A curve disabled in the configuration is not in the table: NULL, like an unknown id. */
const tacit_ecp_curve *tacit_ecp_curve_get(tacit_ecp_group_id id)
{
    size_t i;

#if defined(TACIT_ECP_P256_ADX)
    if (id == TACIT_ECP_SECP256R1 && tacit_ecp_cpu_has_adx()
#if defined(TACIT_TEST_HOOKS)
        && !tacit_ecp_test_no_adx
#endif
    ) {
        return &p256_adx;
    }
#endif
#if defined(TACIT_ECP_P384_ADX)
    if (id == TACIT_ECP_SECP384R1 && tacit_ecp_cpu_has_adx()
#if defined(TACIT_TEST_HOOKS)
        && !tacit_ecp_test_no_adx
#endif
    ) {
        return &p384_adx;
    }
#endif
    for (i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        if (curves[i].id == id) {
            return &curves[i];
        }
    }
    return NULL;
}

size_t tacit_ecp_curve_bytes(tacit_ecp_group_id id)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(id);
    return c == NULL ? 0 : c->bytes;
}

const char *tacit_ecp_curve_name(tacit_ecp_group_id id)
{
    const tacit_ecp_curve *c = tacit_ecp_curve_get(id);
    return c == NULL ? NULL : c->name;
}

static int name_eq(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') {
            x = (char)(x - 'A' + 'a');
        }
        if (y >= 'A' && y <= 'Z') {
            y = (char)(y - 'A' + 'a');
        }
        if (x != y) {
            return 0;
        }
    }
    return *a == *b;
}

tacit_ecp_group_id tacit_ecp_curve_from_name(const char *name)
{
    static const struct {
        const char *name;
        tacit_ecp_group_id id;
    } names[] = {
#if defined(TACIT_ECP_SECP256R1_C)
        { "P-256", TACIT_ECP_SECP256R1 },
        { "secp256r1", TACIT_ECP_SECP256R1 },
        { "prime256v1", TACIT_ECP_SECP256R1 },
        { "P256", TACIT_ECP_SECP256R1 },
#endif
#if defined(TACIT_ECP_SECP384R1_C)
        { "P-384", TACIT_ECP_SECP384R1 },
        { "secp384r1", TACIT_ECP_SECP384R1 },
        { "P384", TACIT_ECP_SECP384R1 },
#endif
#if defined(TACIT_ECP_SECP521R1_C)
        { "P-521", TACIT_ECP_SECP521R1 },
        { "secp521r1", TACIT_ECP_SECP521R1 },
        { "P521", TACIT_ECP_SECP521R1 },
#endif
    };
    size_t i;

    if (name == NULL) {
        return TACIT_ECP_NONE;
    }
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (name_eq(name, names[i].name)) {
            return names[i].id;
        }
    }
    return TACIT_ECP_NONE;
}

#else
typedef int tacit_ecp_curves_unused;
#endif /* TACIT_ECP_C */
