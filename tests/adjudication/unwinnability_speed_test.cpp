// Speed-related behaviour of the solver that the verdicts alone do not show, on queries of the
// shared corpora (labels from the corpus, never a constant of the test's own).
//  - Tempo positions (the winner could only push pawns that loser pawns block) are enumerated
//    before the long searches: the community file's slowest query is decided by that enumeration
//    alone (1.17 million moves), not after the two million nodes of the searches.
//  - The mate-goal planner takes up to twelve loser pieces as blockers (its tables were eight
//    wide): a lone knight against a rook and ten queens is still solved as labelled.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

namespace {

arbiter::adjudication::Winnability solve(const std::string& fen, const std::string& side) {
  const auto pos = arbiter::Position::from_fen(fen, false, true);
  EXPECT_TRUE(pos.ok()) << fen;
  return arbiter::adjudication::can_checkmate(*pos, side == "w" ? arbiter::WHITE : arbiter::BLACK);
}

}  // namespace

TEST(CanCheckmateSpeed, TempoPositionIsEnumeratedBeforeTheLongSearches) {
  const std::pair<std::string, std::string> q{"1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - -", "b"};
  const auto labels = arbiter::test::corpus_labels("community-public.tsv");
  const auto it = labels.find(q);
  ASSERT_NE(it, labels.end());
  const auto r = solve(q.first, q.second);
  EXPECT_EQ(arbiter::adjudication::verdict_name(r.verdict), it->second) << r.reason;
  // Decided within the enumeration's own allowance (1.5 million moves) plus the short phases
  // before it, well under the two million nodes the long searches would spend first.
  EXPECT_LT(r.nodes, arbiter::adjudication::kDefaultNodeBudget) << r.reason;
}

TEST(CanCheckmateSpeed, MateGoalsTakeTwelveLoserPieces) {
  arbiter::test::expect_decided_as_labelled("community-public.tsv",
                                            {{"1k6/2n5/6R1/5QQ1/4QQ2/3QQ3/2QQ4/2QK4 w - -", "b"}});
}
