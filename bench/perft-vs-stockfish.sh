#!/usr/bin/env bash
# Runs arbiter's perft and Stockfish's `go perft` (single thread) on the same positions in one
# run, alternating them ROUNDS times and keeping each side's best time per position (the machine
# may be shared), then prints both nodes/second figures and the ratio arbiter / Stockfish.
#   bench/perft-vs-stockfish.sh [ARBITER_BINARY] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
arbiter=${1:-build/tools/arbiter}
rounds=${2:-3}
stockfish=${STOCKFISH:-/usr/games/stockfish}
[ -x "$arbiter" ] || { echo "build arbiter first (cmake --build build --target arbiter)" >&2; exit 2; }
[ -x "$stockfish" ] || { echo "stockfish not found at $stockfish" >&2; exit 2; }
exec python3 - "$arbiter" "$stockfish" "$rounds" <<'PY'
import subprocess, sys, time
arbiter, stockfish, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
positions = [  # (name, FEN, depth)
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
    ("sp0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", 6),
    ("sp959", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", 6),
]
sf = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): sf.stdin.write(s + "\n"); sf.stdin.flush()
def until(prefix):
    while True:
        line = sf.stdout.readline()
        if not line: raise SystemExit("stockfish exited")
        if line.startswith(prefix): return line
send("uci"); until("uciok")
send("setoption name Threads value 1"); send("setoption name UCI_Chess960 value true")
send("isready"); until("readyok")
def run_sf(fen, depth):
    send("position fen " + fen); send("isready"); until("readyok")
    t = time.perf_counter(); send(f"go perft {depth}")
    n = int(until("Nodes searched").split(":")[1])
    return n, time.perf_counter() - t
def run_ours(fen, depth):
    p = subprocess.run([arbiter, "perft", "--fen", fen, "--depth", str(depth), "--time"],
                       capture_output=True, text=True, check=True)
    n = int(p.stdout.strip().splitlines()[-1])
    secs = float(p.stderr.split(" nodes in ")[1].split(" s")[0])  # timed inside, like go perft
    return n, secs
tot_n = tot_ours = tot_sf = 0.0
print(f"{'position':10} {'depth':>5} {'nodes':>12} {'arbiter Mn/s':>13} {'stockfish Mn/s':>15} {'ratio':>6}")
for name, fen, depth in positions:
    best_o = best_s = float("inf")
    for _ in range(rounds):
        n_s, t_s = run_sf(fen, depth)
        n_o, t_o = run_ours(fen, depth)
        if n_s != n_o: raise SystemExit(f"{name}: node counts differ: arbiter {n_o} stockfish {n_s}")
        best_o, best_s = min(best_o, t_o), min(best_s, t_s)
    tot_n += n_o; tot_ours += best_o; tot_sf += best_s
    print(f"{name:10} {depth:5} {n_o:12} {n_o/best_o/1e6:13.1f} {n_s/best_s/1e6:15.1f} {best_s/best_o:6.2f}")
send("quit")
print(f"{'total':10} {'':5} {int(tot_n):12} {tot_n/tot_ours/1e6:13.1f} {tot_n/tot_sf/1e6:15.1f} {tot_sf/tot_ours:6.2f}")
print(f"ratio arbiter/stockfish (nodes per second, single thread): {tot_sf/tot_ours:.2f}")
PY
