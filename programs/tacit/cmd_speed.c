/* tacit speed: the benchmark dashboard (every area's rows, see programs/bench). */
#include "cli.h"

#include "bench.h"

int cmd_speed(int argc, char **argv)
{
    return bench_main("tacit speed", argc - 1, argv + 1, bench_all_tables);
}
