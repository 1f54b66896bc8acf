// Perft speed (bulk counting) on the classic positions and Chess960 starts; the comparison
// with Stockfish is bench/perft-vs-stockfish.sh.
#include <benchmark/benchmark.h>

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/perft.h"

using namespace arbiter;

namespace {

void run(benchmark::State& state, const char* fen, int depth) {
  Position pos = *Position::from_fen(fen, false, true);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    std::uint64_t n = perft(pos, depth);
    benchmark::DoNotOptimize(n);
    nodes += n;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

void BM_PerftStart(benchmark::State& s) {
  run(s, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5);
}
void BM_PerftKiwipete(benchmark::State& s) {
  run(s, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4);
}
void BM_PerftEndgame(benchmark::State& s) {
  run(s, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6);
}
void BM_PerftPromotions(benchmark::State& s) {
  run(s, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4);
}
void BM_Perft960Sp0(benchmark::State& s) {
  run(s, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", 5);
}
void BM_CountLegalMoves(benchmark::State& state) {
  Position pos =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  for (auto _ : state) benchmark::DoNotOptimize(pos.count_legal_moves());
}
void BM_GenerateLegalMoves(benchmark::State& state) {
  Position pos =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  MoveList ml;
  for (auto _ : state) {
    pos.generate_legal(ml);
    benchmark::DoNotOptimize(ml.size());
  }
}

}  // namespace

BENCHMARK(BM_PerftStart)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftKiwipete)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftEndgame)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftPromotions)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft960Sp0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CountLegalMoves);
BENCHMARK(BM_GenerateLegalMoves);
BENCHMARK_MAIN();
