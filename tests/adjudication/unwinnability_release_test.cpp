// Composed helpmates of community-public.tsv (chasolver's tests) in which the winner's king is
// shut in by its own blocked pieces (a rook and a bishop in the corner, behind locked pawns) and
// only the loser can open the box: its bishop walks round the chain to take the rook, its king
// comes from the far side to take the bishop (adjudication/src/unwinnable/release.h). Each
// position's label is read from the shared corpus, and each witness must replay to a checkmate
// by the side. The same positions with colours reversed (ranks mirrored) and mirrored left to
// right must be solved the same way: the release depends on no square, colour or corner.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "arbiter/adjudication/unwinnability.h"
#include "corpus_labels.h"
#include "test_support.h"

namespace {

namespace adj = arbiter::adjudication;

const std::vector<std::pair<std::string, std::string>>& boxed_king_queries() {
  static const std::vector<std::pair<std::string, std::string>> q = {
      {"8/8/5p2/2p1pPp1/2P1Pk1b/2pBp1pB/2P1P1P1/5BRK b - -", "w"},
      {"8/8/5p2/2p1pP2/2PbPk1b/2pBpBp1/2P1P1P1/5BRK w - -", "w"},
      {"8/8/5p2/2p1pP2/2PbPkpb/2pBp1pB/2P1P1P1/5BRK w - -", "w"},
      {"8/8/5p2/2p1pP2/2PbPkBb/2pBp1p1/2P1P1P1/5BRK b - -", "w"},
      {"8/7k/5p2/2p1pP2/2PbP1B1/2pBp1p1/2P1P1P1/5BbK b - -", "w"},
  };
  return q;
}

// Solves each query at the default budget: winnable, a witness that replays to the mate, and
// found by the release (the whole solver spent at most 100,000 nodes; the searches of phase 6
// alone need 3 to 10 million).
void expect_released(const std::vector<std::pair<std::string, std::string>>& queries) {
  adj::Solver solver;
  for (const auto& [fen, side] : queries) {
    const auto pos = arbiter::Position::from_fen(fen, false, true);
    ASSERT_TRUE(pos.ok()) << fen;
    const auto colour = side == "w" ? arbiter::WHITE : arbiter::BLACK;
    const auto r = solver.can_checkmate(*pos, colour);
    EXPECT_EQ(r.verdict, adj::Verdict::Winnable) << fen << " side " << side << ": " << r.reason;
    EXPECT_TRUE(adj::replays_to_mate(*pos, r.witness, colour)) << fen << " side " << side;
    EXPECT_LE(r.nodes, 100'000u) << fen << " side " << side;
  }
}

}  // namespace

TEST(CanCheckmate, ReleaseOfABoxedKingAsLabelled) {
  arbiter::test::expect_labelled("community-public.tsv", boxed_king_queries(), "winnable");
  expect_released(boxed_king_queries());
}

// Neighbours of the corpus positions that are in no corpus, with the loser's king elsewhere (far
// on the queenside, or next to its bishop): undetermined at 2,000,000 nodes without the release.
// The witness replaying to the mate is the proof that each is winnable.
TEST(CanCheckmate, ReleaseOfABoxedKingFromOtherSetUps) {
  expect_released({
      {"8/k7/5p2/2p1pP2/2PbP2b/2pBpBp1/2P1P1P1/5BRK w - -", "w"},
      {"8/8/5p2/2p1pP1k/2PbP2b/2pBpBp1/2P1P1P1/5BRK b - -", "w"},
  });
}

TEST(CanCheckmate, ReleaseOfABoxedKingReversedAndMirrored) {
  std::vector<std::pair<std::string, std::string>> queries;
  for (const auto& q : boxed_king_queries()) {
    queries.push_back(arbiter::test::colours_reversed(q));
    queries.push_back(arbiter::test::files_mirrored(q));
    queries.push_back(arbiter::test::files_mirrored(arbiter::test::colours_reversed(q)));
  }
  expect_released(queries);
}
