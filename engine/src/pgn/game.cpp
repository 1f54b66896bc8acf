#include <algorithm>
#include <cassert>

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

Location RawGame::where(const Token& t) const {
  // A comment's text starts after its one-byte `{` or `;` (on the same line), where it is read.
  return location(t.kind == TokenKind::Comment ? t.offset - 1 : t.offset);
}

Location RawGame::location(uint32_t offset) const {
  assert(offset <= text.size());
  const auto next = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
  const auto lines_before = static_cast<uint32_t>(next - line_starts.begin());
  const uint32_t begin = lines_before == 0 ? 0 : *(next - 1);
  uint32_t column = lines_before == 0 ? start.column : 1;
  for (uint32_t k = begin; k < offset; ++k)  // (continuation bytes 10xxxxxx add no character)
    column += (static_cast<unsigned char>(text[k]) & 0xC0) != 0x80;
  return {start.line + lines_before, column};
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
  line_starts.clear();
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
