#!/usr/bin/env bash
# Runs build/bench/pairing_dutch one field per process (so that the peak memory is the field's)
# and prints a table: players, rounds played before the round paired, forbidden pairs (1: the
# field's XXP pairs, bench/pairing_dutch.cpp), CPU time, peak resident memory and the pairing
# fingerprint (the `pairing <hash>` label: equal hashes = the same pairs, colours and bye).
# Usage: bench/pairing-dutch.sh [BUILD_DIR] [MAX_PLAYERS]   (default build, 2001: the 5,000 and
# 10,000 fields take long on a shared machine; run them once, nice'd)
set -euo pipefail
build=${1:-build}
max=${2:-2001}
bin="$build/bench/pairing_dutch"
printf '%-8s %-7s %-9s %10s %9s  %s\n' players played forbidden "cpu_ms" "peak_MB" fingerprint
for name in $("$bin" --benchmark_list_tests | sed -n 's|^BM_DutchRound/\([0-9]*/[0-9]*/[0-9]*\)/.*|\1|p'); do
  IFS=/ read -r n played forbidden <<<"$name"
  ((n <= max)) || continue
  out=$(nice "$bin" --benchmark_filter="^BM_DutchRound/$name/" --benchmark_format=json 2>/dev/null)
  python3 - "$out" "$n" "$played" "$forbidden" <<'PY'
import json, sys
b = json.loads(sys.argv[1])["benchmarks"][0]
print(f"{sys.argv[2]:<8} {sys.argv[3]:<7} {sys.argv[4]:<9} {b['cpu_time']:10.1f} {b['peak_MB']:9.1f}  {b.get('label', b.get('error_message', ''))}")
PY
done
