// Black-box tests of `arbiter standings` and `arbiter rating` (issue 6 CLI contract).
#include <gtest/gtest.h>

#include "test_support.h"

using arbiter::test::run_arbiter;
using arbiter::test::shared;

namespace {
std::string example() { return "'" + shared("data/trf/example-trf26.trf").string() + "'"; }
}  // namespace

TEST(StandingsCli, FormatsAndErrors) {
  auto text = run_arbiter("standings " + example());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("Golf, Gustav"), std::string::npos);
  auto tsv = run_arbiter("standings " + example() + " --tiebreaks \"BH/C1 SB DE\" --format tsv");
  ASSERT_EQ(tsv.exit_code, 0);
  EXPECT_EQ(tsv.out.substr(0, tsv.out.find('\n')), "StartNo\tRank\tBH/C1\tSB\tDE");
  // Player 7 is unrated: ARO is undefined for everybody ("-0") unless a rating is given.
  auto aro = run_arbiter("standings " + example() + " --tiebreaks ARO --format tsv");
  EXPECT_NE(aro.out.find("\n1\t"), std::string::npos);
  EXPECT_NE(aro.out.find("\t-0\n"), std::string::npos);
  auto aro_u = run_arbiter("standings " + example() + " --tiebreaks ARO/U1400 --format tsv");
  EXPECT_EQ(aro_u.out.find("-0"), std::string::npos);
  for (const char* f : {"csv", "json", "html", "crosstable", "trf"}) {
    auto r = run_arbiter("standings " + example() + " --format " + f);
    EXPECT_EQ(r.exit_code, 0) << f << r.err;
    EXPECT_FALSE(r.out.empty()) << f;
  }
  EXPECT_EQ(run_arbiter("standings " + example() + " --format xml").exit_code, 2);
  EXPECT_EQ(run_arbiter("standings " + example() + " --rules 2019").exit_code, 2);
  auto bad = run_arbiter("standings " + example() + " --tiebreaks \"BH/C1 XX\"");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("column 7"), std::string::npos);
  EXPECT_EQ(run_arbiter("standings /nonexistent/x.trf").exit_code, 2);
  auto broken = run_arbiter("standings -", "001 xx\n");
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_FALSE(broken.err.empty());
}

TEST(StandingsCli, RulesSubRankingAndPlayoff) {
  // The seed events' Swiss list with the old rule on Buchholz only.
  auto r = run_arbiter("standings " + example() +
                       " --tiebreaks \"BH/C1/V2022 REP DE ARO/C1 WIN\" --unrated-rating 1400");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto women = run_arbiter("standings " + example() + " --filter sex=w --format tsv");
  ASSERT_EQ(women.exit_code, 0) << women.err;
  EXPECT_NE(women.out.find("\n2\t"), std::string::npos);
  EXPECT_EQ(women.out.find("\n1\t"), std::string::npos);
  // No tie on points at the top of the example: a play-off is refused.
  auto p = run_arbiter("standings " + example() + " --armageddon \"7-3 1/2\"");
  EXPECT_EQ(p.exit_code, 2);
  EXPECT_NE(p.err.find("not tied"), std::string::npos);
}

TEST(RatingCli, OwnGamesAndTrfPlayer) {
  auto r =
      run_arbiter("rating --own 2100 --games \"1850:1 2050:0.5 2000:1 1950:0.5 1900:1\" --k 20");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("-> +10 (new rating 2110)"), std::string::npos);
  EXPECT_NE(r.out.find("TPR 2190, PTP 2196"), std::string::npos);
  auto f = run_arbiter("rating --own 1850 --games \"2100:0.5 1950:0 2050:0 1900:0 2000:0\" --k 40");
  EXPECT_NE(f.out.find("-> -41"), std::string::npos);
  auto p = run_arbiter("rating --player 1 " + example());
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_NE(p.out.find("Alpha, Anton"), std::string::npos);
  auto u = run_arbiter("rating --player 7 " + example());
  EXPECT_NE(u.out.find("unrated"), std::string::npos);
  EXPECT_EQ(run_arbiter("rating --own 2100 --games \"2100:2\"").exit_code, 2);
  EXPECT_EQ(run_arbiter("rating --player 99 " + example()).exit_code, 2);
  EXPECT_EQ(run_arbiter("rating").exit_code, 2);
}

TEST(StandingsCli, StandingsStopBeforeARoundStillBeingPlayed) {
  // Round 2 is paired but has no results yet: the standings are those after round 1.
  std::string trf =
      "012 Pending round\n042 2026/04/01\nXXR 3\n"
      "001    1 m    One, A                            2100 NOR                         1.0    1   "
      "  2 w 1     3 w  \n"
      "001    2 m    Two, B                            2000 NOR                         0.0    2   "
      "  1 b 0  0000 - U\n"
      "001    3 m    Three, C                          1900 NOR                         1.0    3  "
      "0000 - U     1 b  \n";
  auto r = run_arbiter("standings - --format json", trf);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"rounds\": 1,"), std::string::npos) << r.out;
}
