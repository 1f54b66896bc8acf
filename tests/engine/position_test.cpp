// Position rules: Chess960 castling cases (Guidelines II.3, chess960.md section 5), castling
// rights (Art. 3.8.2), en passant legality and repetition keys (Art. 9.2.2 / 9.2.3).
#include "arbiter/engine/position.h"

#include <gtest/gtest.h>

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"

using namespace arbiter;

namespace {
Position pos(const char* fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen << (p.ok() ? "" : p.error().message());
  return *p;
}
Position play(Position p, std::initializer_list<const char*> sans) {
  for (const char* s : sans) {
    auto m = parse_san(p, s);
    EXPECT_TRUE(m.ok()) << s << ": " << (m.ok() ? "" : m.error().message());
    if (!m.ok()) break;
    p.play(*m);
  }
  return p;
}
bool has(const Position& p, Move m) { return p.legal_moves().contains(m); }
}  // namespace

TEST(Castling960, RookOnlyMoveWithKingAlreadyOnG) {
  Position p = pos("6k1/8/8/8/8/8/8/6KR w H - 0 1");
  Move oo = Move::castling(SQ_G1, SQ_H1);
  ASSERT_TRUE(has(p, oo));
  Position a = p.after(oo);
  EXPECT_EQ(a.piece_on(SQ_G1), W_KING);
  EXPECT_EQ(a.piece_on(SQ_F1), W_ROOK);
  EXPECT_EQ(a.piece_on(SQ_H1), NO_PIECE);
  EXPECT_FALSE(a.has_castling_rights(WHITE));
}

TEST(Castling960, KingRookTransposition) {
  // King f1, rook g1: O-O swaps them (king to g1, rook to f1).
  Position p = pos("5k2/8/8/8/8/8/8/5KR1 w G - 0 1");
  Position a = p.after(Move::castling(SQ_F1, SQ_G1));
  EXPECT_EQ(a.piece_on(SQ_G1), W_KING);
  EXPECT_EQ(a.piece_on(SQ_F1), W_ROOK);
}

TEST(Castling960, RookOnBWithKingOnCIsRookOnly) {
  Position p = pos("2k5/8/8/8/8/8/8/1RK5 w B - 0 1");
  Move ooo = Move::castling(SQ_C1, SQ_B1);
  ASSERT_TRUE(has(p, ooo));
  Position a = p.after(ooo);
  EXPECT_EQ(a.piece_on(SQ_C1), W_KING);
  EXPECT_EQ(a.piece_on(SQ_D1), W_ROOK);
  // The rook on b1 shields the king from a queen on a1: castling would expose it.
  Position q = pos("2k5/8/8/8/8/8/8/qRK5 w B - 0 1");
  EXPECT_FALSE(has(q, Move::castling(SQ_C1, SQ_B1)));
}

TEST(Castling960, SquaresMustBeEmptyExceptKingAndRook) {
  // King b1, rook a1: c-side needs c1 (king's final square) and d1 (rook's) empty.
  EXPECT_TRUE(has(pos("1k6/8/8/8/8/8/8/RK6 w A - 0 1"), Move::castling(SQ_B1, SQ_A1)));
  EXPECT_FALSE(has(pos("1k6/8/8/8/8/8/8/RK1N4 w A - 0 1"), Move::castling(SQ_B1, SQ_A1)));
  EXPECT_FALSE(has(pos("1k6/8/8/8/8/8/8/RKN5 w A - 0 1"), Move::castling(SQ_B1, SQ_A1)));
  // Standard chess: b1 must be empty for O-O-O (it lies between rook and its final square).
  EXPECT_FALSE(has(pos("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"), Move::castling(SQ_E1, SQ_A1)));
  // In 960 a piece on a square neither piece crosses does not matter: king d1, rook h1,
  // g-side: king d1->g1 crosses e1,f1; rook h1->f1; a knight on a1/b1 is irrelevant.
  EXPECT_TRUE(has(pos("3k4/8/8/8/8/8/8/NN1K3R w H - 0 1"), Move::castling(SQ_D1, SQ_H1)));
}

TEST(Castling960, KingPathMustNotBeAttackedButRookPathMay) {
  // King b1 -> g1 with rook h1; a black rook on e8 attacks e1 on the king's path.
  EXPECT_FALSE(has(pos("4r1k1/8/8/8/8/8/8/1K5R w H - 0 1"), Move::castling(SQ_B1, SQ_H1)));
  // King f1 rook a1, c-side: rook passes b1 (attacked by the black rook on b8): allowed.
  EXPECT_TRUE(has(pos("1r4k1/8/8/8/8/8/8/R4K2 w A - 0 1"), Move::castling(SQ_F1, SQ_A1)));
  // Not out of check.
  EXPECT_FALSE(has(pos("5rk1/8/8/8/8/8/8/R4K2 w A - 0 1"), Move::castling(SQ_F1, SQ_A1)));
}

TEST(CastlingRights, LostByMovingOrLosingTheRook) {
  Position p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Position a = play(p, {"Rxa8+"});
  EXPECT_EQ(a.castling_rook(WHITE, QUEEN_SIDE), SQ_NONE);  // the rook moved
  EXPECT_EQ(a.castling_rook(BLACK, QUEEN_SIDE), SQ_NONE);  // the rook was captured
  EXPECT_EQ(a.castling_rook(WHITE, KING_SIDE), SQ_H1);
  Position k = play(p, {"Kd2"});
  EXPECT_FALSE(k.has_castling_rights(WHITE));
  EXPECT_EQ(k.fen(), "r3k2r/8/8/8/8/8/3K4/R6R b kq - 1 1");
}

TEST(EnPassant, LegalOnlyWhenItDoesNotExposeTheKing) {
  // The classic horizontal pin: capturing exd6 ep removes both pawns from rank 5.
  Position p = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  EXPECT_FALSE(has(p, Move::en_passant(SQ_E5, SQ_D6)));
  EXPECT_EQ(p.ep_square(), SQ_D6);
  EXPECT_EQ(p.legal_ep_square(), SQ_NONE);
  // Capturing the checking pawn en passant is a legal evasion.
  Position c = pos("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1");
  EXPECT_TRUE(has(c, Move::en_passant(SQ_E5, SQ_D6)));
}

// Laws A.5.2: an illegal move nobody claimed stands. play_standing plays one that leaves the
// mover's king in check (Art. 3.9 broken, every other invariant kept), as the validator's
// unsupervised regimes need; play() is for legal moves only.
TEST(Position, AStandingMoveMayLeaveTheKingInCheck) {
  // The bishop on e2 is pinned by the rook on e8 against the king on e1.
  Position p = pos("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
  const Move exposing = Move::normal(SQ_E2, SQ_D3);
  ASSERT_FALSE(p.is_legal(exposing));
  p.play_standing(exposing);
  EXPECT_EQ(p.side_to_move(), BLACK);
  EXPECT_EQ(p.piece_on(SQ_D3), W_BISHOP);
  EXPECT_FALSE(p.is_consistent());  // the side not to move is in check
  EXPECT_TRUE(p.is_consistent(Position::LastMove::MayExposeKing));
  // A legal move played either way gives the same position.
  Position a = pos("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"), b = a;
  a.play(Move::normal(SQ_E1, SQ_D2));
  b.play_standing(Move::normal(SQ_E1, SQ_D2));
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(b.is_consistent());
}

TEST(Repetition, EnPassantCountsOnlyWhenLegal) {
  // Art. 9.2.2.1: after 1.e4 no black pawn can capture en passant, so the position equals the
  // one with no ep square; after a double step next to an enemy pawn it differs.
  Position a = play(Position::standard(), {"e4"});
  Position b = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(a.ep_square(), SQ_E3);
  EXPECT_EQ(a.repetition_key(), b.repetition_key());
  Position c = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  Position d = pos("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
  EXPECT_NE(c.repetition_key(), d.repetition_key());
  // Castling rights count (9.2.2.2): a king that moved there and back differs.
  Position s = Position::standard();
  Position back = play(s, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(back.repetition_key(), s.repetition_key());
  Position kmove = play(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), {"Kf1", "Kf8", "Ke1", "Ke8"});
  EXPECT_NE(kmove.repetition_key(), pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").repetition_key());
  EXPECT_EQ(kmove.repetition_key(), pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3").repetition_key());
}

TEST(Keys, IncrementalKeyMatchesFreshPosition) {
  // Pseudo-random games from several 960 start positions: the incrementally updated key and
  // board equal those of a position rebuilt from scratch after every move.
  std::uint64_t rng = 12345;
  for (int sp : {0, 518, 959, 281, 700}) {
    Position p = chess960::start_position(sp);
    for (int ply = 0; ply < 120; ++ply) {
      MoveList ml = p.legal_moves();
      if (ml.empty()) break;
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      p.play(ml[(rng >> 33) % ml.size()]);
      Position fresh = *Position::from_setup(p.to_setup(), true);
      ASSERT_EQ(p.key(), fresh.key()) << p.fen();
      ASSERT_EQ(p, fresh) << p.fen();
    }
  }
}

TEST(Position, CheckersPinsAndMoveQueries) {
  Position p = pos("4k3/8/8/8/1b6/8/3N4/4K2r w - - 0 1");
  EXPECT_TRUE(p.in_check());
  EXPECT_EQ(p.checkers(), square_bb(SQ_H1));
  EXPECT_EQ(p.pinned(WHITE), square_bb(SQ_D2));
  Position q = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_TRUE(q.gives_check(Move(SQ_A1, SQ_A8)));
  EXPECT_FALSE(q.gives_check(Move(SQ_A1, SQ_A7)));
  EXPECT_TRUE(q.is_legal(Move::castling(SQ_E1, SQ_A1)));
  EXPECT_FALSE(q.is_legal(Move(SQ_A1, SQ_B2)));
  EXPECT_FALSE(q.is_legal(Move(0xFFFF)));
}

// has_legal_moves stops at the first kind of move it finds; it must agree with the full count
// (itself checked against the perft suites) on mates, stalemates, positions where only a pinned
// piece, an en passant capture, a promotion or castling can move, and along random games.
TEST(Position, HasLegalMovesAgreesWithTheCount) {
  for (const char* fen : {
           "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",        // stalemate
           "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",        // checkmate
           "k7/P7/1K6/8/8/8/8/8 b - - 0 1",         // stalemate by a pawn
           "8/8/8/2k5/3Pp3/8/8/K3R3 b - d3 0 1",    // only the en passant capture... or not
           "8/8/8/8/k2Pp2Q/8/8/K7 b - d3 0 1",      // en passant would expose the king
           "4k3/4r3/8/8/8/8/8/4RK2 b - - 0 1",      // a pinned rook moves along the pin
           "1k6/1P6/1K6/8/8/8/6p1/8 b - - 0 1",     // only the pawn, promoting
           "8/8/8/8/8/8/5p1p/4k2K w - - 0 1",       // nothing
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  // castling among others
       }) {
    const Position p = pos(fen);
    EXPECT_EQ(p.has_legal_moves(), p.count_legal_moves() > 0) << fen;
  }
  std::uint64_t seed = 12345;
  for (int game = 0; game < 200; ++game) {
    Position p = Position::standard();
    for (int ply = 0; ply < 300; ++ply) {
      const MoveList moves = p.legal_moves();
      ASSERT_EQ(p.has_legal_moves(), !moves.empty()) << p.fen();
      if (moves.empty()) break;
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      p.play(moves[(seed >> 33) % moves.size()]);
    }
  }
}
