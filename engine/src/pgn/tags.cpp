#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "arbiter/engine/pgn_tags.h"
#include "bytes16.h"

namespace arbiter::pgn {
namespace {

std::string fold(std::string_view s) {  // lower case without blanks, '-' and '_'
  std::string r;
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
    r.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return r;
}

bool parse_number(std::string_view s, double& out) {
  if (s.empty()) return false;
  // One pass: the digits' value accumulated as they are checked (exact in a double for up to
  // 15 digits, as strtod would give it; once per game: no strtod call for an integer).
  bool integer = s.size() <= 15;
  double v = 0;
  for (char c : s) {
    const unsigned d = static_cast<unsigned char>(c) - unsigned{'0'};
    if (d <= 9) {
      v = v * 10 + d;
    } else if (c == '.') {
      integer = false;
    } else {
      return false;
    }
  }
  if (integer) {
    out = v;
    return true;
  }
  std::string tmp(s);
  char* end = nullptr;
  out = std::strtod(tmp.c_str(), &end);
  return end && *end == '\0';
}

// Whether `word` (lower-case letters) is at s[i], in any case: (c | 0x20) is the lower-case
// letter exactly for that letter and its upper case (ASCII, std::tolower in the C locale).
bool word_at(std::string_view s, size_t i, std::string_view word) {
  if (s.size() - i < word.size()) return false;
  for (size_t k = 0; k < word.size(); ++k)
    if ((s[i + k] | 0x20) != word[k]) return false;
  return true;
}

}  // namespace

VariantInfo variant_of(std::string_view tag) {
  if (tag.empty()) return {};  // no Variant tag (most games): standard chess
  VariantInfo v;
  v.written = std::string(tag);
  const std::string f = fold(tag);
  if (f.empty() || f == "standard" || f == "normal" || f == "chess" || f == "fromposition" ||
      f == "orthodox" || f == "classical")
    v.kind = Variant::Standard;
  else if (f == "chess960" || f == "960" || f == "fischerandom" || f == "fischerrandom" ||
           f == "frc" || f == "fischerrandomchess" || f == "chess960(fischerrandom)")
    v.kind = Variant::Chess960;
  else
    v.kind = Variant::Unsupported;
  return v;
}

VariantInfo variant_of(const RawGame& g) {
  const std::string* t = g.tag("Variant");
  return variant_of(t ? std::string_view(*t) : std::string_view());
}

std::optional<std::string> check_date(std::string_view d) {
  auto bad = [&](std::string why) {
    return std::optional<std::string>("Date \"" + std::string(d) + "\" " + why);
  };
  if (d.size() != 10 || d[4] != '.' || d[7] != '.')
    return bad("is not in the form YYYY.MM.DD (use ?? for unknown parts)");
  auto part = [&](size_t at, size_t n, int lo, int hi) -> int {  // -1 unknown, -2 bad
    std::string_view p = d.substr(at, n);
    if (p.find_first_not_of('?') == std::string_view::npos) return -1;
    int v = 0;
    for (char c : p) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return -2;
      v = v * 10 + (c - '0');
    }
    return v < lo || v > hi ? -2 : v;
  };
  int y = part(0, 4, 0, 9999), m = part(5, 2, 1, 12), day = part(8, 2, 1, 31);
  if (y == -2) return bad("has an invalid year");
  if (m == -2) return bad("has an invalid month");
  if (day == -2) return bad("has an invalid day");
  if (m > 0 && day > 0) {
    static const int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (day > kDays[m - 1]) return bad("names a day that does not exist");
  }
  return std::nullopt;
}

std::optional<std::string> check_round(std::string_view r) {
  if (r == "?" || r == "-") return std::nullopt;
  bool ok = !r.empty() && r.front() != '.' && r.back() != '.';
  for (char c : r) ok &= std::isdigit(static_cast<unsigned char>(c)) || c == '.';
  if (!ok) return "Round \"" + std::string(r) + "\" is not a number like \"3\" or \"3.1\"";
  return std::nullopt;
}

std::optional<TimeControl> parse_time_control(std::string_view s) {
  TimeControl tc;
  if (s == "?") {
    tc.unknown = true;
    return tc;
  }
  if (s == "-") {
    tc.none = true;
    return tc;
  }
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find(':', i);
    if (j == std::string_view::npos) j = s.size();
    std::string_view f = s.substr(i, j - i);
    TimePeriod p;
    if (!f.empty() && f[0] == '*') {
      p.sandclock = true;
      if (!parse_number(f.substr(1), p.seconds)) return std::nullopt;
    } else {
      size_t slash = f.find('/');
      if (slash != std::string_view::npos) {
        double mv;
        if (!parse_number(f.substr(0, slash), mv) || mv < 1) return std::nullopt;
        p.moves = static_cast<int>(mv);
        f = f.substr(slash + 1);
      }
      size_t plus = f.find('+');
      if (!parse_number(f.substr(0, plus), p.seconds)) return std::nullopt;
      if (plus != std::string_view::npos && !parse_number(f.substr(plus + 1), p.increment))
        return std::nullopt;
    }
    tc.periods.push_back(p);
    if (j == s.size()) break;
    i = j + 1;
  }
  if (tc.periods.empty()) return std::nullopt;
  return tc;
}

std::string_view to_string(TimeClass c) {
  switch (c) {
    case TimeClass::Blitz: return "blitz";
    case TimeClass::Rapid: return "rapid";
    case TimeClass::Standard: return "standard";
  }
  return "";
}

std::optional<double> minutes_for_60_moves(const TimeControl& tc) {
  if (tc.unknown || tc.none || tc.periods.empty()) return std::nullopt;
  // Laws A.1/B.1 count the increment for 60 moves ("assuming the game lasts 60 moves").
  double seconds = 0;
  int played = 0;
  size_t k = 0;
  while (played < 60) {
    const TimePeriod& p = tc.periods[std::min(k, tc.periods.size() - 1)];
    if (p.sandclock) return p.seconds / 60.0;
    int n = p.moves > 0 ? std::min(p.moves, 60 - played) : 60 - played;
    seconds += p.seconds + n * p.increment;
    played += n;
    // PGN 9.6.1: the last period repeats when it is a "moves/seconds" period.
    if (k + 1 < tc.periods.size()) ++k;
  }
  return seconds / 60.0;
}

TimeClass classify_minutes(double m) {
  if (m <= 10) return TimeClass::Blitz;  // Laws B.1
  if (m < 60) return TimeClass::Rapid;   // Laws A.1
  return TimeClass::Standard;
}

namespace {

// Where p[0, 16) holds a first letter of class_from_event's words, in either case: one bit per
// byte.
uint32_t first_letters(const char* p) {
  using namespace bytes16;
  const V v = either(load(p), splat(0x20));
  const auto is = [&](char c) { return eq(v, splat(c)); };
  return mask(either(either(either(is('b'), is('l')), either(is('r'), is('q'))),
                     either(either(is('a'), is('c')), is('s'))));
}

}  // namespace

std::optional<TimeClass> class_from_event(std::string_view event) {
  // One pass over the name, each word tried only where its first letter is (once per game: no
  // lower-case copy, no search per word); a name of 16 bytes or more is searched for those
  // letters 16 bytes at a time (the last window overlaps the one before, whose bytes it skips).
  // Blitz words win over rapid ones, rapid over standard.
  bool blitz = false, rapid = false, standard = false;
  const auto word_from = [&](size_t i) {
    switch (event[i] | 0x20) {
      case 'b': blitz |= word_at(event, i, "blitz") || word_at(event, i, "bullet"); break;
      case 'l': blitz |= word_at(event, i, "lightning"); break;
      case 'r': rapid |= word_at(event, i, "rapid"); break;
      case 'q': rapid |= word_at(event, i, "quickplay"); break;
      case 'a': rapid |= word_at(event, i, "active"); break;
      case 'c': standard |= word_at(event, i, "classical"); break;
      case 's': standard |= word_at(event, i, "standard"); break;
      default: break;
    }
  };
  const size_t n = event.size();
  if (n < 16) {
    for (size_t i = 0; i < n; ++i) word_from(i);
  } else {
    for (size_t w = 0; w < n; w += 16) {
      const size_t at = std::min(w, n - 16);
      for (uint32_t m = first_letters(event.data() + at) & (0xFFFFu << (w - at)); m; m &= m - 1)
        word_from(at + static_cast<size_t>(__builtin_ctz(m)));
    }
  }
  if (blitz) return TimeClass::Blitz;
  if (rapid) return TimeClass::Rapid;
  if (standard) return TimeClass::Standard;
  return std::nullopt;
}

std::optional<double> clock_command(std::string_view c, std::string_view command) {
  size_t at = c.find(command);
  while (at != std::string_view::npos) {
    size_t i = at + command.size();
    if (i < c.size() && (c[i] == ' ' || c[i] == '\t')) {
      while (i < c.size() && (c[i] == ' ' || c[i] == '\t')) ++i;
      size_t j = i;
      while (j < c.size() &&
             (std::isdigit(static_cast<unsigned char>(c[j])) || c[j] == ':' || c[j] == '.'))
        ++j;
      std::string_view v = c.substr(i, j - i);
      // h:mm:ss(.f), mm:ss or seconds
      double total = 0;
      size_t k = 0;
      bool ok = !v.empty();
      while (ok && k <= v.size()) {
        size_t colon = v.find(':', k);
        if (colon == std::string_view::npos) colon = v.size();
        double part;
        ok = parse_number(v.substr(k, colon - k), part);
        total = total * 60 + part;
        if (colon == v.size()) break;
        k = colon + 1;
      }
      if (ok) return total;
    }
    at = c.find(command, at + 1);
  }
  return std::nullopt;
}

}  // namespace arbiter::pgn
