/*
 * Replays fuzz inputs without libFuzzer: every file named on the command line,
 * or every file inside a directory named there, goes once through
 * LLVMFuzzerTestOneInput.  Every build compiles each target against this
 * driver and CTest replays the committed corpus (tests/fuzz/corpus/<target>/),
 * so a crash found by fuzzing stays fixed in the sanitizer, 32-bit and
 * valgrind builds too.  scripts/fuzz.sh links the same targets with libFuzzer.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0, n;

    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    do {
        if (len == cap) {
            unsigned char *nb;
            cap = cap ? 2 * cap : 4096;
            nb = realloc(buf, cap);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                return 1;
            }
            buf = nb;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
    } while (n > 0);
    fclose(f);
    /* An exact-size copy, so that ASan sees reads past the input. */
    {
        unsigned char *exact = malloc(len ? len : 1);
        if (exact == NULL) {
            free(buf);
            return 1;
        }
        if (len) {
            memcpy(exact, buf, len);
        }
        free(buf);
        LLVMFuzzerTestOneInput(exact, len);
        free(exact);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int i, files = 0, bad = 0;

    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "no such file or directory: %s\n", argv[i]);
            return 1;
        }
        if (S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            if (d == NULL) {
                return 1;
            }
            while ((e = readdir(d)) != NULL) {
                char path[4096];
                if (e->d_name[0] == '.') {
                    continue;
                }
                snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
                bad |= run_file(path);
                files++;
            }
            closedir(d);
        } else {
            bad |= run_file(argv[i]);
            files++;
        }
    }
    printf("replayed %d inputs\n", files);
    printf("%d passed, %d failed\n", bad ? 0 : files, bad ? 1 : 0);
    return bad;
}
