#!/usr/bin/env bash
# Pictures at the size they are shown, on a recipe collection (issue 28): a folder per course,
# a folder per dish with its photos beside it (phone photos, 2016 × 1512 JPEG, drawn by
# Tests/browser/generate_recipes.py; every fourth dish without one), built
#   - before: `images.resize: false` (every photo published and shown as taken),
#   - after, first build: pictures resized, no image cache,
#   - after, second build with nothing changed, and after the build cache is dropped (as a new
#     Stacks binary does: the pictures then come from the image cache),
# each timed as a whole process (wall, user + system CPU, peak memory), output on tmpfs; then
# the bytes one recipe page's pictures cost a phone (390 px at 3x, Chromium) before and after.
#
#   Benchmarks/recipes.sh [--dishes 100] [--photos 4] [--stacks BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dishes=100 photos=4 stacks=$repo/.build/release/stacks
while [ $# -gt 0 ]; do
    case "$1" in
        --dishes) dishes=$2; shift 2 ;;
        --photos) photos=$2; shift 2 ;;
        --stacks) stacks=$2; shift 2 ;;
        *) echo "usage: $0 [--dishes N] [--photos N] [--stacks BINARY]" >&2; exit 2 ;;
    esac
done
[ -x "$stacks" ] || "$repo/scripts/build-release" >/dev/null
work=/dev/shm/stacks-recipes-bench
rm -rf "$work" && mkdir -p "$work"
python3 Tests/browser/generate_recipes.py "$work/after" --dishes "$dishes" --photos "$photos"
cp -r "$work/after" "$work/before"
printf 'title: Home cooking\nimages:\n  resize: false\n' > "$work/before/stacks.yml"
echo "content: $(du -sh "$work/after/content" | cut -f1), $(find "$work/after/content" -name '*.jpg' | wc -l) photos; $stacks at $(git rev-parse --short HEAD)"

timed() {  # LABEL DIR ARGS...: one build, its times and what it printed last
    local label=$1 dir=$2; shift 2
    local line
    line=$(cd "$dir" && /usr/bin/time -f "wall=%e user=%U sys=%S peak=%MKB" "$stacks" build "$@" 2>&1 >/dev/null | tail -1)
    printf '%-44s %s\n' "$label" "$line"
}
timed "before (images.resize: false), clean" "$work/before" --clean
timed "before, second build" "$work/before"
rm -rf "$work/after/.output.stacks-images"
timed "after, first build (no image cache)" "$work/after" --clean
timed "after, second build (nothing changed)" "$work/after"
rm -rf "$work/after/.output.stacks-cache"
timed "after, build cache dropped (new binary)" "$work/after"
(cd "$work/after" && "$stacks" build | tail -1)
echo "files: before $(find "$work/before/output" -type f | wc -l), after $(find "$work/after/output" -type f | wc -l)" \
     "($(find "$work/after/output/_stacks/images" -type f | wc -l) resized pictures and tiles)"
echo "output: before $(du -sh "$work/before/output" | cut -f1), after $(du -sh "$work/after/output" | cut -f1)"
page=$(cd "$work/after/output" && find . -path ./_stacks -prune -o -name index.html -print | while read -r file; do
    [ "$(grep -o '<img [^>]*srcset' "$file" | wc -l)" -ge "$photos" ] && { echo "${file#./}"; break; }; done)
page=${page%index.html}
echo "a recipe page with $photos photos, on a phone (390 px at 3x): /$page"
printf '  before: '; python3 Benchmarks/recipe_page_bytes.py "$work/before/output" "$page"
printf '  after:  '; python3 Benchmarks/recipe_page_bytes.py "$work/after/output" "$page"
