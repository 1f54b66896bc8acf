// FIDE Dutch system (C.04.3, 2026): brackets processed from the top score down; in each one a
// sequence of maximum-weight matchings over all players not yet paired decides, criterion by
// criterion, which moved-down players are paired, with whom, which residents are exchanged
// between S1 and S2 and finally each S1 player's opponent. Every decision keeps the weight of
// the whole-field matching maximal, so [C4] (a complete legal round-pairing for everybody
// left) holds at every step.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>

#include "arbiter/pairing/dutch.h"
#include "dutch_player.h"
#include "dynamic_matching.h"
#include "edge_weight.h"
#include "player_data.h"
#include "round_pairing_outlook.h"
#include "rule_set.h"

namespace arbiter::pairing {
namespace dutch {
namespace {

using Progress = std::function<void(const DutchProgress&)>;

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

  int bye_score_ = 0;
  bool single_downfloater_is_bye_ = false;
  std::map<int, int> played_games_rank_;

  void set(int a, int b, const W& v) { m_.set_weight(a, b, v); }

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
        W w = m_.weight(cur[u], cur[t]);
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

  // The base edge weight of the pair (higher = earlier in the order, lower = later).
  W edge_weight(int hi, int lo, bool lo_in_current, bool lo_in_next) const {
    W r{};
    if (!compatible(hi, lo)) return r;
    const Player &h = p_[hi], &l = p_[lo];
    const int b = layout_.b;
    r = W(1 + !bye_candidate(hi) + !bye_candidate(lo));
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
                    ? pl.repeated == DutchColour::None || pl.repeated != op.repeated
                    : (pl.imbalance > op.imbalance ? op : pl).repeated != invert(pl.preference))));
    push(r, b,
         m && (pl.preference != op.preference || pl.preference == DutchColour::None ||
               op.preference == DutchColour::None));
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
    m_.solve();
    std::vector<int> out(n_);
    for (int v = 0; v < n_; ++v) {
      const int m = finalized_[v] ? final_mate_[v] : m_.mate(v);
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
      else if (!m_.weight(v, u).is_zero())
        return false;  // an edge the addends would leave as it is: not a plain case
    }
    m_.solve();
    for (auto it = worst_first.rbegin(); it != worst_first.rend(); ++it)
      if (!it->second.is_zero() && m_.may_be_optimal(v, it->first)) return m_.rematch(v, it->first);
    return false;
  }

  // 2017 A.9 and C.7: the bracket `cur` (moved-down players before `mdp`, residents before
  // `nsgb`, then the next score group) is paired on its own criteria alone (C.5-C.19, the
  // look-ahead C.7 to the next bracket paired on its own too; completion C.4 not). Returns the
  // positions (< nsgb) of the downfloaters that pairing produces, and whether they, together
  // with all the remaining players, allow a complete round-pairing (if not, the bracket is the
  // Penultimate Pairing Bracket). `base(s, l)`: the base weight of positions s < l of `cur`.
  // `floating`, when given, is the downfloater set the pairing must produce.
  template <class Base>
  std::pair<std::vector<char>, W> pair_alone(const std::vector<int>& cur, int mdp, int nsgb,
                                             const Base& base,
                                             const std::vector<char>* floating) const {
    const int cn = (int)cur.size(), top = layout_.total_bits() - 2;
    auto weight = [&](int s, int l) {
      if (l < mdp) return W{};  // two moved-down players never meet in their bracket (B.7)
      if (floating && l < nsgb && ((*floating)[s] || (*floating)[l])) return W{};
      if (floating && l >= nsgb && s < nsgb && !(*floating)[s]) return W{};
      W w = base(s, l);
      w.clear_bits(top, 2);  // no completion, no PAB eligibility
      return w;
    };
    // Among pairings equal on every criterion, the one the generation order (B.6-B.7, D.1-D.3)
    // meets first floats the lowest players: each pair adds the ranks it keeps in the bracket
    // (the low bits that the exchange preferences use, free in base weights).
    const std::vector<int> mate = max_weight_matching<W>(cn, [&](int s, int l) {
      W w = weight(s, l);
      if (w && l < nsgb) w += (std::uint64_t)(2 * nsgb - s - l);
      return w;
    });
    std::vector<char> down(nsgb, 0);
    W total{};
    for (int pos = 0; pos < cn; ++pos) {
      if (pos < nsgb) down[pos] = mate[pos] < 0 || mate[pos] >= nsgb;
      if (mate[pos] > pos) total += weight(pos, mate[pos]);
    }
    return {down, total};
  }

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

  // Restricts the bracket's pairing to the one with downfloaters `down` (positions < nsgb).
  template <class Base>
  void force_downfloaters(const std::vector<int>& cur, int mdp, int nsgb,
                          const std::vector<char>& down, Base& base) {
    const int cn = (int)cur.size();
    for (int l = 0; l < cn; ++l)
      for (int s = 0; s < l; ++s) {
        const bool cut =
            l < nsgb ? (down[s] != down[l] || (l < mdp && !down[l])) : s < nsgb && !down[s];
        if (!cut) continue;
        if (l >= mdp) base(s, l) = W{};
        set(cur[s], cur[l], W{});
      }
    for (int pos = 0; pos < nsgb; ++pos)
      if (!down[pos])
        for (int u = cur.back() + 1; u < n_; ++u) set(cur[pos], u, W{});
  }

  void finalize(int a, int b) {
    finalized_[a] = finalized_[b] = 1;
    m_.remove(a);
    m_.remove(b);
    final_mate_[a] = b;
    final_mate_[b] = a;
  }
};

template <int L>
DutchPairing Engine<L>::run() {
  DutchPairing result;
  const bool odd = n_ & 1;
  const int b = layout_.b;
  const int top = p_.front().score;
  auto score = [&](int v) { return p_[v].score; };

  // Initial matching: is any complete pairing possible, and which score gets the PAB ([C5]).
  for (int x = 0; x < n_; ++x)
    for (int y = 0; y < x; ++y) {
      if (odd && rules_.pab_lowest_score) {
        W r{};
        if (compatible(x, y)) {
          r = W(1 + !p_[x].bye_eligible + !p_[y].bye_eligible);
          r <<= layout_.full_s;
          r += W(layout_.full_shift.at(score(x)) + layout_.full_shift.at(score(y)));
          r <<= b;
          r += W(score(x) >= top);
        }
        set(x, y, r);
      } else {
        set(x, y, edge_weight(y, x, false, false));
      }
    }
  std::vector<int> mate;
  try {
    mate = solve();
  } catch (const std::domain_error&) {
    result.error = "no round-pairing satisfies the absolute criteria [C1]-[C3]";
    return result;
  }
  {
    int unmatched = 0;
    bool ineligible = false;
    for (int v = 0; v < n_; ++v)
      if (mate[v] == v) {
        ++unmatched;
        ineligible = ineligible || !p_[v].bye_eligible;
      }
    if (unmatched > 1 || ineligible) {
      result.error = "no round-pairing satisfies the absolute criteria [C1]-[C3]";
      return result;
    }
  }
  if (odd && rules_.pab_lowest_score) {
    for (int v = 0; v < n_; ++v)
      if (mate[v] == v) {
        bye_score_ = score(v);
        break;
      }
    single_downfloater_is_bye_ = false;
    if (bye_score_ >= top && rules_.pab_fewest_unplayed) {
      single_downfloater_is_bye_ = true;
      for (int v = 0; v < n_ && score(v) >= top; ++v)
        if (score(mate[v]) < top) {
          single_downfloater_is_bye_ = false;
          break;
        }
    }
    std::vector<int> counts;
    for (int v = 0; v < n_; ++v)
      if (score(v) == bye_score_) counts.push_back(p_[v].played_games);
    // [C9]: rank players of the PAB score by played games, most played first; the pairing
    // maximises the ranks of the players it pairs, so the PAB goes to the most games played.
    std::sort(counts.rbegin(), counts.rend());
    for (int i = 0; i < (int)counts.size(); ++i) played_games_rank_[counts[i]] = i;
    // Every weight changes: a fresh start is cheaper than a repair (and, reset first, the
    // matcher does not check each new weight against the old duals).
    m_.reset();
    for (int x = 0; x < n_; ++x)
      for (int y = 0; y < x; ++y) set(x, y, edge_weight(y, x, false, false));
  }

  std::vector<char> matched(n_, 0);
  std::vector<int> cur;  // bracket members (vertices): moved-down players, residents, next group
  int next = 0;
  while (next < n_ && score(next) >= top) cur.push_back(next++);
  int mdp = 0, sg_begin_v = 0;
  bool collapsed = false;  // 2017 A.9: the PPB has been paired, the next bracket is the CLB

  while (cur.size() > 1 || next < n_) {
    const int nsgb = (int)cur.size();
    const int nsgb_v = sg_begin_v + (nsgb - mdp);
    const int group_start = next;
    while (next < n_ && score(next) >= score(group_start)) cur.push_back(next++);
    const int cn = (int)cur.size();
    auto in_bracket = [&](int v) { return v >= sg_begin_v && v < nsgb_v; };
    if (layout_.compact) assign_score_fields(cur, mdp);
    if (collapsed) enter_clb(cur);
    report_progress(mdp < nsgb ? score(cur[mdp]) : score(group_start));

    // Base weights of every pair touching the bracket's residents or the next score group.
    // Lower triangle (s < l), row by row.
    std::vector<W> base((size_t)cn * (cn - 1) / 2);
    auto B = [&](int s, int l) -> W& { return base[(size_t)l * (l - 1) / 2 + s]; };
    for (int l = mdp; l < cn; ++l)
      for (int s = 0; s < l; ++s) {
        B(s, l) = edge_weight(cur[s], cur[l], l < nsgb, l >= nsgb);
        set(cur[l], cur[s], B(s, l));
      }
    // 2017 A.9: the bracket is paired on its own criteria, C.7 included, unless its
    // downfloaters do not allow the round-pairing to be completed: then it is the PPB, paired
    // for completion (C.4, kept by the whole-field matching in every bracket) without the
    // look-ahead C.7, and the next bracket is the CLB.
    if (rules_.round_pairing_outlook && !collapsed && nsgb < cn) {
      const auto [down, best] = pair_alone(cur, mdp, nsgb, B, nullptr);
      if (!completes(cur, nsgb, down, next)) {
        collapsed = true;
        for (int l = nsgb; l < cn; ++l)
          for (int s = 0; s < l; ++s) {
            B(s, l) = edge_weight(cur[s], cur[l], l < nsgb, false);
            set(cur[l], cur[s], B(s, l));
          }
      } else {
        // The whole-field matching weighs the look-ahead with the round-pairing completed;
        // C.7 weighs the next bracket on its own. Where that makes the downfloaters it would
        // choose worse than the best on the bracket's own criteria, the best ones float.
        mate = solve();
        std::vector<char> main_down(nsgb, 0);
        for (int pos = 0; pos < nsgb; ++pos) {
          const int mv = mate[cur[pos]];
          const bool resident_mate = mv != cur[pos] && in_bracket(mv);  // not the PAB
          const bool mdp_mate = !resident_mate && mv != cur[pos] &&
                                std::find(cur.begin(), cur.begin() + mdp, mv) != cur.begin() + mdp;
          main_down[pos] = !(resident_mate || (pos >= mdp && mdp_mate));
        }
        if (main_down != down && pair_alone(cur, mdp, nsgb, B, &main_down).second < best)
          force_downfloaters(cur, mdp, nsgb, down, B);
      }
    }
    mate = solve();

    // Which moved-down players are paired in this bracket ([C6], [C7]; art. 4.4 MDP sets).
    int md_score = 0, remaining = 0, remaining_matched = 0;
    for (int pi = 0; pi < mdp; ++pi) {
      if (!pi || score(cur[pi]) < md_score) {
        md_score = score(cur[pi]);
        remaining = remaining_matched = 0;
        for (int q = pi; q < cn && score(cur[q]) >= md_score; ++q) {
          ++remaining;
          remaining_matched += in_bracket(mate[cur[q]]);
        }
      }
      if (!remaining_matched) continue;
      const int v = cur[pi];
      if (remaining <= remaining_matched) {
        matched[v] = 1;
        continue;
      }
      --remaining;
      if (!in_bracket(mate[v])) {
        for (int oi = mdp; oi < nsgb; ++oi) {
          W x = B(pi, oi);
          if (x) {
            x |= 1;
            set(v, cur[oi], x);
          }
        }
        mate = solve();
      }
      if (in_bracket(mate[v])) {
        matched[v] = 1;
        --remaining_matched;
        for (int oi = mdp; oi < nsgb; ++oi) {
          W x = B(pi, oi);
          if (x) {
            x |= (std::uint64_t)(nsgb - mdp);
            x += 1;
            set(v, cur[oi], x);
          }
        }
      }
    }

    // Pairs v for good with the opponent that comes first among `worst_first` (read from the
    // back) that a maximum-weight pairing allows: each candidate's edge gains an addend, the
    // larger the earlier the candidate comes. `step_all`: every candidate, even one v cannot
    // meet, takes an addend step.
    std::vector<std::pair<int, W>> worst_first;
    auto pair_first_possible = [&](int v, std::uint64_t addend, bool step_all) {
      if (pair_first_directly(v, worst_first)) {
        mate = solve();
        const int mv = mate[v];
        matched[v] = matched[mv] = 1;
        finalize(v, mv);
        return;
      }
      for (const auto& [u, base_weight] : worst_first) {
        if (base_weight) {
          W x = base_weight;
          x += addend;
          set(v, u, x);
        }
        addend += step_all || base_weight;
      }
      mate = solve();
      const int mv = mate[v];
      matched[v] = matched[mv] = 1;
      finalize(v, mv);
    };

    // Opponents of the moved-down players: the highest resident possible, in MDP order.
    for (int pi = 0; pi < mdp; ++pi) {
      const int v = cur[pi];
      if (!matched[v]) continue;
      worst_first.clear();
      for (int oi = nsgb - 1; oi >= mdp; --oi)
        if (!matched[cur[oi]]) worst_first.emplace_back(cur[oi], B(pi, oi));
      pair_first_possible(v, (std::uint64_t)cn, false);
    }

    // The remainder (or homogeneous bracket): S1 = its first `rp` players.
    std::vector<int> rem;  // positions in cur
    int rp = 0;
    for (int oi = mdp; oi < nsgb; ++oi) {
      const int v = cur[oi];
      if (mate[v] < sg_begin_v) continue;
      rem.push_back(oi);
      if (mate[v] < v) ++rp;
    }
    const int rn = (int)rem.size();
    // Exchange preferences (art. 4.3): fewest players exchanged, then the smallest BSN sums.
    auto ewc = [&](int s, int l, int s_index) {
      W r = B(s, l);
      if (r) {
        W add(s_index < rp ? 1 : 0);
        add <<= 2 * b;
        add -= W((std::uint64_t)s_index);
        add <<= 1;
        r += add;
      }
      return r;
    };
    auto forward = [&](int v) { return mate[v] > v && mate[v] < nsgb_v; };
    for (int i = 0; i < rn; ++i)
      for (int j = i + 1; j < rn; ++j) set(cur[rem[i]], cur[rem[j]], ewc(rem[i], rem[j], i));
    mate = solve();
    int exchanges = 0;
    for (int i = 0; i < rp; ++i) exchanges += !forward(cur[rem[i]]);

    // S1 players moved to S2: the lowest ones possible.
    int left = exchanges;
    for (int i = rp - 1; i >= 0 && left; --i) {
      const int P = rem[i], v = cur[P];
      if (forward(v)) {
        for (int j = i + 1; j < rn; ++j) {
          W x = ewc(P, rem[j], i);
          if (x) {
            x -= 1;
            set(v, cur[rem[j]], x);
          }
        }
        mate = solve();
      }
      const bool exchange = !forward(v);
      left -= exchange;
      for (int j = i + 1; j < rn; ++j) {
        if (exchange) B(P, rem[j]) = W{};
        set(v, cur[rem[j]], ewc(P, rem[j], i));
      }
    }
    // S2 players moved to S1: the highest ones possible.
    left = exchanges;
    for (int i = rp; i < rn && left > 1; ++i) {
      const int P = rem[i], v = cur[P];
      const bool already = forward(v);
      if (!already) {
        for (int j = i + 1; j < rn; ++j) {
          W x = ewc(P, rem[j], i);
          if (x) {
            x += 1;
            set(v, cur[rem[j]], x);
          }
        }
        mate = solve();
      }
      if (forward(v)) {
        --left;
        for (int j = 0; j < i; ++j) {
          B(rem[j], P) = W{};
          set(v, cur[rem[j]], W{});
        }
        for (int oi = nsgb; oi < cn; ++oi) {
          B(P, oi) = W{};
          set(v, cur[oi], W{});
        }
        for (int u = cur.back() + 1; u < n_; ++u) set(v, u, W{});
      }
      if (!already)
        for (int j = i + 1; j < rn; ++j) set(v, cur[rem[j]], ewc(P, rem[j], i));
    }
    // Fix S1 (players matched forward) and S2, then give each S1 player in turn the highest
    // S2 opponent still possible (transpositions, art. 4.2).
    for (int i = 0; i < rn; ++i)
      for (int j = i + 1; j < rn; ++j) {
        const int s = rem[i], l = rem[j];
        if (!forward(cur[s]) || forward(cur[l])) B(s, l) = W{};
        set(cur[s], cur[l], B(s, l));
      }
    for (int i = 0; i < rn; ++i) {
      const int P = rem[i], v = cur[P];
      if (!forward(v)) continue;
      worst_first.clear();
      for (int j = rn - 1; j >= 0; --j)
        if (rem[j] > P && !matched[cur[rem[j]]])
          worst_first.emplace_back(cur[rem[j]], B(P, rem[j]));
      pair_first_possible(v, 0, true);
    }

    // Next bracket: the unpaired players move down, joined by the next score group.
    std::vector<int> next_cur;
    int next_mdp = 0;
    single_downfloater_is_bye_ =
        odd && rules_.pab_fewest_unplayed && group_start < n_ && bye_score_ >= score(group_start);
    for (int pos = 0; pos < cn; ++pos) {
      const int v = cur[pos];
      if (pos < nsgb && matched[v]) continue;
      next_cur.push_back(v);
      if (pos < nsgb) ++next_mdp;
      if (single_downfloater_is_bye_ && score(mate[v]) < score(group_start))
        single_downfloater_is_bye_ = false;
    }
    // The CLB: the PPB's downfloaters and all the remaining players, one bracket.
    if (collapsed)
      for (; next < n_; ++next) next_cur.push_back(next);
    cur = std::move(next_cur);
    mdp = next_mdp;
    sg_begin_v = nsgb_v;
  }

  // Pairs in the order of the players; colours per art. 5 (first argument: lower TPN).
  result.ok = true;
  for (int v = 0; v < n_; ++v) {
    const int m = finalized_[v] ? final_mate_[v] : -1;
    if (m < 0) {
      result.bye = p_[v].id;
      continue;
    }
    const int a = p_[v].id < p_[m].id ? v : m, o = a == v ? m : v;
    if (v != a) continue;
    const DutchColour c = allocate_colour(p_[a], p_[o], in_.initial_colour);
    if (c == DutchColour::White)
      result.pairs.emplace_back(p_[a].id, p_[o].id);
    else
      result.pairs.emplace_back(p_[o].id, p_[a].id);
  }
  return result;
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

DutchPairing pair_dutch(const DutchInput& input_in, const DutchOptions& options) {
  DutchInput input = input_in;
  DutchPairing invalid;
  {
    std::vector<int> ids;
    for (auto& p : input.players) {
      ids.push_back(p.id);
      // Rounds not recorded count as absences (zero points, not paired).
      if ((int)p.rounds.size() < input.played_rounds) p.rounds.resize(input.played_rounds);
    }
    std::sort(ids.begin(), ids.end());
    if (input.played_rounds < 0 || (!ids.empty() && ids.front() < 1) ||
        std::adjacent_find(ids.begin(), ids.end()) != ids.end()) {
      invalid.error = "invalid input: pairing numbers must be positive and distinct";
      return invalid;
    }
  }
  if (options.baku) apply_baku_acceleration(input);
  const dutch::RuleSet rules = dutch::rule_set(options.rules.value_or(DutchRules::Fide2026));
  std::vector<dutch::Player> players = dutch::build_players(input, rules);
  DutchPairing none;
  if (players.empty()) {
    none.ok = true;
    return none;
  }
  // Art. 1.2 order: score descending, then rank.
  std::stable_sort(players.begin(), players.end(),
                   [](const dutch::Player& a, const dutch::Player& b) {
                     return a.score != b.score ? a.score > b.score : a.rank < b.rank;
                   });
  if (players.size() == 1) {
    none.ok = players[0].bye_eligible;
    if (none.ok)
      none.bye = players[0].id;
    else
      none.error = "the only player to pair may not receive the pairing-allocated bye";
    return none;
  }
  dutch::WeightLayout layout;
  layout.played_rounds = input.played_rounds;
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
  // Spare top bits: the matcher keeps duals free in sign, modulo 2^bits (they stay within a
  // few times the largest weight).
  auto bits = [&](const dutch::WeightLayout& l) {
    return std::max(l.total_bits(), 2 + l.full_s + 2 * l.b) + 16;
  };
  const int full_limbs = dutch::limbs_for(bits(layout));
  // Compact S fields (edge_weight.h) when room for the three widest score groups takes fewer
  // 64-bit limbs; the S fields then get whatever room those limbs leave.
  dutch::WeightLayout compact = layout;
  compact.compact = true;
  {
    std::vector<int> widths;
    for (auto [score, w] : layout.width) widths.push_back(w);
    std::sort(widths.rbegin(), widths.rend());
    compact.s = 0;
    for (size_t i = 0; i < widths.size() && i < 3; ++i) compact.s += widths[i];
  }
  const int compact_limbs = dutch::limbs_for(bits(compact));
  if (compact_limbs < full_limbs) {
    while (compact.s < layout.s) {
      ++compact.s;
      if (dutch::limbs_for(bits(compact)) != compact_limbs) {
        --compact.s;
        break;
      }
    }
    try {
      return dutch::run_sized(compact_limbs, input, rules, options.progress, players, compact);
    } catch (const dutch::CompactOverflow&) {  // a bracket with more score groups: full layout
    }
  }
  return dutch::run_sized(full_limbs, input, rules, options.progress, std::move(players), layout);
}

}  // namespace arbiter::pairing
