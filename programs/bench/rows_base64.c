/* Benchmark rows for the base64 area: see bench.h. */
#include "bench.h"

const bench_row bench_rows_base64[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
