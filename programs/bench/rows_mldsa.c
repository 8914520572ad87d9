/*
 * Benchmark rows for ML-DSA (FIPS 204): key generation from a seed,
 * deterministic signing of a 64-byte message (the number of rejected
 * attempts varies with the message: each run signs a different one, so the
 * figure is the average over messages), and verification.  ML-DSA-65 is the
 * headline; 44 and 87 are in `--list`.
 *
 * Peers: none here.  OpenSSL has ML-DSA from 3.5 on only (Debian's 3.0 has
 * not), and liboqs is not packaged; the comparison with the pq-crystals
 * code is made by the acceptance run.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/mldsa.h"

#if defined(TACIT_MLDSA_C)

enum { OP_KEYGEN, OP_SIGN, OP_VERIFY };

typedef struct {
    tacit_mldsa_params p;
    int op;
} row_arg;

typedef struct {
    row_arg a;
    unsigned ctr;
    size_t sig_len;
    unsigned char seed[32], msg[64];
    unsigned char pk[TACIT_MLDSA_MAX_PK_BYTES], sk[TACIT_MLDSA_MAX_SK_BYTES];
    unsigned char sig[TACIT_MLDSA_MAX_SIG_BYTES];
} state;

static void *tacit_setup(const void *arg)
{
    state *s = (state *)calloc(1, sizeof(*s));
    size_t i;

    if (s == NULL) {
        return NULL;
    }
    s->a = *(const row_arg *)arg;
    for (i = 0; i < 32; i++) {
        s->seed[i] = (unsigned char)(i * 29 + 7);
    }
    for (i = 0; i < sizeof(s->msg); i++) {
        s->msg[i] = (unsigned char)(0xA5 ^ (i * 13));
    }
    if (tacit_mldsa_keygen_seed(s->a.p, s->seed, s->pk, s->sk) != 0 ||
        tacit_mldsa_sign_det(s->a.p, s->sk, s->msg, sizeof(s->msg), NULL, 0, s->sig, sizeof(s->sig),
                             &s->sig_len) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

static int tacit_run(void *p)
{
    state *s = (state *)p;

    switch (s->a.op) {
    case OP_KEYGEN:
        s->seed[0] = (unsigned char)s->ctr++;
        return tacit_mldsa_keygen_seed(s->a.p, s->seed, s->pk, s->sk);
    case OP_SIGN:
        /* a new message each time: the average over the attempt counts */
        s->ctr++;
        memcpy(s->msg, &s->ctr, sizeof(s->ctr));
        return tacit_mldsa_sign_det(s->a.p, s->sk, s->msg, sizeof(s->msg), NULL, 0, s->sig,
                                    sizeof(s->sig), &s->sig_len);
    default:
        return tacit_mldsa_verify(s->a.p, s->pk, s->msg, sizeof(s->msg), NULL, 0, s->sig,
                                  s->sig_len);
    }
}

static void tacit_teardown(void *p)
{
    free(p);
}

static const row_arg args[9] = {
    { TACIT_MLDSA_65, OP_KEYGEN }, { TACIT_MLDSA_65, OP_SIGN }, { TACIT_MLDSA_65, OP_VERIFY },
    { TACIT_MLDSA_44, OP_KEYGEN }, { TACIT_MLDSA_44, OP_SIGN }, { TACIT_MLDSA_44, OP_VERIFY },
    { TACIT_MLDSA_87, OP_KEYGEN }, { TACIT_MLDSA_87, OP_SIGN }, { TACIT_MLDSA_87, OP_VERIFY },
};

#define ROW(id, title, i)                                                                          \
    {                                                                                              \
        id, title, 0, &args[i],                                                                    \
        {                                                                                          \
            {                                                                                      \
                "tacit", tacit_setup, tacit_run, tacit_teardown, 0                                 \
            }                                                                                      \
        }                                                                                          \
    }

const bench_row bench_rows_mldsa[] = {
    ROW("mldsa65-keygen", "ML-DSA-65 keygen", 0),
    ROW("mldsa65-sign", "ML-DSA-65 sign", 1),
    ROW("mldsa65-verify", "ML-DSA-65 verify", 2),
    ROW("mldsa44-keygen", "ML-DSA-44 keygen", 3),
    ROW("mldsa44-sign", "ML-DSA-44 sign", 4),
    ROW("mldsa44-verify", "ML-DSA-44 verify", 5),
    ROW("mldsa87-keygen", "ML-DSA-87 keygen", 6),
    ROW("mldsa87-sign", "ML-DSA-87 sign", 7),
    ROW("mldsa87-verify", "ML-DSA-87 verify", 8),
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#else
const bench_row bench_rows_mldsa[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
