#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test (ctest), then a bounded
# libFuzzer run of each fuzz target under ASan/UBSan (a fixed number of inputs, seed 1). ARBITER_FULL=1 runs the full corpora.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
jobs=$(nproc)
# Tests and benchmarks switched on explicitly: scripts/demo.sh configures the same build folder
# without them, and CMake would otherwise keep that choice in its cache.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DARBITER_TESTS=ON -DARBITER_BENCH=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest -j"$jobs" --output-on-failure --timeout 1500 --no-tests=error)
if [ "${ARBITER_SKIP_FUZZ:-0}" != 1 ]; then
  scripts/fuzz.sh ci "${ARBITER_FUZZ_RUNS:-5000}"
fi
