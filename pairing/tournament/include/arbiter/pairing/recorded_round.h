#pragma once
// A round's pairing as the tournament file records it: the games and the pairing-allocated bye,
// what `arbiter pair --check` compares the engine's pairing (or the Berger table) with. Byes and
// absences the arbiter knew of before the pairing (H, F, Z, '-' without an opponent) are not part
// of the pairing (C.04.1 art. 3/4: the PAB is the only bye the pairing allocates).
#include <utility>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

struct RecordedRound {
  std::vector<std::pair<Tpn, Tpn>> games;  // (white, black), by the listed player's number
  Tpn bye = 0;                             // the PAB's player, 0 = none
  bool operator==(const RecordedRound&) const = default;
};

// Each game of round `round` once: from its white player's cell, or, when neither cell records a
// colour (a forfeit written "0003 - +"), with the lower pairing number first.
RecordedRound recorded_round(const Tournament& t, int round);

}  // namespace arbiter::pairing
