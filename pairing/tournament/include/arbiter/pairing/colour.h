#pragma once
// The colour a player has (or had) in a round: the one colour type of the pairing libraries
// (the tournament model, TRF, the Dutch system and round robin). The engine's side to move is
// arbiter::Color (engine/types.h), which has no "none".
#include <cstdint>

namespace arbiter::pairing {

enum class Colour : std::uint8_t { None, White, Black };

constexpr Colour opposite(Colour c) {
  return c == Colour::White ? Colour::Black : c == Colour::Black ? Colour::White : Colour::None;
}

}  // namespace arbiter::pairing
