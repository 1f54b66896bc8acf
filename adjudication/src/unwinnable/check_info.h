#pragma once
// Which moves give check, without playing them (as Stockfish does): the squares from which each
// piece type attacks the enemy king, and the pieces whose departure uncovers a slider. Special
// moves (castling, en passant, promotion) are rare and asked of the position itself. Used by the
// helpmate search (search.cpp) and the mate planner (planner.cpp) at every winner's node.
#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

struct CheckInfo {
  explicit CheckInfo(const Position& pos) {
    const Color us = pos.side_to_move();
    ksq = pos.king_square(~us);
    const Bitboard occ = pos.occupied();
    squares[PAWN] = pawn_attacks(~us, ksq);
    squares[KNIGHT] = knight_attacks(ksq);
    squares[BISHOP] = bishop_attacks(ksq, occ);
    squares[ROOK] = rook_attacks(ksq, occ);
    squares[QUEEN] = squares[BISHOP] | squares[ROOK];
    squares[KING] = 0;
    discoverers = pos.blockers_for_king(~us) & pos.pieces(us);
  }
  bool gives_check(const Position& pos, Move m) const {
    if (m.is_castling() || m.is_en_passant() || m.is_promotion()) return pos.gives_check(m);
    const Square from = m.from(), to = m.to();
    if (squares[type_of(pos.moved_piece(m))] & square_bb(to)) return true;
    return (discoverers & square_bb(from)) && !(line_bb(from, ksq) & square_bb(to));
  }
  Square ksq;
  Bitboard squares[PIECE_TYPE_NB]{};
  Bitboard discoverers = 0;
};

}  // namespace arbiter::adjudication::detail
