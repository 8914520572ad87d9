/*
 * PEM reader: iterate over the input as a bundle, with and without a label
 * asked for; every block that decodes must re-encode with tacit_pem_write and
 * read back to the same DER.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tacit/pem.h"
#include "fuzz_util.h"

static void walk(const char *label, const uint8_t *data, size_t size)
{
    size_t off = 0;
    int rounds = 0;

    while (off < size && rounds++ < 64) {
        tacit_pem_block blk;
        size_t consumed = 0;
        int ret;

        memset(&blk, 0, sizeof(blk));
        ret = tacit_pem_read(label, data + off, size - off, &blk, &consumed);
        if (ret == 0) {
            size_t need = 0, wrote = 0;
            unsigned char *out;
            tacit_pem_block again;
            size_t c2 = 0;

            FUZZ_CHECK(consumed > 0 && consumed <= size - off);
            /* the reader refuses what the writer refuses (issue 39: empty label) */
            FUZZ_CHECK(strlen(blk.label) > 0);
            tacit_pem_write(blk.label, blk.der, blk.der_len, NULL, 0, &need);
            out = malloc(need ? need : 1);
            FUZZ_CHECK(out != NULL);
            FUZZ_CHECK(tacit_pem_write(blk.label, blk.der, blk.der_len, out, need, &wrote) == 0);
            memset(&again, 0, sizeof(again));
            FUZZ_CHECK(tacit_pem_read(blk.label, out, wrote, &again, &c2) == 0);
            FUZZ_CHECK(again.der_len == blk.der_len &&
                       (blk.der_len == 0 || memcmp(again.der, blk.der, blk.der_len) == 0));
            tacit_pem_block_free(&again);
            free(out);
        }
        tacit_pem_block_free(&blk);
        if (consumed == 0 || consumed > size - off) {
            break;
        }
        off += consumed;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    walk(NULL, data, size);
    walk("CERTIFICATE", data, size);
    walk("PRIVATE KEY", data, size);
    return 0;
}
