// libFuzzer target for the TRF reader: any input either parses or throws TrfError (never a crash,
// hang or other exception); whatever parses is written in both formats, and the written text
// reads back to the same players and writes back identically (or the writer refuses a value the
// format cannot hold, std::invalid_argument).
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "arbiter/pairing/trf.h"

namespace ap = arbiter::pairing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > (1 << 16)) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ap::Tournament t;
  try {
    t = ap::read_trf(text, "fuzz");
  } catch (const ap::TrfError&) {
    return 0;
  }
  for (auto fmt : {ap::TrfFormat::Trf16, ap::TrfFormat::Trf2026}) {
    ap::TrfWriteOptions o;
    o.format = fmt;
    std::string once;
    try {
      once = ap::write_trf(t, o);
    } catch (const std::invalid_argument&) {
      return 0;  // a control character or an over-long field: refused, never cut short
    }
    ap::Tournament back;
    try {
      back = ap::read_trf(once, "written");
    } catch (const ap::TrfError&) {
      std::abort();  // the writer produced a file the reader rejects
    }
    if (back.players.size() != t.players.size()) std::abort();
    if (ap::write_trf(back, o) != once) std::abort();
  }
  (void)ap::check_points(t);
  (void)t.paired_rounds();
  (void)t.inferred_initial_colour();
  return 0;
}
