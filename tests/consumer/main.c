/* Uses only installed public headers; exits 0 when the library answers. */
#include <stdio.h>

#include "tacit/constant_time.h"
#include "tacit/platform.h"

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
    tacit_platform_zeroize(a, sizeof(a));
    puts("consumer: ok");
    return a[0];
}
