/* Benchmark rows for the exp_mod area: see bench.h. */
#include "bench.h"

const bench_row bench_rows_exp_mod[] = {
    { NULL, NULL, 0, NULL, { { NULL, NULL, NULL, NULL, 0 } } },
};
