/* Uses only installed public headers (the umbrella one); exits 0 when the library answers. */
#include <stdio.h>
#include <string.h>

#include "tacit/tacit.h"

int main(void)
{
    unsigned char a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 2, 3, 4 };

    if (tacit_ct_memcmp(a, b, sizeof(a)) != 0) {
        return 1;
    }
    b[3] = 5;
    if (tacit_ct_memcmp(a, b, sizeof(a)) == 0) {
        return 1;
    }
    if (strcmp(tacit_version(), TACIT_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: library %s, headers %s\n", tacit_version(),
                TACIT_VERSION_STRING);
        return 1;
    }
    if (strcmp(tacit_strerror(TACIT_ERR_BUFFER_TOO_SMALL), "output buffer too small") != 0 ||
        strcmp(tacit_strerror(TACIT_ERR_BAD_INPUT), tacit_strerror(TACIT_ERR_VERIFY_FAILED)) == 0) {
        fprintf(stderr, "consumer: tacit_strerror gave unexpected texts\n");
        return 1;
    }
    tacit_platform_zeroize(a, sizeof(a));
    printf("consumer: ok (tacit %s)\n", tacit_version());
    return a[0];
}
