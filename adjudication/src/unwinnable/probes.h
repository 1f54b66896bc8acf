#pragma once
// Probes for hard queries (composed positions) that the earlier phases leave open although a
// helpmate exists: long lines in which locked pawn chains are broken by captures, pawns race to
// promote (often to a minor piece) and the new piece mates, or a king walks across the board.
// Each probe is a helpmate search with a cost model built for one such plan; a line it returns
// ends in a checkmate by the winner (a witness), and failing proves nothing.
#include <cstdint>
#include <vector>

#include "arbiter/engine/position.h"
#include "unwinnable/search.h"

namespace arbiter::adjudication::detail {

// Runs the probes from `root` with at most `budget` moves looked at in all (`*nodes` counts
// them). True when a mating line was found (in `line`).
bool probe_helpmates(const Position& root, Color winner, std::uint64_t budget,
                     TranspositionTable& tt, std::vector<Move>& line, std::uint64_t* nodes);

}  // namespace arbiter::adjudication::detail
