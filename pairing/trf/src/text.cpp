#include "text.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

#include "arbiter/pairing/trf.h"

namespace arbiter::pairing::trf {

std::string_view trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
  return s.substr(a, b - a);
}

size_t utf8_length_at(std::string_view text, size_t i) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const unsigned c = s[i];
  const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (len == 0 || i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k)
    if ((s[i + k] & 0xC0) != 0x80) return 0;
  if (len == 1) return 1;
  unsigned cp = c & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
  const bool ok = !(len == 2 && cp < 0x80) && !(len == 3 && cp < 0x800) &&
                  !(len == 4 && cp < 0x10000) && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
  return ok ? len : 0;
}

size_t ascii_end(std::string_view s, size_t i) {
  // Eight bytes a step: most TRF, event and CSV text is ASCII, and a byte-by-byte UTF-8 decode of
  // it was the readers' main cost.
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (w & 0x8080808080808080u) break;
  }
  while (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80) ++i;
  return i;
}

// Records character starts; an invalid byte counts as one column so later columns stay defined.
// An ASCII line needs none: its characters are its bytes.
Line::Line(std::string_view text, int number, int& bad_column) : text_(text), number_(number) {
  bad_column = 0;
  if (ascii_end(text, 0) == text.size()) return;
  offsets_.reserve(text.size() + 1);
  for (size_t i = 0; i < text.size();) {
    offsets_.push_back(unsigned(i));
    size_t len = utf8_length_at(text, i);
    if (len == 0) {
      if (!bad_column) bad_column = int(offsets_.size());
      len = 1;
    }
    i += len;
  }
  offsets_.push_back(unsigned(text.size()));
}

std::string_view Line::cols(int first, int last) const {
  if (first < 1) first = 1;
  if (last > chars()) last = chars();
  if (first > last) return {};
  return text_.substr(offset(first - 1), offset(last) - offset(first - 1));
}

int Line::column_of(size_t off) const {
  int lo = 0, hi = chars();
  while (lo < hi) {  // first character starting after off
    int mid = (lo + hi) / 2;
    if (offset(mid) <= off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < 1 ? 1 : lo;
}

std::optional<int> parse_int(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<Points> parse_points(std::string_view s) {
  s = trim(s);
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 9) return std::nullopt;
  long whole = 0, tenth = 0;
  size_t i = 0;
  bool digits = false;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
    whole = whole * 10 + (s[i] - '0'), digits = true;
  if (i < s.size()) {
    if (s[i] != '.' && s[i] != ',') return std::nullopt;
    ++i;
    if (i < s.size() && s[i] >= '0' && s[i] <= '9') tenth = s[i++] - '0', digits = true;
    // Further decimals must be zeros ("1.50"): points are kept in tenths.
    for (; i < s.size(); ++i)
      if (s[i] != '0') return std::nullopt;
  }
  if (!digits) return std::nullopt;
  if (whole > 99999) return std::nullopt;  // no event scores 100,000 points: a typo
  Points p = Points(whole * 10 + tenth);
  return neg ? -p : p;
}

std::vector<Token> tokens(std::string_view s, size_t base) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back({s.substr(i, j - i), base + i});
    i = j;
  }
  return out;
}

}  // namespace arbiter::pairing::trf

namespace arbiter::pairing {

size_t first_invalid_utf8(std::string_view text) {
  for (size_t i = trf::ascii_end(text, 0); i < text.size(); i = trf::ascii_end(text, i)) {
    const size_t len = trf::utf8_length_at(text, i);
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string_view strip_byte_order_marks(std::string_view line) {
  while (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  return line;
}

bool TextLines::next(std::string_view& line) {
  if (pos_ >= text_.size()) return false;
  if (lf_ < pos_) lf_ = text_.find('\n', pos_);
  if (cr_ < pos_) cr_ = text_.find('\r', pos_);
  size_t end = std::min({lf_, cr_, text_.size()});
  line = text_.substr(pos_, end - pos_);
  if (end == cr_ && end + 1 == lf_) ++end;  // CRLF: one line end
  pos_ = end + 1;
  return true;
}

}  // namespace arbiter::pairing
