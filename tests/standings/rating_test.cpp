// B.02 rating examples of rating.md (sections 2, 4, 5, 6).
#include "arbiter/pairing/rating.h"

#include <gtest/gtest.h>

using arbiter::pairing::RatingList;
using namespace arbiter::pairing::rating;

TEST(Rating, Table812Bands) {
  EXPECT_EQ(expected_pd100(0), 50);
  EXPECT_EQ(expected_pd100(3), 50);
  EXPECT_EQ(expected_pd100(4), 51);
  EXPECT_EQ(expected_pd100(-4), 49);
  EXPECT_EQ(expected_pd100(250), 81);
  EXPECT_EQ(expected_pd100(400), 92);
  EXPECT_EQ(expected_pd100(735), 99);
  EXPECT_EQ(expected_pd100(736), 100);
  EXPECT_EQ(expected_pd100(-800), 0);
  // Symmetric: H + L = 1 everywhere.
  for (int d = 0; d < 900; ++d) EXPECT_EQ(expected_pd100(d) + expected_pd100(-d), 100);
}

TEST(Rating, Table811) {
  EXPECT_EQ(dp_from_percentage(100), 800);
  EXPECT_EQ(dp_from_percentage(80), 240);
  EXPECT_EQ(dp_from_percentage(57), 50);
  EXPECT_EQ(dp_from_percentage(50), 0);
  EXPECT_EQ(dp_from_percentage(20), -240);
  EXPECT_EQ(dp_from_percentage(0), -800);
  EXPECT_EQ(percentage(4, 7), 57);
  EXPECT_EQ(percentage(1, 8), 13);  // 12.5 % rounds half up
}

TEST(Rating, WorkedExamplePlayerA) {
  // 2100, K = 20, scores 4.0 against 1850, 2050, 2000, 1950, 1900: sum +0.52 -> +10.4 -> +10.
  Player a;
  a.rating = 2100;
  std::vector<Game> g = {{1850, 1}, {2050, .5}, {2000, 1}, {1950, .5}, {1900, 1}};
  Change c = rating_change(a, g, {});
  EXPECT_EQ(c.k, 20);
  EXPECT_DOUBLE_EQ(c.expected, 3.48);
  EXPECT_DOUBLE_EQ(c.delta, 0.52);
  EXPECT_DOUBLE_EQ(c.change, 10.4);
  EXPECT_EQ(c.rounded, 10);
  EXPECT_DOUBLE_EQ(c.games[0].expected, 0.81);
}

TEST(Rating, WorkedExamplePlayerF) {
  // 1850, K = 40 (junior), 0.5 against 2100, 1950, 2050, 1900, 2000: -40.8 -> -41.
  Player f;
  f.rating = 1850;
  f.birth_year = 2010;
  Options o;
  o.date = 20250601;
  std::vector<Game> g = {{2100, .5}, {1950, 0}, {2050, 0}, {1900, 0}, {2000, 0}};
  Change c = rating_change(f, g, o);
  EXPECT_EQ(c.k, 40);
  EXPECT_DOUBLE_EQ(c.expected, 1.52);
  EXPECT_DOUBLE_EQ(c.change, -40.8);
  EXPECT_EQ(c.rounded, -41);
}

TEST(Rating, FourHundredPointRule) {
  Player hi, lo;
  hi.rating = 2700;
  lo.rating = 2200;
  Options before, after;
  before.date = 20250901;
  after.date = 20251001;
  auto pd = [](const Player& p, int opp, const Options& o) {
    std::vector<Game> g = {{opp, 1}};
    return rating_change(p, g, o).games[0].expected;
  };
  EXPECT_DOUBLE_EQ(pd(hi, 2200, before), 0.92);  // D = 500 counts as 400
  EXPECT_DOUBLE_EQ(pd(lo, 2700, before), 0.08);
  EXPECT_DOUBLE_EQ(pd(hi, 2200, after), 0.96);  // from 1 Oct 2025: 2650+ uses the real D
  EXPECT_DOUBLE_EQ(pd(lo, 2700, after), 0.08);  // ... his opponent still 400
  Options rapid = after;
  rapid.list = RatingList::Rapid;
  EXPECT_DOUBLE_EQ(pd(hi, 2250, rapid), 0.92);  // no 2650 exemption in rapid/blitz
  // Rapid/blitz from 1 Dec 2024: >= 600 with a player above 2600 is not rated.
  std::vector<Game> gap = {{2050, 1}};
  EXPECT_FALSE(rating_change(hi, gap, rapid).games[0].rated);
  Options rapid_old = rapid;
  rapid_old.date = 20241130;
  EXPECT_TRUE(rating_change(hi, gap, rapid_old).games[0].rated);
}

TEST(Rating, KFactor) {
  Player p;
  p.rating = 2100;
  EXPECT_EQ(k_factor(p, 2025, 9), 20);
  p.games_before = 10;
  EXPECT_EQ(k_factor(p, 2025, 9), 40);   // new player
  EXPECT_EQ(k_factor(p, 2025, 20), 35);  // K x n <= 700
  p.games_before = 100;
  p.birth_year = 2007;
  EXPECT_EQ(k_factor(p, 2025, 9), 40);  // until the end of the year of the 18th birthday
  EXPECT_EQ(k_factor(p, 2026, 9), 20);
  p.rating = 2350;
  EXPECT_EQ(k_factor(p, 2025, 9), 20);  // junior K needs < 2300
  p.rating = 2390;
  p.reached_2400 = true;
  EXPECT_EQ(k_factor(p, 2026, 9), 10);  // stays 10 once 2400 was published
  // Unplayed games, unequal clocks (Armageddon) and unrated opponents are not rated.
  Player q;
  q.rating = 2000;
  std::vector<Game> g = {{2000, 1, false}, {2000, 1, true, true}, {0, 1}};
  Change c = rating_change(q, g, {});
  EXPECT_EQ(c.rated_games, 0);
  EXPECT_EQ(c.rounded, 0);
}

TEST(Rating, InitialRatingExample) {
  // 3.0 from 1700, 1800, 1900, 1650, 1950 + two 1800 draws: Ra 1800, p 4/7 -> 0.57 -> +50.
  std::vector<Game> g = {{1700, 1}, {1800, 1}, {1900, 0}, {1650, 1}, {1950, 0}};
  EXPECT_EQ(initial_rating(g), 1850);
  std::vector<Game> four(g.begin(), g.begin() + 4);
  EXPECT_FALSE(initial_rating(four));  // fewer than 5 rated opponents
  std::vector<Game> zero = {{1700, 0}, {1800, 0}, {1900, 0}, {1650, 0}, {1950, 0}};
  EXPECT_FALSE(initial_rating(zero));
}

TEST(Rating, Performance) {
  std::vector<int> opp = {1850, 2050, 2000, 1950, 1900};
  EXPECT_EQ(average_rating(opp), 1950);
  EXPECT_EQ(performance_rating(4, opp), 2190);
  EXPECT_EQ(perfect_performance(4, opp), 2196);
  EXPECT_EQ(perfect_performance(0, opp), 1050);  // lowest - 800
  EXPECT_FALSE(performance_rating(1, {}));
  std::vector<int> half = {2001, 2000};
  EXPECT_EQ(average_rating(half), 2001);                  // .5 rounds up
  EXPECT_EQ(norm_performance(4, opp, "GM"), 2020 + 240);  // lowest raised to 2200: ARO 2020
}
