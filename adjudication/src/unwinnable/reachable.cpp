// Breadth-first enumeration of the reachable positions (see reachable.h).
//
// Soundness of NoMate: every position reachable from the root by legal moves is either the root
// or a child of a reachable position that is not over. The loop expands every position it
// records (except those where the winner has a bare king, from which no mate by the winner is
// reachable: a king alone never gives check), and records every child, so when the queue empties
// every reachable position from which a winner's mate could still follow has been recorded and
// examined; none was a checkmate of the loser. Positions are identified by their Zobrist key with
// the en passant square (side to move, castling rights and pieces are in the key), so two
// positions with one key have the same continuations.
#include "unwinnable/reachable.h"

#include <algorithm>

#include "unwinnable/identity.h"

namespace arbiter::adjudication::detail {

ReachResult enumerate_reachable(const Position& root, Color winner, std::size_t cap,
                                std::uint64_t move_cap, ReachSpace& space, std::size_t growth) {
  ReachResult r;
  auto& nodes = space.nodes;
  space.start(root, cap);
  space.insert(identity(root));
  MoveList moves;
  // Breadth-first levels: [level_begin, level_end) is the level being expanded. Open positions
  // grow about tenfold per level, locked ones a few times at most; a level that grows more than
  // sixfold (`growth`) past 2,000 positions will not fit under the cap, so the enumeration stops
  // there.
  for (std::size_t head = 0; head < nodes.size(); ++head) {
    const Position& pos = space.position(head);
    if (nodes.size() - space.level_end >
        std::max<std::size_t>(2000, growth * (space.level_end - space.level_begin))) {
      r.positions = nodes.size();
      return r;  // TooLarge
    }
    moves.clear();
    pos.generate_legal(moves);
    if (moves.size() == 0) {
      if (pos.in_check() && pos.side_to_move() != winner) {
        r.line = space.line_to(head);
        r.outcome = Reach::MateFound;
        r.positions = nodes.size();
        return r;
      }
      continue;  // stalemate, or the winner is mated: the game is over
    }
    if (!(pos.pieces(winner) & ~pos.pieces(winner, KING))) continue;  // a bare king never checks
    for (Move m : moves) {
      if (++r.nodes > move_cap) {
        r.positions = nodes.size();
        return r;  // TooLarge
      }
      const Position child = pos.after(m);
      if (!space.insert(identity(child))) continue;
      if (nodes.size() >= cap) {
        r.positions = nodes.size();
        return r;  // TooLarge
      }
      space.add(child, std::uint32_t(head), m);
    }
  }
  r.outcome = Reach::NoMate;
  r.positions = nodes.size();
  return r;
}

}  // namespace arbiter::adjudication::detail
