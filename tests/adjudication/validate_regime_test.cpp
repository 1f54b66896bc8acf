// The rapid and blitz regimes of the Laws (Appendix A / B) on games typed for the purpose: under
// A.5 (no adequate supervision) an illegal move nobody claimed stands (A.5.2), castling with a
// wrongly placed king or rook is not allowed once 10 moves are played (A.5.1.2), and both kings
// in check after the next move is a draw (A.5.4); with the Competition Rules in full (A.4, B.2,
// standard play) the same moves are errors as in Article 7.
#include <gtest/gtest.h>

#include <string>

#include "arbiter/adjudication/regime.h"
#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "validate_helpers.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;
using adjudication::Regime;

const std::string kTags =
    "[Event \"Blitz\"]\n[Site \"Here\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n[TimeControl \"180+2\"]\n";

GameReport check(const std::string& text, std::optional<Regime> regime = std::nullopt) {
  adjudication::ValidateOptions o;
  o.regime = regime;
  return validate_test::validate_one(text, o);
}

using validate_test::count;
using validate_test::dump;

TEST(Regime, NamesAndTimeClasses) {
  for (Regime r : {Regime::Standard, Regime::Rapid, Regime::Blitz, Regime::RapidUnsupervised,
                   Regime::BlitzUnsupervised})
    EXPECT_EQ(adjudication::parse_regime(adjudication::regime_name(r)), r);
  EXPECT_FALSE(adjudication::parse_regime("bullet"));
  EXPECT_EQ(adjudication::supervised_regime(pgn::TimeClass::Blitz), Regime::Blitz);
  EXPECT_FALSE(adjudication::unsupervised(Regime::Rapid));
  EXPECT_TRUE(adjudication::unsupervised(Regime::BlitzUnsupervised));
}

// 2... Nf6 leaves Black's king in check from the bishop on b5 (Art. 3.9): under A.5 it stands,
// White does not take the king, and Black's 3... c6 blocks the check; the game is replayed to
// the end. Supervised (the default for a 3+2 game is blitz with B.2 supervision), an error.
const std::string kIgnoredCheck = "1. e4 d6 2. Bb5+ Nf6 3. Nc3 c6 4. Ba4 e5 *\n";

TEST(Regime, IllegalMoveLeavingTheKingInCheckStandsUnsupervised) {
  const auto r = check(kTags + "[Result \"*\"]\n\n" + kIgnoredCheck, Regime::BlitzUnsupervised);
  EXPECT_EQ(count(r, "illegal-move-stands", 4), 1) << dump(r);
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.plies, 8);
  for (std::optional<Regime> supervised :
       {std::optional<Regime>{}, std::optional<Regime>{Regime::Blitz},
        std::optional<Regime>{Regime::Standard}}) {
    const auto s = check(kTags + "[Result \"*\"]\n\n" + kIgnoredCheck, supervised);
    EXPECT_EQ(count(s, "illegal-move", 4), 1) << dump(s);
    EXPECT_EQ(s.plies, 3);
  }
}

// Castling through a square the bishop on c4 attacks (Art. 3.8.2.2): stands under A.5.
TEST(Regime, IllegalCastlingStandsUnsupervised) {
  const std::string game =
      "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/2b5/8/8/4K2R w K - 0 1\"]\n\n"
      "1. O-O Kd7 2. Rd1+ Kc6 *\n";
  const auto r = check(kTags + game, Regime::RapidUnsupervised);
  EXPECT_EQ(count(r, "illegal-move-stands", 1), 1) << dump(r);
  EXPECT_EQ(r.errors(), 0) << dump(r);
  EXPECT_EQ(r.plies, 4);
  const auto s = check(kTags + game);
  EXPECT_EQ(count(s, "illegal-move", 1), 1) << dump(s);
}

// A king that moves two squares is not a king's move at all: it cannot be interpreted, and
// stays an error under A.5 too.
TEST(Regime, MoveThatCannotBeInterpretedStaysAnError) {
  const auto r =
      check(kTags + "[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nf6 *\n", Regime::BlitzUnsupervised);
  EXPECT_EQ(count(r, "illegal-move", 3), 1) << dump(r);
  EXPECT_EQ(count(r, "illegal-move-stands"), 0) << dump(r);
}

// Laws A.5.4: 1. Qb3+ leaves White's king in check from the rook on e8 and checks Black's king;
// 1... a6 leaves both kings in check after the next move: drawn at ply 2. The 1-0 and the move
// after it are errors.
TEST(Regime, BothKingsInCheckAfterTheNextMoveIsADraw) {
  const std::string game =
      "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"4r1k1/p7/8/8/8/8/8/1Q2K3 w - - 0 1\"]\n\n"
      "1. Qb3+ a6 2. Kd2 Kh8 1-0\n";
  const auto r = check(kTags + game, Regime::BlitzUnsupervised);
  EXPECT_EQ(count(r, "illegal-move-stands", 1), 1) << dump(r);
  EXPECT_EQ(count(r, "illegal-move-stands", 2), 1) << dump(r);
  EXPECT_EQ(count(r, "moves-after-illegal-position", 3), 1) << dump(r);
  EXPECT_EQ(count(r, "decisive-result-after-draw", 2), 1) << dump(r);
  EXPECT_EQ(r.ending, "illegal position (A.5.4)");
}

// Laws A.5.1.2: a Chess960 game set up with White's king and queen swapped against Black's
// array (the arrays do not mirror: one king is wrongly placed). After 10 moves by each player
// castling with either king is not allowed; unclaimed, it stands (A.5.2). Supervised, the
// castling is legal by the position's rights.
TEST(Regime, CastlingAfterTenMovesFromAWrongSetUp) {
  const std::string game =
      "[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1\"]\n\n"
      "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. Nc3 Nc6 5. d3 d6 6. Be3 Be6 7. Qd2 Qd7 8. a3 a6 "
      "9. h3 h6 10. b3 b6 11. O-O O-O *\n";
  const auto r = check(kTags + game, Regime::BlitzUnsupervised);
  EXPECT_EQ(count(r, "illegal-move-stands", 21), 1) << dump(r);
  EXPECT_EQ(count(r, "illegal-move-stands", 22), 1) << dump(r);
  EXPECT_EQ(r.plies, 22);
  const auto s = check(kTags + game);
  EXPECT_EQ(count(s, "illegal-move-stands"), 0) << dump(s);
  EXPECT_EQ(s.plies, 22);
}

}  // namespace
