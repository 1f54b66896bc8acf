// King and two knights against a bare king (adjudication/src/unwinnable/two_knights.h): the
// validator decides these by rule (proved exhaustively by bench/two_knights_retrograde.cpp),
// not by a search that may run out of its budget. The rule's answers are checked against the
// solver's (a mate replayed from a witness, or a proof) and against the Laws on typed games.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/adjudication/validate.h"
#include "validate_helpers.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;
using validate_test::count;
using validate_test::dump;

std::string game(const std::string& fen, const std::string& moves, const std::string& result) {
  return "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
         "[Black \"B\"]\n[Result \"" +
         result + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " " + result + "\n";
}

// A budget of one node: whatever is settled is settled without a search.
adjudication::ValidateOptions no_budget() {
  adjudication::ValidateOptions o;
  o.node_budget = 1;
  return o;
}

// Drawn with K+N+N against K on the board: not dead (Laws 5.2.2: the knights can mate with the
// bare king's help), so the draw was agreed in a live position and nothing is wrong. The old
// validator searched and, out of budget, reported the question as undetermined.
TEST(ValidateTwoKnights, DrawnWithTwoKnightsIsNotDead) {
  const auto r = validate_test::validate_one(
      game("8/4N3/4k3/8/8/8/8/4N2K b - - 0 1", "1... Kf6 2. Kg2", "1/2-1/2"), no_budget());
  EXPECT_EQ(count(r, "unwinnability-undetermined"), 0) << dump(r);
  EXPECT_EQ(r.errors() + r.warnings(), 0) << dump(r);
  EXPECT_NE(r.ending, "dead position");
}

// Won by the knights' side (a resignation, 2024): the winner can mate, the result stands (Laws
// 5.1.2), whoever is to move.
TEST(ValidateTwoKnights, ResignationAgainstTwoKnightsStands) {
  for (const char* fen : {"8/4N3/4k3/8/8/8/8/4N2K b - - 0 1", "8/8/8/3k4/8/8/1N6/KN6 w - - 0 1"}) {
    const auto r = validate_test::validate_one(game(fen, "", "1-0"), no_budget());
    EXPECT_EQ(r.errors() + r.warnings(), 0) << fen << "\n" << dump(r);
  }
}

// The bare king to move whose every legal move takes a knight (Kxb7: a7 and b8 are guarded by
// the c6 knight): king and knight remain, which cannot mate, so the position is dead (Laws
// 5.2.2) and a decisive result there is wrong. The rule must not call it alive.
TEST(ValidateTwoKnights, OnlyMoveTakesAKnightIsDead) {
  const auto r =
      validate_test::validate_one(game("k7/1N6/2N5/8/8/8/8/7K b - - 0 1", "", "1-0"), no_budget());
  EXPECT_EQ(count(r, "decisive-result-in-dead-position"), 1) << dump(r);
}

// Random legal positions of this material: wherever the solver settles whether the knights'
// side can mate (with a witness replayed to mate, or a proof), the validator without a search
// budget gives the same answer: no issue for a resignation exactly when the winner can mate.
TEST(ValidateTwoKnights, AgreesWithTheSolver) {
  std::mt19937 rng(2024);
  adjudication::Solver solver;
  int compared = 0;
  for (int tries = 0; compared < 8 && tries < 1000; ++tries) {
    char board[64] = {};
    for (const char piece : {'K', 'N', 'N', 'k'}) {
      int s;
      do s = int(rng() % 64);
      while (board[s]);
      board[s] = piece;
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        const char c = board[rank * 8 + file];
        if (!c) {
          ++empty;
          continue;
        }
        if (empty) fen += char('0' + empty), empty = 0;
        fen += c;
      }
      if (empty) fen += char('0' + empty);
      if (rank) fen += '/';
    }
    fen += rng() % 2 ? " w - - 0 1" : " b - - 0 1";
    const auto pos = Position::from_fen(fen);
    if (!pos || pos->count_legal_moves() == 0) continue;  // illegal, or the game is over
    const auto w = solver.can_checkmate(*pos, WHITE, 300000);
    if (w.verdict == adjudication::Verdict::Undetermined) continue;
    if (w.verdict == adjudication::Verdict::Winnable) {
      ASSERT_TRUE(adjudication::replays_to_mate(*pos, w.witness, WHITE)) << fen;
    }
    const auto r = validate_test::validate_one(game(fen, "", "1-0"), no_budget());
    const bool stands = r.errors() + r.warnings() == 0;
    EXPECT_EQ(stands, w.verdict == adjudication::Verdict::Winnable) << fen << "\n" << dump(r);
    ++compared;
  }
  EXPECT_EQ(compared, 8);
}

}  // namespace
