// The labels of a shared unwinnability corpus (../shared/data/unwinnability/NAME): (FEN, side) ->
// verdict, so that a test picks its queries by FEN and side and takes the expected verdict from
// the corpus, never from a constant of its own. The header line (`fen<TAB>side...`) is skipped.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
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

// The query with colours reversed: the board upside down, every piece of the other colour, the
// other side to move and the other side asking (for queries without castling rights or en
// passant square, which come out as "- -"). A rule stated for either colour decides it alike.
inline std::pair<std::string, std::string> colours_reversed(
    const std::pair<std::string, std::string>& q) {
  const std::size_t sp = q.first.find(' ');
  std::vector<std::string> ranks;
  std::istringstream in(q.first.substr(0, sp));
  for (std::string r; std::getline(in, r, '/');) ranks.push_back(r);
  std::string board;
  for (auto r = ranks.rbegin(); r != ranks.rend(); ++r) {
    if (!board.empty()) board += '/';
    for (char c : *r)
      board += std::isupper(static_cast<unsigned char>(c))   ? char(std::tolower(c))
               : std::islower(static_cast<unsigned char>(c)) ? char(std::toupper(c))
                                                             : c;
  }
  const char turn = q.first[sp + 1] == 'w' ? 'b' : 'w';
  return {board + ' ' + turn + " - -", q.second == "w" ? "b" : "w"};
}

// The query mirrored left to right (files a and h exchanged): each rank's FEN text reversed, the
// digits of empty runs included.
inline std::pair<std::string, std::string> files_mirrored(
    const std::pair<std::string, std::string>& q) {
  const std::size_t sp = q.first.find(' ');
  std::string board = q.first.substr(0, sp);
  for (std::size_t b = 0; b <= board.size();) {
    const std::size_t e = std::min(board.find('/', b), board.size());
    std::reverse(board.begin() + b, board.begin() + e);
    b = e + 1;
  }
  return {board + q.first.substr(sp), q.second};
}

}  // namespace arbiter::test
