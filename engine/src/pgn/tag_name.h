#pragma once
// Tag names (PGN 8.1.1: letters, digits and underscores), read alike by the splitter and the
// tokenizer.
#include <cstddef>

#include "bytes16.h"

namespace arbiter::pgn::tag_name {

constexpr bool is_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The end of the tag name that starts at p[j]: the first byte from there (before p[size]) that is
// no name character, 16 bytes per test (the roster's names run for 4 to 18 characters).
inline size_t end(const char* p, size_t size, size_t j) {
  using namespace bytes16;
  for (; size - j >= 16; j += 16) {
    const V v = load(p + j);
    const uint32_t name = mask(either(
        either(within(either(v, splat(0x20)), 'a', 'z'), within(v, '0', '9')), eq(v, splat('_'))));
    if (name != 0xFFFF) return j + static_cast<size_t>(__builtin_ctz(~name));
  }
  while (j < size && is_char(p[j])) ++j;
  return j;
}

}  // namespace arbiter::pgn::tag_name
