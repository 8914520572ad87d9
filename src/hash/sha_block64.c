/*
 * The message buffering shared by the 64-byte-block hashes (SHA-1,
 * SHA-224, SHA-256): fill the partial block, compress whole blocks straight
 * from the input, keep the tail.  Only the lengths decide what happens, so
 * nothing here depends on the data.
 */
#include "hash/sha_internal.h"

#if defined(TACIT_SHA1_C) || defined(TACIT_SHA256_C)

#include <string.h>

void tacit_sha_block64_update(uint32_t *state, unsigned char buffer[64], uint64_t *total,
                              const unsigned char *in, size_t ilen, tacit_sha_blocks32_func blocks)
{
    size_t used = (size_t)(*total & 63), fill;

    *total += ilen;
    if (used > 0) {
        fill = 64 - used;
        if (ilen < fill) {
            memcpy(buffer + used, in, ilen);
            return;
        }
        memcpy(buffer + used, in, fill);
        blocks(state, buffer, 1);
        in += fill;
        ilen -= fill;
    }
    if (ilen >= 64) {
        blocks(state, in, ilen / 64);
        in += ilen & ~(size_t)63;
        ilen &= 63;
    }
    if (ilen > 0) {
        memcpy(buffer, in, ilen);
    }
}

#else
typedef int tacit_sha_block64_unused;
#endif
