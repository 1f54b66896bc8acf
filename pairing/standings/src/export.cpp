// Standings and crosstable exports (text, TSV, CSV, JSON, HTML).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "arbiter/pairing/crosstable_export.h"

namespace arbiter::pairing {
namespace {

int min_decimals(TiebreakKind k) {
  switch (k) {
    case TiebreakKind::PTS:
    case TiebreakKind::BH:
    case TiebreakKind::FB:
    case TiebreakKind::PS:
    case TiebreakKind::KS:
    case TiebreakKind::STD: return 1;
    case TiebreakKind::SB:
    case TiebreakKind::AOB: return 2;
    default: return 0;
  }
}

std::string trimmed(double v, int min_dec) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  size_t dot = s.find('.');
  size_t keep = dot + 1 + size_t(min_dec);
  while (s.size() > keep && s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

// "w", "b", or "" for a round without a game.
std::string colour_letter(const Cell& c) { return !c.colour ? "" : *c.colour == WHITE ? "w" : "b"; }

std::string result_symbol(const Cell& c) {
  switch (c.outcome) {
    case Outcome::Win: return "1";
    case Outcome::Draw: return "=";
    case Outcome::Loss: return "0";
    case Outcome::ForfeitWin: return "+";
    case Outcome::ForfeitLoss: return "-";
    case Outcome::PairingBye: return "U";
    case Outcome::FullBye: return "F";
    case Outcome::HalfBye: return "H";
    case Outcome::ZeroBye: return "Z";
  }
  return "?";
}

std::string pad(const std::string& s, size_t w, bool right = false) {
  // Width in code points, so UTF-8 names align.
  size_t cps = 0;
  for (unsigned char ch : s) cps += (ch & 0xC0) != 0x80;
  if (cps >= w) return s;
  std::string fill(w - cps, ' ');
  return right ? fill + s : s + fill;
}

size_t display_width(const std::string& s) {
  size_t cps = 0;
  for (unsigned char ch : s) cps += (ch & 0xC0) != 0x80;
  return cps;
}

std::string extra_value(const ExtraColumn& x, int start_no) {
  auto it = x.values.find(start_no);
  return it == x.values.end() ? std::string() : it->second;
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (unsigned char ch : s) {
    switch (ch) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      case '\r': o += "\\r"; break;
      default:
        if (ch < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", ch);
          o += buf;
        } else {
          o += char(ch);
        }
    }
  }
  return o;
}

std::string html_escape(const std::string& s) {
  std::string o;
  for (char ch : s) {
    switch (ch) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += ch;
    }
  }
  return o;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string o = "\"";
  for (char ch : s) o += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return o + "\"";
}

std::string rank_text(const StandingsRow& r) {
  return std::to_string(r.rank) + (r.shared ? "=" : "");
}

// Rank of each start number (for crosstable cells that name the opponent by rank).
std::vector<int> rank_by_start(const Standings& s, size_t n) {
  std::vector<int> rk(n + 1, 0);
  for (const auto& r : s.rows)
    if (size_t(r.start_no) <= n) rk[size_t(r.start_no)] = r.rank;
  return rk;
}

}  // namespace

std::string format_points(double p) { return trimmed(p, 1); }

std::string format_value(const TiebreakSpec& spec, const TiebreakValue& v) {
  if (!v) return "-0";
  return trimmed(*v, min_decimals(spec.kind));
}

std::string standings_tsv(const Standings& s) {
  std::string o = "StartNo\tRank";
  for (const auto& spec : s.specs) o += "\t" + spec.text;
  o += "\n";
  std::vector<const StandingsRow*> rows;
  for (const auto& r : s.rows) rows.push_back(&r);
  std::sort(rows.begin(), rows.end(),
            [](const StandingsRow* a, const StandingsRow* b) { return a->start_no < b->start_no; });
  for (const StandingsRow* r : rows) {
    o += std::to_string(r->start_no) + "\t" + std::to_string(r->rank);
    for (size_t k = 0; k < s.specs.size(); ++k) o += "\t" + format_value(s.specs[k], r->values[k]);
    o += "\n";
  }
  return o;
}

std::string standings_csv(const Crosstable& ct, const Standings& s,
                          const std::vector<ExtraColumn>& extra) {
  std::string o = "Rank,StartNo,Name,Title,Fed,Rating,Points";
  for (const auto& spec : s.specs) o += "," + csv_field(spec.text);
  for (const auto& x : extra) o += "," + csv_field(x.heading);
  o += "\n";
  for (const auto& r : s.rows) {
    const CrossPlayer& p = ct.player(r.start_no);
    o += rank_text(r) + "," + std::to_string(r.start_no) + "," + csv_field(p.name) + "," +
         csv_field(p.title) + "," + csv_field(p.federation) + "," +
         (p.rating > 0 ? std::to_string(p.rating) : "") + "," + format_points(r.points);
    for (size_t k = 0; k < s.specs.size(); ++k) o += "," + format_value(s.specs[k], r.values[k]);
    for (const auto& x : extra) o += "," + csv_field(extra_value(x, r.start_no));
    o += "\n";
  }
  return o;
}

std::string standings_text(const Crosstable& ct, const Standings& s,
                           const std::vector<ExtraColumn>& extra) {
  size_t name_w = 4;
  for (const auto& p : ct.players) name_w = std::max(name_w, p.name.size());
  name_w = std::min<size_t>(name_w, 32);
  std::string o;
  if (!ct.name.empty()) o += ct.name + "\n";
  o += "Standings after round " + std::to_string(s.rounds) + " (C.07 " + to_string(s.rules) +
       " rules" + (s.round_robin ? ", round robin" : "") + ")\n";
  if (!s.note.empty()) o += s.note + "\n";
  std::string head = pad("Rk", 4, true) + " " + pad("SNo", 4, true) + "  " + pad("Name", name_w) +
                     " " + pad("Tit", 3) + " " + pad("Fed", 3) + " " + pad("Rtg", 4, true) + " " +
                     pad("Pts", 5, true);
  std::vector<size_t> widths;
  for (const auto& spec : s.specs) {
    widths.push_back(std::max<size_t>(spec.text.size(), 6));
    if (spec.kind != TiebreakKind::PTS) head += " " + pad(spec.text, widths.back(), true);
  }
  for (const auto& x : extra) head += "  " + x.heading;
  o += head + "\n" + std::string(head.size(), '-') + "\n";
  for (const auto& r : s.rows) {
    const CrossPlayer& p = ct.player(r.start_no);
    std::string name = p.name;
    std::string line = pad(rank_text(r), 4, true) + " " + pad(std::to_string(r.start_no), 4, true) +
                       "  " + pad(name, name_w) + " " + pad(p.title, 3) + " " +
                       pad(p.federation, 3) + " " +
                       pad(p.rating > 0 ? std::to_string(p.rating) : "", 4, true) + " " +
                       pad(format_points(r.points), 5, true);
    for (size_t k = 0; k < s.specs.size(); ++k)
      if (s.specs[k].kind != TiebreakKind::PTS)  // already in the Pts column
        line +=
            " " + pad(r.values[k] ? format_value(s.specs[k], r.values[k]) : "-", widths[k], true);
    // The extra columns last and left-aligned, each as wide as its longest text.
    for (const auto& x : extra) {
      size_t w = display_width(x.heading);
      for (const auto& [sno, text] : x.values) w = std::max(w, display_width(text));
      line += "  " + pad(extra_value(x, r.start_no), w);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    o += line + "\n";
  }
  return o;
}

std::string crosstable_text(const Crosstable& ct, const Standings& s) {
  auto rk = rank_by_start(s, ct.players.size());
  size_t name_w = 4;
  for (const auto& p : ct.players) name_w = std::max(name_w, p.name.size());
  name_w = std::min<size_t>(name_w, 28);
  std::string o = pad("Rk", 4, true) + " " + pad("SNo", 4, true) + "  " + pad("Name", name_w) +
                  " " + pad("Rtg", 4, true);
  for (int r = 1; r <= ct.rounds; ++r) o += " " + pad("R" + std::to_string(r), 6, true);
  o += " " + pad("Pts", 5, true) + "\n";
  for (const auto& row : s.rows) {
    const CrossPlayer& p = ct.player(row.start_no);
    std::string line = pad(rank_text(row), 4, true) + " " +
                       pad(std::to_string(row.start_no), 4, true) + "  " + pad(p.name, name_w) +
                       " " + pad(p.rating > 0 ? std::to_string(p.rating) : "", 4, true);
    for (int r = 1; r <= ct.rounds; ++r) {
      const Cell& c = p.cells[size_t(r - 1)];
      std::string t = c.opponent > 0 ? std::to_string(rk[size_t(c.opponent)]) + colour_letter(c) +
                                           result_symbol(c)
                                     : result_symbol(c);
      line += " " + pad(t, 6, true);
    }
    line += " " + pad(format_points(row.points), 5, true);
    o += line + "\n";
  }
  return o;
}

std::string standings_json(const Crosstable& ct, const Standings& s,
                           const std::vector<ExtraColumn>& extra) {
  std::ostringstream o;
  o << "{\n  \"tournament\": {\"name\": \"" << json_escape(ct.name) << "\", \"city\": \""
    << json_escape(ct.city) << "\", \"startDate\": \"" << json_escape(ct.start_date)
    << "\", \"rounds\": " << s.rounds << ", \"roundRobin\": " << (s.round_robin ? "true" : "false")
    << "},\n  \"rules\": \"" << to_string(s.rules) << "\",\n  \"tiebreaks\": [";
  for (size_t k = 0; k < s.specs.size(); ++k)
    o << (k ? ", " : "") << "\"" << json_escape(s.specs[k].text) << "\"";
  o << "],\n";
  if (!s.note.empty()) o << "  \"note\": \"" << json_escape(s.note) << "\",\n";
  o << "  \"standings\": [\n";
  for (size_t i = 0; i < s.rows.size(); ++i) {
    const auto& r = s.rows[i];
    const CrossPlayer& p = ct.player(r.start_no);
    o << "    {\"rank\": " << r.rank << ", \"shared\": " << (r.shared ? "true" : "false")
      << ", \"startNo\": " << r.start_no << ", \"name\": \"" << json_escape(p.name)
      << "\", \"title\": \"" << json_escape(p.title) << "\", \"federation\": \""
      << json_escape(p.federation) << "\", \"rating\": " << p.rating
      << ", \"points\": " << format_points(r.points) << ", \"tiebreaks\": {";
    for (size_t k = 0; k < s.specs.size(); ++k) {
      o << (k ? ", " : "") << "\"" << json_escape(s.specs[k].text) << "\": ";
      o << (r.values[k] ? format_value(s.specs[k], r.values[k]) : "null");
    }
    o << "}";
    for (const auto& x : extra)
      o << ", \"" << json_escape(x.json_key) << "\": \"" << json_escape(extra_value(x, r.start_no))
        << "\"";
    o << ", \"rounds\": [";
    for (size_t k = 0; k < p.cells.size(); ++k) {
      const Cell& c = p.cells[k];
      o << (k ? ", " : "") << "{\"round\": " << k + 1 << ", \"opponent\": " << c.opponent
        << ", \"colour\": \"" << colour_letter(c) << "\", \"result\": \"" << result_symbol(c)
        << "\", \"points\": " << format_points(c.points) << "}";
    }
    o << "]}" << (i + 1 < s.rows.size() ? "," : "") << "\n";
  }
  o << "  ]\n}\n";
  return o.str();
}

std::string standings_html(const Crosstable& ct, const Standings& s, const std::string& title) {
  std::string t = title.empty() ? (ct.name.empty() ? "Standings" : ct.name) : title;
  auto rk = rank_by_start(s, ct.players.size());
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
    << html_escape(t) << "</title>\n<style>\n"
    << "body{font-family:system-ui,Segoe UI,Helvetica,Arial,sans-serif;margin:1.5em;color:#111}\n"
    << "h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.1em;margin:1.5em 0 .4em}\n"
    << ".meta{color:#555;margin-bottom:1em}\n"
    << "table{border-collapse:collapse;font-size:.9em}\n"
    << "th,td{border:1px solid #bbb;padding:.2em .45em;text-align:right;white-space:nowrap}\n"
    << "th{background:#eee}td.name,th.name{text-align:left}\n"
    << "tbody tr:nth-child(even){background:#f6f6f6}\n"
    << "@media print{body{margin:0;font-size:10pt}h2{page-break-before:always}"
    << "h2.first{page-break-before:auto}tbody tr:nth-child(even){background:none}}\n"
    << "</style>\n</head>\n<body>\n<h1>" << html_escape(t) << "</h1>\n<div class=\"meta\">";
  if (!ct.city.empty()) o << html_escape(ct.city) << " &middot; ";
  if (!ct.start_date.empty()) o << html_escape(ct.start_date) << " &middot; ";
  o << "after round " << s.rounds << " &middot; tie-breaks (FIDE C.07 " << to_string(s.rules)
    << "): " << html_escape(to_string(s.specs, ", ")) << "</div>\n";
  if (!s.note.empty()) o << "<p>" << html_escape(s.note) << "</p>\n";
  o << "<h2 class=\"first\">Standings</h2>\n<table>\n<thead><tr><th>Rk</th><th>SNo</th>"
    << "<th class=\"name\">Name</th><th>Title</th><th>Fed</th><th>Rtg</th><th>Pts</th>";
  for (const auto& spec : s.specs)
    if (spec.kind != TiebreakKind::PTS) o << "<th>" << html_escape(spec.text) << "</th>";
  o << "</tr></thead>\n<tbody>\n";
  for (const auto& r : s.rows) {
    const CrossPlayer& p = ct.player(r.start_no);
    o << "<tr><td>" << rank_text(r) << "</td><td>" << r.start_no << "</td><td class=\"name\">"
      << html_escape(p.name) << "</td><td>" << html_escape(p.title) << "</td><td>"
      << html_escape(p.federation) << "</td><td>" << (p.rating > 0 ? std::to_string(p.rating) : "")
      << "</td><td>" << format_points(r.points) << "</td>";
    for (size_t k = 0; k < s.specs.size(); ++k)
      if (s.specs[k].kind != TiebreakKind::PTS)
        o << "<td>" << (r.values[k] ? format_value(s.specs[k], r.values[k]) : "&ndash;") << "</td>";
    o << "</tr>\n";
  }
  o << "</tbody>\n</table>\n<h2>Crosstable</h2>\n<table>\n<thead><tr><th>Rk</th>"
    << "<th class=\"name\">Name</th><th>Rtg</th>";
  for (int r = 1; r <= ct.rounds; ++r) o << "<th>" << r << "</th>";
  o << "<th>Pts</th></tr></thead>\n<tbody>\n";
  for (const auto& row : s.rows) {
    const CrossPlayer& p = ct.player(row.start_no);
    o << "<tr><td>" << rank_text(row) << "</td><td class=\"name\">" << html_escape(p.name)
      << "</td><td>" << (p.rating > 0 ? std::to_string(p.rating) : "") << "</td>";
    for (int r = 1; r <= ct.rounds; ++r) {
      const Cell& c = p.cells[size_t(r - 1)];
      std::string txt = c.opponent > 0 ? std::to_string(rk[size_t(c.opponent)]) + colour_letter(c) +
                                             result_symbol(c)
                                       : result_symbol(c);
      o << "<td>" << html_escape(txt) << "</td>";
    }
    o << "<td>" << format_points(row.points) << "</td></tr>\n";
  }
  o << "</tbody>\n</table>\n</body>\n</html>\n";
  return o.str();
}

}  // namespace arbiter::pairing
