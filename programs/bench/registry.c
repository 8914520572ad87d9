/* Every area's rows, in the order `tacit speed` runs them. */
#include "bench.h"

const bench_row *const bench_all_tables[] = {
    bench_rows_exp_mod, bench_rows_inv,   bench_rows_rsa,        bench_rows_keyload,
    bench_rows_ecc,     bench_rows_25519, bench_rows_sha,        bench_rows_sha3,
    bench_rows_base64,  bench_rows_x509,  bench_rows_chachapoly, bench_rows_chacha20,
    bench_rows_aead,    bench_rows_mldsa, bench_rows_mlkem,      NULL,
};
