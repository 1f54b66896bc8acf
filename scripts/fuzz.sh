#!/usr/bin/env bash
# Builds the libFuzzer targets with clang 14 + ASan/UBSan and runs each one.
#   scripts/fuzz.sh [SECONDS]   explore for SECONDS per target (default 60), keeping a corpus
#   scripts/fuzz.sh ci [RUNS]   the bounded CI run: RUNS inputs per target (default 5000) from
#                               the seeds with libFuzzer seed 1, so a CI result is reproducible
#   scripts/fuzz.sh runs RUNS   a long run: RUNS inputs per target, keeping the corpus (issue 17's
#                               goal is 100,000,000 per parser: `nice scripts/fuzz.sh runs 100000000`)
# ARBITER_FUZZ_TARGETS="fuzz_csv fuzz_trf" runs only those targets.
# ARBITER_FUZZ_FAST=1 builds and runs the fast flavour instead (build-fuzz-fast/: UBSan trapping +
# LeakSanitizer, no AddressSanitizer; docs/fuzzing.md says what it does not catch).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = ci ]; then
  limit=(-seed=1 -runs="${2:-5000}")
  what="${2:-5000} runs (seed 1)"
elif [ "${1:-}" = runs ]; then
  limit=(-runs="${2:?scripts/fuzz.sh runs RUNS}")
  what="$2 runs"
else
  limit=(-max_total_time="${1:-60}")
  what="${1:-60}s"
fi
# fuzz_build DIR ARCH TARGETS...: configures and builds DIR for the ARBITER_ARCH tier ARCH, then
# runs each target from it.
fuzz_build() {
  local dir=$1 arch=$2 t corpus seeds name log; shift 2
  CXX=clang++-14 cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_FUZZ=ON \
    -DARBITER_FUZZ_FAST="$fast" -DARBITER_ARCH="$arch" -DCMAKE_CXX_FLAGS= -DARBITER_TESTS=ON \
    -DARBITER_BENCH=OFF >/dev/null
  cmake --build "$dir" -j"$(nproc)" --target "$@"
  for t in "$@"; do
    corpus=$dir/corpus/$t
    [ "${mode:-}" = ci ] && corpus=$dir/ci-corpus/$t && rm -rf "$corpus"
    mkdir -p "$corpus"
    seeds=tests/fuzz/seeds/${t#fuzz_}
    # A second target of one parser (fuzz_pgn_read) starts from that parser's seeds.
    name=${t#fuzz_}
    [ -d "$seeds" ] || seeds=tests/fuzz/seeds/${name%%_*}
    echo "fuzz: $t ($arch), $what"
    log=$dir/$t.log
    # -timeout (per input, wall-clock) bounds a hang only: a loaded machine (CI beside other jobs)
    # stretches a slow but finite input several times (fuzz-campaign.sh: the same 30 s).
    if ! "$dir/tests/$t" "${limit[@]}" -timeout=30 -rss_limit_mb=4096 \
        -artifact_prefix="$dir/" "$corpus" $( [ -d "$seeds" ] && echo "$seeds" ) >"$log" 2>&1; then
      grep -E "ERROR|runtime error|SUMMARY|what\(\)|#[0-9]+ 0x.* in arbiter" "$log" | head -n 30
      echo "fuzz: $t FAILED (reproducer and full log in $dir/)"
      exit 1
    fi
    grep -E "^Done [0-9]+ runs" "$log" || tail -n 1 "$log"
    grep -E "^#[0-9]+.*exec/s" "$log" | tail -n 1
  done
}
mode=${1:-}
targets=${ARBITER_FUZZ_TARGETS:-$(cd tests/fuzz && ls fuzz_*.cpp 2>/dev/null | sed 's/\.cpp$//' || true)}
[ -n "$targets" ] || { echo "no fuzz targets"; exit 0; }
fast=OFF
if [ "${ARBITER_FUZZ_FAST:-0}" = 1 ]; then
  fast=ON
  # shellcheck disable=SC2086
  fuzz_build build-fuzz-fast x86-64 $targets
  exit 0
fi
# shellcheck disable=SC2086
fuzz_build build-fuzz x86-64 $targets
# The portable build above has neither AVX2 (the PGN reader's 64-byte block scans) nor BMI2 (PEXT
# slider attacks): on a CPU with both, the PGN and SAN targets run again built for them.
if [ -z "${ARBITER_FUZZ_TARGETS:-}" ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  fuzz_build build-fuzz-avx2 x86-64-bmi2 fuzz_pgn fuzz_pgn_read fuzz_san
fi
