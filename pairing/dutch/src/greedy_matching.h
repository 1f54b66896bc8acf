#pragma once
// A perfect matching found without weights, for the proofs that one exists (C.04.3 [C4]: a
// complete round-pairing for everybody; 2026 [C5]: with a player of a given score left over for
// the PAB). In a Swiss round almost anybody may meet almost anybody, so pairing each player in
// turn with the first later free player it may meet leaves few over, and short augmenting paths
// pair those. The paths are searched depth first without blossoms: a path found is a valid
// augmentation, a path missed only sends the caller to the exact matching (dynamic_matching.h).
// The weighted solve of a whole field of 10,000 players (50 million weights) is not needed to
// show what one pass over the players shows.
#include <cstdint>
#include <vector>

namespace arbiter::pairing::dutch {

template <class MayMeet>
class GreedyPerfectMatching {
 public:
  // n vertices; may_meet(a, b) (a < b) tells whether a and b may be paired; at most `budget`
  // calls of it before the search gives up.
  GreedyPerfectMatching(int n, const MayMeet& may_meet, std::int64_t budget)
      : n_(n), may_meet_(may_meet), budget_(budget), mate_(n, -1), seen_(n, 0) {}

  // Every vertex's partner, or empty when no perfect matching was found (which proves nothing).
  std::vector<int> run() {
    for (int v = 0; v < n_; ++v)
      for (int u = v + 1; u < n_ && mate_[v] < 0 && budget_ > 0; ++u)
        if (mate_[u] < 0 && meet(v, u)) pair(v, u);
    for (int v = 0; v < n_; ++v)
      if (mate_[v] < 0) free_.push_back(v);
    for (int a : free_) {
      if (mate_[a] >= 0) continue;  // the end of an earlier path
      ++stamp_;
      seen_[a] = stamp_;
      if (!extend(a, kDepth)) return {};
    }
    return mate_;
  }

 private:
  static constexpr int kDepth = 2;  // matched edges a path may cross
  int n_;
  const MayMeet& may_meet_;
  std::int64_t budget_;
  std::vector<int> mate_, seen_, free_;
  int stamp_ = 0;

  bool meet(int a, int b) {
    if (budget_ <= 0) return false;
    --budget_;
    return a < b ? may_meet_(a, b) : may_meet_(b, a);
  }
  void pair(int a, int b) {
    mate_[a] = b;
    mate_[b] = a;
  }
  // x (free, or left by its partner further up the path) gets a partner: a free vertex, or a
  // matched one u whose partner w gets another in turn (depth more matched edges at most).
  bool extend(int x, int depth) {
    for (int y : free_)
      if (y != x && mate_[y] < 0 && seen_[y] != stamp_ && meet(x, y)) {
        pair(x, y);
        return true;
      }
    if (depth == 0) return false;
    for (int u = 0; u < n_ && budget_ > 0; ++u) {
      const int w = mate_[u];
      if (w < 0 || seen_[u] == stamp_ || seen_[w] == stamp_ || !meet(x, u)) continue;
      seen_[u] = seen_[w] = stamp_;
      if (extend(w, depth - 1)) {
        pair(x, u);
        return true;
      }
    }
    return false;
  }
};

// The partners of a perfect matching of n vertices (may_meet(a, b), a < b) found greedily, or
// empty. The budget (calls of may_meet) keeps a field where the greedy pass fails cheap.
template <class MayMeet>
std::vector<int> greedy_perfect_matching(int n, const MayMeet& may_meet) {
  const std::int64_t budget = 64 * (std::int64_t)n + 100000;
  return GreedyPerfectMatching<MayMeet>(n, may_meet, budget).run();
}

}  // namespace arbiter::pairing::dutch
