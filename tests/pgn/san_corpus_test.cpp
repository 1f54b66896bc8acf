// Differential test of the engine's SAN reader and writer on real games: parse_san and to_san
// resolve a move from the pieces of one type that reach one square; here they are compared on
// every position of the corpora with a reference that generates every legal move and writes
// each one's SAN (the definition in PGN 8.2.3), for every legal move of the position and for
// the move as written in the file.
#include <gtest/gtest.h>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/san.h"
#include "test_support.h"

namespace {
using namespace arbiter;

// PGN 8.2.3.4: the piece letter, the file of departure if it tells the moving piece from every
// other piece of its kind that can legally go to the square, else the rank, else both.
std::string reference_core(const Position& pos, Move m, const MoveList& legal) {
  if (m.is_castling()) return pos.castling_side(m) == KING_SIDE ? "O-O" : "O-O-O";
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.moved_piece(m));
  const bool capture = pos.is_capture(m);
  std::string s;
  if (pt == PAWN) {
    if (capture) s += file_char(file_of(from)), s += 'x';
    s += square_name(to);
    if (m.is_promotion()) s += '=', s += piece_type_char(m.promotion_type());
    return s;
  }
  s += piece_type_char(pt);
  bool clash = false, same_file = false, same_rank = false;
  for (Move o : legal) {
    if (o.is_castling() || o.to() != to || o.from() == from) continue;
    if (type_of(pos.moved_piece(o)) != pt) continue;
    clash = true;
    same_file |= file_of(o.from()) == file_of(from);
    same_rank |= rank_of(o.from()) == rank_of(from);
  }
  if (clash)
    s += !same_file   ? std::string(1, file_char(file_of(from)))
         : !same_rank ? std::string(1, rank_char(rank_of(from)))
                      : square_name(from);
  if (capture) s += 'x';
  return s + square_name(to);
}

std::string reference_san(const Position& pos, Move m, const MoveList& legal) {
  const Position next = pos.after(m);
  const std::string check = !next.in_check() ? "" : next.count_legal_moves() ? "+" : "#";
  return reference_core(pos, m, legal) + check;
}

TEST(PgnSan, AgreesWithTheReferenceOnCorpusPositions) {
  size_t positions = 0, written = 0;
  for (const char* f :
       {"world-championship.pgn", "twic-excerpt.pgn", "engine-games-threefold.pgn",
        "lessons-with-errors.pgn", "tcec-chess960.pgn.zst", "tcec-standard-nocomments.pgn.zst"}) {
    pgn::Reader rd = pgn::Reader::open(test::shared(std::string("data/pgn/corpus/") + f).string());
    pgn::RawGame g;
    size_t games = 0;
    while (rd.next(g) && (test::full_run() || games++ < 150)) {
      Position pos;
      if (const std::string* fen = g.tag("FEN")) {
        auto p = Position::from_fen(*fen, true);
        if (!p) continue;
        pos = *p;
      }
      int depth = 0;
      for (auto& t : g.tokens) {
        if (t.kind == pgn::TokenKind::VariationStart) ++depth;
        if (t.kind == pgn::TokenKind::VariationEnd) --depth;
        if (depth || t.kind != pgn::TokenKind::Move) continue;
        const MoveList legal = pos.legal_moves();
        ++positions;
        for (Move m : legal) {
          const std::string san = reference_san(pos, m, legal);
          ASSERT_EQ(to_san(pos, m), san) << f << " " << pos.fen();
          auto back = parse_san(pos, san, SanMode::Strict);
          ASSERT_TRUE(back.ok()) << f << " " << san << " " << pos.fen() << " "
                                 << back.error().message();
          ASSERT_EQ(back->raw(), m.raw()) << f << " " << san << " " << pos.fen();
          const std::string core = reference_core(pos, m, legal);
          auto bare = parse_san(pos, core, SanMode::Strict);
          ASSERT_TRUE(bare.ok() && bare->raw() == m.raw()) << f << " " << core << " " << pos.fen();
          auto lenient = parse_san(pos, core, SanMode::Lenient);
          ASSERT_TRUE(lenient.ok() && lenient->raw() == m.raw()) << f << " " << core;
        }
        // The move as written: Strict accepts it iff it is some legal move's SAN (with or
        // without its suffix), and then it is that move.
        const std::string_view text = g.token_text(t);
        Move want;
        for (Move m : legal) {
          const std::string san = reference_san(pos, m, legal);
          if (text == san || text == reference_core(pos, m, legal)) want = m;
        }
        auto got = parse_san(pos, text, SanMode::Strict);
        ++written;
        ASSERT_EQ(got.ok(), !want.is_none()) << f << " " << text << " " << pos.fen();
        if (!got) break;
        ASSERT_EQ(got->raw(), want.raw()) << f << " " << text << " " << pos.fen();
        pos.play(*got);
      }
    }
  }
  EXPECT_GT(positions, 50000u);
  EXPECT_GT(written, 50000u);
}

}  // namespace
