#pragma once
#include <vector>

#include "dutch_player.h"
#include "rule_set.h"

namespace arbiter::pairing::dutch {

// Score (tenths, with acceleration) before the last rounds_back rounds.
int accelerated_score_before(const DutchPlayer& p, int played_rounds, int rounds_back);

// The players to pair this round, with their rank (art. 1.2) and criteria facts.
std::vector<Player> build_players(const DutchInput& in, const RuleSet& rules);

}  // namespace arbiter::pairing::dutch
