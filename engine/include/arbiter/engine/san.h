#pragma once
// Standard Algebraic Notation (PGN export format), with Chess960 castling as O-O / O-O-O
// (chess960.md section 3).
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/engine/position.h"
#include "arbiter/engine/result.h"

namespace arbiter {

// SAN of a legal move: piece letter, minimal disambiguation (file, else rank, else both),
// 'x' for captures, "=Q" promotions, O-O / O-O-O, and '+' or '#' suffix.
std::string to_san(const Position& pos, Move m);
// Same without the check/mate suffix.
std::string to_san_without_suffix(const Position& pos, Move m);

enum class SanMode : std::uint8_t {
  // Exact PGN SAN: O-O with letter O, '=' before the promotion piece, disambiguation only when
  // needed... but an optional +/# suffix (must be correct if present) and no annotations.
  Strict,
  // Also accepts 0-0 / 0-0-0, missing '=' (e8Q), lower-case promotion letters (e8=q),
  // over-disambiguation (Ngf3, Ng1f3), missing or wrong 'x', missing or wrong +/#, trailing
  // annotations (! ? !! ?? !? ?!), "e.p." and leading/trailing blanks.
  Lenient,
};

struct SanError {
  enum class Kind : std::uint8_t {
    Malformed,    // not SAN at all ("Xe5", "")
    NoSuchPiece,  // well-formed, but no piece of that kind can go there ("Nf3" with no knight able)
    Illegal,      // a matching piece exists but the move is illegal (pinned, leaves king in check,
                  // castling not allowed, wrong suffix in Strict mode)
    Ambiguous,    // several legal moves match; see candidates
  } kind = Kind::Malformed;
  std::string text;              // the input
  std::string reason;            // e.g. "the knight on c3 is pinned"
  std::vector<Move> candidates;  // for Ambiguous: the matching legal moves
  std::string message() const;   // "illegal SAN 'Nf3': ..."
};

Result<Move, SanError> parse_san(const Position& pos, std::string_view text,
                                 SanMode mode = SanMode::Strict);

// The fast path of strict parsing, for replaying games: the move when `text` is strict SAN in
// its usual shapes (piece moves, pawn moves and captures, promotions, with a correct +/# if
// any); Move::none() when parse_san(pos, text, SanMode::Strict) must decide (castling, errors,
// anything unusual). Never a move where parse_san would reject the text.
Move parse_san_common(const Position& pos, std::string_view text);

}  // namespace arbiter
