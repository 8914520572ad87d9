/*
 * Base64 (RFC 4648 section 4: standard alphabet, '=' padding), constant-flow
 * in the character values: the data being encoded or decoded may be a private
 * key.  What the functions leak (timing, memory access pattern) is only the
 * input length and the positions of '=' padding and of line breaks; see the
 * top of in/base64.c.  Nothing here allocates.
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
 * error the output holds nothing: what was written is zeroed.
 *
 * Threads: no state; every function is reentrant.
 */
#ifndef TACIT_BASE64_H
#define TACIT_BASE64_H

#include <stddef.h>

#include "tacit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Encode in_len bytes of in into out: 4 * ceil(in_len / 3) characters, padded
 * with '=', no line breaks, no terminating NUL.  *out_len receives the number of
 * characters written, or the number needed when out is NULL or out_size is too
 * small (TACIT_ERR_BUFFER_TOO_SMALL).  TACIT_ERR_BAD_INPUT when out_len
 * is NULL, in is NULL with in_len > 0, or the output length overflows size_t.
 */
int tacit_base64_encode(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_size,
                        size_t *out_len);

/*
 * The same, with a "\n" after every line_len characters and after the last
 * line (PEM uses line_len 64).  line_len must be a positive multiple of 4
 * (TACIT_ERR_BAD_INPUT otherwise).  Empty input gives empty output.
 */
int tacit_base64_encode_lines(const unsigned char *in, size_t in_len, size_t line_len,
                              unsigned char *out, size_t out_size, size_t *out_len);

/*
 * Decode in_len characters of in (the format above) into out.  *out_len receives
 * the number of bytes written.  When out is NULL (a size query) or the output
 * does not fit in out_size bytes, the function returns
 * TACIT_ERR_BUFFER_TOO_SMALL and *out_len holds the length the input
 * decodes to if it is valid (computed from its length, line breaks and
 * padding only; the characters are checked by the call that decodes; a
 * malformed input may get its format error instead).  out_size >= 3 * (in_len / 4)
 * is always enough.  Up to 8 bytes of out past *out_len may be set to zero (the
 * vector kernels store whole registers).  TACIT_ERR_BAD_INPUT when out_len is
 * NULL or in is NULL with in_len > 0.
 */
int tacit_base64_decode(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_size,
                        size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif /* TACIT_BASE64_H */
