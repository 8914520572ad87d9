/* The tool's form of an error: the library's text (tacit_strerror) and the code. */
#include "cli.h"

#include <stdio.h>

#include "tacit/error.h"

const char *cli_strerror(int err)
{
    static char buf[128];

    snprintf(buf, sizeof(buf), "%s (%s0x%04X)", tacit_strerror(err), err < 0 ? "-" : "",
             (unsigned)(err < 0 ? -err : err));
    return buf;
}
