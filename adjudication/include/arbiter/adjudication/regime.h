#pragma once
// The rules a game was played under (Laws of Chess 2023, Appendix A and B): standard play
// (Articles 1-12), rapid or blitz with the Competition Rules in full (adequate supervision,
// A.4 / B.2), or rapid or blitz without it (A.5 / B.3: illegal moves nobody claimed stand
// (A.5.2), castling lost with a wrongly placed king or rook after 10 moves each (A.5.1.2), an
// illegal position still on the board after the next move is a draw (A.5.4)). The event
// regulations say which applies for the whole event (A.6, B.4).
#include <cstdint>
#include <optional>
#include <string_view>

#include "arbiter/adjudication/time_control.h"

namespace arbiter::adjudication {

enum class Regime : std::uint8_t { Standard, Rapid, Blitz, RapidUnsupervised, BlitzUnsupervised };

// "standard", "rapid", "blitz", "rapid-unsupervised", "blitz-unsupervised".
const char* regime_name(Regime r);
std::optional<Regime> parse_regime(std::string_view text);
// The regime of a time-control class (A.1 / B.1), adequately supervised.
Regime supervised_regime(pgn::TimeClass c);
// A.5 (and B.3, which applies the rapid rules of A.5 to blitz) is in force.
bool unsupervised(Regime r);

}  // namespace arbiter::adjudication
