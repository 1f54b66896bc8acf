#include "text.h"

#include <cstring>

#include "bytes16.h"

namespace arbiter::pgn::text {

size_t utf8_len(const char* p, size_t avail) {
  const auto u = [&](size_t k) { return static_cast<unsigned char>(p[k]); };
  const unsigned char c = u(0);
  if (c < 0x80) return 1;
  size_t n;
  uint32_t cp;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF)
    n = 3, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4)
    n = 4, cp = c & 0x07;
  else
    return 0;
  if (n > avail) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((u(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (u(k) & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

bool decode_utf8_or_latin1(std::string& in, std::string& out, Location start, Location& first,
                           bool* ascii) {
  size_t i = 0;
  bool only_ascii = true;
  // Fast path: pure ASCII / valid UTF-8. ASCII runs are skipped 128 and 16 bytes at a time.
  const size_t size = in.size();
  const char* const p = in.data();
  while (i < size) {
    // 128 bytes at a time (one sign-bit mask of eight loads), then 16, then the last 16 of the
    // text once (overlapping bytes already read) instead of a loop over the last few bytes.
    using namespace bytes16;
    const auto any_high64 = [&](const char* q) {
      return either(either(load(q), load(q + 16)), either(load(q + 32), load(q + 48)));
    };
    while (i + 128 <= size && !mask(either(any_high64(p + i), any_high64(p + i + 64)))) i += 128;
    while (i + 16 <= size && !mask(load(p + i))) i += 16;
    if (i + 16 > size && size >= 16 && !mask(load(p + size - 16))) i = size;
    if (i >= size) break;
    if (static_cast<unsigned char>(in[i]) < 0x80) {
      ++i;
      continue;
    }
    only_ascii = false;
    size_t n = utf8_len(in, i);
    if (n == 0) break;
    i += n;
  }
  if (ascii) *ascii = only_ascii;
  if (i == in.size()) {
    out.swap(in);  // (in gets out's buffer, for reuse: Splitter::next takes it back)
    return false;
  }
  out.clear();
  out.reserve(in.size() + 16);
  bool found = false;
  uint32_t line = start.line, col = start.column;
  for (size_t k = 0; k < in.size();) {
    const unsigned char c = static_cast<unsigned char>(in[k]);
    size_t n = c < 0x80 ? 1 : utf8_len(in, k);
    if (n == 0) {
      if (!found) {
        found = true;
        first = {line, col};
      }
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
      ++col;
      ++k;
      continue;
    }
    out.append(in, k, n);
    if (c == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    k += n;
  }
  return found;
}

}  // namespace arbiter::pgn::text
