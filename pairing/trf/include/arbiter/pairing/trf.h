#pragma once
// Reading and writing FIDE TRF files: TRF-16 (C.04 Annex 2) with the TRF(x)/TRF(bx) extensions
// pairing programs use (XXR XXC XXS XXA XXP XXZ, BBW BBD BBL BBZ BBF BBU) and TRF-2026
// (142 152 162 172 182 192 202 212 222 240 250 260, NRS records). See ../shared/reference/trf.md.
//
// Columns are counted in characters (Unicode code points of the UTF-8 text), 1-based, as the
// FIDE documents count them, so a name with accents does not shift the later fields.
// Records the model does not interpret are kept verbatim (Tournament::extra_records) and written
// back, so read -> write -> read loses nothing.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

// A malformed TRF file: what() is "FILE:LINE:COL: message (expected ...)".
class TrfError : public std::runtime_error {
 public:
  TrfError(std::string file, int line, int column, std::string message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }      // 1-based
  int column() const { return column_; }  // 1-based, in characters
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_, column_;
  std::string message_;
};

struct TrfReadOptions {
  // Check that the players' cells agree with each other (opponent symmetry, opposite colours,
  // matching results, byes without opponents), as bbpPairings does before pairing.
  bool check_consistency = true;
  // A TRF file names its players: one without any 001 record (any other text file) is refused
  // rather than read as a tournament of nobody that every check passes. Off only for the TRF
  // part of an event file, which has none before the first registration.
  bool require_players = true;
};

// Parses TRF text (CR, LF or CRLF line ends, optional UTF-8 BOM). `file` names the source in
// error messages. Throws TrfError.
Tournament read_trf(std::string_view text, const std::string& file = "<input>",
                    const TrfReadOptions& options = {});
// Reads a file (TrfError with line 0 if it does not exist, is a directory, is too large or
// holds a NUL byte; FileError from file_io.h when the system cannot read it: permissions, I/O).
Tournament read_trf_file(const std::filesystem::path& path, const TrfReadOptions& options = {});

struct TrfWriteOptions {
  TrfFormat format = TrfFormat::Trf16;
  std::string line_end = "\n";  // the FIDE text says CR; "\r\n" or "\r" on request
  // Write the recorded points (001 cols 81-84) as computed from the cells under the scoring
  // system instead of the recorded value.
  bool recompute_points = false;
};

// Writes the tournament. TRF-16: XXR/XXC/XXS/XXA/XXP/XXZ for the pairing data; TRF-2026:
// 142/152/162/250/260/240. Unknown records are written back verbatim where they were.
// Throws std::invalid_argument (naming the player and field) for a value the format cannot hold:
// a control character in any text, a fixed-width field longer than its columns (counted in
// characters), a pairing number above 9999. Nothing is cut short silently.
std::string write_trf(const Tournament& t, const TrfWriteOptions& options = {});

// The one check of text a TRF line can hold, for every writer of TRF lines (write_trf, the event
// file's XAR records): throws std::invalid_argument naming `what` for a control character (a
// line break would start a forged record), a byte that is not UTF-8 (the reader refuses it), or
// more than `width` characters (0: any length).
void check_trf_text(const std::string& what, std::string_view text, size_t width = 0);
// The byte offset of the first byte of `text` that is not well-formed UTF-8, or npos.
size_t first_invalid_utf8(std::string_view text);
// A line as every reader of TRF lines reads it (read_trf, the event file's split into XAR records
// and TRF text): each leading UTF-8 byte-order mark removed (files joined by an editor or `cat`
// carry one per part), so that both readers see the same line.
std::string_view strip_byte_order_marks(std::string_view line);

// The lines of a text as every reader of TRF lines splits it (read_trf, the event file): a line
// ends at LF, CR or CRLF (files come from every system), a last line without an end counts, and
// the ends are not part of the line. Linear in the text: each LF and CR is searched for once
// (memchr), also in a CR-only file.
class TextLines {
 public:
  explicit TextLines(std::string_view text) : text_(text) {}
  // The next line into `line`; false (and `line` untouched) after the last.
  bool next(std::string_view& line);

 private:
  std::string_view text_;
  size_t pos_ = 0;  // the start of the next line
  // The next LF and CR at or after pos_ (npos: none), found once each.
  size_t lf_ = text_.find('\n'), cr_ = text_.find('\r');
};

// Semantic problems a pairing program refuses (bbpPairings/JaVaFo): recorded points that differ
// from the cells under the scoring system, missing round counts. Empty when fine. Each message
// names the player's line in `write_trf` terms ("player 12: ...").
std::vector<std::string> check_points(const Tournament& t);

}  // namespace arbiter::pairing
