#pragma once
// PGN export format (PGN standard 8.1.1 and 8.2.6): the Seven Tag Roster first and in order,
// the other tags in ASCII order by name, escaped strings, one blank line, then movetext in
// lines of fewer than 80 characters, the termination marker last. Chess-free: the moves come
// in already as canonical SAN (see pgn_normalize.h for turning a read game into this).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/engine/pgn.h"

namespace arbiter::pgn {

struct ExportElement {
  enum class Kind : uint8_t { Move, Nag, Comment, VariationStart, VariationEnd } kind;
  std::string text;  // SAN for moves, comment text; empty otherwise
  int nag = 0;
  // For moves: the move number and side as printed ("12." before White, "12..." before Black).
  int move_number = 1;
  bool white = true;
};

struct ExportGame {
  std::vector<std::pair<std::string, std::string>> tags;  // any order; the writer sorts
  std::vector<ExportElement> movetext;
  GameResult result = GameResult::Unfinished;
};

inline constexpr std::string_view kSevenTagRoster[7] = {"Event", "Site",  "Date",  "Round",
                                                        "White", "Black", "Result"};

// PGN 7: a string token escapes '"' and '\' with a backslash; control characters are dropped.
std::string escape_string(std::string_view s);

// Appends one game in export format, followed by a blank line. Missing STR tags are written
// with their "unknown" values (PGN 8.1.1: "?", Date "????.??.??"); the Result tag is always the
// termination marker.
void write_export(std::string& out, const ExportGame& game);

}  // namespace arbiter::pgn
