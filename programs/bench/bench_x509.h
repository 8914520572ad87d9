/*
 * Loading a PEM bundle of root certificates and verifying every
 * self-signature, in tacit and the peers (rows_x509.c); shared by the x509
 * speed rows and load_roots --verify.
 */
#ifndef TACIT_BENCH_X509_H
#define TACIT_BENCH_X509_H

#include <stddef.h>

typedef struct {
    size_t certs;           /* certificates parsed */
    size_t verified;        /* self-signatures that verify */
    size_t failed;          /* self-issued certificates whose signature does not verify */
    size_t not_self_signed; /* issuer != subject */
    size_t parse_failed;    /* blocks that did not parse */
} bench_x509_counts;

/* Read a whole file (NUL-terminated; *len excludes the NUL).  0 or -1. */
int bench_x509_read_file(const char *path, unsigned char **buf, size_t *len);

/* Load and verify; pem must be NUL-terminated at pem[len].  0 or -1. */
int bench_x509_tacit(const unsigned char *pem, size_t len, bench_x509_counts *c);
int bench_x509_openssl(const unsigned char *pem, size_t len, bench_x509_counts *c);
int bench_x509_mbedtls(const unsigned char *pem, size_t len, bench_x509_counts *c);

#endif /* TACIT_BENCH_X509_H */
