#!/usr/bin/env bash
# The bench signature, as Stockfish's `bench` node count: a fixed perft, PGN validation and
# pairing workload whose counts are checked against values taken from the oracles and corpora,
# never from arbiter's own earlier output, then printed as one line. A change that alters a
# node count, a ply or a pairing fails here.
#   scripts/bench-signature.sh [BUILD_DIR]   (default build)
#   perft     every count <= 1,000,000 nodes of perftsuite.epd and tricky.perft: the sum of the
#             suites' counts must equal the nodes arbiter counted, every position passing
#   validate  tcec-standard-nocomments: the games ([Event tags) and plies that pgn-extract
#             counts (--plycount), with no error
#   pairing   six Swiss tournaments of the public corpus re-paired round by round
#             (../shared/tools/replay-swiss.sh): every round as the recorded one
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
arbiter=$build/tools/arbiter
shared=${ARBITER_SHARED_DIR:-$(sed -n 's/^ARBITER_SHARED_DIR:PATH=//p' "$build/CMakeCache.txt")}
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "bench signature: $*" >&2
  exit 1
}

# perft: the suites' own counts (EPD ";D3 97862", .perft "perft 3 97862") up to the limit.
limit=1000000
perft_nodes=0 perft_counts=0
for suite in perftsuite.epd tricky.perft; do
  file=$shared/data/perft/$suite
  read -r n c < <(awk -v lim=$limit '
    /^#/ { next }
    { for (i = 1; i <= NF; ++i) {
        if ($i ~ /^;D[0-9]+$/ && $(i + 1) <= lim) { s += $(i + 1); k++ }
        if ($i == "perft" && $(i + 2) <= lim) { s += $(i + 2); k++ } } }
    END { printf "%d %d\n", s, k }' "$file")
  out=$("$arbiter" perft --suite "$file" --max-nodes $limit --time 2>"$tmp/err") ||
    fail "perft $suite: $out"
  got=$(sed -n 's/.* \([0-9]*\) nodes in .*/\1/p' "$tmp/err")
  [ "$got" = "$n" ] || fail "perft $suite: $got nodes, the suite's counts sum to $n"
  perft_nodes=$((perft_nodes + n)) perft_counts=$((perft_counts + c))
done

# validate: games and plies as pgn-extract counts them.
pgn=$shared/data/pgn/corpus/tcec-standard-nocomments.pgn.zst
zstd -dc "$pgn" >"$tmp/games.pgn"
read -r pe_games pe_plies < <("$pe" --plycount -s "$tmp/games.pgn" 2>/dev/null |
  sed -n 's/^\[PlyCount "\([0-9]*\)"\]/\1/p' | awk '{ s += $1; n++ } END { print n, s }')
read -r games plies errors < <("$arbiter" validate --json "$pgn" | python3 -c '
import json, sys
games = plies = errors = 0
for line in sys.stdin:
    g = json.loads(line)
    games += 1
    plies += g["plies"]
    errors += g["status"] == "error"
print(games, plies, errors)')
[ "$games $plies" = "$pe_games $pe_plies" ] ||
  fail "validate: $games games, $plies plies; pgn-extract counts $pe_games games, $pe_plies plies"
[ "$errors" = 0 ] || fail "validate: $errors games with errors"

# pairing: the recorded rounds are the oracle (bbpPairings and JaVaFo paired them).
sample=(s100001_n20_r13 s100003_n47_r3 w300001_n15_r11 w300007_n11_r6 s100005_n77_r4 s100002_n180_r4)
files=()
for t in "${sample[@]}"; do files+=("$shared/data/swiss/public/$t.trf"); done
replay=$("$shared/tools/replay-swiss.sh" -j 1 "$arbiter pair --dutch" "${files[@]}" 2>&1 | tail -n 1)
[[ $replay =~ ^([0-9]+)\ passed,\ 0\ failed ]] || fail "pairing: $replay"
rounds=${BASH_REMATCH[1]}

echo "bench signature: perft $perft_nodes nodes ($perft_counts counts), validate $games games" \
  "$plies plies, pairing $rounds rounds identical"
