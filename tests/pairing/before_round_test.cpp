// The tournament before a round's pairing (tournament.h: before_round), as `pair --check`
// feeds the pairing engine. Expected values follow from the TRF cell codes (trf.md: a cell
// without an opponent other than the PAB is a bye or absence known before pairing; blank = Z).
#include <gtest/gtest.h>

#include <cstdio>

#include "arbiter/pairing/trf.h"

namespace ap = arbiter::pairing;

namespace {

// A 001 line (columns 1-91) followed by its round cells (10 columns each, from column 92).
std::string player(int id, const std::vector<std::string>& cells) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "001 %4d      P%-32d %4d%29s%3.1f %4d  ", id, id, 2000 - id, "",
                1.0, id);
  std::string s = buf;
  for (const auto& c : cells) s += c;
  return s + "\n";
}

// Six players, three rounds recorded of four.
//   round 1: 1-2 (1 White) 1-0, 3-4 draw, 5 PAB, 6 absent (Z)
//   round 2: 1-3 1-0, 2 half-point bye, 4 blank (absent), 5 PAB, 6 "0000 - -" (absent)
//   round 3: 1-2, 3-4, 5-6 played
std::string six_players(const std::string& header) {
  return header + "XXR 4\n" + player(1, {"   2 w 1  ", "   3 w 1  ", "   2 b 0  "}) +
         player(2, {"   1 b 0  ", "0000 - H  ", "   1 w 1  "}) +
         player(3, {"   4 w =  ", "   1 b 0  ", "   4 b 1  "}) +
         player(4, {"   3 b =  ", "          ", "   3 w 0  "}) +
         player(5, {"0000 - U  ", "0000 - U  ", "   6 w 1  "}) +
         player(6, {"0000 - Z  ", "0000 - -  ", "   5 b 0  "});
}

}  // namespace

TEST(BeforeRound, KeepsOnlyTheCellsKnownBeforeThePairing) {
  ap::Tournament t = ap::read_trf(six_players(""));
  t.declared_byes.push_back({ap::ResultCode::HalfBye, 2, {2}});
  const ap::Tournament c = ap::before_round(t, 2);
  // Rounds before 2 as recorded.
  for (const auto& p : c.players) EXPECT_EQ(p.round(1), t.player(p.tpn).round(1)) << p.tpn;
  // Round 2: games and the PAB are the pairing's work (dropped); byes and absences stay.
  EXPECT_EQ(c.player(1).rounds.size(), 1u);
  EXPECT_EQ(c.player(3).rounds.size(), 1u);
  EXPECT_EQ(c.player(5).rounds.size(), 1u);  // PAB of round 2 dropped
  ASSERT_EQ(c.player(2).rounds.size(), 2u);
  EXPECT_EQ(c.player(2).rounds[1].result, ap::ResultCode::HalfBye);
  ASSERT_EQ(c.player(4).rounds.size(), 2u);
  EXPECT_EQ(c.player(4).rounds[1].result, ap::ResultCode::ZeroBye);  // blank = Z
  EXPECT_EQ(c.player(4).rounds[1].opponent, 0);
  ASSERT_EQ(c.player(6).rounds.size(), 2u);
  EXPECT_EQ(c.player(6).rounds[1].result, ap::ResultCode::ForfeitLoss);
  // Round 3 is gone, so round 2 is the one to pair.
  EXPECT_EQ(c.paired_rounds(), 1);
  EXPECT_EQ(c.to_pair(2), (std::vector<ap::Tpn>{1, 3, 5}));
  // Recorded points count later rounds: cleared. Declared byes are already in the cells.
  for (const auto& p : c.players) EXPECT_FALSE(p.recorded_points.has_value()) << p.tpn;
  EXPECT_TRUE(c.declared_byes.empty());
  EXPECT_EQ(c.total_rounds, 4);
}

TEST(BeforeRound, FixesTheInitialColourFromRoundOne) {
  // Player 1 had White in round 1: the file with XXC white1 states the same initial colour.
  const ap::Tournament stated = ap::read_trf(six_players("XXC white1\n"));
  const ap::Tournament t = ap::read_trf(six_players(""));
  EXPECT_NE(t.initial_colour, stated.initial_colour);  // not written in the file
  EXPECT_EQ(ap::before_round(t, 1).initial_colour, stated.initial_colour);
  EXPECT_EQ(ap::before_round(t, 3).initial_colour, stated.initial_colour);
}

TEST(BeforeRound, RoundOneKeepsOnlyTheKnownAbsence) {
  const ap::Tournament c = ap::before_round(ap::read_trf(six_players("")), 1);
  for (const auto& p : c.players) EXPECT_EQ(p.rounds.size(), p.tpn == 6 ? 1u : 0u) << p.tpn;
  EXPECT_EQ(c.player(6).rounds[0].result, ap::ResultCode::ZeroBye);
  EXPECT_EQ(c.paired_rounds(), 0);
  EXPECT_EQ(c.to_pair(1), (std::vector<ap::Tpn>{1, 2, 3, 4, 5}));
}

TEST(BeforeRound, FillsTheNumberOfRoundsWhenTheFileHasNone) {
  std::string text = six_players("");
  text.erase(text.find("XXR 4\n"), 6);
  EXPECT_EQ(ap::before_round(ap::read_trf(text), 2).total_rounds, 3);  // rounds recorded
}
