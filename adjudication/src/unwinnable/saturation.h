#pragma once
// Case splits over the confinement analysis (confinement.h). A locked structure often opens
// only if one particular piece is captured on its square, and the capture itself is what lets
// the capturer in: the plain fixpoint then grants everything. Every continuation of the game
// falls into one of two cases for a piece X on square s:
//   A. X is never captured on s before it has first moved (it moves first, or is never taken);
//   B. X never moves (it may be captured on s).
// (A continuation in which X moves has X uncaptured until then: case A; one in which X never
// moves is case B.) If the analysis under each assumption proves that no continuation of that
// case mates, no continuation mates at all. Cases are split again, up to a depth.
#include <string>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// True iff the confinement analysis, with case splits on the pieces it finds capturable (at
// most `depth` nested splits), proves that `winner` can never checkmate from `pos`. Each
// fixpoint computed is taken from `*analyses`; it gives up when that runs out.
bool split_proves_unwinnable(const Position& pos, Color winner, int depth, int* analyses);

}  // namespace arbiter::adjudication::detail
