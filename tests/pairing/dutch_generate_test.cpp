// `arbiter generate` (random tournaments paired round by round by the Dutch engine) and the
// endorsement self-check of C.04.A: every generated tournament is re-paired round by round by
// `arbiter pair --check` from its TRF file alone. A bounded sample by default; the full
// self-check (1,000 tournaments of 6 to 500 players with every feature) with ARBITER_FULL=1:
//   ARBITER_FULL=1 build/tests/pairing_tests --gtest_filter='DutchSelfCheck.*'
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "arbiter/pairing/trf.h"
#include "test_support.h"

using arbiter::test::full_run;
using arbiter::test::run_arbiter;
namespace ap = arbiter::pairing;

namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("arbiter-generate-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

const char* kAllFeatures =
    "--draws 0.4 --forfeits 0.05 --byes 0.05 --retire 0.03 --late 0.1 --rating-range 1200-2700";

TEST(DutchGenerate, SameSeedSameFileOtherSeedOtherFile) {
  const std::string a = temp_path("a.trf"), b = temp_path("b.trf"), c = temp_path("c.trf");
  const std::string opts = std::string("generate --dutch --players 41 --rounds 7 ") + kAllFeatures;
  ASSERT_EQ(run_arbiter(opts + " --seed 12 -o '" + a + "'").exit_code, 0);
  ASSERT_EQ(run_arbiter(opts + " --seed 12 -o '" + b + "'").exit_code, 0);
  ASSERT_EQ(run_arbiter(opts + " --seed 13 -o '" + c + "'").exit_code, 0);
  EXPECT_FALSE(slurp(a).empty());
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_NE(slurp(a), slurp(c));
  for (const auto& f : {a, b, c}) std::filesystem::remove(f);
}

// The file is a complete tournament as asked: every round paired, the requested features
// present, the recorded points those of the cells, and `pair --check` re-pairs every round.
TEST(DutchGenerate, FilePassesPairCheck) {
  const std::string f = temp_path("check.trf");
  ASSERT_EQ(run_arbiter("generate --dutch --players 60 --rounds 9 --draws 0.4 --forfeits 0.05 "
                        "--byes 0.1 --retire 0.03 --late 0.1 --rating-range 1200-2700 "
                        "--scoring 3-1-0 --seed 5 -o '" +
                        f + "'")
                .exit_code,
            0);
  const ap::Tournament t = ap::read_trf_file(f);
  EXPECT_EQ(t.player_count(), 60);
  EXPECT_EQ(t.total_rounds, 9);
  EXPECT_EQ(t.paired_rounds(), 9);
  EXPECT_EQ(t.scoring, ap::Scoring::three_one_zero());
  EXPECT_TRUE(ap::check_points(t).empty());
  int half_byes = 0, pabs = 0, forfeits = 0, absences = 0;
  for (const auto& p : t.players)
    for (const auto& e : p.rounds) {
      half_byes += e.result == ap::ResultCode::HalfBye;
      pabs += e.pairing_bye();
      forfeits += e.forfeit();
      absences += e.result == ap::ResultCode::ZeroBye;
    }
  EXPECT_GT(half_byes, 0);
  EXPECT_GT(pabs, 0);
  EXPECT_GT(forfeits, 0);
  EXPECT_GT(absences, 0);
  const auto r = run_arbiter("pair --check '" + f + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("9 passed, 0 failed"), std::string::npos) << r.out;
  std::filesystem::remove(f);
}

// Results follow the ratings: the higher-rated player scores about the Elo expectation.
TEST(DutchGenerate, ResultsFollowTheRatings) {
  const std::string f = temp_path("elo.trf");
  ASSERT_EQ(run_arbiter("generate --dutch --players 200 --rounds 7 --rating-range 1000-2800 "
                        "--draws 0.2 --seed 3 -o '" +
                        f + "'")
                .exit_code,
            0);
  const ap::Tournament t = ap::read_trf_file(f);
  double expected = 0, scored = 0;
  for (const auto& p : t.players)
    for (const auto& e : p.rounds) {
      if (!e.played()) continue;
      const int opp = t.player(e.opponent).rating;
      if (p.rating <= opp) continue;  // each game once, from the higher-rated side
      expected += 1 / (1 + std::pow(10.0, (opp - p.rating) / 400.0));
      scored += e.result == ap::ResultCode::Win ? 1 : e.result == ap::ResultCode::Draw ? 0.5 : 0;
    }
  ASSERT_GT(expected, 300);
  EXPECT_NEAR(scored / expected, 1.0, 0.05);
  std::filesystem::remove(f);
}

TEST(DutchGenerate, BadOptionsExit2) {
  const std::string f = temp_path("bad.trf");
  for (const char* bad : {"--players 1 --rounds 3", "--players 10 --rounds 3 --draws 1.5",
                          "--players 10 --rounds 3 --rating-range 2000", "--players 10 --rounds 0",
                          "--players 10 --rounds 3 --scoring 2-1-0"}) {
    const auto r = run_arbiter(std::string("generate --dutch ") + bad + " --seed 1 -o '" + f + "'");
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_FALSE(r.err.empty()) << bad;
    EXPECT_FALSE(std::filesystem::exists(f)) << bad;
  }
}

// The C.04.A self-check: tournament i has its sizes and features drawn from seed i (players
// log-uniform in 6..500, every feature at a random rate, both scorings, both editions of the
// rules: a 2017 file says so in its 192 record, which pair --check follows).
TEST(DutchSelfCheck, GeneratedTournamentsPassPairCheck) {
  const int count = full_run() ? 1000 : 12;
  const std::string f = temp_path("self.trf");
  int passed = 0, failed = 0, rounds = 0;
  for (int i = 1; i <= count; ++i) {
    std::mt19937_64 rng(20261201 + i);
    auto unit = [&] { return double(rng() >> 11) * 0x1.0p-53; };
    const int cap = full_run() ? 500 : 120;
    const int n = int(std::lround(6 * std::pow(cap / 6.0, unit())));
    const int r = 1 + int(rng() % std::uint64_t(std::max(1, std::min(11, n / 2))));
    const int lo = 1000 + int(rng() % 1000), hi = lo + int(rng() % 1200);
    std::ostringstream cmd;
    cmd << "generate --dutch --players " << n << " --rounds " << r << " --draws " << unit() * 0.6
        << " --forfeits " << unit() * 0.1 << " --byes " << unit() * 0.1 << " --retire "
        << unit() * 0.05 << " --late " << unit() * 0.2 << " --rating-range " << lo << "-" << hi
        << " --scoring " << (rng() % 4 ? "1-0.5-0" : "3-1-0") << " --rules "
        << (rng() % 4 ? "2026" : "2017") << " --seed " << i << " -o '" << f << "'";
    const auto g = run_arbiter(cmd.str());
    // 1: a round with no legal pairing left (small fields); the rounds before it are checked.
    ASSERT_TRUE(g.exit_code == 0 || g.exit_code == 1) << cmd.str() << "\n" << g.err;
    const auto c = run_arbiter("pair --check '" + f + "'");
    const bool ok = c.exit_code == 0;
    (ok ? passed : failed) += 1;
    EXPECT_TRUE(ok) << cmd.str() << "\n" << c.out << c.err;
    rounds += ap::read_trf_file(f).paired_rounds();
  }
  std::filesystem::remove(f);
  std::printf("self-check: %d passed, %d failed (%d tournaments, %d rounds re-paired)\n", passed,
              failed, count, rounds);
  EXPECT_EQ(failed, 0);
}

}  // namespace
