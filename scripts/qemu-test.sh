#!/usr/bin/env bash
# Runs arbiter where it was not built: the portable x86-64 build on an emulated CPU without
# SSE4.2's successors (no POPCNT use, no AVX2, no BMI2), and an aarch64 cross build (issue 22).
#   scripts/qemu-test.sh nehalem [BUILD_DIR]   BUILD_DIR (default build, ARBITER_ARCH=x86-64,
#                                              fully built) under `qemu-x86_64 -cpu Nehalem`:
#                                              engine_tests and pgn_tests (all but the tests that run
#                                              the CLI, which would start it natively) and the CLI
#                                              itself (perft, validate of a corpus file)
#   scripts/qemu-test.sh aarch64               cross-builds the engine and adjudication libraries
#                                              with engine_tests and pgn_tests (g++-aarch64-linux-gnu,
#                                              in build-aarch64/) and runs them under qemu-aarch64
# Slow tests are bounded: ARBITER_QEMU_FILTER (a gtest negative filter) names what is left out.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shared=${ARBITER_SHARED_DIR:-$(cd .. && pwd)/shared}
# Tests that run the arbiter command (natively, not under the emulator), or the Stockfish peer,
# or take minutes when emulated: left out, the rest of both suites runs.
skip=${ARBITER_QEMU_FILTER:-Cli.*:PgnCli.*:StockfishDiff.*}

run_tests() {  # run_tests EMULATOR... -- BINARY...
  local emu=() t
  while [ "$1" != -- ]; do emu+=("$1"); shift; done
  shift
  for t in "$@"; do
    echo "qemu: ${emu[*]} $(basename "$t")"
    "${emu[@]}" "$t" --gtest_filter="-$skip" --gtest_brief=1 | tail -n 3
  done
}

case "${1:-}" in
  nehalem)
    build=${2:-build}
    grep -q '^ARBITER_ARCH:STRING=x86-64$' "$build/CMakeCache.txt" ||
      { echo "qemu-test: $build is not a portable (ARBITER_ARCH=x86-64) build" >&2; exit 2; }
    emu=(qemu-x86_64 -cpu Nehalem)
    run_tests "${emu[@]}" -- "$build/tests/engine_tests" "$build/tests/pgn_tests"
    echo "qemu: ${emu[*]} arbiter perft and validate"
    [ "$("${emu[@]}" "$build/tools/arbiter" perft --depth 4 \
      --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")" = 197281 ]  # perftsuite.epd
    "${emu[@]}" "$build/tools/arbiter" validate "$shared/data/pgn/corpus/world-championship.pgn" \
      >/dev/null
    echo "qemu: Nehalem passed"
    ;;
  aarch64)
    build=$root/build-aarch64
    # Headers that Debian installs once for every architecture (in /usr/include, which the cross
    # compiler does not search): only these, never the host's C library headers.
    inc=$build/shim-include
    mkdir -p "$inc"
    ln -sfn /usr/include/zstd.h "$inc/zstd.h"
    ln -sfn /usr/include/zstd_errors.h "$inc/zstd_errors.h"
    ln -sfn /usr/include/nlohmann "$inc/nlohmann"
    cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="-isystem $inc" -DARBITER_PAIRING_AND_TOOLS=OFF \
      -DARBITER_BENCH=OFF -DARBITER_TESTS=ON -DARBITER_TEST_AREAS="engine;pgn" \
      -DARBITER_GTEST_SOURCE=/usr/src/googletest -DARBITER_SHARED_DIR="$shared" >/dev/null
    cmake --build "$build" -j"$(nproc)" --target engine_tests pgn_tests
    # Emulating another architecture is ~20 times slower: the full-depth perft suites and the
    # generator cross-check (each minutes long here) are left out as well; the slider tables,
    # small perfts, SAN and FEN tests and every PGN test run.
    skip=${ARBITER_QEMU_FILTER:-$skip:Perft.Tricky:Perft.PerftSuiteEpd:Perft.Chess960AllPositions:Perft.Sp960StartPositions:Perft.RandomPublicSample:Perft.TranspositionTableCountsEqualPlainPerft:IsLegal.AgreesWithTheGenerator}
    run_tests qemu-aarch64 -L /usr/aarch64-linux-gnu -- "$build/tests/engine_tests" \
      "$build/tests/pgn_tests"
    echo "qemu: aarch64 passed"
    ;;
  *)
    echo "usage: scripts/qemu-test.sh nehalem [BUILD_DIR] | aarch64" >&2
    exit 2
    ;;
esac
