#!/usr/bin/env bash
# What resizing one photo costs: the WebP variants (400, 800, 1200, 1600 pixels wide), a
# thumbnail at 1x and 2x and a fallback, made from a generated 12-megapixel JPEG by the Images
# module (StacksCore/Images), in CPU milliseconds of the process (libvips' threads included),
# the median of seven runs; then where the time goes (decode, ICC conversion, each of
# libwebp's efforts, the thumbnail's crop).
#
#   Benchmarks/images-variants.sh [--no-build]
#
# It is an opt-in test (Tests/StacksCoreTests/ImageVariantsBenchmark.swift), run alone so that
# no other test shares the process's CPU time. The test build is a debug build, but the work is
# libvips' and its codecs', which are the system's optimised libraries either way.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-build" ]; then swift build --build-tests; fi
STACKS_IMAGE_BENCHMARK=1 swift test --skip-build --filter ImageVariantsBenchmark 2>&1 \
    | grep -vE '^(◇|↳|Test Suite|\s+Executed|\[)' | grep -v 'prohibited flag'
