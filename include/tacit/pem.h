/*
 * PEM (RFC 7468 textual encoding): find and decode a
 *   -----BEGIN <label>-----
 *   <base64, lines of 64 characters>
 *   -----END <label>-----
 * block, and write one.
 *
 * Reading is strict about the frame and the body: exactly five dashes, a
 * label the writer accepts (1..63 printable ASCII characters, at most one
 * space or '-' between two others, none at either end: RFC 7468's label
 * grammar without the empty label, refused with TACIT_ERR_PEM_BAD_HEADER), the
 * END label equal to the BEGIN label, optional spaces/tabs after the closing
 * dashes, "\n" or "\r\n" line ends.  Text before the BEGIN line is skipped
 * (RFC 7468 section 2), so `openssl x509 -text` output is fine.
 *
 * The body is lax (RFC 7468 sections 2 and 3): whitespace -- space, tab,
 * vertical tab, form feed, CR, LF -- is ignored anywhere between its base64
 * characters (tabs, trailing spaces, a space or a line break inside a group
 * of 4, lines of any width).  What remains must be strict base64 as
 * tacit_base64_decode defines it (padding required, canonical); any other
 * character is refused with TACIT_ERR_BASE64_INVALID_CHARACTER, including
 * RFC 1421 "Proc-Type:" headers, so no encrypted PEM.  (tacit_base64_decode
 * itself stays strict.)
 *
 * The body may be a private key: it is decoded by the constant-flow base64
 * decoder, and the END line is found by a scan that declassifies only where
 * the first '-' after the BEGIN line is (the END line in a valid block).  A
 * body the strict decoder refuses is retried once without its whitespace:
 * which bytes are whitespace (not the other characters' values), and whether
 * there is a character that is neither base64 nor whitespace, are revealed.
 *
 * Threads: no state; every function is reentrant.
 */
#ifndef TACIT_PEM_H
#define TACIT_PEM_H

#include <stddef.h>

#include "tacit/base64.h"
#include "tacit/error.h"

/* Longest label accepted, without the NUL. */
#define TACIT_PEM_MAX_LABEL 63

typedef struct {
    char label[TACIT_PEM_MAX_LABEL + 1]; /* NUL-terminated, e.g. "CERTIFICATE" */
    unsigned char *der;                  /* heap, der_len bytes; free with tacit_pem_block_free */
    size_t der_len;
} tacit_pem_block;

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Find the first PEM block in input[0 .. in_len) and decode its body into
 * block->der (allocated here).  label: the label required ("CERTIFICATE",
 * "PRIVATE KEY", ...), or NULL to accept any.  The block is overwritten, not
 * freed: free a previous one first.  On error block->der is NULL.
 *
 * *consumed (may be NULL) is the offset just past the END line: feed
 * input + consumed to the next call to iterate over a bundle.  It is also set
 * on errors found once the END line is known (UNEXPECTED_LABEL,
 * LABEL_MISMATCH, a base64 error), so a caller can skip such a block; it is
 * in_len on TACIT_ERR_PEM_NO_BLOCK (nothing more to find) and 0 on other errors.
 *
 * Errors: TACIT_ERR_PEM_*, a TACIT_ERR_BASE64_* code from decoding the body
 * (INVALID_CHARACTER, BAD_PADDING, BAD_LENGTH, NONCANONICAL) passed through
 * (for a body with whitespace: INVALID_CHARACTER first if a character is
 * neither base64 nor whitespace, else the code for the body without it),
 * TACIT_ERR_ALLOC_FAILED, TACIT_ERR_BAD_INPUT (NULL block, or NULL input
 * with in_len > 0).
 */
int tacit_pem_read(const char *label, const unsigned char *input, size_t in_len,
                   tacit_pem_block *block, size_t *consumed);

/* Zeroize and free block->der (it may be a private key); NULL is fine. */
void tacit_pem_block_free(tacit_pem_block *block);

/*
 * Write der as a PEM block with the given label: BEGIN line, base64 in lines
 * of 64 characters, END line, each ending in "\n"; no NUL.  *out_len is the
 * length written, or needed (TACIT_ERR_BUFFER_TOO_SMALL when out is NULL
 * or out_size is too small).  TACIT_ERR_BAD_INPUT for a label that is not 1..63
 * printable ASCII characters with at most one space or '-' between two
 * others and none at either end (the rule tacit_pem_read applies: what it
 * reads, this writes).
 */
int tacit_pem_write(const char *label, const unsigned char *der, size_t der_len, unsigned char *out,
                    size_t out_size, size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_PEM_H */
