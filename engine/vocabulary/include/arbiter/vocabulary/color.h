#pragma once
// The one colour type of arbiter's libraries (DEVELOPERS: one name per concept): the side to move
// and a piece's colour in the engine, a player's colour in a round in the pairing libraries.
// A plain enum with the values 0 and 1 (Stockfish style) so that it indexes tables directly.
// "No colour" (a bye, an absence, a preference not yet formed) is std::optional<Color>, never a
// third value: COLOR_NB only counts the colours.
#include <cstdint>

namespace arbiter {

enum Color : std::uint8_t { WHITE = 0, BLACK = 1, COLOR_NB = 2 };

// The other colour.
constexpr Color operator~(Color c) { return Color(c ^ 1); }

}  // namespace arbiter
