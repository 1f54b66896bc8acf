#pragma once
// Time-control classes and the penalties arbiters look up (Laws of Chess 2023, Appendix A and B).
// A.1 / B.1: the time for 60 moves, T = base + 60 x increment (minutes; the increment is counted
// for 60 moves), decides the class: T <= 10 blitz, 10 < T < 60 rapid, T >= 60 standard.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/engine/pgn_tags.h"
#include "arbiter/engine/result.h"

namespace arbiter::adjudication {

// The class is the engine's pgn::TimeClass (one name per concept); its name as the CLI prints it.
const char* time_class_name(pgn::TimeClass c);  // "blitz", "rapid", "standard"

// One period: `moves` moves (0 = the rest of the game) in `seconds`, plus `increment` seconds per
// move from move 1 of that period.
struct TimePeriod {
  int moves = 0;
  double seconds = 0;
  double increment = 0;
};

struct TimeControl {
  std::vector<TimePeriod> periods;  // at least one; the last has moves == 0 (the rest of
                                    // the game) or repeats (PGN "40/9000", classify())
  bool sandclock = false;           // PGN "*180"
};

struct TimeControlError {
  std::string reason;
  std::size_t column = 0;  // 1-based column in the text
  std::string message() const;
};

// Bad input is an error value, never an exception (the README's first error-handling style).
using TimeControlResult = Result<TimeControl, TimeControlError>;

// "15+10" (minutes + seconds per move), "90", "90+30", "40/90+30+30" (40 moves in 90 min, then
// 30 min for the rest, 30 s increment from move 1), "90/40, 30 + 30s" spacing tolerated.
TimeControlResult parse_time_control(std::string_view text);
// The PGN TimeControl tag (PGN standard 9.6.1): "300", "4500+60", "40/9000:900+30", "*180"
// (seconds everywhere). "?" and "-" are not time controls (an error with a reason).
TimeControlResult parse_pgn_time_control(std::string_view tag);

struct TimeControlRuling {
  double minutes_for_60_moves = 0;  // T of A.1 / B.1
  pgn::TimeClass time_class = pgn::TimeClass::Standard;
  std::string class_rule;  // "A.1", "B.1", "Art. 1-12 (standard play)"
  // Penalty given to the opponent for a first completed illegal move (Art. 7.5.5; A.3: one
  // minute instead of two in rapid and blitz), and for an incorrect draw claim (Art. 9.5.3).
  int illegal_move_bonus_minutes = 2;
  int wrong_claim_bonus_minutes = 2;
  std::string penalty_rule;
  // FIDE rating regulations: blitz needs T > 3 to be rated; standard rating also needs enough
  // time per player (B.02 1.1), which depends on the players' ratings: reported as a note.
  bool ratable_as_class = true;
  std::string rating_note;
};

TimeControlRuling classify(const TimeControl& tc);

}  // namespace arbiter::adjudication
