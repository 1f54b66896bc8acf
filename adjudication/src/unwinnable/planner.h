#pragma once
// Mate planner: builds one cooperative line towards a checkmate by `winner` greedily, about one
// move generation per ply and no search tree (the witness planner of issue 18: most final
// positions of real games are settled in a few dozen plies where the helpmate searches spend
// hundreds or thousands of nodes). Every ply the side to move plays the legal move that best
// lowers a plan's potential (planner.cpp): the loser's king walks to the mating corner nearest
// to it (one the winner's bishops cover, mating_corners), the winner's king takes up the
// opposition in front of it, or first walks round the guarded squares (breadth-first over its
// moves) to take the loser's man that blocks its most advanced pawn, the winner's pieces close
// in, its pawns run and promote to queens, it takes what the loser gives up and leaves nothing
// where the loser takes it for nothing; the loser's other men wait beside their king, capturing
// only when nothing else is legal. At each of the winner's turns a checking move that mates ends
// the line. A move into a position met a little before on the line costs more each time (the
// greedy choice would otherwise cycle), and one that leaves the side to move without a legal
// move and no mate (stalemate, Laws 5.2.1) is passed over for the next best.
//
// The line is a proof only because it is replayed (replays_to_mate: legal moves only, ending in
// checkmate by the winner, Laws 5.1.1) before it is believed; a failed plan proves nothing, and
// the callers then ask the exact solver. Laws 5.2.2 asks only whether SOME series of legal
// moves mates, so one such line settles "not dead" for the winner (and 5.1.2 / 6.9: the winner
// can still mate).
#include <cstdint>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

class MatePlanner {
 public:
  explicit MatePlanner(Color winner) : winner_(winner) {}
  // Plays from `root` until the nodes reach `node_limit`; true with the line in `line` if it
  // ends in a checkmate by the winner (not yet replayed: the caller checks it).
  bool run(const Position& root, std::uint64_t node_limit, std::vector<Move>& line);
  // Move generations plus mate tests spent by run() (the planner's nodes).
  std::uint64_t nodes() const { return nodes_; }

 private:
  int delta(const Position& pos, Move m) const;
  int winner_king_term(Square wk, Square lk) const;
  int man_term(PieceType pt, Square s, Square lk) const;
  Square blocker_to_take(const Position& pos) const;
  void king_steps_to_aim(const Position& pos);

  Color winner_;
  Square corner_ = SQ_NONE;
  Square king_aim_ = SQ_NONE;
  std::uint8_t aim_steps_[SQUARE_NB]{};  // king_steps_to_aim
  Bitboard unsafe_ = 0;  // squares the loser attacks and the winner does not (winner to move)  //
                         // blocker_to_take of the current position
  std::uint64_t nodes_ = 0;
  int repeat_[MoveList::kCapacity];  // per move of the ply: how often its position was charged
};

}  // namespace arbiter::adjudication::detail
