#pragma once
// Zobrist keys, generated at compile time from a fixed SplitMix64 sequence (the libraries' one
// generator, arbiter/vocabulary/random.h) so that keys are identical across builds and runs. In a
// header (detail namespace) so that Position::play, which updates the key, inlines into the replay
// loops of other libraries.
#include <cstdint>

#include "arbiter/engine/types.h"
#include "arbiter/vocabulary/random.h"

namespace arbiter::detail {

struct ZobristKeys {
  std::uint64_t piece[PIECE_NB][SQUARE_NB]{};
  std::uint64_t castling[SQUARE_NB]{};  // one key per castling rook square
  std::uint64_t ep_file[FILE_NB]{};
  std::uint64_t black_to_move = 0;
  constexpr ZobristKeys() {
    SplitMix64 rng{0x2545F4914F6CDD1DULL};
    for (auto& p : piece)
      for (auto& k : p) k = rng.next();
    for (auto& k : castling) k = rng.next();
    for (auto& k : ep_file) k = rng.next();
    black_to_move = rng.next();
  }
};
inline constexpr ZobristKeys kZobrist{};

}  // namespace arbiter::detail
