// The rules that decide the composed community queries of the 1k6/1P1p1p1p, 2b5/1p6 and
// 8/k7/8/3b3B families (the probe's tempo, passed-pawn and check rules, the one-colour bishops'
// goals) are stated for either colour and any file: the colour-reversed (ranks reversed, colours
// and side swapped) and mirrored (files reversed) positions must get the corpus label of the
// original too, with a witness that replays to a checkmate by the side.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "corpus_labels.h"
#include "test_support.h"

namespace {

using Query = std::pair<std::string, std::string>;

std::vector<std::string> ranks_of(const std::string& fen) {
  std::vector<std::string> ranks;
  std::istringstream in(fen.substr(0, fen.find(' ')));
  for (std::string r; std::getline(in, r, '/');) ranks.push_back(r);
  return ranks;
}

std::string join(const std::vector<std::string>& ranks) {
  std::string out;
  for (const auto& r : ranks) out += (out.empty() ? "" : "/") + r;
  return out;
}

// Colours reversed: the board upside down, every piece of the other colour, the other side to
// move and the other side asking (castling and en passant are absent in these queries).
Query reversed(const Query& q) {
  auto ranks = ranks_of(q.first);
  std::reverse(ranks.begin(), ranks.end());
  for (auto& r : ranks)
    for (char& c : r)
      c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                      : char(std::toupper(c));
  const char stm = q.first[q.first.find(' ') + 1];
  return {join(ranks) + (stm == 'w' ? " b - -" : " w - -"), q.second == "w" ? "b" : "w"};
}

// Files reversed.
Query mirrored(const Query& q) {
  auto ranks = ranks_of(q.first);
  for (auto& r : ranks) std::reverse(r.begin(), r.end());
  return {join(ranks) + q.first.substr(q.first.find(' ')), q.second};
}

}  // namespace

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
    for (const Query& t : {reversed(q), mirrored(q), reversed(mirrored(q))}) {
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
