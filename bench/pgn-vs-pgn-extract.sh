#!/usr/bin/env bash
# Runs `arbiter validate` and `pgn-extract -s -r` on the same PGN files in the same run and
# prints games/s and the ratio (issue 3 targets: >= 10x single-threaded on the comment-free TCEC
# file, >= 3x on the commented Chess960 file), plus arbiter's 2-core scaling.
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

best() {  # best wall time in seconds of REPEATS runs of "$@" (output discarded)
  local b=""
  for _ in $(seq "$repeats"); do
    local s e t
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}

printf '%-34s %7s %12s %12s %12s %8s %8s\n' file games pgn-extract arbiter-j1 arbiter-j2 ratio-j1 scale-j2
for name in tcec-standard-nocomments tcec-chess960; do
  f="$tmp/$name.pgn"
  zstd -qdc "$shared/data/pgn/corpus/$name.pgn.zst" >"$f"
  games=$(grep -c '^\[Event ' "$f")
  t_pe=$(best "$pe" -s -r "$f")
  t_1=$(best "$arbiter" validate --jobs 1 --errors-only "$f")
  t_2=$(best "$arbiter" validate --jobs 2 --errors-only "$f")
  gps() { echo "$games / $1" | bc -l; }
  printf '%-34s %7d %10.0f/s %10.0f/s %10.0f/s %7.1fx %7.2fx\n' "$name" "$games" \
    "$(gps "$t_pe")" "$(gps "$t_1")" "$(gps "$t_2")" \
    "$(echo "$t_pe / $t_1" | bc -l)" "$(echo "$t_1 / $t_2" | bc -l)"
done
