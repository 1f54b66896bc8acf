// The Berger table a recorded round robin follows (see round_robin.h).
#include <algorithm>

#include "arbiter/pairing/recorded_round.h"
#include "arbiter/pairing/round_robin.h"

namespace arbiter::pairing {

namespace {

// How many of t's paired rounds hold the games of `table`'s round, colours included.
int rounds_matching(const Tournament& t, const std::vector<RoundRobinRound>& table) {
  int same = 0;
  const int rounds = std::min(t.paired_rounds(), int(table.size()));
  for (int r = 1; r <= rounds; ++r) {
    std::vector<std::pair<Tpn, Tpn>> want = recorded_round(t, r).games, got;
    for (const auto& g : table[size_t(r - 1)].boards) got.emplace_back(g.white, g.black);
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    same += want == got;
  }
  return same;
}

}  // namespace

std::vector<RoundRobinRound> recorded_berger_table(const Tournament& t) {
  const int n = t.player_count();
  if (t.system() != System::DoubleRoundRobin) return berger_table(n);
  auto swapped = double_round_robin(n, true), plain = double_round_robin(n, false);
  return rounds_matching(t, plain) > rounds_matching(t, swapped) ? plain : swapped;
}

}  // namespace arbiter::pairing
