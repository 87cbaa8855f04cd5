#!/usr/bin/env bash
# Full-build benchmark: Stacks against Hugo on the same generated catalog.
#
#   Benchmarks/run.sh [--sizes "1000:10 10000:50 10000:10 50000:100"] [--runs 3]
#                     [--skip-hugo-above 10000] [--nested] [--hugo-window W]
#                     [--only stacks|hugo] [--no-build] [--keep] [--results FILE]
#                     [--delete-between] [--rebuild]
#
# A size is ITEMS:CATEGORIES. For each size the catalog is generated (seed 42)
# into a fresh folder under /tmp, then each tool builds it --runs times under
# /usr/bin/time -v, each time into a missing output folder (a full build), or
# with --rebuild over the output of the build before (nothing changed).
# Earlier outputs are moved aside and deleted when the script ends (see
# "Deleting between runs" in Benchmarks/README.md).
#
# Environment: STACKS (the stacks binary; when set, it is not rebuilt),
# HUGO (default: hugo), SEED (default: 42), TMPDIR_BASE (default: /tmp),
# BENCH_TRASH (where finished outputs go; default: a folder deleted at the end).
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")

SIZES="1000:10 10000:50 10000:10 50000:100"
RUNS=3
SKIP_HUGO_ABOVE=10000
NESTED=""
HUGO_WINDOW=0
ONLY=""
DELETE_BETWEEN=0
REBUILD=0
BUILD=1
KEEP=0
RESULTS=""
SEED=${SEED:-42}
HUGO=${HUGO:-hugo}
TMPBASE=${TMPDIR_BASE:-/tmp}
TIME=/usr/bin/time

usage() { sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) SIZES=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --skip-hugo-above) SKIP_HUGO_ABOVE=$2; shift 2 ;;
        --nested) NESTED="--nested"; shift ;;
        --hugo-window) HUGO_WINDOW=$2; shift 2 ;;
        --only) ONLY=$2; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --keep) KEEP=1; shift ;;
        --delete-between) DELETE_BETWEEN=1; shift ;;
        --rebuild) REBUILD=1; shift ;;
        --results) RESULTS=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "run.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
done

case "$RUNS" in ''|*[!0-9]*|0) echo "run.sh: --runs must be a positive integer" >&2; exit 2 ;; esac
case "$SKIP_HUGO_ABOVE" in ''|*[!0-9]*) echo "run.sh: --skip-hugo-above must be an integer" >&2; exit 2 ;; esac
case "$ONLY" in ''|stacks|hugo) ;; *) echo "run.sh: --only takes stacks or hugo" >&2; exit 2 ;; esac
case "$HUGO_WINDOW" in *[!0-9]*) echo "run.sh: --hugo-window must be a whole number" >&2; exit 2 ;; esac
for s in $SIZES; do
    case "$s" in *[!0-9:]*|:*|*:|*:*:*|[!0-9]*) echo "run.sh: bad size '$s' (want ITEMS:CATEGORIES)" >&2; exit 2 ;; esac
    case "$s" in *:*) ;; *) echo "run.sh: bad size '$s' (want ITEMS:CATEGORIES)" >&2; exit 2 ;; esac
done
[ "$TIME" != /usr/bin/time ] || "$(dirname "$0")/install-tools" time
[ "$HUGO" != hugo ] || [ "${ONLY:-}" = stacks ] || "$(dirname "$0")/install-tools" hugo || true
if [ ! -x "$TIME" ]; then
    echo "run.sh: $TIME not found; install it with: apt-get install -y time" >&2
    exit 2
fi
command -v python3 >/dev/null || { echo "run.sh: python3 is required" >&2; exit 2; }

# ---------------------------------------------------------------------------
# Temporary folders: removed on exit unless --keep.
#
# Outputs and catalogs are not deleted while the script measures: on an ext4
# file system without a journal (this VM's), the kernel will not reuse an inode
# for a minute after it was freed (five while its block is dirty), and every new
# file then scans past all of them: a build right after deleting 20,000 files
# pays for them, whichever tool it is. They go into TRASH, deleted at the end.
TMPDIRS=()
# With BENCH_TRASH set, that folder is used and left for the caller to delete
# (several invocations in a row, without a deletion between them).
TRASH=${BENCH_TRASH:-$(mktemp -d "$TMPBASE/stacks-bench-trash.XXXXXX")}
mkdir -p "$TRASH"
cleanup() {
    [ -n "${BENCH_TRASH:-}" ] || rm -rf -- "$TRASH"
    if [ "$KEEP" = 0 ]; then
        for d in "${TMPDIRS[@]+"${TMPDIRS[@]}"}"; do rm -rf -- "$d"; done
    fi
}
# Sets a finished output or catalog aside (a rename frees no inode).
set_aside() {
    [ -e "$1" ] || return 0
    if [ "$DELETE_BETWEEN" = 1 ]; then rm -rf -- "$1"; else mv -- "$1" "$(mktemp -u "$TRASH/old.XXXXXX")"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------------------
# Stacks binary
STACKS_OK=1
if [ "$ONLY" = hugo ]; then
    STACKS_OK=0
elif [ -n "${STACKS:-}" ]; then
    echo "stacks: using \$STACKS=$STACKS (not rebuilt)"
else
    STACKS="$ROOT/.build/release/stacks"
    if [ "$BUILD" = 1 ]; then
        BUILD_LOG=$(mktemp "$TMPBASE/stacks-bench-build.XXXXXX.log")
        TMPDIRS+=("$BUILD_LOG")
        echo "stacks: scripts/build-release ..."
        if ! "$ROOT/scripts/build-release" >"$BUILD_LOG" 2>&1; then
            echo "stacks: failed (release build failed; last lines of the log:)"
            tail -n 15 "$BUILD_LOG" | sed 's/^/    /'
            STACKS_OK=0
        fi
    fi
fi
if [ "$STACKS_OK" = 1 ]; then
    case "$STACKS" in /*) ;; *) STACKS="$PWD/$STACKS" ;; esac
    if [ ! -x "$STACKS" ]; then
        echo "stacks: failed (no executable at $STACKS)"
        STACKS_OK=0
    fi
fi
HUGO_OK=1
if [ "$ONLY" = stacks ]; then
    HUGO_OK=0
elif ! command -v "$HUGO" >/dev/null; then
    echo "hugo: not found ($HUGO); Hugo side skipped"
    HUGO_OK=0
fi

echo "machine: $(nproc) cores, $(uname -srm); $( [ "$HUGO_OK" = 1 ] && "$HUGO" version | cut -d' ' -f1-2 )"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  seed: $SEED  runs: $RUNS  sizes: $SIZES${NESTED:+  (nested)}  hugo window: $HUGO_WINDOW$( [ "$HUGO_WINDOW" = 0 ] && echo ' (whole lists)')$( [ "$DELETE_BETWEEN" = 1 ] && echo '  (outputs deleted between runs)')$( [ "$REBUILD" = 1 ] && echo '  (rebuilds over the previous output)')"

# ---------------------------------------------------------------------------
# One tool, one size: RUNS full builds, then the output's shape.
# Writes $T/<tool>.runs (wall_s user_s sys_s rss_kb per line) and $T/<tool>.out.
build_once() {  # tool T out
    local tool=$1 T=$2 out=$3
    if [ "$tool" = stacks ]; then
        # Run from the catalog folder so no stacks.yml or templates/ of the repo is picked up.
        (cd "$T/stacks" && "$TIME" -v -o "$T/$tool.time" \
            "$STACKS" build --content "$T/stacks/content" --output "$out") >"$T/$tool.log" 2>&1
    else
        "$TIME" -v -o "$T/$tool.time" \
            "$HUGO" --quiet -s "$T/hugo" -d "$out" --cleanDestinationDir >"$T/$tool.log" 2>&1
    fi
}

run_tool() {
    local tool=$1 T=$2 out r rc start end
    out="$T/$tool-out"
    : >"$T/$tool.runs"
    if [ "$REBUILD" = 1 ]; then
        # The first build is not measured: each measured one rebuilds over its output.
        set_aside "$out"
        build_once "$tool" "$T" "$out" || true
    fi
    for r in $(seq 1 "$RUNS"); do
        [ "$REBUILD" = 1 ] || set_aside "$out"
        sync
        start=$(date +%s%N)
        build_once "$tool" "$T" "$out"
        rc=$?
        end=$(date +%s%N)
        if [ "$rc" != 0 ]; then
            echo "$tool: failed (exit status $rc on run $r; last lines of its output:)"
            tail -n 15 "$T/$tool.log" | sed 's/^/    /'
            echo "failed $rc" >"$T/$tool.runs"
            return 1
        fi
        awk -v wall="$(( (end - start) / 1000000 ))" '
            /User time \(seconds\)/ { u = $NF }
            /System time \(seconds\)/ { s = $NF }
            /Maximum resident set size/ { m = $NF }
            END { printf "%.3f %s %s %s\n", wall / 1000, u, s, m }' "$T/$tool.time" >>"$T/$tool.runs"
    done
    # Shape of the last run's output.
    {
        echo "files $(find "$out" -type f | wc -l)"
        echo "bytes $(find "$out" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%.0f\n", s }')"
        echo "html $(find "$out" -type f -name '*.html' | wc -l)"
        find "$out" -type f -name '*.html' -printf '%s %P\n' | sort -n | tail -n 1 | awk '{ print "largest " $1 " " $2 }'
    } >"$T/$tool.out"
}

summarize() {  # items categories T hugo_note
    python3 - "$@" "$RUNS" "$SEED" "$NESTED" <<'PY'
import json, os, statistics, sys
items, cats, T, hugo_note, runs, seed, nested = sys.argv[1:8]

def load(tool):
    path = os.path.join(T, tool + ".runs")
    if not os.path.exists(path):
        return None
    rows = [l.split() for l in open(path) if l.strip()]
    if not rows or rows[0][0] == "failed":
        return {"tool": tool, "status": "failed"}
    wall = [float(r[0]) for r in rows]
    cpu = [float(r[1]) + float(r[2]) for r in rows]
    rss = [int(r[3]) / 1024 for r in rows]
    shape = {}
    for l in open(os.path.join(T, tool + ".out")):
        k, *v = l.split()
        shape[k] = v
    return {
        "tool": tool, "status": "ok", "items": int(items), "categories": int(cats),
        "seed": int(seed), "nested": bool(nested), "runs": len(rows),
        "wall_median_s": round(statistics.median(wall), 3),
        "wall_min_s": round(min(wall), 3), "wall_max_s": round(max(wall), 3),
        "cpu_median_s": round(statistics.median(cpu), 3),
        "user_median_s": round(statistics.median(float(r[1]) for r in rows), 3),
        "sys_median_s": round(statistics.median(float(r[2]) for r in rows), 3),
        "rss_median_mb": round(statistics.median(rss), 1),
        "files": int(shape["files"][0]), "bytes": int(shape["bytes"][0]),
        "html_pages": int(shape["html"][0]),
        "largest_page_bytes": int(shape["largest"][0]) if "largest" in shape else 0,
        "largest_page": shape["largest"][1] if "largest" in shape else "",
    }

res = {t: load(t) for t in ("stacks", "hugo")}
print()
print("== %s items, %s categories (seed %s, %s run%s%s) ==" % (
    items, cats, seed, runs, "" if runs == "1" else "s", ", nested" if nested else ""))
hdr = ("tool", "wall median", "wall min-max", "CPU median", "peak RSS", "files", "bytes", "largest page")
fmt = "%-7s %12s %15s %11s %11s %8s %14s %13s"
print(fmt % hdr)
for t in ("stacks", "hugo"):
    r = res[t]
    if r is None:
        print("%-7s %s" % (t, hugo_note if t == "hugo" and hugo_note else "not run"))
    elif r["status"] != "ok":
        print("%-7s failed" % t)
    else:
        print(fmt % (t, "%.2f s" % r["wall_median_s"], "%.2f-%.2f s" % (r["wall_min_s"], r["wall_max_s"]),
                     "%.2f s" % r["cpu_median_s"], "%.1f MB" % r["rss_median_mb"],
                     format(r["files"], ","), format(r["bytes"], ","), format(r["largest_page_bytes"], ",")))
s, h = res["stacks"], res["hugo"]
if s and h and s["status"] == h["status"] == "ok":
    def ratio(k):
        return "%.2fx" % (h[k] / s[k]) if s[k] else "n/a"
    print("hugo/stacks: CPU %s  wall %s  memory %s  bytes %s" % (
        ratio("cpu_median_s"), ratio("wall_median_s"), ratio("rss_median_mb"), ratio("bytes")))
for t in ("stacks", "hugo"):
    r = res[t]
    if r is None:
        r = {"tool": t, "status": "skipped" if t == "hugo" and hugo_note else "not run",
             "items": int(items), "categories": int(cats)}
    r.setdefault("items", int(items)); r.setdefault("categories", int(cats))
    print("RESULT " + json.dumps(r, sort_keys=False))
PY
}

# ---------------------------------------------------------------------------
for size in $SIZES; do
    N=${size%%:*}
    C=${size##*:}
    T=$(mktemp -d "$TMPBASE/stacks-bench.XXXXXX")
    TMPDIRS+=("$T")
    echo
    echo "-- generating $N items in $C categories into $T"
    if ! python3 "$HERE/generate.py" --items "$N" --categories "$C" --seed "$SEED" $NESTED \
            --hugo-window "$HUGO_WINDOW" --out "$T/stacks/content" --hugo "$T/hugo"; then
        echo "run.sh: generating the catalog failed" >&2
        exit 1
    fi
    hugo_note=""
    if [ "$STACKS_OK" = 1 ]; then
        echo "-- stacks: $RUNS run(s)"
        run_tool stacks "$T" || true
    elif [ "$ONLY" != hugo ]; then
        echo "stacks: failed (no usable binary)"
        echo "failed -" >"$T/stacks.runs"
    fi
    if [ "$HUGO_OK" = 1 ] && [ "$N" -le "$SKIP_HUGO_ABOVE" ]; then
        echo "-- hugo: $RUNS run(s)"
        run_tool hugo "$T" || true
    elif [ "$HUGO_OK" = 1 ]; then
        hugo_note="skipped (more than $SKIP_HUGO_ABOVE items; --skip-hugo-above)"
        echo "hugo: $hugo_note"
    fi
    summary=$(summarize "$N" "$C" "$T" "$hugo_note")
    echo "$summary"
    if [ -n "$RESULTS" ]; then
        echo "$summary" | sed -n 's/^RESULT //p' >>"$RESULTS"
    fi
    if [ "$KEEP" = 0 ]; then
        set_aside "$T"
    else
        echo "kept: $T"
    fi
done
