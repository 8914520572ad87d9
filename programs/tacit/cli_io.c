/* Messages, files, stdin/stdout and hex for the tacit tool (see cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tacit/error.h"
#include "tacit/hmac_drbg.h"
#include "tacit/platform.h"

/* Larger inputs are refused rather than read into memory. */
#define CLI_MAX_INPUT ((size_t)1 << 30)

void cli_err(const char *cmd, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "tacit %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static int is_std(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0;
}

int cli_is_stdin(const char *path)
{
    return is_std(path);
}

int cli_read(const char *cmd, const char *path, unsigned char **buf, size_t *len)
{
    FILE *f = is_std(path) ? stdin : fopen(path, "rb");
    unsigned char *data = NULL;
    size_t cap = 0, n = 0;

    *buf = NULL;
    *len = 0;
    if (f == NULL) {
        cli_err(cmd, "cannot open '%s': %s", path, strerror(errno));
        return CLI_ERROR;
    }
    for (;;) {
        size_t got;
        if (n == cap) {
            unsigned char *bigger;
            size_t newcap = cap == 0 ? 4096 : cap * 2;
            if (newcap > CLI_MAX_INPUT) {
                cli_err(cmd, "'%s' is larger than 1 GiB", is_std(path) ? "stdin" : path);
                goto fail;
            }
            bigger = (unsigned char *)malloc(newcap);
            if (bigger == NULL) {
                cli_err(cmd, "out of memory reading '%s'", is_std(path) ? "stdin" : path);
                goto fail;
            }
            if (n > 0) {
                memcpy(bigger, data, n);
            }
            cli_free(data, cap); /* the input may be a private key: wipe old copies */
            data = bigger;
            cap = newcap;
        }
        got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            break;
        }
    }
    if (ferror(f)) {
        cli_err(cmd, "cannot read '%s': %s", is_std(path) ? "stdin" : path, strerror(errno));
        goto fail;
    }
    if (f != stdin) {
        fclose(f);
    }
    if (data == NULL) {
        data = (unsigned char *)malloc(1);
        if (data == NULL) {
            cli_err(cmd, "out of memory");
            return CLI_ERROR;
        }
    }
    *buf = data;
    *len = n;
    return CLI_OK;

fail:
    if (f != stdin) {
        fclose(f);
    }
    cli_free(data, cap);
    return CLI_ERROR;
}

/*
 * A secret output: create PATH.tmp-RANDOM next to the target with
 * O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600 (never an existing file, never
 * through a symlink), write and sync it, then rename it over the target.
 * The target ends up a new 0600 file whatever was there (a 0644 file keeps
 * nothing of its mode; a symlink is replaced, not followed).
 */
static int write_secret(const char *cmd, const char *path, const unsigned char *buf, size_t len)
{
    size_t tlen = strlen(path) + 32, off = 0;
    char *tmp = (char *)malloc(tlen);
    unsigned char rnd[8];
    int fd = -1, tries, ok = 0;

    if (tmp == NULL) {
        cli_err(cmd, "out of memory");
        return CLI_ERROR;
    }
    for (tries = 0; tries < 16 && fd < 0; tries++) {
        if (tacit_rng_default(NULL, rnd, sizeof(rnd)) != 0) {
            errno = EIO;
            break;
        }
        snprintf(tmp, tlen, "%s.tmp-%02x%02x%02x%02x%02x%02x%02x%02x", path, rnd[0], rnd[1], rnd[2],
                 rnd[3], rnd[4], rnd[5], rnd[6], rnd[7]);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, S_IRUSR | S_IWUSR);
        if (fd < 0 && errno != EEXIST) {
            break;
        }
    }
    if (fd < 0) {
        cli_err(cmd, "cannot create '%s': %s", path, strerror(errno));
        free(tmp);
        return CLI_ERROR;
    }
    while (off < len) {
        ssize_t n = write(fd, buf + off, len - off);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            break;
        }
        off += (size_t)n;
    }
    ok = off == len && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        cli_err(cmd, "cannot write '%s': %s", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    return ok ? CLI_OK : CLI_ERROR;
}

int cli_write(const char *cmd, const char *path, const unsigned char *buf, size_t len, int secret)
{
    FILE *f;
    int ok;

    if (is_std(path)) {
        f = stdout;
    } else if (secret) {
        return write_secret(cmd, path, buf, len);
    } else {
        f = fopen(path, "wb");
    }
    if (f == NULL) {
        cli_err(cmd, "cannot create '%s': %s", path, strerror(errno));
        return CLI_ERROR;
    }
    ok = fwrite(buf, 1, len, f) == len;
    ok = (f == stdout ? fflush(f) : fclose(f)) == 0 && ok;
    if (!ok) {
        cli_err(cmd, "cannot write '%s': %s", is_std(path) ? "stdout" : path, strerror(errno));
        return CLI_ERROR;
    }
    return CLI_OK;
}

void cli_free(unsigned char *buf, size_t len)
{
    if (buf != NULL) {
        tacit_platform_zeroize(buf, len);
        free(buf);
    }
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

int cli_unhex(const char *cmd, const char *what, const char *hex, unsigned char **buf, size_t *len)
{
    size_t n = strlen(hex), i;
    unsigned char *out;

    *buf = NULL;
    *len = 0;
    if (n % 2 != 0) {
        cli_err(cmd, "%s: odd number of hex digits", what);
        return CLI_USAGE;
    }
    out = (unsigned char *)malloc(n / 2 + 1);
    if (out == NULL) {
        cli_err(cmd, "out of memory");
        return CLI_ERROR;
    }
    for (i = 0; i < n / 2; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            cli_err(cmd, "%s: '%c%c' is not a hex byte", what, hex[2 * i], hex[2 * i + 1]);
            free(out);
            return CLI_USAGE;
        }
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    *buf = out;
    *len = n / 2;
    return CLI_OK;
}
