// King and two knights against a bare king (see two_knights.h).
//
// The rule, proved by an exhaustive retrograde analysis of every legal position of this
// material (bench/two_knights_retrograde.cpp: backwards from every checkmate through every
// legal move that is not a capture, both sides cooperating, as Laws 5.2.2 and 6.9 ask for "any
// series of legal moves"):
//   - with the knights' side to move, every one of the 11,499,304 legal positions (knights
//     told apart) leads to a checkmate;
//   - with the bare king to move, every position leads to a checkmate, is a checkmate already,
//     or is one of two kinds, none of which leads to one: stalemate (7,728 positions, Laws
//     5.2.1) and positions where every legal move takes a knight (3,664; king and knight
//     against a bare king cannot mate, Laws 5.2.2).
// No pawn, no castling and no en passant square can be on the board, so the analysis covers
// Chess960 as well.
#include "unwinnable/two_knights.h"

namespace arbiter::adjudication::detail {

bool two_knights_can_mate(const Position& pos, Color side) {
  const Bitboard ours = pos.pieces(side), theirs = pos.pieces(~side);
  if (popcount(theirs) != 1 || popcount(ours) != 3 || popcount(pos.pieces(side, KNIGHT)) != 2)
    return false;
  if (pos.side_to_move() == side) return true;
  // The bare king to move: a checkmate already, else some legal move that takes nothing.
  MoveList moves;
  pos.generate_legal(moves);
  if (moves.empty()) return pos.in_check();
  for (const Move m : moves)
    if (!pos.is_capture(m)) return true;
  return false;
}

}  // namespace arbiter::adjudication::detail
