#pragma once
// Events built through the library for its unit tests: `players` entrants PlayerA, PlayerB, ...
// rated 2400, 2390, ... (registration order is rating order).
#include <string>

#include "arbiter/pairing/event.h"

namespace arbiter::pairing::test {

inline Event event_with_players(const EventSettings& s, int players) {
  Event e = new_event(s, {"Test", "Zaragoza", "ESP", "1919/01/01", "", "", ""});
  for (int i = 0; i < players; ++i) {
    Registration r;
    r.name = "Player" + std::string(1, char('A' + i)) + ", X";
    r.ratings.standard = 2400 - 10 * i;
    register_player(e, r);
  }
  return e;
}

}  // namespace arbiter::pairing::test
