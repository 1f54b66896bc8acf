#pragma once
// Text helpers for the PGN reader: UTF-8 validation and Latin-1 fallback.
#include <string>

#include "arbiter/engine/pgn.h"

namespace arbiter::pgn::text {

// Swaps `in` and `out` when `in` is valid UTF-8 (`in` then holds what `out` held). Otherwise every
// byte that does not start a valid UTF-8 sequence is read as Latin-1 (ISO 8859-1, what older PGN
// files use) and re-encoded; returns true and sets `first` to the location of the first such byte
// (counted from `start`). *ascii (if given) tells whether the text is plain ASCII (one column per
// byte).
bool decode_utf8_or_latin1(std::string& in, std::string& out, Location start, Location& first,
                           bool* ascii = nullptr);

// Length of the valid UTF-8 sequence starting at p[0] (of `avail` bytes), or 0: a byte that starts
// none is one Latin-1 character (decode_utf8_or_latin1; the splitter counts columns the same way).
size_t utf8_len(const char* p, size_t avail);
inline size_t utf8_len(const std::string& s, size_t i) {
  return utf8_len(s.data() + i, s.size() - i);
}

}  // namespace arbiter::pgn::text
