#include "cli_position.h"

namespace arbiter::cli {

std::string join_words(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

Setup setup_from_fen(const std::string& fen) {
  // Four-field EPD-style FENs are accepted (clocks default to 0 1); with clock fields, they must
  // be numbers in range, and more than six fields is an error. The one strictness of every
  // command (status, moves, perft, claim...).
  auto setup = parse_fen(fen, FenMode::Strict);
  if (!setup) {
    auto epd = parse_fen(fen, FenMode::Epd);
    int fields = 0;
    bool in = false;
    for (char c : fen) {
      bool blank = c == ' ' || c == '\t';
      if (!blank && !in) ++fields;
      in = !blank;
    }
    if (!epd || fields != 4) throw UsageError(setup.error().message());
    setup = std::move(epd);
  }
  return *setup;
}

Position position_from_fen(const std::string& fen, bool chess960) {
  auto pos = Position::from_setup(setup_from_fen(fen), chess960);
  if (!pos) throw UsageError(pos.error().message());
  return *pos;
}

}  // namespace arbiter::cli
