// A TRF player's games for the rating calculation (rating_games.h): the expected games are read
// off the cells by B.02 5.1 (forfeits and games of less than one move are not rated) and the
// TRF result codes (trf.md).
#include "arbiter/pairing/rating_games.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "arbiter/pairing/trf.h"

namespace ap = arbiter::pairing;

namespace {

std::string player(int id, int rating, const std::vector<std::string>& cells) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "001 %4d      P%-32d %4d%29s%3.1f %4d  ", id, id, rating, "", 0.0,
                id);
  std::string s = buf;
  for (const auto& c : cells) s += c;
  return s + "\n";
}

const std::string kBlank = "          ";

}  // namespace

TEST(RatingGames, EveryRoundWithAnOpponentUnplayedOnesNotRated) {
  const ap::Tournament t = ap::read_trf(
      player(1, 2000,
             {"   2 w 1  ", "   3 b =  ", "0000 - H  ", "   4 w +  ", "   5 b W  ", "   6 w 0  "}) +
      player(2, 2100, {"   1 b 0  "}) + player(3, 2200, {kBlank, "   1 w =  "}) +
      player(4, 1900, {kBlank, kBlank, kBlank, "   1 b -  "}) +
      player(5, 1800, {kBlank, kBlank, kBlank, kBlank, "   1 w L  "}) +
      player(6, 1700, {kBlank, kBlank, kBlank, kBlank, kBlank, "   1 b 1  "}));
  std::vector<int> rounds;
  const std::vector<ap::rating::Game> g = ap::rating::games_of(t, 1, &rounds);
  EXPECT_EQ(rounds, (std::vector<int>{1, 2, 4, 5, 6}));  // round 3: a bye, no game
  ASSERT_EQ(g.size(), 5u);
  const int opponent[] = {2100, 2200, 1900, 1800, 1700};
  const double score[] = {1, 0.5, 1, 1, 0};
  const bool played[] = {true, true, false, false, true};  // + forfeit, W under one move
  for (size_t i = 0; i < g.size(); ++i) {
    EXPECT_EQ(g[i].opponent, opponent[i]) << i;
    EXPECT_EQ(g[i].score, score[i]) << i;
    EXPECT_EQ(g[i].played, played[i]) << i;
  }
  // The opponent's side: a forfeit loss scores 0 and is not rated either.
  const auto g4 = ap::rating::games_of(t, 4);
  ASSERT_EQ(g4.size(), 1u);
  EXPECT_EQ(g4[0].opponent, 2000);
  EXPECT_EQ(g4[0].score, 0);
  EXPECT_FALSE(g4[0].played);
}
