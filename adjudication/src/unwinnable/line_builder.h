#pragma once
// Line builder: writes one cooperative mating line directly, without a search and without a move
// generation per ply (the mate planner's and the helpmate search's cost), for the common case of
// a winner with a queen or a rook (or a pawn whose file ahead holds no pawn: the men in front of it
// step aside, or a piece is offered to the loser's pawn that alone holds it up; it runs and
// promotes to a queen): the loser's king walks to an edge square, the winner's king to the square
// two steps in front of it (it then guards the three squares off the edge), the heavy piece to a
// square from which it checks along the edge (a rook or queen there guards the two edge squares
// beside the king) or, a queen, next to the king in front of it, guarded by its king. Each side's
// next move is read off the position (a king's step found breadth-first over the squares the other
// side does not attack; the winner's king takes the unguarded men on its way); the loser first
// offers its pieces to the winner's heavy pieces (a square they attack that no other loser's man
// guards), then waits with a man far from the mating corner or with its king. The winner first gets
// its king out of check, then takes an unguarded man with a heavy piece; a heavy piece that waits
// keeps off the loser's edge square while the loser's king walks there. Every move is tested legal
// before it is played (a king's step by the attack map of the other side with the king taken off
// its square, a loser's quiet move by the attackers of both kings after it, the rest with
// Position::is_legal; tests replay every line the builder writes for the TCEC file's final
// positions against the generated legal moves), and the line counts only if it ends in checkmate by
// the winner (Laws 5.1.1: the loser to move, in check, without a legal move): a legal line ending
// in mate is the proof that the winner can checkmate by some series of legal moves
// (Laws 5.2.2, 6.9, 5.1.2). A failed build proves nothing; the caller then asks the planner and the
// solver.
#include <cassert>
#include <cstddef>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// A line the builder writes, in place: at most 60 moves and the mating check (no allocation: the
// validator asks thousands of questions a file, each game its own, and keeps no line).
struct BuiltLine {
  static constexpr std::size_t kCapacity = 61;
  Move moves[kCapacity];
  std::size_t size = 0;

  void push(Move m) {
    assert(size < kCapacity);
    moves[size++] = m;
  }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

// True with the mating line in `line` (legal from `root`, ending in checkmate by `winner`).
bool build_mating_line(const Position& root, Color winner, BuiltLine& line);

// The same for either side, where either side's line settles the question (a dead position,
// Laws 5.2.2): the edge squares of `first` and of its opponent tried in turn, alternately (first's
// nearest, the opponent's nearest, first's second, ...). A side's line mostly comes on its first
// square or not at all, so a side whose first line fails costs the other side little (on the TCEC
// standard file's dead-position questions ~6 % fewer builder moves than one side's squares all
// before the other's). True with the line in `line` and its side in `winner`.
bool build_either_mating_line(const Position& root, Color first, BuiltLine& line, Color& winner);

}  // namespace arbiter::adjudication::detail
