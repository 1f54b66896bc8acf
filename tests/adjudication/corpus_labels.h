// The labels of a shared unwinnability corpus (../shared/data/unwinnability/NAME): (FEN, side) ->
// verdict, so that a test picks its queries by FEN and side and takes the expected verdict from
// the corpus, never from a constant of its own. The header line (`fen<TAB>side...`) is skipped.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/adjudication/unwinnability.h"
#include "test_support.h"

namespace arbiter::test {

inline std::map<std::pair<std::string, std::string>, std::string> corpus_labels(
    const std::string& name) {
  std::map<std::pair<std::string, std::string>, std::string> out;
  std::ifstream in(shared("data/unwinnability/" + name));
  EXPECT_TRUE(in) << "missing corpus " << name;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.rfind("fen\t", 0) == 0) continue;
    std::istringstream ls(line);
    std::string fen, side, label;
    std::getline(ls, fen, '\t');
    std::getline(ls, side, '\t');
    std::getline(ls, label, '\t');
    out[{fen, side}] = label;
  }
  return out;
}

// Solves each (FEN, side) of `queries` with one Solver at the default budget and expects the
// corpus label of `corpus` (a decided verdict), and a witness that replays to the mate.
inline void expect_decided_as_labelled(
    const std::string& corpus, const std::vector<std::pair<std::string, std::string>>& queries) {
  const auto label = corpus_labels(corpus);
  arbiter::adjudication::Solver solver;
  for (const auto& [fen, side] : queries) {
    const auto it = label.find({fen, side});
    ASSERT_NE(it, label.end()) << fen << " side " << side << " is not in " << corpus;
    const auto pos = arbiter::Position::from_fen(fen, false, true);
    ASSERT_TRUE(pos.ok()) << fen;
    const auto colour = side == "w" ? arbiter::WHITE : arbiter::BLACK;
    const auto r = solver.can_checkmate(*pos, colour);
    EXPECT_EQ(arbiter::adjudication::verdict_name(r.verdict), it->second)
        << corpus << ": " << fen << " side " << side << ": " << r.reason;
    if (r.verdict == arbiter::adjudication::Verdict::Winnable) {
      EXPECT_TRUE(arbiter::adjudication::replays_to_mate(*pos, r.witness, colour));
    }
  }
}

// Asserts that every (FEN, side) of `queries` is in `corpus` with the label `expected` (so that a
// test about, say, winnable positions cannot silently pick an unwinnable one), then solves them
// as expect_decided_as_labelled does.
inline void expect_labelled(const std::string& corpus,
                            const std::vector<std::pair<std::string, std::string>>& queries,
                            const std::string& expected) {
  const auto labels = corpus_labels(corpus);
  for (const auto& q : queries) {
    const auto it = labels.find(q);
    ASSERT_NE(it, labels.end()) << q.first << " is not in " << corpus;
    ASSERT_EQ(it->second, expected) << q.first;
  }
  expect_decided_as_labelled(corpus, queries);
}

}  // namespace arbiter::test
