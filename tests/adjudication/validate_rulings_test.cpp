// Rulings of issue 18 on games typed for the purpose, each answer taken from the Laws:
// dead positions reached through forced play (5.2.2), the 2023 resignation rule (5.1.2) next
// to the loss on time (6.9), and an answer the search budget cannot settle.
#include <gtest/gtest.h>

#include <string>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;

std::string tags(const std::string& date, const std::string& result) {
  return "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"" + date +
         "\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n";
}

GameReport check(const std::string& text, const adjudication::ValidateOptions& o = {}) {
  auto games = pgn::read_all(text);
  EXPECT_EQ(games.size(), 1u);
  return adjudication::validate_game(games.at(0), o);
}

int count(const GameReport& r, std::string_view code, int ply = -1) {
  int n = 0;
  for (auto& i : r.issues) n += i.code == code && (ply < 0 || i.ply == ply);
  return n;
}

std::string dump(const GameReport& r) {
  std::string s;
  for (auto& i : r.issues) s += i.code + " ply " + std::to_string(i.ply) + ": " + i.message + "\n";
  return s;
}

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
  // A drawn game: the moves after the lock are found too (the final position of every game is
  // searched by default).
  const auto d = check(tags("2024.03.01", "1/2-1/2") + kLockingPawnMove + "1/2-1/2\n");
  EXPECT_EQ(count(d, "moves-after-dead-position", 2), 1) << dump(d);
  EXPECT_EQ(d.errors(), 1) << dump(d);
}

// The pawns of kLockingPawnMove after the lock (White's all on dark squares, Black's all on
// light squares: no pawn can ever move or capture, no king can cross), with White's queen on
// Black's side of the wall, where it can still mate (say Black's king on a5, Qa7#: its own
// pawns and the protected b4 pawn take the other flight squares). Qc7+ (the king's other
// flight squares covered, a8 taken by Black's own light-squared bishop, which can never leave
// the squares behind its pawns) leaves Black one legal move, Kxc7, after which neither side
// can ever checkmate: the position after Qc7+ is dead (Laws 5.2.2). Twenty men on the board:
// more than the forced replies looked at after every move (at most six).
const std::string kQueenMustBeTaken =
    "[SetUp \"1\"]\n[FEN \"bk6/4Q3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/1K6 w - - 0 1\"]\n\n";
// The same with the colours exchanged (the board mirrored): Black's queen must be taken.
const std::string kBlackQueenMustBeTaken =
    "[SetUp \"1\"]\n[FEN \"1k6/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4q3/BK6 b - - 0 1\"]\n\n";

// Laws 5.2.2 and 5.1.2: a resignation recorded in that position (the winner still has its
// queen on the board) comes after the game was drawn. Today's default searched only when the
// winner had no queen, rook or mobile pawn, and found nothing.
TEST(ValidateRulings, ResignationAfterTheQueenMustBeGivenUp) {
  const auto r = check(tags("2024.05.01", "1-0") + "[Termination \"normal\"]\n" +
                       kQueenMustBeTaken + "1. Qc7+ 1-0\n");
  EXPECT_EQ(count(r, "decisive-result-in-dead-position", 1), 1) << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
  EXPECT_EQ(r.ending, "dead position");
}

// Laws 5.2.2 and 6.9: the same for a loss on time, Black's queen the one to be given up.
TEST(ValidateRulings, LossOnTimeAfterTheQueenMustBeGivenUp) {
  const auto r = check(tags("2019.05.01", "0-1") + "[Termination \"time forfeit\"]\n" +
                       kBlackQueenMustBeTaken + "1... Qc2+ 0-1\n");
  EXPECT_EQ(count(r, "decisive-result-in-dead-position", 1), 1) << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
}

// A drawn game that goes on after a position in which the only legal reply is a capture that
// leaves the kings with locked pawns only (Black's king takes the checking queen: Laws 5.2.2,
// the game ended with 1. Qb7+). The move 1... Kxb7 is reported; the draw itself is right.
// Today's default never searched the final position of a drawn game.
TEST(ValidateRulings, MoveAfterTheOnlyReplyTakesTheLastPiece) {
  const std::string game =
      "[SetUp \"1\"]\n[FEN \"k7/4Q3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/1K6 w - - 0 1\"]\n\n"
      "1. Qb7+ Kxb7 2. Kc2 Kc7 ";
  const auto r = check(tags("2024.05.01", "1/2-1/2") + game + "1/2-1/2\n");
  EXPECT_EQ(count(r, "moves-after-dead-position", 2), 1) << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
  EXPECT_EQ(r.ending, "dead position");
  // Unfinished: the same.
  const auto u = check(tags("2024.05.01", "*") + game + "*\n");
  EXPECT_EQ(count(u, "moves-after-dead-position", 2), 1) << dump(u);
  // --no-search (the inexact mode) does not look.
  adjudication::ValidateOptions inexact;
  inexact.dead_position_search = false;
  const auto n = check(tags("2024.05.01", "1/2-1/2") + game + "1/2-1/2\n", inexact);
  EXPECT_EQ(n.errors(), 0) << dump(n);
}

// The queen still on the board and able to mate (one move before Qc7+): nothing to report for
// a resignation, and a drawn game that stops there is not a dead position either.
TEST(ValidateRulings, QueenBehindTheWallCanStillMate) {
  const auto r = check(tags("2024.05.01", "1-0") + kQueenMustBeTaken + "1. Qe6 Ka7 1-0\n");
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.warnings(), 0) << dump(r);
  const auto d = check(tags("2024.05.01", "1/2-1/2") + kQueenMustBeTaken + "1. Qe6 Ka7 1/2-1/2\n");
  EXPECT_EQ(d.errors(), 0) << dump(d);
  EXPECT_EQ(d.warnings(), 0) << dump(d);
}

// Laws 5.2.2 before 9.6.1: after the lock (ply 1) the kings walk to and fro until the position
// after 1. h4 appears for the fifth time (ply 17): the game ended at ply 1, in a dead position,
// not at the fivefold repetition, so the next move is an error.
TEST(ValidateRulings, DeadPositionBeforeAFivefoldRepetition) {
  std::string moves =
      "[SetUp \"1\"]\n[FEN \"1k6/8/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/1K6 w - - 0 1\"]\n\n1. h4";
  for (int n = 2; n <= 9; n += 2)
    moves += " Kc7 " + std::to_string(n) + ". Kc2 Kb8 " + std::to_string(n + 1) + ". Kb1";
  const auto r = check(tags("2024.03.01", "1/2-1/2") + moves + " 1/2-1/2\n");
  EXPECT_EQ(r.plies, 17);
  EXPECT_EQ(count(r, "moves-after-dead-position", 2), 1) << dump(r);
  EXPECT_EQ(count(r, "moves-after-fivefold"), 0) << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
  EXPECT_EQ(r.ending, "dead position");
  // The same game going on after the fivefold repetition: one end, the first.
  const auto on = check(tags("2024.03.01", "1/2-1/2") + moves + " Kc7 1/2-1/2\n");
  EXPECT_EQ(count(on, "moves-after-dead-position", 2), 1) << dump(on);
  EXPECT_EQ(on.errors(), 1) << dump(on);
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
  // The same position in a drawn game: whether it is dead (Laws 5.2.2) is reported as
  // undetermined, never taken for "not dead".
  const auto d = check(tags("2024.02.02", "1/2-1/2") +
                           "[SetUp \"1\"]\n[FEN \"8/8/3k4/8/3bn3/8/8/4K3 b - - 0 1\"]\n\n"
                           "1... Kd5 2. Kd1 1/2-1/2\n",
                       o);
  EXPECT_EQ(count(d, "unwinnability-undetermined", 2), 1) << dump(d);
  EXPECT_EQ(d.errors(), 0) << dump(d);
}

}  // namespace
