#pragma once
// The one game-result type of arbiter's libraries (DEVELOPERS: one name per concept): a PGN
// game's result (Result tag and game termination marker, PGN standard 8.1.1.7 and 8.2.6) in the
// engine, a play-off game's result in the pairing libraries. A game that was played to a result
// is WhiteWins, BlackWins or Draw; Unfinished is PGN's `*` (game in progress, abandoned or
// unknown) and None a Result tag or marker that is absent. The PGN spellings ("1-0", ...) are the
// engine's (pgn.h to_string / parse_result).
#include <cstdint>

namespace arbiter {

enum class GameResult : std::uint8_t { WhiteWins, BlackWins, Draw, Unfinished, None };

}  // namespace arbiter
