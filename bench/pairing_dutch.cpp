// One round of a Dutch Swiss (C.04.3, 2026) for generated fields of 200 to 10,001 players.
// The field: N players, P rounds already played with a simple Swiss-like history (players
// sorted by score paired with the next one they have not met, colours alternating, results
// drawn from a fixed-seed generator: 40 % draws, a few forfeits, one PAB per odd round), then
// round P+1 of 9 is paired: round 1 (P = 0, one score group), middle rounds and the last round
// (P = 8), even and odd fields. The endorsed engine needs about 0.1 s for 200 players and
// 18-40 s for 1,000 on these machines (issue #5).
//
// Each benchmark reports CPU time and the process's peak resident memory (counter peak_MB,
// meaningful per field when one field runs per process: bench/pairing-dutch.sh does that).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <set>

#include "arbiter/pairing/dutch.h"

namespace {

using namespace arbiter::pairing;

DutchInput generated_field(int n, int played, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  DutchInput in;
  in.players.reserve(n);
  in.total_rounds = 9;
  in.played_rounds = played;
  for (int i = 1; i <= n; ++i) in.players.push_back({i, {}, false, {}});
  std::vector<int> score(n + 1, 0);
  std::vector<std::set<int>> met(n + 1);
  std::vector<char> had_bye(n + 1, 0);
  for (int r = 0; r < played; ++r) {
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i + 1;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[a] > score[b]; });
    std::vector<char> done(n + 1, 0);
    if (n & 1) {  // PAB to the lowest player without one
      for (int i = n - 1; i >= 0; --i)
        if (!had_bye[order[i]]) {
          const int p = order[i];
          done[p] = had_bye[p] = 1;
          in.players[p - 1].rounds.push_back({0, std::nullopt, false, true, 10});
          score[p] += 10;
          break;
        }
    }
    for (int i = 0; i < n; ++i) {
      const int a = order[i];
      if (done[a]) continue;
      int b = 0;
      for (int j = i + 1; j < n && !b; ++j)
        if (!done[order[j]] && !met[a].count(order[j])) b = order[j];
      if (!b) continue;
      done[a] = done[b] = 1;
      met[a].insert(b);
      met[b].insert(a);
      const bool a_white = (r + i) % 2 == 0;
      const int roll = int(rng() % 100);
      const bool forfeit = roll < 3;
      const int pa = roll < 33 ? 10 : roll < 73 ? 5 : 0;
      const int pb = forfeit ? 0 : 10 - pa;
      const arbiter::Color ca = a_white ? arbiter::WHITE : arbiter::BLACK;
      const arbiter::Color cb = a_white ? arbiter::BLACK : arbiter::WHITE;
      in.players[a - 1].rounds.push_back({b, ca, !forfeit, true, forfeit ? 10 : pa});
      in.players[b - 1].rounds.push_back({a, cb, !forfeit, true, pb});
      score[a] += forfeit ? 10 : pa;
      score[b] += pb;
    }
    for (int p = 1; p <= n; ++p)  // anybody left over sits the round out
      if (!done[p]) in.players[p - 1].rounds.push_back({});
  }
  return in;
}

// FNV-1a over the pairs (white, black) in order and the bye.
std::uint64_t fingerprint(const DutchPairing& p) {
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&](int v) {
    for (int i = 0; i < 4; ++i) h = (h ^ ((unsigned)v >> (8 * i) & 0xff)) * 1099511628211ull;
  };
  for (auto [w, b] : p.pairs) {
    mix(w);
    mix(b);
  }
  mix(p.bye);
  return h;
}

// Forbidden pairs (TRF XXP, [C1]): every tenth player of the top half may not meet the player n/2
// places below it (its round-1 opponent), so round 1 is no longer a field of interchangeable
// players and takes the general path.
void forbid_pairs(DutchInput& in) {
  const int n = (int)in.players.size();
  for (int i = 1; i <= n / 2; i += 10) in.forbidden.emplace_back(i, i + n / 2);
}

void BM_DutchRound(benchmark::State& state) {
  DutchInput in = generated_field(int(state.range(0)), int(state.range(1)), 20260201);
  if (state.range(2)) forbid_pairs(in);
  std::uint64_t hash = 0;
  for (auto _ : state) {
    DutchPairing p = pair_dutch(in);
    if (!p.ok) state.SkipWithError("no pairing");
    benchmark::DoNotOptimize(p);
    hash = fingerprint(p);
  }
  // The label identifies the pairing, so that a change of the matcher can be checked to give
  // the same pairs, colours and bye.
  char label[32];
  std::snprintf(label, sizeof label, "pairing %016llx", (unsigned long long)hash);
  state.SetLabel(label);
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  state.counters["peak_MB"] = double(u.ru_maxrss) / 1024;
}
// Arguments: players, rounds already played, forbidden pairs (1: forbid_pairs). 1,001 etc.: odd
// fields (a dummy vertex stands for the PAB). The 2,000-player field at round 6 and the round-1
// fields are those of issue 19; round 1 with forbidden pairs is issue 19's "any round".
void fields(benchmark::internal::Benchmark* b) {
  for (int n : {200, 201, 1000, 1001, 2000, 2001, 5000, 5001, 10000, 10001}) {
    for (int played : {0, 4, 5, 8})
      if (played != 5 || n >= 2000) b->Args({n, played, 0});
    b->Args({n, 0, 1});
  }
}
BENCHMARK(BM_DutchRound)->Apply(fields)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
