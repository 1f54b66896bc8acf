#pragma once
// What the validate_*_test.cpp files share: the report of one typed game, and its issues
// counted by code (and ply) or written out for a failing expectation.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"

namespace arbiter::validate_test {

// The report of the one game in `text` (a test fails if it holds another number of games).
inline adjudication::GameReport validate_one(const std::string& text,
                                             const adjudication::ValidateOptions& o = {}) {
  auto games = pgn::read_all(text);
  EXPECT_EQ(games.size(), 1u);
  return adjudication::validate_game(games.at(0), o);
}

// How many issues of `code` the report holds (at ply `ply`, or at any ply when it is -1).
inline int count(const adjudication::GameReport& r, std::string_view code, int ply = -1) {
  int n = 0;
  for (auto& i : r.issues) n += i.code == code && (ply < 0 || i.ply == ply);
  return n;
}

// Every issue, one a line, for the message of a failing expectation.
inline std::string dump(const adjudication::GameReport& r) {
  std::string s;
  for (auto& i : r.issues) s += i.code + " ply " + std::to_string(i.ply) + ": " + i.message + "\n";
  return s;
}

}  // namespace arbiter::validate_test
