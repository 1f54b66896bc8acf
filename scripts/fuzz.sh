#!/usr/bin/env bash
# Builds the libFuzzer targets with clang 14 + ASan/UBSan and runs each one.
#   scripts/fuzz.sh [SECONDS]   explore for SECONDS per target (default 60), keeping a corpus
#   scripts/fuzz.sh ci [RUNS]   the bounded CI run: RUNS inputs per target (default 5000) from
#                               the seeds with libFuzzer seed 1, so a CI result is reproducible
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = ci ]; then
  limit=(-seed=1 -runs="${2:-5000}")
  what="${2:-5000} runs (seed 1)"
else
  limit=(-max_total_time="${1:-60}")
  what="${1:-60}s"
fi
CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_FUZZ=ON \
  -DARBITER_NATIVE=OFF -DARBITER_TESTS=ON -DARBITER_BENCH=OFF >/dev/null
targets=$(cd tests/fuzz && ls fuzz_*.cpp 2>/dev/null | sed 's/\.cpp$//' || true)
[ -n "$targets" ] || { echo "no fuzz targets"; exit 0; }
cmake --build build-fuzz -j"$(nproc)" --target $targets
for t in $targets; do
  corpus=build-fuzz/corpus/$t
  [ "${1:-}" = ci ] && corpus=build-fuzz/ci-corpus/$t && rm -rf "$corpus"
  mkdir -p "$corpus"
  seeds=tests/fuzz/seeds/${t#fuzz_}
  echo "fuzz: $t, $what"
  log=build-fuzz/$t.log
  if ! build-fuzz/tests/$t "${limit[@]}" -timeout=10 -rss_limit_mb=4096 \
      -artifact_prefix=build-fuzz/ "$corpus" $( [ -d "$seeds" ] && echo "$seeds" ) >"$log" 2>&1; then
    grep -E "ERROR|runtime error|SUMMARY|what\(\)|#[0-9]+ 0x.* in arbiter" "$log" | head -n 30
    echo "fuzz: $t FAILED (reproducer and full log in build-fuzz/)"
    exit 1
  fi
  grep -E "^Done [0-9]+ runs" "$log" || tail -n 1 "$log"
done
