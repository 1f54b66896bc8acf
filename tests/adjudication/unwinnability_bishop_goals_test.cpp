// Bishops of one colour against a loser with pieces (community-public.tsv): the mate needs the
// loser's own pieces on the flight squares of the other colour (here a pawn promoted and rooks
// boxing their king in), which the goal-directed searches of can_checkmate reach from the
// configurations of a lone bishop, each bishop in turn the checker. The label comes from the
// corpus; the witness must replay to a checkmate by the side.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

TEST(CanCheckmate, OneColourBishopsMateWithTheLosersBlockers) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"8/k7/8/3b3B/4b3/8/4P3/2KQRR2 w - -", "b"},
      // Found before too, by the last probes after about a million nodes.
      {"3k1b2/8/8/8/B1B1B1B1/1B1B1B1B/B1B1B1B1/1B1K1B1B w - -", "w"},
  };
  arbiter::test::expect_labelled("community-public.tsv", queries, "winnable");
}
