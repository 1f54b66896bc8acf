#pragma once
// The per-player facts the Dutch criteria look at, computed once per round from the history.
#include <cstdint>
#include <vector>

#include "arbiter/pairing/dutch.h"

namespace arbiter::pairing::dutch {

enum class Float : std::uint8_t { Down, Up, None };

struct Player {
  int id = 0;     // pairing number
  int rank = 0;   // 0-based rank among the valid players (C.04.2 art. 2 order; colour rule 5.2.5)
  int score = 0;  // accelerated score used for pairing (tenths)
  int score_back[3] = {};  // accelerated score before the last 0/1/2 rounds
  // C.04.3 art. 1.6 / 1.7: colour difference (absolute value), preferred colour, and the colour
  // played in the last two played games when it was the same (else None).
  int imbalance = 0;
  std::optional<Color> preference;
  std::optional<Color> repeated;
  bool strong = false;
  bool absolute_imbalance() const { return imbalance > 1; }
  bool absolute() const { return absolute_imbalance() || repeated.has_value(); }
  bool bye_eligible = true;  // C.04.1 art. 4 (2026): no PAB / no win's points without playing
  int played_games = 0;
  Float floats[3] = {Float::None, Float::None, Float::None};  // [1]: last round, [2]: two back
  std::vector<int> played_opponents;  // sorted pairing numbers: met before or forbidden ([C1])
  const DutchPlayer* source = nullptr;
};

// The other colour of a preference; none stays none.
constexpr std::optional<Color> invert(std::optional<Color> c) {
  return c ? std::optional<Color>(~*c) : std::nullopt;
}

// C.04.3 art. 5: the colour the first player gets against the second.
Color allocate_colour(const Player& player, const Player& opponent, Color initial);

}  // namespace arbiter::pairing::dutch
