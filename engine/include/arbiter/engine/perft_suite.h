#pragma once
// Perft test suites: the python-chess `.perft` format (`id NAME`, `epd FEN`, `perft D N` lines,
// '#' comments) and classic EPD lines (`FEN ;D1 20 ;D2 400 ...`), auto-detected per line.
#include <cstdint>
#include <istream>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/engine/result.h"

namespace arbiter {

struct PerftCase {
  std::string id;                                     // `id` line, or "line N" for EPD lines
  std::string fen;                                    // FEN or EPD (4 to 6 fields)
  int line = 0;                                       // 1-based line of the FEN in the file
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, expected nodes)
};

struct SuiteError {
  int line = 0;
  std::string reason;
  std::string message() const;  // "line 12: perft line without a preceding epd"
};

Result<std::vector<PerftCase>, SuiteError> parse_perft_suite(std::istream& in);

}  // namespace arbiter
