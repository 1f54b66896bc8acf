// Reading tie-break lists: C.07 acronyms (2024 and 2026 tables) and the modifiers of art. 14
// (Cut, Median, Limit) plus the option letters of FIDE's MTB/TRF-2026 code syntax (/P /F /R /U
// /V). See tiebreaks.md section 2.
#include "arbiter/pairing/tiebreak_spec.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cctype>
#include <cstdio>
#include <string>

namespace arbiter::pairing {
namespace {
struct Name {
  const char* text;
  TiebreakKind kind;
};
constexpr std::array<Name, 24> kNames = {{
    {"PTS", TiebreakKind::PTS},   {"DE", TiebreakKind::DE},     {"WIN", TiebreakKind::WIN},
    {"WON", TiebreakKind::WON},   {"BPG", TiebreakKind::BPG},   {"BWG", TiebreakKind::BWG},
    {"PS", TiebreakKind::PS},     {"GE", TiebreakKind::REP},    {"REP", TiebreakKind::REP},
    {"STD", TiebreakKind::STD},   {"TPN", TiebreakKind::TPN},   {"BH", TiebreakKind::BH},
    {"AOB", TiebreakKind::AOB},   {"FB", TiebreakKind::FB},     {"SB", TiebreakKind::SB},
    {"KS", TiebreakKind::KS},     {"ARO", TiebreakKind::ARO},   {"TPR", TiebreakKind::TPR},
    {"PTP", TiebreakKind::PTP},   {"APRO", TiebreakKind::APRO}, {"APPO", TiebreakKind::APPO},
    {"RTNG", TiebreakKind::RTNG}, {"SNO", TiebreakKind::TPN},   {"RTG", TiebreakKind::RTNG},
}};

std::string upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::toupper(static_cast<unsigned char>(c)));
  return r;
}
bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}
// Which modifiers make sense for which tie-break (C.07 art. 14: Cut-1 etc. only where the table
// of section 2 allows them; we accept cuts on every sum/average over rounds).
bool cuts_allowed(TiebreakKind k) {
  switch (k) {
    case TiebreakKind::BH:
    case TiebreakKind::FB:
    case TiebreakKind::SB:
    case TiebreakKind::PS:
    case TiebreakKind::ARO:
    case TiebreakKind::TPR:
    case TiebreakKind::PTP:
    case TiebreakKind::AOB: return true;
    default: return false;
  }
}
}  // namespace

TiebreakSpecError::TiebreakSpecError(int column, const std::string& message)
    : std::invalid_argument("column " + std::to_string(column) + ": " + message), column_(column) {}

TiebreakRules rules_for_date(int d) {
  if (d == 0) return TiebreakRules::Fide2026;
  if (d < 20230701) return TiebreakRules::Fide2022;
  if (d < 20260301) return TiebreakRules::Fide2024;
  return TiebreakRules::Fide2026;
}

std::optional<TiebreakRules> parse_rules(std::string_view s) {
  std::string u = upper(s);
  if (u.size() > 1 && u[0] == 'V') u.erase(0, 1);
  if (u == "2022" || u == "0" || u == "OLD" || u == "VIRTUAL") return TiebreakRules::Fide2022;
  if (u == "2023" || u == "2024" || u == "2025" || u == "1") return TiebreakRules::Fide2024;
  if (u == "2026" || u == "2") return TiebreakRules::Fide2026;
  return std::nullopt;
}

const char* to_string(TiebreakRules r) {
  switch (r) {
    case TiebreakRules::Fide2022: return "2022";
    case TiebreakRules::Fide2024: return "2024";
    case TiebreakRules::Fide2026: return "2026";
  }
  return "?";
}

const char* acronym(TiebreakKind k) {
  for (const Name& n : kNames)
    if (n.kind == k && std::string_view(n.text) != "GE" && std::string_view(n.text) != "SNO" &&
        std::string_view(n.text) != "RTG")
      return n.text;
  return "?";
}

namespace {

// The acronym at the start of `u` (upper case): the longest known name, so that "AROC1" reads
// as ARO + C1 and "APRO" is not taken for "APR..."; nullptr if none.
const Name* longest_acronym(const std::string& u, size_t& name_len) {
  name_len = 0;
  const Name* found = nullptr;
  for (const Name& n : kNames) {
    size_t l = std::char_traits<char>::length(n.text);
    if (u.compare(0, l, n.text) == 0 && l > name_len) {
      name_len = l;
      found = &n;
    }
  }
  return found;
}

// The end of the modifier starting at rest[pos]: its letter and argument (digits, sign, '.').
// The word forms "CUT", "MEDIAN" and "LIMIT" are first folded to their letters in `rest`, and
// the '-' of "Cut-1" dropped (it belongs to the word form).
size_t modifier_end(std::string& rest, size_t pos) {
  if (rest.compare(pos, 3, "CUT") == 0) {
    rest.replace(pos, 3, "C");
  } else if (rest.compare(pos, 6, "MEDIAN") == 0) {
    rest.replace(pos, 6, "M");
  } else if (rest.compare(pos, 5, "LIMIT") == 0) {
    rest.replace(pos, 5, "L");
  }
  size_t end = pos + 1;
  if (end < rest.size() && rest[end] == '-' && (rest[pos] == 'C' || rest[pos] == 'M'))
    rest.erase(end, 1);
  while (end < rest.size() &&
         (std::isdigit(static_cast<unsigned char>(rest[end])) || rest[end] == '.' ||
          rest[end] == '+' || (rest[end] == '-' && rest[pos] == 'L')))
    ++end;
  assert(end > pos && end <= rest.size());
  return end;
}

// KS's Limit (C.07 art. 9.2 Koya System, art. 14 modifiers: the opponents scoring at least the
// limit count): Ln in percent of the
// maximum, or L+n / L-n half-points around 50 % (points when written with a decimal point, as
// FIDE's code reads it).
template <class Bad>
void apply_limit(TiebreakSpec& t, const std::string& arg, const Bad& bad) {
  if (t.kind != TiebreakKind::KS) bad("Limit applies to KS only");
  if (all_digits(arg)) {
    t.limit_percent = std::stod(arg);
  } else if (arg.size() > 1 && (arg[0] == '+' || arg[0] == '-')) {
    std::string num = arg.substr(1);
    std::string digits = num;
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    // At most one decimal point ("L-..5" is malformed, not a number std::stod accepts).
    if (!all_digits(digits) || num.size() - digits.size() > 1) bad("expected L+n or L-n");
    double v = std::stod(num);
    double shift = num.find('.') != std::string::npos ? v : v * 0.5;
    t.limit_shift = arg[0] == '-' ? -shift : shift;
  } else {
    bad("expected Ln (percent) or L+n / L-n (half-points)");
  }
}

// One modifier (`mod`: its letter and argument, at column `col`) applied to `t` and appended to
// its text; C.07's modifiers: Cut/Median and Limit (art. 14), Reverse, Predetermined, Swiss,
// Fore, the rating of unrated players and the rules' edition.
void apply_modifier(TiebreakSpec& t, const std::string& mod, int col) {
  assert(!mod.empty());
  const std::string arg = mod.substr(1);
  const char letter = mod[0];
  auto bad = [&](const std::string& why) {
    throw TiebreakSpecError(col, "modifier '" + mod + "' of " + t.text + ": " + why);
  };
  if (arg.size() > 6) bad("number too large");
  switch (letter) {
    case 'C':
    case 'M': {
      if (!all_digits(arg)) bad("expected a number (C1, C2, M1, M2)");
      if (!cuts_allowed(t.kind)) bad("this tie-break takes no Cut/Median modifier");
      int n = std::stoi(arg);
      t.cut_low = n;
      t.cut_high = letter == 'M' ? n : 0;
      t.text += "/" + mod;
      break;
    }
    case 'L':
      apply_limit(t, arg, bad);
      t.text += "/" + mod;
      break;
    case 'R':
      if (!arg.empty()) bad("R takes no argument");
      t.reverse = true;
      t.text += "/R";
      break;
    case 'P':
      if (!arg.empty()) bad("P takes no argument");
      t.predetermined = true;
      t.text += "/P";
      break;
    case 'S':
      if (!arg.empty()) bad("S takes no argument");
      t.swiss = true;
      t.text += "/S";
      break;
    case 'F':
      if (!arg.empty()) bad("F takes no argument");
      t.fore = true;
      t.text += "/F";
      break;
    case 'U':
      if (!all_digits(arg)) bad("expected a rating (U1000)");
      t.unrated_rating = std::stoi(arg);
      t.text += "/" + mod;
      break;
    case 'V': {
      if (arg.empty()) {
        t.rules = TiebreakRules::Fide2026;
      } else {
        auto r = parse_rules(arg);
        if (!r) bad("expected V2022, V2024 or V2026");
        t.rules = r;
      }
      t.text += "/" + mod;
      break;
    }
    default: bad("unknown modifier (expected Cn, Mn, L, R, P, S, F, Unnnn, Vyyyy)");
  }
}

bool is_separator(char c) { return c == '/' || c == '-' || c == '!' || c == '#'; }

}  // namespace

TiebreakSpec parse_tiebreak(std::string_view item) {
  std::string u = upper(item);
  if (u.empty()) throw TiebreakSpecError(1, "empty tie-break");
  size_t name_len = 0;
  const Name* found = longest_acronym(u, name_len);
  if (!found)
    throw TiebreakSpecError(1, "unknown tie-break '" + std::string(item) +
                                   "' (expected a C.07 acronym: PTS DE WIN WON BPG BWG PS GE REP "
                                   "STD TPN BH FB AOB SB KS ARO TPR PTP APRO APPO RTNG)");
  TiebreakSpec t;
  t.kind = found->kind;
  t.text = found->text;
  // Modifiers, separated by '/', '-', '!' or '#', or glued ("AROC1").
  std::string rest = u.substr(name_len);
  size_t pos = 0;
  const int column = int(name_len) + 1;
  while (pos < rest.size()) {
    while (pos < rest.size() && is_separator(rest[pos])) ++pos;
    if (pos >= rest.size()) break;
    const size_t end = modifier_end(rest, pos);
    apply_modifier(t, rest.substr(pos, end - pos), column + int(pos));
    pos = end;
  }
  return t;
}

std::vector<TiebreakSpec> parse_tiebreaks(std::string_view list) {
  std::vector<TiebreakSpec> out;
  size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() &&
           (list[i] == ' ' || list[i] == ',' || list[i] == ';' || list[i] == '\t'))
      ++i;
    if (i >= list.size()) break;
    size_t j = i;
    while (j < list.size() && list[j] != ' ' && list[j] != ',' && list[j] != ';' && list[j] != '\t')
      ++j;
    try {
      out.push_back(parse_tiebreak(list.substr(i, j - i)));
    } catch (const TiebreakSpecError& e) {
      std::string msg = e.what();
      msg = msg.substr(msg.find(": ") + 2);
      throw TiebreakSpecError(int(i) + e.column(), msg);
    }
    i = j;
  }
  return out;
}

std::string to_string(const std::vector<TiebreakSpec>& list, std::string_view sep) {
  std::string s;
  for (size_t i = 0; i < list.size(); ++i) {
    if (i) s += sep;
    s += list[i].text;
  }
  return s;
}

std::string tiebreak_name(const TiebreakSpec& t) {
  // C.07 (2024/2026) article names.
  const char* name = "";
  switch (t.kind) {
    case TiebreakKind::PTS: name = "Points"; break;
    case TiebreakKind::DE: name = "Direct encounter"; break;
    case TiebreakKind::WIN: name = "Number of wins (forfeits and byes included)"; break;
    case TiebreakKind::WON: name = "Games won over the board"; break;
    case TiebreakKind::BPG: name = "Games played with Black"; break;
    case TiebreakKind::BWG: name = "Games won with Black"; break;
    case TiebreakKind::PS: name = "Progressive (cumulative) score"; break;
    case TiebreakKind::REP: name = "Rounds one elected to play"; break;
    case TiebreakKind::STD: name = "Standard points"; break;
    case TiebreakKind::TPN: name = "Pairing number"; break;
    case TiebreakKind::BH: name = "Buchholz"; break;
    case TiebreakKind::AOB: name = "Average of opponents' Buchholz"; break;
    case TiebreakKind::FB: name = "Fore Buchholz"; break;
    case TiebreakKind::SB: name = "Sonneborn-Berger"; break;
    case TiebreakKind::KS: name = "Koya system"; break;
    case TiebreakKind::ARO: name = "Average rating of opponents"; break;
    case TiebreakKind::TPR: name = "Tournament performance rating"; break;
    case TiebreakKind::PTP: name = "Perfect tournament performance"; break;
    case TiebreakKind::APRO: name = "Average performance rating of opponents"; break;
    case TiebreakKind::APPO: name = "Average perfect performance of opponents"; break;
    case TiebreakKind::RTNG: name = "Own rating"; break;
  }
  std::string n = name;
  // Art. 14.1/14.2: Cut-n drops the n lowest terms, Median-n the n lowest and the n highest.
  if (t.cut_low && t.cut_high)
    n += ", median " + std::to_string(t.cut_low);
  else if (t.cut_low)
    n += ", cut " + std::to_string(t.cut_low);
  if (t.unrated_rating) n += ", unrated players counted at " + std::to_string(*t.unrated_rating);
  if (t.predetermined) n += ", every paired round counted as played";
  if (t.reverse) n += ", reverse order";
  if (t.rules) n += std::string(", C.07 ") + to_string(*t.rules) + " rules";
  return t.text + " = " + n;
}

}  // namespace arbiter::pairing
