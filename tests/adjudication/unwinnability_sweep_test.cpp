// Composed positions of community-public.tsv without pawns on one side, where the plan-steered
// probe does not apply and the corner sweep (adjudication/src/unwinnable/probes.h:
// probe_sweep) finds the helpmate at the default budget: the loser's king is mated in a corner
// of the winner's bishops' colour, not always on its own back rank. Labels come from the corpus
// (each must say winnable) and every witness must replay to a checkmate by the side.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

TEST(CanCheckmate, CornerSweepSolvesPositionsWithoutPawnsOnOneSide) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      // Fifteen light bishops against a dark one: the black king is mated on h1.
      {"3k1b2/8/8/8/B1B1B1B1/1B1B1B1B/B1B1B1B1/1B1K1B1B w - -", "w"},
      // Two dark bishops: the black pawn promotes to the piece that blocks its king on a1.
      {"5n2/3p1k2/3B4/4BK2/8/8/8/8 w - -", "w"},
      // Two light bishops against a pawn, which promotes to the blocker of the white king.
      {"1k2b1b1/8/8/8/3KP3/8/8/8 w - -", "b"},
      // Two light bishops against a bishop and a pawn: the black king is mated on a8, found by
      // the sweep in the plan's order (Black has a piece of its own) once the minor pieces'
      // give-away sub-search no longer takes half of the budget.
      {"6bk/5Bp1/6BK/8/8/8/8/8 w - -", "w"},
  };
  arbiter::test::expect_labelled("community-public.tsv", queries, "winnable");
}

// The plan probe's corner: without bishops the back-rank corner nearer to the winner's king;
// a winner's king in a corner of its bishops' colour is where the loser's king is mated.
TEST(CanCheckmate, PlanProbeChoosesTheCornerOfTheComposition) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      // No bishops: the black king waits on a1 for White's king.
      {"8/1p1p1p1p/1P6/KP6/PP6/8/3P1P1P/k7 w - -", "b"},
      // White's king boxed on h1 by its rook, bishop and pawn: Black's king is mated there.
      {"8/8/1b6/4k2B/8/4p1p1/4P1P1/5BRK b - -", "w"},
      // Black's king on a8, a corner of its bishops' colour: White's king walks there and is
      // mated (a white pawn promotes on the way, the loser's promotions being rewarded).
      {"k1b5/1p1p4/1P1Pb3/B7/8/8/8/K7 w - -", "b"},
  };
  arbiter::test::expect_labelled("community-public.tsv", queries, "winnable");
}
