#pragma once
// Goal-directed helpmate search: both sides walk their pieces to a given checkmate configuration
// (a MateGoal: where each piece should stand), by iterative deepening on the number of plies
// with a lower bound on the plies still needed (IDA*): every piece needs at least
// move_distance moves to its square, and the two sides move in turn. Moves that do not bring a
// piece closer are allowed within the slack of the current bound (waiting moves, making way).
// Any line it returns is a witness (it ends in a checkmate by the winner); failing proves nothing.
#include <array>
#include <cstdint>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

class GoalSearch {
 public:
  GoalSearch(Color winner, const std::array<Square, SQUARE_NB>& goal)
      : winner_(winner), goal_(goal) {}
  // Searches with bounds from the lower bound of the root up to that plus `max_slack` plies,
  // at most `node_limit` moves played. True when a mating line was found (in `line`).
  bool run(const Position& root, int max_slack, std::uint64_t node_limit, std::vector<Move>& line);
  std::uint64_t nodes() const { return nodes_; }
  // The lower bound on the plies still needed from `pos` (99 and more: never).
  int bound(const Position& pos) const;

 private:
  bool search(const Position& pos, int ply, int need_winner, int need_loser);

  Color winner_;
  std::array<Square, SQUARE_NB> goal_;
  std::uint64_t nodes_ = 0, limit_ = 0;
  int max_ply_ = 0;
  bool stop_ = false;
  std::vector<Move> stack_;
  std::vector<std::pair<std::uint64_t, int>> table_;  // key, smallest ply seen (this bound)
};

}  // namespace arbiter::adjudication::detail
