// libFuzzer target for the event-file reader (issue 17): any input is either refused (EventError,
// TrfError: a foreign, damaged or malformed file) or read; whatever is read is written, sealed and
// read back to the same players and the same text (never a crash, hang or other exception). The
// checksum would refuse almost every mutation, so half the inputs are sealed first to reach the
// settings and TRF readers behind it.
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_store.h"
#include "arbiter/pairing/trf.h"

namespace ap = arbiter::pairing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > (1 << 16)) return 0;
  std::string_view raw(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string file = (data[0] & 1) ? ap::seal_event_file(raw) : std::string(raw);
  ap::Event e;
  try {
    e = ap::read_event(ap::unseal_event_file(file, "fuzz"), "fuzz");
  } catch (const ap::EventError&) {
    return 0;
  } catch (const ap::TrfError&) {
    return 0;
  }
  std::string once;
  try {
    once = ap::write_event(e);
  } catch (const std::invalid_argument&) {
    return 0;  // a value the TRF columns cannot hold: refused, never cut short
  }
  ap::Event back;
  try {
    back = ap::read_event(ap::unseal_event_file(ap::seal_event_file(once), "written"), "written");
  } catch (const std::exception&) {
    std::abort();  // the writer produced a file the reader rejects
  }
  if (back.tournament.players.size() != e.tournament.players.size()) std::abort();
  if (ap::write_event(back) != once) std::abort();
  return 0;
}
