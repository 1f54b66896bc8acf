#pragma once
// UCI long algebraic notation ("e2e4", "e7e8q"; chess960.md section 4).
#include <string>
#include <string_view>

#include "arbiter/engine/position.h"
#include "arbiter/engine/result.h"

namespace arbiter {

// Castling as the king's destination (e1g1) when the position is standard chess, as king takes
// own rook (e1h1) when pos.is_chess960() or chess960 is forced.
std::string to_uci(const Position& pos, Move m);
std::string to_uci(const Position& pos, Move m, bool chess960);
// Without a position: castling is always written king-takes-rook. "0000" for Move::none().
std::string to_uci(Move m);

struct UciError {
  std::string text;
  std::string reason;  // "malformed", "illegal in this position", ...
  std::string message() const;
};

// Parses a UCI move and checks it is legal. Castling is accepted as king takes rook (e1h1) in
// every position and, outside Chess960, also as the king's two-square step (e1g1).
Result<Move, UciError> parse_uci(const Position& pos, std::string_view text);

}  // namespace arbiter
