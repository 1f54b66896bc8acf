#pragma once
// Maximum-weight perfect matching on a dense graph that changes a little between solves: the
// Dutch system asks one matching question per decision (several hundred per round, each after
// changing the weights of a few edges), so re-solving from scratch (O(n^3) each) is what made
// large fields slow. This matcher keeps the matching, the dual variables and the blossoms from
// one solve to the next and repairs only what a weight change invalidates:
//
//  - a changed edge that keeps every dual constraint satisfied and was neither matched nor
//    inside a blossom changes nothing (the old matching is still optimal);
//  - otherwise one endpoint v (one is enough) is made a top-level vertex again by dissolving
//    the blossoms that hold it (a blossom's dual z is moved onto its vertices, y += z, which
//    keeps every edge inside it exactly as tight as before; the matched edge leaving its base
//    gains z: it stays matched when its outer end is a lone vertex m whose other edges leaving
//    the blossom can give up z (y_m -= z), else it is unmatched), y_v is lowered/raised to the
//    smallest value that satisfies all its edges again and v is unmatched if its matched edge
//    is no longer tight;
//  - then Edmonds' primal-dual stages (Galil 1986, "Efficient algorithms for finding maximum
//    matching in graphs") run from the few exposed vertices only, until the matching is
//    perfect again. The least slacks of a stage are kept with their edges (they follow the
//    dual updates) instead of being recomputed from the wide weights at every comparison, and
//    rows are scanned from the first vertex still active (the Dutch engine removes the top of
//    the field first).
// Perfect matching (not maximum weight) so that no dual has to reach zero: the duals are free
// in sign and kept modulo 2^bits (W must have a few spare top bits; see negative()). A caller
// that needs "maximum weight, one player left over" adds a dummy vertex joined to everybody
// with the same weight.
//
// Edges are identified by oriented codes (from << shift | to); weight zero = no edge.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "arbiter/common/huge_pages.h"
#include "weight_table.h"
#include "wide_uint.h"

namespace arbiter::pairing::matching {

template <class W>
class DynamicMatching {
 public:
  // block_bits: log2 of the pruning block (see start_pruning); small only in tests.
  explicit DynamicMatching(int n, int block_bits = 6) : n_(n), w_(n), bbits_(block_bits) { init(); }
  // A fresh matcher of n vertices on the large buffers of `old` (its weight indices and pruning
  // bounds, cleared): the Dutch engine opens a window per bracket, and at 10,000 players fresh
  // buffers were a gigabyte of new pages per round.
  DynamicMatching(int n, DynamicMatching&& old)
      : n_(n), w_(std::move(old.w_)), bbits_(old.bbits_), bmax_(std::move(old.bmax_)) {
    w_.reinit(n);
    init();
  }

  int size() const { return n_; }
  bool active(int v) const { return active_[v]; }
  // Partner of v in the last solve (v itself if v was removed).
  int mate(int v) const { return mate_[v] < 0 ? v : to(mate_[v]); }

  W weight(int u, int v) const {
    W w = w_.at(u, v);
    return w.shr1();
  }

  void set_weight(int u, int v, const W& weight) {
    const W w = weight + weight;
    if (!w_.set(u, v, w)) return;
    raise_bound(u, v, w);
    raise_bound(v, u, w);
    // An end already dirty: the repair resets that end's dual against all its edges (this one
    // included) and dissolves every blossom holding it, so nothing about this edge needs a look.
    if (!solved_ || !active_[u] || !active_[v] || dirty_flag_[u] || dirty_flag_[v]) return;
    const bool matched = mate_[u] >= 0 && to(mate_[u]) == v;
    const bool shared = top(u) == top(v);
    bool ok;
    if (w.is_zero()) {
      ok = !matched && !shared;
    } else {
      const W s = true_slack(u, v);
      ok = !negative(s) && ((!matched && !shared) || s.is_zero());
    }
    // One dirty end is enough: repair dissolves its blossoms and sets its dual from all its
    // edges, this one included (and unmatches it if the edge was its matched one and is no
    // longer tight); the other end's blossoms do not hold the edge.
    if (!ok) mark(u);
  }

  // The edges of `vs` changed in their most significant part (the caller's decision moved them
  // into another class of pairs): at the next solve their duals start again from their heaviest
  // edges, as in a first solve, before they are lowered against the others. Lowered from the
  // old duals instead, the first of them to be lowered would stay tight with all the others and
  // none of the others with each other, and every one of them would need a stage of its own.
  void renew(const std::vector<int>& vs) {
    if (!solved_) return;
    for (int v : vs)
      if (active_[v]) mark(v);
    renewed_ = true;
  }

  // Forgets the matching, the duals and the blossoms: the next solve starts from scratch (for
  // a caller that has just replaced most weights).
  void reset() {
    if (!solved_) return;
    for (int b = n_; b < 2 * n_; ++b)
      if (blossombase_[b] >= 0) free_blossom(b);
    for (int v = 0; v < n_; ++v) {
      make_own_group(v);
      blossomparent_[v] = -1;
      mate_[v] = -1;
      dirty_flag_[v] = 0;
    }
    dirty_.clear();
    solved_ = false;
    renewed_ = false;
  }

  // v leaves the graph (with the partner it had, if the caller removes that one too).
  void remove(int v) {
    if (!active_[v]) return;
    if (solved_) {
      make_top_level(v);
      if (mate_[v] >= 0) mate_[to(mate_[v])] = -1;
    }
    mate_[v] = -1;
    active_[v] = 0;
    while (lo_ < n_ && !active_[lo_]) ++lo_;
  }

  // After a solve with no weight changed since: whether some maximum-weight perfect matching
  // can hold the edge (u, v) at all. Complementary slackness: every optimal matching uses only
  // edges that are tight under every optimal dual, so a slack edge (or no edge) is ruled out.
  // (A tight edge may still be unusable.)
  bool may_be_optimal(int u, int v) {
    return clean() && w_.has(u, v) && true_slack(u, v).is_zero();
  }

  // After a solve with no weight changed since: re-pairs v with u and their partners v', u'
  // with each other, if that matching is provably optimal too: the four vertices lie in no
  // blossom (so no blossom gains or loses a matched edge inside it) and both new edges are
  // tight, so the duals still satisfy complementary slackness with the new matching. Returns
  // whether v is now paired with u; otherwise nothing changed.
  bool rematch(int v, int u) {
    if (!clean() || !active_[v] || !active_[u] || mate_[v] < 0 || mate_[u] < 0) return false;
    const int v2 = to(mate_[v]), u2 = to(mate_[u]);
    if (v2 == u) return true;
    for (int x : {v, u, v2, u2})
      if (top(x) != x) return false;
    for (auto [a, b] : {std::pair{v, u}, std::pair{v2, u2}})
      if (!w_.has(a, b) || !slack(code(a, b)).is_zero()) return false;
    mate_[v] = code(v, u);
    mate_[u] = code(u, v);
    mate_[v2] = code(v2, u2);
    mate_[u2] = code(u2, v2);
    return true;
  }

  // Maximum-weight perfect matching of the active vertices; throws std::domain_error if the
  // graph has none.
  void solve() {
    const bool fresh = !solved_;
    if (fresh) {
      start();
      solved_ = true;
    } else {
      repair();
    }
    match_tight_exposed();
    // After a repair (a few exposed vertices): one alternating tree at a time, a tree that
    // reaches another exposed vertex augments. After a first solve's greedy matching (about
    // half the vertices exposed): every exposed vertex roots a tree of one forest, and a stage
    // ends at the first tight edge between two trees. The trees' duals fall together, so the
    // edges between exposed vertices tighten from both ends; grown alone, each tree had to
    // lower its duals until it reached the high duals of another exposed vertex (2,000 players,
    // last round: 14,282 dual updates in the windows' first solves, 62 with the forest; CPU
    // 1.5 s -> 0.9 s for the round).
    for (int v = lo_; v < n_; ++v)
      while (active_[v] && mate_[v] < 0) stage(v, fresh);
  }

 private:
  // The state of a matcher of n_ vertices with no edge yet (the buffers are reused if large
  // enough).
  void init() {
    const int n = n_;
    while ((1 << sh_) < std::max(n, 2)) ++sh_;
    active_.assign(n, 1);
    mate_.assign(n, -1);
    label_.assign(2 * n, 0);
    labelend_.assign(2 * n, -1);
    grp_.resize(n);
    for (int i = 0; i < n; ++i) grp_[i] = i;
    group_top_.assign(2 * n, -1);
    for (int i = 0; i < n; ++i) group_top_[i] = i;
    nleaves_.assign(2 * n, 1);
    blossomparent_.assign(2 * n, -1);
    childs_.assign(2 * n, {});
    endps_.assign(2 * n, {});
    blossombase_.assign(2 * n, -1);
    for (int i = 0; i < n; ++i) blossombase_[i] = i;
    bestedge_.assign(2 * n, -1);
    bestedges_.assign(2 * n, {});
    has_bestedges_.assign(2 * n, 0);
    for (int b = 2 * n - 1; b >= n; --b) unused_.push_back(b);
    dual_.assign(2 * n, W{});
    bestslack_.assign(2 * n, W{});
    dirty_flag_.assign(n, 0);
    seen_.assign(2 * n, 0);
    root_of_.assign(2 * n, -1);
    root_stamp_.assign(2 * n, 0);
    s_edges_.assign(n, {});
    nb_ = ((n - 1) >> bbits_) + 1;
    bmax_.assign((size_t)n * nb_, W{});
    bmin_.assign(nb_, W{});
    bempty_.assign(nb_, 1);
    tdsum_.assign(nb_, W{});
    dom_max_.assign(nb_, W{});
    dom_state_.assign(nb_, 0);
    key1_.assign(nb_, W{});
    touched_.assign(nb_, 0);
    has1_.assign(nb_, 0);
  }
  int n_, sh_ = 1;
  int lo_ = 0;  // the first active vertex (the Dutch engine removes the top of the field first)
  bool solved_ = false;
  bool renewed_ = false;  // renew() since the last solve
  WeightTable<W> w_;      // twice the edge weights (slacks are y_u + y_v - 2w)
  std::vector<char> active_;
  std::vector<int> mate_, label_, labelend_, blossomparent_, blossombase_, bestedge_;
  // The top-level blossom of vertex x is group_top_[grp_[x]] (top(x)). A new blossom takes over
  // the group of its largest sub-blossom and only the vertices of the others change group, so
  // that nested blossoms (a stage of a Dutch bracket makes hundreds, each holding the last)
  // cost their new vertices, not all of their vertices. A group is named after a blossom or
  // vertex inside the blossom it stands for, so its name is not reused while it lives.
  std::vector<int> grp_, group_top_, nleaves_;
  int top(int x) const { return group_top_[grp_[x]]; }
  // s (a top-level vertex or blossom) gets a group of its own.
  void make_own_group(int s) {
    if (s < n_)
      grp_[s] = s;
    else
      leaves(s, [&](int x) { grp_[x] = s; });
    group_top_[s] = s;
  }
  void join_groups(int b, const std::vector<int>& subs) {
    int big = subs[0];
    nleaves_[b] = 0;
    for (int sub : subs) {
      nleaves_[b] += nleaves_[sub];
      if (nleaves_[sub] > nleaves_[big]) big = sub;
    }
    const int g = grp_[big < n_ ? big : blossombase_[big]];
    group_top_[g] = b;
    for (int sub : subs)
      if (sub != big) leaves(sub, [&](int x) { grp_[x] = g; });
  }
  std::vector<std::vector<int>> childs_, endps_, bestedges_;
  std::vector<char> has_bestedges_;
  std::vector<int> unused_, queue_, dirty_, exposed_;
  std::vector<char> dirty_flag_;
  std::vector<W> dual_;
  // slack(bestedge_[x]), kept up to date through the dual updates of a stage.
  std::vector<W> bestslack_;

  bool clean() const { return solved_ && dirty_.empty(); }

  // Exposed vertices joined by a tight edge are matched directly (after a bracket's weights
  // change most repaired vertices are tight with their best partner, often also exposed): each
  // with the first later one, in vertex order. Only the exposed vertices are visited: a scan of
  // every later vertex for each of them was a tenth of a 5,000-player round.
  void match_tight_exposed() {
    exposed_.clear();
    for (int v = lo_; v < n_; ++v)
      if (active_[v] && mate_[v] < 0) exposed_.push_back(v);
    for (std::size_t i = 0; i < exposed_.size(); ++i) {
      const int v = exposed_[i];
      if (mate_[v] >= 0 || top(v) != v) continue;
      const auto row = w_.row(v);
      for (std::size_t j = i + 1; j < exposed_.size(); ++j) {
        const int u = exposed_[j];
        if (mate_[u] < 0 && row.has(u) && top(u) == u && slack(code(v, u)).is_zero()) {
          mate_[v] = code(v, u);
          mate_[u] = code(u, v);
          break;
        }
      }
    }
  }
  int to(int p) const { return p & ((1 << sh_) - 1); }
  int from(int p) const { return p >> sh_; }
  int code(int a, int b) const { return (a << sh_) | b; }
  int rev(int p) const { return code(to(p), from(p)); }
  static bool negative(const W& x) { return x.bit(W::bits - 1); }
  static bool signed_less(const W& a, const W& b) {
    const bool na = negative(a), nb = negative(b);
    return na != nb ? na : a < b;
  }
  // Slack between two different top-level blossoms (blossom duals do not enter).
  W slack(int p) const {
    const int a = from(p), b = to(p);
    W s = dual_[a] + dual_[b];
    s -= w_.at(a, b);
    return s;
  }
  // Slack with the duals of the blossoms holding both ends (only u and v sharing a top-level
  // blossom have any).
  W true_slack(int u, int v) {
    W s = dual_[u] + dual_[v];
    s -= w_.at(u, v);
    if (top(u) != top(v)) return s;
    ++stamp_;
    for (int b = blossomparent_[u]; b != -1; b = blossomparent_[b]) seen_[b] = stamp_;
    for (int b = blossomparent_[v]; b != -1; b = blossomparent_[b])
      if (seen_[b] == stamp_) {
        s += dual_[b];
        s += dual_[b];
      }
    return s;
  }

  // Pruning the scans of a stage (edges no step of the stage can use). The vertices are cut
  // into blocks of 2^bbits_; bmax_ bounds each row's weights in each block from above (raised
  // by set_weight, made exact by lower_dual), bmin_ the block's duals at the start of the stage
  // from below, and a dual falls by at most delta per update (dsum_ in all, and not at all in a
  // block no S vertex has entered: an untouched block). So y_v + bmin - (dsum) - bmax bounds the
  // slacks of v's edges into the block from below; a block whose bound is positive is not
  // scanned (none of its edges is tight). Until the stage ends, those slacks fall by at most
  // delta per update (2 delta once the block is touched); before an update would bring one of
  // them to its delta or below (an edge that could be the tightest or become tight), the
  // entries concerned are scanned after all (unprune) and the update is recomputed. The Dutch
  // fields need this: the players below the bracket being decided are joined to its players by
  // far lighter edges, and a stage's tree lives in the bracket, so most of each row is
  // pruned.
  // A row's block left out of a stage's scan: key bounds its slacks (see note_key).
  struct Pruned {
    int v, k;
    W key;
    bool two;  // the block was touched when pruned
  };
  void raise_bound(int v, int u, const W& w) {
    W& m = bmax_[(size_t)v * nb_ + (u >> bbits_)];
    if (m < w) m = w;
  }
  static bool positive(const W& x) { return !negative(x) && !x.is_zero(); }
  void start_pruning() {
    full_ = false;
    dsum_ = W{};
    pruned_.clear();
    has2_ = false;
    std::fill(touched_.begin(), touched_.end(), 0);
    std::fill(has1_.begin(), has1_.end(), 0);
    for (int k = (lo_ >> bbits_); k < nb_; ++k) {
      bool any = false;
      const int u1 = std::min(n_, ((k + 1) << bbits_));
      for (int u = std::max(lo_, (k << bbits_)); u < u1; ++u)
        if (active_[u] && (!any || signed_less(dual_[u], bmin_[k]))) {
          bmin_[k] = dual_[u];
          any = true;
        }
      bempty_[k] = !any;
    }
  }
  // Whether v's edges into block k can be left out of the scan (recorded for unprune).
  bool prunable(int v, int k) {
    if (bempty_[k]) return true;
    if (full_) return false;
    W lb = dual_[v] + bmin_[k];
    if (touched_[k]) lb -= dsum_;
    lb -= bmax_[(size_t)v * nb_ + k];
    if (!positive(lb)) return false;
    Pruned e{v, k, lb + dsum_, touched_[k] != 0};
    if (e.two) e.key += dsum_;
    pruned_.push_back(e);
    note_key(e);
    return true;
  }
  // The entry's bound on its slacks, as a key compared with the dual sum D after an update:
  // the slacks stay above the update's delta (and zero) while D < key1 (a block without S
  // vertices since the pruning: each update lowers the slacks by delta) or 2D < key2.
  void note_key(const Pruned& e) {
    if (!e.two && !touched_[e.k]) {
      if (!has1_[e.k] || signed_less(e.key, key1_[e.k])) key1_[e.k] = e.key;
      has1_[e.k] = 1;
      return;
    }
    const W key = e.two ? e.key : e.key + tdsum_[e.k];
    if (!has2_ || signed_less(key, minkey2_)) minkey2_ = key;
    has2_ = true;
  }
  bool entry_holds(const Pruned& e, const W& reach) const {
    if (!e.two && !touched_[e.k]) return signed_less(reach, e.key);
    const W key = e.two ? e.key : e.key + tdsum_[e.k];
    return signed_less(reach + reach, key);
  }
  // Block k holds an S vertex (every vertex that becomes S is queued, and the queue is drained
  // before the next dual update): its duals may fall from now on, so the bounds of the edges
  // pruned into it fall by 2 delta per update (both ends S) instead of delta.
  void touch(int k) {
    if (touched_[k]) return;
    touched_[k] = 1;
    tdsum_[k] = dsum_;
    if (!has1_[k]) return;
    W key = key1_[k] + dsum_;
    if (!has2_ || signed_less(key, minkey2_)) minkey2_ = key;
    has2_ = true;
    has1_[k] = 0;
  }
  // After an update by delta, every pruned slack stays above zero and was above delta: an edge
  // into an untouched block (S to free or T) falls by delta, into a touched one by 2 delta at
  // most (and an S-S edge's delta is half its slack).
  bool pruning_holds(const W& delta) const {
    const W reach = dsum_ + delta;
    if (has2_ && !signed_less(reach + reach, minkey2_)) return false;
    for (int k = (lo_ >> bbits_); k < nb_; ++k)
      if (has1_[k] && !signed_less(reach, key1_[k])) return false;
    return true;
  }
  // The pruned entries an update by *delta would reach (all of them without a delta) are
  // scanned now: their edges join the best-edge bookkeeping (none is tight: each slack is still
  // above the last delta).
  void unprune(const W* delta) {
    has2_ = false;
    std::fill(has1_.begin(), has1_.end(), 0);
    std::vector<Pruned> keep;
    const W reach = delta ? dsum_ + *delta : W{};
    std::fill(dom_state_.begin(), dom_state_.end(), 0);
    for (const Pruned& e : pruned_) {
      if (delta && entry_holds(e, reach)) {
        keep.push_back(e);
        continue;
      }
      if (dominated(e)) continue;
      scan_pruned(e.v, e.k);
      dom_state_[e.k] = 0;  // the scan may have given the block's vertices best edges
    }
    pruned_ = std::move(keep);
    for (const Pruned& e : pruned_) note_key(e);
  }
  // Whether scanning entry e can change nothing, now or later: its block holds no S vertex (so
  // none of its edges is S-S) and every unlabelled vertex w of the block already has a best edge
  // with a slack below e's bound on its edges (v, w) (so none of them is tight either). Both edges
  // have an S end (S stays S) and the end w, so their slacks move alike while w stays unlabelled:
  // (v, w) is never strictly better, which is all a scan would look for (a w that becomes S scans
  // its own row, and edges to T vertices never matter). Such an entry is dropped instead of
  // scanned.
  bool dominated(const Pruned& e) {
    if (e.two || touched_[e.k]) return false;
    char& state = dom_state_[e.k];  // 0: to compute, 1: a maximum, 2: a vertex without best edge
    if (!state) state = block_best_slack_max(e.k, dom_max_[e.k]) ? 1 : 2;
    if (state != 1) return false;
    W bound = e.key;
    bound -= dsum_;
    return signed_less(dom_max_[e.k], bound);
  }
  // The largest best slack of the unlabelled vertices of block k; false if one has no best edge.
  bool block_best_slack_max(int k, W& out) {
    bool any = false;
    const int u1 = std::min(n_, ((k + 1) << bbits_));
    for (int w = std::max(lo_, (k << bbits_)); w < u1; ++w) {
      if (!active_[w] || label_[w] != 0) continue;
      if (bestedge_[w] == -1) return false;
      if (!any || signed_less(out, bestslack_[w])) out = bestslack_[w];
      any = true;
    }
    if (!any) out = W{};
    return true;
  }
  void scan_pruned(int v, int k) {
    const auto row = w_.row(v);
    const int u1 = std::min(n_, ((k + 1) << bbits_));
    for (int w = std::max(lo_, (k << bbits_)); w < u1; ++w) {
      const int bw = top(w), b = top(v);
      if (bw == b || (label_[bw] == 2 && label_[w] != 0) || !active_[w] || !row.has(w)) continue;
      const int p = code(v, w);
      W kslack = dual_[v] + dual_[w];
      kslack -= row[w];
      if (!positive(kslack)) {  // never, by the bound; a full scan of the row handles it
        full_ = true;
        queue_.push_back(v);
        return;
      }
      if (label_[bw] == 1) {
        if (bestedge_[b] == -1 || kslack < bestslack_[b]) {
          bestedge_[b] = p;
          bestslack_[b] = kslack;
        }
        if (has_bestedges_[b]) bestedges_[b].push_back(p);  // add_blossom reads the list
        note_s_edge(p);
      } else if (label_[w] == 0) {
        if (bestedge_[w] == -1 || kslack < bestslack_[w]) {
          bestedge_[w] = p;
          bestslack_[w] = kslack;
        }
      }
    }
  }

  void mark(int v) {
    if (!dirty_flag_[v]) {
      dirty_flag_[v] = 1;
      dirty_.push_back(v);
    }
  }

  template <class F>
  void leaves(int b, F&& f) const {
    if (b < n_) {
      f(b);
      return;
    }
    for (int t : childs_[b]) leaves(t, f);
  }

  void free_blossom(int b) {
    label_[b] = labelend_[b] = -1;
    childs_[b].clear();
    endps_[b].clear();
    blossombase_[b] = -1;
    blossomparent_[b] = -1;
    bestedges_[b].clear();
    has_bestedges_[b] = 0;
    bestedge_[b] = -1;
    dual_[b] = W{};
    unused_.push_back(b);
  }

  // Dissolves the top-level blossom b: its dual moves onto its vertices (edges inside b keep
  // their slack, edges leaving it gain z), its children become top-level blossoms.
  void dissolve(int b) {
    const W z = dual_[b];
    if (!z.is_zero()) {
      const int base = blossombase_[b];
      const int m = mate_[base] >= 0 ? to(mate_[base]) : -1;
      // The edge leaving the base gains z. It stays tight (and matched) if its outer end m is a
      // vertex on its own whose other edges leaving b all have slack >= z: then y_m -= z.
      bool keep = m >= 0 && top(m) == m;
      if (keep) {
        const auto row = w_.row(m);
        for (int x = lo_; x < n_ && keep; ++x)
          if (x != m && active_[x] && row.has(x) && top(x) != b) keep = !(slack(code(m, x)) < z);
      }
      leaves(b, [&](int x) { dual_[x] += z; });
      if (keep) {
        dual_[m] -= z;
      } else if (m >= 0) {  // the edge leaving the base is no longer tight
        mate_[m] = -1;
        mate_[base] = -1;
      }
    }
    for (int s : childs_[b]) {
      blossomparent_[s] = -1;
      make_own_group(s);
    }
    free_blossom(b);
  }

  void make_top_level(int v) {
    while (top(v) != v) dissolve(top(v));
  }

  void repair() {
    for (int v : dirty_)
      if (active_[v]) make_top_level(v);
    // Two passes: in the first the duals of the vertices not yet seen are stale (often from
    // very different weights), the second lowers every dirty dual against settled ones, which
    // leaves many more tight edges (all of them when the weights are sums of per-vertex parts).
    if (renewed_)
      for (int v : dirty_) {
        if (!active_[v]) continue;
        W m{};
        const auto row = w_.row(v);
        for (int u = lo_; u < n_; ++u)
          if (active_[u] && m < row[u]) m = row[u];
        dual_[v] = m.shr1();
      }
    for (int pass = 0; pass < 2; ++pass)
      for (int v : dirty_)
        if (active_[v]) lower_dual(v);
    renewed_ = false;
    // A matched edge that is still tight stays (both ends are top-level now).
    for (int v : dirty_) {
      dirty_flag_[v] = 0;
      if (active_[v] && mate_[v] >= 0 && (!w_.has(v, to(mate_[v])) || !slack(mate_[v]).is_zero())) {
        mate_[to(mate_[v])] = -1;
        mate_[v] = -1;
      }
    }
    dirty_.clear();
  }

  // Sets y_v (v a top-level vertex) to the smallest value satisfying every edge of v: the
  // largest 2w - y_u. Every edge stays feasible: those of v by the choice, the others untouched.
  // The row's block bounds are made exact again on the way (over the active vertices).
  void lower_dual(int v) {
    bool any = false;
    W best{};
    const auto row = w_.row(v);
    W* bound = &bmax_[(size_t)v * nb_];
    for (int k = (lo_ >> bbits_); k < nb_; ++k) bound[k] = W{};
    for (int u = lo_; u < n_; ++u) {
      if (u == v || !active_[u] || !row.has(u)) continue;
      if (bound[(u >> bbits_)] < row[u]) bound[(u >> bbits_)] = row[u];
      W need = row[u] - dual_[u];
      if (!any || signed_less(best, need)) best = need;
      any = true;
    }
    if (any) dual_[v] = best;
  }

  // First solve: y_v = the heaviest edge of v (every constraint holds), every dual lowered at
  // once by half its least slack (halve_slacks), then vertex by vertex as far as the others
  // allow, then a greedy matching on the tight edges; the stages complete it.
  void start() {
    for (int v = 0; v < n_; ++v) {
      W m{};
      if (active_[v]) {
        const auto row = w_.row(v);
        for (int u = 0; u < n_; ++u)
          if (active_[u] && m < row[u]) m = row[u];
      }
      dual_[v] = m.shr1();  // row entries are doubled weights
    }
    halve_slacks();
    for (int v = 0; v < n_; ++v)
      if (active_[v]) lower_dual(v);
    for (int v = 0; v < n_; ++v) {
      if (!active_[v] || mate_[v] >= 0) continue;
      const auto row = w_.row(v);
      for (int u = v + 1; u < n_; ++u)
        if (active_[u] && mate_[u] < 0 && row.has(u) && slack(code(v, u)).is_zero()) {
          mate_[v] = code(v, u);
          mate_[u] = code(u, v);
          break;
        }
    }
    dirty_.clear();
    std::fill(dirty_flag_.begin(), dirty_flag_.end(), 0);
  }

  // Lowered one by one from the heaviest edges, the first vertex takes the least dual and every
  // later one is tight with it alone (a star: the greedy matching pairs one of them, and each
  // other exposed vertex needs a stage of its own, a tree over most of the graph). Lowering
  // every dual at once by half its least slack first keeps every constraint (an edge loses at
  // most half its slack at each end) and makes each pair of mutual least slacks tight, so
  // the vertex-by-vertex lowering starts from balanced duals (the 2,000-player field's
  // windows: 0.35 s of stages instead of 1.0 s at round 5).
  void halve_slacks() {
    std::vector<W> half(n_);
    for (int v = lo_; v < n_; ++v) {
      if (!active_[v]) continue;
      const auto row = w_.row(v);
      bool any = false;
      for (int u = lo_; u < n_; ++u) {
        if (u == v || !active_[u] || !row.has(u)) continue;
        W s = dual_[v] + dual_[u];
        s -= row[u];
        if (!any || s < half[v]) half[v] = s;
        any = true;
      }
    }
    for (int v = lo_; v < n_; ++v) dual_[v] -= half[v].shr1();
  }

  void assign_label(int w, int t, int p) {
    for (;;) {
      int b = top(w);
      label_[w] = label_[b] = t;
      labelend_[w] = labelend_[b] = p;
      bestedge_[w] = bestedge_[b] = -1;
      if (t == 1) {
        leaves(b, [&](int v) { queue_.push_back(v); });
        return;
      }
      int base = blossombase_[b];
      w = to(mate_[base]);
      t = 1;
      p = rev(mate_[base]);
    }
  }

  int scan_blossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = top(v);
      if (label_[b] & 4) {
        base = blossombase_[b];
        break;
      }
      path.push_back(b);
      label_[b] = 5;
      if (labelend_[b] == -1) {
        v = -1;
      } else {
        v = to(labelend_[b]);
        b = top(v);
        v = to(labelend_[b]);
      }
      if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[b] = 1;
    return base;
  }

  // k: the edge (code) closing the blossom, from(k) and to(k) both S.
  void add_blossom(int base, int k) {
    int v = from(k), w = to(k);
    int bb = top(base), bv = top(v), bw = top(w);
    int b = unused_.back();
    unused_.pop_back();
    blossombase_[b] = base;
    blossomparent_[b] = -1;
    blossomparent_[bb] = b;
    std::vector<int> path, endps;
    while (bv != bb) {
      blossomparent_[bv] = b;
      path.push_back(bv);
      endps.push_back(labelend_[bv]);
      v = to(labelend_[bv]);
      bv = top(v);
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(rev(k));
    while (bw != bb) {
      blossomparent_[bw] = b;
      path.push_back(bw);
      endps.push_back(rev(labelend_[bw]));
      w = to(labelend_[bw]);
      bw = top(w);
    }
    label_[b] = 1;
    labelend_[b] = labelend_[bb];
    dual_[b] = W{};
    childs_[b] = path;
    endps_[b] = endps;
    // Former T blossoms become S: their vertices are scanned (in the order of the cycle).
    for (int sub : path)
      if (label_[sub] == 2) leaves(sub, [&](int x) { queue_.push_back(x); });
    join_groups(b, path);
    // The best edge to each other S blossom; only the blossoms met are visited afterwards (in
    // ascending order, as a scan of all 2n would), not all 2n (a stage adds many blossoms).
    if ((int)bestedgeto_.size() != 2 * n_) bestedgeto_.assign(2 * n_, -1);
    bestslackto_.resize(2 * n_);
    met_.clear();
    auto consider = [&](int kk) {
      int i = from(kk), j = to(kk);
      if (top(j) == b) std::swap(i, j);
      int bj = top(j);
      if (bj == b || label_[bj] != 1) return;
      const W s = slack(kk);
      if (bestedgeto_[bj] == -1) met_.push_back(bj);
      if (bestedgeto_[bj] == -1 || s < bestslackto_[bj]) {
        bestedgeto_[bj] = code(i, j);
        bestslackto_[bj] = s;
      }
    };
    for (int sub : path) {
      if (!has_bestedges_[sub]) {
        leaves(sub, [&](int x) {
          s_edges_of(x, b);
          for (int kk : sorted_) consider(kk);
        });
      } else {
        for (int kk : bestedges_[sub]) consider(kk);
      }
      bestedges_[sub].clear();
      has_bestedges_[sub] = 0;
      bestedge_[sub] = -1;
    }
    bestedges_[b].clear();
    bestedge_[b] = -1;
    std::sort(met_.begin(), met_.end());
    for (int x : met_) {
      const int kk = bestedgeto_[x];
      bestedgeto_[x] = -1;
      bestedges_[b].push_back(kk);
      if (bestedge_[b] == -1 || bestslackto_[x] < bestslack_[b]) {
        bestedge_[b] = kk;
        bestslack_[b] = bestslackto_[x];
      }
    }
    has_bestedges_[b] = 1;
  }

  // A walk around blossom b's cycle from child i to the base (child 0) along the side of even
  // length: forwards when i is odd, backwards when it is even. w.j is the current child
  // (negative indices count from the end).
  struct Walk {
    int j, step, back, len;
    int at(int idx) const { return idx < 0 ? idx + len : idx; }
  };
  Walk walk_from(int b, int i) const {
    const int len = (int)childs_[b].size();
    return i & 1 ? Walk{i - len, 1, 0, len} : Walk{i, -1, 1, len};
  }
  // The cycle edge between the current child and the previous one, oriented as walked.
  int walked_edge(const Walk& w, const std::vector<int>& ep) const {
    const int p = ep[w.at(w.j - w.back)];
    return w.back ? rev(p) : p;
  }

  void expand_blossom(int b, bool endstage) {
    for (int s : childs_[b]) {
      blossomparent_[s] = -1;
      if (s >= n_ && endstage && dual_[s].is_zero())
        expand_blossom(s, endstage);
      else
        make_own_group(s);
    }
    if (!endstage && label_[b] == 2) {
      const auto& ch = childs_[b];
      const auto& ep = endps_[b];
      int entrychild = top(to(rev(labelend_[b])));
      Walk w = walk_from(b, (int)(std::find(ch.begin(), ch.end(), entrychild) - ch.begin()));
      int p = labelend_[b];
      while (w.j != 0) {
        label_[to(rev(p))] = 0;
        label_[to(rev(walked_edge(w, ep)))] = 0;
        assign_label(to(rev(p)), 2, p);
        w.j += w.step;
        p = walked_edge(w, ep);
        w.j += w.step;
      }
      int bv = ch[w.at(w.j)];
      label_[to(rev(p))] = label_[bv] = 2;
      labelend_[to(rev(p))] = labelend_[bv] = p;
      bestedge_[bv] = -1;
      w.j += w.step;
      while (ch[w.at(w.j)] != entrychild) {
        bv = ch[w.at(w.j)];
        if (label_[bv] == 1) {
          w.j += w.step;
          continue;
        }
        int found = -1;
        leaves(bv, [&](int x) {
          if (found == -1 && label_[x] != 0) found = x;
        });
        if (found != -1) {
          label_[found] = 0;
          label_[to(mate_[blossombase_[bv]])] = 0;
          assign_label(found, 2, labelend_[found]);
        }
        w.j += w.step;
      }
    }
    free_blossom(b);
  }

  void augment_blossom(int b, int v) {
    int t = v;
    while (blossomparent_[t] != b) t = blossomparent_[t];
    if (t >= n_) augment_blossom(t, v);
    auto& ch = childs_[b];
    auto& ep = endps_[b];
    const int i = (int)(std::find(ch.begin(), ch.end(), t) - ch.begin());
    Walk w = walk_from(b, i);
    while (w.j != 0) {
      w.j += w.step;
      t = ch[w.at(w.j)];
      const int p = walked_edge(w, ep);
      if (t >= n_) augment_blossom(t, to(p));
      w.j += w.step;
      t = ch[w.at(w.j)];
      if (t >= n_) augment_blossom(t, to(rev(p)));
      mate_[to(p)] = rev(p);
      mate_[to(rev(p))] = p;
    }
    std::rotate(ch.begin(), ch.begin() + i, ch.end());
    std::rotate(ep.begin(), ep.begin() + i, ep.end());
    blossombase_[b] = blossombase_[ch[0]];
  }

  void augment_matching(int k) {
    int starts[2] = {from(k), to(k)};
    int ps[2] = {k, rev(k)};
    for (int side = 0; side < 2; ++side) {
      int s = starts[side], p = ps[side];
      for (;;) {
        int bs = top(s);
        if (bs >= n_) augment_blossom(bs, s);
        mate_[s] = p;
        if (labelend_[bs] == -1) break;
        int t = to(labelend_[bs]);
        int bt = top(t);
        s = to(labelend_[bt]);
        int j = to(rev(labelend_[bt]));
        if (bt >= n_) augment_blossom(bt, j);
        mate_[j] = labelend_[bt];
        p = rev(labelend_[bt]);
      }
    }
  }

  enum class Scan { kGoOn, kStageOver, kTreesJoined };
  // The row of the S vertex v: tight edges grow the tree, make blossoms or augment; the others
  // feed the best edges of the next dual update.
  Scan scan_row(int v, bool forest) {
    const auto row = w_.row(v);
    const W dv = dual_[v];
    touch((v >> bbits_));
    for (int k = (lo_ >> bbits_); k < nb_; ++k) {
      if (prunable(v, k)) continue;
      const int w1 = std::min(n_, ((k + 1) << bbits_));
      for (int w = std::max(lo_, (k << bbits_)); w < w1; ++w) {
        const int bw = top(w);
        // Edges into the own blossom, and to T vertices (labelled themselves), never matter.
        if (bw == top(v) || (label_[bw] == 2 && label_[w] != 0) || !active_[w] || !row.has(w))
          continue;
        const int p = code(v, w);
        W kslack = dv + dual_[w];
        kslack -= row[w];
        if (kslack.is_zero()) {
          if (label_[top(w)] == 0) {
            if (mate_[blossombase_[top(w)]] < 0) {  // another exposed vertex
              labelend_[top(w)] = -1;
              augment_matching(p);
              end_stage();
              return Scan::kStageOver;
            }
            assign_label(w, 2, rev(p));
          } else if (label_[top(w)] == 1) {
            int base = scan_blossom(v, w);
            if (base >= 0) {
              add_blossom(base, p);
            } else if (forest) {
              join_trees(p);
              return Scan::kTreesJoined;
            } else {
              augment_matching(p);
              end_stage();
              return Scan::kStageOver;
            }
          } else if (label_[w] == 0) {
            label_[w] = 2;
            labelend_[w] = rev(p);
          }
        } else if (label_[top(w)] == 1) {
          int b = top(v);
          if (bestedge_[b] == -1 || kslack < bestslack_[b]) {
            bestedge_[b] = p;
            bestslack_[b] = kslack;
          }
          // An edge met after the blossom was made (by a former T vertex, or a row
          // scanned again after pruned blocks were let in): the blossom's list learns it.
          if (has_bestedges_[b]) bestedges_[b].push_back(p);
          note_s_edge(p);
        } else if (label_[w] == 0) {
          if (bestedge_[w] == -1 || kslack < bestslack_[w]) {
            bestedge_[w] = p;
            bestslack_[w] = kslack;
          }
        }
      }
    }
    return Scan::kGoOn;
  }

  // Forest stages: the tight edge p joins the trees of two exposed roots. The matching is
  // augmented along the path between the roots, and the two trees leave the forest: their S
  // blossoms with a zero dual are expanded (as end_stage does), their vertices unlabelled.
  // The other trees keep their labels, blossoms and scanned rows.
  void join_trees(int p) {
    ++tree_stamp_;
    const int r1 = tree_root(top(from(p))), r2 = tree_root(top(to(p)));
    dead_.clear();
    for (int x = lo_; x < n_; ++x) {
      if (!active_[x] || label_[top(x)] == 0) continue;
      const int r = tree_root(top(x));
      if (r == r1 || r == r2) dead_.push_back(x);
    }
    augment_matching(p);
    for (int x : dead_) {
      const int b = top(x);
      if (b >= n_ && label_[b] == 1 && dual_[b].is_zero()) expand_blossom(b, true);
    }
    for (int x : dead_)
      for (int a = x; a != -1; a = blossomparent_[a]) {
        label_[a] = 0;
        bestedge_[a] = -1;
      }
  }
  // The root of the tree of the labelled top-level blossom b: up the tree's edges (an S
  // blossom's labelend is its matched edge to its T parent, a T blossom's the edge to its S
  // parent, a root's -1), memoised for one join_trees.
  int tree_root(int b) {
    walk_.clear();
    int r = b;
    while (root_stamp_[r] != tree_stamp_ && labelend_[r] != -1) {
      walk_.push_back(r);
      r = top(to(labelend_[r]));
    }
    if (root_stamp_[r] == tree_stamp_) r = root_of_[r];
    for (int x : walk_) {
      root_stamp_[x] = tree_stamp_;
      root_of_[x] = r;
    }
    return r;
  }

  // One stage: the alternating tree of `root` grows until it meets another exposed vertex
  // and augments. forest: every exposed vertex roots a tree, and after an augmentation the
  // other trees go on growing on the tight edges (the two trees joined are unlabelled); the
  // stage ends when the queue runs dry after one (the next stage starts a new forest), since
  // the edges from the other trees to the vertices unlabelled were never recorded as best
  // edges: a dual update could miss them.
  void stage(int root, bool forest) {
    const int n = n_;
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(bestedge_.begin(), bestedge_.end(), -1);
    for (int b = n; b < 2 * n; ++b) {
      bestedges_[b].clear();
      has_bestedges_[b] = 0;
    }
    queue_.clear();
    for (int v : s_listed_) s_edges_[v].clear();
    s_listed_.clear();
    start_pruning();
    assign_label(root, 1, -1);
    // The roots of a forest have duals of one parity: the duals of a tree share its root's
    // parity (a tight edge's ends add up to an even doubled weight), so the slack of an edge
    // between two S vertices is even and half of it (delta3) exact. The exposed vertices of
    // the other parity stay free until a later stage.
    if (forest)
      for (int v = lo_; v < n; ++v)
        if (active_[v] && mate_[v] < 0 && label_[top(v)] == 0 &&
            dual_[v].bit(0) == dual_[root].bit(0))
          assign_label(v, 1, -1);
    bool augmented = false;
    for (;;) {
      while (!queue_.empty()) {
        const int v = queue_.back();
        queue_.pop_back();
        if (label_[top(v)] != 1) continue;  // its tree was unlabelled by an augmentation
        const Scan r = scan_row(v, forest);
        if (r == Scan::kStageOver) return;
        augmented = augmented || r == Scan::kTreesJoined;
      }
      if (augmented) {
        end_stage();
        return;
      }
      // Dual update: the smallest of the three deltas (no vertex dual is bounded: perfect
      // matching).
      int deltatype = 0, deltaedge = -1, deltablossom = -1;
      W delta{};
      for (int v = lo_; v < n; ++v) {
        if (active_[v] && label_[top(v)] == 0 && bestedge_[v] != -1) {
          const W& d = bestslack_[v];
          if (!deltatype || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge_[v];
          }
        }
      }
      for (int b = 0; b < 2 * n; ++b) {
        if (blossomparent_[b] == -1 && label_[b] == 1 && bestedge_[b] != -1) {
          W d = bestslack_[b];
          d.shr1();
          if (!deltatype || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge_[b];
          }
        }
      }
      for (int b = n; b < 2 * n; ++b) {
        if (blossombase_[b] >= 0 && blossomparent_[b] == -1 && label_[b] == 2 &&
            (!deltatype || dual_[b] < delta)) {
          delta = dual_[b];
          deltatype = 4;
          deltablossom = b;
        }
      }
      // Pruned edges must stay out of reach of this update (their slack after it positive, so
      // neither tight nor the smallest delta); otherwise their rows are scanned after all.
      if (!pruned_.empty()) {
        if (!deltatype || !pruning_holds(delta)) {
          unprune(deltatype ? &delta : nullptr);
          continue;
        }
      }
      if (!deltatype) throw std::domain_error("no perfect matching");
      dsum_ += delta;
      // The cached best slacks follow: each S end lowers an edge's slack by delta, each T end
      // raises it.
      for (int x = 0; x < 2 * n; ++x) {
        const int k = bestedge_[x];
        if (k == -1) continue;
        const int d = side(from(k)) + side(to(k));
        if (d > 0) bestslack_[x] -= delta;
        if (d > 1) bestslack_[x] -= delta;
        if (d < 0) bestslack_[x] += delta;
        if (d < -1) bestslack_[x] += delta;
      }
      for (int v = lo_; v < n; ++v) {
        if (!active_[v]) continue;
        int l = label_[top(v)];
        if (l == 1)
          dual_[v] -= delta;
        else if (l == 2)
          dual_[v] += delta;
      }
      for (int b = n; b < 2 * n; ++b) {
        if (blossombase_[b] >= 0 && blossomparent_[b] == -1) {
          if (label_[b] == 1)
            dual_[b] += delta;
          else if (label_[b] == 2)
            dual_[b] -= delta;
        }
      }
      if (deltatype == 2) {
        int i = from(deltaedge), j = to(deltaedge);
        if (label_[top(i)] == 0) std::swap(i, j);
        queue_.push_back(i);
      } else if (deltatype == 3) {
        queue_.push_back(from(deltaedge));
      } else {
        expand_blossom(deltablossom, false);
      }
    }
  }

  // A non-tight edge between two S blossoms met by a scan (of a row, or of a pruned block let
  // in): recorded at both ends, so that add_blossom reads its vertices' edges to S blossoms
  // from these lists instead of scanning their rows again (every vertex of a new blossom, its
  // former T vertices included, was a row of 2n wide entries to read). An S-S edge is met by
  // the scan of whichever end became S last (S labels last to the end of the stage), at the
  // latest before the next dual update (the queue is drained first); one met later than the
  // blossom was made joins the blossom's own list (stage), so the least slack between any two
  // S blossoms is always in one of their lists, as delta3 needs.
  void note_s_edge(int p) {
    const int a = from(p), c = to(p);
    if (s_edges_[a].empty()) s_listed_.push_back(a);
    if (s_edges_[c].empty()) s_listed_.push_back(c);
    s_edges_[a].push_back(p);
    s_edges_[c].push_back(rev(p));
  }
  // x's recorded edges (codes from x) to vertices outside blossom b, once each, in ascending
  // order of the other end (the order of a scan of x's row), into sorted_.
  void s_edges_of(int x, int b) {
    sorted_.clear();
    for (int p : s_edges_[x])
      if (top(to(p)) != b) sorted_.push_back(p);
    std::sort(sorted_.begin(), sorted_.end());
    sorted_.erase(std::unique(sorted_.begin(), sorted_.end()), sorted_.end());
  }

  // +1 for a vertex in an S blossom (its dual falls in a dual update), -1 in a T blossom.
  int side(int v) const {
    const int l = label_[top(v)];
    return l == 1 ? 1 : l == 2 ? -1 : 0;
  }

  void end_stage() {
    for (int b = n_; b < 2 * n_; ++b)
      if (blossomparent_[b] == -1 && blossombase_[b] >= 0 && label_[b] == 1 && dual_[b].is_zero())
        expand_blossom(b, true);
  }

  int bbits_, nb_ = 0;
  std::vector<W, common::HugePageAllocator<W>> bmax_;  // as WeightTable's indices
  std::vector<W> bmin_;
  std::vector<char> bempty_;
  bool full_ = false;
  W dsum_{}, minkey2_{};
  bool has2_ = false;
  std::vector<W> key1_;
  std::vector<char> touched_, has1_;
  std::vector<W> tdsum_;    // dsum_ when the block was touched
  std::vector<W> dom_max_;  // per block, for dominated() within one unprune
  std::vector<char> dom_state_;
  std::vector<Pruned> pruned_;
  std::vector<int> bestedgeto_, met_;
  // The S-S edges of the stage, per vertex (see note_s_edge), and the vertices with a list.
  std::vector<std::vector<int>> s_edges_;
  std::vector<int> s_listed_, sorted_;
  std::vector<W> bestslackto_;
  std::vector<unsigned> seen_;
  unsigned stamp_ = 0;
  // join_trees: the vertices of the two trees joined, tree_root's memo and walk.
  std::vector<int> dead_, walk_, root_of_;
  std::vector<unsigned> root_stamp_;
  unsigned tree_stamp_ = 0;
};

}  // namespace arbiter::pairing::matching
