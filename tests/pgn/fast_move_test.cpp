// Differential test: the validator's SAN fast path agrees with arbiter::parse_san (Strict) on
// every main-line move of the corpora it resolves, and resolves most of them.
#include <gtest/gtest.h>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/san.h"
#include "test_support.h"

namespace {
using namespace arbiter;

TEST(PgnFastMove, AgreesWithParseSan) {
  size_t moves = 0, fast = 0;
  for (const char* f : {"world-championship.pgn", "twic-excerpt.pgn", "engine-games-threefold.pgn",
                        "tcec-chess960.pgn.zst"}) {
    pgn::Reader rd = pgn::Reader::open(test::shared(std::string("data/pgn/corpus/") + f).string());
    pgn::RawGame g;
    size_t games = 0;
    while (rd.next(g) && (test::full_run() || games++ < 300)) {
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
        const std::string_view san = g.token_text(t);
        auto ref = parse_san(pos, san, SanMode::Strict);
        Position after;
        auto m = adjudication::plain_san_move(pos, san, after);
        ++moves;
        if (m) {
          ++fast;
          ASSERT_TRUE(ref.ok()) << f << " " << san << " " << pos.fen();
          ASSERT_EQ(m->raw(), ref->raw()) << f << " " << san << " " << pos.fen();
          ASSERT_TRUE(after == pos.after(*m));
        }
        if (!ref) break;
        pos.play(*ref);
      }
    }
  }
  EXPECT_GT(moves, 50000u);
  EXPECT_GT(fast * 10, moves * 8) << fast << " of " << moves;  // most moves take the fast path
}

}  // namespace
