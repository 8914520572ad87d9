/*
 * Benchmark rows for ML-KEM (FIPS 203) and X25519MLKEM768: key generation,
 * encapsulation and decapsulation of ML-KEM-768 (and of 512 and 1024), and
 * a whole X25519MLKEM768 exchange (client key share, server encapsulation,
 * client decapsulation).
 *
 * Peers: none yet.  OpenSSL has ML-KEM from 3.5 (Debian's 3.0 has not) and
 * liboqs is not packaged here; cycle counts (rdtsc, median) and the
 * portable-versus-AVX2 comparison come from programs/bench/bench_mlkem.c.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

#include "tacit/mlkem.h"

#if defined(TACIT_MLKEM_C)

enum { OP_KEYGEN, OP_ENCAPS, OP_DECAPS, OP_HYBRID };

typedef struct {
    tacit_mlkem_params p;
    int op;
} arg_t;

typedef struct {
    arg_t a;
    unsigned char ek[TACIT_MLKEM_MAX_EK_BYTES], dk[TACIT_MLKEM_MAX_DK_BYTES];
    unsigned char ct[TACIT_MLKEM_MAX_CT_BYTES], ss[64], seed[64];
    unsigned char share[TACIT_X25519MLKEM768_CLIENT_SHARE_BYTES];
    unsigned char key[TACIT_X25519MLKEM768_CLIENT_KEY_BYTES];
    unsigned char sshare[TACIT_X25519MLKEM768_SERVER_SHARE_BYTES];
} state;

static void *tacit_setup(const void *arg)
{
    state *s = (state *)calloc(1, sizeof(*s));
    size_t i;

    if (s == NULL) {
        return NULL;
    }
    s->a = *(const arg_t *)arg;
    for (i = 0; i < 64; i++) {
        s->seed[i] = (unsigned char)(i * 29 + 7);
    }
    if (tacit_mlkem_keygen_seed(s->a.p, s->seed, s->ek, s->dk) != 0 ||
        tacit_mlkem_encaps_m(s->a.p, s->ek, s->seed, s->ct, s->ss) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

static int tacit_run(void *p)
{
    state *s = (state *)p;
    int ret;

    switch (s->a.op) {
    case OP_KEYGEN:
        return tacit_mlkem_keygen(s->a.p, s->ek, s->dk, NULL, NULL);
    case OP_ENCAPS:
        return tacit_mlkem_encaps(s->a.p, s->ek, s->ct, s->ss, NULL, NULL);
    case OP_DECAPS:
        return tacit_mlkem_decaps(s->a.p, s->dk, s->ct, s->ss);
    default:
#if defined(TACIT_X25519_C)
        ret = tacit_x25519mlkem768_keygen(s->share, s->key, NULL, NULL);
        if (ret == 0) {
            ret = tacit_x25519mlkem768_encaps(s->share, s->sshare, s->ss, NULL, NULL);
        }
        if (ret == 0) {
            ret = tacit_x25519mlkem768_decaps(s->key, s->sshare, s->ss);
        }
        return ret;
#else
        (void)ret;
        return -1;
#endif
    }
}

static void tacit_teardown(void *p)
{
    free(p);
}

#define TACIT_IMPL                                                                                 \
    {                                                                                              \
        {                                                                                          \
            "tacit", tacit_setup, tacit_run, tacit_teardown, 0                                     \
        }                                                                                          \
    }

static const arg_t a768k = { TACIT_MLKEM_768, OP_KEYGEN }, a768e = { TACIT_MLKEM_768, OP_ENCAPS },
                   a768d = { TACIT_MLKEM_768, OP_DECAPS }, a512k = { TACIT_MLKEM_512, OP_KEYGEN },
                   a512e = { TACIT_MLKEM_512, OP_ENCAPS }, a512d = { TACIT_MLKEM_512, OP_DECAPS },
                   a1024k = { TACIT_MLKEM_1024, OP_KEYGEN },
                   a1024e = { TACIT_MLKEM_1024, OP_ENCAPS },
                   a1024d = { TACIT_MLKEM_1024, OP_DECAPS }, ahyb = { TACIT_MLKEM_768, OP_HYBRID };

const bench_row bench_rows_mlkem[] = {
    { "mlkem768-keygen", "ML-KEM-768 keygen", 0, &a768k, TACIT_IMPL },
    { "mlkem768-encaps", "ML-KEM-768 encaps", 0, &a768e, TACIT_IMPL },
    { "mlkem768-decaps", "ML-KEM-768 decaps", 0, &a768d, TACIT_IMPL },
#if defined(TACIT_X25519_C)
    { "x25519mlkem768", "X25519MLKEM768 client+server", 0, &ahyb, TACIT_IMPL },
#endif
    { "mlkem512-keygen", "ML-KEM-512 keygen", 0, &a512k, TACIT_IMPL },
    { "mlkem512-encaps", "ML-KEM-512 encaps", 0, &a512e, TACIT_IMPL },
    { "mlkem512-decaps", "ML-KEM-512 decaps", 0, &a512d, TACIT_IMPL },
    { "mlkem1024-keygen", "ML-KEM-1024 keygen", 0, &a1024k, TACIT_IMPL },
    { "mlkem1024-encaps", "ML-KEM-1024 encaps", 0, &a1024e, TACIT_IMPL },
    { "mlkem1024-decaps", "ML-KEM-1024 decaps", 0, &a1024d, TACIT_IMPL },
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};

#else
const bench_row bench_rows_mlkem[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
#endif
