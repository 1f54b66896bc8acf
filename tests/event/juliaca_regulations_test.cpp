// C. Juliaca IRT 2010 run by its own regulations (events.md C) with this session's options: 12
// players, 11 rounds of a round robin, tie-breaks Sonneborn-Berger, progressive score, most
// wins; one game given a score by the arbiter (0-1/2). The standings' values, their order and
// the player cards' Sonneborn-Berger derivation are computed here from the games entered.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

namespace {
std::pair<double, double> scored(const std::string& r) {
  if (r == "0-1/2") return {0, 0.5};
  return points_of(r);
}
std::string two(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", v);
  return b;
}
}  // namespace

TEST(SeedEvents, JuliacaByItsOwnRegulations) {
  TempDir d;
  const std::string f = d / "juliaca.trf";
  create_event(d, f,
               "--system round-robin --rounds 11 --rating-list standard --tiebreaks 'SB PS WIN' "
               "--rules 2024 --seed 2010 --no-show withdraw --name 'IRT Juliaca'",
               players_csv(12));
  std::vector<Game> games;
  std::map<int, std::vector<double>> per_round;  // player -> points in each round
  for (int r = 1; r <= 11; ++r) {
    ok("event pair '" + f + "'");
    Event e = load(f);
    std::string args = "event result '" + f + "'";
    const auto& boards = e.settings.boards.at(r);
    ASSERT_EQ(boards.size(), 6u);
    for (size_t b = 0; b < boards.size(); ++b) {
      auto [w, bl] = boards[b];
      // Round 5, board 1: the arbiter's 0-1/2 (White penalised, Black cannot win).
      std::string res = r == 5 && b == 0 ? "0-1/2" : result_for(r, w, bl, 2010);
      games.push_back({w, bl, res});
      auto [pw, pb] = scored(res);
      per_round[w].push_back(pw), per_round[bl].push_back(pb);
      args += " " + std::to_string(b + 1) + " " + res;
    }
    ok(args);
  }
  std::map<int, double> pts, sb, ps;
  std::map<int, int> win;
  for (auto& [p, v] : per_round) {
    double run = 0;
    for (double x : v) run += x, ps[p] += run, win[p] += x == 1;
    pts[p] = run;
  }
  for (const auto& g : games) {
    auto [w, b] = scored(g.result);
    sb[g.white] += w * pts[g.black], sb[g.black] += b * pts[g.white];
  }
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), 12u);
  std::map<int, int> rank;
  for (size_t i = 0; i < 12; ++i) {
    const int p = std::stoi(cols["StartNo"][i]);
    rank[p] = std::stoi(cols["Rank"][i]);
    EXPECT_EQ(cols["SB"][i], two(sb[p])) << p;
    EXPECT_EQ(std::stod(cols["PS"][i]), ps[p]) << p;
    EXPECT_EQ(std::stoi(cols["WIN"][i]), win[p]) << p;
  }
  // The order: points, then SB, PS, WIN; equal on all of them share the place.
  auto key = [&](int p) { return std::make_tuple(pts[p], sb[p], ps[p], win[p]); };
  for (int p = 1; p <= 12; ++p) {
    int better = 0;
    for (int q = 1; q <= 12; ++q) better += key(q) > key(p);
    EXPECT_EQ(rank[p], better + 1) << p;
  }
  // The player card of the penalised White: each SB term is the opponent's score times the
  // points scored against them; round 5 adds 0.
  const Game& pen = games[4 * 6];
  const auto pages = nlohmann::json::parse(
      ok("event card '" + f + "' " + std::to_string(pen.white) + " --format json"));
  int terms = 0;
  for (const auto& row : pages[1]["rows"]) {
    if (row[0] != "SB" || row[1].get<std::string>().empty()) continue;
    const int r = std::stoi(row[1].get<std::string>());
    const int opp = std::stoi(row[2].get<std::string>());
    const double own = per_round[pen.white][size_t(r - 1)];
    EXPECT_DOUBLE_EQ(std::stod(row[4].get<std::string>()), pts[opp]) << r;
    EXPECT_EQ(row[6].get<std::string>(), two(own * pts[opp])) << r;
    if (r == 5) {
      EXPECT_EQ(opp, pen.black);
      EXPECT_EQ(own, 0.0);
    }
    ++terms;
  }
  EXPECT_EQ(terms, 11);
  // The report for rating: the arbiter's score as the two players' own codes, read back.
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  const Tournament t = read_trf(slurp(d / "out.trf"), "out.trf");
  EXPECT_EQ(t.player(pen.white).round(5).result, Result::Loss);
  EXPECT_EQ(t.player(pen.black).round(5).result, Result::Draw);
}
