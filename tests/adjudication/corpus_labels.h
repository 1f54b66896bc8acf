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

}  // namespace arbiter::test
