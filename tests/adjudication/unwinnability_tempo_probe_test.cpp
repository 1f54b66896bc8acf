// The plan-steered probe (adjudication/src/unwinnable/probes.cpp) on composed positions of
// community-public.tsv where the winner's pawns are locked against the loser's and only a long
// manoeuvre frees one: the winner's pawn is given to the loser's king, the loser's pawn behind it
// runs to promote, and the new piece is given back to a winner's pawn, which changes file and
// promotes. The winner's pushes towards locked pawns are tempo moves; the probe no longer lets the
// loser's every reply to them go free (the search walked millions of king and pawn
// configurations), and rewards the loser's passed pawn instead. Labels come from the corpus; a
// winnable verdict must carry a witness that replays to a checkmate by the side.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

TEST(CanCheckmate, ProbeFreesLockedPawnsThroughTheLosersPassedPawn) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"1k6/1P1p1p1p/BP6/1P6/1p6/8/1P1P1PKP/8 w - -", "b"},
      {"1k6/1P1p1p1p/BP6/1P5p/8/8/3P1PKP/8 w - -", "b"},
      {"1k6/1P1p1p1p/BP6/1P5p/8/8/3P1P1P/5K2 w - -", "b"},
  };
  arbiter::test::expect_labelled("community-public.tsv", queries, "winnable");
}

// A neighbour of the same family that no line opens (labelled unwinnable): the new rules change
// only which lines the probe looks at first, never a proof.
TEST(CanCheckmate, LockedPawnNeighbourStaysUnwinnable) {
  arbiter::test::expect_decided_as_labelled("community-public.tsv",
                                            {{"1k6/1P5p/BP6/1P1p1p2/8/8/3P1PKP/8 w - -", "b"}});
}

// Both sides of a locked position where only the a-pawns can move: the pawn push that locks the
// last file at the root (proved unwinnable there, so the probe punishes it wherever it recurs)
// is the key move later, played with check next to the other king, which takes the pawn and
// opens the a- and b-files. A push that gives check is no longer punished. The sibling with the
// white pawn already on a5 stays unwinnable (labelled so).
TEST(CanCheckmate, ProbeAllowsTheRootsLosingPushWhenItGivesCheck) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - -", "w"},
      {"2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - -", "b"},
      {"2b5/1p6/pPp3k1/P1Pp3p/3PpBpP/4P1P1/5K2/8 b - -", "w"},
      {"2b5/1p6/pPp3k1/P1Pp3p/3PpBpP/4P1P1/5K2/8 b - -", "b"},
  };
  arbiter::test::expect_decided_as_labelled("community-public.tsv", queries);
}
