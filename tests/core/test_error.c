/*
 * Error codes: every code of TACIT_ERROR_LIST (include/tacit/error.h, the one
 * list) is negative, has a value of its own, and a tacit_strerror text of its
 * own (scripts/check_layers.sh checks that no header defines a code elsewhere).
 */
#include "harness.h"

#include <stdio.h>
#include <string.h>

#include "tacit/tacit.h"

typedef struct {
    const char *name;
    int code;
    const char *text;
} code_entry;

#define TACIT_ERROR_ENTRY_(name, value, text) { #name, name, text },
static const code_entry codes[] = { TACIT_ERROR_LIST(TACIT_ERROR_ENTRY_) };
#undef TACIT_ERROR_ENTRY_

#define NCODES (sizeof(codes) / sizeof(codes[0]))

static void test_codes_distinct(void)
{
    size_t i, j;

    TEST_ASSERT(NCODES > 40);
    for (i = 0; i < NCODES; i++) {
        if (codes[i].code >= 0) {
            printf("    %s is not negative\n", codes[i].name);
            TEST_ASSERT(!"code not negative");
        }
        for (j = i + 1; j < NCODES; j++) {
            if (codes[i].code == codes[j].code) {
                printf("    %s and %s share -0x%04X\n", codes[i].name, codes[j].name,
                       (unsigned)-codes[i].code);
                TEST_ASSERT(!"two names for one code");
            }
        }
    }
exit:
    return;
}

static void test_strerror_distinct(void)
{
    const char *unknown = tacit_strerror(-0x7FFF);
    size_t i, j;

    TEST_ASSERT(strcmp(tacit_strerror(0), "success") == 0);
    TEST_ASSERT(unknown != NULL);
    TEST_ASSERT(strcmp(tacit_strerror(1), unknown) == 0);
    for (i = 0; i < NCODES; i++) {
        const char *t = tacit_strerror(codes[i].code);
        TEST_ASSERT(t != NULL && t[0] != '\0');
        if (strcmp(t, unknown) == 0) {
            printf("    %s has no text in TACIT_ERROR_LIST\n", codes[i].name);
            TEST_ASSERT(!"code without a text");
        }
        for (j = 0; j < i; j++) {
            if (strcmp(t, tacit_strerror(codes[j].code)) == 0) {
                printf("    %s and %s share the text \"%s\"\n", codes[i].name, codes[j].name, t);
                TEST_ASSERT(!"two codes with one text");
            }
        }
    }
exit:
    return;
}

int main(int argc, char **argv)
{
    TEST_MAIN_BEGIN(argc, argv);
    RUN_TEST(test_codes_distinct);
    RUN_TEST(test_strerror_distinct);
    return TEST_MAIN_END();
}
