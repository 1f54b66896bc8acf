#pragma once
// A TRF player's games as the rating calculation takes them (B.02 5.1): every round with an
// opponent, the opponent's rating from the file, unplayed games (forfeits, games of less than
// one move) marked as not rated.
#include <vector>

#include "arbiter/pairing/rating.h"
#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing::rating {

// The games of player `tpn` in round order; `rounds`, if given, receives each game's round.
// Score from the cell's result: 1 for 1, + and W; 0.5 for = and D; 0 otherwise.
std::vector<Game> games_of(const Tournament& t, Tpn tpn, std::vector<int>* rounds = nullptr);

}  // namespace arbiter::pairing::rating
