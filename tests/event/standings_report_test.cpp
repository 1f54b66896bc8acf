// The event's standings as published (event_standings_report.h), through the library: the
// tie-breaks named in full (C.07's names, written out here), the categories' column in text,
// CSV and JSON as well as HTML (membership and places worked out here from the registrations
// and the overall ranks), the sharing rule of prizes (pooled, rounded down to the cent, the rest
// stated: computed here from the amounts), and what the TRF-2026 report for rating carries.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>

#include "arbiter/pairing/event_round.h"
#include "arbiter/pairing/event_standings_report.h"
#include "arbiter/pairing/tiebreak_spec.h"
#include "arbiter/pairing/trf.h"

using namespace arbiter::pairing;
using arbiter::WHITE;

namespace {

struct Reg {
  const char* name;
  int rating;
  char sex;
  const char* birth;
};

const Reg kField[] = {{"Alpha, A", 2300, 'm', "1950"},   {"Bravo, B", 2250, 'w', "2009"},
                      {"Charlie, C", 2200, 'w', "1980"}, {"Delta, D", 2150, 'm', "2010"},
                      {"Echo, E", 2100, 'w', "1960"},    {"Foxtrot, F", 0, 'm', "1999"}};

Event played_event() {
  EventSettings s;
  s.system = EventSystem::Dutch;
  s.rounds = 3;
  s.rating_list = RatingList::Standard;
  s.tiebreaks = "BH/C1 SB";
  s.seed = 11;
  s.categories = {{"W", "women"}, {"U18", "junior:2008"}};
  Event e = new_event(s, {"Report", "Zaragoza", "ESP", "2026/03/01", "", "", ""});
  for (const auto& r : kField) {
    Registration g;
    g.name = r.name;
    g.federation = "ESP";
    g.ratings.standard = r.rating;
    g.sex = r.sex;
    g.birth = r.birth;
    register_player(e, g);
  }
  e.tournament.initial_colour = WHITE;
  const char* results[] = {"1-0", "1/2-1/2", "0-1"};
  for (int round = 1; round <= 3; ++round) {
    auto pr = pair_next_round(e, false);
    const auto& boards = e.settings.boards.at(pr.round);
    for (size_t b = 0; b < boards.size(); ++b) set_result(e, pr.round, int(b) + 1, results[b % 3]);
  }
  return e;
}

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f(1);
    bool q = false;
    for (char c : line) {
      if (c == '"')
        q = !q;
      else if (c == ',' && !q)
        f.emplace_back();
      else
        f.back() += c;
    }
    rows.push_back(f);
  }
  return rows;
}

}  // namespace

TEST(StandingsReport, TiebreaksNamedInFull) {
  EXPECT_EQ(tiebreak_name(parse_tiebreak("BH/C1")), "BH/C1 = Buchholz, cut 1");
  EXPECT_EQ(tiebreak_name(parse_tiebreak("BH/M1")), "BH/M1 = Buchholz, median 1");
  EXPECT_EQ(tiebreak_name(parse_tiebreak("SB")), "SB = Sonneborn-Berger");
  EXPECT_EQ(tiebreak_name(parse_tiebreak("DE")), "DE = Direct encounter");
  EXPECT_EQ(tiebreak_name(parse_tiebreak("PS")), "PS = Progressive (cumulative) score");
  const auto aro = parse_tiebreak("ARO/C1/U1400");
  EXPECT_EQ(tiebreak_name(aro),
            aro.text + " = Average rating of opponents, cut 1, unrated players counted at 1400");
  // Every kind has a name of its own (never the acronym again).
  for (auto item : {"PTS", "WIN", "WON", "BPG", "BWG", "GE", "BH", "AOB", "FB", "KS", "ARO", "TPR",
                    "PTP", "APRO", "APPO"}) {
    const auto spec = parse_tiebreak(item);
    const std::string n = tiebreak_name(spec);
    ASSERT_EQ(n.rfind(spec.text + " = ", 0), 0u) << n;
    EXPECT_NE(n.substr(spec.text.size() + 3), spec.text) << n;
  }
}

TEST(StandingsReport, CategoriesInTextCsvJsonAndHtml) {
  const Event e = played_event();
  const EventStandings c = event_standings(e);
  // Expected "CODE-PLACE[=]" per player from the registrations: places among the members by
  // the overall rank, shared when a member has the same rank.
  std::map<std::string, int> rank;  // by name
  for (const auto& r : c.s.rows) rank[e.tournament.player(r.start_no).name] = r.rank;
  auto women = [](const Reg& r) { return r.sex == 'w'; };
  auto junior = [](const Reg& r) { return std::stoi(r.birth) >= 2008; };
  std::map<std::string, std::string> want;
  for (auto [code, member] : {std::pair<std::string, bool (*)(const Reg&)>{"W", women},
                              std::pair<std::string, bool (*)(const Reg&)>{"U18", junior}})
    for (const auto& r : kField) {
      if (!member(r)) continue;
      int better = 0, same = 0;
      for (const auto& q : kField)
        if (member(q) && q.name != r.name)
          better += rank[q.name] < rank[r.name], same += rank[q.name] == rank[r.name];
      auto& w = want[r.name];
      w += (w.empty() ? "" : " ") + code + "-" + std::to_string(better + 1) + (same ? "=" : "");
    }
  ASSERT_EQ(want.size(), 4u);  // the three women and the junior boy

  // CSV: the last column.
  const auto rows = csv_rows(standings_report(e, "csv"));
  ASSERT_EQ(rows.size(), 7u);
  ASSERT_EQ(rows[0].back(), "Cat.");
  for (size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), rows[0].size());
    EXPECT_EQ(rows[i].back(), want.count(rows[i][2]) ? want[rows[i][2]] : "") << rows[i][2];
  }
  // JSON: "categories" of every standings row.
  const auto j = nlohmann::json::parse(standings_report(e, "json"));
  ASSERT_EQ(j["standings"].size(), 6u);
  for (const auto& r : j["standings"]) {
    const std::string name = r["name"];
    EXPECT_EQ(r["categories"], want.count(name) ? want[name] : "") << name;
  }
  // Text: a Cat. column on each player's line, the key, each tie-break named in full.
  const std::string text = standings_report(e, "text");
  std::istringstream lines(text);
  std::string line;
  int with_cat = 0;
  while (std::getline(lines, line))
    for (const auto& [name, cat] : want)
      if (line.find(name) != std::string::npos && line.size() >= cat.size() &&
          line.compare(line.size() - cat.size(), cat.size(), cat) == 0)
        ++with_cat;
  EXPECT_EQ(with_cat, 4) << text;
  EXPECT_NE(text.find("Cat. (category and place in it, = shared): W = women; U18 = junior:2008"),
            std::string::npos);
  EXPECT_NE(text.find("BH/C1 = Buchholz, cut 1\nSB = Sonneborn-Berger\n"), std::string::npos)
      << text;
  // HTML: the same texts in cells.
  const std::string html = standings_report(e, "html");
  for (const auto& [name, cat] : want) EXPECT_NE(html.find(">" + cat + "<"), std::string::npos);
  // TSV keeps FIDE's reference layout: start number, rank, tie-breaks only.
  EXPECT_EQ(standings_report(e, "tsv").find("Cat."), std::string::npos);
  EXPECT_THROW(standings_report(e, "xml"), EventInputError);
}

TEST(StandingsReport, SharedPrizesArePooledAndRoundedDownToTheCentWithTheRestStated) {
  const Event e = played_event();
  // Three players tied on points for first (the caller's final order), one behind.
  const std::vector<FinalRow> rows = {{1, 20, 1}, {2, 20, 1}, {3, 20, 1}, {4, 10, 4}};
  // 50 among 3: 16.66 each (5000 / 3 rounded down), 0.02 not divided and said so.
  auto a = award_prizes(e, rows, parse_prize_spec("place 1 50 First\n", "p.txt"));
  ASSERT_EQ(a.size(), 3u);
  long paid = 0;
  for (const auto& x : a) {
    EXPECT_EQ(x.cents, 5000 / 3);
    EXPECT_NE(x.why.find("50 shared by 3: 16.66 each, 0.02 not divided"), std::string::npos)
        << x.why;
    paid += x.cents;
  }
  EXPECT_EQ(paid + 2, 5000);
  // The prizes of the three places they occupy are pooled before dividing: (1000 + 500 + 300)
  // / 3 = 600 each exactly (dividing each prize alone would pay 333.33 + 166.66 + 100 = 599.99).
  a = award_prizes(e, rows,
                   parse_prize_spec("place 1 1000\nplace 2 500\nplace 3 300\nplace 4 7\n", "p"));
  std::map<Tpn, long> total;
  for (const auto& x : a) total[x.player] += x.cents;
  const long pool = 100000 + 50000 + 30000;
  for (Tpn p : {1, 2, 3}) EXPECT_EQ(total[p], pool / 3) << p;
  EXPECT_EQ(total[4], 700);
  // 100.01 among 3 (one place prize): 33.33 each, 0.02 left.
  a = award_prizes(e, rows, parse_prize_spec("place 1 100.01\n", "p"));
  ASSERT_EQ(a.size(), 3u);
  for (const auto& x : a) {
    EXPECT_EQ(x.cents, 10001 / 3);
    EXPECT_NE(x.why.find("0.02 not divided"), std::string::npos) << x.why;
  }
  // By tie-break nothing is divided: the amounts as written.
  a = award_prizes(e, rows, parse_prize_spec("sharing tiebreak\nplace 1 50\n", "p"));
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].cents, 5000);
}

TEST(StandingsReport, Trf2026ReportCountsPlayersAndNamesTheProgram) {
  const Event e = played_event();
  const std::string trf = trf_report(e);
  int rated = 0;
  for (const auto& r : kField) rated += r.rating > 0;
  EXPECT_NE(trf.find("\n062 6\n"), std::string::npos) << trf;
  EXPECT_NE(trf.find("\n072 " + std::to_string(rated) + "\n"), std::string::npos) << trf;
  EXPECT_NE(trf.find("\n182 arbiter\n"), std::string::npos) << trf;
  const Tournament t = read_trf(trf, "report.trf");
  EXPECT_EQ(t.player_count(), 6);
  EXPECT_EQ(t.declared_players, 6);
  EXPECT_EQ(t.declared_rated, rated);
}
