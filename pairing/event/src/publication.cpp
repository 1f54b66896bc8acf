// Rendering the arbiter's publications (see publication.h).
#include "arbiter/pairing/publication.h"

#include <algorithm>
#include <cstdio>

#include "arbiter/pairing/event_settings.h"

namespace arbiter::pairing {
namespace {

std::string pad(const std::string& s, int width, bool right) {
  const int fill = std::max(0, width - display_width(s));
  return right ? std::string(fill, ' ') + s : s + std::string(fill, ' ');
}

std::string text_table(const Table& t) {
  std::string out = t.title + "\n";
  for (const auto& s : t.subtitle) out += s + "\n";
  out += "\n";
  std::vector<int> w(t.columns.size(), 0);
  for (size_t c = 0; c < t.columns.size(); ++c) w[c] = display_width(t.columns[c]);
  for (const auto& r : t.rows)
    for (size_t c = 0; c < r.size() && c < w.size(); ++c)
      w[c] = std::max(w[c], display_width(r[c]));
  auto line = [&](const std::vector<std::string>& cells) {
    std::string l;
    for (size_t c = 0; c < w.size(); ++c) {
      const bool right = c < t.right.size() && t.right[c];
      l += (c ? "  " : "") + pad(c < cells.size() ? cells[c] : "", w[c], right);
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l + "\n";
  };
  out += line(t.columns);
  int total = 0;
  for (int x : w) total += x;
  out += std::string(total + 2 * (w.empty() ? 0 : int(w.size()) - 1), '-') + "\n";
  for (const auto& r : t.rows) out += line(r);
  if (!t.notes.empty()) out += "\n";
  for (const auto& n : t.notes) out += n + "\n";
  return out;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

std::string csv_table(const Table& t) {
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (size_t c = 0; c < cells.size(); ++c) out += (c ? "," : "") + csv_cell(cells[c]);
    out += "\r\n";  // RFC 4180 line ends
  };
  line(t.columns);
  for (const auto& r : t.rows) line(r);
  return out;
}

std::string json_string(const std::string& s) { return "\"" + json_escape(s) + "\""; }

std::string json_table(const Table& t) {
  std::string out = "{\"title\":" + json_string(t.title) + ",\"subtitle\":[";
  for (size_t i = 0; i < t.subtitle.size(); ++i) out += (i ? "," : "") + json_string(t.subtitle[i]);
  out += "],\"columns\":[";
  for (size_t i = 0; i < t.columns.size(); ++i) out += (i ? "," : "") + json_string(t.columns[i]);
  // Rows as arrays in the columns' order: headings may repeat ("Pts" for White and Black).
  out += "],\"rows\":[";
  for (size_t r = 0; r < t.rows.size(); ++r) {
    out += r ? ",[" : "[";
    for (size_t c = 0; c < t.rows[r].size() && c < t.columns.size(); ++c)
      out += (c ? "," : "") + json_string(t.rows[r][c]);
    out += "]";
  }
  out += "],\"notes\":[";
  for (size_t i = 0; i < t.notes.size(); ++i) out += (i ? "," : "") + json_string(t.notes[i]);
  return out + "]}";
}

// Phones: the page never scrolls sideways; text cells wrap (a long name breaks) so that the
// points next to the names stay on screen; a table still too wide scrolls inside its own box
// (the headings stay on top while scrolling down). Print: black on white, no box, small type, rows
// kept whole across pages.
constexpr std::string_view kStyle = R"(
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:12px;color:#111;background:#fff;line-height:1.35}
h1{font-size:1.25rem;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:1.05rem;margin:18px 0 4px}
p.sub{margin:0;color:#444;font-size:.9rem;overflow-wrap:anywhere}
.scroll{max-width:100%;overflow-x:auto;-webkit-overflow-scrolling:touch;margin-top:8px}
table{border-collapse:collapse;font-size:.9rem}
th,td{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
th{background:#f2f2f2;position:sticky;top:0}
tr:nth-child(even) td{background:#fafafa}
ul.notes{padding-left:18px;font-size:.85rem;color:#333;overflow-wrap:anywhere}
@media (max-width:480px){body{padding:8px}table{font-size:.8rem}th,td{padding:3px 5px}
td{white-space:normal;overflow-wrap:anywhere;min-width:4.5em}td.n{white-space:nowrap;min-width:0}}
@media print{body{padding:0;font-size:10pt}.scroll{overflow:visible}table{font-size:9pt}
th{background:#fff;border-bottom:2px solid #000}tr:nth-child(even) td{background:#fff}
tr{break-inside:avoid}section{break-after:page}section:last-child{break-after:auto}}
)";

std::string html_section(const Table& t) {
  std::string out = "<section>\n<h1>" + html_escape(t.title) + "</h1>\n";
  for (const auto& s : t.subtitle) out += "<p class=\"sub\">" + html_escape(s) + "</p>\n";
  out += "<div class=\"scroll\"><table>\n<thead><tr>";
  auto cls = [&](size_t c) {
    return c < t.right.size() && t.right[c] ? std::string(" class=\"n\"") : std::string();
  };
  for (size_t c = 0; c < t.columns.size(); ++c)
    out += "<th scope=\"col\"" + cls(c) + ">" + html_escape(t.columns[c]) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& r : t.rows) {
    out += "<tr>";
    for (size_t c = 0; c < t.columns.size(); ++c)
      out += "<td" + cls(c) + ">" + html_escape(c < r.size() ? r[c] : "") + "</td>";
    out += "</tr>\n";
  }
  out += "</tbody>\n</table></div>\n";
  if (!t.notes.empty()) {
    out += "<ul class=\"notes\">\n";
    for (const auto& n : t.notes) out += "<li>" + html_escape(n) + "</li>\n";
    out += "</ul>\n";
  }
  return out + "</section>\n";
}

std::string html_page(const std::vector<Table>& ts) {
  std::string title = ts.empty() ? std::string("arbiter") : ts.front().title;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
      html_escape(title) + "</title>\n<style>" + std::string(kStyle) +
      "</style>\n</head>\n<body>\n";
  for (const auto& t : ts) out += html_section(t);
  return out + "</body>\n</html>\n";
}

}  // namespace

int display_width(std::string_view s) {
  int w = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    unsigned cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    // Combining diacritical marks (U+0300-036F) add nothing: "e" + U+0301 is one column.
    if (!(cp >= 0x300 && cp <= 0x36F)) ++w;
    i += len;
  }
  return w;
}

std::string html_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string json_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out;
}

PublicationFormat parse_publication_format(std::string_view f) {
  if (f == "text") return PublicationFormat::Text;
  if (f == "csv") return PublicationFormat::Csv;
  if (f == "json") return PublicationFormat::Json;
  if (f == "html") return PublicationFormat::Html;
  throw EventInputError("unknown format '" + std::string(f) + "' (text, csv, json or html)");
}

std::string render(const Table& t, PublicationFormat f) { return render(std::vector<Table>{t}, f); }

std::string render(const std::vector<Table>& ts, PublicationFormat f) {
  std::string out;
  switch (f) {
    case PublicationFormat::Text:
      for (size_t i = 0; i < ts.size(); ++i) out += (i ? "\n" : "") + text_table(ts[i]);
      return out;
    case PublicationFormat::Csv:
      for (size_t i = 0; i < ts.size(); ++i) out += (i ? "\r\n" : "") + csv_table(ts[i]);
      return out;
    case PublicationFormat::Json:
      if (ts.size() == 1) return json_table(ts[0]) + "\n";
      out = "[";
      for (size_t i = 0; i < ts.size(); ++i) out += (i ? "," : "") + json_table(ts[i]);
      return out + "]\n";
    case PublicationFormat::Html: return html_page(ts);
  }
  return out;
}

}  // namespace arbiter::pairing
