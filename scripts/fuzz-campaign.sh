#!/usr/bin/env bash
# A long fuzz campaign on a shared machine (issue 17: >= 100 million executions per parser over the
# issue's life). Runs the already built fuzz targets one at a time, one process, in rotation, each
# for SLOT seconds, until the time END (anything `date -d` reads), keeping each target's corpus.
# Start it as `nice -n 19 scripts/fuzz-campaign.sh ...` so that it only takes idle CPU.
#   scripts/fuzz-campaign.sh BIN_DIR CORPUS_DIR SLOT END [TARGET[:SECONDS]...]
# A target written TARGET:SECONDS gets its own slot length (time to the parsers furthest behind).
# BIN_DIR holds the fuzz binaries (copy them there from build-fuzz/tests/, so that a rebuild does
# not change a binary under a running campaign); each slot appends one line to CORPUS_DIR/ledger.tsv
# (start, target, binary's build, runs from libFuzzer's "Done N runs", seconds, result) and keeps its
# log; a failing input is written to CORPUS_DIR/artifacts/ and the rotation goes on without that target.
set -uo pipefail
bin=${1:?BIN_DIR} corpus=${2:?CORPUS_DIR} slot=${3:?SLOT seconds} end=$(date -d "${4:?END}" +%s)
shift 4
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_fen fuzz_san fuzz_pgn fuzz_trf fuzz_event fuzz_csv fuzz_timecontrol)
mkdir -p "$corpus/artifacts" "$corpus/logs"
src=$(cd "$(dirname "$0")/.." && pwd)
while [ "$(date +%s)" -lt "$end" ] && [ ${#targets[@]} -gt 0 ]; do
  next=()
  for spec in "${targets[@]}"; do
    t=${spec%%:*} own=$slot
    [ "$t" = "$spec" ] || own=${spec#*:}
    now=$(date +%s)
    [ "$now" -lt "$end" ] || break
    left=$((end - now))
    secs=$((left < own ? left : own))
    mkdir -p "$corpus/$t"
    seeds=$src/tests/fuzz/seeds/${t#fuzz_}
    # A second target of one parser (fuzz_pgn_read) starts from that parser's seeds.
    name=${t#fuzz_}
    [ -d "$seeds" ] || seeds=$src/tests/fuzz/seeds/${name%%_*}
    log=$corpus/logs/$t.$(date +%Y%m%d-%H%M%S).log
    # BIN_DIR/FLAVOUR names the build; BIN_DIR/TARGET.FLAVOUR a binary rebuilt since (a fix).
    flavour=$(cat "$bin/$t.FLAVOUR" 2>/dev/null || cat "$bin/FLAVOUR" 2>/dev/null || echo "?")
    # -timeout is generous: a niced process on a loaded machine is slow in wall-clock time; a
    # timeout is re-run on an idle machine before it is called a hang. -reload=0: one process
    # at a time, so nobody else adds to the corpus; libFuzzer's rereading of it every second
    # (a stat of every file) was 4-5 % of the time with corpora of 10,000 files (perf).
    "$bin/$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 -reload=0 \
      -artifact_prefix="$corpus/artifacts/$t-" "$corpus/$t" $([ -d "$seeds" ] && echo "$seeds") \
      >"$log" 2>&1
    rc=$?
    runs=$(grep -Eo '^Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+' || true)
    [ -n "$runs" ] || runs=$(grep -Eo '^stat::number_of_executed_units: [0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
    if [ $rc -eq 0 ]; then result=ok; next+=("$spec"); else result="FAILED rc=$rc (log $log)"; fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -d @"$now" '+%F %T')" "$t" "$flavour" "$runs" \
      "$(($(date +%s) - now))" "$result" >>"$corpus/ledger.tsv"
  done
  targets=("${next[@]}")
done
