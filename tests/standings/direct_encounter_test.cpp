// Direct encounter (C.07 art. 6): repeated games averaged (6.1.2) and the Swiss rule (6.3).
#include <gtest/gtest.h>

#include "arbiter/pairing/standings.h"

using namespace arbiter::pairing;

namespace {
struct Game {
  int round, white, black;
  double white_points;
};
Crosstable make(int players, int rounds, bool rr, const std::vector<Game>& games) {
  Crosstable ct;
  ct.rounds = ct.total_rounds = rounds;
  ct.round_robin = rr;
  for (int p = 1; p <= players; ++p) {
    CrossPlayer pl;
    pl.start_no = p;
    pl.rating = 2000;
    pl.cells.resize(size_t(rounds));
    ct.players.push_back(pl);
  }
  auto outcome = [](double x) {
    return x == 1 ? Outcome::Win : x == 0 ? Outcome::Loss : Outcome::Draw;
  };
  for (const Game& g : games) {
    ct.players[size_t(g.white - 1)].cells[size_t(g.round - 1)] = {
        g.black, arbiter::WHITE, outcome(g.white_points), g.white_points, true};
    ct.players[size_t(g.black - 1)].cells[size_t(g.round - 1)] = {
        g.white, arbiter::BLACK, outcome(1 - g.white_points), 1 - g.white_points, true};
  }
  return ct;
}
}  // namespace

TEST(DirectEncounter, RepeatedGamesAreAveraged) {
  // Double round robin of three: 1 and 2 finish on 2.5; between them 1-0 and a draw, so 1 has
  // 0.75 and 2 has 0.25 in the separate standings (6.1.2).
  Crosstable ct =
      make(3, 6, true,
           {{1, 1, 2, 1}, {2, 1, 3, 1}, {3, 2, 3, 1}, {4, 2, 1, .5}, {5, 3, 1, 1}, {6, 3, 2, 0}});
  Standings s = compute_standings(ct, parse_tiebreaks("DE"));
  EXPECT_EQ(s.row(1).points, 2.5);
  EXPECT_EQ(s.row(2).points, 2.5);
  EXPECT_EQ(s.row(1).rank, 1);
  EXPECT_EQ(s.row(2).rank, 2);
  EXPECT_EQ(*s.row(1).values[0], 1);
  EXPECT_EQ(*s.row(2).values[0], 2);
}

TEST(DirectEncounter, SwissRuleWhenNotAllMet) {
  // Swiss, 1, 2 and 3 tied on 2 points (byes make up the rest).
  // (a) 1 beat 2 and 3; 2 and 3 never met: 1 is first whatever 2-3 would have been (6.3),
  //     2 and 3 stay tied.
  {
    Crosstable ct =
        make(5, 3, false,
             {{1, 1, 2, 1}, {2, 3, 1, 0}, {1, 3, 4, 1}, {2, 2, 5, 1}, {3, 2, 4, 1}, {3, 3, 5, 1}});
    ct.players[0].cells[2] = {0, std::nullopt, Outcome::ZeroBye, 0, true};
    Standings s = compute_standings(ct, parse_tiebreaks("DE"));
    ASSERT_EQ(s.row(1).points, 2);
    ASSERT_EQ(s.row(2).points, 2);
    ASSERT_EQ(s.row(3).points, 2);
    EXPECT_EQ(*s.row(1).values[0], 1);
    EXPECT_EQ(*s.row(2).values[0], 2);
    EXPECT_EQ(*s.row(3).values[0], 2);
    EXPECT_TRUE(s.row(2).shared);
  }
  // (b) 1 beat 2 only; 3 met neither: 3 could still reach 2 points against them (and 1 lose to
  //     3), so nobody is placed: 0 for all three.
  {
    Crosstable ct = make(6, 3, false,
                         {{1, 1, 2, 1},
                          {1, 3, 4, 1},
                          {1, 5, 6, .5},
                          {2, 1, 4, 1},
                          {2, 2, 5, 1},
                          {2, 3, 6, 1},
                          {3, 1, 5, 0},
                          {3, 2, 6, 1},
                          {3, 3, 4, 0}});
    Standings s = compute_standings(ct, parse_tiebreaks("DE"));
    for (int p : {1, 2, 3}) {
      ASSERT_EQ(s.row(p).points, 2);
      EXPECT_EQ(*s.row(p).values[0], 0);
      EXPECT_EQ(s.row(p).rank, 1);
    }
  }
}
