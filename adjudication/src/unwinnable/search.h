#pragma once
// Helpmate search: both sides cooperate to let `winner` checkmate. Iterative deepening over an
// effort budget in which promising moves are cheaper than others (the winner capturing,
// advancing pawns or bringing king and knights closer; the loser's king walking to the mating
// corner), so that long but natural mating lines are reached early, with a transposition table
// recording the largest budget each position was already searched with. Any line it finds is a
// witness; it never proves anything by failing.
//
// Exhaustive search: enumerates every position reachable from the root (no heuristics, no
// depth bound, a visited set instead). If the whole reachable set fits under the cap and holds
// no checkmate by `winner`, that is a proof of unwinnability.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

// Records, per position, the largest effort it was already searched with. Entries carry the
// generation they were written in, so clear() is O(1): a table is allocated once per Solver and
// reused by every query and every search phase. An entry is one 64-bit word (the key's upper 48
// bits, the effort, the generation), so that the large table (2^16 entries, 512 KB) stays in the
// L2 cache: the probe is the costliest memory access of a search node. Index bits plus 48 stored
// bits leave a false match with odds of 2^-60 or less; it could only prune a line (the search
// proves nothing by failing), never produce a wrong answer.
class TranspositionTable {
 public:
  explicit TranspositionTable(int log2_size = 16);
  void clear();
  // Starts loading the entry of `key` into the cache (for a probe a little later).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }
  // True if `key` was searched with at least `effort` (nothing recorded).
  bool seen(std::uint64_t key, std::uint8_t effort) const {
    const std::uint64_t e = entries_[key & mask_];
    const std::uint64_t tag = key & ~std::uint64_t(0xFFFF);
    return (e & ~std::uint64_t(0xFF)) == (tag | std::uint64_t(generation_) << 8) &&
           std::uint8_t(e) >= effort;
  }
  // Returns true if `key` was searched with at least `effort`; otherwise records `effort`.
  bool seen_with(std::uint64_t key, std::uint8_t effort) {
    std::uint64_t& e = entries_[key & mask_];
    const std::uint64_t tag = key & ~std::uint64_t(0xFFFF);
    if (seen(key, effort)) return true;
    // The key's lower 16 bits hold the generation and the effort.
    e = tag | std::uint64_t(generation_) << 8 | effort;
    return false;
  }
  // The same over a bucket of four entries (a half cache line): a new entry replaces one of an
  // older generation, else the one searched with the least effort (the cheapest to redo), so
  // that the large efforts near the root survive the many small ones below them.
  bool seen_with_bucket(std::uint64_t key, std::uint8_t effort) {
    std::uint64_t* b = &entries_[key & mask_ & ~std::uint64_t(3)];
    const std::uint64_t want = (key & ~std::uint64_t(0xFFFF)) | std::uint64_t(generation_) << 8;
    std::uint64_t* victim = b;
    int victim_score = 512;
    for (int i = 0; i < 4; ++i) {
      const std::uint64_t e = b[i];
      if ((e & ~std::uint64_t(0xFF)) == want) {
        if (std::uint8_t(e) >= effort) return true;
        b[i] = want | effort;
        return false;
      }
      const int score = ((e >> 8) & 0xFF) == generation_ ? int(std::uint8_t(e)) : -1;
      if (score < victim_score) {
        victim_score = score;
        victim = &b[i];
      }
    }
    *victim = want | effort;
    return false;
  }

 private:
  struct Free {
    void operator()(std::uint64_t* p) const { std::free(p); }
  };
  std::unique_ptr<std::uint64_t[], Free> entries_;
  std::uint64_t mask_;
  std::uint8_t generation_ = 1;
};

// The corners the winner can mate in: all four, or, when its only pieces besides its king and
// pawns are bishops of one colour, the two of that colour.
Bitboard mating_corners(const Position& root, Color winner);

class Helpmate {
 public:
  explicit Helpmate(Color winner) : winner_(winner) {}
  // Iterative deepening with effort budgets first..last. `node_limit` caps the whole call;
  // `per_effort_limit` caps each iteration at effort * per_effort_limit nodes (0 = none).
  bool run(const Position& root, int first, int last, std::uint64_t node_limit,
           std::uint64_t per_effort_limit, TranspositionTable* tt, std::vector<Move>& line);
  std::uint64_t nodes() const { return total_nodes_; }
  // Mating corners to try (mating_corners), nearest to the loser's king first.
  static std::vector<Square> corners(const Position& root, Color winner);
  void force_target(Square s) { forced_ = s; }
  // Variant cost model: the winner's pieces close in on the loser's king itself, and the
  // loser's pawns may advance freely (to promote into blockers).
  void chase(bool on) { chase_ = on; }
  // Steer towards a checkmate configuration: goal[s] is where the piece now on s should go.
  void set_goals(const std::array<Square, SQUARE_NB>& goal) {
    goal_at_ = goal;
    use_goals_ = true;
  }
  // Sub-goal instead of mate: the search succeeds as soon as the loser promotes a pawn to `pt`
  // (a checkmate on the way counts too). The loser's pawns walk, the winner waits.
  void promote_to(PieceType pt) { promote_ = pt; }
  // The same for the winner's own pawns (to a queen, say, before mating with it).
  void winner_promotes_to(PieceType pt) {
    promote_ = pt;
    promoter_ = winner_;
  }
  // Sub-goal: the winner captures one of the loser's pieces of the types in `types` (a bit per
  // PieceType), which the loser brings to it: to get rid of pieces that would only spoil a mate.
  void capture_types(unsigned types) { capture_ = types; }
  bool hit_global_limit() const { return global_stop_; }

 private:
  bool search(const Position& pos, int effort, bool past_progress);
  bool search_plain(const Position& pos, int effort, bool past_progress);
  int cost(const Position& pos, Move m) const;
  bool charge(std::uint64_t count);

  Color winner_;
  Square target_ = SQ_H8, forced_ = SQ_NONE;
  bool use_goals_ = false, chase_ = false;
  PieceType promote_ = NO_PIECE_TYPE;
  Color promoter_ = COLOR_NB;  // COLOR_NB: the loser
  unsigned capture_ = 0;
  std::array<Square, SQUARE_NB> goal_at_{};  // mating corner the loser's king heads for
  std::uint64_t total_nodes_ = 0, call_nodes_ = 0, iter_nodes_ = 0;
  std::uint64_t node_limit_ = 0, iter_limit_ = 0;
  bool global_stop_ = false, iter_stop_ = false;
  TranspositionTable* tt_ = nullptr;
  std::vector<Move> stack_;
};

enum class Exhaustion : std::uint8_t { MateFound, NoMate, TooLarge };
// Explores every reachable position (up to `cap` distinct positions).
Exhaustion exhaust(const Position& root, Color winner, std::size_t cap, std::vector<Move>* line,
                   std::uint64_t* nodes);

}  // namespace arbiter::adjudication::detail
