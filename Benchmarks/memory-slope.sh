#!/usr/bin/env bash
# How a clean build's peak memory grows with the catalog (issue 24: at most 1.5 KB a page
# between 100,000 and 1,000,000 items). Generates two catalogs (generate.py, seed 42, 200 items
# a category) once under --base, builds each clean with every binary given (in turn, output
# on disk beside the catalog, set aside after each run and deleted at the end: `set-aside.sh`),
# and prints each build's wall and CPU time, peak resident size, pages and output size, then
# each binary's slope: the difference of the peaks over the difference of the pages.
#
#   Benchmarks/memory-slope.sh [--small 100000] [--large 1000000] [--base /tmp] BINARY [BINARY ...]
#
# The large catalog takes about 3 minutes and 4.3 GB to generate, its output 27 GB.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$HERE/set-aside.sh"
SMALL=100000
LARGE=1000000
BASE=${TMPDIR:-/tmp}
BINARIES=()
while [ $# -gt 0 ]; do
    case "$1" in
        --small) SMALL=$2; shift 2 ;;
        --large) LARGE=$2; shift 2 ;;
        --base) BASE=$2; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) BINARIES+=("$(realpath "$1")"); shift ;;
    esac
done
[ ${#BINARIES[@]} -gt 0 ] || { echo "memory-slope.sh: name at least one stacks binary" >&2; exit 2; }

mkdir -p "$BASE" && trash_beside "$BASE"
declare -A PEAK PAGES
for items in "$SMALL" "$LARGE"; do
    categories=$((items / 200))
    catalog=$BASE/stacks-slope-$items
    if [ ! -d "$catalog/content" ]; then
        python3 "$HERE/generate.py" --items "$items" --categories "$categories" --seed 42 --out "$catalog/content" --quiet || exit 1
    fi
    for binary in "${BINARIES[@]}"; do
        set_aside "$catalog/output" "$catalog"/.output.stacks-*
        log=$(mktemp)
        ( cd "$catalog" && /usr/bin/time -f "%e %U %S %M" -o "$log.time" "$binary" build --clean --output output > "$log" 2>&1 )
        status=$?
        read -r wall user sys peak < "$log.time"
        pages=$(sed -n 's/^Built \([0-9]*\) pages.*/\1/p' "$log")
        size=$(du -sb "$catalog/output" 2>/dev/null | cut -f1)
        files=$(find "$catalog/output" -type f | wc -l)
        printf '%s, %d items: exit %d, wall %.1f s, CPU %.1f s (user %.1f, sys %.1f), peak %.0f MB, %s pages, %d files, %.1f GB\n' \
            "$binary" "$items" "$status" "$wall" "$(echo "$user + $sys" | bc)" "$user" "$sys" "$(echo "$peak / 1024" | bc -l)" \
            "${pages:-?}" "$files" "$(echo "${size:-0} / 1000000000" | bc -l)"
        PEAK[$binary,$items]=$peak
        PAGES[$binary,$items]=${pages:-0}
        set_aside "$catalog/output" "$catalog"/.output.stacks-*
        rm -f "$log" "$log.time"
    done
done
for binary in "${BINARIES[@]}"; do
    pages=$(( ${PAGES[$binary,$LARGE]} - ${PAGES[$binary,$SMALL]} ))
    [ "$pages" -gt 0 ] || continue
    # KB of peak (the kernel's kilobytes: 1,024 bytes) per page more.
    printf '%s: slope %.2f KB a page (%d → %d pages; budget 1.5)\n' "$binary" \
        "$(echo "(${PEAK[$binary,$LARGE]} - ${PEAK[$binary,$SMALL]}) / $pages" | bc -l)" "${PAGES[$binary,$SMALL]}" "${PAGES[$binary,$LARGE]}"
done
