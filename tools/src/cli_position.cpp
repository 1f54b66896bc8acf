#include "cli_position.h"

namespace arbiter::cli {

std::string join_words(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

Position position_from_fen(const std::string& fen, bool chess960) {
  // Four-field EPD-style FENs are accepted (clocks default to 0 1); more than six is an error.
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
  auto pos = Position::from_setup(*setup, chess960);
  if (!pos) throw UsageError(pos.error().message());
  return *pos;
}

}  // namespace arbiter::cli
