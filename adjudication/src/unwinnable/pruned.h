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
  std::uint64_t nodes = 0;  // moves played plus the work of the fixpoints computed
  std::size_t positions = 0, pruned = 0;
};

// The case-split analysis at the root (at most 400 units of fixpoint work, see saturation.h),
// then, unless `expansions` is 0, the pruned search: at most `expansions` positions expanded
// and `work` units of fixpoint work in all (then TooLarge). `why` gets the argument when the
// outcome is NoMate.
PrunedResult prove_by_saturation(const Position& root, Color winner, std::size_t expansions,
                                 int work, ReachSpace& space, std::string* why);

// Tempo positions: the winner, were it to move, could only push pawns (its king and pieces have
// no legal move and no capture is open to it) and every one of its pawns has a loser pawn ahead
// on its file. Its moves are then few until the loser gives it something to take, and every
// line of play either runs it out of moves or lets it capture or promote, so the reachable set
// is usually small enough to enumerate in full (enumerate_reachable, at most `cap` positions and
// `move_cap` moves), which proves or refutes a mate; TooLarge (nodes 0) when the position is
// not of that kind.
PrunedResult prove_by_tempo(const Position& root, Color winner, std::size_t cap,
                            std::uint64_t move_cap, ReachSpace& space, std::string* why);

}  // namespace arbiter::adjudication::detail
