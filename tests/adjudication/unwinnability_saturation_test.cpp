// Positions proved by the case splits over the confinement analysis and by the search pruned by
// them (adjudication/src/unwinnable/saturation.h, pruned.h). The queries are picked from the
// shared corpora by FEN and side; the expected verdict is the corpus label, never a constant
// of this file, and each must be decided (not left undetermined) at the default budget.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

// Bishops and a rook or knight walled in behind a locked chain: the chain opens only if a
// piece is taken on its square, and the analysis of each case (taken before it ever moves, or
// never moved) shows that no piece able to check ever gets through.
TEST(Saturation, LockedChainsOpenOnlyThroughImpossibleCaptures) {
  arbiter::test::expect_decided_as_labelled(
      "community-public.tsv", {
                                  {"B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -", "w"},
                                  {"B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -", "b"},
                                  {"B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P5/RB4b1 b - -", "w"},
                                  {"B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P5/RB4b1 b - -", "b"},
                                  {"8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BRK b - -", "w"},
                                  {"8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BRK b - -", "b"},
                                  {"1b3kBR/4pP1P/1p1pP1BP/1P1P4/6Bp/6pP/K5P1/8 b - -", "b"},
                                  {"1k4b1/1P1p4/BP1Pp1p1/1P2P1P1/pB6/Pp2K3/1P5B/8 b - -", "w"},
                                  {"1k4b1/1P1p4/BP1Pp1p1/1P2P1P1/pB6/Pp2K3/1P5B/8 b - -", "b"},
                              });
}

// The same in the curated file (no header line there); the last one's reachable set is about
// 1.2 million positions, too many to enumerate.
TEST(Saturation, CuratedLockedChain) {
  arbiter::test::expect_decided_as_labelled(
      "curated.tsv", {
                         {"B2b4/8/4k3/8/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -", "w"},
                         {"B2b4/8/4k3/8/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -", "b"},
                         {"8/B4b2/2k5/1p1p4/1P1Pp1pB/1pp1P1P1/1p6/bK3b2 b - -", "w"},
                     });
}

// Bishops, knight and rook shut in behind the winner's own pawns: castling would need squares
// that pieces which can never move stand on, so the king and rook stay where they are.
TEST(Saturation, CastlingThroughPiecesThatNeverMove) {
  arbiter::test::expect_decided_as_labelled(
      "community-public.tsv", {
                                  {"2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K -", "w"},
                                  {"2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K -", "b"},
                              });
}

// The winner's king is boxed in by pawns, and the loser's knight, pawn or rook that could
// still move would only give a check nothing can answer: such a move ends the game with the
// winner mated, so that piece is as good as fixed, and the rest cannot mate.
TEST(Saturation, MovesThatMateTheWinnerFixThePiece) {
  arbiter::test::expect_decided_as_labelled(
      "community-public.tsv",
      {
          {"8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/1B1K3n b - -", "w"},
          {"6b1/8/1k6/3p1p2/3PpP2/3pKp2/3P1P1n/B7 w - -", "w"},
          {"3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P1P2/8/1BbB1B2 b - -", "w"},
          {"1b2kb2/8/2ppp3/3p2p1/1p1K1pP1/1P1P1P2/8/1B1B1B2 b - -", "w"},
          {"7B/1b6/3k4/Bp1p4/1P1Pp1p1/1pppP1P1/2p5/2K5 b - -", "w"},
          {"6bB/8/3k3B/1p1p4/1P1Pp1p1/1pppP1P1/2p5/2K5 b - -", "w"},
          {"bn1n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/5B2/2B1B1B1 b - -", "w"},
          {"6B1/b7/2k5/p1p1p1pB/P1P1P1P1/pp6/rp6/1K2b3 b - -", "w"},
      });
}

// Forced lines: every continuation either ends (stalemate, or the last mating piece falls) or
// reaches a position the case analysis proves dead: the knight and pawn that can only
// stalemate, bishops and knights shut in whose few moves each lose a piece or lock the rest.
TEST(Saturation, EveryLineEndsOrIsProvedDead) {
  arbiter::test::expect_decided_as_labelled(
      "community-public.tsv", {
                                  {"6k1/7P/4N1K1/8/8/8/8/8 b - -", "w"},
                                  {"1bB4b/k7/R5r1/8/1pBp1p1p/1PpP1P1P/K1P4b/RB6 b - -", "b"},
                                  {"1bB5/k7/r7/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 w - -", "w"},
                                  {"1bB5/k7/r7/8/1pBp1p1p/1PpP1PbP/K1P4b/RB6 w - -", "b"},
                                  {"7B/6b1/5k2/8/p1p1p1p1/P1P1PpP1/4bP1K/6BN b - -", "w"},
                                  {"7B/6b1/5k2/8/p1p1p1p1/P1P1PpP1/4bP1K/6BN b - -", "b"},
                                  {"B7/1b6/2k5/8/1p1p1p1p/1PpP1P1P/K1Pb4/NB6 b - -", "w"},
                                  {"B7/1b6/2k5/8/1p1p1p1p/1PpP1P1P/K1Pb4/NB6 b - -", "b"},
                                  {"B7/1b6/2k5/8/1p1p1p1p/1PpP1P1P/K1P4b/NB6 b - -", "w"},
                                  {"B7/1b6/2k5/8/1p1p1p1p/1PpP1P1P/K1P4b/NB6 b - -", "b"},
                                  {"B2b4/1q6/2k5/8/1p1p1p1p/1PpP1P1P/K1P4b/NB6 b - -", "w"},
                              });
}
