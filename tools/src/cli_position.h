#pragma once
// Helpers for the engine subcommands: turning command-line text into positions, with errors
// that name the FEN field and the reason (thrown as UsageError -> exit 2).
#include <stdexcept>
#include <string>
#include <vector>

#include "arbiter/engine/position.h"
#include "arbiter/engine/setup.h"

namespace arbiter::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Joins positional words ("rnbqkbnr/... w KQkq - 0 1" may arrive split by the shell).
std::string join_words(const std::vector<std::string>& words);
// Parses a FEN (six fields, or four as in EPD) into a setup (not yet checked for legality);
// throws UsageError naming the field.
Setup setup_from_fen(const std::string& fen);
// Parses a FEN (six fields, or four as in EPD) into a validated position; throws UsageError.
Position position_from_fen(const std::string& fen, bool chess960 = false);

}  // namespace arbiter::cli
