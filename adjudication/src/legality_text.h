#pragma once
// Words shared by the legality messages of legality.cpp and retrograde.cpp.
#include <string>

#include "arbiter/engine/bitboard.h"
#include "arbiter/engine/types.h"

namespace arbiter::adjudication::detail {

// "white" / "black", as the legality messages write it inside a sentence.
inline const char* colour(Color c) { return c == WHITE ? "white" : "black"; }

// "e4, f5" for the squares of b, lowest first.
inline std::string squares(Bitboard b) {
  std::string out;
  for (; b;) {
    if (!out.empty()) out += ", ";
    out += square_name(pop_lsb(b));
  }
  return out;
}

}  // namespace arbiter::adjudication::detail
