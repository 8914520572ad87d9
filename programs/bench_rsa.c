/*
 * bench_rsa: RSA sign (private op), verify (public op) and key generation,
 * tacit against OpenSSL, mbed TLS, BearSSL and nettle (--peers).  The rows
 * are in programs/bench/rows_rsa.c.  For OpenSSL without its vector/ADX
 * code run it again with OPENSSL_ia32cap=0 in the environment.
 */
#include "bench/bench.h"

int main(int argc, char **argv)
{
    static const bench_row *const tables[] = { bench_rows_rsa, NULL };

    /* bench_main takes the arguments after the program name */
    return bench_main("bench_rsa", argc - 1, argv + 1, tables);
}
