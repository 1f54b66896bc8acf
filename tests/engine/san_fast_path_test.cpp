// The SAN fast path (parse_san_common) against the legal move generator and the SAN writer: on
// every position of the perft suites and every position one legal move later, the
// SAN of every legal move resolves to that move, the minimal disambiguation (PGN 8.2.3.4) is
// recomputed here from the legal move list, and no altered text (wrong capture mark, check
// mark, promotion, disambiguation, pawn forms) is accepted except as the SAN of a legal move.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/san.h"
#include "san_check.h"
#include "test_support.h"

using namespace arbiter;
using arbiter::test::check_position;

TEST(SanFastPath, AgreesWithLegalMovesAndGeneralParser) {
  int positions = 0, accepted_variants = 0;
  for (const char* name : {"tricky.perft", "chess960.perft", "perftsuite.epd"}) {
    std::ifstream in(test::shared(std::string("data/perft/") + name));
    auto suite = parse_perft_suite(in);
    ASSERT_TRUE(suite.ok());
    for (const auto& c : *suite) {
      const Position p = *Position::from_fen(c.fen, false, true);
      accepted_variants += check_position(p, c.fen);
      ++positions;
      // One move later: checks, pins and en passant squares the suites do not start from.
      for (Move m : p.legal_moves()) {
        const Position q = p.after(m);
        accepted_variants += check_position(q, q.fen());
        ++positions;
      }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(positions, 5000);
  EXPECT_GT(accepted_variants, 10000);
}
