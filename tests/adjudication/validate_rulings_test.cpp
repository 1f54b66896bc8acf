// Rulings of issue 18 on games typed for the purpose, each answer taken from the Laws:
// dead positions reached through forced play (5.2.2), the 2023 resignation rule (5.1.2) next
// to the loss on time (6.9), and an answer the search budget cannot settle.
#include <gtest/gtest.h>

#include <string>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "validate_helpers.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;

std::string tags(const std::string& date, const std::string& result) {
  return "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"" + date +
         "\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n";
}

GameReport check(const std::string& text, const adjudication::ValidateOptions& o = {}) {
  return validate_test::validate_one(text, o);
}

using validate_test::count;
using validate_test::dump;

// White's unprotected queen checks from g7: Black's only legal move takes it, leaving K+N v K.
// The position after 1. Qg7+ is dead already (Laws 5.2.2: no series of legal moves mates).
const std::string kQueenGivenUp = "[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/KN4Q1 w - - 0 1\"]\n\n";

// A move played after that position: the game had ended at ply 1 (today's code saw only the
// bare material after the capture, at ply 2, and so nothing wrong).
TEST(ValidateRulings, MoveAfterAPositionDeadByAForcedCapture) {
  const auto r = check(tags("2024.03.01", "1/2-1/2") + kQueenGivenUp + "1. Qg7+ Kxg7 1/2-1/2\n");
  EXPECT_EQ(count(r, "moves-after-dead-position", 2), 1) << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
  EXPECT_EQ(r.ending, "dead position");
}

// A decisive result recorded in that position (Black resigned, or lost on time): the game was
// drawn at ply 1, although the winner still has a queen on the board.
TEST(ValidateRulings, DecisiveResultAfterTheQueenMustBeTaken) {
  for (const char* termination : {"normal", "time forfeit"}) {
    const auto r = check(tags("2021.03.01", "1-0") + "[Termination \"" + termination + "\"]\n" +
                         kQueenGivenUp + "1. Qg7+ 1-0\n");
    EXPECT_EQ(count(r, "decisive-result-in-dead-position", 1), 1) << termination << dump(r);
    EXPECT_EQ(r.errors(), 1) << termination << dump(r);
  }
}

// 1. h4 locks the last open pawn (before it, g4xh3 opened the g-file to the kings): from then
// on no piece can ever reach the other side, and no check is possible (Laws 5.2.2). The game
// ended at ply 1; the moves after it and the decisive result are errors, the first dead position
// being found back from the final one.
const std::string kLockingPawnMove =
    "[SetUp \"1\"]\n[FEN \"1k6/8/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/1K6 w - - 0 1\"]\n\n"
    "1. h4 Kc7 2. Kc2 ";

TEST(ValidateRulings, PawnMoveThatLocksThePositionEndsTheGame) {
  const auto r = check(tags("2024.03.01", "1-0") + kLockingPawnMove + "1-0\n");
  EXPECT_EQ(count(r, "moves-after-dead-position", 2), 1) << dump(r);
  EXPECT_EQ(count(r, "decisive-result-in-dead-position", 1), 1) << dump(r);
  EXPECT_EQ(r.errors(), 2) << dump(r);
  EXPECT_EQ(r.ending, "dead position");
  // A drawn game: the moves after the lock are found by the full search.
  adjudication::ValidateOptions full;
  full.full_search = true;
  const auto d = check(tags("2024.03.01", "1/2-1/2") + kLockingPawnMove + "1/2-1/2\n", full);
  EXPECT_EQ(count(d, "moves-after-dead-position", 2), 1) << dump(d);
  EXPECT_EQ(d.errors(), 1) << dump(d);
}

// Laws 5.1.2 (from 1 January 2023): a player who resigns loses unless the opponent cannot
// checkmate by any series of legal moves; then the game is drawn. Black's bare king "wins"
// after White's resignation: an error from 2023, a warning before (the resignation stood), an
// error on time whatever the date (6.9).
const std::string kBareKingWins =
    "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/2Q5/8/4K3 b - - 0 1\"]\n\n1... Kd7 2. Kf2 0-1\n";

TEST(ValidateRulings, ResignationFrom2023WhenTheWinnerCannotMate) {
  const auto r = check(tags("2023.01.01", "0-1") + kBareKingWins);
  EXPECT_EQ(count(r, "winner-cannot-mate", 2), 1) << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
  // The same with a Termination tag that says nothing of the clock.
  const auto t = check(tags("2024.06.30", "0-1") + "[Termination \"normal\"]\n" + kBareKingWins);
  EXPECT_EQ(t.errors(), 1) << dump(t);
  EXPECT_EQ(count(t, "winner-cannot-mate", 2), 1) << dump(t);
}

TEST(ValidateRulings, ResignationBefore2023IsAWarning) {
  const auto r = check(tags("2022.12.31", "0-1") + kBareKingWins);
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(count(r, "winner-cannot-mate", 2), 1) << dump(r);
  EXPECT_EQ(r.warnings(), 1) << dump(r);
  const auto on_time =
      check(tags("2022.12.31", "0-1") + "[Termination \"time forfeit\"]\n" + kBareKingWins);
  EXPECT_EQ(count(on_time, "time-forfeit-unwinnable", 2), 1) << dump(on_time);
  EXPECT_EQ(on_time.errors(), 1) << dump(on_time);
}

// The winner with a knight against a pawn: a helpmate exists (the pawn promotes, blocks its
// own king), so the result stands in any year.
TEST(ValidateRulings, ResignationStandsWhenTheWinnerCanMate) {
  const auto r = check(tags("2024.02.02", "0-1") +
                       "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/3n4/8/6P1/4K3 b - - 0 1\"]\n\n"
                       "1... Kd7 2. Kf2 0-1\n");
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.warnings(), 0) << dump(r);
}

// A winner that cannot mate, where the search also cannot say whether the loser can (budget):
// the resignation rule still applies; an answer the budget cannot settle is reported, never
// taken for "can mate".
TEST(ValidateRulings, UndeterminedIsReported) {
  adjudication::ValidateOptions o;
  o.node_budget = 1;
  // Black: K+B+N against a bare king, no quick mate on the board.
  const auto r = check(tags("2024.02.02", "0-1") +
                           "[SetUp \"1\"]\n[FEN \"8/8/3k4/8/3bn3/8/8/4K3 b - - 0 1\"]\n\n"
                           "1... Kd5 2. Kd1 0-1\n",
                       o);
  EXPECT_EQ(count(r, "unwinnability-undetermined", 2), 1) << dump(r);
}

}  // namespace
