/* Benchmark rows for the sha area: see bench.h. */
#include "bench.h"

const bench_row bench_rows_sha[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
