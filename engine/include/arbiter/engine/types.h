#pragma once
// Basic chess vocabulary shared by the whole engine: colours, pieces, squares, moves.
// Plain enums with small integer values (Stockfish style) so they index tables directly.
#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/vocabulary/color.h"  // Color, WHITE, BLACK, COLOR_NB, ~c

namespace arbiter {

using Bitboard = std::uint64_t;

enum PieceType : std::uint8_t {
  NO_PIECE_TYPE = 0,
  PAWN = 1,
  KNIGHT = 2,
  BISHOP = 3,
  ROOK = 4,
  QUEEN = 5,
  KING = 6,
  PIECE_TYPE_NB = 7
};

// Piece = colour * 8 + type: W_PAWN..W_KING = 1..6, B_PAWN..B_KING = 9..14.
enum Piece : std::uint8_t {
  NO_PIECE = 0,
  W_PAWN = 1,
  W_KNIGHT,
  W_BISHOP,
  W_ROOK,
  W_QUEEN,
  W_KING,
  B_PAWN = 9,
  B_KNIGHT,
  B_BISHOP,
  B_ROOK,
  B_QUEEN,
  B_KING,
  PIECE_NB = 16
};
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

enum File : std::uint8_t {
  FILE_A,
  FILE_B,
  FILE_C,
  FILE_D,
  FILE_E,
  FILE_F,
  FILE_G,
  FILE_H,
  FILE_NB
};
enum Rank : std::uint8_t {
  RANK_1,
  RANK_2,
  RANK_3,
  RANK_4,
  RANK_5,
  RANK_6,
  RANK_7,
  RANK_8,
  RANK_NB
};

// clang-format off
enum Square : std::uint8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE, SQUARE_NB = 64
};
// clang-format on

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
// Rank seen from colour c's side (RANK_1 is c's back rank).
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// One step forward for colour c (+8 for White, -8 for Black).
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

constexpr char file_char(File f) { return char('a' + f); }
constexpr char rank_char(Rank r) { return char('1' + r); }
inline std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {file_char(file_of(s)), rank_char(rank_of(s))};
}
// "pawn", "knight", "bishop", "rook", "queen", "king" (for messages); "piece" otherwise.
constexpr const char* piece_name(PieceType pt) {
  switch (pt) {
    case PAWN: return "pawn";
    case KNIGHT: return "knight";
    case BISHOP: return "bishop";
    case ROOK: return "rook";
    case QUEEN: return "queen";
    case KING: return "king";
    default: return "piece";
  }
}
// "e4" -> SQ_E4; anything else -> SQ_NONE.
constexpr Square parse_square(std::string_view t) {
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return SQ_NONE;
  return make_square(File(t[0] - 'a'), Rank(t[1] - '1'));
}
// FEN letters: PNBRQK for White, pnbrqk for Black.
constexpr char piece_char(Piece p) { return " PNBRQK  pnbrqk "[p & 15]; }
constexpr char piece_type_char(PieceType pt) { return " PNBRQK"[pt]; }  // upper case, SAN letter
constexpr Piece piece_from_char(char c) {
  switch (c) {
    case 'P': return W_PAWN;
    case 'N': return W_KNIGHT;
    case 'B': return W_BISHOP;
    case 'R': return W_ROOK;
    case 'Q': return W_QUEEN;
    case 'K': return W_KING;
    case 'p': return B_PAWN;
    case 'n': return B_KNIGHT;
    case 'b': return B_BISHOP;
    case 'r': return B_ROOK;
    case 'q': return B_QUEEN;
    case 'k': return B_KING;
    default: return NO_PIECE;
  }
}

// Castling sides, named by the king's final file (Laws Guidelines II.3: c-side = O-O-O, king to
// c1/c8 and rook to d1/d8; g-side = O-O, king to g1/g8 and rook to f1/f8).
enum CastleSide : std::uint8_t { KING_SIDE = 0, QUEEN_SIDE = 1, CASTLE_SIDE_NB = 2 };
constexpr Square castle_king_to(Color c, CastleSide s) {
  return relative_square(c, s == KING_SIDE ? SQ_G1 : SQ_C1);
}
constexpr Square castle_rook_to(Color c, CastleSide s) {
  return relative_square(c, s == KING_SIDE ? SQ_F1 : SQ_D1);
}

enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

// A move in 16 bits: to (bits 0-5), from (6-11), promotion piece - KNIGHT (12-13), kind (14-15).
// Castling is stored as "king takes own rook" (from = king square, to = rook square), so that
// Chess960 castling, where the king may not move at all, is uniform with standard chess.
// Move() / Move::none() is the null value (a1a1 is never a legal move).
class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                 PieceType promotion = KNIGHT)
      : data_(std::uint16_t(to | (from << 6) | ((promotion - KNIGHT) << 12) | (int(kind) << 14))) {}
  static constexpr Move none() { return Move(); }
  static constexpr Move normal(Square from, Square to) { return Move(from, to); }
  static constexpr Move promotion(Square from, Square to, PieceType pt) {
    return Move(from, to, MoveKind::Promotion, pt);
  }
  static constexpr Move en_passant(Square from, Square to) {
    return Move(from, to, MoveKind::EnPassant);
  }
  static constexpr Move castling(Square king_from, Square rook_from) {
    return Move(king_from, rook_from, MoveKind::Castling);
  }

  constexpr Square from() const { return Square((data_ >> 6) & 63); }
  // For castling: the castling rook's square (see class comment).
  constexpr Square to() const { return Square(data_ & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
  constexpr bool is_promotion() const { return kind() == MoveKind::Promotion; }
  constexpr bool is_en_passant() const { return kind() == MoveKind::EnPassant; }
  constexpr bool is_castling() const { return kind() == MoveKind::Castling; }
  // Meaningful only for promotions.
  constexpr PieceType promotion_type() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;
  constexpr auto operator<=>(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace arbiter
