// libFuzzer target for the organisers' CSV reader (issue 17): any input is either refused cell by
// cell (CsvRegistrations::errors, never an exception) or read; whatever is read registers into an
// event (or is refused by the entry checks with EventError), and that event is written and read
// back with the same players (never a crash, hang or other exception).
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_store.h"
#include "arbiter/pairing/registration_csv.h"
#include "arbiter/pairing/trf.h"
#include "event_round_trip.h"

namespace ap = arbiter::pairing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > (1 << 16)) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ap::CsvRegistrations csv = ap::read_registration_csv(text, "fuzz.csv");
  if (!csv.errors.empty()) return 0;
  ap::EventSettings s;
  s.rounds = 5;
  ap::Event e = ap::new_event(s, {"Fuzz", "", "", "", "", "", ""});
  try {
    ap::enter_players(e, csv.players);
  } catch (const ap::EventError&) {
    return 0;  // a duplicate, an unknown title, a rating out of range: refused with a message
  }
  if (e.tournament.player_count() != int(csv.players.size())) std::abort();
  check_event_round_trip(e);
  return 0;
}
