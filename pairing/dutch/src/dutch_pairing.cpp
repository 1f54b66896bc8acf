// FIDE Dutch system (C.04.3, 2026): brackets processed from the top score down; in each one a
// sequence of maximum-weight matchings over all players not yet paired decides, criterion by
// criterion, which moved-down players are paired, with whom, which residents are exchanged
// between S1 and S2 and finally each S1 player's opponent. Every decision keeps the weight of
// the whole-field matching maximal, so [C4] (a complete legal round-pairing for everybody
// left) holds at every step.
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

#include "arbiter/pairing/dutch.h"
#include "dutch_player.h"
#include "dynamic_matching.h"
#include "edge_weight.h"
#include "greedy_matching.h"
#include "player_data.h"
#include "round_pairing_outlook.h"
#include "rule_set.h"

namespace arbiter::pairing {
namespace dutch {
namespace {

using Progress = std::function<void(const DutchProgress&)>;

// Phase 11: pairs in the order of the players (art. 1.2 order); colours per art. 5 (first
// argument: lower TPN). mate[v]: v's opponent, -1 for the player left over (the PAB).
DutchPairing pairs_with_colours(const std::vector<Player>& players, const std::vector<int>& mate,
                                Color initial_colour) {
  DutchPairing result;
  result.ok = true;
  for (int v = 0; v < (int)players.size(); ++v) {
    const int m = mate[v];
    if (m < 0) {
      assert(!result.bye && players[v].bye_eligible);  // one player at most is left over ([C2])
      result.bye = players[v].id;
      continue;
    }
    assert(mate[m] == v);
    const int a = players[v].id < players[m].id ? v : m, o = a == v ? m : v;
    if (v != a) continue;
    if (allocate_colour(players[a], players[o], initial_colour) == WHITE)
      result.pairs.emplace_back(players[a].id, players[o].id);
    else
      result.pairs.emplace_back(players[o].id, players[a].id);
  }
  return result;
}

template <int L>
class Engine {
  using W = matching::WideUint<L>;

 public:
  Engine(const DutchInput& in, const RuleSet& rules, const Progress& progress,
         std::vector<Player> players, const WeightLayout& layout)
      : in_(in),
        rules_(rules),
        progress_(progress),
        layout_(layout),
        p_(std::move(players)),
        n_((int)p_.size()),
        m_(n_ + (n_ & 1)) {
    // Odd fields: a dummy vertex joined to everybody with the same weight stands for the PAB, so
    // that the matching is perfect (its partner is the player left unpaired).
    if (n_ & 1)
      for (int v = 0; v < n_; ++v) m_.set_weight(v, n_, W(1));
    finalized_.assign(n_, 0);
    final_mate_.assign(n_, -1);
    const int threshold = (in.played_rounds * std::max(in.points_win, in.points_draw)) >> 1;
    last_round_ = in.played_rounds >= in.total_rounds - 1;
    for (auto& p : p_) top_scorer_.push_back(p.score > threshold);
  }

  DutchPairing run();

 private:
  // The bracket being paired (C.04.3 art. 1.3, 3): its members as vertices of the matching, in
  // this order: moved-down players (positions [0, mdp)), residents ([mdp, nsgb): the vertices
  // [sg_begin_v, nsgb_v)), the next score group ([nsgb, size()): one bracket of look-ahead for
  // [C8]).
  struct Bracket {
    std::vector<int> cur;
    int mdp = 0, nsgb = 0, sg_begin_v = 0, nsgb_v = 0;
    // Base weights of the pairs of cur that touch a resident or the next score group (s < l),
    // a 4-byte index a pair into a palette of the distinct weights: a bracket of 10,000 players
    // (round 1 with forbidden pairs) holds 400 MB, not 50 million weights of 32 bytes.
    matching::WeightTable<W> base{0};
    // The remainder (or homogeneous bracket): its players as positions in cur, S1 = the first rp.
    std::vector<int> rem;
    int rp = 0;

    int size() const { return (int)cur.size(); }
    const W& B(int s, int l) const { return base.at(s, l); }
    void set_B(int s, int l, const W& w) { base.set(s, l, w); }
    bool in_bracket(int v) const { return v >= sg_begin_v && v < nsgb_v; }
  };

  // The phases of run(), in order.
  bool complete_pairing_exists();
  bool solve_completion();
  bool lowest_pab_score();
  bool complete_greedily(const std::function<bool(int)>& may_take_pab);
  void set_pab_weights();
  int bye_score_of_matching() const;
  void choose_pab_score();
  void open_bracket(Bracket& br);
  void set_base_weights(Bracket& br);
  void outlook_2017(Bracket& br);
  void pair_alone_2017(Bracket& br);
  void pair_bracket(Bracket& br);
  void end_alone_2017();
  void choose_moved_down(Bracket& br);
  void pair_moved_down(Bracket& br);
  int choose_remainder(Bracket& br);
  void exchange_s1_to_s2(Bracket& br, int exchanges);
  void exchange_s2_to_s1(Bracket& br, int exchanges);
  void pair_remainder(Bracket& br);
  void move_down(Bracket& br);

  void pair_first_possible(int v, std::uint64_t addend, bool step_all);
  // Exchange weights (art. 4.3): the base weight of a remainder pair plus the preference for
  // fewest exchanges, then the smallest BSN sums (s_index: s's index in the remainder).
  W exchange_weight(Bracket& br, int s, int l, int s_index) {
    W r = br.B(s, l);
    if (r) {
      W add(s_index < br.rp ? 1 : 0);
      add <<= 2 * layout_.b;
      add -= W((std::uint64_t)s_index);
      add <<= 1;
      r += add;
    }
    return r;
  }
  // v is paired forwards (with a later player of the bracket: v is in S1).
  bool forward(const Bracket& br, int v) const { return mate_[v] > v && mate_[v] < br.nsgb_v; }

  std::vector<int> mate_;      // the last solve's partners (v itself: unpaired)
  std::vector<char> matched_;  // paired in its bracket (decided)
  int next_ = 0;               // the first player not yet in a bracket
  // Candidate opponents of the player being paired, the last preferred first, with their base
  // weights.
  std::vector<std::pair<int, W>> worst_first_;

  const DutchInput& in_;
  RuleSet rules_;
  const Progress& progress_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  int brackets_ = 0;

  // The progress line of pairings that take more than a second.
  void report_progress(int resident_score) {
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (progress_ && s > 1) progress_({in_.played_rounds + 1, brackets_, resident_score, s});
    ++brackets_;
  }
  WeightLayout layout_;
  std::vector<Player> p_;
  int n_;
  matching::DynamicMatching<W> m_;  // the whole-field matching, kept between decisions
  std::vector<char> finalized_;
  std::vector<int> final_mate_;
  std::vector<char> top_scorer_;
  bool last_round_ = false;
  // 2017 A.8 in the Collapsed Last Bracket, whose residents have different scores: C.6
  // minimises the PSD, the score differences of its pairs and downfloaters sorted from the
  // highest; `sd_rank_` numbers the differences that can occur, smallest first.
  bool clb_ = false;
  int clb_low_ = 0;
  std::map<int, int> sd_rank_;
  bool collapsed_ = false;  // 2017 A.9: the PPB has been paired, the next bracket is the CLB
  // 2017 A.9: the bracket being paired is paired alone (pair_alone_2017): the whole-field
  // weights it replaced, and its players.
  bool alone_ = false;
  std::vector<W> saved_;
  std::vector<char> in_alone_;

  int bye_score_ = 0;
  bool single_downfloater_is_bye_ = false;
  std::map<int, int> played_games_rank_;

  // A pair's weight is written once: into the bracket's matcher (its window, below) when both
  // players are in it, else into the whole-field matcher (the pairs outside the brackets only
  // when phase 1 solved the whole field: far_lazy_). A window's weights go back to the
  // whole-field matcher only where a later matcher reads them (flush_window).
  void set(int a, int b, const W& v) {
    if (in_window(a, b))
      wm_->set_weight(wid_[a], wid_[b], v);
    else
      m_.set_weight(a, b, v);
  }
  bool in_window(int a, int b) const { return wm_ && wid_[a] >= 0 && wid_[b] >= 0; }
  W stored_weight(int a, int b) const {
    return in_window(a, b) ? wm_->weight(wid_[a], wid_[b]) : m_.weight(a, b);
  }
  // The window's weights of the pairs among the first `count` of `players` go back to the
  // whole-field matcher, before the window closes.
  void flush_window(const std::vector<int>& players, int count) {
    for (int j = 1; j < count; ++j)
      for (int i = 0; i < j; ++i)
        if (in_window(players[i], players[j]))
          m_.set_weight(players[i], players[j], stored_weight(players[i], players[j]));
  }

  // The bracket's window. A bracket's decisions depend on the players below the next score
  // group (the far players F) only through [C4]: whether the players of `cur` it leaves
  // unpaired (U) and F can all be paired. Every pair with a far player weighs the same below the
  // top field ([C6]-[C21] count pairs of `cur` only; [C9] is zero unless the single downfloater
  // of the top bracket takes the PAB), and the top field sums to the same over every complete
  // pairing that leaves a PAB candidate over. So when U and F can be paired for every U of up
  // to K players (far_capacity), F is replaced by K interchangeable sinks joined to everybody
  // and the bracket is paired on a matching of |cur| + K vertices instead of the whole field.
  // It is the same problem as long as no maximum-weight pairing leaves more than K players of
  // `cur` unpaired: a solve whose optimum pairs two sinks together shows it (the weight of the
  // best matching of cur with p pairs is concave in p, so more floaters cannot do better; and
  // every edge inside `cur` counts in [C6] or [C8], so all maximum-weight pairings leave the
  // same number over). Otherwise K doubles, or the bracket goes back to the whole field.
  std::optional<matching::DynamicMatching<W>> wm_;
  // The last window closed: the next one reuses its buffers instead of faulting in new pages.
  std::optional<matching::DynamicMatching<W>> spare_;
  void retire_window() {
    if (wm_) spare_ = std::move(wm_);
    wm_.reset();
  }
  void new_window_matcher(int size) {
    retire_window();
    if (spare_)
      wm_.emplace(size, std::move(*spare_));
    else
      wm_.emplace(size);
    spare_.reset();
  }
  std::vector<int> wid_;    // player -> window vertex (-1: not in the window)
  std::vector<int> wglob_;  // window vertex -> player (the bracket's cur)
  std::vector<char> cut_;   // window players whose edges to F were cut (exchange_s2_to_s1)
  int sinks_ = 0;
  bool whole_ = false;     // the window is the whole field left (open_whole)
  bool far_lazy_ = false;  // phase 1 set no weight of the pairs outside the brackets
  int far_ = 0;            // the first far player (stands for a sink as a partner)
  // Not under 2017 A.9 (a bracket paired alone has free edges to everybody), nor when [C9]
  // weighs the pairs of far players (the PAB goes to the top score).
  bool window_allowed_ = false;
  // Suffix counts over the players from i on (art. 1.2 order): the most opponents met ([C1],
  // forbidden pairs included) and the players of each absolute colour preference ([C3]:
  // white, black, none), the others meeting everybody they have not met.
  std::vector<int> suffix_played_, suffix_abs_[3];

  static int colour_class(const Player& p) {
    if (!p.absolute()) return -1;
    return !p.preference ? 2 : *p.preference == WHITE ? 0 : 1;
  }
  void count_suffixes() {
    suffix_played_.assign(n_ + 1, 0);
    for (auto& a : suffix_abs_) a.assign(n_ + 1, 0);
    for (int v = n_ - 1; v >= 0; --v) {
      suffix_played_[v] = std::max(suffix_played_[v + 1], (int)p_[v].played_opponents.size());
      for (int c = 0; c < 3; ++c) suffix_abs_[c][v] = suffix_abs_[c][v + 1];
      if (const int c = colour_class(p_[v]); c >= 0) ++suffix_abs_[c][v];
    }
  }
  // The largest K such that any K or fewer players of `cur` and the far players (one PAB
  // candidate of them set aside in odd fields) can all be paired, by this construction (d: the
  // most opponents anybody met): the absolute-white and absolute-black far players are paired
  // with each other greedily, which leaves max(e, 2d) of them (e: the difference of the two
  // counts; the absolute players without a preference, none of them paired); those and the
  // players of U take distinct partners among the a far players with no absolute preference
  // (who meet everybody they have not met), and the rest of those pair among themselves
  // (Dirac: a complete graph less d edges a vertex on 2d + 2 or more vertices).
  int far_capacity(const Bracket& br) const {
    const int far = br.cur.back() + 1;
    if (far >= n_) return -1;
    int count[3] = {suffix_abs_[0][far], suffix_abs_[1][far], suffix_abs_[2][far]};
    int a = n_ - far - count[0] - count[1] - count[2];
    if (n_ & 1) {  // the PAB candidate set aside, taken from its class
      int v = n_ - 1;
      while (v >= far && !bye_candidate(v)) --v;
      if (v < far) return -1;
      const int c = colour_class(p_[v]);
      --(c < 0 ? a : count[c]);
    }
    const int d = suffix_played_[br.cur.front()], e = std::abs(count[0] - count[1]);
    return a - std::max(e, 2 * d) - count[2] - 2 * d - 2;
  }
  // The window of the bracket: its players (the weights of the pairs among the first `copied`
  // read from the whole-field matcher, the others are set_base_weights') and `k` sinks; a
  // sink's pairs weigh nothing below the top field, and in the top field 1 + (a player not a
  // PAB candidate) + 1 per sink end (the sum over a complete pairing is the same whatever the
  // bracket decides).
  void open_window(const Bracket& br, int k, int copied) {
    const int c = br.size(), top = layout_.total_bits() - 2;
    m_.reset();  // it only keeps the weights until a bracket is paired on the whole field
    new_window_matcher(c + k);
    sinks_ = k;
    wid_.assign(n_ + 1, -1);
    wglob_ = br.cur;
    if ((int)cut_.size() != c) cut_.assign(c, 0);
    far_ = br.cur.back() + 1;
    for (int i = 0; i < c; ++i) wid_[br.cur[i]] = i;
    for (int j = 1; j < copied; ++j)
      for (int i = 0; i < j; ++i) {
        const W w = m_.weight(br.cur[i], br.cur[j]);
        if (!w.is_zero()) wm_->set_weight(i, j, w);
      }
    W sink_pair{};
    sink_pair.or_bits(top, 3);
    for (int i = 0; i < c; ++i) {
      if (cut_[i]) continue;
      W w{};
      w.or_bits(top, 2 + !bye_candidate(br.cur[i]));
      for (int t = c; t < c + k; ++t) wm_->set_weight(i, t, w);
    }
    for (int t = c; t < c + k; ++t)
      for (int u = c; u < t; ++u) wm_->set_weight(u, t, sink_pair);
    for (int i = 0; i < c; ++i)
      if (finalized_[br.cur[i]]) wm_->remove(i);
  }
  // The bracket's matching over the whole field left, when no window with sinks does: its
  // players, every far player (their pairs' weights from far_weight while far_lazy_: the whole-
  // field matcher holds none of them then) and the PAB vertex of an odd field. It is the whole-
  // field matching less the players already paired, and it stays for the brackets that follow.
  // Of the pairs inside the bracket only those among its first `copied` players are read.
  void open_whole(const Bracket& br, int copied) {
    const int c = br.size();
    m_.reset();
    whole_ = true;
    sinks_ = 0;
    wglob_ = br.cur;
    for (int v = br.cur.back() + 1; v < n_; ++v) wglob_.push_back(v);
    if (n_ & 1) wglob_.push_back(n_);
    const int size = (int)wglob_.size();
    new_window_matcher(size);
    wid_.assign(n_ + 1, -1);
    for (int i = 0; i < size; ++i) wid_[wglob_[i]] = i;
    if ((int)cut_.size() != c) cut_.assign(c, 0);
    for (int j = 1; j < size; ++j)
      for (int i = 0; i < j && (j >= c || j < copied); ++i) {
        const int x = wglob_[i], y = wglob_[j];
        const bool stored = j < c || y == n_ || !far_lazy_;
        const W w = stored ? m_.weight(x, y) : i < c && cut_[i] ? W{} : far_weight(x, y);
        if (!w.is_zero()) wm_->set_weight(i, j, w);
      }
    for (int i = 0; i < c; ++i)
      if (finalized_[br.cur[i]]) wm_->remove(i);
  }
  // Phase 3's choice: the window with few sinks when the far players allow it, else the whole
  // field (kept from an earlier bracket, or opened now when players are left below the bracket).
  void choose_window(const Bracket& br) {
    if (whole_) return;
    retire_window();
    cut_.clear();
    if (!window_allowed_) return;
    const int c = br.size();
    int k = 16 + (c & 1);
    window_bracket_ = &br;
    if (k <= far_capacity(br))
      open_window(br, k, br.mdp);
    else if (br.cur.back() + 1 < n_)
      open_whole(br, br.mdp);
  }
  // The bracket's pairs start afresh in the matcher that pairs it (see open_bracket).
  void renew(const std::vector<int>& cur) {
    m_.renew(cur);
    if (!whole_) return;
    std::vector<int> ids;
    for (int v : cur) ids.push_back(wid_[v]);
    wm_->renew(ids);
  }
  const Bracket* window_bracket_ = nullptr;
  // The solve of the window, checked: an optimum that pairs no two sinks may leave more players
  // over than there are sinks, so the window grows (or the bracket returns to the whole field).
  void solve_window() {
    const Bracket& br = *window_bracket_;
    const int c = br.size();
    for (;;) {
      bool exact = true;
      try {
        wm_->solve();
      } catch (const std::domain_error&) {  // more players need to float than there are sinks
        exact = false;
      }
      if (exact) {
        exact = false;
        for (int t = c; t < c + sinks_ && !exact; ++t) exact = wm_->mate(t) >= c;
      }
      if (exact) return;
      const int k = 2 * sinks_ + (c & 1);
      flush_window(br.cur, c);
      if (k > far_capacity(br)) {  // the whole field after all
        open_whole(br, c);
        wm_->solve();
        return;
      }
      open_window(br, k, c);
    }
  }
  // v may no longer float below the bracket (its edges to every far player are cut).
  void cut_far(const Bracket& br, int v) {
    for (int u = br.cur.back() + 1; u < n_; ++u) set(v, u, W{});
    if (!wm_ || whole_ || cut_[wid_[v]]) return;
    cut_[wid_[v]] = 1;
    const int c = (int)cut_.size();
    for (int t = c; t < c + sinks_; ++t) wm_->set_weight(wid_[v], t, W{});
  }
  void matcher_solve() {
    if (wm_ && !whole_)
      solve_window();
    else if (wm_)
      wm_->solve();
    else
      m_.solve();
  }
  bool may_be_optimal(int v, int u) {
    return wm_ ? wm_->may_be_optimal(wid_[v], wid_[u]) : m_.may_be_optimal(v, u);
  }
  bool rematch(int v, int u) { return wm_ ? wm_->rematch(wid_[v], wid_[u]) : m_.rematch(v, u); }
  int matcher_mate(int v) const {
    if (!wm_) return m_.mate(v);
    const int i = wid_[v];
    if (i < 0) return v;
    const int m = wm_->mate(i), c = (int)wglob_.size();
    return m == i ? v : m < c ? wglob_[m] : far_;
  }

  bool played_before(const Player& a, const Player& b) const {
    return std::binary_search(a.played_opponents.begin(), a.played_opponents.end(), b.id);
  }

  // [C1] no rematch; [C3] non-topscorers with the same absolute preference never meet
  // (topscorers: only when pairing the final round).
  bool compatible(int x, int y) const {
    const Player &a = p_[x], &b = p_[y];
    if (played_before(a, b)) return false;
    if (!a.absolute() || !b.absolute() || a.preference != b.preference) return true;
    return last_round_ && (top_scorer_[x] || top_scorer_[y]);
  }

  // [C2], and [C5] (2026): only the lowest score that can get the PAB.
  bool bye_candidate(int x) const {
    return p_[x].bye_eligible && (!rules_.pab_lowest_score || p_[x].score <= bye_score_);
  }

  // Writes `value` (< 2^width) into the next field.
  static void push(W& r, int width, std::uint64_t value) {
    r <<= width;
    r += W(value);
  }
  void push_scores(W& r, const std::vector<std::pair<int, int>>& counts) const {
    r <<= layout_.s;
    for (auto [score, count] : counts) {
      if (!count) continue;
      const auto at = layout_.shift.find(score);
      if (at == layout_.shift.end()) throw CompactOverflow{};  // only in compact layouts
      W t(count);
      t <<= at->second;
      r += t;
    }
  }

  // 2017 A.8/C.6 in the CLB: the PSD of a pairing costs sum V(SD) over its pairs and its
  // downfloaters (V(d) = 2^(rank(d) * w): counts of each difference, the largest most
  // significant), a downfloater's SD being its score less one point below the bracket's lowest
  // score. As every player is either paired or a downfloater, minimising the cost is
  // maximising, over the pairs, V(SD of a as a downfloater) + V(SD of b as one) - V(|a - b|).
  W psd_value(int sd) const {
    W v(1);
    v <<= sd_rank_.at(sd) * layout_.psd_width;
    return v;
  }
  void push_psd(W& r, int a, int b) const {
    r <<= layout_.s;
    const int one = 10;  // "one point less": scores are in tenths
    W v = psd_value(a - clb_low_ + one);
    v += psd_value(b - clb_low_ + one);
    v -= psd_value(a > b ? a - b : b - a);
    r += v;
  }
  // 2017 C.16-C.19 in the CLB: the score differences of the players who get the same
  // downfloat (the higher of a pair of different scores, or one left unpaired) and the same
  // upfloat (the lower of such a pair) as `back` rounds before, from the highest, as the PSD.
  void push_float_sds(W& r, const Player& h, const Player& l, int back) const {
    const int one = 10;
    const bool floats = h.score > l.score, h_down = h.floats[back] == Float::Down;
    W down{};
    if (h_down) down += psd_value(h.score - clb_low_ + one);
    if (l.floats[back] == Float::Down) down += psd_value(l.score - clb_low_ + one);
    if (h_down && floats) down -= psd_value(h.score - l.score);
    r <<= layout_.s;
    r += down;
    W up = psd_value(layout_.psd_values.back());
    if (floats && l.floats[back] == Float::Up) up -= psd_value(h.score - l.score);
    r <<= layout_.s;
    r += up;
  }
  void enter_clb(const std::vector<int>& cur) {
    clb_ = true;
    clb_low_ = p_[cur.front()].score;
    for (int v : cur) clb_low_ = std::min(clb_low_, p_[v].score);
    for (int i = 0; i < (int)layout_.psd_values.size(); ++i) sd_rank_[layout_.psd_values[i]] = i;
    if ((int)sd_rank_.size() * layout_.psd_width > layout_.s) throw CompactOverflow{};
  }

  // The facts of a player that criteria_weight reads, numbered per bracket (positions of `cur`):
  // two players of one kind weigh the same against any third that may meet both.
  std::vector<int> kinds_of(const std::vector<int>& cur) const {
    using Key = std::tuple<int, int, int, int, bool, bool, int, int, int>;
    auto colour = [](std::optional<Color> c) { return c ? int(*c) : -1; };
    std::map<Key, int> ids;
    std::vector<int> kind;
    kind.reserve(cur.size());
    for (int v : cur) {
      const Player& p = p_[v];
      const Key key{p.score,         p.imbalance,    colour(p.preference), colour(p.repeated),
                    p.strong,        p.bye_eligible, p.played_games,       int(p.floats[1]),
                    int(p.floats[2])};
      kind.push_back(ids.emplace(key, (int)ids.size()).first->second);
    }
    return kind;
  }

  // Compact layouts: the S fields of the bracket `cur` (scores ascending from bit 0), and the
  // weights between its moved-down players (the only ones that carry counters of the previous
  // bracket) re-encoded.
  void assign_score_fields(const std::vector<int>& cur, int mdp) {
    std::map<int, int> shift;
    for (int v : cur) shift[p_[v].score] = 0;
    int at = 0;
    for (auto& [score, off] : shift) {
      off = at;
      at += layout_.width.at(score);
    }
    if (at > layout_.s) throw CompactOverflow{};
    const std::vector<int> fields = layout_.score_field_offsets();
    for (int t = 1; t < mdp; ++t)
      for (int u = 0; u < t; ++u) {
        W w = stored_weight(cur[u], cur[t]);
        if (w.is_zero()) continue;
        W r = w;
        for (int f : fields) {
          r.clear_bits(f, layout_.s);
          for (auto [score, off] : layout_.shift) {
            const int len = layout_.width.at(score);
            const std::uint64_t count = w.bits_at(f + off, len);
            if (!count) continue;
            const auto to = shift.find(score);
            if (to == shift.end()) throw CompactOverflow{};
            r.or_bits(f + to->second, count);
          }
        }
        set(cur[u], cur[t], r);
      }
    layout_.shift = std::move(shift);
  }

  // A pair outside the brackets weighs only in the top field: every other field below is zero
  // (they count pairs of the current or next bracket, [C9] only for the single downfloater of
  // the top bracket, who takes the PAB; not in the fields that get these weights lazily).
  W far_weight(int hi, int lo) const {
    W r{};
    if (compatible(hi, lo))
      r.or_bits(layout_.total_bits() - 2, 1 + !bye_candidate(hi) + !bye_candidate(lo));
    return r;
  }

  // The base edge weight of the pair (higher = earlier in the order, lower = later).
  W edge_weight(int hi, int lo, bool lo_in_current, bool lo_in_next) const {
    if (!lo_in_current && !lo_in_next && !single_downfloater_is_bye_) return far_weight(hi, lo);
    if (!compatible(hi, lo)) return W{};
    return criteria_weight(hi, lo, lo_in_current, lo_in_next);
  }
  // The weight of a pair that may meet: all it reads of the two players is the facts kind_of
  // lists.
  W criteria_weight(int hi, int lo, bool lo_in_current, bool lo_in_next) const {
    const Player &h = p_[hi], &l = p_[lo];
    const int b = layout_.b;
    W r(1 + !bye_candidate(hi) + !bye_candidate(lo));
    push(r, b, lo_in_current);  // [C6]
    if (lo_in_current && clb_)
      push_psd(r, h.score, l.score);
    else if (lo_in_current)
      push_scores(r, {{h.score, 1}});
    else
      r <<= layout_.s;       // [C7]
    push(r, b, lo_in_next);  // [C8]
    if (lo_in_next)
      push_scores(r, {{h.score, 1}});
    else
      r <<= layout_.s;
    {  // [C9]
      std::uint64_t v = 0;
      if (single_downfloater_is_bye_) {
        if (h.score == bye_score_) v += played_games_rank_.at(h.played_games);
        if (l.score == bye_score_) v += played_games_rank_.at(l.played_games);
      }
      push(r, 2 * b, v);
    }
    // Colour criteria ([C10]-[C13]) count only pairs of the current bracket.
    const bool m = lo_in_current;
    const Player &pl = l, &op = h;
    push(r, b,
         m && (!pl.absolute_imbalance() || !op.absolute_imbalance() ||
               pl.preference != op.preference));
    push(r, b,
         m && (!pl.absolute() || !op.absolute() || pl.preference != op.preference ||
               (pl.imbalance == op.imbalance
                    ? !pl.repeated || pl.repeated != op.repeated
                    : (pl.imbalance > op.imbalance ? op : pl).repeated != invert(pl.preference))));
    push(r, b, m && (pl.preference != op.preference || !pl.preference || !op.preference));
    push(r, b,
         m && ((!pl.strong && !pl.absolute()) || (!op.strong && !op.absolute()) ||
               (pl.absolute() && op.absolute()) || pl.preference != op.preference));
    // Float criteria [C14]-[C21].
    const int pr = in_.played_rounds;
    const bool hi_is_mdp = h.score > l.score;
    for (int back = 1; back <= 2; ++back) {
      if (pr < back) break;
      push(r, b,
           m ? (l.floats[back] == Float::Down) + (!hi_is_mdp && h.floats[back] == Float::Down) : 0);
      push(r, b, m && !(hi_is_mdp && l.floats[back] == Float::Up));
    }
    for (int back = 1; back <= 2; ++back) {
      if (pr < back) break;
      if (m && clb_) {
        push_float_sds(r, h, l, back);
        continue;
      }
      if (m)
        push_scores(r, {{l.score, l.floats[back] == Float::Down},
                        {h.score, h.floats[back] == Float::Down}});
      else
        r <<= layout_.s;
      if (m && !(hi_is_mdp && l.floats[back] == Float::Up))
        push_scores(r, {{h.score, 1}});
      else
        r <<= layout_.s;
    }
    r <<= 3 * b + 1;
    return r;
  }

  // Maximum-weight matching of the players not yet paired (perfect with the dummy vertex),
  // re-solved from the previous one after the weight changes since.
  std::vector<int> solve() {
    matcher_solve();
    std::vector<int> out(n_);
    for (int v = 0; v < n_; ++v) {
      const int m = finalized_[v] ? final_mate_[v] : matcher_mate(v);
      out[v] = m == n_ ? v : m;
    }
    return out;
  }

  // pair_first_possible without the addends' solve when the answer is plain: after a solve on
  // the candidates' base weights, the first candidate (read from the back) that a maximum-
  // weight matching may hold (the ones before it cannot be in any, by complementary
  // slackness) is v's partner already, or becomes it by a 4-cycle exchange that keeps the
  // matching optimal. Returns false when that is not so (the caller then adds the addends).
  bool pair_first_directly(int v, const std::vector<std::pair<int, W>>& worst_first) {
    for (const auto& [u, base_weight] : worst_first) {
      if (base_weight)
        set(v, u, base_weight);
      else if (!stored_weight(v, u).is_zero())
        return false;  // an edge the addends would leave as it is: not a plain case
    }
    matcher_solve();
    for (auto it = worst_first.rbegin(); it != worst_first.rend(); ++it)
      if (!it->second.is_zero() && may_be_optimal(v, it->first)) return rematch(v, it->first);
    return false;
  }

  // 2017 A.9: the downfloaters `down` (positions < nsgb of `cur`), the next score group and
  // every player after `first_after` can be paired ([C1]-[C3]), one left for the PAB at most.
  bool completes(const std::vector<int>& cur, int nsgb, const std::vector<char>& down,
                 int first_after) const {
    std::vector<int> rest;
    for (int pos = 0; pos < (int)cur.size(); ++pos)
      if (pos >= nsgb || down[pos]) rest.push_back(cur[pos]);
    for (int v = first_after; v < n_; ++v) rest.push_back(v);
    return can_complete((int)rest.size(),
                        [&](int a, int b) { return compatible(rest[a], rest[b]); },
                        [&](int a) { return bye_candidate(rest[a]); });
  }

  void finalize(int a, int b) {
    finalized_[a] = finalized_[b] = 1;
    m_.remove(a);
    m_.remove(b);
    if (wm_) {
      if (wid_[a] >= 0) wm_->remove(wid_[a]);
      if (wid_[b] >= 0) wm_->remove(wid_[b]);
    }
    final_mate_[a] = b;
    final_mate_[b] = a;
  }
};

template <int L>
DutchPairing Engine<L>::run() {
  if (!complete_pairing_exists()) {
    DutchPairing result;
    result.error = "no round-pairing satisfies the absolute criteria [C1]-[C3]";
    return result;
  }
  if ((n_ & 1) && rules_.pab_lowest_score) choose_pab_score();
  window_allowed_ = !rules_.round_pairing_outlook && !single_downfloater_is_bye_;
  assert(window_allowed_ || !far_lazy_);
  if (window_allowed_) count_suffixes();
  matched_.assign(n_, 0);
  Bracket br;
  const int top = p_.front().score;
  while (next_ < n_ && p_[next_].score >= top) br.cur.push_back(next_++);
  while (br.size() > 1 || next_ < n_) {
    open_bracket(br);
    pair_bracket(br);
    move_down(br);
    if (alone_) end_alone_2017();
  }
  return pairs_with_colours(p_, final_mate_, in_.initial_colour);
}

// Phases 4-9: the bracket opened by open_bracket is paired.
template <int L>
void Engine<L>::pair_bracket(Bracket& br) {
  choose_moved_down(br);
  pair_moved_down(br);
  const int exchanges = choose_remainder(br);
  exchange_s1_to_s2(br, exchanges);
  exchange_s2_to_s1(br, exchanges);
  pair_remainder(br);
}

// Phase 1 ([C1]-[C4]): is any complete round-pairing possible? In odd fields under [C5] (2026)
// the answer also gives the lowest score that can get the PAB.
template <int L>
bool Engine<L>::complete_pairing_exists() {
  if ((n_ & 1) && rules_.pab_lowest_score) return lowest_pab_score();
  if (!rules_.round_pairing_outlook && complete_greedily([&](int v) { return p_[v].bye_eligible; }))
    return true;
  for (int x = 0; x < n_; ++x)
    for (int y = 0; y < x; ++y) set(x, y, edge_weight(y, x, false, false));
  return solve_completion();
}

// Phase 1 without weights: a perfect matching (with the PAB vertex of an odd field, joined to
// the players `may_take_pab` allows) found greedily proves [C4] at once (mate_: its pairs). The
// weights of the pairs outside the brackets then wait until a bracket's matching needs them
// (far_weight, open_whole): in most fields none does, and 10,000 players have 50 million.
template <int L>
bool Engine<L>::complete_greedily(const std::function<bool(int)>& may_take_pab) {
  auto may_meet = [&](int a, int b) { return b == n_ ? may_take_pab(a) : compatible(a, b); };
  const std::vector<int> mate = greedy_perfect_matching(n_ + (n_ & 1), may_meet);
  if (mate.empty()) return false;
  mate_.assign(n_, 0);
  for (int v = 0; v < n_; ++v) mate_[v] = mate[v] == n_ ? v : mate[v];
  far_lazy_ = true;
  return true;
}

// The solve of phase 1: a perfect matching (with the dummy vertex of an odd field) leaves one
// player over at most, who must be eligible for the PAB ([C2]).
template <int L>
bool Engine<L>::solve_completion() {
  try {
    mate_ = solve();
  } catch (const std::domain_error&) {
    return false;
  }
  int unmatched = 0;
  bool ineligible = false;
  for (int v = 0; v < n_; ++v)
    if (mate_[v] == v) {
      ++unmatched;
      ineligible = ineligible || !p_[v].bye_eligible;
    }
  assert(unmatched == (n_ & 1));
  return unmatched <= 1 && !ineligible;
}

// Phase 1 in odd fields under [C5]: the PAB's score is the lowest score of a player who can be
// left over while everybody else is paired ([C1]-[C4]). Every perfect matching with the dummy
// vertex pairs all players but the dummy's partner, so with one weight for every compatible pair
// and the dummy's edges (to eligible players only, [C2]) the heavier the lower the partner's
// score, a maximum-weight matching leaves over a player of that score. The weights are small
// (the score ranks), so the solve is a near-cardinality matching, not the wide one of the
// criteria. Only when the PAB falls to the top score while lower scores exist does choose_pab_
// score need to know who pairs inside the top group ([C9]): then the full weights decide.
template <int L>
bool Engine<L>::lowest_pab_score() {
  const int top = p_.front().score;
  std::map<int, int> rank;  // score -> its rank, the lowest score highest
  for (int v = 0; v < n_; ++v) rank.emplace(p_[v].score, (int)rank.size());
  // The lowest score of an eligible player: greedily, that player left over and all the others
  // paired proves it the PAB score (unless it is the top score: then [C9] needs the pairs).
  int low = top;
  for (int v = 0; v < n_; ++v)
    if (p_[v].bye_eligible) low = std::min(low, p_[v].score);
  if ((low < top || p_.back().score >= top) &&
      complete_greedily([&](int v) { return p_[v].bye_eligible && p_[v].score == low; }))
    return true;
  const W pair_weight((std::uint64_t)rank.size() + 2);
  for (int x = 0; x < n_; ++x) {
    for (int y = 0; y < x; ++y) set(x, y, compatible(x, y) ? pair_weight : W{});
    set(x, n_, p_[x].bye_eligible ? W((std::uint64_t)rank.at(p_[x].score) + 1) : W{});
  }
  const bool ok = solve_completion();
  if (ok && !(p_.back().score < top && bye_score_of_matching() >= top)) return ok;
  m_.reset();
  set_pab_weights();
  return solve_completion();
}

// The weights of phase 1 that also make the most pairs inside the top score group (used when
// the PAB has the top score, [C9] in choose_pab_score): lexicographically, completion with an
// eligible player left over ([C2]-[C4]), the lowest score left over ([C5]), pairs of the top
// group.
template <int L>
void Engine<L>::set_pab_weights() {
  const int top = p_.front().score;
  for (int x = 0; x < n_; ++x) {
    for (int y = 0; y < x; ++y) {
      W r{};
      if (compatible(x, y)) {
        r = W(1 + !p_[x].bye_eligible + !p_[y].bye_eligible);
        r <<= layout_.full_s;
        r += W(layout_.full_shift.at(p_[x].score) + layout_.full_shift.at(p_[y].score));
        r <<= layout_.b;
        r += W(p_[x].score >= top);
      }
      set(x, y, r);
    }
    set(x, n_, W(1));
  }
}

template <int L>
int Engine<L>::bye_score_of_matching() const {
  for (int v = 0; v < n_; ++v)
    if (mate_[v] == v) return p_[v].score;
  return p_.back().score;
}

// Phase 2 ([C5], [C9], 2026, odd fields): the PAB score, whether the single downfloater of
// the top bracket ends up with the PAB, the played-games ranks; then every weight is reset to
// the base weights of the bracket criteria.
template <int L>
void Engine<L>::choose_pab_score() {
  const int top = p_.front().score;
  auto score = [&](int v) { return p_[v].score; };
  bye_score_ = bye_score_of_matching();
  single_downfloater_is_bye_ = false;
  if (bye_score_ >= top && rules_.pab_fewest_unplayed) {
    single_downfloater_is_bye_ = true;
    for (int v = 0; v < n_ && score(v) >= top; ++v)
      if (score(mate_[v]) < top) {
        single_downfloater_is_bye_ = false;
        break;
      }
  }
  std::vector<int> counts;
  for (int v = 0; v < n_; ++v)
    if (score(v) == bye_score_) counts.push_back(p_[v].played_games);
  assert(!counts.empty());
  // [C9]: rank players of the PAB score by played games, most played first; the pairing
  // maximises the ranks of the players it pairs, so the PAB goes to the most games played.
  std::sort(counts.rbegin(), counts.rend());
  for (int i = 0; i < (int)counts.size(); ++i) played_games_rank_[counts[i]] = i;
  // Every weight changes: a fresh start is cheaper than a repair (and, reset first, the
  // matcher does not check each new weight against the old duals).
  m_.reset();
  // A greedy phase 1 leaves the weights to the brackets, unless [C9] weighs the pairs of the
  // top bracket's single downfloater (no window then: the whole-field matcher needs them all).
  far_lazy_ = far_lazy_ && !single_downfloater_is_bye_;
  for (int x = 0; x < n_; ++x) {
    for (int y = 0; y < x && !far_lazy_; ++y) set(x, y, edge_weight(y, x, false, false));
    set(x, n_, W(1));  // the dummy: the same weight to everybody (phase 1 changed them)
  }
}

// Phase 3 (art. 1.3): the next score group joins the moved-down players and the residents;
// base weights of every pair touching the residents or the next group, and a solve on them.
template <int L>
void Engine<L>::open_bracket(Bracket& br) {
  auto score = [&](int v) { return p_[v].score; };
  if (!whole_) {  // the last bracket's window, the pairs of the moved-down players kept
    flush_window(br.cur, br.mdp);
    retire_window();
  }
  br.nsgb = br.size();
  br.nsgb_v = br.sg_begin_v + (br.nsgb - br.mdp);
  const int group_start = next_;
  // The residents are the players that joined as the previous next score group.
  assert(br.mdp <= br.nsgb && group_start == br.nsgb_v);
  assert(br.mdp == br.nsgb || (br.cur[br.mdp] == br.sg_begin_v && br.cur.back() == br.nsgb_v - 1));
  while (next_ < n_ && score(next_) >= score(group_start)) br.cur.push_back(next_++);
  const int cn = br.size();
  if (layout_.compact) assign_score_fields(br.cur, br.mdp);
  if (collapsed_) enter_clb(br.cur);
  report_progress(br.mdp < br.nsgb ? score(br.cur[br.mdp]) : score(group_start));
  choose_window(br);  // first, so that the base weights go straight into the bracket's matcher
  set_base_weights(br);
  // The bracket's pairs have moved into another class ([C6]-[C8] fields): their duals start
  // afresh.
  renew(br.cur);
  if (rules_.round_pairing_outlook && !collapsed_ && br.nsgb < cn) outlook_2017(br);
  mate_ = solve();
}

// Phase 3's weights: every pair touching the residents or the next score group gets its base
// weight ([C1]-[C21], art. 4). A bracket of thousands of players holds few kinds of player as
// the criteria see them (kind_of), so each weight is computed once per two kinds (in order, and
// whether the later player is a resident or of the next group) and only [C1] per pair.
template <int L>
void Engine<L>::set_base_weights(Bracket& br) {
  const int cn = br.size();
  const std::vector<int> kind = kinds_of(br.cur);
  const std::size_t kinds = 1 + *std::max_element(kind.begin(), kind.end());
  const bool cached = kinds * kinds <= (std::size_t(1) << 21);
  std::vector<int> slot(cached ? 2 * kinds * kinds : 0, -1);
  std::vector<W> weights;
  auto weight = [&](int s, int l) {
    const int hi = br.cur[s], lo = br.cur[l];
    const bool resident = l < br.nsgb;
    if (!compatible(hi, lo)) return W{};
    if (!cached) return criteria_weight(hi, lo, resident, !resident);
    int& at = slot[2 * (kind[s] * kinds + kind[l]) + resident];
    if (at < 0) {
      at = (int)weights.size();
      weights.push_back(criteria_weight(hi, lo, resident, !resident));
    }
    return weights[at];
  };
  br.base.reinit(cn);  // on the last bracket's buffer
  for (int l = br.mdp; l < cn; ++l)
    for (int s = 0; s < l; ++s) {
      const W w = weight(s, l);
      br.set_B(s, l, w);
      set(br.cur[l], br.cur[s], w);
    }
}

// 2017 A.9: the bracket is paired on its own criteria, C.7 included (pair_alone_2017), unless
// "the downfloaters produced by the bracket just paired, together with all the remaining
// players, do not allow the completion of the round-pairing": then it is the PPB, paired again
// for completion (C.4, kept by the whole-field matching) without the look-ahead C.7, and the
// next bracket is the CLB. Which players float is read from the bracket actually paired alone
// (a trial on a copy of the engine, B.8 ties included), not from a pairing of equal quality.
template <int L>
void Engine<L>::outlook_2017(Bracket& br) {
  const std::vector<int>& cur = br.cur;
  const int nsgb = br.nsgb, cn = br.size();
  // The bracket paired alone, on a copy of the engine: its downfloaters.
  std::vector<char> down(nsgb, 0);
  {
    Engine trial(*this);
    Bracket alone = br;
    trial.pair_alone_2017(alone);
    trial.mate_ = trial.solve();
    trial.pair_bracket(alone);
    for (int pos = 0; pos < nsgb; ++pos) down[pos] = !trial.finalized_[cur[pos]];
  }
  if (completes(cur, nsgb, down, next_)) {
    pair_alone_2017(br);
    return;
  }
  collapsed_ = true;
  for (int l = nsgb; l < cn; ++l)
    for (int s = 0; s < l; ++s) {
      br.set_B(s, l, edge_weight(cur[s], cur[l], l < nsgb, false));
      set(cur[l], cur[s], br.B(s, l));
    }
}

// 2017 A.9: a bracket that is not the PPB is paired on its own criteria (C.5-C.19, B.8 ties
// by generation order), C.7 weighing the following bracket on its own (its pairs and PSD,
// C.5-C.6): neither is subject to C.4 completion, nor to who can take the PAB ("the
// assignment of the pairing-allocated bye is part of the pairing of the last bracket"). So
// for this bracket the whole-field matching loses both: every pair of players not both in
// the bracket (nor a real pair of the bracket and the next score group, C.7) gets a free edge
// that weighs on no criterion, and every edge the same top field (PAB eligibility). Whatever
// the bracket decides then extends to a perfect matching, and the phases' decisions (B.6-B.7,
// D.1-D.3 order) are those of the bracket alone. end_alone_2017 restores the weights.
template <int L>
void Engine<L>::pair_alone_2017(Bracket& br) {
  const int top = layout_.total_bits() - 2, cn = br.size();
  auto neutral = [&](W w) {
    if (w) {
      w.clear_bits(top, 2);
      w.or_bits(top, 2);
    }
    return w;
  };
  W free{};
  free.or_bits(top, 2);
  std::vector<int> pos_of(n_, -1);
  for (int pos = 0; pos < cn; ++pos) pos_of[br.cur[pos]] = pos;
  in_alone_.assign(n_, 0);
  for (int pos = 0; pos < br.nsgb; ++pos) in_alone_[br.cur[pos]] = 1;
  saved_.assign((size_t)n_ * n_, W{});
  m_.reset();
  for (int v = 0; v < n_; ++v) {
    if (finalized_[v]) continue;
    for (int u = 0; u < v; ++u) {
      if (finalized_[u]) continue;
      const W w = m_.weight(u, v);
      saved_[(size_t)u * n_ + v] = w;
      const int pu = pos_of[u], pv = pos_of[v];
      W r{};
      if (pu >= 0 && pv >= 0) {
        const int s = std::min(pu, pv), l = std::max(pu, pv);
        if (l >= br.mdp) {
          br.set_B(s, l, neutral(br.B(s, l)));
          r = br.B(s, l);
        } else {
          r = neutral(w);  // two moved-down players: never a pair of this bracket (B.7)
        }
        if (!r && l >= br.nsgb) r = free;
      } else {
        r = free;
      }
      set(u, v, r);
    }
  }
  alone_ = true;
}

// After a bracket paired alone: the weights of the players left return to the whole-field
// ones (the pairs of two of its downfloaters keep what the bracket's phases left them, with
// their own top field back).
template <int L>
void Engine<L>::end_alone_2017() {
  const int top = layout_.total_bits() - 2;
  m_.reset();
  for (int v = 0; v < n_; ++v) {
    if (finalized_[v]) continue;
    for (int u = 0; u < v; ++u) {
      if (finalized_[u]) continue;
      const W& saved = saved_[(size_t)u * n_ + v];
      W r = saved;
      if (in_alone_[u] && in_alone_[v]) {
        r = m_.weight(u, v);
        if (r) {
          r.clear_bits(top, 2);
          r.or_bits(top, saved.bits_at(top, 2));
        }
      }
      set(u, v, r);
    }
  }
  saved_.clear();
  alone_ = false;
}

// Phase 4 ([C6], [C7]; art. 4.4 MDP sets): which moved-down players are paired in this
// bracket: as many as possible, of the highest scores, then the first in order.
template <int L>
void Engine<L>::choose_moved_down(Bracket& br) {
  auto score = [&](int v) { return p_[v].score; };
  const int cn = br.size();
  int md_score = 0, remaining = 0, remaining_matched = 0;
  for (int pi = 0; pi < br.mdp; ++pi) {
    if (!pi || score(br.cur[pi]) < md_score) {
      md_score = score(br.cur[pi]);
      remaining = remaining_matched = 0;
      for (int q = pi; q < cn && score(br.cur[q]) >= md_score; ++q) {
        ++remaining;
        remaining_matched += br.in_bracket(mate_[br.cur[q]]);
      }
    }
    if (!remaining_matched) continue;
    const int v = br.cur[pi];
    if (remaining <= remaining_matched) {
      matched_[v] = 1;
      continue;
    }
    --remaining;
    if (!br.in_bracket(mate_[v])) {
      for (int oi = br.mdp; oi < br.nsgb; ++oi) {
        W x = br.B(pi, oi);
        if (x) {
          x |= 1;
          set(v, br.cur[oi], x);
        }
      }
      mate_ = solve();
    }
    if (br.in_bracket(mate_[v])) {
      matched_[v] = 1;
      --remaining_matched;
      for (int oi = br.mdp; oi < br.nsgb; ++oi) {
        W x = br.B(pi, oi);
        if (x) {
          x |= (std::uint64_t)(br.nsgb - br.mdp);
          x += 1;
          set(v, br.cur[oi], x);
        }
      }
    }
  }
}

// Pairs v for good with the opponent that comes first among worst_first_ (read from the back)
// that a maximum-weight pairing allows: each candidate's edge gains an addend, the larger the
// earlier the candidate comes. step_all: every candidate, even one v cannot meet, takes an
// addend step.
template <int L>
void Engine<L>::pair_first_possible(int v, std::uint64_t addend, bool step_all) {
  assert(!worst_first_.empty() && !finalized_[v]);
  if (pair_first_directly(v, worst_first_)) {
    mate_ = solve();
  } else {
    for (const auto& [u, base_weight] : worst_first_) {
      if (base_weight) {
        W x = base_weight;
        x += addend;
        set(v, u, x);
      }
      addend += step_all || base_weight;
    }
    mate_ = solve();
  }
  const int mv = mate_[v];
  // The chosen opponent is one of the candidates (a pairing exists by [C4], kept at every step).
  assert(std::any_of(worst_first_.begin(), worst_first_.end(),
                     [&](const auto& c) { return c.first == mv && c.second; }));
  matched_[v] = matched_[mv] = 1;
  finalize(v, mv);
}

// Phase 5: opponents of the moved-down players chosen in phase 4: the highest resident
// possible, in MDP order.
template <int L>
void Engine<L>::pair_moved_down(Bracket& br) {
  for (int pi = 0; pi < br.mdp; ++pi) {
    const int v = br.cur[pi];
    if (!matched_[v]) continue;
    assert(br.in_bracket(mate_[v]));
    worst_first_.clear();
    for (int oi = br.nsgb - 1; oi >= br.mdp; --oi)
      if (!matched_[br.cur[oi]]) worst_first_.emplace_back(br.cur[oi], br.B(pi, oi));
    pair_first_possible(v, (std::uint64_t)br.size(), false);
  }
}

// Phase 6 (art. 4.3): the remainder (or homogeneous bracket), S1 = its first rp players, and
// the number of exchanges between S1 and S2 the best pairing needs (fewest first). Returns it.
template <int L>
int Engine<L>::choose_remainder(Bracket& br) {
  br.rem.clear();
  br.rp = 0;
  for (int oi = br.mdp; oi < br.nsgb; ++oi) {
    const int v = br.cur[oi];
    if (mate_[v] < br.sg_begin_v) continue;
    br.rem.push_back(oi);
    if (mate_[v] < v) ++br.rp;
  }
  const int rn = (int)br.rem.size();
  for (int i = 0; i < rn; ++i)
    for (int j = i + 1; j < rn; ++j)
      set(br.cur[br.rem[i]], br.cur[br.rem[j]], exchange_weight(br, br.rem[i], br.rem[j], i));
  mate_ = solve();
  int exchanges = 0;
  for (int i = 0; i < br.rp; ++i) exchanges += !forward(br, br.cur[br.rem[i]]);
  assert(2 * br.rp <= rn && exchanges <= br.rp);
  return exchanges;
}

// Phase 7 (art. 4.3.3): the S1 players moved to S2: the lowest ones possible.
template <int L>
void Engine<L>::exchange_s1_to_s2(Bracket& br, int exchanges) {
  const int rn = (int)br.rem.size();
  int left = exchanges;
  for (int i = br.rp - 1; i >= 0 && left; --i) {
    const int P = br.rem[i], v = br.cur[P];
    if (forward(br, v)) {
      for (int j = i + 1; j < rn; ++j) {
        W x = exchange_weight(br, P, br.rem[j], i);
        if (x) {
          x -= 1;
          set(v, br.cur[br.rem[j]], x);
        }
      }
      mate_ = solve();
    }
    const bool exchange = !forward(br, v);
    left -= exchange;
    for (int j = i + 1; j < rn; ++j) {
      if (exchange) br.set_B(P, br.rem[j], W{});
      set(v, br.cur[br.rem[j]], exchange_weight(br, P, br.rem[j], i));
    }
  }
  assert(left == 0);
}

// Phase 8 (art. 4.3.3): the S2 players moved to S1: the highest ones possible.
template <int L>
void Engine<L>::exchange_s2_to_s1(Bracket& br, int exchanges) {
  const int rn = (int)br.rem.size(), cn = br.size();
  int left = exchanges;
  for (int i = br.rp; i < rn && left > 1; ++i) {
    const int P = br.rem[i], v = br.cur[P];
    const bool already = forward(br, v);
    if (!already) {
      for (int j = i + 1; j < rn; ++j) {
        W x = exchange_weight(br, P, br.rem[j], i);
        if (x) {
          x += 1;
          set(v, br.cur[br.rem[j]], x);
        }
      }
      mate_ = solve();
    }
    if (forward(br, v)) {
      --left;
      for (int j = 0; j < i; ++j) {
        br.set_B(br.rem[j], P, W{});
        set(v, br.cur[br.rem[j]], W{});
      }
      for (int oi = br.nsgb; oi < cn; ++oi) {
        br.set_B(P, oi, W{});
        set(v, br.cur[oi], W{});
      }
      cut_far(br, v);
    }
    if (!already)
      for (int j = i + 1; j < rn; ++j)
        set(v, br.cur[br.rem[j]], exchange_weight(br, P, br.rem[j], i));
  }
}

// Phase 9 (art. 4.2): S1 (the players matched forwards) and S2 fixed, each S1 player in turn
// gets the highest S2 opponent still possible (transpositions).
template <int L>
void Engine<L>::pair_remainder(Bracket& br) {
  const int rn = (int)br.rem.size();
  for (int i = 0; i < rn; ++i)
    for (int j = i + 1; j < rn; ++j) {
      const int s = br.rem[i], l = br.rem[j];
      if (!forward(br, br.cur[s]) || forward(br, br.cur[l])) br.set_B(s, l, W{});
      set(br.cur[s], br.cur[l], br.B(s, l));
    }
  for (int i = 0; i < rn; ++i) {
    const int P = br.rem[i], v = br.cur[P];
    if (!forward(br, v)) continue;
    worst_first_.clear();
    for (int j = rn - 1; j >= 0; --j)
      if (br.rem[j] > P && !matched_[br.cur[br.rem[j]]])
        worst_first_.emplace_back(br.cur[br.rem[j]], br.B(P, br.rem[j]));
    pair_first_possible(v, 0, true);
  }
}

// Phase 10 (art. 1.3): the unpaired players move down, joined by the next score group.
template <int L>
void Engine<L>::move_down(Bracket& br) {
  auto score = [&](int v) { return p_[v].score; };
  const int cn = br.size(), group_start = br.nsgb_v;
  std::vector<int> next_cur;
  int next_mdp = 0;
  single_downfloater_is_bye_ = (n_ & 1) && rules_.pab_fewest_unplayed && group_start < n_ &&
                               bye_score_ >= score(group_start);
  for (int pos = 0; pos < cn; ++pos) {
    const int v = br.cur[pos];
    if (pos < br.nsgb && matched_[v]) continue;
    next_cur.push_back(v);
    if (pos < br.nsgb) ++next_mdp;
    if (single_downfloater_is_bye_ && score(mate_[v]) < score(group_start))
      single_downfloater_is_bye_ = false;
  }
  // The CLB: the PPB's downfloaters and all the remaining players, one bracket.
  if (collapsed_)
    for (; next_ < n_; ++next_) next_cur.push_back(next_);
  br.cur = std::move(next_cur);
  br.mdp = next_mdp;
  br.sg_begin_v = br.nsgb_v;
}

template <int L>
DutchPairing run_engine(const DutchInput& in, const RuleSet& rules, const Progress& progress,
                        std::vector<Player> players, const WeightLayout& layout) {
  Engine<L> e(in, rules, progress, std::move(players), layout);
  return e.run();
}

// The number of 64-bit limbs run_sized has an engine for, at least `bits` wide.
int limbs_for(int bits) {
  for (int l : {2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64})
    if (64 * l >= bits) return l;
  throw std::length_error("Dutch pairing: tournament too large for the edge-weight encoding");
}

DutchPairing run_sized(int limbs, const DutchInput& in, const RuleSet& rules,
                       const Progress& progress, std::vector<Player> players,
                       const WeightLayout& layout) {
  switch (limbs) {
    case 2: return run_engine<2>(in, rules, progress, std::move(players), layout);
    case 3: return run_engine<3>(in, rules, progress, std::move(players), layout);
    case 4: return run_engine<4>(in, rules, progress, std::move(players), layout);
    case 5: return run_engine<5>(in, rules, progress, std::move(players), layout);
    case 6: return run_engine<6>(in, rules, progress, std::move(players), layout);
    case 7: return run_engine<7>(in, rules, progress, std::move(players), layout);
    case 8: return run_engine<8>(in, rules, progress, std::move(players), layout);
    case 10: return run_engine<10>(in, rules, progress, std::move(players), layout);
    case 12: return run_engine<12>(in, rules, progress, std::move(players), layout);
    case 16: return run_engine<16>(in, rules, progress, std::move(players), layout);
    case 32: return run_engine<32>(in, rules, progress, std::move(players), layout);
    default: return run_engine<64>(in, rules, progress, std::move(players), layout);
  }
}

}  // namespace
}  // namespace dutch

void apply_baku_acceleration(DutchInput& input) {
  // bbpPairings' reading of C.04.7 (Baku): group A = the first ceil(N/2) players by pairing
  // number; ceil(R/2) accelerated rounds, the first floor((ceil(R/2)-1)/2)+1 of them with one
  // win's worth of virtual points, the others with half of it.
  std::vector<DutchPlayer*> by_id;
  for (auto& p : input.players) by_id.push_back(&p);
  std::sort(by_id.begin(), by_id.end(), [](auto a, auto b) { return a->id < b->id; });
  const int n = (int)by_id.size(), rounds = input.total_rounds;
  const int accelerated = (rounds + 1) / 2;
  const int full = (accelerated - 1) / 2 + 1;
  for (int i = 0; i < n; ++i) {
    auto& acc = by_id[i]->acceleration;
    acc.assign(std::max(rounds, 1), 0);
    if (i > (n - 1) / 2) continue;
    for (int r = 0; r < accelerated && r < rounds; ++r)
      acc[r] = r < full ? input.points_win : input.points_win / 2;
  }
}

namespace {

// Phase 1: the input as the engine reads it. Rounds not recorded count as absences (zero points,
// not paired); pairing numbers must be positive and distinct. Returns the error, or "".
std::string normalize_input(DutchInput& input) {
  std::vector<int> ids;
  for (auto& p : input.players) {
    ids.push_back(p.id);
    if ((int)p.rounds.size() < input.played_rounds) p.rounds.resize(input.played_rounds);
  }
  std::sort(ids.begin(), ids.end());
  if (input.played_rounds < 0 || (!ids.empty() && ids.front() < 1) ||
      std::adjacent_find(ids.begin(), ids.end()) != ids.end())
    return "invalid input: pairing numbers must be positive and distinct";
  return {};
}

// Phase 3: no player, or one player, who is left unpaired with the pairing-allocated bye
// (C.04.1 (c)) unless (d) forbids it: no matching needed.
DutchPairing pair_trivially(const std::vector<dutch::Player>& players) {
  assert(players.size() <= 1);
  DutchPairing out;
  if (players.empty()) {
    out.ok = true;
  } else if (players[0].bye_eligible) {
    out.ok = true;
    out.bye = players[0].id;
  } else {
    out.error = "the only player to pair may not receive the pairing-allocated bye";
  }
  return out;
}

// Art. 4.2 in a bracket whose pairs all weigh the same but for [C1]: S1 player i in turn takes the
// first S2 player (S2 in its own order) with whom the S1 players after it can still all be paired
// into S2 ([C1], [C4]; in odd fields one S2 player is left over). That is the engine's choice
// (pair_remainder: the first candidate a maximum-weight pairing allows). A pairing of the S1
// players not yet fixed into S2 is kept and re-routed along augmenting paths (Kuhn), so nearly
// every choice is the S2 player the pairing holds already.
class FirstTransposition {
 public:
  FirstTransposition(int s1, int s2, std::function<bool(int, int)> may_meet)
      : may_meet_(std::move(may_meet)), mate_(s1, -1), owner_(s2, -1), seen_(s2, 0) {}

  // S1 player i -> its S2 player; empty when S1 cannot be paired into S2 at all.
  std::vector<int> run() {
    const int s1 = (int)mate_.size();
    for (int i = 0; i < s1; ++i)  // S1 player i against S2 player i where they may meet
      if (may_meet_(i, i)) {
        mate_[i] = i;
        owner_[i] = i;
      }
    for (int i = 0; i < s1; ++i)
      if (mate_[i] < 0 && !augment_from(i)) return {};
    for (int i = 0, lo = 0; i < s1; ++i) {
      locked_ = i + 1;
      while (owner_[lo] >= 0 && owner_[lo] < i) ++lo;  // S2 players of the fixed S1 players
      int j = lo;
      while (!((owner_[j] < 0 || owner_[j] >= i) && may_meet_(i, j) && take(i, j))) ++j;
      assert(j < (int)owner_.size());
    }
    return mate_;
  }

 private:
  std::function<bool(int, int)> may_meet_;
  std::vector<int> mate_, owner_;  // S1 -> S2 and S2 -> S1 (-1: none)
  std::vector<char> seen_;
  int locked_ = 0;  // the S1 players before it keep their S2 players

  bool augment_from(int i) {
    std::fill(seen_.begin(), seen_.end(), 0);
    return augment(i);
  }
  // i (not locked, without an S2 player) gets one: a free one if it may meet one, else one
  // whose S1 player moves on to another (depth first).
  bool augment(int i) {
    const int s2 = (int)owner_.size();
    int j = 0;
    while (j < s2 && !(owner_[j] < 0 && !seen_[j] && may_meet_(i, j))) ++j;
    for (int t = 0; j == s2 && t < s2; ++t) {
      const int k = owner_[t];
      if (seen_[t] || k < locked_ || !may_meet_(i, t)) continue;
      seen_[t] = 1;
      if (augment(k)) j = t;
    }
    if (j == s2) return false;
    mate_[i] = j;
    owner_[j] = i;
    return true;
  }
  // S1 player i takes j if the later S1 players can still all be paired; otherwise nothing moves.
  bool take(int i, int j) {
    const int was = mate_[i], k = owner_[j];
    if (k == i) return true;
    owner_[was] = -1;
    mate_[i] = j;
    owner_[j] = i;
    if (k < 0) return true;
    mate_[k] = -1;
    if (augment_from(k)) return true;
    mate_[k] = j;
    owner_[j] = k;
    mate_[i] = was;
    owner_[was] = i;
    return false;
  }
};

// Phase 3b: a field of interchangeable players, as round 1 is: one score group, nobody has an
// absolute colour preference ([C3]), and all have the same colour, float, played-games and PAB-
// eligibility facts. A pair's edge weight reads nothing else of it but whether the two may meet
// ([C1]: forbidden pairs, games against players present), those facts for [C2], [C5]-[C21],
// so every pair that may meet weighs the same and every round-pairing (with one eligible player
// left over in odd fields) meets the criteria equally well: C.04.3 art. 4's generation order
// decides alone. S1 = the first floor(n/2) players (art. 3.2); when S1 can be paired into S2
// (no exchange, art. 4.3), FirstTransposition gives art. 4.2's first transposition; with no
// pair forbidden, each S1 player meets the S2 player of the same index, the last player of S2
// left over for the PAB. No matching is built: round 1 of 10,000 players needs no n^2 table.
// nullopt otherwise (an exchange needed, or players that differ).
std::optional<DutchPairing> pair_interchangeable(const std::vector<dutch::Player>& players,
                                                 Color initial_colour) {
  const dutch::Player& f = players.front();
  auto same = [&](const dutch::Player& p) {
    return !p.absolute() && p.score == f.score && p.imbalance == f.imbalance &&
           p.preference == f.preference && p.repeated == f.repeated && p.strong == f.strong &&
           p.bye_eligible == f.bye_eligible && p.played_games == f.played_games &&
           std::equal(std::begin(p.floats), std::end(p.floats), std::begin(f.floats));
  };
  const int n = (int)players.size(), m1 = n / 2;
  if (!std::all_of(players.begin(), players.end(), same) || ((n & 1) && !f.bye_eligible))
    return std::nullopt;
  auto may_meet = [&](int i, int j) {
    const auto& met = players[i].played_opponents;
    return !std::binary_search(met.begin(), met.end(), players[m1 + j].id);
  };
  const std::vector<int> s2_of = FirstTransposition(m1, n - m1, may_meet).run();
  if (s2_of.empty()) return std::nullopt;
  std::vector<int> mate(n, -1);
  for (int i = 0; i < m1; ++i) {
    mate[i] = m1 + s2_of[i];
    mate[m1 + s2_of[i]] = i;
  }
  return dutch::pairs_with_colours(players, mate, initial_colour);
}

// Phase 4: the edge-weight layout (edge_weight.h) with every score group side by side: each
// group's counter is as wide as its size needs, and under 2017 A.8 the PSD values of a Collapsed
// Last Bracket get their own room. `players` are in art. 1.2 order (score descending).
dutch::WeightLayout full_layout(const std::vector<dutch::Player>& players, int played_rounds,
                                const dutch::RuleSet& rules) {
  assert(std::is_sorted(players.begin(), players.end(),
                        [](const auto& a, const auto& b) { return a.score > b.score; }));
  dutch::WeightLayout layout;
  layout.played_rounds = played_rounds;
  int max_group = 0;
  for (size_t i = players.size(); i-- > 0;) {
    size_t j = i;
    while (j > 0 && players[j - 1].score == players[i].score) --j;
    const int size = (int)(i - j + 1);
    layout.shift[players[i].score] = layout.s;
    layout.width[players[i].score] = dutch::bits_for(size);
    layout.s += dutch::bits_for(size);
    max_group = std::max(max_group, size);
    i = j;
  }
  layout.b = dutch::bits_for(max_group);
  if (rules.round_pairing_outlook) {
    // 2017 A.8: room for the PSD of a Collapsed Last Bracket (its lowest player is the field's).
    std::set<int> scores;
    for (auto& p : players) scores.insert(p.score);
    const int low = *scores.begin();
    std::set<int> sd;
    for (int a : scores) {
      sd.insert(a - low + 10);
      for (int c : scores) sd.insert(a > c ? a - c : c - a);
    }
    layout.psd_values.assign(sd.begin(), sd.end());
    layout.psd_width = dutch::bits_for((long long)players.size());
    layout.s = std::max(layout.s, (int)sd.size() * layout.psd_width);
  }
  layout.full_s = layout.s;
  layout.full_shift = layout.shift;
  return layout;
}

// The bits a weight of `l` takes, with spare top bits: the matcher keeps duals free in sign,
// modulo 2^bits (they stay within a few times the largest weight).
int weight_bits(const dutch::WeightLayout& l) {
  return std::max(l.total_bits(), 2 + l.full_s + 2 * l.b) + 16;
}

// Phase 5: compact S fields (edge_weight.h), room for the three widest score groups, widened to
// whatever the same number of 64-bit limbs leaves. Worth it only when it takes fewer limbs than
// `full`: returns nullopt otherwise.
std::optional<dutch::WeightLayout> compact_layout(const dutch::WeightLayout& full) {
  dutch::WeightLayout compact = full;
  compact.compact = true;
  std::vector<int> widths;
  for (auto [score, w] : full.width) widths.push_back(w);
  std::sort(widths.rbegin(), widths.rend());
  compact.s = 0;
  for (size_t i = 0; i < widths.size() && i < 3; ++i) compact.s += widths[i];
  const int limbs = dutch::limbs_for(weight_bits(compact));
  if (limbs >= dutch::limbs_for(weight_bits(full))) return std::nullopt;
  while (compact.s < full.s) {
    ++compact.s;
    if (dutch::limbs_for(weight_bits(compact)) != limbs) {
      --compact.s;
      break;
    }
  }
  assert(compact.s <= full.s && dutch::limbs_for(weight_bits(compact)) == limbs);
  return compact;
}

}  // namespace

// The phases: 1. normalize the input; 2. the players in art. 1.2 order; 3. fields of at most one
// player, 3b. fields of interchangeable players; 4. the full weight layout; 5. the compact layout
// when it takes fewer limbs (falling back to the full one when a bracket holds more score groups
// than it has room for); 6. the engine at the width the layout needs.
DutchPairing pair_dutch(const DutchInput& input_in, const DutchOptions& options) {
  DutchInput input = input_in;
  if (std::string error = normalize_input(input); !error.empty()) {
    DutchPairing invalid;
    invalid.error = std::move(error);
    return invalid;
  }
  if (options.baku) apply_baku_acceleration(input);
  const dutch::RuleSet rules = dutch::rule_set(options.rules.value_or(DutchRules::Fide2026));
  std::vector<dutch::Player> players = dutch::build_players(input, rules);
  // Art. 1.2 order: score descending, then rank.
  std::stable_sort(players.begin(), players.end(),
                   [](const dutch::Player& a, const dutch::Player& b) {
                     return a.score != b.score ? a.score > b.score : a.rank < b.rank;
                   });
  if (players.size() <= 1) return pair_trivially(players);
  if (auto pairing = pair_interchangeable(players, input.initial_colour)) return *pairing;
  const dutch::WeightLayout layout = full_layout(players, input.played_rounds, rules);
  if (auto compact = compact_layout(layout)) {
    try {
      return dutch::run_sized(dutch::limbs_for(weight_bits(*compact)), input, rules,
                              options.progress, players, *compact);
    } catch (const dutch::CompactOverflow&) {  // a bracket with more score groups: full layout
    }
  }
  return dutch::run_sized(dutch::limbs_for(weight_bits(layout)), input, rules, options.progress,
                          std::move(players), layout);
}

}  // namespace arbiter::pairing
