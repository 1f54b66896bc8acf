// Time-control classification, Laws of Chess 2023 A.1, A.3, B.1 and rating regulations B.02 1.1.
#include "arbiter/adjudication/time_control.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace arbiter::adjudication {

// pgn::to_string's names are string literals, so data() is NUL-terminated.
const char* time_class_name(pgn::TimeClass c) { return pgn::to_string(c).data(); }

std::string TimeControlError::message() const {
  return "time control, column " + std::to_string(column) + ": " + reason;
}

namespace {

// A tiny cursor over the text that reports 1-based columns.
struct Cursor {
  std::string_view s;
  std::size_t i = 0;
  void skip_blanks() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  }
  bool done() {
    skip_blanks();
    return i >= s.size();
  }
  bool eat(char c) {
    skip_blanks();
    if (i < s.size() && s[i] == c) return ++i, true;
    return false;
  }
  bool eat_word(std::string_view w) {  // case-insensitive suffix such as "min", "s"
    skip_blanks();
    if (s.size() - i < w.size()) return false;
    for (std::size_t k = 0; k < w.size(); ++k)
      if (std::tolower(static_cast<unsigned char>(s[i + k])) != w[k]) return false;
    i += w.size();
    return true;
  }
  std::optional<double> number() {
    skip_blanks();
    std::size_t j = i;
    bool digits = false, dot = false;
    while (j < s.size() &&
           (std::isdigit(static_cast<unsigned char>(s[j])) || (s[j] == '.' && !dot))) {
      if (s[j] == '.')
        dot = true;
      else
        digits = true;
      ++j;
    }
    if (!digits) return std::nullopt;
    double v = std::strtod(std::string(s.substr(i, j - i)).c_str(), nullptr);
    i = j;
    return v;
  }
  std::size_t column() const { return i + 1; }
};

bool fail(TimeControlError* e, std::string reason, std::size_t col) {
  if (e) *e = {std::move(reason), col};
  return false;
}

constexpr double kMaxMinutes = 24 * 60 * 7;  // a week: anything longer is a typo
// No period of a real game is longer than this many moves (a bound that keeps counts in an int).
constexpr double kMaxPeriodMoves = 1000;

std::optional<TimeControl> read_plain(std::string_view text, TimeControlError* error) {
  // Grammar (minutes for periods, seconds for the increment):
  //   control := period { ("+" | ",") period } [ "+" increment ]
  //   period  := [moves "/"] minutes ["min" | "'"]   |   minutes "/" moves  (FIDE "90/40")
  // A trailing "+ N" or "+ Ns" after the last period is the increment in seconds, as in "15+10".
  Cursor c{text};
  TimeControl tc;
  if (c.done()) return fail(error, "empty time control", 1), std::nullopt;
  auto read_period = [&](TimePeriod& p) -> bool {
    std::size_t col = c.column();
    auto a = c.number();
    if (!a) return fail(error, "expected a number of minutes", col);
    if (c.eat('/')) {
      std::size_t col2 = c.column();
      auto b = c.number();
      if (!b) return fail(error, "expected a number after '/'", col2);
      // "40/90" (moves/minutes) or "90/40" (minutes/moves, FIDE style): the smaller number
      // that is a whole count of moves <= 60 is taken as the moves when ambiguous.
      double moves = *a, minutes = *b;
      if (*a > *b && *b == std::floor(*b)) moves = *b, minutes = *a;
      if (moves != std::floor(moves) || moves < 1)
        return fail(error, "the number of moves of a period must be a whole number", col);
      if (moves > kMaxPeriodMoves) return fail(error, "a period of more than 1000 moves", col);
      p.moves = int(moves);
      p.seconds = minutes * 60;
    } else {
      p.seconds = *a * 60;
    }
    c.eat_word("min") || c.eat('\'') || c.eat_word("m");
    if (p.seconds <= 0 && p.moves) return fail(error, "a period needs some time", col);
    if (p.seconds / 60 > kMaxMinutes) return fail(error, "more than a week per player", col);
    return true;
  };
  TimePeriod first;
  if (!read_period(first)) return std::nullopt;
  tc.periods.push_back(first);
  while (!c.done()) {
    std::size_t col = c.column();
    if (!(c.eat('+') || c.eat(',')))
      return fail(error, "expected '+' or the end", col), std::nullopt;
    std::size_t save = c.i;
    TimePeriod p;
    // Look ahead: a number followed by "s"/"sec" or at the very end after a '+' is the increment.
    auto n = c.number();
    if (!n) return fail(error, "expected a number", c.column()), std::nullopt;
    bool secs = c.eat_word("sec") || c.eat_word("s") || c.eat('"');
    bool at_end = c.done();
    if (secs || (at_end && c.i > save)) {
      if (!at_end) return fail(error, "the increment must come last", c.column()), std::nullopt;
      if (*n > 3600) return fail(error, "increment of more than an hour", col), std::nullopt;
      for (auto& q : tc.periods) q.increment = *n;
      break;
    }
    c.i = save;
    if (!read_period(p)) return std::nullopt;
    tc.periods.push_back(p);
  }
  return tc;
}

std::optional<TimeControl> read_pgn_tag(std::string_view tag, TimeControlError* error) {
  // PGN standard 9.6.1: fields separated by ':'; each "moves/seconds", "seconds",
  // "seconds+increment" or "*seconds" (sandclock). "?" unknown, "-" no time control.
  TimeControl tc;
  if (tag == "?" || tag == "-" || tag.empty()) {
    if (error) *error = {tag == "-" ? "no time control (\"-\")" : "unknown time control", 1};
    return std::nullopt;
  }
  std::size_t start = 0;
  while (start <= tag.size()) {
    std::size_t end = tag.find(':', start);
    if (end == std::string_view::npos) end = tag.size();
    Cursor c{tag.substr(start, end - start)};
    TimePeriod p;
    if (c.eat('*')) {
      tc.sandclock = true;
    }
    auto a = c.number();
    if (!a) return fail(error, "expected seconds", start + c.column()), std::nullopt;
    if (c.eat('/')) {
      auto b = c.number();
      if (!b || *a != std::floor(*a) || *a < 1)
        return fail(error, "expected moves/seconds", start + c.column()), std::nullopt;
      if (*a > kMaxPeriodMoves)
        return fail(error, "a period of more than 1000 moves", start + 1), std::nullopt;
      p.moves = int(*a);
      p.seconds = *b;
    } else {
      p.seconds = *a;
    }
    if (c.eat('+')) {
      auto inc = c.number();
      if (!inc)
        return fail(error, "expected an increment in seconds", start + c.column()), std::nullopt;
      if (*inc > 3600)
        return fail(error, "increment of more than an hour", start + 1), std::nullopt;
      p.increment = *inc;
    }
    if (!c.done()) return fail(error, "unexpected character", start + c.column()), std::nullopt;
    if (p.seconds / 60 > kMaxMinutes)
      return fail(error, "more than a week", start + 1), std::nullopt;
    tc.periods.push_back(p);
    start = end + 1;
    if (end == tag.size()) break;
  }
  return tc;
}

// The readers above fill `error` where they stop; the public functions return either.
TimeControlResult either(std::optional<TimeControl> tc, TimeControlError error) {
  if (tc) return std::move(*tc);
  return unexpected(std::move(error));
}

}  // namespace

TimeControlResult parse_time_control(std::string_view text) {
  TimeControlError e;
  auto tc = read_plain(text, &e);
  return either(std::move(tc), std::move(e));
}

TimeControlResult parse_pgn_time_control(std::string_view tag) {
  TimeControlError e;
  auto tc = read_pgn_tag(tag, &e);
  return either(std::move(tc), std::move(e));
}

TimeControlRuling classify(const TimeControl& tc) {
  // A.1 / B.1 and B.02 1.1: the time each player has for 60 moves, increments counted for 60
  // moves. Periods with a move count contribute while fewer than 60 moves are covered.
  double seconds = 0;
  int covered = 0;
  for (const auto& p : tc.periods) {
    if (covered >= 60) break;
    seconds += p.seconds;
    int moves = p.moves == 0 ? 60 - covered : std::min(p.moves, 60 - covered);
    seconds += moves * p.increment;
    covered += p.moves == 0 ? 60 : p.moves;
  }
  if (covered < 60 && !tc.periods.empty()) {
    // The last period repeats (PGN "40/9000" means 40 moves in 9000 s, repeated).
    const auto& p = tc.periods.back();
    while (p.moves > 0 && covered < 60) {
      seconds += p.seconds + std::min(p.moves, 60 - covered) * p.increment;
      covered += p.moves;
    }
  }
  TimeControlRuling r;
  r.minutes_for_60_moves = seconds / 60;
  const double t = r.minutes_for_60_moves;
  const double eps = 1e-9;
  if (t <= 10 + eps) {
    r.time_class = pgn::TimeClass::Blitz;
    r.class_rule = "B.1 (60-move time of 10 minutes or less)";
  } else if (t < 60 - eps) {
    r.time_class = pgn::TimeClass::Rapid;
    r.class_rule = "A.1 (60-move time more than 10 and less than 60 minutes)";
  } else {
    r.time_class = pgn::TimeClass::Standard;
    r.class_rule = "standard play (60-move time of 60 minutes or more; Art. 1-12)";
  }
  if (r.time_class == pgn::TimeClass::Standard) {
    r.illegal_move_bonus_minutes = 2;
    r.wrong_claim_bonus_minutes = 2;
    r.penalty_rule = "Art. 7.5.5 (first completed illegal move: opponent +2 minutes; second: loss)";
  } else {
    r.illegal_move_bonus_minutes = 1;
    r.wrong_claim_bonus_minutes = 1;
    r.penalty_rule =
        "A.3: penalties of Art. 7 and 9 are one minute instead of two (first completed illegal "
        "move: opponent +1 minute; second: loss, Art. 7.5.5)";
  }
  switch (r.time_class) {
    case pgn::TimeClass::Blitz:
      r.ratable_as_class = t > 3 + eps;
      r.rating_note = r.ratable_as_class
                          ? "blitz-ratable (B.02: more than 3 and at most 10 minutes)"
                          : "not blitz-ratable (B.02: needs more than 3 minutes)";
      break;
    case pgn::TimeClass::Rapid:
      r.rating_note = "rapid-ratable (B.02: more than 10 and less than 60 minutes)";
      break;
    case pgn::TimeClass::Standard:
      r.ratable_as_class = t >= 60 - eps;
      r.rating_note = t >= 120 - eps ? "standard-ratable for all players (B.02 1.1: >= 120 minutes)"
                      : t >= 90 - eps
                          ? "standard-ratable only if both players are rated below 2400 (B.02 1.1)"
                          : "standard-ratable only if both players are rated below 1800 (B.02 1.1)";
      {
        int first_moves = tc.periods.front().moves;
        if (first_moves > 0 && first_moves < 30) {
          r.ratable_as_class = false;
          r.rating_note = "not standard-ratable: the first control is before move 30 (B.02 1.2)";
        }
      }
      break;
  }
  return r;
}

}  // namespace arbiter::adjudication
