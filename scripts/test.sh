#!/usr/bin/env bash
# The CI test command: installs what is missing, then runs each stage and prints its time.
#   release   portable build (ARBITER_ARCH=x86-64, the default) in build/: every ctest test, then
#             the bench signature (scripts/bench-signature.sh)
#   consumer  that build installed to a temporary prefix and used through find_package(arbiter)
#             by a program built with default flags (scripts/consumer-test.sh)
#   fast      the x86-64-bmi2 tier (AVX2 PGN scans, PEXT attacks) in build-bmi2/, when this CPU
#             has BMI2 and AVX2: the engine, PGN and adjudication tests (the code the tier
#             changes), and the consumer test against it
#   sanitize  ASan + UBSan (RelWithDebInfo) in build-asan/: every ctest test
#   debug     Debug build (-O0, assert()s on) in build-debug/: the engine and PGN tests (every
#             move they play checks Position::is_consistent; the adjudication searches take
#             many minutes at -O0, so they are left out here and run in the assert stage)
#   assert    optimised build with the assert()s on (-O2, no NDEBUG) in build-assert/: the
#             adjudication tests (the unwinnability and validation phases' invariants, and
#             Position::is_consistent after every move their searches play) and the pairing
#             tests (the Dutch matcher's invariants, also through the arbiter command)
#   qemu      scripts/qemu-test.sh: the release build's engine and PGN tests and CLI under
#             qemu-x86_64 -cpu Nehalem, and an aarch64 cross build's under qemu-aarch64
#   fuzz      bounded libFuzzer run of each fuzz target under ASan/UBSan (scripts/fuzz.sh ci)
# ARBITER_STAGES="release consumer ..." runs only those (default: all, in this order);
# ARBITER_SKIP_FUZZ=1 leaves out fuzz; ARBITER_FULL=1 runs the full corpora.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
jobs=$(nproc)
stages=${ARBITER_STAGES:-release consumer fast sanitize debug assert qemu fuzz}
[ "${ARBITER_SKIP_FUZZ:-0}" = 1 ] && stages=${stages//fuzz/}
# Per-test limits, for a hang only (a test never races a clock): the slowest release test
# (EventCli.KillNineDuringTwoHundredResultEntries) takes 11-17 s beside the other tests, under
# ASan+UBSan 80 s; beside four busy loops (load 8-14 on 2 cores) the release one took 189, 243
# and 226 s, and a sanitizer build is about 5 times slower. The desk and browser tests set their
# own (tests/CMakeLists.txt).
timeout_release=600
timeout_slow=1800

# build_and_test DIR TIMEOUT AREAS CMAKE_ARGS...: configures DIR (tests switched on explicitly:
# scripts/demo.sh configures build/ without them and CMake keeps that in its cache), builds it and
# runs the ctest tests of AREAS (test folders, e.g. "engine pgn"; "all": every test).
build_and_test() {
  local dir=$1 timeout=$2 areas=$3 targets=() labels=() a
  shift 3
  cmake -S . -B "$dir" -DARBITER_TESTS=ON "$@" >/dev/null
  if [ "$areas" = all ]; then
    cmake --build "$dir" -j"$jobs"
  else
    for a in $areas; do targets+=("${a}_tests"); labels+=("^$a\$"); done
    cmake --build "$dir" -j"$jobs" --target arbiter "${targets[@]}"
  fi
  (cd "$dir" && ctest -j"$jobs" --output-on-failure --timeout "$timeout" --no-tests=error \
    ${labels:+-L "$(IFS='|'; echo "${labels[*]}")"})
}

has_fast_cpu() { grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; }

run_stage() {
  case $1 in
    release)
      build_and_test build $timeout_release all -DCMAKE_BUILD_TYPE=Release -DARBITER_ARCH=x86-64 \
        -DARBITER_BENCH=ON
      scripts/bench-signature.sh build ;;
    consumer) scripts/consumer-test.sh build ;;
    fast)
      if has_fast_cpu; then
        build_and_test build-bmi2 $timeout_release "engine pgn adjudication" -DCMAKE_BUILD_TYPE=Release \
          -DARBITER_ARCH=x86-64-bmi2 -DARBITER_BENCH=OFF
        scripts/consumer-test.sh build-bmi2
      else
        echo "fast: this CPU lacks BMI2 or AVX2, stage left out"
      fi ;;
    sanitize)
      build_and_test build-asan $timeout_slow all -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DARBITER_SANITIZE=ON -DARBITER_BENCH=OFF ;;
    debug)
      build_and_test build-debug $timeout_slow "engine pgn" -DCMAKE_BUILD_TYPE=Debug \
        -DARBITER_BENCH=OFF ;;
    assert)
      # Release's build type with its flags replaced: -O2 without -DNDEBUG.
      build_and_test build-assert $timeout_slow "adjudication pairing" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS_RELEASE=-O2 -DARBITER_BENCH=OFF
      # The stage proves nothing if a flag brought NDEBUG back.
      if grep -q -e '-DNDEBUG' build-assert/compile_commands.json; then
        echo "assert: build-assert compiles with -DNDEBUG" >&2
        return 1
      fi ;;
    qemu)
      scripts/qemu-test.sh nehalem build
      scripts/qemu-test.sh aarch64 ;;
    fuzz) scripts/fuzz.sh ci "${ARBITER_FUZZ_RUNS:-5000}" ;;
    *) echo "unknown stage $1" >&2; return 2 ;;
  esac
}

timings=()
for stage in $stages; do
  echo "=== stage $stage"
  start=$SECONDS
  run_stage "$stage"
  timings+=("$stage $((SECONDS - start)) s")
  echo "=== stage $stage passed in $((SECONDS - start)) s"
done
echo "=== all stages passed:"
printf '  %s\n' "${timings[@]}"
