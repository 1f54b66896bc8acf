// Scores the arbiter sets for a played game (Laws 11.3.2.2 / 12.9; TRF-2026 allows them): 0-0,
// 0-1/2 and 1/2-0 through `event result`, kept in the event file (each player's cell the code of
// that player's points), exported, and counted by the standings and publications. C.07: they are
// played games; SB multiplies the points actually scored; WIN counts none of them; STD (7.7)
// compares with the scheduled opponent's points in the round. The expected values are computed
// here from the results the test enters.
#include <gtest/gtest.h>

#include <map>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

namespace {
// Points of White and Black for every result the test enters.
std::pair<double, double> scored(const std::string& r) {
  if (r == "0-0") return {0, 0};
  if (r == "0-1/2") return {0, 0.5};
  if (r == "1/2-0") return {0.5, 0};
  return points_of(r);
}
std::string fmt(double v, int decimals) {
  std::ostringstream os;
  os.setf(std::ios::fixed);
  os.precision(decimals);
  os << v;
  return os.str();
}
}  // namespace

TEST(ArbiterScores, ZeroZeroAndZeroHalfThroughEveryOutput) {
  TempDir d;
  const std::string f = d / "e.trf";
  create_event(d, f,
               "--system round-robin --rounds 3 --rating-list standard --tiebreaks 'SB STD WIN' "
               "--rules 2026 --seed 11",
               players_csv(4));
  const std::vector<std::vector<std::string>> results = {
      {"0-1/2", "0-0"}, {"1-0", "1/2-0"}, {"1/2-1/2", "0-1"}};
  std::vector<Game> games;
  for (int r = 1; r <= 3; ++r) {
    ok("event pair '" + f + "'");
    const std::string out = ok("event result '" + f + "' 1 " + results[size_t(r - 1)][0] + " 2 " +
                               results[size_t(r - 1)][1]);
    EXPECT_NE(out.find(results[size_t(r - 1)][0]), std::string::npos) << out;
    Event e = load(f);
    for (size_t b = 0; b < 2; ++b) {
      auto [w, bl] = e.settings.boards.at(r)[b];
      games.push_back({w, bl, results[size_t(r - 1)][b]});
      EXPECT_EQ(board_result(e, r, int(b) + 1), results[size_t(r - 1)][b]);
    }
  }
  // The values by the rules, from the games.
  std::map<int, double> pts, sb, std_pts;
  std::map<int, int> wins;
  for (const auto& g : games) {
    auto [w, b] = scored(g.result);
    pts[g.white] += w, pts[g.black] += b;
  }
  for (const auto& g : games) {
    auto [w, b] = scored(g.result);
    sb[g.white] += w * pts[g.black], sb[g.black] += b * pts[g.white];
    std_pts[g.white] += w > b ? 1 : w == b ? 0.5 : 0;
    std_pts[g.black] += b > w ? 1 : w == b ? 0.5 : 0;
    wins[g.white] += w == 1, wins[g.black] += b == 1;
  }
  Event e = load(f);
  for (int p = 1; p <= 4; ++p)
    EXPECT_EQ(e.tournament.player(p).score(e.tournament.scoring), Points(pts[p] * 10 + 0.5)) << p;
  auto check_tsv = [&](const std::string& tsv) {
    auto cols = read_tsv(tsv);
    ASSERT_EQ(cols["StartNo"].size(), 4u) << tsv;
    for (size_t i = 0; i < 4; ++i) {
      const int p = std::stoi(cols["StartNo"][i]);
      EXPECT_EQ(cols["SB"][i], fmt(sb[p], 2)) << p;
      EXPECT_EQ(cols["STD"][i], fmt(std_pts[p], 1)) << p;
      EXPECT_EQ(cols["WIN"][i], std::to_string(wins[p])) << p;
    }
  };
  check_tsv(ok("event standings '" + f + "' --format tsv"));
  // The report for rating: each cell the code of the player's own points; read back by
  // `arbiter standings`, the same values.
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  const Tournament t = read_trf(slurp(d / "out.trf"), "out.trf");
  const auto& g0 = games[0];  // round 1 board 1: 0-1/2
  EXPECT_EQ(t.player(g0.white).round(1).result, Result::Loss);
  EXPECT_EQ(t.player(g0.black).round(1).result, Result::Draw);
  const auto& g1 = games[1];  // round 1 board 2: 0-0
  EXPECT_EQ(t.player(g1.white).round(1).result, Result::Loss);
  EXPECT_EQ(t.player(g1.black).round(1).result, Result::Loss);
  check_tsv(ok("standings '" + (d / "out.trf") + "' --tiebreaks 'SB STD WIN' --format tsv"));
  // The pairing list shows the arbiter's score.
  const std::string list = ok("event show '" + f + "' --round 1 --format csv");
  EXPECT_NE(list.find(",0-\xC2\xBD,"), std::string::npos) << list;
  EXPECT_NE(list.find(",0-0,"), std::string::npos) << list;
  // A result that is no score stays refused, and a 1 against a draw stays a mismatch.
  EXPECT_NE(run_arbiter("event result '" + f + "' 1 1-1/2 --round 3 --force").exit_code, 0);
  std::string bad = slurp(d / "out.trf");
  auto at = bad.find(" w 0", bad.find("\n001    " + std::to_string(g1.white) + " "));
  ASSERT_NE(at, std::string::npos);
  bad[at + 3] = '1';  // 1 against the opponent's 0 is fine (a win); now make the other a draw
  auto at2 = bad.find(" b 0", bad.find("\n001    " + std::to_string(g1.black) + " "));
  ASSERT_NE(at2, std::string::npos);
  bad[at2 + 3] = '=';
  write(d / "bad.trf", bad);
  auto r = run_arbiter("standings '" + (d / "bad.trf") + "'");
  EXPECT_NE(r.exit_code, 0) << "1 against = is no score the arbiter sets";
  EXPECT_NE(r.err.find("does not match"), std::string::npos) << r.err;
}
