#pragma once
// Pairing one round of an event with the event's system: the Dutch Swiss (C.04.3) or the Berger
// tables (C.05 Annex 1) with the pairing numbers drawn by lot before round 1, the absences of a
// round robin turned into forfeits, and the result written into the event (event.h). The lots
// drawn from a digest of the seed (round 1's colour, the Chess960 start position) are
// event_lots.h's pair_with_lots, around pair_next_round.
#include <string>
#include <utility>
#include <vector>

#include "arbiter/pairing/event.h"

namespace arbiter::pairing {

// A pairing made by the event's system for one round (pairs white-black).
struct RoundPairing {
  std::vector<std::pair<Tpn, Tpn>> games;
  Tpn pab = 0;   // Swiss: the pairing-allocated bye (0: none)
  Tpn free = 0;  // round robin, odd number of players: the player meeting the dummy
  std::vector<std::pair<int, std::string>> forfeits;  // board -> result, known when pairing
  std::vector<std::string> notes;                     // audit lines (lots), one per line
};

// Whether round `round` of a Swiss event still needs its colour lot (C.04.3 5.2.5 leaves the
// colour of the top player in round 1 to the lot): pair_with_lots (event_lots.h) draws it,
// sets Tournament::initial_colour and records the audit line in EventSettings::lots.
bool needs_initial_colour_lot(const Event& e, int round);

// Pairs round `round` (the next round, prepared by prepare_round) with the event's system.
// Round robins: before round 1 the pairing numbers are drawn by lot from the event seed and
// the whole event renumbered; games of a withdrawn or absent player are forfeits. Throws
// EventError when no legal pairing exists or the round robin's size and rounds disagree.
RoundPairing pair_round(Event& e, int round);

// The whole of pairing the next round: prepare_round (no-show rule, byes), pair_round,
// apply_pairing, the round-robin free player and the forfeits known at pairing. Returns the
// round paired and every note (lots first, then the changes prepare_round made). The event is
// unchanged when it throws.
struct PairedRound {
  int round = 0;
  RoundPairing pairing;
  std::vector<std::string> notes;
};
PairedRound pair_next_round(Event& e, bool force);

}  // namespace arbiter::pairing
