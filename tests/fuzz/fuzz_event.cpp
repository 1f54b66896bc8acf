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
#include "event_round_trip.h"

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
  check_event_round_trip(e);
  return 0;
}
