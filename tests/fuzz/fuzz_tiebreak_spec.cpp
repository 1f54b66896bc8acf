// libFuzzer target: tie-break list parser (`--tiebreaks`, TRF-2026 202/212). Any input must give a
// list or a TiebreakSpecError (no other exception, crash or hang); accepted lists re-parse from
// their canonical text to the same specs.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "arbiter/pairing/tiebreak_spec.h"

using namespace arbiter::pairing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto list = parse_tiebreaks(text);
    auto again = parse_tiebreaks(to_string(list));
    if (again != list) std::abort();
  } catch (const TiebreakSpecError& e) {
    if (e.column() < 1) std::abort();
  }
  return 0;
}
