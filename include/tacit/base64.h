/*
 * Base64 (RFC 4648 section 4: standard alphabet, '=' padding), constant-flow
 * in the character values: the data being encoded or decoded may be a private
 * key.  What the functions leak (timing, memory access pattern) is only the
 * input length and the positions of '=' padding and of line breaks; see the
 * top of src/base64.c.  Nothing here allocates.
 *
 * Decoding is strict.  It accepts exactly:
 *   - characters A-Z a-z 0-9 + / in groups of 4, the last group optionally
 *     ending in "=" or "==" (padding is required: no unpadded input);
 *   - canonical input only: the unused low bits of the last character before
 *     the padding must be zero ("Zg==" is accepted, "Zh==" is not);
 *   - line breaks "\n" or "\r\n" after any complete group of 4 characters,
 *     any number of them (so lines of any multiple-of-4 width, e.g. PEM's 64
 *     or MIME's 76 columns, a final line break, blank lines between groups).
 * Everything else is rejected: spaces, tabs, a lone "\r", a line break
 * inside a group of 4, base64url characters, NUL, bytes >= 0x80.
 *
 * Errors, when several apply, are reported in this order: BAD_LENGTH (the
 * number of characters, line breaks not counted, is not a multiple of 4, or a
 * line break inside a group), BAD_PADDING ('=' not in the last one or two
 * positions, or more than two), INVALID_CHARACTER, NONCANONICAL.  On any
 * error the destination holds nothing: what was written is zeroed.
 */
#ifndef TACIT_BASE64_H
#define TACIT_BASE64_H

#include <stddef.h>

#include "tacit/error.h"

#define TACIT_ERR_BASE64_BUFFER_TOO_SMALL  -0x0040 /* dst too small (or NULL); *olen = needed */
#define TACIT_ERR_BASE64_INVALID_CHARACTER -0x0041 /* a byte outside the alphabet (incl. a lone CR, space, tab) */
#define TACIT_ERR_BASE64_BAD_PADDING       -0x0042 /* '=' misplaced, or more than two */
#define TACIT_ERR_BASE64_BAD_LENGTH        -0x0043 /* not whole groups of 4, or a line break inside a group */
#define TACIT_ERR_BASE64_NONCANONICAL      -0x0044 /* non-zero unused bits before the padding */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Encode slen bytes of src into dst: 4 * ceil(slen / 3) characters, padded
 * with '=', no line breaks, no terminating NUL.  *olen receives the number of
 * characters written, or the number needed when dst is NULL or dlen is too
 * small (TACIT_ERR_BASE64_BUFFER_TOO_SMALL).  TACIT_ERR_BAD_INPUT when olen
 * is NULL, src is NULL with slen > 0, or the output length overflows size_t.
 */
int tacit_base64_encode(unsigned char *dst, size_t dlen, size_t *olen,
                        const unsigned char *src, size_t slen);

/*
 * The same, with a "\n" after every line_len characters and after the last
 * line (PEM uses line_len 64).  line_len must be a positive multiple of 4
 * (TACIT_ERR_BAD_INPUT otherwise).  Empty input gives empty output.
 */
int tacit_base64_encode_lines(unsigned char *dst, size_t dlen, size_t *olen,
                              const unsigned char *src, size_t slen, size_t line_len);

/*
 * Decode slen characters of src (the format above) into dst.  *olen receives
 * the number of bytes written.  When dst is NULL (a size query) or the output
 * does not fit in dlen bytes, the function returns
 * TACIT_ERR_BASE64_BUFFER_TOO_SMALL and *olen holds the length the input
 * decodes to if it is valid (computed from its length, line breaks and
 * padding only; the characters are checked by the call that decodes; a
 * malformed input may get its format error instead).  dlen >= 3 * (slen / 4)
 * is always enough.  Up to 8 bytes of dst past *olen may be set to zero (the
 * vector kernels store whole registers).  TACIT_ERR_BAD_INPUT when olen is
 * NULL or src is NULL with slen > 0.
 */
int tacit_base64_decode(unsigned char *dst, size_t dlen, size_t *olen,
                        const unsigned char *src, size_t slen);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_BASE64_H */
