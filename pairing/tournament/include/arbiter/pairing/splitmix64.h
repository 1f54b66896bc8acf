#pragma once
// The one pseudo-random generator of the pairing libraries: SplitMix64 (Steele, Lea, Flood
// 2014). Fully specified, so a seed gives the same lots on every compiler and platform
// (std::mt19937's distributions are not specified bit for bit). Used for the drawing of lots
// (round robin, C.05), lots between tied players (standings) and play-off draws.
#include <cstdint>

namespace arbiter::pairing {

struct SplitMix64 {
  std::uint64_t state;

  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound) by rejection (no modulo bias); bound > 0.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % bound);
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % bound;
  }
};

// The first output of the generator seeded with x: a hash of x, for a lot drawn from a seed
// without keeping a generator's state.
inline std::uint64_t splitmix64(std::uint64_t x) { return SplitMix64{x}.next(); }

}  // namespace arbiter::pairing
