// FEN reading and writing: the three castling notations (chess960.md section 2), errors that
// name the field, round trips.
#include <gtest/gtest.h>

#include "arbiter/engine/position.h"
#include "arbiter/engine/setup.h"

using namespace arbiter;

namespace {
const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

FenError fen_error(const char* fen, FenMode mode = FenMode::Strict) {
  auto r = parse_fen(fen, mode);
  EXPECT_FALSE(r.ok()) << fen;
  return r.ok() ? FenError{} : r.error();
}
}  // namespace

TEST(Fen, StartPositionRoundTrip) {
  auto s = parse_fen(kStart);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->board[SQ_E1], W_KING);
  EXPECT_EQ(s->board[SQ_D8], B_QUEEN);
  EXPECT_EQ(s->castling_rooks,
            square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) | square_bb(SQ_H8));
  EXPECT_EQ(to_fen(*s), kStart);
  EXPECT_EQ(to_fen(*s, CastlingNotation::Shredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  EXPECT_EQ(*s, Setup::standard());
}

TEST(Fen, ShredderAndXFenAreTheSameRights) {
  // SP 0: BBQNNRKR, rooks f1/h1 (chess960.md: Shredder HFhf, X-FEN KQkq).
  auto x = parse_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  auto sh = parse_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  auto mixed = parse_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w fhFH - 0 1");
  ASSERT_TRUE(x && sh && mixed);
  EXPECT_EQ(x->castling_rooks, sh->castling_rooks);
  EXPECT_EQ(x->castling_rooks, mixed->castling_rooks);
  EXPECT_EQ(castling_field(*x), "KQkq");
  EXPECT_EQ(castling_field(*x, CastlingNotation::Shredder), "HFhf");
}

TEST(Fen, XFenUsesFileLetterForInnerRook) {
  // King b1, rooks a1 (outer... a-side), e1 and h1 on the h-side: right on the inner e1 rook.
  auto s = parse_fen("4k3/8/8/8/8/8/8/RK2R2R w E - 0 1");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->castling_rooks, square_bb(SQ_E1));
  EXPECT_EQ(castling_field(*s), "E");
  auto k = parse_fen("4k3/8/8/8/8/8/8/RK2R2R w KQ - 0 1");
  ASSERT_TRUE(k.ok());
  EXPECT_EQ(k->castling_rooks, square_bb(SQ_A1) | square_bb(SQ_H1));  // K = outermost h-side rook
  EXPECT_EQ(castling_field(*k), "KQ");
}

TEST(Fen, ErrorsNameTheField) {
  EXPECT_EQ(fen_error("").field, FenField::Placement);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").field,
            FenField::Placement);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").field,
            FenField::Placement);
  EXPECT_EQ(fen_error("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").field,
            FenField::Placement);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").field,
            FenField::SideToMove);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1").field,
            FenField::Castling);
  EXPECT_EQ(fen_error("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").field,
            FenField::Castling);  // 'k' without a rook on the h-side
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1").field,
            FenField::Castling);  // no rook on b1
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1").field,
            FenField::EnPassant);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1").field,
            FenField::Halfmove);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0").field,
            FenField::Fullmove);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").field,
            FenField::Halfmove);
  EXPECT_EQ(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x").field,
            FenField::Extra);
  auto e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1");
  EXPECT_NE(e.message().find("castling"), std::string::npos);
  EXPECT_NE(e.message().find("'z'"), std::string::npos);
}

TEST(Fen, EpdModeNeedsOnlyFourFields) {
  auto s = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", FenMode::Epd);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->halfmove_clock, 0);
  EXPECT_EQ(s->fullmove_number, 1);
}

TEST(Fen, RawSetupKeepsIllegalBoards) {
  // Two white kings, black in check with white to move, pawn on rank 8: a Setup still reads it.
  auto s = parse_fen("P3k2K/8/8/8/8/8/8/K3R3 w - - 0 1");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(popcount(s->pieces(WHITE, KING)), 2);
  EXPECT_EQ(s->king_square(WHITE), SQ_NONE);
  auto p = Position::from_setup(*s);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message().find("2 kings"), std::string::npos);
}

TEST(Position, ValidationReasons) {
  auto reason = [](const char* fen) {
    auto p = Position::from_fen(fen);
    EXPECT_FALSE(p.ok()) << fen;
    return p.ok() ? std::string() : p.error().message();
  };
  EXPECT_NE(reason("4k3/8/8/8/8/8/8/8 w - - 0 1").find("white has 0 kings"), std::string::npos);
  EXPECT_NE(reason("4k3/8/8/8/8/8/8/3PK3 w - - 0 1").find("pawn on d1"), std::string::npos);
  EXPECT_NE(reason("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").find("not to move"), std::string::npos);
  EXPECT_NE(reason("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1").find("back rank"), std::string::npos);
  EXPECT_NE(reason("4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1").find("two white castling rights"),
            std::string::npos);
  EXPECT_NE(reason("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").find("no black pawn on e5"),
            std::string::npos);
  EXPECT_NE(reason("QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1").find("pieces"), std::string::npos);
}

TEST(Position, ChessNineSixtyDetection) {
  EXPECT_FALSE(Position::from_fen(kStart)->is_chess960());
  EXPECT_TRUE(Position::from_fen(kStart, true)->is_chess960());
  EXPECT_TRUE(Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
                  ->is_chess960());
}

TEST(Position, FenRoundTripKeepsClocksAndEp) {
  const char* fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  auto p = Position::from_fen(fen);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->fen(), fen);
  EXPECT_EQ(p->to_setup(), *parse_fen(fen));
}
