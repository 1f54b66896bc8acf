#pragma once
// Setup: the raw board exactly as a FEN describes it, legal or not. Nothing here checks chess
// legality (two white kings, a pawn on rank 8 and the side not to move in check are all
// representable), so that illegal positions can still be read, shown and explained.
// A validated, playable position is a Position (position.h).
#include <array>
#include <string>
#include <string_view>

#include "arbiter/engine/bitboard.h"
#include "arbiter/engine/result.h"
#include "arbiter/engine/types.h"

namespace arbiter {

struct Setup {
  std::array<Piece, SQUARE_NB> board{};  // NO_PIECE on empty squares
  Color turn = WHITE;
  // Rooks that keep a castling right, by square (Shredder-FEN semantics, always unambiguous):
  // for the standard start position {a1, h1, a8, h8}. Every bit is a rook of the matching
  // colour on its own back rank (parse_fen guarantees it; Position checks the king as well).
  Bitboard castling_rooks = 0;
  Square ep_square = SQ_NONE;  // as written in the FEN, even when no capture is possible
  int halfmove_clock = 0;
  int fullmove_number = 1;

  Piece piece_on(Square s) const { return board[s]; }
  Bitboard pieces(Color c, PieceType pt) const;
  Bitboard pieces(Color c) const;
  Bitboard occupied() const;
  // The king's square, or SQ_NONE when colour c has no king or more than one.
  Square king_square(Color c) const;
  bool operator==(const Setup&) const = default;

  static Setup standard();  // the standard start position (SP 518)
};

// Which FEN field an error refers to.
enum class FenField : std::uint8_t {
  Placement,
  SideToMove,
  Castling,
  EnPassant,
  Halfmove,
  Fullmove,
  Extra
};
const char* fen_field_name(FenField f);  // "piece placement", "castling", ...

struct FenError {
  FenField field = FenField::Placement;
  std::string reason;  // e.g. "rank 3 has 9 squares"
  // "FEN castling field: 'K' but no white rook on the h-side of the king"
  std::string message() const;
};

enum class FenMode : std::uint8_t {
  Strict,  // all six fields required
  Epd,     // four fields are enough (clocks default to 0 and 1); used for EPD/perft suites
};

// Parses a FEN. Castling field: "-", or any mix of KQkq (outermost rook on that side of the
// king, chess960.md section 2: X-FEN) and rook file letters A-H/a-h (Shredder-FEN; X-FEN uses
// them for an inner rook). Each letter must name a rook of that colour on its back rank.
// The en passant field must be "-" or a square on rank 3 or 6 (it is kept even if no pawn
// can capture). Leading/trailing blanks are ignored; any extra field is an error in Strict
// mode and ignored in Epd mode (EPD operations).
Result<Setup, FenError> parse_fen(std::string_view fen, FenMode mode = FenMode::Strict);

enum class CastlingNotation : std::uint8_t {
  XFen,      // KQkq, a file letter only for a rook that is not the outermost on its side
  Shredder,  // rook file letters always: HAha
};
// Writes a FEN. The en passant square is written as stored in the Setup.
std::string to_fen(const Setup& setup, CastlingNotation castling = CastlingNotation::XFen);
// Just the castling field ("-" when there are no rights).
std::string castling_field(const Setup& setup, CastlingNotation castling = CastlingNotation::XFen);

}  // namespace arbiter
