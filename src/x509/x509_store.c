/*
 * tacit_x509_store: certificates (each with its own copy of the DER),
 * indexed by a hash of the normalised subject so that finding the issuers
 * of a certificate does not scan the store.
 */
#include "tacit/x509.h"

#if defined(TACIT_X509_C)

#include <stdlib.h>
#include <string.h>

#include "tacit/pem.h"
#include "x509/x509_internal.h"
#include "core/platform_internal.h"

struct tacit_x509_store_entry {
    tacit_x509_crt crt;   /* points into der */
    unsigned char der[1]; /* allocated to the certificate's length */
};

void tacit_x509_store_init(tacit_x509_store *store)
{
    if (store != NULL) {
        memset(store, 0, sizeof(*store));
    }
}

void tacit_x509_store_free(tacit_x509_store *store)
{
    size_t i;

    if (store == NULL) {
        return;
    }
    for (i = 0; i < store->count; i++) {
        tacit_platform_free(store->entries[i]);
    }
    tacit_platform_free(store->entries);
    tacit_platform_free(store->buckets);
    tacit_platform_free(store->next);
    memset(store, 0, sizeof(*store));
}

/* Rebuild the index with nb buckets (a power of two). */
static int rehash(tacit_x509_store *store, size_t nb)
{
    uint32_t *b = (uint32_t *)tacit_platform_calloc(nb, sizeof(uint32_t));
    uint32_t *nx = (uint32_t *)tacit_platform_calloc(store->cap, sizeof(uint32_t));
    size_t i;

    if (b == NULL || nx == NULL) {
        tacit_platform_free(b);
        tacit_platform_free(nx);
        return TACIT_ERR_ALLOC_FAILED;
    }
    for (i = 0; i < store->count; i++) {
        size_t h = store->entries[i]->crt.subject_hash & (nb - 1);
        nx[i] = b[h];
        b[h] = (uint32_t)(i + 1);
    }
    tacit_platform_free(store->buckets);
    tacit_platform_free(store->next);
    store->buckets = b;
    store->next = nx;
    store->nbuckets = nb;
    return 0;
}

int tacit_x509_store_add_der(tacit_x509_store *store, const unsigned char *der, size_t len)
{
    tacit_x509_store_entry *e;
    size_t h, old_cap;
    int ret;

    if (store == NULL || der == NULL || len == 0 || len > 0x1000000) {
        return TACIT_ERR_BAD_INPUT;
    }
    if (store->count == store->cap) {
        size_t cap = store->cap ? 2 * store->cap : 16;
        tacit_x509_store_entry **ne;
        if (cap > 0x7fffffff) {
            return TACIT_ERR_ALLOC_FAILED;
        }
        /* grow by copy: the heap door (TACIT_PLATFORM_CALLOC) has no realloc */
        ne = (tacit_x509_store_entry **)tacit_platform_calloc(cap, sizeof(*ne));
        if (ne == NULL) {
            return TACIT_ERR_ALLOC_FAILED;
        }
        if (store->count > 0) {
            memcpy(ne, store->entries, store->count * sizeof(*ne));
        }
        tacit_platform_free(store->entries);
        store->entries = ne;
        /* keep about one bucket per certificate; on failure the old index stays (old cap) */
        old_cap = store->cap;
        store->cap = cap;
        if ((ret = rehash(store, cap)) != 0) {
            store->cap = old_cap;
            return ret;
        }
    }
    e = (tacit_x509_store_entry *)tacit_platform_calloc(1, sizeof(*e) + len);
    if (e == NULL) {
        return TACIT_ERR_ALLOC_FAILED;
    }
    memcpy(e->der, der, len);
    if ((ret = tacit_x509_parse_crt(&e->crt, e->der, len)) != 0) {
        tacit_platform_free(e);
        return ret;
    }
    store->entries[store->count] = e;
    h = e->crt.subject_hash & (store->nbuckets - 1);
    store->next[store->count] = store->buckets[h];
    store->buckets[h] = (uint32_t)(store->count + 1);
    store->count++;
    return 0;
}

int tacit_x509_store_add_pem(tacit_x509_store *store, const unsigned char *pem, size_t len,
                             size_t *n_added, size_t *n_failed)
{
    size_t off = 0, consumed, added = 0, failed = 0;
    tacit_pem_block block;
    int ret, first_err = 0;

    if (store == NULL || (pem == NULL && len != 0)) {
        return TACIT_ERR_BAD_INPUT;
    }
    while (off < len) {
        consumed = 0;
        ret = tacit_pem_read("CERTIFICATE", pem + off, len - off, &block, &consumed);
        if (ret == TACIT_ERR_PEM_NO_BLOCK) {
            break;
        }
        if (ret == 0) {
            ret = tacit_x509_store_add_der(store, block.der, block.der_len);
            tacit_pem_block_free(&block);
            if (ret == TACIT_ERR_ALLOC_FAILED) {
                return ret;
            }
        }
        if (ret == TACIT_ERR_PEM_UNEXPECTED_LABEL) {
            /* another kind of block (a key, parameters): not ours, skipped */
        } else if (ret != 0) {
            failed++;
            if (first_err == 0) {
                first_err = ret;
            }
        } else {
            added++;
        }
        if (consumed == 0) {
            break; /* a broken frame with no known end: nothing more to find */
        }
        off += consumed;
    }
    if (n_added != NULL) {
        *n_added = added;
    }
    if (n_failed != NULL) {
        *n_failed = failed;
    }
    if (added == 0) {
        return first_err != 0 ? first_err : TACIT_ERR_PEM_NO_BLOCK;
    }
    return 0;
}

size_t tacit_x509_store_count(const tacit_x509_store *store)
{
    return store == NULL ? 0 : store->count;
}

const tacit_x509_crt *tacit_x509_store_get(const tacit_x509_store *store, size_t i)
{
    return store == NULL || i >= store->count ? NULL : &store->entries[i]->crt;
}

const tacit_x509_crt *tacit_x509_store_find(const tacit_x509_store *store,
                                            const tacit_x509_buf *name, size_t *iter)
{
    uint32_t h, k;

    if (store == NULL || name == NULL || iter == NULL || store->count == 0) {
        return NULL;
    }
    h = tacit_x509_name_hash(name->p, name->len);
    /* *iter: 0 = start at the bucket head, otherwise (index of the last match) + 1 */
    k = *iter == 0 ? store->buckets[h & (store->nbuckets - 1)] : store->next[*iter - 1];
    while (k != 0) {
        const tacit_x509_crt *c = &store->entries[k - 1]->crt;
        if (c->subject_hash == h &&
            tacit_x509_name_equal(c->subject.p, c->subject.len, name->p, name->len)) {
            *iter = k;
            return c;
        }
        k = store->next[k - 1];
    }
    *iter = 0;
    return NULL;
}

#else
typedef int tacit_x509_store_unused;
#endif /* TACIT_X509_C */
