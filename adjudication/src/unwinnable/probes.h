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

// Where the plan mates the loser's king.
enum class ProbeCorner : std::uint8_t {
  LoserBack,   // the corner of the loser's back rank that the winner's bishops cover
  WinnerKing,  // the corner nearest the winner's king (when it is not that one)
};

// Runs the probe from `root` with at most `budget` moves looked at (`*nodes` counts them). True
// when a mating line was found (in `line`).
bool probe_helpmates(const Position& root, Color winner, ProbeCorner where, std::uint64_t budget,
                     TranspositionTable& tt, std::vector<Move>& line, std::uint64_t* nodes);

// How a probe searches: `Plan`, cheap moves first; `Sweep`, with the loser's promotions rewarded
// (without pawns on one side the mate usually needs a promoted blocker) and, when the loser has
// only pawns besides its king, in the order the moves are generated (which reaches the lines
// waiting on a promotion far sooner, and some others far later); `PlanPromotions`, cheap moves
// first with the loser's promotions rewarded.
enum class ProbeStyle : std::uint8_t { Plan, Sweep, PlanPromotions };

// One probe with its plan mating in `corner`.
bool probe_corner(const Position& root, Color winner, Square corner, ProbeStyle style,
                  std::uint64_t budget, TranspositionTable& tt, std::vector<Move>& line,
                  std::uint64_t* nodes);

// The corners a sweep tries: those of the colour of the winner's bishops when they are all it
// has besides its king and pawns (else all four), nearest to the winner's king first.
std::vector<Square> sweep_corners(const Position& root, Color winner);

// Probes in the Sweep style on each of sweep_corners(), each with an even share of what is
// left of `budget`: for positions without pawns on one side, where the plan of
// probe_helpmates does not apply, and for a composed position's other corners.
bool probe_sweep(const Position& root, Color winner, std::uint64_t budget, TranspositionTable& tt,
                 std::vector<Move>& line, std::uint64_t* nodes);

}  // namespace arbiter::adjudication::detail
