// The memory of the breadth-first enumerations (ReachSpace: huge pages, buffers kept from query
// to query) must not change any answer: one Solver answering a run of queries whose enumerations
// grow and shrink the buffers gives, for each, the verdict of the corpus label, a witness that
// replays to the mate, and the same verdict, nodes and witness as a fresh Solver asked that query
// alone. The queries are tempo positions of community-public.tsv (the winner can only push
// blocked pawns), decided by the enumeration of up to 280,000 positions.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

namespace {

using arbiter::adjudication::Solver;
using arbiter::adjudication::Verdict;
using arbiter::adjudication::verdict_name;

}  // namespace

TEST(ReachSpaceReuse, AnswersDoNotDependOnEarlierQueries) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"8/p1p1p3/8/8/8/6p1/P1P1P1Pp/5k1K w - -", "w"},
      {"1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - -", "b"},
      {"6k1/p3p1P1/6PB/p5P1/8/4P3/PKP5/8 b - -", "b"},
      {"6k1/p1p1p1P1/6PB/6P1/8/8/PKP1P3/8 w - -", "b"},
      {"k7/p1p1p3/8/8/8/P3P1p1/2P3Pp/7K w - -", "w"},
      {"1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - -", "b"},
  };
  const auto labels = arbiter::test::corpus_labels("community-public.tsv");
  Solver reused;
  for (const auto& [fen, side] : queries) {
    const auto it = labels.find({fen, side});
    ASSERT_NE(it, labels.end()) << fen << " side " << side;
    const auto pos = arbiter::Position::from_fen(fen, false, true);
    ASSERT_TRUE(pos.ok()) << fen;
    const auto colour = side == "w" ? arbiter::WHITE : arbiter::BLACK;
    const auto r = reused.can_checkmate(*pos, colour);
    EXPECT_EQ(verdict_name(r.verdict), it->second) << fen << " side " << side << ": " << r.reason;
    if (r.verdict == Verdict::Winnable) {
      EXPECT_TRUE(arbiter::adjudication::replays_to_mate(*pos, r.witness, colour)) << fen;
    }
    Solver fresh;
    const auto alone = fresh.can_checkmate(*pos, colour);
    EXPECT_EQ(alone.verdict, r.verdict) << fen;
    EXPECT_EQ(alone.nodes, r.nodes) << fen;
    EXPECT_EQ(alone.witness, r.witness) << fen;
  }
}
