/*
 * bench_exp_mod: modular exponentiation, tacit against OpenSSL, mbed TLS
 * and GMP (--peers).  The rows are in programs/bench/rows_exp_mod.c.
 */
#include "bench.h"

int main(int argc, char **argv)
{
    static const bench_row *const tables[] = { bench_rows_exp_mod, NULL };

    /* bench_main takes the arguments after the program name */
    return bench_main("bench_exp_mod", argc - 1, argv + 1, tables);
}
