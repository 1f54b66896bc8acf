#pragma once
// Search with sound pruning: every position reachable from the root is enumerated (both sides'
// moves, a table of the positions already seen closes cycles and transpositions), except that a
// position a static argument proves unwinnable for the winner (material, or the confinement
// analysis with case splits, saturation.h) is not expanded. When the enumeration closes without
// a checkmate by the winner, no such checkmate is reachable. Forced sequences, a king boxed in
// whose every move lets a piece fall, a pawn that stalemates or is lost: the search follows
// the few lines that matter until each one ends or is proved dead.
#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/engine/position.h"
#include "unwinnable/reachable.h"

namespace arbiter::adjudication::detail {

struct PrunedResult {
  Reach outcome = Reach::TooLarge;
  std::vector<Move> line;   // MateFound: a mating line from the root
  std::uint64_t nodes = 0;  // moves played plus fixpoints computed
  std::size_t positions = 0, pruned = 0;
};

// The case-split analysis at the root (at most 200 fixpoints), then the pruned search: at most
// `expansions` positions expanded and `analyses` fixpoints computed in all (then TooLarge).
// `why` gets the argument when the outcome is NoMate.
PrunedResult prove_by_saturation(const Position& root, Color winner, std::size_t expansions,
                                 int analyses, ReachSpace& space, std::string* why);

}  // namespace arbiter::adjudication::detail
