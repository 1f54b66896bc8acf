#pragma once
// Pieces of the game validator shared between its files.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn_tags.h"
#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// Collects issues for one game.
struct Sink {
  GameReport& r;
  void add(pgn::Severity s, std::string code, int ply, pgn::Location at, std::string msg) {
    r.issues.push_back({s, std::move(code), ply, at.line, at.column, std::move(msg)});
  }
  void error(std::string code, int ply, pgn::Location at, std::string msg) {
    add(pgn::Severity::Error, std::move(code), ply, at, std::move(msg));
  }
  void warn(std::string code, int ply, pgn::Location at, std::string msg) {
    add(pgn::Severity::Warning, std::move(code), ply, at, std::move(msg));
  }
};

// The value of each tag the validator reads, as RawGame::tag gives it (the last tag of that
// name, or nullptr), found in one pass over the tags instead of a search per name.
struct TagIndex {
  // The Seven Tag Roster first, in its order (PGN 8.1.1).
  enum Name : uint8_t {
    Event,
    Site,
    Date,
    Round,
    White,
    Black,
    Result,
    TimeControl,
    FEN,
    SetUp,
    Termination,
    UTCDate,
    EventDate,
    Variant,
    kCount
  };
  const std::string* value[kCount] = {};
  explicit TagIndex(const pgn::RawGame& g);
  const std::string* operator[](Name n) const { return value[n]; }
};

// Seven Tag Roster values (PGN 8.1.1), TimeControl class (Laws A.1/B.1) versus the Event name.
// Returns the TimeControl tag as parsed (nullopt without one or when it is malformed).
std::optional<pgn::TimeControl> check_tags(const pgn::RawGame& g, const TagIndex& tags, Sink& sink);

// The legal moves whose SAN is closest to what was written, best first.
std::vector<std::string> closest_moves(const Position& pos, std::string_view written, int n);

// "12." / "12..." for the move about to be played in pos.
std::string move_prefix(const Position& pos);

// Laws 5.2.2 by material alone: no checkmate is possible with K v K, K+N v K, K+B v K, or any
// number of bishops all on squares of one colour (and nothing else). Exact for those positions.
bool dead_by_material(const Position& pos);
// Material alone that can never mate for `side` (bare king, or a lone knight/bishop without
// the opponent having anything that could block a square), used when the full search is absent.
bool side_cannot_mate_by_material(const Position& pos, Color side);
// Laws 5.2.2 through forced play: true only if every line from `pos` ends within `depth`
// plies in a position dead by material or in stalemate (no checkmate on the way), where the
// side to move has at most a handful of legal moves at every step. A proof when true; false
// proves nothing. (in_check: whether the side to move is in check, for a caller that knows.)
bool forced_dead(const Position& pos, int depth);
bool forced_dead(const Position& pos, int depth, bool in_check);

// Laws A.5.2: the written move read as the player made it, by the moving piece's own rules,
// where it is illegal (leaves or puts its king in check; castling out of, through or into check
// or without the right). Move::none() if the text is legal, or cannot be read so (a king
// captured, a pawn left unpromoted on the last rank, no such piece or more than one).
Move read_illegal_move(const Position& pos, std::string_view text);
// The side not to move is in check: an illegal position only an illegal move that stood
// (A.5.2) leaves on the board.
bool king_exposed(const Position& pos);

}  // namespace arbiter::adjudication::detail
