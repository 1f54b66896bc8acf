#pragma once
// Breadth-first enumeration of every position reachable from a root (both sides' moves, no
// heuristics, no depth bound, a table of the positions already seen). When the whole reachable
// set fits under the cap and holds no checkmate by `winner`, that is a proof that `winner` can
// never mate: every line of play stays inside the set. Positions where `winner` has only its king
// are not expanded (a bare king never gives check). A mate found comes with the shortest line.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "arbiter/common/huge_pages.h"
#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// The large buffers of the enumerations: from 1 MB on huge pages. On a virtual machine a page
// fault costs tens of microseconds: the 100 MB first touched by the community file's largest
// enumerations took more time in faults than in the enumeration itself.
template <class T>
using HugePageVector = std::vector<T, common::HugePageAllocator<T, std::size_t(1) << 20>>;

enum class Reach : std::uint8_t { MateFound, NoMate, TooLarge };

struct ReachResult {
  Reach outcome = Reach::TooLarge;
  std::vector<Move> line;   // MateFound: the mating line from the root
  std::uint64_t nodes = 0;  // moves played
  std::size_t positions = 0;
};

// The memory of an enumeration, kept by a Solver between queries (so that the pages are only
// faulted in once). Every position recorded keeps its parent and the move to it (8 bytes: the
// lines), in breadth-first order; the positions themselves only for the level being expanded
// and the next one (a full Position for each of 280,000 recorded positions took 49 MB, the page
// faults of which cost more than the enumeration). The seen set is an open-addressing table of
// keys that doubles when half full (a table sized for the cap up front cost a memset of 8 MB
// for enumerations that stop after a few thousand positions).
struct ReachSpace {
  struct Node {
    std::uint32_t parent;
    Move move;
  };
  HugePageVector<Node> nodes;
  HugePageVector<Position> level, next;  // the positions of [level_begin, level_end) and after
  std::size_t level_begin = 0, level_end = 1;
  HugePageVector<std::uint64_t> keys;  // 0: empty slot
  std::uint64_t mask = 0;
  std::size_t count = 0;  // keys in the table

  // Starts an enumeration from `root` (`positions`: the expected size, a hint).
  void start(const Position& root, std::size_t positions) {
    nodes.clear();
    level.clear();
    next.clear();
    std::size_t slots = 4096;
    while (slots < 2 * std::min<std::size_t>(positions, 2048)) slots *= 2;
    keys.assign(slots, 0);
    mask = slots - 1;
    count = 0;
    nodes.push_back({0, Move::none()});
    level.push_back(root);
    level_begin = 0, level_end = 1;
  }
  // The position of node `head`, which is in the current level or, once it is done, the first of
  // the next (the enumerations take the nodes in order).
  const Position& position(std::size_t head) {
    if (head == level_end) {
      level.swap(next);
      next.clear();
      // The two buffers trade places at each level: the empty one grows to the other's size
      // (once per process and size, not at every level of every query, each growth faulting
      // fresh pages in).
      if (next.capacity() < level.capacity()) next.reserve(level.capacity());
      level_begin = level_end, level_end = nodes.size();
    }
    return level[head - level_begin];
  }
  // Records a position of the next level, reached from node `parent` by `move`.
  void add(const Position& p, std::uint32_t parent, Move move) {
    nodes.push_back({parent, move});
    next.push_back(p);
  }
  // Inserts the identity `k` (never 0); false if it was there already (linear probing).
  bool insert(std::uint64_t k) {
    for (std::uint64_t i = slot(k);; i = (i + 1) & mask) {
      if (keys[i] == k) return false;
      if (!keys[i]) {
        keys[i] = k;
        if (2 * ++count > keys.size()) grow();
        return true;
      }
    }
  }
  // The moves from the root to node `i`.
  std::vector<Move> line_to(std::size_t i) const {
    std::vector<Move> line;
    for (; i != 0; i = nodes[i].parent) line.push_back(nodes[i].move);
    return {line.rbegin(), line.rend()};
  }

 private:
  HugePageVector<std::uint64_t> old_keys;  // the keys being moved by grow()
  std::uint64_t slot(std::uint64_t k) const { return (k * 0x9E3779B97F4A7C15ULL) >> 20 & mask; }
  // Both vectors keep their capacity from query to query: a fresh buffer for each doubling was
  // faulted in again by every large enumeration (the page faults cost more than the inserts).
  void grow() {
    old_keys.assign(keys.begin(), keys.end());
    keys.assign(2 * keys.size(), 0);
    mask = keys.size() - 1;
    for (std::uint64_t k : old_keys)
      if (k)
        for (std::uint64_t i = slot(k);; i = (i + 1) & mask)
          if (!keys[i]) {
            keys[i] = k;
            break;
          }
  }
};

// Enumerates at most `cap` distinct positions (and plays at most `move_cap` moves); gives up
// (TooLarge) as soon as a level past 2,000 positions grows more than `growth`-fold.
ReachResult enumerate_reachable(const Position& root, Color winner, std::size_t cap,
                                std::uint64_t move_cap, ReachSpace& space, std::size_t growth = 6);

}  // namespace arbiter::adjudication::detail
