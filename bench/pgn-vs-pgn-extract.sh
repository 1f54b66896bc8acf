#!/usr/bin/env bash
# Runs `arbiter validate` and `pgn-extract -s -r` on the same PGN files in the same run and
# prints games/s and the ratio (issue 3 and 18 targets: >= 10x single-threaded on the
# comment-free TCEC file, >= 3x on the commented Chess960 file), plus arbiter's 2-core scaling.
# Wall-clock games/s as the issue asks, and the CPU seconds (user + system) of the
# single-threaded runs: the exact default (every final position settled, Laws 5.2.2) and the
# inexact --no-search mode (cpu-ns, ratio-ns).
# usage: bench/pgn-vs-pgn-extract.sh [BUILD_DIR] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
repeats=${2:-3}
arbiter="$build/tools/arbiter"
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$arbiter" ] || { echo "build $arbiter first" >&2; exit 2; }
[ -x "$pe" ] || { echo "pgn-extract not installed (apt-get install pgn-extract)" >&2; exit 2; }
shared=${ARBITER_SHARED_DIR:-../shared}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed CMD...: runs it once (output discarded) and prints its wall, user and system seconds with
# microsecond resolution (GNU time's 10 ms steps are too coarse: arbiter reads the TCEC file in
# about 0.13 s).
timed() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
t1, r1 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{t1 - t0:.6f} {r1.ru_utime - r0.ru_utime:.6f} {r1.ru_stime - r0.ru_stime:.6f}")
PY
}

# best_run CMD...: runs it REPEATS times (output discarded) and sets BEST_WALL and BEST_CPU
# (user + system seconds) to the best of each. CPU time is what to compare on a loaded machine,
# where wall time mostly measures the wait for a core.
best_run() {
  BEST_WALL="" BEST_CPU=""
  for _ in $(seq "$repeats"); do
    read -r w u s < <(timed "$@")
    local c
    c=$(echo "$u + $s" | bc -l)
    if [ -z "$BEST_WALL" ] || [ "$(echo "$w < $BEST_WALL" | bc -l)" = 1 ]; then BEST_WALL=$w; fi
    if [ -z "$BEST_CPU" ] || [ "$(echo "$c < $BEST_CPU" | bc -l)" = 1 ]; then BEST_CPU=$c; fi
  done
}
nz() { [ "$(echo "$1 < 0.000001" | bc -l)" = 1 ] && echo 0.000001 || echo "$1"; }

printf '%-26s %6s %11s %11s %11s %8s %8s   %9s %9s %8s %9s %8s\n' file games pgn-extract \
  arbiter-j1 arbiter-j2 ratio-j1 scale-j2 cpu-pe cpu-j1 cpu-ratio cpu-ns ratio-ns
for name in tcec-standard-nocomments tcec-chess960; do
  f="$tmp/$name.pgn"
  zstd -qdc "$shared/data/pgn/corpus/$name.pgn.zst" >"$f"
  games=$(grep -c '^\[Event ' "$f")
  best_run "$pe" -s -r "$f"
  t_pe=$(nz "$BEST_WALL") c_pe=$(nz "$BEST_CPU")
  best_run "$arbiter" validate --jobs 1 --errors-only "$f"
  t_1=$(nz "$BEST_WALL") c_1=$(nz "$BEST_CPU")
  best_run "$arbiter" validate --jobs 2 --errors-only "$f"
  t_2=$(nz "$BEST_WALL")
  best_run "$arbiter" validate --jobs 1 --errors-only --no-search "$f"
  c_ns=$(nz "$BEST_CPU")
  gps() { echo "$games / $1" | bc -l; }
  printf '%-26s %6d %9.0f/s %9.0f/s %9.0f/s %7.1fx %7.2fx   %8.3fs %8.3fs %7.1fx %8.3fs %7.1fx\n' \
    "$name" "$games" "$(gps "$t_pe")" "$(gps "$t_1")" "$(gps "$t_2")" \
    "$(echo "$t_pe / $t_1" | bc -l)" "$(echo "$t_1 / $t_2" | bc -l)" \
    "$c_pe" "$c_1" "$(echo "$c_pe / $c_1" | bc -l)" "$c_ns" "$(echo "$c_pe / $c_ns" | bc -l)"
done
