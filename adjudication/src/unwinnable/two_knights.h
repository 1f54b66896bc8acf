#pragma once
// King and two knights against a bare king: who can checkmate, decided by rule instead of by a
// search (which needs tens of thousands of nodes for some of these positions and may run out
// of its budget).
#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// True iff `side` has exactly king and two knights, the other side a bare king, and `side` can
// checkmate by some series of legal moves (Laws 5.2.2, 6.9, A.5.3). False proves nothing: for
// any other material, and for the two positions of this material where the mate is out of reach
// (stalemate, and the bare king to move with only captures of a knight, after which king and
// knight cannot mate), the caller asks the solver.
bool two_knights_can_mate(const Position& pos, Color side);

}  // namespace arbiter::adjudication::detail
