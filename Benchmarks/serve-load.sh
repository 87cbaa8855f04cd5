#!/usr/bin/env bash
# A load check of `stacks serve` with wrk, on loopback, for a bounded time.
#
#   Benchmarks/serve-load.sh [--items 10000] [--categories 50] [--duration 10]
#                            [--connections 64] [--threads 2] [--no-build] [--keep]
#                            [--flood 0] [--flood-size 400000]
#
# Generates the catalog (generate.py, seed 42), starts `stacks serve` on 127.0.0.1, asks
# for every path once (so pages are rendered), then runs wrk for --duration seconds over a
# mix of paths: the home page, category pages and their list pages, item pages, the
# stylesheet, the script, icons and co-located images. Prints wrk's report and a RESULT
# line; any connect, read, write, timeout or non-2xx/3xx error makes the exit status 1.
# --flood N: meanwhile N other clients (serve/flood.py) keep sending request lines of
# --flood-size bytes; when wrk is done, still under the flood, Ctrl-C stops the server and
# the time it took to exit is printed (a STOP line).
#
# Environment: STACKS (the stacks binary; when set, it is not rebuilt), WRK (default: wrk),
# SEED (default: 42), TMPDIR_BASE (default: /tmp), PORT (default: 8402).
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")

ITEMS=10000
CATEGORIES=50
DURATION=10
CONNECTIONS=64
THREADS=2
BUILD=1
KEEP=0
SEED=${SEED:-42}
WRK=${WRK:-wrk}
TMPBASE=${TMPDIR_BASE:-/tmp}
PORT=${PORT:-8402}
FLOOD=0
FLOOD_SIZE=400000

usage() { sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --items) ITEMS=$2; shift 2 ;;
        --categories) CATEGORIES=$2; shift 2 ;;
        --duration) DURATION=$2; shift 2 ;;
        --connections) CONNECTIONS=$2; shift 2 ;;
        --threads) THREADS=$2; shift 2 ;;
        --flood) FLOOD=$2; shift 2 ;;
        --flood-size) FLOOD_SIZE=$2; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --keep) KEEP=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "serve-load.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
done
for number in "$ITEMS" "$CATEGORIES" "$DURATION" "$CONNECTIONS" "$THREADS" "$PORT" "$FLOOD" "$FLOOD_SIZE"; do
    case "$number" in ''|*[!0-9]*) echo "serve-load.sh: numbers only: $number" >&2; exit 2 ;; esac
done
[ "$DURATION" -le 300 ] || { echo "serve-load.sh: --duration is at most 300 seconds" >&2; exit 2; }
[ "$WRK" != wrk ] || "$(dirname "$0")/install-tools" wrk || true
command -v "$WRK" >/dev/null 2>&1 || { echo "wrk: not found ($WRK); apt-get install wrk" >&2; exit 1; }

if [ -z "${STACKS:-}" ]; then
    STACKS="$ROOT/.build/release/stacks"
    if [ "$BUILD" = 1 ]; then
        echo "building stacks (release)..."
        ("$ROOT/scripts/build-release" >/dev/null) || { echo "swift build failed" >&2; exit 1; }
    fi
fi

T=$(mktemp -d "$TMPBASE/stacks-serve-load.XXXXXX")
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -INT "$SERVER_PID" 2>/dev/null
        for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
    fi
    if [ "$KEEP" = 1 ]; then echo "kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "generating $ITEMS items in $CATEGORIES categories (seed $SEED) into $T ..."
python3 "$HERE/generate.py" --items "$ITEMS" --categories "$CATEGORIES" --seed "$SEED" --out "$T/stacks/content" --quiet \
    || { echo "generate.py failed" >&2; exit 1; }

(cd "$T/stacks" && exec "$STACKS" serve --port "$PORT") > "$T/stacks.log" 2>&1 &
SERVER_PID=$!
BASE="http://127.0.0.1:$PORT"
for _ in $(seq 1 6000); do
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "stacks serve exited:" >&2; tail -20 "$T/stacks.log" >&2; exit 1; }
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/" 2>/dev/null)" = 200 ] && break
    sleep 0.1
done
head -2 "$T/stacks.log"

# The mix: pages of every kind and the files they load, a few hundred paths in all.
(
    cd "$T/stacks/content"
    echo "/"
    find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||' | sort | head -20 | while read -r category; do
        echo "/$category/"
        echo "/$category/page/2/"
        find "$category" -maxdepth 1 -name '*.md' ! -name '_index.md' | sort | head -10 | sed 's|\.md$|/|; s|^|/|'
        find "$category" -mindepth 2 -maxdepth 2 -name 'index.md' | sort | head -2 | sed 's|/index\.md$|/|; s|^|/|'
        find "$category" -mindepth 2 -maxdepth 2 -name '*.png' | sort | head -2 | sed 's|^|/|'
    done
    echo "/_stacks/stacks.css"
    echo "/_stacks/stacks.js"
    echo "/_stacks/favicon.svg"
) > "$T/paths.txt"
while read -r path; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE$path")
    [ "$code" = 200 ] || echo "warning: $path answers $code" >&2
done < "$T/paths.txt"
echo "$(wc -l < "$T/paths.txt") paths; wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s against $BASE ..."

FLOOD_PID=""
if [ "$FLOOD" -gt 0 ]; then
    echo "flood: $FLOOD clients sending $FLOOD_SIZE-byte request lines"
    python3 "$HERE/serve/flood.py" --port "$PORT" --connections "$FLOOD" --size "$FLOOD_SIZE" \
        --seconds $((DURATION + 4)) > "$T/flood.txt" 2>&1 &
    FLOOD_PID=$!
    sleep 1
fi

timeout $((DURATION + 60)) "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$HERE/serve/paths.lua" "$BASE" \
    -- "$T/paths.txt" | tee "$T/wrk.txt"
if [ -n "$FLOOD_PID" ]; then
    # Ctrl-C while the flood goes on: how long until the process has exited.
    started=$(date +%s.%N)
    kill -INT "$SERVER_PID"
    for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.02; done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "STOP still running 2 s after Ctrl-C under the flood"
    else
        echo "STOP exited $(python3 -c "print(f'{$(date +%s.%N) - $started:.2f}')") s after Ctrl-C under the flood"
    fi
    wait "$FLOOD_PID"
    cat "$T/flood.txt"
fi
grep -q '^RESULT ' "$T/wrk.txt" || { echo "wrk did not finish" >&2; exit 1; }
if grep -q '"requests": 0,' "$T/wrk.txt"; then
    echo "no request was answered" >&2
    exit 1
elif grep -q '"connect": 0, "read": 0, "write": 0, "status": 0, "timeout": 0' "$T/wrk.txt"; then
    echo "no errors"
else
    echo "errors: see the RESULT line" >&2
    exit 1
fi
