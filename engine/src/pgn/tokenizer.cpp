// Tokenises one game: tag pairs (PGN 8.1) and movetext (PGN 8.2). Never throws: problems are
// reported as diagnostics with line:column, and unknown text becomes an Invalid token so the
// validator can say exactly where the game stops being readable.
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include <cassert>
#include <cstring>

#include "arbiter/engine/pgn.h"
#include "bytes16.h"
#include "tag_name.h"
#include "text.h"

namespace arbiter::pgn {
namespace {

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == 0x1A;
}
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// Characters that may continue a SAN/UCI symbol (PGN 7: letters, digits, _+#=:-, plus `/` and
// `@` that some writers use).
struct SymbolTable {
  bool t[256];
  constexpr SymbolTable() : t{} {
    for (int c = 0; c < 256; ++c) {
      const char ch = static_cast<char>(c);
      t[c] = is_alpha(ch) || is_digit(ch) || ch == '_' || ch == '+' || ch == '#' || ch == '=' ||
             ch == ':' || ch == '-' || ch == '/' || ch == '@';
    }
  }
};
constexpr SymbolTable kSymbol;
inline bool is_symbol(char c) { return kSymbol.t[static_cast<unsigned char>(c)]; }
// How the movetext loop (Tokenizer::common_run) reads a byte where a token may start, in one
// lookup: a letter (a move), a letter that may begin a word that is no move ('e' of "e.p." and
// "ep", 'Z' of "Z0", 'n' of "null"), a digit 1-9 (a move number), a blank, a newline, or
// anything else (left to the general dispatch).
enum Lead : uint8_t { kLetter, kWordLetter, kDigit19, kBlank, kNewline, kOther };
struct LeadTable {
  uint8_t t[256];
  constexpr LeadTable() : t{} {
    for (int c = 0; c < 256; ++c) {
      const char ch = static_cast<char>(c);
      t[c] = ch == 'e' || ch == 'Z' || ch == 'n' ? kWordLetter
             : is_alpha(ch)                      ? kLetter
             : ch >= '1' && ch <= '9'            ? kDigit19
             : ch == ' '                         ? kBlank
             : ch == '\n'                        ? kNewline
                                                 : kOther;
    }
  }
};
constexpr LeadTable kLead;

#if defined(__AVX2__)
// One bit per byte of p[0, 64): set where the byte is no symbol character (is_symbol false).
// Two nibble lookups: the high nibble picks a group of 16 code points (bit g), the low nibble's
// entry holds bit g when that code point of the group is a symbol character.
inline uint64_t non_symbol_bits(const char* p) {
  constexpr auto lo_bits = [](int lo) {
    int m = 0;
    if (lo == 3 || lo == 0xB || lo == 0xD || lo == 0xF) m |= 1;  // 0x2_: # + - /
    if (lo <= 0xA || lo == 0xD) m |= 2;                          // 0x3_: 0-9 : =
    m |= 4;                                                      // 0x4_: @ A-O
    if (lo <= 0xA || lo == 0xF) m |= 8;                          // 0x5_: P-Z _
    if (lo >= 1) m |= 16;                                        // 0x6_: a-o
    if (lo <= 0xA) m |= 32;                                      // 0x7_: p-z
    return static_cast<char>(m);
  };
  const __m256i lo_table = _mm256_setr_epi8(
      lo_bits(0), lo_bits(1), lo_bits(2), lo_bits(3), lo_bits(4), lo_bits(5), lo_bits(6),
      lo_bits(7), lo_bits(8), lo_bits(9), lo_bits(10), lo_bits(11), lo_bits(12), lo_bits(13),
      lo_bits(14), lo_bits(15), lo_bits(0), lo_bits(1), lo_bits(2), lo_bits(3), lo_bits(4),
      lo_bits(5), lo_bits(6), lo_bits(7), lo_bits(8), lo_bits(9), lo_bits(10), lo_bits(11),
      lo_bits(12), lo_bits(13), lo_bits(14), lo_bits(15));
  const __m256i hi_table = _mm256_setr_epi8(0, 0, 1, 2, 4, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                            1, 2, 4, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i nibble = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
  uint64_t bits = 0;
  for (int h = 0; h < 2; ++h) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * h));
    const __m256i lo = _mm256_shuffle_epi8(lo_table, _mm256_and_si256(v, nibble));
    const __m256i hi =
        _mm256_shuffle_epi8(hi_table, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
    const __m256i none = _mm256_cmpeq_epi8(_mm256_and_si256(lo, hi), zero);
    bits |= uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(none))} << (32 * h);
  }
  return bits;
}
#endif
inline bool is_name_char(char c) { return tag_name::is_char(c); }

// A move number indication (PGN 8.2.2) from p[i], which holds a digit: the digits (their value,
// capped, in n) then any number of periods or ellipses (their count, an ellipsis as three, in
// dots). Returns the index after it.
// p[size] must be readable and no digit or '.' (the NUL that ends a std::string's bytes).
inline size_t scan_move_number(const char* p, size_t size, size_t i, uint32_t& n, size_t& dots) {
  n = 0;
  // Nine digits hold at most 999999999: read exactly, then capped; any further digits keep the
  // value at the cap, which it then has reached. (A cap per digit cost a min on every digit.)
  const size_t b = i;
  while (is_digit(p[i]) && i - b < 9) {
    n = n * 10 + uint32_t(p[i] - '0');
    ++i;
  }
  if (n > 100000000) n = 100000000;
  while (is_digit(p[i])) {
    n = n * 10 + uint32_t(p[i] - '0');
    ++i;
    if (n > 100000000) n = 100000000;
  }
  dots = 0;
  for (;;) {
    if (p[i] == '.') {
      ++i;
      ++dots;
    } else if (p[i] == '\xE2' && i + 3 <= size && std::memcmp(p + i, "\xE2\x80\xA6", 3) == 0) {
      i += 3;
      dots += 3;
    } else {
      return i;
    }
  }
}
// The usual move number, one or two digits (p[i] a digit) and a single period, read as
// scan_move_number would (into n, i past it): false, having moved nothing, for any other form.
// (Each byte read follows one that is no NUL: p[size] ends the reads.)
inline bool short_move_number(const char* p, size_t& i, uint32_t& n) {
  const auto single = [&](size_t k) {
    return p[k] == '.' && p[k + 1] != '.' && p[k + 1] != '\xE2';
  };
  const uint32_t d = uint32_t(p[i] - '0');
  if (single(i + 1)) {
    n = d;
    i += 2;
    return true;
  }
  if (is_digit(p[i + 1]) && single(i + 2)) {
    n = 10 * d + uint32_t(p[i + 1] - '0');
    i += 3;
    return true;
  }
  return false;
}
// The first '"', '\\' or newline from p (end if none), 16 bytes per test: tag values run for
// dozens of characters.
inline const char* value_stop(const char* p, const char* end) {
  using namespace bytes16;
  const V quote = splat('"'), backslash = splat('\\'), newline = splat('\n');
  for (; end - p >= 16; p += 16) {
    const V v = load(p);
    const uint32_t bits = mask(either(either(eq(v, quote), eq(v, backslash)), eq(v, newline)));
    if (bits) return p + __builtin_ctz(bits);
  }
  while (p < end && *p != '"' && *p != '\\' && *p != '\n') ++p;
  return p;
}
// d[0, n) = p[0, n): up to 16 bytes in two overlapping loads and stores of a power of two
// (tag names and most values are that short), longer through memcpy, whose call cost about as
// many instructions as such a copy.
inline void copy_short(char* d, const char* p, size_t n) {
  const auto two = [&](auto word) {
    std::memcpy(&word, p, sizeof word);
    decltype(word) last;
    std::memcpy(&last, p + n - sizeof word, sizeof word);
    std::memcpy(d, &word, sizeof word);
    std::memcpy(d + n - sizeof word, &last, sizeof word);
  };
  if (n >= 8 && n <= 16)
    two(uint64_t{});
  else if (n >= 4 && n < 8)
    two(uint32_t{});
  else if (n > 16)
    std::memcpy(d, p, n);
  else
    for (size_t i = 0; i < n; ++i) d[i] = p[i];
}
// s = p[0, n) (p not within s). A tag slot reused from the game before usually held a text of
// the same length or longer (the same tag names in the same order, values of like lengths):
// then the bytes are copied over its own, without append's checks (clear + append cost twice
// as many instructions; assign goes through the general, overlap-safe replace).
inline void overwrite(std::string& s, const char* p, size_t n) {
  if (n <= s.size()) {
    s.resize(n);
    copy_short(s.data(), p, n);
  } else {
    s.clear();
    s.append(p, n);
  }
}
// Where a token may end: whitespace or a character that starts another token.
inline bool is_delim(const std::string& s, size_t i) {
  if (i >= s.size()) return true;
  char c = s[i];
  return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ';' ||
         c == '$' || c == '!' || c == '?' || c == '.';
}

class Tokenizer {
 public:
  using TagSpan = GameChunk::TagSpan;
  // noted: the tag pairs the splitter noted in these bytes ([noted, noted_end)).
  Tokenizer(RawGame& g, Location start, bool ascii, const TagSpan* noted, const TagSpan* noted_end)
      : g_(g),
        s_(g.text),
        line_(start.line),
        first_col_(start.column),
        ascii_(ascii),
        noted_(noted),
        noted_end_(noted_end),
        slots_(g.tags.size()) {}

  void run() {
    bool line_start = true;  // for `%` escape lines
    while (i_ < s_.size()) {
      // Movetext is mostly blanks, newlines, SAN and move numbers: those in a loop of their own,
      // the rest through the general dispatch below (which reads them the same way).
      common_run(line_start);
      if (i_ >= s_.size()) break;
      char c = s_[i_];
      if (c == ' ') {
        ++i_;
        continue;
      }
      if (is_alpha(c) || is_digit(c)) {
        line_start = false;
        word();
        continue;
      }
      if (c == '\n') {
        adv();
        line_start = true;
        continue;
      }
      if (is_space(c)) {
        ++i_;
        continue;
      }
      if (c == '%' && (line_start || i_ == 0)) {  // PGN 6: escape line
        skip_to_eol();
        continue;
      }
      line_start = false;
      switch (c) {
        case '[': tag(); break;
        case '{': brace_comment(); break;
        case ';': line_comment(); break;
        case '(':
          push(TokenKind::VariationStart, i_, 1);
          adv();
          ++depth_;
          break;
        case ')':
          if (depth_ == 0) {
            diag(Severity::Warning, "unmatched-paren", here(),
                 "')' without a matching '('; ignored");
          } else {
            push(TokenKind::VariationEnd, i_, 1);
            --depth_;
          }
          adv();
          break;
        case '$': nag_number(); break;
        case '!':
        case '?': nag_symbol(); break;
        case '*': result(GameResult::Unfinished, 1); break;
        default: word(); break;
      }
    }
    if (depth_ > 0)
      diag(Severity::Warning, "unclosed-variation", here(),
           std::to_string(depth_) + " variation(s) not closed at the end of the game");
    assert(i_ == s_.size());  // (where the closing tokens stand: RawGame::where of the end)
    for (; depth_ > 0; --depth_) push(TokenKind::VariationEnd, s_.size(), 0);
    g_.tags.resize(ntags_);
  }

 private:
  RawGame& g_;
  const std::string& s_;
  size_t i_ = 0;
  // Columns are computed lazily (only where a token starts): line_begin_ is the index where the
  // current line starts (the game's first line starts at first_col_), cc_* caches the last query.
  uint32_t line_, first_col_;
  size_t line_begin_ = 0, cc_i_ = 0;
  uint32_t cc_col_ = 0;
  bool ascii_;  // one column per byte: columns need no counting
  int depth_ = 0;
  size_t ntags_ = 0;  // tags read so far (g_.tags may hold more slots, for reuse)
  bool movetext_ = false, tag_after_moves_reported_ = false;
  const TagSpan *noted_, *noted_end_;
  size_t slots_;  // g_.tags.size(), kept here (the size is a division by sizeof(Tag))

  Location here() {
    if (ascii_)
      return {line_, static_cast<uint32_t>(i_ - line_begin_) + (line_begin_ == 0 ? first_col_ : 1)};
    size_t from;
    uint32_t col;
    if (cc_col_ != 0 && cc_i_ >= line_begin_ && cc_i_ <= i_) {
      from = cc_i_;
      col = cc_col_;
    } else {
      from = line_begin_;
      col = line_begin_ == 0 ? first_col_ : 1;
    }
    for (size_t k = from; k < i_; ++k) col += (static_cast<unsigned char>(s_[k]) & 0xC0) != 0x80;
    cc_i_ = i_;
    cc_col_ = col;
    return {line_, col};
  }
  void adv() {
    if (s_[i_] == '\n') {
      ++line_;
      line_begin_ = i_ + 1;
      g_.line_starts.push_back(static_cast<uint32_t>(line_begin_));
    }
    ++i_;
  }
  // Advances to index e (> i_), counting the newlines in between.
  void jump(size_t e) {
    const char* p = s_.data() + i_;
    const char* end = s_.data() + e;
    while (const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p))) {
      ++line_;
      p = static_cast<const char*>(nl) + 1;
      line_begin_ = static_cast<size_t>(p - s_.data());
      g_.line_starts.push_back(static_cast<uint32_t>(line_begin_));
    }
    i_ = e;
  }
  void adv(size_t n) {
    for (size_t k = 0; k < n && i_ < s_.size(); ++k) adv();
  }
  void skip_to_eol() {
    const void* nl = std::memchr(s_.data() + i_, '\n', s_.size() - i_);
    i_ = nl ? static_cast<size_t>(static_cast<const char*>(nl) - s_.data()) : s_.size();
  }
  void diag(Severity sev, std::string code, Location at, std::string msg) {
    g_.diagnostics.push_back({sev, std::move(code), at, std::move(msg)});
  }
  void push(TokenKind k, size_t off, size_t len, uint32_t value = 0) {
    g_.tokens.push_back({k, static_cast<uint32_t>(off), static_cast<uint32_t>(len), value});
    if (k != TokenKind::Comment) movetext_ = true;
  }

  // Tag pairs, and the next ones while each line holds one: what run() would do between them
  // (the newline, then '[' at the start of the next line) without going through it.
  // The common shape before the movetext is read here, without the call to tag_pair (whose
  // general reading needs a large frame: its entry and exit cost more than the common shape).
  [[gnu::noinline]] void tag() {
    for (;;) {
      const Location at = here();
      if (movetext_ || !(noted_tag_pair(at) || common_tag_pair(at))) tag_pair(at);
      if (i_ + 1 >= s_.size() || s_[i_] != '\n' || s_[i_ + 1] != '[') return;
      adv();
    }
  }

  // PGN 8.1: [Name "value"] with \" and \\ escapes. Real files also hold unescaped quotes
  // ([White ""Mirage""]) and a trailing backslash; those fall back to "first quote to the
  // last quote before the closing bracket on the line" with a warning. (Before the movetext,
  // tag() has tried the common shape.)
  [[gnu::noinline]] void tag_pair(const Location at) {
    const size_t start = i_;
    if (movetext_) {
      if (!tag_after_moves_reported_) {
        tag_after_moves_reported_ = true;
        diag(Severity::Warning, "tag-in-movetext", at, "tag pair after the movetext started");
      }
      if (common_tag_pair(at)) return;
    }
    ++i_;  // [
    // (Names, blanks and tag values hold no newline: no line bookkeeping before the fallback.)
    skip_tag_blanks();
    const size_t name_begin = i_;
    while (i_ < s_.size() && is_name_char(s_[i_])) ++i_;
    // The tag is read into the next slot of g_.tags, whose strings keep their capacity from the
    // previous game read into this RawGame (no allocation per tag); only a tag that is read
    // successfully is counted (ntags_), and run() drops the slots beyond.
    Tag& slot = next_tag_slot();
    slot.name.assign(s_, name_begin, i_ - name_begin);
    skip_tag_blanks();
    if (!quoted_tag_value(!slot.name.empty(), slot.value) &&
        !tag_value_from_line(start, name_begin, slot, at))
      return;
    if (slot.name.empty()) {
      diag(Severity::Error, "bad-tag", at, "tag pair without a name");
      return;
    }
    slot.where = at;
    ++ntags_;
  }

  // The shape of nearly every tag pair, `[Name "value"]` with one blank and no escape, in one
  // pass over the name and one vector scan of the value; anything else (false) takes the general
  // reading of tag_pair, which gives the same result for this shape.
  [[gnu::always_inline]] bool common_tag_pair(const Location& at) {
    const char* p = s_.data();
    const size_t size = s_.size();
    const size_t j = tag_name::end(p, size, i_ + 1);
    if (j == i_ + 1 || j + 1 >= size || p[j] != ' ' || p[j + 1] != '"') return false;
    const size_t e = static_cast<size_t>(value_stop(p + j + 2, p + size) - p);
    if (e + 1 >= size || p[e] != '"' || p[e + 1] != ']') return false;
    take_common_tag_pair(j, e, at);
    return true;
  }
  // The same from the splitter's note of this tag pair (of that shape, in these very bytes), if
  // it made one: no scan. The Splitter's notes always lie inside the bytes ('[' before the name's
  // end, the value's quotes after it, its ']' before the end); GameChunk is public, and a note
  // of a chunk built or changed by hand that does not is not read (its pair is scanned) rather
  // than read out of bounds. (A note in bounds but not on its pair is the caller's error.)
  [[gnu::always_inline]] bool noted_tag_pair(const Location& at) {
    while (noted_ != noted_end_ && noted_->open < i_) ++noted_;
    if (noted_ == noted_end_ || noted_->open != i_) return false;
    const TagSpan& t = *noted_++;
    if (t.name_end <= t.open || t.value_end < t.name_end + 2ull || t.value_end + 2ull > s_.size())
      return false;
    take_common_tag_pair(t.name_end, t.value_end, at);
    return true;
  }
  // `[Name "value"]` at s_[i_], the name ending at s_[j], the value at s_[e]: into the next slot.
  [[gnu::always_inline]] void take_common_tag_pair(size_t j, size_t e, const Location& at) {
    const char* p = s_.data();
    Tag& slot = next_tag_slot();
    overwrite(slot.name, p + i_ + 1, j - i_ - 1);
    overwrite(slot.value, p + j + 2, e - j - 2);
    slot.where = at;
    ++ntags_;
    i_ = e + 2;
  }

  // g_.tags[ntags_], added if there is no such slot yet.
  Tag& next_tag_slot() {
    assert(slots_ == g_.tags.size());
    if (ntags_ == slots_) {
      g_.tags.emplace_back();
      ++slots_;
    }
    return g_.tags[ntags_];
  }

  void skip_tag_blanks() {
    while (i_ < s_.size() && s_[i_] != '\n' && is_space(s_[i_])) ++i_;
  }

  // `"value"]` (PGN 8.1 escapes \" and \\) after a tag's name (`named`: it has one) into
  // `value`, past the closing bracket; false when the tag is not written so.
  bool quoted_tag_value(bool named, std::string& value) {
    value.clear();
    if (!named || i_ >= s_.size() || s_[i_] != '"') return false;
    ++i_;
    // The value up to its first quote, backslash or newline in one piece (usually all of it);
    // the loop below reads from there.
    const size_t e =
        static_cast<size_t>(value_stop(s_.data() + i_, s_.data() + s_.size()) - s_.data());
    value.assign(s_, i_, e - i_);
    i_ = e;
    bool closed = false;
    while (i_ < s_.size() && s_[i_] != '\n') {
      char c = s_[i_];
      if (c == '\\' && i_ + 1 < s_.size() && (s_[i_ + 1] == '"' || s_[i_ + 1] == '\\')) {
        value.push_back(s_[i_ + 1]);
        i_ += 2;
        continue;
      }
      if (c == '"') {
        ++i_;
        closed = true;
        break;
      }
      value.push_back(c);
      ++i_;
    }
    if (!closed) return false;
    skip_tag_blanks();
    if (i_ >= s_.size() || s_[i_] != ']') return false;
    ++i_;
    return true;
  }

  // The fallback on the raw line of the tag pair that begins at `start`: the value between the
  // first quote and the last `"]`, or an unquoted value up to `]` ([Round 5]), each with a
  // warning; false (an error, the line skipped) when neither is there.
  bool tag_value_from_line(size_t start, size_t name_begin, Tag& slot, const Location& at) {
    const std::string& name = slot.name;
    std::string& value = slot.value;
    size_t eol = s_.find('\n', start);
    if (eol == std::string::npos) eol = s_.size();
    std::string_view line(s_.data() + start, eol - start);
    size_t q1 = line.find('"');
    size_t close = std::string_view::npos;
    for (size_t k = line.size(); k-- > 0;) {
      if (line[k] != ']') continue;
      size_t j = k;
      while (j > 0 && (line[j - 1] == ' ' || line[j - 1] == '\t')) --j;
      if (j > 0 && line[j - 1] == '"' && q1 != std::string_view::npos && j - 1 > q1) {
        close = k;
        value.assign(line.substr(q1 + 1, j - 1 - q1 - 1));
        break;
      }
    }
    if (close == std::string_view::npos) {
      // No quoted value at all: [Round 5] -> take the text up to ']'.
      size_t rb = line.find(']');
      if (!name.empty() && rb != std::string_view::npos && q1 == std::string_view::npos) {
        size_t vb = name_begin - start + name.size();
        value.assign(line.substr(vb, rb - vb));
        while (!value.empty() && is_space(value.front())) value.erase(value.begin());
        while (!value.empty() && is_space(value.back())) value.pop_back();
        close = rb;
        diag(Severity::Warning, "malformed-tag", at, "tag value of [" + name + "] is not quoted");
      } else {
        diag(Severity::Error, "bad-tag", at,
             "unreadable tag pair: " + std::string(line.substr(0, 60)));
        while (i_ < eol) adv();
        return false;
      }
    } else {
      diag(Severity::Warning, "malformed-tag", at,
           "tag value of [" + name + "] holds unescaped quotes or backslashes");
    }
    while (i_ < start + close + 1) adv();
    if (i_ < start + close + 1) i_ = start + close + 1;
    return true;
  }

  void brace_comment() {
    const size_t b = ++i_;  // ('{' is no newline)
    const void* p = std::memchr(s_.data() + i_, '}', s_.size() - i_);
    const size_t e = p ? static_cast<size_t>(static_cast<const char*>(p) - s_.data()) : s_.size();
    push(TokenKind::Comment, b, e - b);  // (RawGame::where: at the '{')
    jump(e);
    if (p) {
      adv();
    } else {
      bool known = false;
      for (auto& d : g_.diagnostics) known |= d.code == "unterminated-comment";
      if (!known)
        diag(Severity::Error, "unterminated-comment", g_.location(static_cast<uint32_t>(b - 1)),
             "comment not closed before the end of the game");
    }
  }
  void line_comment() {
    adv();
    const size_t b = i_;
    const void* nl = std::memchr(s_.data() + i_, '\n', s_.size() - i_);
    i_ = nl ? static_cast<size_t>(static_cast<const char*>(nl) - s_.data()) : s_.size();
    size_t e = i_;
    if (e > b && s_[e - 1] == '\r') --e;
    push(TokenKind::Comment, b, e - b);  // (RawGame::where: at the ';')
  }
  void nag_number() {
    const size_t b = i_;
    adv();
    uint32_t v = 0;
    size_t nd = 0;
    while (i_ < s_.size() && is_digit(s_[i_]) && nd < 4) {
      v = v * 10 + uint32_t(s_[i_] - '0');
      adv();
      ++nd;
    }
    if (nd == 0 || v > 255) {
      diag(Severity::Warning, "bad-nag", g_.location(static_cast<uint32_t>(b)),
           "'$' must be followed by a number 0-255; ignored");
      return;
    }
    push(TokenKind::Nag, b, i_ - b, v);
  }
  // PGN 8.2.4 suffix annotations, which import format accepts as NAGs 1-6.
  void nag_symbol() {
    const size_t b = i_;
    char a = s_[i_];
    char n = i_ + 1 < s_.size() ? s_[i_ + 1] : 0;
    uint32_t v;
    size_t len = 1;
    if (a == '!' && n == '!')
      v = 3, len = 2;
    else if (a == '?' && n == '?')
      v = 4, len = 2;
    else if (a == '!' && n == '?')
      v = 5, len = 2;
    else if (a == '?' && n == '!')
      v = 6, len = 2;
    else
      v = a == '!' ? 1 : 2;
    adv(len);
    push(TokenKind::Nag, b, len, v);
  }
  void result(GameResult r, size_t len) {
    const Location at = here();
    adv(len);
    if (depth_ > 0) return;  // a result inside a variation is commentary
    g_.result = r;
    g_.result_where = at;
    movetext_ = true;
  }
  bool starts(std::string_view w) const {
    return s_.compare(i_, w.size(), w) == 0 && is_delim(s_, i_ + w.size());
  }

  // Move number indication (PGN 8.2.2): digits then any number of periods (or an ellipsis).
  void move_number(size_t b) {
    // (Locals: stores to the member index could alias the string's size and data.)
    const char* p = s_.data();
    const size_t size = s_.size();
    uint32_t n;
    size_t dots;
    size_t i = scan_move_number(p, size, i_, n, dots);
    if (i < size && is_symbol(p[i]) && dots == 0) {
      // digits glued to letters: not a move number ("1e4"); treat as an invalid symbol
      while (i < size && is_symbol(p[i])) ++i;
      i_ = i;
      invalid(b);
      return;
    }
    i_ = i;
    push(TokenKind::MoveNumber, b, i - b, n);
  }

  // Reads blanks, newlines, SAN symbols starting with a letter and move numbers starting with
  // 1-9, with the index and the line in registers (the loop of most of a game's bytes). Returns
  // at the first byte that word() or run() must look at: results ("1-0", "1/2-1/2"), the words
  // that are no move ("e", "ep", "Z0", "null"), digits starting with 0 (castling "0-0", the
  // null move "0000"), digits glued to letters, anything else. (Tokens hold no column: the loop
  // is the same for ASCII and other text.)
  [[gnu::always_inline]] void common_run(bool& line_start_out) {
    const char* const p = s_.data();
    const size_t size = s_.size();
    size_t i = i_, line_begin = line_begin_;
    const uint32_t line_in = line_;
    uint32_t line = line_;
    std::vector<Token>& tokens = g_.tokens;
    std::vector<uint32_t>& line_starts = g_.line_starts;
    const size_t tokens_in = tokens.size();
#if defined(__AVX2__)
    // Where symbols end, from a 64-byte window of non-symbol bits (window = p + w0), refreshed
    // as the tokens move on; the byte loop reads the last 64 bytes of the text.
    size_t w0 = 0;
    uint64_t non_symbol = 0;
    bool window = false;
    const auto symbol_end = [&](size_t b) -> size_t {
      if (!window || b - w0 >= 56) {
        window = b + 64 <= size;
        if (window) {
          w0 = b;
          non_symbol = non_symbol_bits(p + b);
        }
      }
      if (window) {
        if (const uint64_t m = non_symbol >> (b - w0 + 1))
          return b + 1 + static_cast<size_t>(__builtin_ctzll(m));
      }
      size_t e = b + 1;
      while (is_symbol(p[e])) ++e;  // symbols hold no newline
      return e;
    };
#else
    // Two bytes a test (SAN moves run two to five bytes); p[e + 1] is read only after a symbol
    // byte, no NUL, at p[e]. (Symbols hold no newline.)
    const auto symbol_end = [&](size_t b) -> size_t {
      size_t e = b + 1;
      while (is_symbol(p[e]) && is_symbol(p[e + 1])) e += 2;
      return e + is_symbol(p[e]);
    };
#endif
    // (p[size] is the NUL after a std::string's bytes, which ends every run below: no bounds
    // tests. A NUL in the text stops the loop as any other unexpected byte does.) The blank
    // after a token is passed with it: the loop mostly starts at a token, tested for first.
    for (;;) {
      const char c = p[i];
      const size_t b = i;
      const uint8_t lead = kLead.t[static_cast<unsigned char>(c)];
      if (lead <= kWordLetter) {
        const size_t e = symbol_end(b);
        const size_t n = e - b;
        if (lead == kWordLetter && ((c == 'e' && (n == 1 || (n == 2 && p[b + 1] == 'p'))) ||
                                    (c == 'Z' && n == 2 && p[b + 1] == '0') ||
                                    (c == 'n' && n == 4 && std::memcmp(p + b, "null", 4) == 0)))
          break;
        tokens.push_back({TokenKind::Move, static_cast<uint32_t>(b), static_cast<uint32_t>(n), 0});
        i = e + (p[e] == ' ');
      } else if (lead == kDigit19) {
        uint32_t v;
        if (!short_move_number(p, i, v)) {
          // (A result "1-0" or "1/2-1/2" is none of the usual move numbers: tested only here.)
          if (c == '1' && b + 1 < size && (p[b + 1] == '-' || p[b + 1] == '/')) break;
          size_t dots;
          i = scan_move_number(p, size, i, v, dots);
          if (dots == 0 && i < size && is_symbol(p[i])) {  // "1e4": word() reads it as invalid
            i = b;
            break;
          }
        }
        tokens.push_back(
            {TokenKind::MoveNumber, static_cast<uint32_t>(b), static_cast<uint32_t>(i - b), v});
        i += p[i] == ' ';
      } else if (lead == kBlank) {
        ++i;
      } else if (lead == kNewline) {
        ++line;
        line_begin = ++i;
        line_starts.push_back(static_cast<uint32_t>(i));
      } else {
        break;
      }
    }
    i_ = i, line_ = line, line_begin_ = line_begin;
    // At a line's start: after a newline that follows the last token (tokens hold none), or,
    // without a token, after a newline or where the run began at one (derived here, not kept
    // up to date per token).
    const bool pushed = tokens.size() != tokens_in;
    line_start_out = pushed ? line_begin > tokens.back().offset : line_start_out || line != line_in;
    movetext_ |= pushed;
  }

  void word() {
    const size_t b = i_;
    char c = s_[i_];
    const char c1 = i_ + 1 < s_.size() ? s_[i_ + 1] : 0;
    if (((c == '1' || c == '0') && (c1 == '-' || c1 == '/')) || c == '\xC2') {
      if (starts("1-0")) return result(GameResult::WhiteWins, 3);
      if (starts("0-1")) return result(GameResult::BlackWins, 3);
      if (starts("1/2-1/2")) return result(GameResult::Draw, 7);
      if (starts("\xC2\xBD-\xC2\xBD")) return result(GameResult::Draw, 5);  // ½-½
    }
    if (is_digit(c)) {
      // Castling written with zeros (FIDE notation 0-0) and the UCI null move 0000.
      if (c == '0' && c1 == '-' && (starts("0-0-0") || starts("0-0"))) {
        size_t len = starts("0-0-0") ? 5 : 3;
        while (i_ < b + len) adv();
        suffix_and_push(TokenKind::Move, b);
        return;
      }
      if (c == '0' && c1 == '0' && starts("0000")) {
        adv(4);
        push(TokenKind::NullMove, b, 4);
        return;
      }
      move_number(b);
      return;
    }
    if (c == '-' && i_ + 1 < s_.size() && s_[i_ + 1] == '-') {
      adv(2);
      push(TokenKind::NullMove, b, 2);
      return;
    }
    if (is_alpha(c) || c == '@' || c == '-') {
      while (i_ < s_.size() && is_symbol(s_[i_])) ++i_;  // symbols hold no newline
      std::string_view w(s_.data() + b, i_ - b);
      if (w == "Z0" || w == "@@@@" || w == "null") {
        push(TokenKind::NullMove, b, i_ - b);
        return;
      }
      // "e.p." after an en passant capture (old scoresheets): not a move, ignore.
      if (w == "e" && s_.compare(b, 4, "e.p.") == 0) {
        adv(3);
        return;
      }
      if (w == "ep") return;
      suffix_and_push(TokenKind::Move, b);
      return;
    }
    // Anything else is not PGN: keep it as one invalid token up to the next delimiter.
    adv();
    while (i_ < s_.size() && !is_space(s_[i_]) && s_[i_] != '{' && s_[i_] != '(' && s_[i_] != ')' &&
           s_[i_] != '[')
      adv();
    invalid(b);
  }
  void suffix_and_push(TokenKind k, size_t b) { push(k, b, i_ - b); }
  void invalid(size_t b) { push(TokenKind::Invalid, b, i_ - b); }
};

}  // namespace

void parse_game(GameChunk&& chunk, RawGame& out) {
  // As out.clear(), but the tag slots stay for the tokenizer to reuse.
  std::vector<Tag> tags = std::move(out.tags);
  out.clear();
  out.tags = std::move(tags);
  out.index = chunk.index;
  out.start = chunk.start;
  out.diagnostics = std::move(chunk.diagnostics);
  Location first_latin1;
  bool ascii = false;
  const GameChunk::TagSpan *noted = chunk.tags.data(), *noted_end = noted + chunk.tags.size();
  if (text::decode_utf8_or_latin1(chunk.bytes, out.text, chunk.start, first_latin1, &ascii)) {
    out.diagnostics.push_back({Severity::Warning, "latin1", first_latin1,
                               "bytes that are not UTF-8 were read as Latin-1 (ISO 8859-1)"});
    noted_end = noted;  // (the notes are offsets into the bytes as read, now re-encoded)
  }
  Tokenizer(out, chunk.start, ascii, noted, noted_end).run();
}

RawGame parse_game(std::string_view text, Location start, uint64_t index) {
  GameChunk c;
  c.bytes.assign(text);
  c.start = start;
  c.index = index;
  RawGame g;
  parse_game(std::move(c), g);
  return g;
}

}  // namespace arbiter::pgn
