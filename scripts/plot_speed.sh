#!/bin/sh
# Bar chart of a `tacit speed --peers --json` run: for every row, each
# library's speed relative to tacit (tacit = 1, higher is faster; log scale).
#   tacit speed --peers --json > speed.json
#   scripts/plot_speed.sh speed.json [speed.png]
# With no file (or "-") the JSON is read from stdin.  Needs gnuplot.
set -eu
in=${1:--}
png=${2:-speed.png}

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "plot_speed: gnuplot not found (apt-get install gnuplot-nox)" >&2
    exit 3
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$in" = - ]; then cat >"$tmp/in.json"; else cat -- "$in" >"$tmp/in.json"; fi

# bench.c writes one row per line:
#   {"id": "...", "title": "...", "unit": "...", "results": {"tacit": 1.2, "openssl": null}}
# Emit a table: title, then relative speed per library (tacit first), "?" = missing.
awk '
    /"results"/ {
        line = $0
        match(line, /"title": "[^"]*"/); title = substr(line, RSTART + 10, RLENGTH - 11)
        match(line, /"results": \{[^}]*\}/); res = substr(line, RSTART + 12, RLENGTH - 13)
        n = split(res, kv, /, /)
        nrows++; titles[nrows] = title
        for (i = 1; i <= n; i++) {
            split(kv[i], p, /": /); who = p[1]; sub(/^"/, "", who); val = p[2]
            if (!(who in seen)) { seen[who] = 1; libs[++nlibs] = who }
            rate[nrows, who] = val
        }
    }
    END {
        if (nrows == 0) { print "plot_speed: no rows in the input" > "/dev/stderr"; exit 3 }
        printf "row"; for (j = 1; j <= nlibs; j++) printf "\t%s", libs[j]; printf "\n"
        for (r = 1; r <= nrows; r++) {
            t = rate[r, "tacit"]
            printf "%s", titles[r]
            for (j = 1; j <= nlibs; j++) {
                v = rate[r, libs[j]]
                if (v == "" || v == "null" || t == "" || t == "null" || t + 0 <= 0 || v + 0 <= 0) printf "\t?"
                else printf "\t%.6g", v / t
            }
            printf "\n"
        }
    }' "$tmp/in.json" >"$tmp/data.tsv" || exit 3

nlibs=$(head -1 "$tmp/data.tsv" | awk -F'\t' '{ print NF - 1 }')
nrows=$(($(wc -l <"$tmp/data.tsv") - 1))
# One panel per 12 rows, stacked, so a full run stays readable.
per=12
panels=$(( (nrows + per - 1) / per ))
p=0
while [ $p -lt $panels ]; do
    { head -1 "$tmp/data.tsv"; tail -n +2 "$tmp/data.tsv" | sed -n "$((p * per + 1)),$(((p + 1) * per))p"; } \
        >"$tmp/panel$p.tsv"
    p=$((p + 1))
done
height=$((80 + panels * 420))

{
cat <<GP
set terminal pngcairo size 1800,$height font "sans,10"
set output "$png"
set datafile separator "\t"
set datafile missing "?"
set termoption noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y 2
set yrange [1.0/64:64]
set ytics ("1/64" 0.015625, "1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set grid ytics
set xtics rotate by 20 right scale 0 font ",9"
set key outside right top
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead lw 2 lc rgb "black"
set multiplot layout $panels,1 title "tacit speed --peers: each library's speed relative to tacit (tacit = 1; higher is faster; log scale)"
GP
p=0
while [ $p -lt $panels ]; do
    echo "plot for [i=2:$((nlibs + 1))] \"$tmp/panel$p.tsv\" using i:xtic(stringcolumn(1)) title columnheader(i)"
    p=$((p + 1))
done
echo "unset multiplot"
} | gnuplot 2>"$tmp/gnuplot.err" || { cat "$tmp/gnuplot.err" >&2; exit 3; }
# a library absent from a whole panel is only a warning
grep -v -e "no valid points" -e "^ *line 0:\$" "$tmp/gnuplot.err" >&2 || true
echo "plot_speed: wrote $png ($nrows rows, $nlibs libraries)"
