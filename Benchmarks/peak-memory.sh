#!/usr/bin/env bash
# Where a clean build's memory goes: the resident size of `stacks build --clean`, sampled every
# 0.1 s, for one or more binaries in turn (each run alternately, --runs times), on a generated
# catalog (100,000 items in 500 categories by default). Prints each run's peak, when it came,
# and the largest resident size of every second, so that the phase holding the peak can be told
# (reading, decoding and assembling, parsing, resolving, writing: in that order).
#
#   Benchmarks/peak-memory.sh [--items 100000] [--categories 500] [--runs 1] [--place disk|tmpfs]
#                             BINARY [BINARY ...]
#
# The catalog is generated once into $TMPDIR_BASE (default /tmp) and kept between calls
# (`stacks-peak-ITEMS-CATEGORIES/content`); its pages are read once before the runs, so that
# the first run does not read them from the disk while the others find them in memory. On disk,
# each output is set aside and deleted at the end (`set-aside.sh`): a build just after a large
# deletion is slowed by ext4, whoever builds. Prints each build's wall, user and system time.
# Budget (issue 24): a clean build of 100,000 items at most 600 MB.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$HERE/set-aside.sh"
ITEMS=100000
CATEGORIES=500
RUNS=1
PLACE=disk
BINARIES=()
while [ $# -gt 0 ]; do
    case "$1" in
        --items) ITEMS=$2; shift 2 ;;
        --categories) CATEGORIES=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --place) PLACE=$2; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) BINARIES+=("$(realpath "$1")"); shift ;;
    esac
done
[ ${#BINARIES[@]} -gt 0 ] || { echo "peak-memory.sh: name at least one stacks binary" >&2; exit 2; }

CATALOG=${TMPDIR_BASE:-/tmp}/stacks-peak-$ITEMS-$CATEGORIES
if [ ! -d "$CATALOG/content" ]; then
    python3 "$HERE/generate.py" --items "$ITEMS" --categories "$CATEGORIES" --seed 42 --out "$CATALOG/content" --quiet || exit 1
fi
case "$PLACE" in
    disk) OUT_BASE=$CATALOG; trash_beside "$CATALOG" ;;
    tmpfs) OUT_BASE=$(mktemp -d /dev/shm/stacks-peak.XXXXXX) ;;
    *) echo "peak-memory.sh: --place is disk or tmpfs" >&2; exit 2 ;;
esac
find "$CATALOG/content" -name '*.md' -exec cat {} + > /dev/null

echo "catalog: $ITEMS items in $CATEGORIES categories (generate.py, seed 42), output on $PLACE"
for run in $(seq 1 "$RUNS"); do
    for binary in "${BINARIES[@]}"; do
        out=$OUT_BASE/site
        if [ "$PLACE" = disk ]; then set_aside "$out" "$OUT_BASE"/.site.stacks-*; else rm -rf "$out" "$OUT_BASE"/.site.stacks-*; fi
        log=$(mktemp)
        start=$(date +%s.%N)
        ( cd "$CATALOG" && exec /usr/bin/time -f "%U %S" -o "$log.cpu" "$binary" build --clean --output "$out" > /dev/null ) &
        pid=$!
        build=
        while kill -0 $pid 2>/dev/null; do
            # The build is the child of `time`.
            [ -n "$build" ] || build=$(pgrep -P $pid | head -1)
            rss=$([ -n "$build" ] && awk '/VmRSS/ { print $2 }' /proc/$build/status 2>/dev/null)
            [ -n "$rss" ] && echo "$(echo "$(date +%s.%N) - $start" | bc) $rss" >> "$log"
            sleep 0.1
        done
        wait $pid
        status=$?
        wall=$(echo "$(date +%s.%N) - $start" | bc)
        read -r user sys < <(tail -1 "$log.cpu")
        awk -v binary="$binary" -v status="$status" -v wall="$wall" -v user="$user" -v sys="$sys" '
            { if ($2 > peak) { peak = $2; at = $1 }; second = int($1); if (!(second in seen)) order[n++] = second; if ($2 > seen[second]) seen[second] = $2 }
            END {
                printf "%s: exit %d, wall %.1f s, user %s s, sys %s s, peak %.0f MB at %.1f s\n", binary, status, wall, user, sys, peak / 1024, at
                printf "  MB by second:"
                for (i = 0; i < n; i++) printf " %d:%.0f", order[i], seen[order[i]] / 1024
                printf "\n"
            }' "$log"
        rm -f "$log" "$log.cpu"
    done
done
[ "$PLACE" = tmpfs ] && rm -rf "$OUT_BASE"
[ "$PLACE" = disk ] && set_aside "$OUT_BASE/site" "$OUT_BASE"/.site.stacks-*
exit 0
