// Registration from organisers' CSV files (see registration_csv.h).
#include "arbiter/pairing/registration_csv.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <set>

#include "arbiter/pairing/initial_order.h"
#include "arbiter/pairing/trf.h"

namespace arbiter::pairing {
namespace {

struct Cell {
  std::string text;
  int column = 1;  // character column (1-based) where the cell starts
};

// Characters (UTF-8 code points) in bytes [0, n) of s: columns are what an editor shows.
int chars(std::string_view s, size_t n) {
  int c = 0;
  for (size_t i = 0; i < n && i < s.size(); ++i)
    c += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return c;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

void trim_in_place(std::string& s) {
  s.erase(0, std::min(s.find_first_not_of(" \t"), s.size()));
  s.erase(std::min(s.find_last_not_of(" \t") + 1, s.size()));
}

// The separator of the header line: ';' (Spanish-locale spreadsheets) or ',' whichever occurs
// more often outside quotes.
char separator_of(std::string_view header) {
  int commas = 0, semis = 0;
  bool quoted = false;
  for (char c : header) {
    if (c == '"') quoted = !quoted;
    if (!quoted) commas += c == ',', semis += c == ';';
  }
  return semis > commas ? ';' : ',';
}

// RFC 4180 fields of one line; an unterminated quote is reported at its column. The column is
// counted as the line is read (counting from the line's start at every separator was quadratic:
// a 1 MB line of commas took minutes). Text between quotes and separators is copied a run at a
// time, the next quote and separator found with memchr (a byte loop was the reader's main cost).
std::vector<Cell> split(std::string_view line, char sep, std::string& error) {
  std::vector<Cell> out(1);
  constexpr size_t npos = std::string_view::npos;
  bool quoted = false;
  size_t quote_at = 0;
  size_t counted = 0;  // chars(line, counted) is `before`
  int before = 0;
  auto chars_to = [&](size_t n) {  // chars(line, n), for n that only grow
    for (; counted < n; ++counted)
      before += (static_cast<unsigned char>(line[counted]) & 0xC0) != 0x80;
    return before;
  };
  // The next quote and separator at or after i; each found once (never searched again before
  // it is passed), so the line is scanned in linear time.
  size_t next_quote = 0, next_sep = 0;
  auto next = [&](size_t& at, char c, size_t i) {
    if (at != npos && at < i) at = line.find(c, i);
    return at == npos ? line.size() : at;
  };
  next_quote = line.find('"'), next_sep = line.find(sep);
  for (size_t i = 0; i < line.size();) {
    const size_t q = next(next_quote, '"', i);
    if (quoted) {  // up to the next quote; "" is a quote in the text
      out.back().text.append(line.substr(i, q - i));
      if (q == line.size()) break;
      if (q + 1 < line.size() && line[q + 1] == '"') {
        out.back().text += '"', i = q + 2;
      } else {
        quoted = false, i = q + 1;
      }
      continue;
    }
    const size_t d = next(next_sep, sep, i);
    const size_t end = std::min(q, d);
    out.back().text.append(line.substr(i, end - i));
    if (end == line.size()) break;
    if (end == q) {
      quoted = true, quote_at = q;
    } else {
      out.push_back({"", chars_to(d + 1) + 1});
    }
    i = end + 1;
  }
  if (quoted) error = std::to_string(chars(line, quote_at) + 1) + ": unterminated quote";
  for (auto& f : out) trim_in_place(f.text);
  return out;
}

std::string fold(std::string_view h) {
  // Lower case, the Spanish accents of the aliases dropped, blanks '_' '-' as one '_'.
  static const std::pair<std::string_view, char> kAccents[] = {
      {"\xC3\xA1", 'a'}, {"\xC3\xA9", 'e'}, {"\xC3\xAD", 'i'}, {"\xC3\xB3", 'o'},
      {"\xC3\xBA", 'u'}, {"\xC3\x81", 'a'}, {"\xC3\x89", 'e'}, {"\xC3\x8D", 'i'},
      {"\xC3\x93", 'o'}, {"\xC3\x9A", 'u'}, {"\xC3\xB1", 'n'}, {"\xC3\x91", 'n'}};
  std::string out;
  for (size_t i = 0; i < h.size();) {
    bool done = false;
    if (h[i] == '\xC3')  // every accent of the table is C3 xx: other bytes skip the table
      for (auto [a, c] : kAccents)
        if (h.substr(i, a.size()) == a) out += c, i += a.size(), done = true;
    if (done) continue;
    char c = h[i++];
    if (c == ' ' || c == '_' || c == '-' || c == '.') {
      if (!out.empty() && out.back() != '_') out += '_';
    } else {
      out += char(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int number(std::string_view s) {
  int v = -1;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() ? v : -1;
}

// Birth as TRF writes it: YYYY or YYYY/MM/DD ('-' and '.' accepted and normalised). "" when
// the text is no date.
std::string birth_date(std::string_view v) {
  if (v.size() == 4 && all_digits(v)) {
    int y = number(v);
    return y >= 1850 && y <= 2100 ? std::string(v) : "";
  }
  if (v.size() != 10) return "";
  const char s = v[4];
  if ((s != '/' && s != '-' && s != '.') || v[7] != s) return "";
  auto y = v.substr(0, 4), m = v.substr(5, 2), d = v.substr(8, 2);
  if (!all_digits(y) || !all_digits(m) || !all_digits(d)) return "";
  int yy = number(y), mm = number(m), dd = number(d);
  static const int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (yy < 1850 || yy > 2100 || mm < 1 || mm > 12 || dd < 1 || dd > kDays[mm - 1]) return "";
  const bool leap = (yy % 4 == 0 && yy % 100 != 0) || yy % 400 == 0;
  if (mm == 2 && dd == 29 && !leap) return "";
  return std::string(y) + "/" + std::string(m) + "/" + std::string(d);
}

struct Reader {
  const std::string& file;
  CsvRegistrations& out;
  int line = 0;
  std::string option;  // a value typed as this option (not a cell): messages name it

  void bad(int column, const std::string& what) {
    if (!option.empty())
      out.errors.push_back(option + ": " + what);
    else
      out.errors.push_back(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                           what);
  }

  int rating(const Cell& c, const std::string& field) {
    if (c.text.empty()) return 0;
    int v = all_digits(c.text) && c.text.size() <= 4 ? number(c.text) : -1;
    if (v < 0 || v > 3500) {
      bad(c.column, field + " rating '" + c.text + "' is not a number 0-3500");
      return 0;
    }
    return v;
  }

  // One cell into the registration; a bad value is reported and left out.
  void cell(Registration& r, const std::string& field, const std::string& header, const Cell& c) {
    const std::string& v = c.text;
    if (field == "name") {
      if (v.empty()) bad(c.column, "the player has no name");
      r.name = v;
    } else if (field == "title") {
      if (!v.empty() && title_rank(v) == 8)
        bad(c.column, "unknown title '" + v + "' (GM IM WGM FM WIM CM WFM WCM)");
      else
        r.title = v;
    } else if (field == "federation") {
      // FIDE federation codes are three letters (C.04 annex: ESP, PER, ...).
      std::string f = v;
      for (char& ch : f) ch = char(std::toupper(static_cast<unsigned char>(ch)));
      if (!v.empty() && (f.size() != 3 || !std::all_of(f.begin(), f.end(), [](char ch) {
                           return ch >= 'A' && ch <= 'Z';
                         })))
        bad(c.column, "federation '" + v + "' is not a three-letter FIDE code (e.g. ESP)");
      else
        r.federation = f;
    } else if (field == "fide_id") {
      if (!v.empty() && (!all_digits(v) || v.size() > 10))
        bad(c.column, "FIDE ID '" + v + "' is not a number of at most 10 digits");
      else
        r.fide_id = v;
    } else if (field == "sex") {
      std::string s = fold(v);
      if (s.empty())
        r.sex = ' ';
      else if (s == "m" || s == "h")
        r.sex = 'm';
      else if (s == "w" || s == "f")
        r.sex = 'w';
      else
        bad(c.column, "sex '" + v + "' is not m or w (f)");
    } else if (field == "birth") {
      std::string b = birth_date(v);
      if (!v.empty() && b.empty())
        bad(c.column, "birth '" + v + "' is not a year or a date YYYY/MM/DD");
      else
        r.birth = b;
    } else if (field == "standard") {
      r.ratings.standard = rating(c, "standard");
    } else if (field == "rapid") {
      r.ratings.rapid = rating(c, "rapid");
    } else if (field == "blitz") {
      r.ratings.blitz = rating(c, "blitz");
    } else if (field == "national") {
      r.ratings.national = rating(c, "national");
    } else if (!v.empty()) {
      // Kept with the player; the key without blanks, as the event file stores it.
      std::string key = header;
      std::replace(key.begin(), key.end(), ' ', '_');
      r.extra.emplace_back(key, v);
    }
  }
};

}  // namespace

std::string registration_field(std::string_view header) {
  static const std::map<std::string, std::string> kAliases = {{"name", "name"},
                                                              {"nombre", "name"},
                                                              {"player", "name"},
                                                              {"jugador", "name"},
                                                              {"apellidos_y_nombre", "name"},
                                                              {"title", "title"},
                                                              {"titulo", "title"},
                                                              {"tit", "title"},
                                                              {"federation", "federation"},
                                                              {"fed", "federation"},
                                                              {"federacion", "federation"},
                                                              {"country", "federation"},
                                                              {"pais", "federation"},
                                                              {"fide_id", "fide_id"},
                                                              {"fideid", "fide_id"},
                                                              {"id_fide", "fide_id"},
                                                              {"id", "fide_id"},
                                                              {"sex", "sex"},
                                                              {"sexo", "sex"},
                                                              {"gender", "sex"},
                                                              {"birth", "birth"},
                                                              {"born", "birth"},
                                                              {"birthday", "birth"},
                                                              {"nacimiento", "birth"},
                                                              {"fecha_de_nacimiento", "birth"},
                                                              {"standard", "standard"},
                                                              {"elo", "standard"},
                                                              {"fide_rating", "standard"},
                                                              {"std", "standard"},
                                                              {"rapid", "rapid"},
                                                              {"rapido", "rapid"},
                                                              {"blitz", "blitz"},
                                                              {"relampago", "blitz"},
                                                              {"national", "national"},
                                                              {"nat", "national"},
                                                              {"elo_nacional", "national"},
                                                              {"feda", "national"}};
  auto it = kAliases.find(fold(header));
  return it == kAliases.end() ? std::string() : it->second;
}

CsvRegistrations read_registration_fields(
    const std::vector<std::pair<std::string, std::string>>& fields) {
  CsvRegistrations out;
  const std::string none;
  Reader rd{none, out, 0, ""};
  Registration r;
  for (const auto& [option, value] : fields) {
    const std::string field = registration_field(option);
    rd.option = "--" + option;
    // An option not given is an empty cell: nothing to check, nothing stored.
    if (!value.empty()) rd.cell(r, field, option, Cell{value, 1});
  }
  if (out.errors.empty()) out.players.push_back(std::move(r));
  return out;
}

CsvRegistrations read_registration_csv(std::string_view text, const std::string& file) {
  CsvRegistrations out;
  Reader rd{file, out, 0, ""};
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte-order mark
  std::vector<std::string> fields, headers;
  char sep = ',';
  std::set<std::string> ids;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find('\n', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view line = text.substr(i, j - i);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    i = j + 1;
    ++rd.line;
    if (trim(line).empty()) continue;
    // Every cell ends up in a TRF line (a name, an extra column): bytes it cannot hold are
    // refused here, with their place, rather than when the event is written.
    if (const size_t bad = first_invalid_utf8(line); bad != std::string_view::npos) {
      rd.bad(chars(line, bad) + 1, "a byte that is not UTF-8 (save the file as UTF-8)");
      if (fields.empty()) return out;  // no header: the rest cannot be read
      continue;
    }
    if (auto c = std::find_if(line.begin(), line.end(),
                              [](char x) {
                                return (static_cast<unsigned char>(x) < 0x20 && x != '\t') ||
                                       x == 0x7F;
                              });
        c != line.end()) {
      rd.bad(
          chars(line, size_t(c - line.begin())) + 1,
          "a control character (code " + std::to_string(int(static_cast<unsigned char>(*c))) + ")");
      if (fields.empty()) return out;
      continue;
    }
    std::string quote_error;
    if (fields.empty()) sep = separator_of(line);
    auto cells = split(line, sep, quote_error);
    if (!quote_error.empty()) {
      rd.out.errors.push_back(file + ":" + std::to_string(rd.line) + ":" + quote_error);
      continue;
    }
    if (fields.empty()) {
      std::set<std::string> seen;
      for (const auto& c : cells) {
        std::string f = registration_field(c.text);
        if (!f.empty() && !seen.insert(f).second)
          rd.bad(c.column, "column '" + c.text + "' repeats the " + f + " column");
        if (c.text.empty()) rd.bad(c.column, "empty column name in the header");
        fields.push_back(f);
        headers.push_back(c.text);
      }
      if (!seen.count("name")) rd.bad(1, "the header names no name column (Name or Nombre)");
      if (!out.errors.empty()) return out;
      continue;
    }
    if (cells.size() != fields.size()) {
      rd.bad(
          cells.size() > fields.size() ? cells[fields.size()].column : chars(line, line.size()) + 1,
          std::to_string(cells.size()) + " fields, the header has " +
              std::to_string(fields.size()) +
              // The everyday cause: a "Surname, Name" typed without its quotes.
              (cells.size() > fields.size() && sep == ','
                   ? " (a value with a ',' in it, such as \"Surname, Name\", must be in double "
                     "quotes)"
                   : ""));
      continue;
    }
    Registration r;
    for (size_t k = 0; k < cells.size(); ++k) rd.cell(r, fields[k], headers[k], cells[k]);
    if (!r.fide_id.empty() && !ids.insert(r.fide_id).second) {
      size_t k = std::find(fields.begin(), fields.end(), "fide_id") - fields.begin();
      rd.bad(cells[k].column, "FIDE ID " + r.fide_id + " appears twice in the file");
    }
    out.players.push_back(std::move(r));
  }
  if (fields.empty())
    out.errors.push_back(file + ": empty file (no header row)");
  else if (out.players.empty() && out.errors.empty())
    out.errors.push_back(file + ": no players");
  if (!out.errors.empty()) out.players.clear();
  return out;
}

}  // namespace arbiter::pairing
