#pragma once
// Board order of a Swiss round, as the endorsed pairing programs (bbpPairings, JaVaFo) print it
// and the event file publishes it: the pair with the higher score of its two players first, then
// the higher sum of their scores, then the better-ranked higher-ranked player (more points, then
// the lower pairing number). Scores are those before the round. The pairing-allocated bye is
// not a board: it comes last, outside `games`.
#include <utility>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

// Sorts `games` (white, black) of round `round` of `t` into board order (stable: pairs equal in
// all three keys keep their order).
void sort_boards(const Tournament& t, int round, std::vector<std::pair<Tpn, Tpn>>& games);

}  // namespace arbiter::pairing
