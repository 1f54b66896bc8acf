// libFuzzer target for the two time-control readers (issue 17): the command line's "90/40+30"
// forms and the PGN TimeControl tag. Any input is either refused with a reason and a column
// within the text, or read to at least one period (the last for the rest of the game or repeated),
// with finite, non-negative times that classify (A.1 / B.1) without a crash.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "arbiter/adjudication/time_control.h"

namespace aa = arbiter::adjudication;

namespace {
void check(const aa::TimeControlResult& tc, std::string_view text) {
  if (!tc) {
    if (tc.error().reason.empty() || tc.error().column > text.size() + 1) std::abort();
    return;
  }
  // The last period is for the rest of the game (moves 0) or, in a PGN tag such as "40/9000",
  // repeats (PGN standard 9.6.1; classify counts it again until 60 moves are covered).
  if (tc->periods.empty()) std::abort();
  for (const auto& p : tc->periods)
    if (p.moves < 0 || !std::isfinite(p.seconds) || p.seconds < 0 || !std::isfinite(p.increment) ||
        p.increment < 0)
      std::abort();
  const aa::TimeControlRuling r = aa::classify(*tc);
  if (!std::isfinite(r.minutes_for_60_moves) || r.class_rule.empty()) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check(aa::parse_time_control(text), text);
  check(aa::parse_pgn_time_control(text), text);
  return 0;
}
