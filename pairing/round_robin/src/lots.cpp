// Drawing of lots for round-robin pairing numbers (C.05: pairing numbers are drawn by lot).
#include <random>
#include <stdexcept>

#include "arbiter/pairing/round_robin.h"

namespace arbiter::pairing {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): fully specified, so a seed gives the same draw on
// every compiler and platform.
struct SplitMix64 {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound) by rejection (no modulo bias).
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % bound);
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % bound;
  }
};

}  // namespace

LotDraw draw_lots(int players, std::optional<std::uint64_t> seed) {
  if (players < 1) throw std::invalid_argument("drawing of lots needs at least one player");
  LotDraw d;
  d.seed_given = seed.has_value();
  if (seed) {
    d.seed = *seed;
  } else {
    std::random_device rd;
    d.seed = (std::uint64_t(rd()) << 32) ^ rd();
  }
  SplitMix64 rng{d.seed};
  d.number_of.resize(players);
  for (int i = 0; i < players; ++i) d.number_of[i] = i + 1;
  for (int i = players - 1; i > 0; --i)  // Fisher-Yates
    std::swap(d.number_of[i], d.number_of[rng.below(std::uint64_t(i) + 1)]);
  d.audit = "lots: " + std::to_string(players) + " players, seed " + std::to_string(d.seed) +
            (d.seed_given ? " (given)" : " (random)") +
            ", SplitMix64 Fisher-Yates; entrant->number";
  for (int i = 0; i < players; ++i)
    d.audit.append(" ")
        .append(std::to_string(i + 1))
        .append("->")
        .append(std::to_string(d.number_of[i]));
  return d;
}

}  // namespace arbiter::pairing
