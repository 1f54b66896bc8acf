// A position's identity for the solver's tables and repetition checks: the Zobrist key (pieces,
// side to move, castling rights) with the en passant square mixed in, so that two positions with
// one identity have the same legal continuations. Never 0, which the tables use as the empty slot.
#pragma once

#include <cstdint>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

inline std::uint64_t identity(const Position& p) {
  const std::uint64_t k =
      p.key() ^ (p.ep_square() == SQ_NONE ? 0 : 0x9E3779B97F4A7C15ULL * (p.ep_square() + 1));
  return k ? k : 1;
}

}  // namespace arbiter::adjudication::detail
