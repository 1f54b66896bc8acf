// Cuts a byte stream into games without tokenising them fully: only the states that decide
// where a game ends are tracked (comments, tag strings, variation depth, termination markers).
// Memory is bounded by one game plus one read buffer.
#include <cstring>

#include "arbiter/engine/pgn.h"

namespace arbiter::pgn {
namespace {

constexpr size_t kBufSize = 1 << 20;
constexpr size_t kMaxGameBytes = size_t{64} << 20;  // a "game" larger than this is corrupt input

enum class St : uint8_t { Normal, Brace, LineComment, Escape, Tag, TagString, TagEscape, Resync };

inline bool is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == 0x1A;
}
// Control bytes that no PGN text contains: a sign of binary garbage or a broken transfer.
inline bool is_bad(unsigned char c) { return (c < 0x20 && !is_space(c)) || c == 0x7F; }

bool is_result(const char* t, size_t n) {
  std::string_view s(t, n);
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" || s == "½-½";
}

std::string hex(unsigned char c) {
  static const char* d = "0123456789ABCDEF";
  return std::string("0x") + d[c >> 4] + d[c & 15];
}

}  // namespace

struct Splitter::Impl {
  std::unique_ptr<ByteSource> src;
  std::vector<char> buf = std::vector<char>(kBufSize);
  size_t pos = 0, len = 0;
  bool eof = false, first_read = true;

  St st = St::Normal;
  uint32_t line = 1, col = 1;  // location of the byte about to be read
  bool at_line_start = true, line_blank = true;
  int depth = 0;
  bool movetext = false;        // current game has movetext
  char tok[8];
  size_t tok_len = 0;           // current Normal-state token (only short ones matter)
  size_t prefix_match = 0;      // progress matching "[Event \"" at a line start (Brace/Resync)
  Location brace_open, bad_at;
  unsigned char bad_byte = 0;
  bool bad_reported = false;

  GameChunk cur;
  bool cur_started = false;
  uint64_t next_index = 0;
  std::vector<GameChunk> ready;  // finished games not yet handed out (at most 2)

  void start_game(Location at) {
    cur.bytes.clear();
    cur.diagnostics.clear();
    cur.start = at;
    cur_started = true;
    movetext = false;
    depth = 0;
    tok_len = 0;
  }
  void finish_game() {
    if (cur_started) {
      cur.index = next_index++;
      ready.push_back(std::move(cur));
      cur = GameChunk{};
    }
    cur_started = false;
    movetext = false;
    depth = 0;
    tok_len = 0;
  }
  void add(char c, Location at) {
    if (!cur_started) start_game(at);
    cur.bytes.push_back(c);
  }
  void diag(Severity s, std::string code, Location at, std::string msg) {
    if (!cur_started) start_game(at);
    cur.diagnostics.push_back({s, std::move(code), at, std::move(msg)});
  }

  bool fill() {
    if (eof) return false;
    len = src->read(buf.data(), buf.size());
    pos = 0;
    if (len == 0) {
      eof = true;
      return false;
    }
    if (first_read) {
      first_read = false;
      if (len >= 3 && std::memcmp(buf.data(), "\xEF\xBB\xBF", 3) == 0) pos = 3;  // UTF-8 BOM
    }
    return true;
  }

  // Ends the Normal-state token; returns true if it was a termination marker ending the game.
  bool end_token() {
    bool res = tok_len > 0 && tok_len <= sizeof tok && depth <= 0 && is_result(tok, tok_len);
    tok_len = 0;
    if (res) finish_game();
    return res;
  }

  void enter_resync(unsigned char c, Location at) {
    bad_at = at;
    bad_byte = c;
    st = St::Resync;
    prefix_match = 0;
  }
  void leave_resync(const char* why) {
    diag(Severity::Error, "bad-bytes", bad_at,
         "unreadable byte " + hex(bad_byte) + "; input skipped up to line " + std::to_string(line) +
             " (" + why + ")");
    finish_game();
    st = St::Normal;
  }

  // Processes one byte; the caller has already advanced past it.
  void step(unsigned char c) {
    const Location at{line, col};
    if (c == '\n') {
      ++line;
      col = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++col;
    }
    const bool line_start = at_line_start;
    if (c == '\n') {
      at_line_start = true;
    } else if (c != '\r') {
      at_line_start = false;
    }

    if (st == St::Resync) {
      // Resynchronise at a blank line or at a line that starts with `[Event "`.
      static constexpr std::string_view kEvent = "[Event ";
      if (c == '\n') {
        if (line_blank) leave_resync("blank line");
        line_blank = true;
        prefix_match = 0;
        return;
      }
      if (!is_space(c)) line_blank = false;
      if (line_start) prefix_match = 0;
      if ((line_start || prefix_match > 0) && prefix_match < kEvent.size() &&
          c == kEvent[prefix_match]) {
        if (++prefix_match == kEvent.size()) {
          const Location tag_at{at.line, at.column - uint32_t(kEvent.size() - 1)};
          leave_resync("next [Event tag");
          for (char e : kEvent) add(e, tag_at);
          st = St::Tag;
        }
      } else {
        prefix_match = 0;
      }
      return;
    }
    if (c == '\n') line_blank = true;

    if (is_bad(c)) {
      if (cur_started || true) enter_resync(c, at);
      line_blank = false;
      return;
    }
    if (cur_started && cur.bytes.size() > kMaxGameBytes) {
      diag(Severity::Error, "game-too-long", at, "game exceeds 64 MiB; input skipped");
      enter_resync(c, at);
      return;
    }

    switch (st) {
      case St::Normal:
        if (is_space(c)) {
          end_token();
          if (cur_started) add(static_cast<char>(c), at);
          return;
        }
        line_blank = false;
        if (line_start && c == '%') {  // PGN 6: escape mechanism, the whole line is ignored
          end_token();
          add('%', at);
          st = St::Escape;
          return;
        }
        switch (c) {
          case '[':
            end_token();
            if (movetext) finish_game();
            add('[', at);
            st = St::Tag;
            return;
          case '{':
            end_token();
            add('{', at);
            brace_open = at;
            movetext = true;
            prefix_match = 0;
            st = St::Brace;
            return;
          case ';':
            end_token();
            add(';', at);
            movetext = true;
            st = St::LineComment;
            return;
          case '(':
          case ')':
            end_token();
            add(static_cast<char>(c), at);
            depth += c == '(' ? 1 : -1;
            movetext = true;
            return;
          default:
            if (tok_len < sizeof tok) tok[tok_len] = static_cast<char>(c);
            ++tok_len;
            add(static_cast<char>(c), at);
            movetext = true;
            return;
        }
      case St::Brace: {
        static constexpr std::string_view kEvent = "[Event \"";
        if (c == '}') {
          add('}', at);
          st = St::Normal;
          return;
        }
        // An unterminated comment must not swallow the rest of the file: a line that starts
        // with `[Event "` ends it (PGN 8.2.5 comments do not nest and real ones never hold that).
        if (line_start) prefix_match = 0;
        if ((line_start || prefix_match > 0) && c == kEvent[prefix_match]) {
          if (++prefix_match == kEvent.size()) {
            cur.bytes.resize(cur.bytes.size() - (kEvent.size() - 1));
            const Location tag_at{at.line, at.column - uint32_t(kEvent.size() - 1)};
            diag(Severity::Error, "unterminated-comment", brace_open,
                 "comment opened here is not closed before the next game (line " +
                     std::to_string(tag_at.line) + ")");
            finish_game();
            for (char e : kEvent) add(e, tag_at);
            st = St::TagString;
            prefix_match = 0;
            return;
          }
        } else {
          prefix_match = 0;
        }
        add(static_cast<char>(c), at);
        return;
      }
      case St::LineComment:
      case St::Escape:
        add(static_cast<char>(c), at);
        if (c == '\n') st = St::Normal;
        return;
      case St::Tag:
        add(static_cast<char>(c), at);
        if (c == '"') st = St::TagString;
        else if (c == ']' || c == '\n') st = St::Normal;
        return;
      case St::TagString:
        add(static_cast<char>(c), at);
        if (c == '\\') st = St::TagEscape;
        else if (c == '"') st = St::Tag;
        else if (c == '\n') st = St::Normal;
        return;
      case St::TagEscape:
        add(static_cast<char>(c), at);
        st = c == '\n' ? St::Normal : St::TagString;
        return;
      case St::Resync:
        return;
    }
  }

  bool next(GameChunk& out) {
    while (ready.empty()) {
      if (pos == len && !fill()) {
        if (st == St::Resync) leave_resync("end of input");
        if (st == St::Brace && cur_started)
          diag(Severity::Error, "unterminated-comment", brace_open,
               "comment opened here is not closed before the end of input");
        end_token();
        finish_game();
        if (ready.empty()) return false;
        break;
      }
      const char* b = buf.data();
      while (pos < len && ready.empty()) step(static_cast<unsigned char>(b[pos++]));
    }
    out = std::move(ready.front());
    ready.erase(ready.begin());
    return true;
  }
};

Splitter::Splitter(std::unique_ptr<ByteSource> src) : impl_(std::make_unique<Impl>()) {
  impl_->src = std::move(src);
}
Splitter::~Splitter() = default;
Splitter::Splitter(Splitter&&) noexcept = default;
Splitter& Splitter::operator=(Splitter&&) noexcept = default;
bool Splitter::next(GameChunk& out) { return impl_->next(out); }
uint64_t Splitter::consumed() const { return impl_->src->consumed(); }
uint64_t Splitter::size() const { return impl_->src->size(); }

}  // namespace arbiter::pgn
