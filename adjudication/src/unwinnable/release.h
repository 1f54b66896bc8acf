#pragma once
// Releases: a composer's set-up often shuts the winner's king in a small box of its own blocked
// pieces and of squares that pawns and blocked pieces of the loser's guard, so that nothing the
// winner does opens it (its pieces there cannot move). Only a capture by the loser of one of the
// walls lets the king out (a bishop walked round a locked chain to take a rook, then the king
// come from the far side of the board to take a bishop), and the long line that follows (the
// king walks out, takes what blocks its pawns, a pawn promotes) is found by the ordinary
// searches once the box is open. Their cost models never lead a loser's piece to such a wall
// many moves away, so they meet the capture only by luck of move order.
//
// The release is a staged plan: a goal-directed search walks a loser's piece to a wall by the
// shortest route round the pieces that cannot move and takes it, the winner waiting; the
// position after the capture is kept and solved again by the whole solver (a callback), which
// may release the king further: every stage takes a piece of the winner's, so there are few.
// Every line returned ends in a checkmate by the winner (a witness); failing proves nothing.
#include <cstdint>
#include <functional>
#include <vector>

#include "arbiter/engine/position.h"
#include "unwinnable/goal_search.h"

namespace arbiter::adjudication::detail {

// Solves the position after a stage with at most `budget` nodes: true with a mating line from it
// in `line`; `*nodes` counts what it spent either way.
using SolveRest = std::function<bool(const Position& pos, std::uint64_t budget,
                                     std::vector<Move>& line, std::uint64_t* nodes)>;

// One stage from `root` when the winner's king is boxed in: the box is the set of squares its
// king can walk to without going through its own pieces or onto squares guarded by the loser's
// pawns and blocked pieces, when those are at most four; its walls are the winner's pieces next
// to it that cannot move now. A loser's piece takes a wall in the fewest moves the stage search
// finds (at most 10,000 nodes and an eighth of `budget`), then `rest` solves the position after
// the capture with what is left. True with the whole mating line in `line`; `*nodes` counts
// every node spent, those of `rest` included.
bool release_king(const Position& root, Color winner, std::uint64_t budget, GoalTable& table,
                  const SolveRest& rest, std::vector<Move>& line, std::uint64_t* nodes);

}  // namespace arbiter::adjudication::detail
