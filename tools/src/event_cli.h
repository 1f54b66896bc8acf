#pragma once
// Helpers of `arbiter event`: loading and saving the event under its lock, printing pairings,
// and the links to the other modules (pairing systems, Chess960 draw, standings, validation).
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_store.h"

namespace arbiter::cli::event {

using pairing::Event;
using pairing::Tpn;

// Runs `change` on the event under the lock and saves the result atomically (journalled for
// undo) with the one-line description it returns; nothing is saved when it throws.
void modify(const std::string& file, const std::function<std::string(Event&)>& change);
// Reads the event (under the lock, so never half way through another process's change).
Event load(const std::string& file);

// The round's boards, byes and absences as the arbiter posts them.
void print_round(std::ostream& os, const Event& e, int round);

// A pairing made by the event's system for round `round` (pairs white-black, 0 or the PAB).
struct RoundPairing {
  std::vector<std::pair<Tpn, Tpn>> games;
  Tpn pab = 0;
  std::vector<std::string> notes;  // audit lines (lots), one per line
};
// Pairs the next round with the event's system (Dutch or Berger tables); throws EventError
// when no legal pairing exists.
RoundPairing pair_round(Event& e, int round);

}  // namespace arbiter::cli::event
