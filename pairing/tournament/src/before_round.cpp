// The tournament before a round's pairing (tournament.h: before_round): what an arbiter knew
// when round R was paired, rebuilt from a file that records R and later rounds.
#include <cassert>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

namespace {

// Round `round`'s cell as known before its pairing, or nullopt when the pairing made it.
// TRF-16 (and TRF-2026 cell codes): blank = absent = Z; a cell without an opponent and not the
// PAB is a bye or absence the arbiter knew of before pairing (requested H/F, Z, a forfeit
// without opponent "0000 - -"); a cell with an opponent or the PAB is the pairing's own work.
std::optional<RoundEntry> known_before_pairing(RoundEntry e) {
  if (!e.absent()) return std::nullopt;
  if (e.result == ResultCode::None) e.result = ResultCode::ZeroBye;
  assert(!e.has_opponent() && e.result != ResultCode::PairingBye);
  return e;
}

}  // namespace

Tournament before_round(const Tournament& t, int round) {
  assert(round >= 1);
  Tournament c = t;
  c.initial_colour = t.initial_colour_or_inferred();  // round 1's colours tell it; keep it
  if (c.total_rounds == 0) c.total_rounds = t.rounds_to_play();
  for (auto& p : c.players) {
    const std::optional<RoundEntry> known = known_before_pairing(p.round(round));
    p.rounds.resize(size_t(round - 1));  // rounds the player's line skips are blank (= absent)
    if (known) p.rounds.push_back(*known);
    p.recorded_points.reset();
    assert(int(p.rounds.size()) <= round);
  }
  c.declared_byes.clear();
  assert(c.paired_rounds() <= round - 1);
  return c;
}

}  // namespace arbiter::pairing
