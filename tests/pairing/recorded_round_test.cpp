// A round's pairing as the file records it (recorded_round.h), on cells the test writes: each
// game once with White first, a game without colours (a forfeit "- +") with the lower number
// first, the PAB, and no place for requested byes or absences.
#include "arbiter/pairing/recorded_round.h"

#include <gtest/gtest.h>

using namespace arbiter::pairing;
using arbiter::BLACK;
using arbiter::WHITE;

namespace {

Tournament seven_players() {
  Tournament t;
  for (Tpn p = 1; p <= 7; ++p) {
    Player pl;
    pl.tpn = p;
    t.players.push_back(pl);
  }
  return t;
}

void cell(Tournament& t, Tpn p, int round, RoundEntry e) {
  auto& cells = t.player(p).rounds;
  if (int(cells.size()) < round) cells.resize(size_t(round));
  cells[size_t(round - 1)] = e;
}

}  // namespace

TEST(RecordedRound, GamesOnceWhiteFirstAndThePab) {
  Tournament t = seven_players();
  // Round 1: 5 (white) - 2, 1 (white) - 6, 3 - 7 forfeited without colours (written from 7's
  // side first), 4 the PAB.
  cell(t, 2, 1, {5, BLACK, ResultCode::Loss});
  cell(t, 5, 1, {2, WHITE, ResultCode::Win});
  cell(t, 1, 1, {6, WHITE, ResultCode::Draw});
  cell(t, 6, 1, {1, BLACK, ResultCode::Draw});
  cell(t, 7, 1, {3, std::nullopt, ResultCode::ForfeitWin});
  cell(t, 3, 1, {7, std::nullopt, ResultCode::ForfeitLoss});
  cell(t, 4, 1, {0, std::nullopt, ResultCode::PairingBye});
  const RecordedRound r = recorded_round(t, 1);
  using G = std::vector<std::pair<Tpn, Tpn>>;
  EXPECT_EQ(r.games, (G{{1, 6}, {3, 7}, {5, 2}}));
  EXPECT_EQ(r.bye, 4);
}

TEST(RecordedRound, ByesAndAbsencesAreNoPartOfThePairing) {
  Tournament t = seven_players();
  // Round 2: 2 (white) - 1; 3 a requested half-point bye, 4 a full-point bye, 5 a zero-point
  // bye, 6 absent ("0000 - -"); 7's line ends before round 2 (blank).
  cell(t, 1, 2, {2, BLACK, ResultCode::None});
  cell(t, 2, 2, {1, WHITE, ResultCode::None});
  cell(t, 3, 2, {0, std::nullopt, ResultCode::HalfBye});
  cell(t, 4, 2, {0, std::nullopt, ResultCode::FullBye});
  cell(t, 5, 2, {0, std::nullopt, ResultCode::ZeroBye});
  cell(t, 6, 2, {0, std::nullopt, ResultCode::ForfeitLoss});
  const RecordedRound r = recorded_round(t, 2);
  EXPECT_EQ(r, (RecordedRound{{{2, 1}}, 0}));
  // A round nobody's line reaches: no games, no PAB.
  EXPECT_EQ(recorded_round(t, 3), RecordedRound{});
}
