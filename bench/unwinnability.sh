#!/usr/bin/env bash
# Runs the unwinnability benchmark (one thread) on lichess-public.tsv and community-public.tsv and
# prints our average / worst time per query next to the published figures of the peers (neither
# CHA nor chasolver is packaged for Debian, so their own published numbers are the reference):
#   CHA (C++, Stockfish back end): 336 us average, 4.5 us in quick mode
#   chasolver 3.0 (Rust):           33 us average, 930 ms worst case
# Usage: bench/unwinnability.sh [BUILD_DIR]   (ARBITER_BENCH_STRIDE=N to sample every N-th query)
set -euo pipefail
build=${1:-build}
out=$("$build/bench/unwinnability" --benchmark_format=json 2>/dev/null)
python3 - "$out" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
for b in d["benchmarks"]:
    name = b["name"].split("/")[0].replace("BM_", "")
    avg, worst = b["avg_us"], b["worst_us"]
    print(f"{name}: {int(b['queries'])} queries, avg {avg:.1f} us, worst {worst/1000:.1f} ms, "
          f"wrong {int(b['wrong'])}, undetermined {int(b['undetermined'])}, "
          f"bad witnesses {int(b.get('bad_witness', 0))}, "
          f"avg over decided queries {b['avg_decided_us']:.1f} us")
    print(f"  thread CPU time: avg {b['avg_cpu_us']:.1f} us, worst {b['worst_cpu_us']/1000:.1f} ms "
          f"(differs from the wall clock when the machine is shared)")
    print(f"  vs CHA average 336 us: {336/avg:.2f}x;  vs chasolver average 33 us: {33/avg:.2f}x;  "
          f"worst vs chasolver 930 ms: {930/(worst/1000):.2f}x")
PY
