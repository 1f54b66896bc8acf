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
  // Non-king pieces found capturable while they were still counted steady (the candidates
  // for a case split, see saturation.h); a hint only, never used as a fact.
  Bitboard threatened = 0;
  // Extra walls for the attacks of the piece on s, valid as long as it stands there (set by
  // the case splits for a piece that never moves: the walls of the analysis in which it is
  // also never captured hold until it is; see saturation.cpp). Empty by default.
  Bitboard walls_while_here[SQUARE_NB]{};
  int iterations = 0;
};

// An assumption that restricts the continuations considered (one case of a case split; see
// saturation.h): `immovable` pieces never move (they may be captured where they stand);
// `untouchable` pieces are never captured on their square before they have first moved. The
// analysis then holds for every continuation in which the assumption is true.
struct Assumption {
  Bitboard immovable = 0;
  Bitboard untouchable = 0;
};

// `winner`: the side whose mates matter (COLOR_NB: either side's); a king move of the loser's
// that stalemates the winner is then never followed (see the stalemate traps in confine()).
Confinement confine(const Position& pos, Color winner = COLOR_NB, const Assumption& a = {});

// True iff the confinement proves `winner` can never checkmate; fills `why`.
bool confinement_proves_unwinnable(const Position& pos, const Confinement& c, Color winner,
                                   std::string* why);

}  // namespace arbiter::adjudication::detail
