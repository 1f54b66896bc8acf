#pragma once
// Fixed-column text access for TRF records: columns are 1-based character (code point) positions
// as in the FIDE documents, so UTF-8 names do not shift later fields.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing::trf {

std::string_view trim(std::string_view s);

// The length of the well-formed UTF-8 character at byte i < text.size() (RFC 3629: no overlong
// forms, no surrogates, nothing past U+10FFFF), or 0 if the bytes there are not one. The one
// UTF-8 check of the reader (Line) and the writer (first_invalid_utf8).
size_t utf8_length_at(std::string_view text, size_t i);

// The first byte at or after i that is not ASCII (text.size() if none).
size_t ascii_end(std::string_view text, size_t i);

class Line {
 public:
  // `text` excludes the line end. Returns the 1-based column of the first invalid UTF-8 byte
  // through `bad_column` (0 if valid).
  Line(std::string_view text, int number, int& bad_column);
  int number() const { return number_; }
  std::string_view text() const { return text_; }
  int chars() const { return offsets_.empty() ? int(text_.size()) : int(offsets_.size()) - 1; }
  // Columns first..last (1-based, inclusive), clipped to the line.
  std::string_view cols(int first, int last) const;
  std::string_view from(int first) const { return cols(first, chars()); }
  // Column (1-based) of the byte offset `off` into text().
  int column_of(size_t byte_offset) const;

 private:
  std::string_view text_;
  int number_;
  // Byte offset of each character, plus the end; empty for an ASCII line (character k at byte k).
  std::vector<unsigned> offsets_;
  size_t offset(int k) const { return offsets_.empty() ? size_t(k) : offsets_[size_t(k)]; }
};

// Whole-field parsers: std::nullopt when the (trimmed, non-empty) field is not of that form.
std::optional<int> parse_int(std::string_view s);
// "1", "1.5", "12.0", ".5", "-1": at most one decimal (tenths), as TRF writes points.
std::optional<Points> parse_points(std::string_view s);

// Whitespace-separated tokens with their byte offsets.
struct Token {
  std::string_view text;
  size_t offset;
};
std::vector<Token> tokens(std::string_view s, size_t base_offset = 0);

}  // namespace arbiter::pairing::trf
