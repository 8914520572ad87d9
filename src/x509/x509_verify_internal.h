/*
 * The state of one tacit_x509_verify call, shared by x509_verify.c and
 * x509_names.c.
 */
#ifndef TACIT_X509_VERIFY_INTERNAL_H
#define TACIT_X509_VERIFY_INTERNAL_H

#include "tacit/x509.h"

typedef tacit_x509_reason reason_t;

typedef struct {
    const tacit_x509_verify_params *params;
    const tacit_x509_store *untrusted, *anchors;
    /* path[0] is the leaf, path[depth - 1] the certificate being extended */
    const tacit_x509_crt *path[TACIT_X509_MAX_INTERMEDIATES + 2];
    size_t depth;
    unsigned sig_checks, steps;
    unsigned long nc_checks;
    reason_t best; /* the failure of the path that got furthest */
    size_t best_depth;
} vstate;

/* Does the leaf carry the host name (or IP address)?  1 or 0. */
int tacit_x509_match_peer(const tacit_x509_crt *leaf, const char *host, const unsigned char *ip,
                          size_t ip_len);

/* Do crt's subject and subjectAltNames satisfy the NameConstraints contents nc? */
reason_t tacit_x509_check_nc(vstate *v, const tacit_x509_buf *nc, const tacit_x509_crt *crt);

#endif /* TACIT_X509_VERIFY_INTERNAL_H */
