// Play-offs besides the Armageddon (C.07 art. 3: the regulations fix format and colours): a match
// of N games (events.md B: "if several tie, a 4-game match decides" the Aragon title) and a
// play-off group (a small round robin, C.05 Annex 1), colours by lot from the event seed,
// results in the event file, the order they give in the standings. Expected values are computed
// here from the games as drawn and the results the test enters.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "arbiter/pairing/event_playoff.h"
#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

namespace {

Standings leaders(int tied, int total) {
  Standings s;
  for (int i = 0; i < total; ++i) {
    StandingsRow r;
    r.start_no = i + 1;
    r.rank = i < tied ? 1 : i + 1;
    r.shared = i < tied;
    r.points = i < tied ? 5.0 : 4.0 - i * 0.5;
    s.rows.push_back(r);
  }
  return s;
}

const PlayoffLot kLot{"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", "test"};
const PlayoffLot kOddLot{"01112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", "t"};

}  // namespace

TEST(Playoff, SpellingsRoundTrip) {
  for (std::string s : {"none", "armageddon:300/240", "match:4", "group", "group:2"}) {
    auto p = parse_playoff(s);
    ASSERT_TRUE(p) << s;
    EXPECT_EQ(to_string(*p), s);
  }
  for (std::string s : {"match:0", "match:x", "group:3", "groups", "armageddon:300"})
    EXPECT_FALSE(parse_playoff(s)) << s;
}

TEST(Playoff, MatchColoursByLotThenAlternating) {
  const auto r = *parse_playoff("match:4");
  const Standings s = leaders(3, 5);
  const auto players = playoff_players(r, s);
  ASSERT_EQ(players, (std::vector<int>{1, 2}));  // a match is between the first two
  for (const auto* lot : {&kLot, &kOddLot}) {
    const auto games = draw_playoff_games(r, players, *lot);
    ASSERT_EQ(games.size(), 4u);
    // The lot's first byte is even for kLot (first player White), odd for kOddLot.
    const int first_white = lot == &kLot ? 1 : 2;
    for (size_t g = 0; g < 4; ++g) {
      const int w = g % 2 == 0 ? first_white : 3 - first_white;
      EXPECT_EQ(games[g].white, w) << g;
      EXPECT_EQ(games[g].black, 3 - w) << g;
    }
  }
}

TEST(Playoff, MatchWinnerByScoreAndTiedMatchKeepsTheTiebreakOrder) {
  const auto r = *parse_playoff("match:4");
  Standings s = leaders(2, 4);
  s.rows[0].shared = s.rows[1].shared = false;  // the tie-breaks separated them: 1 ahead of 2
  s.rows[1].rank = 2;
  auto games = draw_playoff_games(r, {1, 2}, kLot);
  // Player 2 scores 1 + 1/2 + 1 + 0 = 2.5 of 4.
  const std::vector<std::pair<int, double>> score_of_2 = {{0, 1}, {1, 0.5}, {2, 1}, {3, 0}};
  for (auto [g, p2] : score_of_2) {
    const bool two_white = games[size_t(g)].white == 2;
    games[size_t(g)].result = p2 == 0.5 ? "1/2-1/2" : (p2 == 1) == two_white ? "1-0" : "0-1";
  }
  auto scores = playoff_scores(r, {1, 2}, games);
  EXPECT_EQ(scores, (std::vector<int>{3, 5}));  // half points: 1.5 and 2.5
  Standings a = apply_playoff(s, r, games);
  EXPECT_EQ(a.rows[0].start_no, 2);
  EXPECT_EQ(a.rows[0].rank, 1);
  EXPECT_EQ(a.rows[1].start_no, 1);
  EXPECT_EQ(a.rows[1].rank, 2);
  EXPECT_NE(a.note.find("place 1 to 2"), std::string::npos) << a.note;
  // 2-2: the match decides nothing, the tie-breaks' order stands.
  games[2].result = "1/2-1/2";  // player 2: 1 + 1/2 + 1/2 + 0
  ASSERT_EQ(playoff_scores(r, {1, 2}, games), (std::vector<int>{4, 4}));
  a = apply_playoff(s, r, games);
  EXPECT_EQ(a.rows[0].start_no, 1);
  EXPECT_EQ(a.rows[1].start_no, 2);
  EXPECT_EQ(a.rows[1].rank, 2);
  // A game still to play: the order is the tie-breaks', the note says what is missing.
  games[3].result.clear();
  a = apply_playoff(s, r, games);
  EXPECT_EQ(a.rows[0].start_no, 1);
  EXPECT_NE(a.note.find("1 game(s) to play"), std::string::npos) << a.note;
}

TEST(Playoff, GroupIsABergerRoundRobinOfEverybodyTiedOnTop) {
  for (const char* spelling : {"group", "group:2"}) {
    const auto r = *parse_playoff(spelling);
    const Standings s = leaders(4, 6);
    const auto players = playoff_players(r, s);
    ASSERT_EQ(players, (std::vector<int>{1, 2, 3, 4}));
    const auto games = draw_playoff_games(r, players, kLot);
    const int cycles = r.games;
    ASSERT_EQ(int(games.size()), cycles * 6);
    // Every pair meets once per cycle; in a double round robin once with each colour.
    std::map<std::pair<int, int>, int> met;
    for (const auto& g : games) ++met[{g.white, g.black}];
    for (int a = 1; a <= 4; ++a)
      for (int b = a + 1; b <= 4; ++b) {
        EXPECT_EQ(met[std::make_pair(a, b)] + met[std::make_pair(b, a)], cycles) << a << "-" << b;
        if (cycles == 2) {
          EXPECT_EQ(met[std::make_pair(a, b)], 1);
        }
      }
    // The Berger numbers are drawn by lot: the audit names them.
    EXPECT_NE(games.front().audit.find("Berger numbers by lot"), std::string::npos);
  }
  EXPECT_THROW(draw_playoff_games(*parse_playoff("group"), {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, kLot),
               EventError);
}

TEST(Playoff, GroupOrderByGroupScore) {
  const auto r = *parse_playoff("group");
  const Standings s = leaders(3, 5);
  auto games = draw_playoff_games(r, {1, 2, 3}, kLot);
  ASSERT_EQ(games.size(), 3u);
  // Player 3 beats both, 1 and 2 draw: 3 first (2 points), 1 and 2 share second (1/2 each).
  std::map<int, double> pts;
  for (auto& g : games) {
    if (g.white == 3 || g.black == 3)
      g.result = g.white == 3 ? "1-0" : "0-1";
    else
      g.result = "1/2-1/2";
    auto [w, b] = points_of(g.result);
    pts[g.white] += w, pts[g.black] += b;
  }
  ASSERT_EQ(pts[3], 2.0);
  Standings a = apply_playoff(s, r, games);
  EXPECT_EQ(a.rows[0].start_no, 3);
  EXPECT_EQ(a.rows[0].rank, 1);
  EXPECT_FALSE(a.rows[0].shared);
  // 1 and 2 equal on the play-off and on the tie-breaks (they shared first): they share second.
  EXPECT_EQ(a.rows[1].rank, 2);
  EXPECT_EQ(a.rows[2].rank, 2);
  EXPECT_TRUE(a.rows[1].shared && a.rows[2].shared);
  EXPECT_EQ(a.rows[3].rank, 4);
}

// Through the CLI: a 4-player round robin, every game drawn, so all four share first place.
// A group play-off decides the whole event; a 4-game match decides first place of a group
// (players 1 and 2, e.g. the residents of a region) and leaves the overall standings alone.
namespace {
void all_draws(const std::string& f, int rounds) {
  for (int r = 1; r <= rounds; ++r) {
    ok("event pair '" + f + "'");
    ok("event result '" + f + "' 1 1/2-1/2 2 1/2-1/2");
  }
}
std::map<int, int> ranks_of(const std::string& tsv) {
  auto cols = read_tsv(tsv);
  std::map<int, int> out;
  for (size_t i = 0; i < cols["StartNo"].size(); ++i)
    out[std::stoi(cols["StartNo"][i])] = std::stoi(cols["Rank"][i]);
  return out;
}
}  // namespace

TEST(Playoff, GroupThroughTheCliWhiteWinsEveryGame) {
  TempDir d;
  const std::string f = d / "rr.trf";
  create_event(d, f,
               "--system round-robin --rounds 3 --rating-list standard --tiebreaks 'SB' "
               "--rules 2026 --seed 77 --playoff group",
               players_csv(4));
  all_draws(f, 3);
  auto early = run_arbiter("event playoff '" + f + "' --result 1-0");
  EXPECT_EQ(early.exit_code, 1) << "a result before the draw: " << early.out;
  const std::string drawn = ok("event playoff '" + f + "'");
  EXPECT_NE(drawn.find("by lot"), std::string::npos) << drawn;
  Event e = load(f);
  ASSERT_EQ(e.settings.playoff_games.size(), 6u);
  // The same seed draws the same games.
  {
    TempDir d2;
    const std::string f2 = d2 / "rr.trf";
    create_event(d2, f2,
                 "--system round-robin --rounds 3 --rating-list standard --tiebreaks 'SB' "
                 "--rules 2026 --seed 77 --playoff group",
                 players_csv(4));
    all_draws(f2, 3);
    ok("event playoff '" + f2 + "'");
    EXPECT_EQ(load(f2).settings.playoff_games, e.settings.playoff_games);
  }
  // White wins every game: a player's play-off score is the number of Whites.
  std::map<int, int> whites;
  for (int p = 1; p <= 4; ++p) whites[p] = 0;
  for (const auto& g : e.settings.playoff_games) ++whites[g.white];
  for (size_t i = 0; i < 6; ++i) ok("event playoff '" + f + "' --result 1-0");
  auto again = run_arbiter("event playoff '" + f + "' --result 1-0");
  EXPECT_EQ(again.exit_code, 1) << "every game has its result";
  // Expected places: by Whites; equal counts share (all four shared first before).
  std::map<int, int> want;
  for (auto [p, w] : whites) {
    int better = 0;
    for (auto [q, v] : whites) better += v > w;
    want[p] = better + 1;
  }
  EXPECT_EQ(ranks_of(ok("event standings '" + f + "' --format tsv")), want);
  const std::string text = ok("event standings '" + f + "'");
  EXPECT_NE(text.find("Play-off (play-off group (round robin))"), std::string::npos) << text;
  // Correcting a game by number.
  ok("event playoff '" + f + "' --game 1 --result 0-1");
  EXPECT_EQ(load(f).settings.playoff_games[0].result, "0-1");
  auto bad = run_arbiter("event playoff '" + f + "' --game 7 --result 0-1");
  EXPECT_NE(bad.exit_code, 0);
}

TEST(Playoff, MatchForASubRankingThroughTheCli) {
  TempDir d;
  const std::string f = d / "rr.trf";
  create_event(d, f,
               "--system round-robin --rounds 3 --rating-list standard --tiebreaks 'SB' "
               "--rules 2026 --seed 1919 --playoff match:4 --playoff-scope players=1,2",
               players_csv(4));
  all_draws(f, 3);
  ok("event playoff '" + f + "'");
  Event e = load(f);
  const auto& games = e.settings.playoff_games;
  ASSERT_EQ(games.size(), 4u);
  for (size_t g = 1; g < 4; ++g) EXPECT_EQ(games[g].white, games[g - 1].black);  // alternating
  // The results entered; the match score computed here from the colours drawn.
  const std::vector<std::string> res = {"1-0", "1/2-1/2", "0-1", "1-0"};
  std::map<int, double> pts;
  for (size_t g = 0; g < 4; ++g) {
    ok("event playoff '" + f + "' --result " + res[g]);
    auto [w, b] = points_of(res[g]);
    pts[games[g].white] += w, pts[games[g].black] += b;
  }
  ASSERT_NE(pts[1], pts[2]);
  const int winner = pts[1] > pts[2] ? 1 : 2;
  auto sub = ranks_of(ok("event standings '" + f + "' --format tsv --filter players=1,2"));
  EXPECT_EQ(sub[winner], 1);
  EXPECT_EQ(sub[3 - winner], 2);
  // The overall standings are not decided by the group's match: all four share first.
  auto all = ranks_of(ok("event standings '" + f + "' --format tsv"));
  for (int p = 1; p <= 4; ++p) EXPECT_EQ(all[p], 1) << p;
  EXPECT_NE(ok("event standings '" + f + "'").find("Play-off for first place among players=1,2"),
            std::string::npos);
  // The file keeps the format and the scope.
  EXPECT_NE(slurp(f).find("XAR PLAYOFF match:4"), std::string::npos);
  EXPECT_NE(slurp(f).find("XAR PLAYOFF-SCOPE players=1,2"), std::string::npos);
}
