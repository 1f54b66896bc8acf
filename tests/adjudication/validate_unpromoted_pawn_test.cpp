// Laws A.5.4 (with A.5.2) on games typed for the purpose: under A.5 (rapid or blitz without
// adequate supervision) a pawn moved to its last rank without a promotion piece stands, stays
// there unable to move and attacking nothing, and if it is still on the board after the
// opponent's next move the game is drawn; a capture of it lets the game go on. Under the
// Competition Rules in full (standard, A.4, B.2) the move is an error (Art. 3.7.5.1, 7.5).
#include <gtest/gtest.h>

#include <string>

#include "arbiter/adjudication/regime.h"
#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;
using adjudication::Regime;

const std::string kTags =
    "[Event \"Blitz\"]\n[Site \"Here\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n[TimeControl \"180+2\"]\n[SetUp \"1\"]\n";

GameReport check(const std::string& fen, const std::string& result, const std::string& moves,
                 std::optional<Regime> regime = Regime::BlitzUnsupervised, bool final_fen = false) {
  auto games = pgn::read_all(kTags + "[FEN \"" + fen + "\"]\n[Result \"" + result + "\"]\n\n" +
                             moves + " " + result + "\n");
  EXPECT_EQ(games.size(), 1u);
  adjudication::ValidateOptions o;
  o.regime = regime;
  o.final_fen = final_fen;
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

// White's e-pawn goes to e8 unpromoted; Black's king on e6.
const std::string kKingBeside = "8/4P3/4k3/8/8/8/8/7K w - - 0 1";

// 1. e8 stands (A.5.2); 1... Kd6 leaves the pawn on e8: drawn at ply 2 (A.5.4); 2. Kg2 was
// played after the end.
TEST(UnpromotedPawn, StillOnTheBoardAfterTheNextMoveIsADraw) {
  const auto r = check(kKingBeside, "1/2-1/2", "1. e8 Kd6 2. Kg2");
  EXPECT_EQ(count(r, "illegal-move-stands", 1), 1) << dump(r);
  EXPECT_EQ(count(r, "moves-after-illegal-position", 3), 1) << dump(r);
  EXPECT_NE(dump(r).find("the white pawn on e8, its last rank, since ply 1"), std::string::npos)
      << dump(r);
  EXPECT_EQ(r.errors(), 1) << dump(r);
  EXPECT_EQ(r.ending, "illegal position (A.5.4)") << dump(r);
  // The final position is written with the pawn on e8 (after 1... Kd6; 2. Kg2 is after the end).
  const auto f = check(kKingBeside, "1/2-1/2", "1. e8 Kd6 2. Kg2", Regime::BlitzUnsupervised, true);
  EXPECT_EQ(f.final_fen, "4P3/8/3k4/8/8/8/8/7K w - - 1 2");
}

// The same game won by White: the result contradicts the draw at ply 2. The UCI record (e7e8)
// and a check-like suffix are read the same way.
TEST(UnpromotedPawn, DecisiveResultAfterTheDrawIsAnError) {
  for (const char* moves : {"1. e8 Kd6", "1. e7e8 e6d6", "1. e8+ Kd6"}) {
    const auto r = check(kKingBeside, "1-0", moves);
    EXPECT_EQ(count(r, "illegal-move-stands", 1), 1) << moves << "\n" << dump(r);
    EXPECT_EQ(count(r, "decisive-result-after-draw", 2), 1) << moves << "\n" << dump(r);
    EXPECT_EQ(r.plies, 2) << moves;
  }
}

// The pawn attacks nothing and cannot move, but blocks: every reply of the lone king is judged
// with the pawn on e8. With the rook on a5 holding the fifth rank, the king on e6 has exactly
// the five squares d6, f6, d7, e7, f7 (counted by hand: d6 and f6 are squares a knight on e8
// would attack, d7 and f7 ones a bishop would). d5, e5 and f5 are illegal.
TEST(UnpromotedPawn, EveryReplyIsJudgedWithTheInertPawn) {
  const std::string fen = "8/4P3/4k3/R7/8/8/8/7K w - - 0 1";
  for (const char* reply : {"Kd6", "Kf6", "Kd7", "Ke7", "Kf7"}) {
    const auto r = check(fen, "1/2-1/2", std::string("1. e8 ") + reply);
    EXPECT_EQ(r.errors(), 0) << reply << "\n" << dump(r);
    EXPECT_EQ(r.plies, 2) << reply;
    EXPECT_EQ(r.ending, "illegal position (A.5.4)") << reply;
  }
  for (const char* reply : {"Kd5", "Ke5", "Kf5"}) {
    const auto r = check(fen, "1/2-1/2", std::string("1. e8 ") + reply);
    EXPECT_EQ(count(r, "illegal-move", 2), 1) << reply << "\n" << dump(r);
  }
}

// The pawn gives no check: with the king on g7 (a square a knight on e8 attacks) Black may move
// its rook; the game is then drawn.
TEST(UnpromotedPawn, ThePawnGivesNoCheck) {
  const auto r = check("8/4P1k1/8/8/8/8/r7/7K w - - 0 1", "1/2-1/2", "1. e8 Ra3");
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.ending, "illegal position (A.5.4)") << dump(r);
}

// 1... Kxe8 captures the pawn: an ordinary position again, and the game goes on to its end.
TEST(UnpromotedPawn, CaptureOfThePawnLetsTheGameGoOn) {
  const auto r = check("8/4Pk2/8/8/8/8/8/R6K w - - 0 1", "1-0", "1. e8 Kxe8 2. Ra8+ Kd7 3. Ra7+");
  EXPECT_EQ(count(r, "illegal-move-stands", 1), 1) << dump(r);
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.plies, 5);
  EXPECT_EQ(r.ending, "");
}

// Black's pawn to a1 (a capture, written exb1 in a position of Black's) behaves the same.
TEST(UnpromotedPawn, BlackPawnCapturingOntoItsLastRank) {
  const auto r = check("4k3/8/8/8/8/8/4p3/3NK3 b - - 0 1", "1/2-1/2", "1... exd1 2. Kf2");
  EXPECT_EQ(count(r, "illegal-move-stands", 1), 1) << dump(r);
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.ending, "illegal position (A.5.4)") << dump(r);
  const auto lost = check("4k3/8/8/8/8/8/4p3/3NK3 b - - 0 1", "0-1", "1... exd1 2. Kf2");
  EXPECT_NE(dump(lost).find("the black pawn on d1"), std::string::npos) << dump(lost);
}

// With the Competition Rules in full the move is illegal (Art. 3.7.5.1): an error.
TEST(UnpromotedPawn, SupervisedItIsAnError) {
  for (Regime regime : {Regime::Standard, Regime::Rapid, Regime::Blitz}) {
    const auto r = check(kKingBeside, "1/2-1/2", "1. e8 Kd6", regime);
    // (SAN reads "e8" as a promotion with its piece missing: ambiguous between four moves.)
    EXPECT_EQ(count(r, "ambiguous-move", 1), 1) << dump(r);
    EXPECT_EQ(count(r, "illegal-move-stands"), 0) << dump(r);
    EXPECT_EQ(r.plies, 0) << dump(r);
  }
}

}  // namespace
