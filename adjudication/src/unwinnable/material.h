#pragma once
// Material arguments: the winner's material alone can never give mate, whatever the loser's
// pieces do. Each rule here is a proof, stated next to its code.
#include <array>
#include <string>
#include <vector>

#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/position.h"
#include "unwinnable/distance.h"

namespace arbiter::adjudication::detail {

// True iff a material argument proves `winner` can never mate; sets `method` and `why`.
bool material_proves_unwinnable(const Position& pos, Color winner, Method* method,
                                std::string* why);

// A checkmate configuration to steer the helpmate search towards: goal[s] is the square the
// piece now on s should reach (SQ_NONE: no role in the mate).
struct MateGoal {
  std::array<Square, SQUARE_NB> goal;
  int distance = 0;  // rough number of moves needed
};
// For a winner with king and one knight or bishop (no pawns): up to `max_goals` mating
// configurations built from the pieces on the board, nearest first. Empty otherwise.
std::vector<MateGoal> mate_goals(const Position& pos, Color winner, std::size_t max_goals);

}  // namespace arbiter::adjudication::detail
