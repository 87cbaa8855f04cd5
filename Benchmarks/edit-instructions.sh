#!/usr/bin/env bash
# Instructions of one body edit's build, counted by valgrind (callgrind), for one or more
# stacks binaries on the same generated catalog: a count that does not move with the machine's
# load, where wall-time pairs on a shared machine spread by ±15 %.
#
#   Benchmarks/edit-instructions.sh [--items 10000] [--categories 50] [--keep] BINARY [BINARY...]
#
# For each binary: a copy without its debug information (valgrind cannot read the static
# binary's), a clean build of the catalog into tmpfs, one edit build to settle the memos, then
# an item's body appended to and built again under callgrind. Prints each binary's count and,
# from the second on, its ratio to the first. The catalog is generate.py's (seed 42); the
# edited item is the 500th Markdown file in path order, as in the edit pairs timed with pairs.py.
# Needs valgrind (apt-get install valgrind). About 40 s a binary at 10,000 items.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ITEMS=10000
CATEGORIES=50
KEEP=0
BINARIES=()
while [ $# -gt 0 ]; do
    case "$1" in
        --items) ITEMS=$2; shift 2 ;;
        --categories) CATEGORIES=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) BINARIES+=("$1"); shift ;;
    esac
done
[ ${#BINARIES[@]} -gt 0 ] || { echo "edit-instructions.sh: name at least one stacks binary" >&2; exit 2; }
for number in "$ITEMS" "$CATEGORIES"; do
    case "$number" in ''|*[!0-9]*) echo "edit-instructions.sh: numbers only: $number" >&2; exit 2 ;; esac
done
command -v valgrind >/dev/null || { echo "edit-instructions.sh: valgrind is not installed" >&2; exit 2; }
PLACE=/dev/shm
[ -d "$PLACE" ] && [ -w "$PLACE" ] || PLACE=${TMPDIR:-/tmp}

T=$(mktemp -d "${TMPDIR:-/tmp}/stacks-edit-instructions.XXXXXX")
OUT=$(mktemp -d "$PLACE/stacks-edit-instructions.XXXXXX")
cleanup() { [ "$KEEP" = 1 ] || rm -rf "$T" "$OUT"; }
trap cleanup EXIT

python3 "$HERE/generate.py" --items "$ITEMS" --categories "$CATEGORIES" --seed 42 --out "$T/site/content" --quiet || exit 1
edit() {
    local file
    file=$(cd "$T/site" && find content -name '*.md' | sort | sed -n 500p)
    echo "An edit $(date +%s%N)." >> "$T/site/$file"
}

first=""
number=0
for binary in "${BINARIES[@]}"; do
    number=$((number + 1))
    [ -x "$binary" ] || { echo "edit-instructions.sh: not an executable: $binary" >&2; exit 2; }
    copy="$T/stacks-$number"
    strip --strip-debug -o "$copy" "$binary" || cp "$binary" "$copy"
    output="$OUT/site-$number"
    (cd "$T/site" && "$copy" build --clean --output "$output" >/dev/null) || { echo "clean build failed: $binary" >&2; exit 1; }
    edit
    (cd "$T/site" && "$copy" build --output "$output" >/dev/null) || { echo "edit build failed: $binary" >&2; exit 1; }
    edit
    # One hash seed for every run: with Swift's random seed per process, dictionaries probe
    # differently from run to run, and a count moved by 2 % between calls of the same binary.
    (cd "$T/site" && SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$T/callgrind-$number.out" \
        "$copy" build --output "$output" >/dev/null 2>"$T/valgrind-$number.txt") || { cat "$T/valgrind-$number.txt" >&2; exit 1; }
    count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/valgrind-$number.txt" | tail -1)
    [ -n "$count" ] || { echo "edit-instructions.sh: no count from valgrind" >&2; exit 1; }
    if [ -z "$first" ]; then
        first=$count
        printf '%-50s %15s instructions\n' "$binary" "$count"
    else
        printf '%-50s %15s instructions  %.4f of the first\n' "$binary" "$count" "$(python3 -c "print($count / $first)")"
    fi
done
[ "$KEEP" = 1 ] && echo "kept: $T (callgrind-N.out for callgrind_annotate), $OUT"
