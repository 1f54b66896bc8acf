#pragma once
// Game validation before rating: replays every game of a PGN file and checks everything the
// Laws let a program check. Errors: illegal/ambiguous/unparsable moves (with the FEN before the
// move and the closest legal moves), invalid FEN/SetUp, Chess960 start positions, a Result tag
// that disagrees with the termination marker, a result that contradicts checkmate, stalemate or
// a dead position (Laws 5.1.1, 5.2.1, 5.2.2), moves after the game ended (5.1.1, 5.2.1, 5.2.2,
// 9.6.1 fivefold, 9.6.2 75 moves; a dead position is found after every move, exactly: the final
// position of every game is settled by the unwinnability solver and, when dead, the first dead
// position is found back from it), a loss on time when the winner could not checkmate by any
// series of legal moves (6.9, A.5.3), and from 1 January 2023 any decisive result where the winner
// could not (5.1.2: a resignation is then a draw; a warning for earlier games). Warnings: Seven Tag
// Roster values, draw claims that were available (9.2, 9.3), clocks running backwards, the
// TimeControl class (A.1, B.1) versus the Event name.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/adjudication/regime.h"
#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/position.h"

namespace arbiter::adjudication {

struct ValidationIssue {
  pgn::Severity severity = pgn::Severity::Error;
  std::string code;  // stable kebab-case id, e.g. "illegal-move", "result-mismatch"
  int ply = 0;       // 1-based half-move from the start position; 0 = not tied to a move
  uint32_t line = 0, column = 0;
  std::string message;  // one line; says which rule applies where one does
};

enum class GameStatus : uint8_t { Ok, Warnings, Errors };
const char* status_name(GameStatus s);  // "ok", "warnings", "errors"

struct GameReport {
  uint64_t index = 0;       // 0-based position in the input
  uint32_t first_line = 0;  // line of the game's first token
  std::vector<std::pair<std::string, std::string>> tags;
  std::string result;  // the result as recorded (marker, else Result tag), "" if none
  int plies = 0;       // main-line half-moves replayed
  bool chess960 = false;
  std::string final_fen;  // position after the last replayed main-line move
  std::string ending;     // "checkmate", "stalemate", "dead position", "fivefold repetition",
                          // "75-move rule" or "" (the game was not ended on the board)
  std::vector<ValidationIssue> issues;

  GameStatus status() const;
  int errors() const;
  int warnings() const;
};

struct ValidateOptions {
  bool check_variations = true;  // replay RAVs (illegal moves there are errors too)
  // Exact by default: the final position of every game (main line) is settled by the
  // unwinnability solver (Laws 5.1.2, 5.2.2, 6.9, A.5.3): dead (then the first dead position is
  // found back from it: a position reached from a dead one is dead), not dead, or, when the
  // node budget runs out, undetermined (a warning, never taken for "not dead"). false: the
  // inexact mode (dead positions by material and forced replies only).
  bool dead_position_search = true;
  bool full_search = false;        // no effect (the exact search is the default); kept for callers
  uint64_t node_budget = 200'000;  // per search (Undetermined: a warning)
  int closest_moves = 5;           // how many legal moves to suggest
  bool final_fen = true;           // fill GameReport::final_fen
  bool tags = true;                // fill GameReport::tags (else only for games with issues)
  // The regime the game was played under (Appendix A / B); nullopt: from the TimeControl tag
  // (A.1 / B.1), adequately supervised. Under rapid-unsupervised or blitz-unsupervised (A.5,
  // B.3): an illegal move nobody claimed stands (A.5.2: a warning, the game goes on from the
  // position reached), castling with a wrongly placed king or rook is not allowed after 10
  // moves each (A.5.1.2), and both kings in check after the next move is a draw (A.5.4).
  std::optional<Regime> regime;
};

GameReport validate_game(const pgn::RawGame& game, const ValidateOptions& options = {});
// The same with the caller's unwinnability Solver, whose search tables are then reused from game
// to game (one Solver per thread).
GameReport validate_game(const pgn::RawGame& game, const ValidateOptions& options, Solver& solver);

}  // namespace arbiter::adjudication
