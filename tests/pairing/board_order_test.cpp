// Board order of a Swiss round (board_order.h), with scores the test sets up: the higher score of
// the pair first, then the higher sum, then the higher-ranked player's pairing number; the
// scores counted are those before the round.
#include "arbiter/pairing/board_order.h"

#include <gtest/gtest.h>

using namespace arbiter::pairing;
using arbiter::BLACK;
using arbiter::WHITE;

namespace {

// Eight players; round 1 results give 1, 2, 3, 4 a win and 5, 6, 7, 8 a loss (1-5, 2-6, 3-7,
// 4-8), and round 2 gives 4 and 8 a win over 2 and 6 (4-2, 8-6) and draws 1-3, 5-7.
Tournament scored() {
  Tournament t;
  for (Tpn p = 1; p <= 8; ++p) {
    Player pl;
    pl.tpn = p;
    pl.name = "P" + std::to_string(p);
    t.players.push_back(pl);
  }
  auto game = [&](int round, Tpn w, Tpn b, ResultCode rw, ResultCode rb) {
    for (auto [p, o, c, r] : {std::tuple{w, b, WHITE, rw}, std::tuple{b, w, BLACK, rb}}) {
      auto& cells = t.player(p).rounds;
      cells.resize(size_t(round));
      cells[size_t(round - 1)] = {o, c, r};
    }
  };
  for (Tpn p = 1; p <= 4; ++p) game(1, p, p + 4, ResultCode::Win, ResultCode::Loss);
  game(2, 4, 2, ResultCode::Win, ResultCode::Loss);
  game(2, 8, 6, ResultCode::Win, ResultCode::Loss);
  game(2, 1, 3, ResultCode::Draw, ResultCode::Draw);
  game(2, 5, 7, ResultCode::Draw, ResultCode::Draw);
  return t;
}

}  // namespace

TEST(BoardOrder, HigherScoreThenSumThenHigherRankedPlayer) {
  const Tournament t = scored();
  // Scores before round 3: 4: 2, 1: 1.5, 3: 1.5, 2: 1, 8: 1, 5: 0.5, 7: 0.5, 6: 0.
  std::vector<std::pair<Tpn, Tpn>> games = {{6, 7}, {2, 8}, {5, 3}, {1, 6}, {8, 4}, {3, 2}};
  // Keys (max, sum, higher-ranked): 6-7 (0.5, 0.5, 7); 2-8 (1, 2, 2); 5-3 (1.5, 2, 3);
  // 1-6 (1.5, 1.5, 1); 8-4 (2, 3, 4); 3-2 (1.5, 2.5, 3).
  sort_boards(t, 3, games);
  using G = std::vector<std::pair<Tpn, Tpn>>;
  EXPECT_EQ(games, (G{{8, 4}, {3, 2}, {5, 3}, {1, 6}, {2, 8}, {6, 7}}));
  // Before round 2 everybody on 1 or 0 point: the higher-ranked player's number decides.
  std::vector<std::pair<Tpn, Tpn>> r2 = {{8, 6}, {5, 7}, {4, 2}, {1, 3}};
  sort_boards(t, 2, r2);
  EXPECT_EQ(r2, (G{{1, 3}, {4, 2}, {5, 7}, {8, 6}}));
}
