// Case splits over the confinement analysis (see saturation.h).
//
// Soundness: by induction on the split tree. A leaf is the analysis under the conjunction of
// the assumptions on its path, which holds for every continuation satisfying them (see
// confinement.cpp). A split on X refines the current case into "X never captured on its square
// before it moves" and "X never moves", whose union is the current case; so if neither
// sub-case contains a mating continuation, the current case contains none either.
#include "unwinnable/saturation.h"

#include "unwinnable/confinement.h"

namespace arbiter::adjudication::detail {
namespace {

bool prove(const Position& pos, Color winner, const Assumption& a, int depth, int* analyses) {
  if (--*analyses < 0) return false;
  Confinement c = confine(pos, winner, a);
  if (confinement_proves_unwinnable(pos, c, winner, nullptr)) return true;
  // A winner's slider that never moves (in this case) gives check only while it has not been
  // captured. Until then the case's assumption holds together with "it is never captured on
  // its square", so the pieces steady in that analysis stand in its rays at every moment it
  // could give check (a line that opens only once it is gone is no check by it).
  bool sharper = false;
  for (Bitboard b =
           a.immovable & pos.pieces(winner) & (pos.pieces(BISHOP, ROOK) | pos.pieces(QUEEN));
       b;) {
    const Square x = pop_lsb(b);
    if (c.steady & square_bb(x)) continue;  // never captured in this case anyway
    if (--*analyses < 0) return false;
    Assumption alive = a;
    alive.untouchable |= square_bb(x);
    c.walls_while_here[x] = confine(pos, winner, alive).steady;
    sharper = true;
  }
  if (sharper && confinement_proves_unwinnable(pos, c, winner, nullptr)) return true;
  if (depth == 0) return false;
  for (Bitboard b = c.threatened & ~(a.immovable | a.untouchable); b;) {
    const Bitboard x = square_bb(pop_lsb(b));
    Assumption untouched = a, still = a;
    untouched.untouchable |= x;
    still.immovable |= x;
    if (prove(pos, winner, untouched, depth - 1, analyses) &&
        prove(pos, winner, still, depth - 1, analyses))
      return true;
    if (*analyses < 0) return false;
  }
  return false;
}

}  // namespace

bool split_proves_unwinnable(const Position& pos, Color winner, int depth, int* analyses) {
  return prove(pos, winner, Assumption{}, depth, analyses);
}

}  // namespace arbiter::adjudication::detail
