#!/usr/bin/env bash
# Installs a built tree into a temporary prefix, builds tests/consumer against it with
# find_package(arbiter) and the compiler's default flags (no -march), and runs it: slider attacks,
# perft counts from the shared perft suite and SAN round trips (issue 22).
#   scripts/consumer-test.sh [BUILD_DIR]   (default build; it must be fully built)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shared=${ARBITER_SHARED_DIR:-$(sed -n 's/^ARBITER_SHARED_DIR:PATH=//p' "$build/CMakeCache.txt")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# Default flags: whatever the environment holds is not what a consumer would have.
env -u CXXFLAGS -u CPPFLAGS cmake -S tests/consumer -B "$tmp/consumer" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
"$tmp/consumer/consumer" "$shared/data/perft/perftsuite.epd"
