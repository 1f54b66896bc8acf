#pragma once
// Goal-directed helpmate search: both sides walk their pieces to a given checkmate configuration
// (a MateGoal: where each piece should stand), by iterative deepening on the number of plies
// with a lower bound on the plies still needed (IDA*): every piece needs at least
// move_distance moves to its square, and the two sides move in turn. Moves that do not bring a
// piece closer are allowed within the slack of the current bound (waiting moves, making way).
// Any line it returns is a witness (it ends in a checkmate by the winner); failing proves nothing.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// The positions already searched in one iteration (the smallest ply each was reached at), kept
// by the caller across searches: entries carry the round they were written in, so a new round
// costs nothing (zeroing 256 KB per iteration cost more than most of the searches).
class GoalTable {
 public:
  static constexpr std::size_t kSize = std::size_t(1) << 14;
  // Starts a round: every entry of an earlier round reads as empty.
  void next_round() {
    if (slots_.empty()) slots_.assign(kSize, Slot{});
    if (++round_ == 0) {  // wrapped: old entries could pass for current ones
      std::fill(slots_.begin(), slots_.end(), Slot{});
      round_ = 1;
    }
  }
  // True if `key` was reached this round at `ply` or earlier; otherwise records `ply`.
  bool seen(std::uint64_t key, int ply) {
    Slot& s = slots_[key & (kSize - 1)];
    if (s.round == round_ && s.key == key && s.ply <= ply) return true;
    s = {key, ply, round_};
    return false;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    int ply = 0;
    std::uint32_t round = 0;
  };
  std::vector<Slot> slots_;
  std::uint32_t round_ = 0;
};

class GoalSearch {
 public:
  GoalSearch(Color winner, const std::array<Square, SQUARE_NB>& goal, GoalTable& table)
      : winner_(winner), goal_(goal), table_(table) {}
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
  GoalTable& table_;  // smallest ply each position was seen at (this bound)
};

}  // namespace arbiter::adjudication::detail
