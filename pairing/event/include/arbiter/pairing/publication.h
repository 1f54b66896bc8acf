#pragma once
// What an arbiter publishes (pairing lists, wall charts, prize lists) as one value, a Table,
// rendered in four formats: text for the wall and the terminal (columns padded by characters,
// so names with accents stay aligned), CSV (RFC 4180), JSON, and a self-contained HTML page
// (valid HTML5, no scripts, a viewport for phones with the table scrolling inside its own box,
// a print style sheet, every player-supplied string escaped).
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::pairing {

struct Table {
  std::string title;                  // the page's heading
  std::vector<std::string> subtitle;  // lines under the heading (event, round, date)
  std::vector<std::string> columns;   // headings
  std::vector<bool> right;            // per column: right-aligned (numbers)
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> notes;  // lines after the table (byes, key to the letters)
};

enum class PublicationFormat { Text, Csv, Json, Html };
// "text", "csv", "json", "html"; throws EventInputError otherwise.
PublicationFormat parse_publication_format(std::string_view);

std::string render(const Table& t, PublicationFormat f);
// Several tables on one page (HTML: one document; text: separated by a blank line; CSV: one
// table after the other, each with its heading row; JSON: an array).
std::string render(const std::vector<Table>& ts, PublicationFormat f);

// Width of a UTF-8 string in characters (code points; combining marks count 0).
int display_width(std::string_view s);
std::string html_escape(std::string_view s);
std::string json_escape(std::string_view s);  // without the surrounding quotes

}  // namespace arbiter::pairing
