/* Benchmark rows for the ecc area: see bench.h. */
#include "bench.h"

const bench_row bench_rows_ecc[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
