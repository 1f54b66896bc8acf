#pragma once
// Confinement analysis: a sound over-approximation of where every piece can ever go, computed
// as a fixpoint. Pieces that provably never move and are never captured ("steady", e.g. the
// pawns of a locked chain) are walls; kings may not step onto squares that steady enemy pieces
// attack for ever. From the fixpoint we decide whether the winner can ever give check on a
// square the loser's king can reach, and whether its flight squares could ever all be covered.
// Every conclusion holds for every legal continuation (see the induction in confinement.cpp).
#include <string>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

struct Confinement {
  Bitboard reach[SQUARE_NB]{};  // squares the piece now on s may ever stand on (over-approx.)
  Bitboard hits[SQUARE_NB]{};   // squares where it may ever capture (over-approx.)
  bool promotes[SQUARE_NB]{};   // a pawn that may reach its last rank
  Bitboard steady = 0;          // pieces that never move and are never captured (under-approx.)
  Bitboard kings_steady = 0;
  int iterations = 0;
};

// `winner`: the side whose mates matter (COLOR_NB: either side's); a king move of the loser's
// that stalemates the winner is then never followed (see the stalemate traps in confine()).
Confinement confine(const Position& pos, Color winner = COLOR_NB);

// True iff the confinement proves `winner` can never checkmate; fills `why`.
bool confinement_proves_unwinnable(const Position& pos, const Confinement& c, Color winner,
                                   std::string* why);

}  // namespace arbiter::adjudication::detail
