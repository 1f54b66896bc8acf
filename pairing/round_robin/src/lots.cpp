// Drawing of lots for round-robin pairing numbers (C.05: pairing numbers are drawn by lot).
#include <random>
#include <stdexcept>

#include "arbiter/pairing/round_robin.h"
#include "arbiter/vocabulary/random.h"

namespace arbiter::pairing {

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
