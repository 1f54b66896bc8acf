#pragma once
// Proof games: a series of legal moves from a start position that reaches a given position,
// the proof that the position is legal (Art. 3.10.3). Iterative deepening A* on the number of
// plies with an admissible bound (each man still to reach a square of the target needs as many
// moves as its shortest route on an empty board; men to be removed need captures), bounded in
// plies and nodes so `status` stays fast: most positions of real games are beyond the ply limit
// by the bound alone and cost a single evaluation. Beyond it, a best-first search guided by the
// same bound (weighted A*) looks for any proof game within the rest of the node budget.
#include <cstdint>
#include <vector>

#include "arbiter/engine/position.h"
#include "arbiter/engine/setup.h"

namespace arbiter::adjudication {

struct ProofLimits {
  int max_plies = 20;                 // longest proof game looked for
  std::uint64_t max_nodes = 300'000;  // positions evaluated, over both searches
  // After the shortest-proof search (then given half the nodes), a best-first search guided by
  // the target for any proof game, however long (its proofs are not the shortest), on positions
  // whose bound is at most 2 * max_plies.
  bool guided = true;
};

struct ProofSearch {
  std::vector<Move> moves;  // the proof game from `start` when found
  bool found = false;
  // When not found: true iff every game of up to max_plies plies was ruled out (no proof game
  // that short exists); false when the node budget ran out first.
  bool exhausted = false;
  bool guided = false;             // found by the guided search (not necessarily a shortest proof)
  std::uint64_t guided_nodes = 0;  // positions the guided search evaluated (0: it did not run)
  int lower_bound = 0;     // plies needed at least, from the start (-1: the bound proves none)
  int plies_searched = 0;  // the deepest iteration completed
  std::uint64_t nodes = 0;
};

// The target matches when the board, the side to move and the castling rights are the same and
// the en passant square agrees (the target's, if it names one, is where the last double step
// passed; without one, no en passant capture is possible). Move counters are not compared.
ProofSearch find_proof_game(const Position& start, const Setup& target, const ProofLimits& limits);

// True iff `moves` are legal from `start` one after the other and reach `target` (as above).
bool reaches(const Position& start, const std::vector<Move>& moves, const Setup& target);

}  // namespace arbiter::adjudication
