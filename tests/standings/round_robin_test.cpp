// tiebreaks.md section 6: the 6-player round robin (no unplayed games) with its SB, KS, PS, WIN,
// BPG, BWG, ARO, TPR and PTP table, and the DE, SB, DE, WIN ranking of the 2nd-4th place tie.
#include <gtest/gtest.h>

#include "arbiter/pairing/crosstable_export.h"
#include "arbiter/pairing/standings.h"

using namespace arbiter::pairing;

namespace {
// Results (White first): R1 1-6 1-0, 2-5 =, 3-4 1-0; R2 6-4 0-1, 5-3 0-1, 1-2 =; R3 2-6 1-0,
// 3-1 0-1, 4-5 =; R4 6-5 =, 1-4 =, 2-3 1-0; R5 3-6 1-0, 4-2 1-0, 5-1 0-1.
Crosstable example_round_robin() {
  struct G {
    int w, b;
    double wp;
  };
  const std::vector<std::vector<G>> rounds = {{{1, 6, 1}, {2, 5, .5}, {3, 4, 1}},
                                              {{6, 4, 0}, {5, 3, 0}, {1, 2, .5}},
                                              {{2, 6, 1}, {3, 1, 0}, {4, 5, .5}},
                                              {{6, 5, .5}, {1, 4, .5}, {2, 3, 1}},
                                              {{3, 6, 1}, {4, 2, 1}, {5, 1, 0}}};
  Crosstable ct;
  ct.round_robin = true;
  ct.rounds = ct.total_rounds = 5;
  for (int p = 1; p <= 6; ++p) {
    CrossPlayer pl;
    pl.start_no = p;
    pl.name = "Player " + std::to_string(p);
    pl.rating = 2150 - 50 * p;
    pl.cells.resize(5);
    ct.players.push_back(pl);
  }
  auto outcome = [](double pts) {
    return pts == 1 ? Outcome::Win : pts == 0.5 ? Outcome::Draw : Outcome::Loss;
  };
  for (int r = 0; r < 5; ++r)
    for (const G& g : rounds[size_t(r)]) {
      ct.players[size_t(g.w - 1)].cells[size_t(r)] = {g.b, arbiter::WHITE, outcome(g.wp), g.wp,
                                                      true};
      ct.players[size_t(g.b - 1)].cells[size_t(r)] = {g.w, arbiter::BLACK, outcome(1 - g.wp),
                                                      1 - g.wp, true};
    }
  return ct;
}

double value(const Crosstable& ct, const char* spec, int player) {
  return *compute_tiebreak(ct, parse_tiebreak(spec))[size_t(player - 1)];
}
}  // namespace

TEST(WorkedExampleRoundRobin, Table) {
  Crosstable ct = example_round_robin();
  struct Row {
    double score, sb, ks, ps;
    int win, bpg, bwg, aro, tpr, ptp;
  };
  const Row rows[6] = {{4.0, 8.00, 2.0, 12.0, 3, 2, 2, 1950, 2190, 2196},
                       {3.0, 6.25, 1.5, 9.5, 2, 2, 0, 1960, 2032, 2034},
                       {3.0, 5.00, 1.0, 10.0, 3, 2, 1, 1970, 2042, 2047},
                       {3.0, 6.25, 1.5, 7.5, 2, 3, 1, 1980, 2052, 2054},
                       {1.5, 3.25, 1.0, 5.0, 0, 3, 0, 1990, 1841, 1833},
                       {0.5, 0.75, 0.0, 1.0, 0, 3, 0, 2000, 1634, 1622}};
  for (int p = 1; p <= 6; ++p) {
    SCOPED_TRACE("player " + std::to_string(p));
    const Row& r = rows[p - 1];
    EXPECT_EQ(value(ct, "PTS", p), r.score);
    EXPECT_EQ(value(ct, "SB", p), r.sb);
    EXPECT_EQ(value(ct, "KS", p), r.ks);
    EXPECT_EQ(value(ct, "PS", p), r.ps);
    EXPECT_EQ(value(ct, "WIN", p), r.win);
    EXPECT_EQ(value(ct, "BPG", p), r.bpg);
    EXPECT_EQ(value(ct, "BWG", p), r.bwg);
    EXPECT_EQ(value(ct, "ARO", p), r.aro);
    EXPECT_EQ(value(ct, "TPR", p), r.tpr);
    EXPECT_EQ(value(ct, "PTP", p), r.ptp);
  }
}

TEST(WorkedExampleRoundRobin, DirectEncounterTwiceInTheList) {
  Crosstable ct = example_round_robin();
  // DE (1-1-1, no change), SB (3 is 4th, {2,4} tied), DE again on {2,4}: 4 beat 2.
  Standings s = compute_standings(ct, parse_tiebreaks("DE SB DE WIN"));
  std::vector<int> order;
  for (const auto& r : s.rows) order.push_back(r.start_no);
  EXPECT_EQ(order, (std::vector<int>{1, 4, 2, 3, 5, 6}));
  EXPECT_EQ(s.row(4).rank, 2);
  EXPECT_EQ(s.row(2).rank, 3);
  EXPECT_EQ(s.row(3).rank, 4);
  EXPECT_FALSE(s.row(2).shared);
  // First DE separates nobody among 2, 3, 4 (value 0); the second one places 4 before 2.
  EXPECT_EQ(*s.row(2).values[0], 0);
  EXPECT_EQ(*s.row(4).values[2], 1);
  EXPECT_EQ(*s.row(2).values[2], 2);
}

TEST(WorkedExampleRoundRobin, SharedPlacesWhenTheListRunsOut) {
  Crosstable ct = example_round_robin();
  // "SB, WIN" only: 2 and 4 stay tied (SB 6.25, WIN 2): a shared place.
  Standings s = compute_standings(ct, parse_tiebreaks("SB WIN"));
  EXPECT_EQ(s.row(2).rank, 2);
  EXPECT_EQ(s.row(4).rank, 2);
  EXPECT_TRUE(s.row(2).shared);
  EXPECT_EQ(s.row(3).rank, 4);
  // ... or lots, if the regulations say so: reproducible from the seed, no shared place left.
  StandingsOptions o;
  o.lots_seed = 42;
  Standings l = compute_standings(ct, parse_tiebreaks("SB WIN"), o);
  EXPECT_NE(l.row(2).rank, l.row(4).rank);
  EXPECT_TRUE(l.row(2).by_lot);
  EXPECT_EQ(l.row(2).rank + l.row(4).rank, 5);
  EXPECT_EQ(compute_standings(ct, parse_tiebreaks("SB WIN"), o).row(2).rank, l.row(2).rank);
}

TEST(WorkedExampleRoundRobin, SubRankingAndPrizes) {
  Crosstable ct = example_round_robin();
  ct.players[1].sex = 'w';
  ct.players[4].sex = 'w';
  ct.players[2].federation = "ESP";
  Standings s = compute_standings(ct, parse_tiebreaks("DE SB DE WIN"));
  PlayerFilter women = parse_filter("sex=w");
  Standings w = sub_ranking(s, [&](int sno) { return women.accepts(ct.player(sno)); });
  ASSERT_EQ(w.rows.size(), 2u);
  EXPECT_EQ(w.rows[0].start_no, 2);
  EXPECT_EQ(w.rows[0].rank, 1);
  EXPECT_EQ(w.rows[1].start_no, 5);
  PlayerFilter band = parse_filter("rating>=1950;rating<2100");
  Standings b = sub_ranking(s, [&](int sno) { return band.accepts(ct.player(sno)); });
  ASSERT_EQ(b.rows.size(), 3u);  // 2 (2050), 3 (2000), 4 (1950)
  EXPECT_EQ(b.rows[0].start_no, 4);
  PlayerFilter region = parse_filter("fed=ESP");
  EXPECT_EQ(
      sub_ranking(s, [&](int sno) { return region.accepts(ct.player(sno)); }).rows[0].start_no, 3);
  auto places = prize_places(s, 3);
  ASSERT_EQ(places.size(), 3u);
  EXPECT_EQ(places[0], std::vector<int>{1});
  EXPECT_EQ(places[1], std::vector<int>{4});
  EXPECT_THROW(parse_filter("colour=w"), std::invalid_argument);
  EXPECT_THROW(parse_filter("rating>=abc"), std::invalid_argument);
}

TEST(WorkedExampleRoundRobin, Exports) {
  Crosstable ct = example_round_robin();
  ct.players[0].name = "Ruiz, \"Pepe\" <b>";
  Standings s = compute_standings(ct, parse_tiebreaks("SB PS WIN"));
  std::string tsv = standings_tsv(s);
  EXPECT_EQ(tsv.substr(0, tsv.find('\n')), "StartNo\tRank\tSB\tPS\tWIN");
  EXPECT_NE(tsv.find("\n1\t1\t8.00\t12.0\t3\n"), std::string::npos);
  std::string csv = standings_csv(ct, s);
  EXPECT_NE(csv.find("\"Ruiz, \"\"Pepe\"\" <b>\""), std::string::npos);
  std::string json = standings_json(ct, s);
  EXPECT_NE(json.find("\"name\": \"Ruiz, \\\"Pepe\\\" <b>\""), std::string::npos);
  std::string html = standings_html(ct, s);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("Ruiz, &quot;Pepe&quot; &lt;b&gt;"), std::string::npos);
  EXPECT_NE(html.find("@media print"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  std::string text = crosstable_text(ct, s);
  EXPECT_NE(text.find("R5"), std::string::npos);
}
