#!/usr/bin/env bash
# Builds the libFuzzer targets with clang 14 + ASan/UBSan and runs each for SECONDS (default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_FUZZ=ON \
  -DARBITER_NATIVE=OFF -DARBITER_TESTS=ON -DARBITER_BENCH=OFF >/dev/null
targets=$(cd tests/fuzz && ls fuzz_*.cpp 2>/dev/null | sed 's/\.cpp$//' || true)
[ -n "$targets" ] || { echo "no fuzz targets"; exit 0; }
cmake --build build-fuzz -j"$(nproc)" --target $targets
for t in $targets; do
  corpus=build-fuzz/corpus/$t; mkdir -p "$corpus"
  seeds=tests/fuzz/seeds/${t#fuzz_}
  echo "fuzz: $t for ${secs}s"
  build-fuzz/tests/$t -max_total_time="$secs" -timeout=10 -rss_limit_mb=4096 -print_final_stats=0 \
    "$corpus" $( [ -d "$seeds" ] && echo "$seeds" ) 2>&1 | tail -n 3
done
