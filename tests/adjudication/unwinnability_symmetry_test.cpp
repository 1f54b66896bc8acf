// The rules that decide the composed community queries of the 1k6/1P1p1p1p, 2b5/1p6 and
// 8/k7/8/3b3B families (the probe's tempo, passed-pawn and check rules, the one-colour bishops'
// goals) are stated for either colour and any file: the colour-reversed (ranks reversed, colours
// and side swapped) and mirrored (files reversed) positions must get the corpus label of the
// original too, with a witness that replays to a checkmate by the side.
#include <gtest/gtest.h>

#include "corpus_labels.h"
#include "test_support.h"

using Query = std::pair<std::string, std::string>;
using arbiter::test::colours_reversed;
using arbiter::test::files_mirrored;

TEST(CanCheckmate, ComposedFamiliesDecidedAlikeReversedAndMirrored) {
  const std::vector<Query> originals = {
      {"1k6/1P1p1p1p/BP6/1P6/1p6/8/1P1P1PKP/8 w - -", "b"},
      {"1k6/1P1p1p1p/BP6/1P5p/8/8/3P1P1P/5K2 w - -", "b"},
      {"2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - -", "w"},
      {"2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - -", "b"},
      {"8/k7/8/3b3B/4b3/8/4P3/2KQRR2 w - -", "b"},
  };
  const auto labels = arbiter::test::corpus_labels("community-public.tsv");
  arbiter::adjudication::Solver solver;
  for (const Query& q : originals) {
    const auto it = labels.find(q);
    ASSERT_NE(it, labels.end()) << q.first << " is not in community-public.tsv";
    for (const Query& t :
         {colours_reversed(q), files_mirrored(q), colours_reversed(files_mirrored(q))}) {
      const auto pos = arbiter::Position::from_fen(t.first, false, true);
      ASSERT_TRUE(pos.ok()) << t.first;
      const auto side = t.second == "w" ? arbiter::WHITE : arbiter::BLACK;
      const auto r = solver.can_checkmate(*pos, side);
      EXPECT_EQ(arbiter::adjudication::verdict_name(r.verdict), it->second)
          << t.first << " side " << t.second << " (from " << q.first << "): " << r.reason;
      if (r.verdict == arbiter::adjudication::Verdict::Winnable) {
        EXPECT_TRUE(arbiter::adjudication::replays_to_mate(*pos, r.witness, side)) << t.first;
      }
    }
  }
}
