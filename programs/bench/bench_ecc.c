/*
 * bench_ecc: ECDSA sign/verify and ECDH on P-256, P-384, P-521, tacit
 * against OpenSSL, mbed TLS, BearSSL and nettle (--peers).  The rows are in
 * programs/bench/rows_ecc.c.
 */
#include "bench.h"

int main(int argc, char **argv)
{
    static const bench_row *const tables[] = { bench_rows_ecc, NULL };

    /* bench_main takes the arguments after the program name */
    return bench_main("bench_ecc", argc - 1, argv + 1, tables);
}
