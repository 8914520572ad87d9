/*
 * tacit_strerror: the text of each code of TACIT_ERROR_LIST (error.h), the
 * one list of codes.  No module header is included here.
 */
#include "tacit/error.h"

#include <stddef.h>

typedef struct {
    int code;
    const char *text;
} error_text;

static const error_text error_texts[] = {
#define TACIT_ERROR_TEXT_(name, value, text) { (value), (text) },
    TACIT_ERROR_LIST(TACIT_ERROR_TEXT_)
#undef TACIT_ERROR_TEXT_
};

const char *tacit_strerror(int code)
{
    size_t i;

    if (code == 0) {
        return "success";
    }
    for (i = 0; i < sizeof(error_texts) / sizeof(error_texts[0]); i++) {
        if (error_texts[i].code == code) {
            return error_texts[i].text;
        }
    }
    return "unknown error code";
}
