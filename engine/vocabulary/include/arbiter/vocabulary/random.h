#pragma once
// The one pseudo-random generator of arbiter's libraries (DEVELOPERS: one name per concept):
// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014;
// Vigna's reference splitmix64.c). Fully specified and constexpr, so a seed gives the same
// numbers on every compiler and platform (std::mt19937's distributions are not specified bit for
// bit) and at compile time. Used for the Zobrist keys (engine zobrist.h, at compile time), the
// fallback build's magic search (bitboard.cpp), the drawing of lots (round robin, C.05), lots
// between tied players (standings), play-off draws and `arbiter generate`'s dice.
#include <cstdint>

namespace arbiter {

struct SplitMix64 {
  std::uint64_t state;  // any value, 0 included

  constexpr std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound) by rejection (no modulo bias); bound > 0.
  constexpr std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % bound);
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % bound;
  }

  // About 1/8 of the bits set: the candidates a magic-number search tries first.
  constexpr std::uint64_t sparse() { return next() & next() & next(); }
};

// The first output of the generator seeded with x: a hash of x, for a lot drawn from a seed
// without keeping a generator's state.
constexpr std::uint64_t splitmix64(std::uint64_t x) { return SplitMix64{x}.next(); }

}  // namespace arbiter
