/*
 * Helpers shared by the RSA test suites: a reader for the Wycheproof .txt
 * files (../shared/vectors/README.md) and small file/key helpers.
 */
#ifndef TACIT_RSA_TEST_UTIL_H
#define TACIT_RSA_TEST_UTIL_H

#include "harness.h"

#include "tacit/rsa.h"

#define WP_MAX_TOK 16
#define WP_MAX_KEYS 12

/* One group's parameters and keys, and one test line. */
typedef struct {
    char line[1 << 15];
    char *tok[WP_MAX_TOK];
    int ntok;
} wp_line;

typedef struct {
    char sha[16], mgf_sha[16];
    int slen; /* -1 if absent */
    char key_name[WP_MAX_KEYS][8];
    char *key_hex[WP_MAX_KEYS];
    int nkeys;
    int group_changed;
} wp_group;

typedef struct {
    FILE *f;
    wp_group g;
    wp_line l;
    char fields[WP_MAX_TOK][16];
    int nfields;
} wp_reader;

static inline int wp_split(wp_line *l)
{
    char *s = l->line;
    l->ntok = 0;
    while (*s && l->ntok < WP_MAX_TOK) {
        while (*s == ' ' || *s == '\n' || *s == '\r') {
            *s++ = 0;
        }
        if (!*s) {
            break;
        }
        l->tok[l->ntok++] = s;
        while (*s && *s != ' ' && *s != '\n' && *s != '\r') {
            s++;
        }
    }
    return l->ntok;
}

static inline void wp_clear_keys(wp_group *g)
{
    int i;
    for (i = 0; i < g->nkeys; i++) {
        free(g->key_hex[i]);
    }
    g->nkeys = 0;
}

static inline int wp_open(wp_reader *r, const char *relpath)
{
    char path[4096];
    const char *dir = test_shared_dir();

    memset(r, 0, sizeof(*r));
    if (dir == NULL) {
        return -1;
    }
    snprintf(path, sizeof(path), "%s/%s", dir, relpath);
    r->f = fopen(path, "r");
    return r->f == NULL ? -1 : 0;
}

static inline void wp_close(wp_reader *r)
{
    if (r->f != NULL) {
        fclose(r->f);
    }
    wp_clear_keys(&r->g);
}

/* The key named `name` in the current group as a malloc'd byte string, or NULL. */
static inline unsigned char *wp_key(const wp_reader *r, const char *name, size_t *len)
{
    int i;
    for (i = 0; i < r->g.nkeys; i++) {
        if (strcmp(r->g.key_name[i], name) == 0) {
            return test_unhex(r->g.key_hex[i], len);
        }
    }
    return NULL;
}

/* The column `name` of the current test line (hex string), or NULL. */
static inline const char *wp_col(const wp_reader *r, const char *name)
{
    int i;
    for (i = 0; i < r->nfields; i++) {
        if (strcmp(r->fields[i], name) == 0 && i + 1 < r->l.ntok) {
            return r->l.tok[i + 1];
        }
    }
    return NULL;
}

/* Advance to the next test line; 1 if there is one, 0 at the end. */
static inline int wp_next(wp_reader *r)
{
    while (fgets(r->l.line, sizeof(r->l.line), r->f) != NULL) {
        if (r->l.line[0] == '#' || wp_split(&r->l) == 0) {
            continue;
        }
        if (strcmp(r->l.tok[0], "fields") == 0) {
            int i;
            r->nfields = 0;
            for (i = 1; i < r->l.ntok && r->nfields < WP_MAX_TOK; i++) {
                snprintf(r->fields[r->nfields++], sizeof(r->fields[0]), "%s", r->l.tok[i]);
            }
        } else if (strcmp(r->l.tok[0], "group") == 0) {
            int i;
            wp_clear_keys(&r->g);
            r->g.sha[0] = r->g.mgf_sha[0] = 0;
            r->g.slen = -1;
            r->g.group_changed = 1;
            for (i = 2; i < r->l.ntok; i++) {
                if (strncmp(r->l.tok[i], "sha=", 4) == 0) {
                    snprintf(r->g.sha, sizeof(r->g.sha), "%s", r->l.tok[i] + 4);
                } else if (strncmp(r->l.tok[i], "mgfSha=", 7) == 0) {
                    snprintf(r->g.mgf_sha, sizeof(r->g.mgf_sha), "%s", r->l.tok[i] + 7);
                } else if (strncmp(r->l.tok[i], "sLen=", 5) == 0) {
                    r->g.slen = atoi(r->l.tok[i] + 5);
                }
            }
        } else if (strcmp(r->l.tok[0], "key") == 0 && r->l.ntok == 3 && r->g.nkeys < WP_MAX_KEYS) {
            snprintf(r->g.key_name[r->g.nkeys], sizeof(r->g.key_name[0]), "%s", r->l.tok[1]);
            size_t n = strlen(r->l.tok[2]) + 1;
            r->g.key_hex[r->g.nkeys] = (char *)malloc(n);
            if (r->g.key_hex[r->g.nkeys] == NULL) {
                return 0;
            }
            memcpy(r->g.key_hex[r->g.nkeys], r->l.tok[2], n);
            r->g.nkeys++;
        } else if (strcmp(r->l.tok[0], "test") == 0) {
            return 1;
        }
    }
    return 0;
}

/* tcId and result of the current test line */
static inline int wp_tcid(const wp_reader *r)
{
    return atoi(r->l.tok[1]);
}
static inline const char *wp_result(const wp_reader *r)
{
    return r->l.tok[2];
}

/* ---- files ----------------------------------------------------------------------- */

static inline unsigned char *interop_file(const char *name, size_t *len)
{
    char path[256];
    snprintf(path, sizeof(path), "interop/%s", name);
    return test_read_shared(path, len);
}

#endif /* TACIT_RSA_TEST_UTIL_H */
