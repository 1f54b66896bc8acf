#pragma once
// Meaning of PGN tags and comment commands that validation needs: the variant (Chess960 and
// the spellings real files use), Seven Tag Roster value formats, TimeControl (PGN 9.6.1) and
// its class under the Laws (A.1 rapid, B.1 blitz), clock comments ([%clk], [%emt]).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/engine/pgn.h"

namespace arbiter::pgn {

enum class Variant : uint8_t { Standard, Chess960, Unsupported };
struct VariantInfo {
  Variant kind = Variant::Standard;
  std::string written;  // the Variant tag value, empty when there is none
};
// "Chess960", "chess 960", "Chess-960", "960", "Fischerandom", "FischerRandom", "Fischer Random",
// "frc" (any case) are Chess960; "Standard", "Normal", "From Position", "chess" and an absent
// tag are standard chess; anything else (Crazyhouse, Antichess, Atomic ...) is unsupported.
VariantInfo variant_of(std::string_view variant_tag);
VariantInfo variant_of(const RawGame& g);

// PGN 8.1.1.3: "YYYY.MM.DD" with "??" for unknown parts. Returns an explanation when malformed.
std::optional<std::string> check_date(std::string_view date);
// PGN 8.1.1.4: Round "3", "3.1", "?" or "-".
std::optional<std::string> check_round(std::string_view round);

// TimeControl (PGN 9.6.1): fields separated by ':'; each "?", "-", "moves/seconds",
// "seconds", "seconds+increment" or "*seconds" (sandclock).
struct TimePeriod {
  int moves = 0;  // 0: rest of the game
  double seconds = 0;
  double increment = 0;
  bool sandclock = false;
};
struct TimeControl {
  std::vector<TimePeriod> periods;
  bool unknown = false;  // "?"
  bool none = false;     // "-"
};
std::optional<TimeControl> parse_time_control(std::string_view tag);

enum class TimeClass : uint8_t { Blitz, Rapid, Standard };
std::string_view to_string(TimeClass c);
// Laws A.1/B.1 (laws.md section 4): minutes available to a player for 60 moves, counting the
// increment for each of them (base minutes + increment seconds for a single period; every period
// reached within 60 moves for multi-period controls). nullopt when unknown.
std::optional<double> minutes_for_60_moves(const TimeControl& tc);
// <= 10 blitz (B.1), > 10 and < 60 rapid (A.1), >= 60 standard.
TimeClass classify_minutes(double minutes);
// What an Event name suggests ("Blitz", "Bullet", "Rapid", "Rapidplay", "Classical" ...).
std::optional<TimeClass> class_from_event(std::string_view event);

// Seconds in a clock command inside a comment: [%clk 1:23:45.6] (or [%emt ...]); nullopt if absent.
std::optional<double> clock_command(std::string_view comment, std::string_view command = "%clk");

}  // namespace arbiter::pgn
