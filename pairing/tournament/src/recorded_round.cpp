// A round's pairing as the file records it (see recorded_round.h).
#include "arbiter/pairing/recorded_round.h"

namespace arbiter::pairing {

RecordedRound recorded_round(const Tournament& t, int round) {
  RecordedRound r;
  for (const auto& pl : t.players) {
    const RoundEntry e = pl.round(round);
    if (e.pairing_bye())
      r.bye = pl.tpn;
    else if (e.has_opponent() && e.colour == WHITE)
      r.games.emplace_back(pl.tpn, e.opponent);
    else if (e.has_opponent() && !e.colour && pl.tpn < e.opponent)
      r.games.emplace_back(pl.tpn, e.opponent);
  }
  return r;
}

}  // namespace arbiter::pairing
