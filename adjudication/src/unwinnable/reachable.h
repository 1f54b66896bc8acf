#pragma once
// Breadth-first enumeration of every position reachable from a root (both sides' moves, no
// heuristics, no depth bound, a table of the positions already seen). When the whole reachable
// set fits under the cap and holds no checkmate by `winner`, that is a proof that `winner` can
// never mate: every line of play stays inside the set. Positions where `winner` has only its king
// are not expanded (a bare king never gives check). A mate found comes with the shortest line.
#include <cstdint>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

enum class Reach : std::uint8_t { MateFound, NoMate, TooLarge };

struct ReachResult {
  Reach outcome = Reach::TooLarge;
  std::vector<Move> line;   // MateFound: the mating line from the root
  std::uint64_t nodes = 0;  // moves played
  std::size_t positions = 0;
};

// The memory of an enumeration, kept by a Solver between queries (so that the pages are only
// faulted in once): the positions in breadth-first order and an open-addressing set of keys.
struct ReachSpace {
  struct Node {
    Position pos;
    std::uint32_t parent;
    Move move;
  };
  std::vector<Node> nodes;
  std::vector<std::uint64_t> keys;  // 0: empty slot
};

// Enumerates at most `cap` distinct positions (and plays at most `move_cap` moves).
ReachResult enumerate_reachable(const Position& root, Color winner, std::size_t cap,
                                std::uint64_t move_cap, ReachSpace& space);

}  // namespace arbiter::adjudication::detail
