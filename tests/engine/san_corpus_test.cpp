// The SAN fast path (parse_san_common) on real games and on the positions where a shortcut could
// go wrong. Every position of a deterministic sample of the TCEC corpora (all of them with
// ARBITER_FULL=1) goes through check_position (san_check.h): the SAN that to_san writes for
// every legal move, check marks decided by the general test on the position after the move,
// resolves to that move, and no altered text is accepted. The composed positions pin pieces
// along ranks, files and diagonals, uncover a king by en passant along the rank, promote with
// check, give double check, and tell check from checkmate where only a king step, a capture or a
// block can answer; their texts are compared with the general parser (parse_san, Strict).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/san.h"
#include "san_check.h"
#include "test_support.h"

using namespace arbiter;
using arbiter::test::check_position;

namespace {

// Replays the main line of every `step`-th game of a corpus file, checking every position.
void check_corpus(const std::string& file, int step, int min_positions) {
  auto reader = pgn::Reader::open(test::shared("data/pgn/corpus/" + file).string());
  pgn::RawGame g;
  int positions = 0, games = 0;
  for (uint64_t i = 0; reader.next(g); ++i) {
    if (int(i % step) != 0) continue;
    const std::string* fen = g.tag("FEN");
    const std::string* variant = g.tag("Variant");
    const bool c960 = variant && variant->find("960") != std::string::npos;
    auto start = fen ? Position::from_fen(*fen, c960) : Position::from_fen(Position().fen(), c960);
    ASSERT_TRUE(start.ok()) << file << " game " << i;
    Position p = *start;
    int depth = 0;
    for (const pgn::Token& t : g.tokens) {
      if (t.kind == pgn::TokenKind::VariationStart) ++depth;
      if (t.kind == pgn::TokenKind::VariationEnd) --depth;
      if (t.kind != pgn::TokenKind::Move || depth != 0) continue;
      check_position(p, p.fen());
      ++positions;
      const auto m = parse_san(p, g.token_text(t));
      if (!m.ok()) break;  // a broken game (the corpus keeps a few): its main line ends here
      p.play(*m);
    }
    ++games;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(positions, min_positions) << file << ": " << games << " games";
}

struct Case {
  const char* fen;
  std::vector<const char*> legal;    // strict SAN the general parser accepts
  std::vector<const char*> refused;  // texts it refuses (illegal, or a wrong check mark)
};

}  // namespace

TEST(SanFastPath, AgreesOnCorpusGames) {
  const int step = test::full_run() ? 1 : 97;
  check_corpus("tcec-standard-nocomments.pgn.zst", step, test::full_run() ? 1000000 : 10000);
  check_corpus("tcec-chess960.pgn.zst", test::full_run() ? 1 : 29, 3000);
  check_corpus("world-championship.pgn", 1, 1000);
}

TEST(SanFastPath, PinsChecksAndMates) {
  const std::vector<Case> cases = {
      // Knight pinned along the rank, bishop along the file, rook along the diagonal.
      {"4k3/8/8/8/r2NK3/8/8/8 w - - 0 1", {"Kd5", "Kf5", "Ke3"}, {"Nc6", "Nb5", "Nf5", "Ne6"}},
      {"4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1", {"Kd2", "Kf1"}, {"Bd3", "Bf3", "Bb5"}},
      {"7k/8/8/8/3b4/8/1R6/K7 w - - 0 1", {"Ka2", "Kb1"}, {"Rb3", "Rc2", "Rb8+"}},
      // The pinned piece may move along the pin line, and capture the pinner.
      {"4r2k/8/8/8/8/8/4Q3/4K3 w - - 0 1",
       {"Qe3", "Qe7", "Qxe8+", "Qxe8", "Kd1"},
       {"Qd2", "Qf3", "Qxe8#", "Qe8"}},
      {"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
       {"Rxe7+", "Rxe7", "Re3", "Re6"},
       {"Rd2", "Re7", "Rxe7#"}},
      // En passant that uncovers the own king along the rank; the capture is refused.
      {"8/8/8/KPp4r/8/8/8/7k w - c6 0 2", {"b6", "Ka4", "Ka6"}, {"bxc6", "Kb4"}},
      // En passant that takes the checking pawn.
      {"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
       {"exd3", "Kxd4", "Kb4", "Kc4"},
       {"e3", "exd3+", "Kxd4+"}},
      // Promotions with and without check.
      {"3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
       {"b8=Q+", "b8=R+", "b8=N", "b8=B", "b8=Q"},
       {"b8=Q#", "b8=N+", "b8=B+", "b8", "b8=K"}},
      // Double check (discovered by the rook, direct by the knight): only the king may answer.
      {"4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
       {"Nf6+", "Nd6+", "Nc3+", "Nf6"},
       {"Nf6#", "Nd6#", "Nf6++", "Nc3#"}},
      // Mate on the back rank; the king cannot step along the line through its own square.
      {"4k3/3ppp2/8/8/8/8/8/R3K3 w - - 0 1", {"Ra8#", "Ra8", "Ra7"}, {"Ra8+", "Ra7+"}},
      {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {"Ra8#"}, {"Ra8+"}},
      // The same check answered by a block or a capture: '+', not '#'.
      {"6k1/5ppp/2n5/8/8/8/8/R5K1 w - - 0 1", {"Ra8+"}, {"Ra8#"}},
      {"6k1/5ppp/8/8/4q3/8/8/R5K1 w - - 0 1", {"Ra8+"}, {"Ra8#"}},
      // A king in check from a rook may not step along the rook's line (x-ray through itself).
      {"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", {"Kd2", "Ke2", "Kf2"}, {"Kf1", "Kd1", "Ke1"}},
      // The king captures a checking piece unless it is defended.
      {"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", {"Kxd2"}, {"Kd1", "Ke2", "Kf2"}},
      {"4k3/8/8/8/8/8/3q4/3rK3 w - - 0 1", {}, {"Kxd2", "Kxd1", "Kf2"}},
  };
  for (const Case& c : cases) {
    const auto pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen;
    check_position(*pos, c.fen);
    for (const char* text : c.legal) {
      const auto general = parse_san(*pos, text);
      ASSERT_TRUE(general.ok()) << c.fen << " '" << text << "': " << general.error().message();
      const Move fast = parse_san_common(*pos, text);
      EXPECT_FALSE(fast.is_none()) << c.fen << " '" << text << "'";
      EXPECT_EQ(fast, *general) << c.fen << " '" << text << "'";
    }
    for (const char* text : c.refused) {
      EXPECT_FALSE(parse_san(*pos, text).ok()) << c.fen << " '" << text << "'";
      EXPECT_TRUE(parse_san_common(*pos, text).is_none()) << c.fen << " '" << text << "'";
    }
  }
}
