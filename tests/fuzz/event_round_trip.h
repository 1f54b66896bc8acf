#pragma once
// What the event-file and CSV fuzz targets check of every event they obtain: it is written (or
// refused for a value the TRF columns cannot hold, never cut short), sealed and read back to the
// same players and the same text; anything else aborts.
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_store.h"

inline void check_event_round_trip(const arbiter::pairing::Event& e) {
  namespace ap = arbiter::pairing;
  std::string once;
  try {
    once = ap::write_event(e);
  } catch (const std::invalid_argument&) {
    return;
  }
  ap::Event back;
  try {
    back = ap::read_event(ap::unseal_event_file(ap::seal_event_file(once), "written"), "written");
  } catch (const std::exception&) {
    std::abort();  // the writer produced a file the reader rejects
  }
  if (back.tournament.players.size() != e.tournament.players.size()) std::abort();
  if (ap::write_event(back) != once) std::abort();
}
