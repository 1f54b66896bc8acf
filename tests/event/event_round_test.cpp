// Pairing a round of an event in the library (event_round.h): the round robin's pairing numbers
// by lot, the Berger table's boards (C.05 Annex 1, written out here from the Handbook), the
// forfeits of absent and withdrawn players (events.md B: "a player who does not appear loses
// the game"), the free player of an odd round robin, and the Swiss path.
#include "arbiter/pairing/event_round.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "arbiter/pairing/round_robin.h"
#include "event_builder.h"

using namespace arbiter::pairing;
using arbiter::WHITE;

namespace {

Event round_robin(int players, int rounds, std::uint64_t seed = 1919) {
  EventSettings s;
  s.system = EventSystem::RoundRobin;
  s.rounds = rounds;
  s.seed = seed;
  return test::event_with_players(s, players);
}

}  // namespace

TEST(EventRound, RoundRobinNumbersByLotThenBergerRoundOne) {
  Event e = round_robin(6, 5);
  std::vector<std::string> before;
  for (const auto& p : e.tournament.players) before.push_back(p.name);
  auto pr = pair_next_round(e, false);
  EXPECT_EQ(pr.round, 1);
  // The lot is the seeded draw: entrant i (registration order) gets number_of[i].
  auto lot = draw_lots(6, 1919);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(e.tournament.player(lot.number_of[i]).name, before[i]);
  ASSERT_FALSE(pr.notes.empty());
  EXPECT_NE(pr.notes[0].find("pairing numbers by lot"), std::string::npos);
  EXPECT_EQ(e.settings.lots.size(), 1u);
  // C.05 Annex 1, 6 players, round 1: 1-6, 2-5, 3-4.
  using Boards = std::vector<std::pair<int, int>>;
  EXPECT_EQ(e.settings.boards.at(1), (Boards{{1, 6}, {2, 5}, {3, 4}}));
  // Round 2 of the same table: 6-4, 5-3, 1-2.
  for (int b = 1; b <= 3; ++b) set_result(e, 1, b, "1/2-1/2");
  pair_next_round(e, false);
  EXPECT_EQ(e.settings.boards.at(2), (Boards{{6, 4}, {5, 3}, {1, 2}}));
}

TEST(EventRound, AbsentAndWithdrawnPlayersLoseTheirGamesByForfeit) {
  Event e = round_robin(6, 5);
  pair_next_round(e, false);
  for (int b = 1; b <= 3; ++b) set_result(e, 1, b, "1-0");
  // Round 2 boards: 6-4, 5-3, 1-2. Player 4 withdraws; players 5 and 3 both announce absences.
  withdraw(e, 4, 2);
  request_bye(e, 5, 2, 'Z');
  request_bye(e, 3, 2, 'Z');
  auto pr = pair_next_round(e, false);
  using F = std::vector<std::pair<int, std::string>>;
  EXPECT_EQ(pr.pairing.forfeits, (F{{1, "+-"}, {2, "--"}}));
  EXPECT_EQ(board_result(e, 2, 1), "+-");
  EXPECT_EQ(board_result(e, 2, 2), "--");
  EXPECT_EQ(board_result(e, 2, 3), "");
  // The absences became forfeits of the scheduled games, not byes.
  for (Tpn p : {3, 4, 5}) EXPECT_TRUE(e.tournament.player(p).round(2).has_opponent()) << p;
}

TEST(EventRound, OddRoundRobinFreePlayerScoresNothing) {
  Event e = round_robin(5, 5);
  auto pr = pair_next_round(e, false);
  // C.05 Annex 1: 5 players use the 6-player table; whoever meets number 6 is free: round 1 is
  // 1-6, so player 1 is free.
  EXPECT_EQ(pr.pairing.free, 1);
  EXPECT_EQ(e.tournament.player(1).round(1).result, ResultCode::ZeroBye);
  EXPECT_EQ(e.settings.boards.at(1).size(), 2u);
}

TEST(EventRound, WrongNumberOfRoundsRefusedEventUnchanged) {
  Event e = round_robin(6, 7);
  const Event before = e;
  EXPECT_THROW(pair_next_round(e, false), EventError);
  EXPECT_EQ(e.settings, before.settings);
  EXPECT_EQ(e.tournament, before.tournament);
}

TEST(EventRound, SwissNeedsItsColourLotOnceThenPairsTopHalfAgainstBottom) {
  EventSettings s;
  s.system = EventSystem::Dutch;
  s.rounds = 5;
  Event e = new_event(s, {"Swiss", "", "", "", "", "", ""});
  for (int i = 0; i < 6; ++i) {
    Registration r;
    r.name = "S" + std::string(1, char('A' + i)) + ", X";
    r.ratings.standard = 2300 - 50 * i;
    register_player(e, r);
  }
  EXPECT_TRUE(needs_initial_colour_lot(e, 1));
  e.tournament.initial_colour = WHITE;
  EXPECT_FALSE(needs_initial_colour_lot(e, 1));
  pair_next_round(e, false);
  // C.04.3: round 1 pairs 1-4, 5-2, 3-6 (top half against bottom half, colours alternating
  // from White for player 1).
  using Boards = std::vector<std::pair<int, int>>;
  EXPECT_EQ(e.settings.boards.at(1), (Boards{{1, 4}, {5, 2}, {3, 6}}));
}
