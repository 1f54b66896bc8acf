#include "arbiter/engine/pgn.h"

namespace arbiter::pgn {

std::string_view to_string(GameResult r) {
  switch (r) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::Unfinished: return "*";
    case GameResult::None: return "";
  }
  return "";
}

std::optional<GameResult> parse_result(std::string_view s) {
  if (s == "1-0") return GameResult::WhiteWins;
  if (s == "0-1") return GameResult::BlackWins;
  if (s == "1/2-1/2" || s == "\xC2\xBD-\xC2\xBD") return GameResult::Draw;
  if (s == "*") return GameResult::Unfinished;
  return std::nullopt;
}

const std::string* RawGame::tag(std::string_view name) const {
  for (auto it = tags.rbegin(); it != tags.rend(); ++it)  // first letter first: no call
    if (!name.empty() && it->name.size() == name.size() && it->name[0] == name[0] &&
        it->name == name)
      return &it->value;
  return nullptr;
}

bool RawGame::has_errors() const {
  for (auto& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

void RawGame::clear() {
  index = 0;
  start = {};
  tags.clear();
  text.clear();
  tokens.clear();
  result = GameResult::None;
  result_where = {};
  diagnostics.clear();
}

bool Reader::next(RawGame& out) {
  if (!split_.next(chunk_)) return false;
  parse_game(std::move(chunk_), out);
  chunk_ = GameChunk{};
  return true;
}

std::vector<RawGame> read_all(std::string_view text) {
  Reader r(memory_source(std::string(text)));
  std::vector<RawGame> v;
  RawGame g;
  while (r.next(g)) v.push_back(std::move(g));
  return v;
}

}  // namespace arbiter::pgn
