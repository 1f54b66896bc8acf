// The player card's tie-break derivation through the CLI (`event card --format json`): for every
// player of a small Swiss with a pairing-allocated bye and a half-point bye, each Buchholz term
// is the opponent's score (computed here from the results entered) or, for an own unplayed
// round, the dummy with the player's own score (C.07 16.4, 2024 rules); one term is cut
// (BH/C1); the total is the value the standings print.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;
using nlohmann::json;

TEST(CardDerivation, BuchholzTermsAreTheOpponentsScoresOrTheDummy) {
  TempDir d;
  const std::string f = d / "s.trf";
  create_event(d, f,
               "--system dutch --rounds 3 --rating-list standard --tiebreaks 'BH/C1 SB WIN' "
               "--rules 2024 --seed 5 --half-point-byes 2",
               players_csv(7));
  ok("event bye '" + f + "' 7 --round 2");
  const std::vector<std::string> res = {"1-0", "1/2-1/2", "0-1"};
  for (int r = 1; r <= 3; ++r) {
    ok("event pair '" + f + "'");
    ok("event result '" + f + "' 1 " + res[0] + " 2 " + res[1] + " 3 " + res[2]);
  }
  // Scores and opponents from the event, by the rules.
  Event e = load(f);
  const auto& t = e.tournament;
  std::map<int, double> score;
  for (int p = 1; p <= 7; ++p) score[p] = t.player(p).score(t.scoring) / 10.0;
  auto bh = read_tsv(ok("event standings '" + f + "' --format tsv"));
  std::map<int, std::string> bh_value;
  for (size_t i = 0; i < bh["StartNo"].size(); ++i)
    bh_value[std::stoi(bh["StartNo"][i])] = bh["BH/C1"][i];
  int dummies = 0;
  for (int p = 1; p <= 7; ++p) {
    const json pages =
        json::parse(ok("event card '" + f + "' " + std::to_string(p) + " --format json"));
    ASSERT_EQ(pages.size(), 2u);
    const json& tb = pages[1];
    int terms = 0, cut = 0;
    std::string total;
    for (const auto& row : tb["rows"]) {
      if (row[0] != "BH/C1") continue;
      const std::string rd = row[1];
      if (rd.empty()) {
        total = row[6];
        continue;
      }
      ++terms;
      const int r = std::stoi(rd);
      const auto cell = t.player(p).round(r);
      const double want = cell.has_opponent() ? score[cell.opponent] : score[p];
      dummies += !cell.has_opponent();
      EXPECT_EQ(std::stod(row[4].get<std::string>()), want) << "player " << p << " round " << r;
      cut += row[6].get<std::string>().front() == '(';
    }
    EXPECT_EQ(terms, 3) << p;
    EXPECT_EQ(cut, 1) << p;
    EXPECT_EQ(total, bh_value[p]) << p;
  }
  EXPECT_EQ(dummies, 3) << "PABs in rounds 1 and 3, a half-point bye in round 2";
}
