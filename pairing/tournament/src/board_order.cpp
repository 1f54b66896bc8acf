// Board order of a Swiss round (see board_order.h).
#include "arbiter/pairing/board_order.h"

#include <algorithm>
#include <tuple>

namespace arbiter::pairing {

void sort_boards(const Tournament& t, int round, std::vector<std::pair<Tpn, Tpn>>& games) {
  auto score = [&](Tpn p) { return t.player(p).score(t.scoring, round - 1); };
  auto key = [&](const std::pair<Tpn, Tpn>& g) {
    const Points a = score(g.first), b = score(g.second);
    const Tpn top = a != b ? (a > b ? g.first : g.second) : std::min(g.first, g.second);
    return std::make_tuple(-std::max(a, b), -(a + b), top);
  };
  std::stable_sort(games.begin(), games.end(),
                   [&](const auto& x, const auto& y) { return key(x) < key(y); });
}

}  // namespace arbiter::pairing
