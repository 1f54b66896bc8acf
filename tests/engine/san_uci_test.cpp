// SAN (PGN standard 8.2.3; Chess960 castling per chess960.md section 3) and UCI notation
// (section 4), strict and lenient SAN input with the reason for failures.
#include <gtest/gtest.h>

#include <fstream>

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"
#include "test_support.h"

using namespace arbiter;

namespace {
Position pos(const char* fen, bool c960 = false) {
  auto p = Position::from_fen(fen, c960);
  EXPECT_TRUE(p.ok()) << fen << (p.ok() ? "" : p.error().message());
  return *p;
}
Move san(const Position& p, const char* text, SanMode mode = SanMode::Strict) {
  auto r = parse_san(p, text, mode);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error().message());
  return r.ok() ? *r : Move();
}
SanError san_error(const Position& p, const char* text, SanMode mode = SanMode::Strict) {
  auto r = parse_san(p, text, mode);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? SanError{} : r.error();
}
}  // namespace

TEST(San, BasicMovesAndChecks) {
  Position p = Position::standard();
  EXPECT_EQ(to_san(p, Move(SQ_G1, SQ_F3)), "Nf3");
  EXPECT_EQ(to_san(p, Move(SQ_E2, SQ_E4)), "e4");
  // Fool's mate.
  Position q = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
  EXPECT_EQ(to_san(q, Move(SQ_D8, SQ_H4)), "Qh4#");
  Position c = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_EQ(to_san(c, Move(SQ_A1, SQ_A8)), "Ra8+");
}

TEST(San, Disambiguation) {
  // Knights b1 and f3 can both reach d2; rooks a1 and a5 on one file; queens on three squares.
  Position p = pos("4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1");
  EXPECT_EQ(to_san(p, Move(SQ_B1, SQ_D2)), "Nbd2");
  EXPECT_EQ(to_san(p, Move(SQ_A1, SQ_A3)), "R1a3");
  EXPECT_EQ(to_san(p, Move(SQ_A5, SQ_A3)), "R5a3");
  Position q = pos("5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1");
  EXPECT_EQ(to_san(q, Move(SQ_A4, SQ_D4)), "Qa4d4");  // a-file and rank 4 both shared
  EXPECT_EQ(to_san(q, Move(SQ_H4, SQ_D4)), "Qhd4");
  EXPECT_EQ(to_san(q, Move(SQ_A1, SQ_D4)), "Q1d4");
  // A pinned piece does not count for disambiguation (only legal moves do).
  Position pin = pos("4k3/4r3/8/8/8/2N3N1/8/4K3 w - - 0 1");
  EXPECT_EQ(to_san(pin, Move(SQ_C3, SQ_E4)), "Nce4");
  Position pin2 = pos("4k3/4r3/8/8/8/2N1N3/8/4K3 w - - 0 1");  // Ne3 pinned by Re7
  EXPECT_EQ(to_san(pin2, Move(SQ_C3, SQ_D5)), "Nd5");
}

TEST(San, PromotionsAndEnPassant) {
  Position p = pos("1n2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(to_san(p, Move::promotion(SQ_A7, SQ_A8, QUEEN)), "a8=Q");  // b8 knight blocks
  EXPECT_EQ(to_san(p, Move::promotion(SQ_A7, SQ_B8, KNIGHT)), "axb8=N");
  EXPECT_EQ(to_san(p, Move::en_passant(SQ_E5, SQ_D6)), "exd6");
  EXPECT_EQ(san(p, "exd6"), Move::en_passant(SQ_E5, SQ_D6));
  EXPECT_EQ(san(p, "a8=Q"), Move::promotion(SQ_A7, SQ_A8, QUEEN));
  EXPECT_EQ(san_error(p, "a8=Q+").kind, SanError::Kind::Illegal);
  EXPECT_EQ(san(p, "a8Q", SanMode::Lenient), Move::promotion(SQ_A7, SQ_A8, QUEEN));
  EXPECT_EQ(san(p, "axb8=n", SanMode::Lenient), Move::promotion(SQ_A7, SQ_B8, KNIGHT));
  EXPECT_EQ(san(p, "exd6 e.p.", SanMode::Lenient), Move::en_passant(SQ_E5, SQ_D6));
  auto e = san_error(p, "a8");
  EXPECT_EQ(e.kind, SanError::Kind::Ambiguous);
  EXPECT_EQ(e.candidates.size(), 4u);
}

TEST(San, CastlingIncludingChess960) {
  Position p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_san(p, Move::castling(SQ_E1, SQ_H1)), "O-O");
  EXPECT_EQ(to_san(p, Move::castling(SQ_E1, SQ_A1)), "O-O-O");
  EXPECT_EQ(san(p, "O-O"), Move::castling(SQ_E1, SQ_H1));
  EXPECT_EQ(san(p, "0-0-0", SanMode::Lenient), Move::castling(SQ_E1, SQ_A1));
  EXPECT_FALSE(parse_san(p, "0-0").ok());  // strict: letter O only
  // 960: king b1 with rook a1 (king and rook both move), king g1 rook h1 (rook-only O-O). (Black's
  // king-side rook on h8: on g8 it would attack g1, making O-O illegal, Art. 3.8.2.2.)
  Position c = pos("rk5r/8/8/8/8/8/8/RK4R1 w AGah - 0 1");
  EXPECT_EQ(to_san(c, Move::castling(SQ_B1, SQ_A1)), "O-O-O");
  EXPECT_EQ(to_san(c, Move::castling(SQ_B1, SQ_G1)), "O-O");
  Position r = pos("5rk1/8/8/8/8/8/8/6KR w H - 0 1");  // rook path f1 attacked: allowed
  EXPECT_EQ(san(r, "O-O"), Move::castling(SQ_G1, SQ_H1));
  EXPECT_EQ(to_uci(r, Move::castling(SQ_G1, SQ_H1)), "g1h1");
  auto no = san_error(r, "O-O-O");
  EXPECT_EQ(no.kind, SanError::Kind::Illegal);
}

TEST(San, LenientForms) {
  Position p = Position::standard();
  EXPECT_EQ(san(p, "Ng1f3", SanMode::Lenient), Move(SQ_G1, SQ_F3));
  EXPECT_EQ(san(p, "Ngf3", SanMode::Lenient), Move(SQ_G1, SQ_F3));
  EXPECT_EQ(san(p, "Nf3!?", SanMode::Lenient), Move(SQ_G1, SQ_F3));
  EXPECT_EQ(san(p, "  e4!! ", SanMode::Lenient), Move(SQ_E2, SQ_E4));
  EXPECT_EQ(san(p, "e2-e4", SanMode::Lenient), Move(SQ_E2, SQ_E4));
  EXPECT_EQ(san(p, "Nf3+", SanMode::Lenient), Move(SQ_G1, SQ_F3));
  // Strict rejects each of these.
  EXPECT_EQ(san_error(p, "Ngf3").kind, SanError::Kind::Malformed);
  EXPECT_EQ(san_error(p, "Nf3!?").kind, SanError::Kind::Malformed);
  EXPECT_EQ(san_error(p, "Nf3+").kind, SanError::Kind::Illegal);  // wrong check mark
}

TEST(San, ErrorKinds) {
  Position p = Position::standard();
  EXPECT_EQ(san_error(p, "Xe5").kind, SanError::Kind::Malformed);
  EXPECT_EQ(san_error(p, "").kind, SanError::Kind::Malformed);
  EXPECT_EQ(san_error(p, "e9").kind, SanError::Kind::Malformed);
  EXPECT_EQ(san_error(p, "Nf4").kind, SanError::Kind::NoSuchPiece);
  EXPECT_EQ(san_error(p, "Qd4").kind, SanError::Kind::NoSuchPiece);
  EXPECT_EQ(san_error(p, "O-O").kind, SanError::Kind::Illegal);
  // Pinned knight: the piece exists and reaches the square, but the move is illegal.
  Position pin = pos("4k3/4r3/8/8/8/4N3/8/4K3 w - - 0 1");
  auto e = san_error(pin, "Nd5");
  EXPECT_EQ(e.kind, SanError::Kind::Illegal);
  EXPECT_NE(e.message().find("pinned"), std::string::npos);
  // Ambiguous: both knights reach d2.
  Position amb = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  auto a = san_error(amb, "Nd2");
  EXPECT_EQ(a.kind, SanError::Kind::Ambiguous);
  EXPECT_EQ(a.candidates.size(), 2u);
  // In check: a move that does not answer it.
  Position chk = pos("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1");
  auto c = san_error(chk, "Ra5");
  EXPECT_EQ(c.kind, SanError::Kind::Illegal);
}

TEST(San, EveryLegalMoveRoundTripsOnSuitePositions) {
  // to_san then strict parse_san gives the move back, for every legal move of every position
  // of the 960 and tricky suites (captures, promotions, 960 castling, pins, ep).
  int moves = 0;
  for (const char* name : {"tricky.perft", "chess960.perft", "perftsuite.epd"}) {
    std::ifstream in(test::shared(std::string("data/perft/") + name));
    auto suite = parse_perft_suite(in);
    ASSERT_TRUE(suite.ok());
    for (const auto& c : *suite) {
      Position p = *Position::from_fen(c.fen, false, true);
      for (Move m : p.legal_moves()) {
        std::string s = to_san(p, m);
        auto back = parse_san(p, s);
        ASSERT_TRUE(back.ok()) << c.fen << " " << s << ": " << back.error().message();
        ASSERT_EQ(*back, m) << c.fen << " " << s;
        auto lenient = parse_san(p, s + "!?", SanMode::Lenient);
        ASSERT_TRUE(lenient.ok() && *lenient == m) << c.fen << " " << s;
        std::string u = to_uci(p, m);
        auto ub = parse_uci(p, u);
        ASSERT_TRUE(ub.ok() && *ub == m) << c.fen << " " << u;
        ++moves;
      }
    }
  }
  EXPECT_GT(moves, 20000);
}

TEST(Uci, StandardAndChess960Castling) {
  Position p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Move oo = Move::castling(SQ_E1, SQ_H1);
  EXPECT_EQ(to_uci(p, oo), "e1g1");
  EXPECT_EQ(to_uci(p, oo, true), "e1h1");
  EXPECT_EQ(*parse_uci(p, "e1g1"), oo);
  EXPECT_EQ(*parse_uci(p, "e1h1"), oo);
  EXPECT_EQ(*parse_uci(p, "e1c1"), Move::castling(SQ_E1, SQ_A1));
  Position c = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
  EXPECT_EQ(to_uci(c, oo), "e1h1");
  EXPECT_FALSE(parse_uci(c, "e1g1").ok());  // 960: only king-takes-rook
  Position sp0 = chess960::start_position(0);
  EXPECT_FALSE(parse_uci(sp0, "g1h1").ok());  // not legal at the start
  EXPECT_EQ(to_uci(Move::promotion(SQ_E7, SQ_E8, KNIGHT)), "e7e8n");
  EXPECT_EQ(to_uci(Move()), "0000");
  Position pr = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(*parse_uci(pr, "a7a8Q"), Move::promotion(SQ_A7, SQ_A8, QUEEN));
  EXPECT_FALSE(parse_uci(pr, "a7a8").ok());
  EXPECT_FALSE(parse_uci(pr, "a7a8k").ok());
  EXPECT_FALSE(parse_uci(pr, "zz").ok());
}
