// `arbiter pair --dutch/--check` file handling and exit codes (the pairing itself is tested by
// the Dutch tests and the replay of the Swiss corpus).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "test_support.h"

using arbiter::test::run_arbiter;
using arbiter::test::shared;

namespace {
std::string temp_file(const std::string& name, const std::string& text) {
  auto p = std::filesystem::temp_directory_path() /
           ("arbiter-trf-cli-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}
}  // namespace

TEST(TrfPairCli, InvalidFileExits3WithLineAndColumn) {
  std::string f =
      temp_file("bad.trf", "012 X\n001    1      A                                 25x0\n");
  auto r = run_arbiter("pair --dutch '" + f + "' -p");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find(f + ":2:49: expected a rating"), std::string::npos) << r.err;
  std::filesystem::remove(f);
  EXPECT_EQ(run_arbiter("pair --dutch /nonexistent/in.trf -p").exit_code, 3);
  EXPECT_EQ(run_arbiter("pair --check /nonexistent/in.trf").exit_code, 3);
}

TEST(TrfPairCli, FinishedTournamentHasNoRoundToPair) {
  auto r = run_arbiter("pair --dutch '" + shared("data/trf/example-trf16.trf").string() + "' -p");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("already paired"), std::string::npos);
}

// --check re-pairs every round of a finished tournament from the corpus (paired by bbpPairings):
// every round must come out identical.
TEST(TrfPairCli, CheckFinishedTournaments) {
  for (const char* f :
       {"data/swiss/public/s100001_n20_r13.trf", "data/swiss/public/w300007_n11_r6.trf",
        "data/swiss/public/w300001_n15_r11.trf"}) {
    SCOPED_TRACE(f);
    auto r = run_arbiter("pair --check '" + shared(f).string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("rounds identical"), std::string::npos);
    EXPECT_EQ(r.out.find("differs"), std::string::npos) << r.out;
  }
}

// --dutch on a truncated tournament writes the bbpPairings file format.
TEST(TrfPairCli, DutchOutputFormat) {
  // 5 players after round 1 (3 won): an odd field, so one PAB line "N 0".
  std::string f = temp_file("five.trf",
                            "XXR 3\n"
                            "001    1      A                                 2000                  "
                            "           1.0    1     4 w 1\n"
                            "001    2      B                                 1900                  "
                            "           1.0    2     5 b 1\n"
                            "001    3      C                                 1800                  "
                            "           1.0    3  0000 - U\n"
                            "001    4      D                                 1700                  "
                            "           0.0    4     1 b 0\n"
                            "001    5      E                                 1600                  "
                            "           0.0    5     2 w 0\n");
  std::string out = f + ".out";
  auto r = run_arbiter("pair --dutch '" + f + "' -p '" + out + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(out);
  int n = 0;
  in >> n;
  EXPECT_EQ(n, 3);  // two games and the PAB
  std::set<int> seen;
  int byes = 0, bye = 0;
  for (int i = 0; i < n; ++i) {
    int w = -1, b = -1;
    in >> w >> b;
    EXPECT_TRUE(seen.insert(w).second);
    if (b == 0) {
      ++byes;
      bye = w;
    } else {
      EXPECT_TRUE(seen.insert(b).second);
    }
  }
  EXPECT_EQ(byes, 1);
  EXPECT_EQ(seen.size(), 5u);
  EXPECT_NE(bye, 3);  // 3 already had the PAB: not again (C.04.1 art. 4)
  std::filesystem::remove(f);
  std::filesystem::remove(out);
}

namespace {
// A 001 line of player `tpn` with round cells from column 92 ("oooo c r", 10 columns apart).
std::string player_line(int tpn, const std::vector<std::string>& cells) {
  std::string l = "001 " + std::string(4 - std::to_string(tpn).size(), ' ') + std::to_string(tpn) +
                  "      P" + std::to_string(tpn);
  l.resize(91, ' ');
  for (const auto& c : cells) l += c + "  ";
  while (l.back() == ' ') l.pop_back();
  return l + "\n";
}
}  // namespace

// --check of a round robin: against the Berger table (4 players, C.05 Annex 1: Rd 1: 1-4, 2-3;
// Rd 2: 4-3, 1-2; Rd 3: 2-4, 3-1). A game between a forbidden pair (XXP) is reported in each
// round, a round beyond the table differs, and either makes the status 1.
TEST(TrfPairCli, CheckRoundRobinAgainstTheBergerTable) {
  std::string f =
      temp_file("rr4.trf", "092 Round Robin\nXXR 4\n" +
                               player_line(1, {"   4 w =", "   2 w =", "   3 b =", "   4 b ="}) +
                               player_line(2, {"   3 w =", "   1 b =", "   4 w =", "   3 b ="}) +
                               player_line(3, {"   2 b =", "   4 b =", "   1 w =", "   2 w ="}) +
                               player_line(4, {"   1 b =", "   3 w =", "   2 b =", "   1 w ="}) +
                               "XXP 1 4\n");
  auto r = run_arbiter("pair --check '" + f + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "round 1: identical\n"
            "round 1: 1-4 is a forbidden pair (XXP/260)\n"
            "round 2: identical\n"
            "round 3: identical\n"
            "round 4: differs (the round robin has only 3 rounds); first difference: no pairing\n"
            "round 4: 4-1 is a forbidden pair (XXP/260)\n" +
                f + ": 3 of 4 rounds identical\n3 passed, 1 failed\n");
  auto j = run_arbiter("pair --check '" + f + "' --json");
  EXPECT_EQ(j.exit_code, 1);
  EXPECT_NE(j.out.find("\"forbidden\": 2"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"error\": \"the round robin has only 3 rounds\""), std::string::npos);
  std::filesystem::remove(f);
}
