#!/bin/sh
# The layers of src/ (scripts/layers.txt): no include or call from an area to a
# higher layer, no loop between files or areas, one list of error codes, one
# dispatch point per area.  With a build folder (default build/), call edges
# come from the library's objects; without one, includes only.
#   scripts/check_layers.sh [BUILD_DIR]
cd "$(dirname "$0")/.." || exit 2
exec python3 scripts/check_layers.py "${1:-build}"
