#pragma once
// Breadth-first enumeration of every position reachable from a root (both sides' moves, no
// heuristics, no depth bound, a table of the positions already seen). When the whole reachable
// set fits under the cap and holds no checkmate by `winner`, that is a proof that `winner` can
// never mate: every line of play stays inside the set. Positions where `winner` has only its king
// are not expanded (a bare king never gives check). A mate found comes with the shortest line.
#include <algorithm>
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
  std::uint64_t mask = 0;

  // Starts an enumeration from `root` with room for at least `positions` keys (at most half full).
  void start(const Position& root, std::size_t positions) {
    nodes.clear();
    std::size_t slots = 1024;
    while (slots < 2 * positions) slots *= 2;
    if (keys.size() < slots) keys.resize(slots);
    std::fill(keys.begin(), keys.begin() + std::ptrdiff_t(slots), 0);
    mask = slots - 1;
    nodes.push_back({root, 0, Move::none()});
  }
  // Inserts the identity `k` (never 0); false if it was there already (linear probing).
  bool insert(std::uint64_t k) {
    for (std::uint64_t i = (k * 0x9E3779B97F4A7C15ULL) >> 20 & mask;; i = (i + 1) & mask) {
      if (keys[i] == k) return false;
      if (!keys[i]) return keys[i] = k, true;
    }
  }
  // The moves from the root to node `i`.
  std::vector<Move> line_to(std::size_t i) const {
    std::vector<Move> line;
    for (; i != 0; i = nodes[i].parent) line.push_back(nodes[i].move);
    return {line.rbegin(), line.rend()};
  }
};

// Enumerates at most `cap` distinct positions (and plays at most `move_cap` moves).
ReachResult enumerate_reachable(const Position& root, Color winner, std::size_t cap,
                                std::uint64_t move_cap, ReachSpace& space);

}  // namespace arbiter::adjudication::detail
