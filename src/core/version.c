/* The linked library's version (version.h has the headers'). */
#include "tacit/version.h"

const char *tacit_version(void)
{
    return TACIT_VERSION_STRING;
}
