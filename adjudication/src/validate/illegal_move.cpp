// Laws A.5.2 (rapid and blitz without adequate supervision): an illegal move that nobody
// claimed before the opponent moved stands. This reads the written move as the move the player
// made with the piece, by the piece's own rules of movement (Art. 3.2-3.8), where the Laws
// forbid it: a move that leaves or puts its own king in check (3.9), or castling out of,
// through or into check, or with a king or rook that lost the right (3.8.2).
#include <cctype>

#include "internal.h"

namespace arbiter::adjudication::detail {
namespace {

// The rook castling on `side` would move: the one keeping the right, else (standard chess only)
// the corner rook of a king still on its e-file square, which moved and came back.
Square castling_rook(const Position& pos, Color us, CastleSide side) {
  if (const Square r = pos.castling_rook(us, side); r != SQ_NONE) return r;
  if (pos.is_chess960()) return SQ_NONE;
  const Rank back = us == WHITE ? RANK_1 : RANK_8;
  if (pos.king_square(us) != make_square(FILE_E, back)) return SQ_NONE;
  const Square r = make_square(side == KING_SIDE ? FILE_H : FILE_A, back);
  return pos.piece_on(r) == make_piece(us, ROOK) ? r : SQ_NONE;
}

// Castling by the movement rules of Art. 3.8.2 (king two squares towards the rook, the rook
// over it), whatever the checks: every square between them and their final squares empty.
Move castling(const Position& pos, CastleSide side) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us), r = castling_rook(pos, us, side);
  if (r == SQ_NONE) return Move::none();
  const Square kt = castle_king_to(us, side), rt = castle_rook_to(us, side);
  const Bitboard path = between_bb(k, kt) | between_bb(r, rt) | square_bb(kt) | square_bb(rt);
  if (path & pos.occupied() & ~square_bb(k) & ~square_bb(r)) return Move::none();
  return Move::castling(k, r);
}

Bitboard attacks_of(PieceType pt, Square s, Bitboard occ) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case QUEEN: return queen_attacks(s, occ);
    case KING: return king_attacks(s);
    default: return 0;
  }
}

}  // namespace

Move read_illegal_move(const Position& pos, std::string_view text) {
  while (!text.empty() &&
         (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
    text.remove_suffix(1);
  if (text == "O-O" || text == "0-0") return castling(pos, KING_SIDE);
  if (text == "O-O-O" || text == "0-0-0") return castling(pos, QUEEN_SIDE);
  // [piece] [from file] [from rank] [x] to [=promotion]
  PieceType promo = NO_PIECE_TYPE;
  if (text.size() >= 2 && std::string_view("QRBN").find(text.back()) != std::string_view::npos) {
    promo = type_of(piece_from_char(text.back()));
    text.remove_suffix(1);
    if (!text.empty() && text.back() == '=') text.remove_suffix(1);
  }
  if (text.size() < 2) return Move::none();
  const Square to = parse_square(text.substr(text.size() - 2));
  if (to == SQ_NONE) return Move::none();
  text.remove_suffix(2);
  PieceType pt = PAWN;
  if (!text.empty() && std::string_view("KQRBN").find(text.front()) != std::string_view::npos) {
    pt = type_of(piece_from_char(text.front()));
    text.remove_prefix(1);
  }
  bool capture = false;
  if (!text.empty() && text.back() == 'x') {
    capture = true;
    text.remove_suffix(1);
  }
  int from_file = -1, from_rank = -1;
  for (char c : text) {
    if (c >= 'a' && c <= 'h' && from_file < 0 && from_rank < 0)
      from_file = c - 'a';
    else if (c >= '1' && c <= '8' && from_rank < 0)
      from_rank = c - '1';
    else
      return Move::none();
  }
  const Color us = pos.side_to_move();
  // Never onto an own piece, and the king is never captured.
  if (pos.pieces(us) & square_bb(to) || pos.pieces(~us, KING) & square_bb(to)) return Move::none();
  const bool last_rank = rank_of(to) == (us == WHITE ? RANK_8 : RANK_1);
  // A pawn left unpromoted on the last rank cannot be played on (Art. 3.7.5: it is exchanged
  // as part of the same move); a promotion needs a pawn reaching it, and a piece of its own.
  if (pt == PAWN && last_rank && promo == NO_PIECE_TYPE) return Move::none();
  if (promo != NO_PIECE_TYPE && (pt != PAWN || !last_rank)) return Move::none();

  Move found = Move::none();
  int candidates = 0;
  for (Bitboard b = pos.pieces(us, pt); b;) {
    const Square from = pop_lsb(b);
    if (from_file >= 0 && file_of(from) != from_file) continue;
    if (from_rank >= 0 && rank_of(from) != from_rank) continue;
    Move m = Move::none();
    if (pt != PAWN) {
      if (attacks_of(pt, from, pos.occupied()) & square_bb(to)) m = Move(from, to);
    } else {
      const int up = pawn_push(us);
      const bool enemy_there = pos.pieces(~us) & square_bb(to);
      if (pawn_attacks(us, from) & square_bb(to)) {
        if (enemy_there)
          m = Move(from, to);
        else if (to == pos.ep_square())
          m = Move::en_passant(from, to);
      } else if (!capture && !(pos.occupied() & square_bb(to))) {
        const Rank start = us == WHITE ? RANK_2 : RANK_7;
        if (int(from) + up == int(to) || (rank_of(from) == start && int(from) + 2 * up == int(to) &&
                                          !(pos.occupied() & square_bb(Square(int(from) + up)))))
          m = Move(from, to);
      }
      if (!m.is_none() && promo != NO_PIECE_TYPE) m = Move::promotion(from, to, promo);
    }
    if (m.is_none()) continue;
    found = m;
    ++candidates;
  }
  if (candidates != 1 || pos.is_legal(found)) return Move::none();
  return found;
}

bool king_exposed(const Position& pos) {
  const Color them = ~pos.side_to_move();
  return pos.attackers_to(pos.king_square(them)) & pos.pieces(pos.side_to_move());
}

}  // namespace arbiter::adjudication::detail
