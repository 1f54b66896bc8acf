// Forbidden pairings (C.04.2: players the regulations keep apart, e.g. of one family; JaVaFo XXP,
// TRF-2026 260): an absolute criterion of the Dutch pairing, like a previous meeting ([C1]).
// The pairings below are worked out by hand from C.04.3 in the comments.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "arbiter/pairing/dutch.h"
#include "test_support.h"

namespace {

using namespace arbiter::pairing;
using arbiter::WHITE;
using arbiter::test::run_arbiter;
using Pairs = std::set<std::pair<int, int>>;

DutchInput fresh(int n) {
  DutchInput in;
  in.total_rounds = 5;
  in.initial_colour = WHITE;
  for (int i = 1; i <= n; ++i) in.players.push_back({i, {}, false, {}});
  return in;
}

Pairs pairs(const DutchPairing& p) { return {p.pairs.begin(), p.pairs.end()}; }

TEST(DutchForbidden, FirstRoundTakesTheNextTransposition) {
  // Round 1, six players: S1 = {1,2,3}, S2 = {4,5,6}; the first candidate 1-4 2-5 3-6. With 1-4
  // forbidden, the transpositions of S2 in order (art. 4.2): 4 6 5 (still 1-4), then 5 4 6:
  // 1-5 2-4 3-6. Colours (art. 5.2.5): odd TPN 1 and 3 get the initial colour (White), 2 Black.
  for (auto rules : {DutchRules::Fide2026, DutchRules::Fide2017}) {
    DutchInput in = fresh(6);
    EXPECT_EQ(pairs(pair_dutch(in, {rules})), (Pairs{{1, 4}, {5, 2}, {3, 6}}));
    in.forbidden = {{1, 4}};
    const auto r = pair_dutch(in, {rules});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(pairs(r), (Pairs{{1, 5}, {4, 2}, {3, 6}}));
    EXPECT_EQ(r.bye, 0);
  }
}

TEST(DutchForbidden, ThePabMovesWhenItsOnlyOpponentIsForbidden) {
  // Three players: 1-2 and the PAB to 3. With 1-2 forbidden, 1 meets 3 (S2 = {2,3}: the next
  // transposition) and 2, the lowest player left, gets the PAB.
  DutchInput in = fresh(3);
  EXPECT_EQ(pair_dutch(in).bye, 3);
  in.forbidden = {{2, 1}};
  const auto r = pair_dutch(in);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(pairs(r), (Pairs{{1, 3}}));
  EXPECT_EQ(r.bye, 2);
}

TEST(DutchForbidden, NoLegalPairingWhenEveryoneIsKeptApart) {
  DutchInput in = fresh(2);
  in.forbidden = {{1, 2}};
  const auto r = pair_dutch(in);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.error.empty());
}

std::string temp_trf(const std::string& name, const std::string& records) {
  auto p = std::filesystem::temp_directory_path() /
           ("arbiter-forbid-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream f(p, std::ios::binary);
  f << "012 Family open\n";
  for (int i = 1; i <= 6; ++i) {
    char line[100];
    std::snprintf(line, sizeof line, "001 %4d      Player%d, A                       %4d", i, i,
                  2500 - 10 * i);
    f << line << "\n";
  }
  f << "XXR 5\nXXC white1\n" << records;
  return p.string();
}

TEST(DutchForbidden, PairReadsXxpAnd260) {
  // The same round as FirstRoundTakesTheNextTransposition, through the TRF records.
  struct Case {
    const char* records;
    const char* expected;
  } cases[] = {
      {"", "3\n1 4\n5 2\n3 6\n"},
      {"XXP 1 4\n", "3\n1 5\n4 2\n3 6\n"},
      {"260   1   0    1    4\n", "3\n1 5\n4 2\n3 6\n"},
      {"260   2   5    1    4\n", "3\n1 4\n5 2\n3 6\n"},  // only from round 2
  };
  for (const auto& c : cases) {
    const std::string f = temp_trf("f.trf", c.records);
    auto r = run_arbiter("pair --dutch '" + f + "' -p -");
    std::filesystem::remove(f);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, c.expected) << c.records;
  }
}

}  // namespace
