// Hand-checked Dutch pairings (C.04.3, 2026) on tiny fields.
#include <gtest/gtest.h>

#include <set>

#include "arbiter/pairing/dutch.h"

namespace {

using namespace arbiter::pairing;
using arbiter::BLACK;
using arbiter::WHITE;

DutchInput fresh(int n, arbiter::Color initial = WHITE) {
  DutchInput in;
  in.total_rounds = 5;
  in.initial_colour = initial;
  for (int i = 1; i <= n; ++i) in.players.push_back({i, {}, false, {}});
  return in;
}

std::set<std::pair<int, int>> pairs(const DutchPairing& p) {
  return {p.pairs.begin(), p.pairs.end()};
}

TEST(DutchRules, FirstRoundTopHalfAgainstBottomHalf) {
  // Art. 5.2.5: odd TPNs of S1 get the initial colour.
  auto r = pair_dutch(fresh(6));
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(pairs(r), (std::set<std::pair<int, int>>{{1, 4}, {5, 2}, {3, 6}}));
  EXPECT_EQ(r.bye, 0);
  r = pair_dutch(fresh(6, BLACK));
  EXPECT_EQ(pairs(r), (std::set<std::pair<int, int>>{{4, 1}, {2, 5}, {6, 3}}));
}

TEST(DutchRules, OddFieldGivesTheByeToTheLowestPlayer) {
  auto r = pair_dutch(fresh(7));
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.bye, 7);
  EXPECT_EQ(pairs(r), (std::set<std::pair<int, int>>{{1, 4}, {5, 2}, {3, 6}}));
}

TEST(DutchRules, AbsentPlayersAreNotPaired) {
  auto in = fresh(5);
  in.players[4].absent = true;  // player 5 asked for a bye
  auto r = pair_dutch(in);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.bye, 0);
  EXPECT_EQ(pairs(r), (std::set<std::pair<int, int>>{{1, 3}, {4, 2}}));
}

TEST(DutchRules, NoRematchMeansNoLegalPairing) {
  // [C1]: two players who have already played each other cannot be paired again.
  DutchInput in = fresh(2);
  in.played_rounds = 1;
  in.players[0].rounds = {{2, WHITE, true, true, 10}};
  in.players[1].rounds = {{1, BLACK, true, true, 0}};
  auto r = pair_dutch(in);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.error.empty());
}

TEST(DutchRules, ForfeitedGameIsNotAMeeting) {
  // C.04.1 art. 2: a forfeit does not count as a game between the two players; the winner got a
  // win's points without playing and may no longer get the PAB.
  DutchInput in = fresh(2);
  in.played_rounds = 1;
  in.players[0].rounds = {{2, WHITE, false, true, 10}};
  in.players[1].rounds = {{1, BLACK, false, true, 0}};
  auto r = pair_dutch(in);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.pairs.size(), 1u);
}

TEST(DutchRules, PabNotTwice) {
  // [C2]: player 3 had the PAB in round 1, so player 2 gets it in round 2.
  DutchInput in = fresh(3);
  in.played_rounds = 1;
  in.players[0].rounds = {{2, WHITE, true, true, 5}};
  in.players[1].rounds = {{1, BLACK, true, true, 5}};
  in.players[2].rounds = {{0, std::nullopt, false, true, 10}};
  auto r = pair_dutch(in);
  ASSERT_TRUE(r.ok);
  EXPECT_NE(r.bye, 3);
  EXPECT_EQ(r.pairs.size(), 1u);
}

}  // namespace

namespace {

TEST(DutchRules, InvalidInputIsReportedNotCrashed) {
  auto in = fresh(4);
  in.players[3].id = 1;  // duplicate pairing number
  auto r = pair_dutch(in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pairing numbers"), std::string::npos);
  in = fresh(4);
  in.played_rounds = 2;  // histories shorter than the rounds played: absences
  r = pair_dutch(in);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.pairs.size(), 2u);
}

}  // namespace
