#pragma once
// Read game -> export-format game: replays the main line and every variation with the move
// generator and rewrites each move in canonical SAN (accepting lenient SAN and UCI on input),
// keeps comments and NAGs, normalises the Variant tag and the result.
#include <optional>
#include <string>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_writer.h"

namespace arbiter::pgn {

struct NormalizeError {
  Location where;
  std::string message;
};

// nullopt (with the reason) when the game cannot be replayed: an unsupported variant, a bad
// FEN, or a main-line move that is not legal. Moves in a variation that cannot be replayed are
// dropped from the point of the error to the end of that variation (and reported in `dropped`).
std::optional<ExportGame> normalize(const RawGame& game, NormalizeError* error = nullptr,
                                    std::vector<NormalizeError>* dropped = nullptr);

}  // namespace arbiter::pgn
