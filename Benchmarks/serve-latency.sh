#!/usr/bin/env bash
# Edit-to-visible latency: `stacks serve` against `hugo server` on the same generated catalog.
#
#   Benchmarks/serve-latency.sh [--items 10000] [--categories 50] [--edits 30]
#                               [--kinds "body title"] [--pages 1] [--only stacks|hugo]
#                               [--no-build] [--keep] [--results FILE]
#
# The catalog is generated once (generate.py, seed 42) as a Stacks content folder and as
# the equivalent Hugo site. Each server is started on loopback, given time for its first
# build, then serve/measure.py edits an item file, in place, and polls its page until the
# edit shows: the time from the write to the page is the latency. --pages N rotates the
# edits over N item files (each page then counts as visited: Hugo's fast render mode
# re-renders every visited page on each change, so its time grows with N; one page is
# one person editing one page). Medians, p90, min and max per tool and kind of edit.
#
# Environment: STACKS (the stacks binary; when set, it is not rebuilt), REFERENCE (another
# stacks binary, say 147e988's, measured after it on the same catalog as "reference"), HUGO
# (default: hugo), SEED (default: 42), TMPDIR_BASE (default: /tmp), PORT (default: 8400;
# Hugo gets PORT+1).
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")

ITEMS=10000
CATEGORIES=50
EDITS=30
KINDS="body title"
PAGES=1
ONLY=""
BUILD=1
KEEP=0
RESULTS=""
SEED=${SEED:-42}
HUGO=${HUGO:-hugo}
TMPBASE=${TMPDIR_BASE:-/tmp}
PORT=${PORT:-8400}

usage() { sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --items) ITEMS=$2; shift 2 ;;
        --categories) CATEGORIES=$2; shift 2 ;;
        --edits) EDITS=$2; shift 2 ;;
        --kinds) KINDS=$2; shift 2 ;;
        --pages) PAGES=$2; shift 2 ;;
        --only) ONLY=$2; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --keep) KEEP=1; shift ;;
        --results) RESULTS=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "serve-latency.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$ONLY" in ''|stacks|hugo) ;; *) echo "serve-latency.sh: --only takes stacks or hugo" >&2; exit 2 ;; esac
for number in "$ITEMS" "$CATEGORIES" "$EDITS" "$PAGES" "$PORT"; do
    case "$number" in ''|*[!0-9]*) echo "serve-latency.sh: numbers only: $number" >&2; exit 2 ;; esac
done

if [ -z "${STACKS:-}" ]; then
    STACKS="$ROOT/.build/release/stacks"
    if [ "$BUILD" = 1 ] && [ "$ONLY" != hugo ]; then
        echo "building stacks (release)..."
        ("$ROOT/scripts/build-release" >/dev/null) || { echo "swift build failed" >&2; exit 1; }
    fi
fi

T=$(mktemp -d "$TMPBASE/stacks-serve-bench.XXXXXX")
SERVER_PID=""
stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -INT "$SERVER_PID" 2>/dev/null
        for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
    fi
    SERVER_PID=""
}
cleanup() {
    stop_server
    if [ "$KEEP" = 1 ]; then echo "kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits until URL answers 200 (the first build is done), at most 600 s.
wait_ready() {
    local url=$1 log=$2
    for _ in $(seq 1 6000); do
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "the server exited; its output:" >&2
            tail -20 "$log" >&2
            return 1
        fi
        [ "$(curl -s -o /dev/null -w '%{http_code}' "$url" 2>/dev/null)" = 200 ] && return 0
        sleep 0.1
    done
    echo "the server did not answer $url in time" >&2
    return 1
}

echo "generating $ITEMS items in $CATEGORIES categories (seed $SEED) into $T ..."
python3 "$HERE/generate.py" --items "$ITEMS" --categories "$CATEGORIES" --seed "$SEED" \
    --out "$T/stacks/content" --hugo "$T/hugo" --quiet || { echo "generate.py failed" >&2; exit 1; }

# --pages plain item files (not bundles, not category pages), spread over the categories,
# present at the same path in both trees.
(cd "$T/stacks/content" && find . -mindepth 2 -maxdepth 2 -name '*.md' ! -name '_index.md' | sed 's|^\./||' | sort) \
    | awk -v n="$ITEMS" -v p="$PAGES" 'BEGIN { step = int(n / (p + 1)); if (step < 1) step = 1 } NR % step == int(step / 2)' \
    | head -"$PAGES" \
    | while read -r path; do [ -f "$T/hugo/content/$path" ] && echo "$path"; done > "$T/files.txt"
[ -s "$T/files.txt" ] || { echo "no item files to edit" >&2; exit 1; }

OUT="$T/results.jsonl"
: > "$OUT"
FAILED=0

# measure_stacks BINARY TOOL: `BINARY serve` on the Stacks tree, each kind of edit measured.
measure_stacks() {
    local binary=$1 tool=$2
    if [ ! -x "$binary" ]; then
        echo "$tool: not found ($binary)"; FAILED=1; return
    fi
    echo "$tool serve: first build... ($binary)"
    (cd "$T/stacks" && exec "$binary" serve --port "$PORT") > "$T/$tool.log" 2>&1 &
    SERVER_PID=$!
    if wait_ready "http://127.0.0.1:$PORT/" "$T/$tool.log"; then
        head -3 "$T/$tool.log" | sed 's/^/  /'
        for kind in $KINDS; do
            python3 "$HERE/serve/measure.py" --base "http://127.0.0.1:$PORT" --content "$T/stacks/content" \
                --files "$T/files.txt" --edits "$EDITS" --kind "$kind" --tool "$tool" --out "$OUT" || FAILED=1
        done
    else
        FAILED=1
    fi
    stop_server
}

if [ "$ONLY" != hugo ]; then
    measure_stacks "$STACKS" stacks
    # An older Stacks as the reference, on the same catalog in the same run.
    if [ -n "${REFERENCE:-}" ]; then measure_stacks "$REFERENCE" reference; fi
fi

if [ "$ONLY" != stacks ]; then
    [ "$HUGO" != hugo ] || "$(dirname "$0")/install-tools" hugo || true
    if ! command -v "$HUGO" >/dev/null 2>&1; then
        echo "hugo: not found ($HUGO); Hugo side skipped"
    else
        HPORT=$((PORT + 1))
        echo "hugo server: first build... ($("$HUGO" version | cut -d' ' -f1-2))"
        "$HUGO" server -s "$T/hugo" --bind 127.0.0.1 --port "$HPORT" --baseURL "http://127.0.0.1:$HPORT/" \
            --appendPort=false > "$T/hugo.log" 2>&1 &
        SERVER_PID=$!
        if wait_ready "http://127.0.0.1:$HPORT/" "$T/hugo.log"; then
            for kind in $KINDS; do
                python3 "$HERE/serve/measure.py" --base "http://127.0.0.1:$HPORT" --content "$T/hugo/content" \
                    --files "$T/files.txt" --edits "$EDITS" --kind "$kind" --tool hugo --out "$OUT" || FAILED=1
            done
        else
            FAILED=1
        fi
        stop_server
    fi
fi

echo
echo "edit-to-visible latency, $ITEMS items in $CATEGORIES categories, $EDITS edits per kind on $PAGES page(s) (ms):"
python3 - "$OUT" "$ITEMS" "$CATEGORIES" "$PAGES" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
print("%-9s %-6s %8s %8s %8s %8s %5s" % ("tool", "edit", "median", "p90", "min", "max", "lost"))
for r in rows:
    print("%-9s %-6s %8s %8s %8s %8s %5d" % (r["tool"], r["kind"], r.get("median_ms", "-"), r.get("p90_ms", "-"),
                                               r.get("min_ms", "-"), r.get("max_ms", "-"), r["lost"]))
for r in rows:
    r.pop("samples_ms", None)
    print("RESULT " + json.dumps(dict(r, items=int(sys.argv[2]), categories=int(sys.argv[3]), pages=int(sys.argv[4]))))
PY
if [ -n "$RESULTS" ]; then cat "$OUT" >> "$RESULTS"; fi
exit $FAILED
