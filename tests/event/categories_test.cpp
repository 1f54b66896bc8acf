// Categories (women, juniors born in Y or later, seniors born in Y or earlier, rating bands) in
// the standings and the prize list: each category's places are those of the overall standings
// among its members, renumbered, shared where the overall place is shared. Membership and places
// are computed here from the registration list the test writes and the standings' ranks.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

TEST(Categories, StandingsAndPrizeListShowEachPlayersCategoryPlaces) {
  TempDir d;
  const std::string f = d / "c.trf";
  ok("event new '" + f +
     "' --system dutch --rounds 2 --rating-list standard --tiebreaks 'BH SB' --rules 2026 "
     "--seed 5 --category W=women --category U18=junior:2008 --category S65=senior:1961 "
     "--category U2000=rating:0-1999");
  struct Reg {
    int rating, birth;
    char sex;
  };
  std::vector<Reg> regs;
  std::ostringstream csv;
  csv << "Name,Fed,Elo,Sex,Birth\n";
  for (int i = 1; i <= 8; ++i) {
    Reg r{2400 - i * 80, 1950 + i * 8, i % 2 ? 'm' : 'w'};
    regs.push_back(r);
    csv << "\"P" << i << ", x\",ESP," << r.rating << ',' << r.sex << ',' << r.birth << '\n';
  }
  write(d / "c.csv", csv.str());
  ok("event register '" + f + "' --csv '" + (d / "c.csv") + "'");
  for (int r = 1; r <= 2; ++r) {
    ok("event pair '" + f + "'");
    ok("event result '" + f + "' 1 1-0 2 1/2-1/2 3 0-1 4 1-0");
  }
  Event e = load(f);
  // Membership by the rules, from the list written above (names P1..P8 -> pairing numbers).
  std::map<Tpn, Reg> by_tpn;
  for (int i = 1; i <= 8; ++i)
    by_tpn[find_player(e, "P" + std::to_string(i) + ", x")] = regs[i - 1];
  const std::vector<std::pair<std::string, std::function<bool(const Reg&)>>> cats = {
      {"W", [](const Reg& r) { return r.sex == 'w'; }},
      {"U18", [](const Reg& r) { return r.birth >= 2008; }},
      {"S65", [](const Reg& r) { return r.birth <= 1961; }},
      {"U2000", [](const Reg& r) { return r.rating <= 1999; }}};
  auto tsv = read_tsv(ok("event standings '" + f + "' --format tsv"));
  std::map<Tpn, int> rank;
  for (size_t i = 0; i < tsv["StartNo"].size(); ++i)
    rank[std::stoi(tsv["StartNo"][i])] = std::stoi(tsv["Rank"][i]);
  // Expected "CODE-PLACE[=]" per player, categories in the order given.
  std::map<Tpn, std::string> want;
  for (const auto& [code, member] : cats)
    for (auto [p, r] : by_tpn) {
      if (!member(r)) continue;
      int better = 0, same = 0;
      for (auto [q, rq] : by_tpn)
        if (q != p && member(rq)) better += rank[q] < rank[p], same += rank[q] == rank[p];
      std::string& w = want[p];
      w += (w.empty() ? "" : " ") + code + "-" + std::to_string(better + 1) + (same ? "=" : "");
    }
  ASSERT_FALSE(want.empty());
  // The prize list (JSON): a Cat. column with each winner's categories.
  write(d / "pz.txt",
        "place 1 100 First\nplace 2 50 Second\ncategory women 1 30 Best woman\n"
        "category junior:2008 1 20 Best junior\n");
  const auto prizes = nlohmann::json::parse(
      ok("event prizes '" + f + "' --spec '" + (d / "pz.txt") + "' --format json"));
  const auto& cols = prizes["columns"];
  ASSERT_EQ(cols.back(), "Cat.");
  int rows = 0;
  for (const auto& row : prizes["rows"]) {
    const Tpn p = std::stoi(row[1].get<std::string>());
    EXPECT_EQ(row.back().get<std::string>(), want[p]) << "player " << p;
    ++rows;
  }
  EXPECT_GE(rows, 4);
  // The standings page (HTML): the Cat. column holds the same text for every player.
  const std::string html = ok("event standings '" + f + "' --format html");
  for (const auto& [p, w] : want) EXPECT_NE(html.find(">" + w + "<"), std::string::npos) << w;
  EXPECT_NE(html.find("U18 = junior:2008"), std::string::npos);
  // A category arbiter does not know is refused at creation.
  EXPECT_EQ(run_arbiter("event new '" + (d / "x.trf") +
                        "' --system dutch --rounds 2 --rating-list standard --tiebreaks BH "
                        "--rules 2026 --category W=woman")
                .exit_code,
            2);
}
