#!/bin/sh
# The naming rule of tacit's two code paths, checked on the sources:
#   1. every function whose comment has a "Leaks:" line is named *_unsafe;
#   2. every *_unsafe function has both "Leaks:" and "Only for:" lines in the
#      comment before one of its declarations or its definition;
#   3. no public function (include/tacit/*.h) without the suffix is described
#      in its comment as leaky ("leaky", "not constant time", "variable time"),
#      unless the comment says that all its inputs are public (a verification:
#      there is no secret to leak).
# A comment belongs to the declaration that follows it (blank lines allowed).
# usage: scripts/check_ct_names.sh [REPO]   exit 1 and a list on offenders.
set -eu
root=${1:-$(dirname "$0")/..}
cd "$root"
files=$(find src -name "*.[ch]" | sort; ls include/tacit/*.h)
# shellcheck disable=SC2086
awk '
function flush_decl(name, hdr) {
    if (name == "") return
    if (comment ~ /Leaks:/) leaks[name] = 1
    if (comment ~ /Only for:/) only[name] = 1
    seen[name] = 1
    low = tolower(comment)
    if (hdr && name !~ /_unsafe$/ && comment !~ /Leaks:/ &&
        low ~ /(leaky|not constant[- ]time|variable[- ]time)/ &&
        low !~ /inputs?,? (which )?(are )?all public|all (of )?its inputs are public/)
        bad[++nbad] = FILENAME ":" FNR ": " name ": described as leaky in its header comment but not named _unsafe"
}
FNR == 1 { comment = ""; in_c = 0; hdr = (FILENAME ~ /^include\//) }
{
    s = $0
    sub(/^[ \t]+/, "", s)
    if (in_c || s ~ /^\/\*/) {
        comment = comment " " s
        in_c = (s !~ /\*\//)
        next
    }
    if (s ~ /^\/\//) { comment = comment " " s; next }
    if (s == "") next
    if ($0 !~ /^[ \t#]/ && $0 ~ /^[A-Za-z_][A-Za-z0-9_ \*]*[ \*]+[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/ &&
        s !~ /^(return|if|for|while|switch|else|typedef|do)[ \t(]/) {
        line = $0
        sub(/[ \t]*\(.*/, "", line)
        n = split(line, w, /[ \t\*]+/)
        flush_decl(w[n], hdr)
    }
    comment = ""
}
END {
    for (name in seen) {
        if ((name in leaks) && name !~ /_unsafe$/)
            bad[++nbad] = name ": documented with Leaks: but not named _unsafe"
        if (name ~ /_unsafe$/ && !((name in leaks) && (name in only)))
            bad[++nbad] = name ": named _unsafe without both Leaks: and Only for:"
        if (name ~ /_unsafe$/ || (name in leaks)) nleaky++
    }
    for (i = 1; i <= nbad; i++) print bad[i]
    printf "check_ct_names: %d leaky functions, %d offenders\n", nleaky, nbad
    exit nbad > 0
}' $files
