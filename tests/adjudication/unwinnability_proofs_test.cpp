// Static proofs of composed dead positions (adjudication/src/unwinnable/material.cpp,
// confinement.cpp). The queries are picked from the shared corpora by FEN and side; the expected
// verdict is the corpus label, never a constant of this file, and each must be decided (not left
// undetermined) at the default budget. Winnable queries of the same kind stand next to them: a
// rule that proved too much would answer them wrongly.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

// Bishops of one colour give no double check, so in a mate the blockers of the loser king's
// flight squares (of the other colour) must be unable to take the checker or interpose: rooks
// and queens next to the checking diagonal always can.
TEST(MatePattern, SameColouredBishopsGiveOnlySingleChecks) {
  arbiter::test::expect_decided_as_labelled(
      "community-public.tsv", {
                                  {"4k3/qqqqqqqq/1rrrr3/8/8/8/B1B1B1B1/4K3 w - -", "w"},
                                  {"4k3/b1brqrb1/1b1b1b1b/8/3B4/B1B1B3/1B1B1B2/1KB1B3 w - -", "w"},
                                  {"8/8/8/8/8/2b1k1b1/3R4/4KR2 w - -", "b"},
                                  {"8/8/8/8/2b5/1kB5/1B6/BKB5 w - -", "w"},
                                  {"1k2b1b1/8/8/8/3KB2B/8/8/8 w - -", "b"},
                                  {"8/4b3/3b1k2/8/6K1/5B2/8/8 w - -", "b"},
                                  {"k1b5/1b6/b1b5/1b6/1B6/B1B5/1B6/K1B5 w - -", "w"},
                                  {"k1b5/1b6/b1b5/1b6/1B6/B1B5/1B6/K1B5 w - -", "b"},
                              });
}

// The winner's queen is its last piece: the loser never takes it, and every check it could give
// next to the loser's king (boxed in by its own pieces) is answered by taking it. The loser's
// knight in the box cannot move either: uncovering its queen's or bishop's diagonal onto the
// winner's king, walled in by pawns, would mate the winner.
TEST(Confinement, LastPieceCheckOnlyWhereItIsTaken) {
  arbiter::test::expect_decided_as_labelled("community-public.tsv",
                                            {
                                                {"6Q1/8/4n3/8/ppp5/qkp3b1/rnp5/n1K5 b - -", "w"},
                                                {"6Q1/8/4b3/8/ppp5/qkp3r1/rnp5/n1K5 b - -", "w"},
                                                {"8/5ppp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - -", "w"},
                                                {"8/6pp/8/4q3/ppp5/bkp4Q/qnp2p2/n1K5 b - -", "w"},
                                                {"8/6pp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - -", "w"},
                                                {"6Q1/8/8/8/ppp5/qkp3b1/rnp5/n1K5 b - -", "w"},
                                                {"6Q1/8/4n3/8/ppp5/qkp3b1/rnp5/n1K5 b - -", "b"},
                                                {"8/6pp/8/4q3/ppp5/bkp4Q/qnp2p2/n1K5 b - -", "b"},
                                            });
}

// Seven bishops shut in behind their own pawns on eight squares: whichever square is empty, one
// of them always guards each pawn, so the loser's king never takes one, the pawns stay locked
// and neither side can ever mate.
TEST(Confinement, BishopsBoxedInGuardTheirPawnsTogether) {
  arbiter::test::expect_decided_as_labelled(
      "community-public.tsv", {
                                  {"B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - -", "w"},
                                  {"B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - -", "b"},
                                  {"2B1B1B1/pBpBpBpB/P1P1P1P1/4k3/8/8/4K3/8 w - -", "w"},
                                  {"8/8/3k4/2p1p3/1pP1P3/1P2p1p1/B3P1P1/1B1B1BRK w - -", "w"},
                                  {"3k1b2/8/8/8/B1B1B1B1/1B1B1B1B/B1B1B1B1/1B1K1B1B w - -", "b"},
                                  {"k1b5/1b6/b1b5/1b6/1B6/B1B5/1B6/K1B5 w - -", "w"},
                              });
}

// The winner could only push pawns that loser pawns block on their files, its king walled in:
// the whole reachable set (280,189 positions) is enumerated and holds no mate by it (the tempo
// count of these composed positions runs it out of moves before anything can be given to it).
TEST(Exhaustive, PawnOnlyTempoPositionsAreEnumerated) {
  arbiter::test::expect_decided_as_labelled("community-public.tsv",
                                            {
                                                {"6k1/p1p1p1P1/6PB/6P1/8/8/PKP1P3/8 w - -", "b"},
                                                {"1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - -", "b"},
                                            });
}
