// Position::is_legal against the legal move generator: every normal move value (any from, any
// to) and every generated move, in the perft suites' positions (standard and Chess960: pins,
// checks, double checks, en passant, castling rights) and in the positions one and two plies
// after them. is_legal tests normal moves directly and must agree with the generator exactly.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/position.h"
#include "test_support.h"

using namespace arbiter;

namespace {

std::vector<Position> suite_positions(const std::string& name, size_t stride) {
  std::ifstream in(test::shared("data/perft/" + name));
  EXPECT_TRUE(in.good()) << name;
  auto suite = parse_perft_suite(in);
  EXPECT_TRUE(suite.ok()) << name;
  std::vector<Position> out;
  if (!suite.ok()) return out;
  for (size_t i = 0; i < suite->size(); i += stride) {
    auto p = Position::from_fen((*suite)[i].fen, false, true);
    EXPECT_TRUE(p.ok()) << (*suite)[i].fen;
    if (p.ok()) out.push_back(*p);
  }
  return out;
}

// Compares is_legal with the generated list on p; returns the number of legal moves seen.
int compare(const Position& p) {
  const MoveList legal = p.legal_moves();
  for (int from = 0; from < 64; ++from)
    for (int to = 0; to < 64; ++to) {
      const Move m = Move::normal(Square(from), Square(to));
      EXPECT_EQ(p.is_legal(m), legal.contains(m)) << p.fen() << " " << from << "-" << to;
    }
  for (Move m : legal) EXPECT_TRUE(p.is_legal(m)) << p.fen() << " " << m.raw();
  return int(legal.size());
}

TEST(IsLegal, AgreesWithTheGenerator) {
  struct Source {
    const char* file;
    size_t stride;
    int depth;  // plies played from each position
  };
  long moves = 0, positions = 0;
  for (const Source& s : {Source{"tricky.perft", 1, 2}, Source{"perftsuite.epd", 1, 1},
                          Source{"chess960.perft", 40, 1}, Source{"random-public.perft", 60, 1}}) {
    for (const Position& root : suite_positions(s.file, s.stride)) {
      std::vector<Position> layer{root};
      for (int d = 0; d <= s.depth; ++d) {
        std::vector<Position> next;
        for (const Position& p : layer) {
          moves += compare(p);
          ++positions;
          if (d < s.depth)
            for (Move m : p.legal_moves()) next.push_back(p.after(m));
        }
        layer = std::move(next);
      }
    }
  }
  EXPECT_GT(positions, 10000);
  RecordProperty("positions", std::to_string(positions));
  RecordProperty("legal_moves", std::to_string(moves));
}

}  // namespace
