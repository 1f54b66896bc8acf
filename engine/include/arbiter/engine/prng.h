#pragma once
// The engine's one pseudo-random generator: xorshift64* (Vigna, "An experimental exploration of
// Marsaglia's xorshift generators, scrambled", 2016; Stockfish's PRNG). Deterministic and
// constexpr: the Zobrist keys (zobrist.h) are made from it at compile time and the fallback
// build's magic search (bitboard.cpp) from a fixed seed, so both are the same in every build.
#include <cstdint>

namespace arbiter::detail {

struct Xorshift64Star {
  std::uint64_t s;  // never 0 (0 is a fixed point)
  constexpr std::uint64_t next() {
    s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  // About 1/8 of the bits set: the candidates a magic-number search tries first.
  constexpr std::uint64_t sparse() { return next() & next() & next(); }
};

}  // namespace arbiter::detail
