// Standings with all 27 FIDE reference specs (C.07 2024 and 2026 rules) on the largest public
// tie-break corpus tournaments, and on a synthetic 300-player, 11-round Swiss.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "arbiter/pairing/standings_trf.h"
#include "arbiter/pairing/trf.h"

using namespace arbiter::pairing;

namespace {
Crosstable largest_corpus_tournament() {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(ARBITER_SHARED_DIR) / "data/tiebreak/public";
  Crosstable best;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".trf") continue;
    Crosstable ct = crosstable_from(read_trf_file(e.path()));
    if (ct.players.size() * size_t(ct.rounds) > best.players.size() * size_t(best.rounds))
      best = ct;
  }
  return best;
}

// A deterministic 300-player Swiss-like crosstable (pairings by a fixed rotation; results from a
// simple hash) with some byes and forfeits: enough to exercise every code path at size.
Crosstable synthetic(int n, int rounds) {
  Crosstable ct;
  ct.rounds = ct.total_rounds = rounds;
  ct.date = 20260601;
  ct.players.resize(size_t(n));
  for (int p = 0; p < n; ++p) {
    ct.players[size_t(p)].start_no = p + 1;
    ct.players[size_t(p)].rating = 2600 - 3 * p;
    ct.players[size_t(p)].cells.resize(size_t(rounds));
  }
  for (int r = 0; r < rounds; ++r) {
    int shift = 1 + (r * 37) % (n / 2 - 1);
    std::vector<bool> used(size_t(n), false);
    for (int p = 0; p < n; ++p) {
      if (used[size_t(p)]) continue;
      int q = (p + shift) % n;
      while (used[size_t(q)] || q == p) q = (q + 1) % n;
      used[size_t(p)] = used[size_t(q)] = true;
      unsigned h = unsigned(p * 2654435761u) ^ unsigned(q * 40503u) ^ unsigned(r * 97u);
      int kind = int(h % 16);
      Cell a{q + 1, arbiter::WHITE, Outcome::Win, 1, true},
          b{p + 1, arbiter::BLACK, Outcome::Loss, 0, true};
      if (kind < 5) std::swap(a.outcome, b.outcome), a.points = 0, b.points = 1;
      if (kind >= 5 && kind < 9) a.outcome = b.outcome = Outcome::Draw, a.points = b.points = 0.5;
      if (kind == 15)
        a.outcome = Outcome::ForfeitWin, b.outcome = Outcome::ForfeitLoss,
        a.colour = b.colour = std::nullopt;
      ct.players[size_t(p)].cells[size_t(r)] = a;
      ct.players[size_t(q)].cells[size_t(r)] = b;
    }
  }
  return ct;
}

void BM_Corpus27Specs(benchmark::State& state) {
  static const Crosstable ct = largest_corpus_tournament();
  static const auto specs = parse_tiebreaks(kAllSpecs27);
  StandingsOptions o;
  o.tiebreak.rules = state.range(0) ? TiebreakRules::Fide2026 : TiebreakRules::Fide2024;
  for (auto _ : state) benchmark::DoNotOptimize(compute_standings(ct, specs, o));
  state.SetLabel(std::to_string(ct.players.size()) + " players x " + std::to_string(ct.rounds) +
                 " rounds");
}
BENCHMARK(BM_Corpus27Specs)->Arg(0)->Arg(1);

void BM_Swiss300Players(benchmark::State& state) {
  static const Crosstable ct = synthetic(300, 11);
  static const auto specs = parse_tiebreaks("BH/C1 SB DE ARO/C1 WIN");
  for (auto _ : state) benchmark::DoNotOptimize(compute_standings(ct, specs));
}
BENCHMARK(BM_Swiss300Players);
}  // namespace

BENCHMARK_MAIN();
