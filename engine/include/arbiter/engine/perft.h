#pragma once
// Perft: the number of leaf nodes of the legal move tree to a given depth (bulk counted at the
// last ply), and divide (the count below each root move).
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter {

std::uint64_t perft(const Position& pos, int depth);  // depth 0 -> 1
std::vector<std::pair<Move, std::uint64_t>> divide(const Position& pos, int depth);

// A transposition table for perft: subtree counts of positions already counted at the same
// remaining depth, keyed by the full 64-bit repetition key (pieces, side to move, castling
// rights, and the en passant square only when a capture there is legal, i.e. only when it
// changes the move tree). Owned by the caller, one per thread; it makes full-depth suite runs
// (hundreds of billions of nodes) several times faster. The benchmarks use the plain perft.
class PerftTable {
 public:
  explicit PerftTable(std::size_t megabytes);
  std::uint64_t probe(std::uint64_t key, int depth) const;  // ~0 when absent
  void store(std::uint64_t key, int depth, std::uint64_t count);

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::uint64_t data = 0;  // count << 8 | depth; depth 0 = empty
  };
  std::vector<Entry> entries_;
  std::uint64_t mask_ = 0;
};

std::uint64_t perft(const Position& pos, int depth, PerftTable& table);

}  // namespace arbiter
