// Composed positions of community-public.tsv (chasolver's tests) that only the plan-steered
// probe (adjudication/src/unwinnable/probes.h) solves at the default budget: locked pawn chains
// broken by captures, pawn races that end in a promotion and a mate, many bishops of one colour.
// Each position is looked up in the shared corpus, whose label must say winnable, and the
// witness must replay to a checkmate by the side.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

TEST(CanCheckmate, PlanProbeSolvesComposedPositions) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      // A locked chain on both wings: pieces are offered to pawns to open it.
      {"r6r/8/3b1b1p/2p1k1pP/1pPp1pP1/pP1PpP2/P3P3/5K2 w - -", "b"},
      {"4k3/2p3p1/1pPp1pPp/pP1PpP1P/P3P2R/8/3K2BR/7R w - -", "w"},
      {"8/7k/6p1/5pPp/4pP1P/1p1pP1KP/1PpP3P/2B1BRBR b - -", "w"},
      // Pawns race to promotion; the new pieces mate.
      {"8/p1p1p3/8/8/8/6p1/P1P1P1Pp/5k1K w - -", "w"},
      // Bishops of one colour behind a chain.
      {"k1b5/8/8/1pBpBpBp/1PbP1PpP/6P1/6P1/K1B1B2B w - -", "b"},
      {"7k/8/1p6/1Pp5/2Pp4/pB1Pp1p1/P1B1P1P1/3B2K1 b - -", "b"},
      // The second probe: the mate comes in the corner where the winner's king stands.
      {"k1b1b3/8/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - -", "b"},
      // The long helpmate of curated.tsv with an underpromotion, from a neighbouring position.
      {"6kB/p3p1P1/2p3P1/p7/8/4P3/PKP5/8 b - -", "b"},
  };
  arbiter::test::expect_labelled("community-public.tsv", queries, "winnable");
}
