/*
 * Helpers shared by test_ecdsa.c, test_ecdh.c and test_ecp_keys (one copy
 * per suite: everything is static).  Line and token iteration over the
 * Wycheproof .txt files and the flat RFC 6979 file, and interop file reads.
 */
#ifndef TACIT_ECC_TEST_UTIL_H
#define TACIT_ECC_TEST_UTIL_H

#include "harness.h"

#include "tacit/ecp.h"

#define ECC_MAX_TOKENS 16

/* Next line of buf (modified in place: '\n' -> NUL); NULL at the end. */
static inline char *ecc_next_line(char **cursor)
{
    char *line = *cursor, *nl;

    if (line == NULL || *line == '\0') {
        return NULL;
    }
    nl = strchr(line, '\n');
    if (nl != NULL) {
        *nl = '\0';
        *cursor = nl + 1;
        if (nl > line && nl[-1] == '\r') {
            nl[-1] = '\0';
        }
    } else {
        *cursor = line + strlen(line);
    }
    return line;
}

/* Split line at single spaces into tok[]; returns the count. */
static inline int ecc_tokens(char *line, char **tok)
{
    int n = 0;
    char *p = line;

    while (*p != '\0' && n < ECC_MAX_TOKENS) {
        tok[n++] = p;
        p = strchr(p, ' ');
        if (p == NULL) {
            break;
        }
        *p++ = '\0';
    }
    return n;
}

/* Value of "key=value" among tok[from..n), or NULL. */
static inline const char *ecc_param(char **tok, int n, int from, const char *key)
{
    size_t kl = strlen(key);
    int i;

    for (i = from; i < n; i++) {
        if (strncmp(tok[i], key, kl) == 0 && tok[i][kl] == '=') {
            return tok[i] + kl + 1;
        }
    }
    return NULL;
}

static inline tacit_ecp_group_id ecc_curve(const char *name)
{
    return name == NULL ? TACIT_ECP_NONE : tacit_ecp_curve_from_name(name);
}

/*
 * A big-endian integer in hex (maybe with leading 00s) as exactly `bytes`
 * bytes into out; 0 on success, -1 if it does not fit.
 */
static inline int ecc_hex_fixed(const char *hex, unsigned char *out, size_t bytes)
{
    size_t len = 0, i, skip = 0;
    unsigned char *b = test_unhex(hex, &len);
    int ret = -1;

    if (b == NULL) {
        return -1;
    }
    while (skip < len && b[skip] == 0 && len - skip > bytes) {
        skip++;
    }
    if (len - skip <= bytes) {
        memset(out, 0, bytes);
        for (i = 0; i < len - skip; i++) {
            out[bytes - (len - skip) + i] = b[skip + i];
        }
        ret = 0;
    }
    free(b);
    return ret;
}

/*
 * 1 if the configuration compiled curve id in (TACIT_ECP_SECPxxxR1_C): a
 * suite skips the curves that are compiled out.
 */
static inline int ecc_curve_enabled(tacit_ecp_group_id id)
{
    (void)id;
    return 0
#if defined(TACIT_ECP_SECP256R1_C)
           || id == TACIT_ECP_SECP256R1
#endif
#if defined(TACIT_ECP_SECP384R1_C)
           || id == TACIT_ECP_SECP384R1
#endif
#if defined(TACIT_ECP_SECP521R1_C)
           || id == TACIT_ECP_SECP521R1
#endif
        ;
}

/* The same for a file-name prefix "p256", "p384" or "p521". */
static inline int ecc_file_curve_enabled(const char *name)
{
    return ecc_curve_enabled(strncmp(name, "p256", 4) == 0   ? TACIT_ECP_SECP256R1
                             : strncmp(name, "p384", 4) == 0 ? TACIT_ECP_SECP384R1
                             : strncmp(name, "p521", 4) == 0 ? TACIT_ECP_SECP521R1
                                                             : TACIT_ECP_NONE);
}

/* Read interop/<name>; NULL if missing. */
static inline unsigned char *ecc_interop(const char *name, size_t *len)
{
    char path[256];

    snprintf(path, sizeof(path), "interop/%s", name);
    return test_read_shared(path, len);
}

#endif /* TACIT_ECC_TEST_UTIL_H */
