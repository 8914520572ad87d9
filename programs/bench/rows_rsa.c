/* Benchmark rows for the rsa area: see bench.h. */
#include "bench.h"

const bench_row bench_rows_rsa[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
