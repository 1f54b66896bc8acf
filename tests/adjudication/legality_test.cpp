// Legality reports (Laws A.5.4 and reachability), the A.5.1.2 castling helper, flag rulings
// (6.9 / A.5.3) and their CLI contracts.
#include "arbiter/adjudication/legality.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "arbiter/adjudication/claims.h"
#include "arbiter/engine/chess960.h"
#include "test_support.h"

namespace adj = arbiter::adjudication;

namespace {
adj::LegalityReport legality(const std::string& fen, bool c960 = false) {
  return adj::check_legality(arbiter::parse_fen(fen, arbiter::FenMode::Epd).value(), c960);
}
bool has(const adj::LegalityReport& r, const std::string& code) {
  return std::any_of(r.issues.begin(), r.issues.end(),
                     [&](const auto& i) { return i.code == code; });
}
}  // namespace

TEST(Legality, StartPositionIsLegal) {
  auto r = legality("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_TRUE(r.possible());
  EXPECT_TRUE(r.issues.empty());
}

TEST(Legality, A54Cases) {
  auto pawn = legality("4k2P/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(pawn.status, adj::LegalityStatus::IllegalA54);
  EXPECT_TRUE(has(pawn, "pawn-on-last-rank"));
  auto both_check = legality("4k2R/8/8/8/8/8/8/4K2r w - - 0 1");
  EXPECT_EQ(both_check.status, adj::LegalityStatus::IllegalA54);
  EXPECT_TRUE(has(both_check, "both-kings-in-check"));
}

TEST(Legality, NotReachable) {
  EXPECT_EQ(legality("4k3/8/8/8/8/8/8/8 w - - 0 1").status, adj::LegalityStatus::NotReachable);
  EXPECT_TRUE(has(legality("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"), "pawn-on-first-rank"));
  EXPECT_FALSE(has(legality("4k2R/8/8/8/8/8/8/4K3 b - - 0 1"), "side-not-to-move-in-check"));
  EXPECT_TRUE(has(legality("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"), "side-not-to-move-in-check"));
  EXPECT_TRUE(has(legality("4k3/8/8/8/8/8/PPPPPPPP/QQQQK3 w - - 0 1"), "too-many-promotions"));
  // Nine queens are fine with no pawns left (8 promotions)...
  EXPECT_FALSE(has(legality("4k3/8/8/8/8/8/QQQQQQQQ/Q3K3 w - - 0 1"), "too-many-promotions"));
  // ...but three light-squared bishops with eight pawns are not.
  EXPECT_TRUE(has(legality("4k3/8/8/8/8/8/PPPPPPPP/1B1BKB2 w - - 0 1"), "too-many-promotions"));
  // Three checkers; a double check by two knights; a pawn checking from its start square.
  EXPECT_TRUE(has(legality("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"), "impossible-check"));
  EXPECT_TRUE(has(legality("8/8/8/8/8/4k3/3P4/4K3 b - - 0 1"), "impossible-check"));
  EXPECT_FALSE(has(legality("8/8/8/8/4k3/3P4/8/4K3 b - - 0 1"), "impossible-check"));
  EXPECT_TRUE(has(legality("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"), "bad-en-passant"));
  EXPECT_TRUE(has(legality("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1"), "castling-rights"));
  EXPECT_FALSE(has(legality("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", true), "castling-rights"));
}

TEST(Legality, A512Castling) {
  const auto intended = arbiter::chess960::start_setup(518);
  auto actual = intended;
  std::swap(actual.board[arbiter::SQ_H1], actual.board[arbiter::SQ_G1]);  // white rook on g1
  auto r = adj::castling_after_wrong_setup(intended, actual);
  EXPECT_FALSE(r.side[arbiter::WHITE].allowed[arbiter::KING_SIDE]);
  EXPECT_TRUE(r.side[arbiter::WHITE].allowed[arbiter::QUEEN_SIDE]);
  EXPECT_TRUE(r.side[arbiter::BLACK].allowed[arbiter::KING_SIDE]);
  auto king = intended;
  std::swap(king.board[arbiter::SQ_E8], king.board[arbiter::SQ_D8]);
  auto rk = adj::castling_after_wrong_setup(intended, king);
  EXPECT_TRUE(rk.side[arbiter::BLACK].king_misplaced);
  EXPECT_FALSE(rk.side[arbiter::BLACK].allowed[0]);
  EXPECT_FALSE(rk.side[arbiter::BLACK].allowed[1]);
}

TEST(FlagFall, Rulings) {
  using arbiter::Position;
  auto lone = Position::from_fen("8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1").value();
  EXPECT_EQ(adj::rule_flag_fall(lone, arbiter::WHITE).result, "1/2-1/2");  // Black: bare king
  auto lost = adj::rule_flag_fall(lone, arbiter::BLACK);
  EXPECT_EQ(lost.result, "1-0");
  EXPECT_EQ(lost.rule, "6.9");
  EXPECT_FALSE(lost.claimant.witness.empty());
  EXPECT_EQ(adj::rule_flag_fall(lone, arbiter::BLACK, adj::FlagRegime::A53).rule, "A.5.3");
  auto dead = Position::from_fen("8/8/4k3/2b5/8/3K4/3B4/8 w - - 0 1").value();
  EXPECT_EQ(adj::rule_flag_fall(dead, arbiter::WHITE).rule, "5.2.2");
}

TEST(Cli, StatusAndClaim) {
  auto s = arbiter::test::run_arbiter("status '4k2P/8/8/8/8/8/8/4K3 w - - 0 1'");
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_NE(s.out.find("illegal (A.5.4)"), std::string::npos) << s.out;
  auto ok = arbiter::test::run_arbiter("status '8/8/4k3/2b5/8/3K4/3B4/8 w - - 0 1'");
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_NE(ok.out.find("dead position"), std::string::npos) << ok.out;
  auto bad = arbiter::test::run_arbiter("status 'xyz'");
  EXPECT_EQ(bad.exit_code, 2);
  auto c = arbiter::test::run_arbiter(
      "claim flag --fen '8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1' --flagged black");
  EXPECT_EQ(c.exit_code, 0);
  EXPECT_NE(c.out.find("ruling: 1-0"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("witness: "), std::string::npos) << c.out;
  auto d = arbiter::test::run_arbiter(
      "claim flag --fen '8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1' --flagged white --json");
  EXPECT_NE(d.out.find("\"result\":\"1/2-1/2\""), std::string::npos) << d.out;
  auto e = arbiter::test::run_arbiter(
      "claim flag --fen '8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1' --flagged purple");
  EXPECT_EQ(e.exit_code, 2);
}
