// Rating-based tie-breaks, C.07 art. 10: ARO (10.1), TPR (10.2), PTP (10.3), APRO (10.4),
// APPO (10.5), RTNG (10.6). Undefined when a player is unrated, unless the regulations give
// unrated players a rating (/U or TiebreakOptions::unrated_rating).
#include <algorithm>
#include <cmath>

#include "arbiter/pairing/rating.h"
#include "tb_context.h"

namespace arbiter::pairing::detail {
namespace {

struct Perf {
  std::optional<int> aro, tpr, ptp;
};

// Own figures of player p over his played games, after the cuts.
Perf performance(const TbContext& c, int p, const TiebreakSpec& s) {
  std::vector<std::pair<int, double>> games;  // opponent rating, rating points
  int played = 0;
  for (int r = 1; r <= c.R; ++r) {
    const Cell& cell = c.cell(p, r);
    if (!cell.played()) continue;  // forfeits stay unplayed here, even in round robins (15.2)
    ++played;
    games.emplace_back(c.rating(cell.opponent - 1), cell.rating_points());
  }
  int low = std::min(s.cut_low, c.R);
  int high = std::min(s.cut_high, c.R - low);
  if (c.rules == TiebreakRules::Fide2022 && (low > 0 || high > 0)) {
    // Pre-2023 (as applied at the World Rapid and Blitz): unplayed rounds are the first cut.
    int unplayed = c.R - played;
    int d = std::min(unplayed, low);
    low -= d;
    high -= std::min(unplayed - d, high);
  }
  std::stable_sort(games.begin(), games.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  while (low-- > 0 && !games.empty()) games.erase(games.begin());
  while (high-- > 0 && !games.empty()) games.pop_back();
  std::vector<int> ratings;
  double score = 0;
  for (auto& [rt, pts] : games) {
    ratings.push_back(rt);
    score += pts;
  }
  Perf f;
  f.aro = rating::average_rating(ratings);
  f.tpr = rating::performance_rating(score, ratings);
  f.ptp = rating::perfect_performance(score, ratings);
  return f;
}

}  // namespace

std::vector<TiebreakValue> rating_tiebreak(const TbContext& c, const TiebreakSpec& s) {
  std::vector<TiebreakValue> out(size_t(c.n));
  if (!c.ratings_defined()) return out;
  if (s.kind == TiebreakKind::RTNG) {
    for (int p = 0; p < c.n; ++p) out[size_t(p)] = c.rating(p);
    return out;
  }
  std::vector<Perf> perf(size_t(c.n));
  for (int p = 0; p < c.n; ++p) perf[size_t(p)] = performance(c, p, s);
  auto pick = [&](const Perf& f) -> std::optional<int> {
    switch (s.kind) {
      case TiebreakKind::ARO: return f.aro;
      case TiebreakKind::TPR:
      case TiebreakKind::APRO: return f.tpr;
      default: return f.ptp;
    }
  };
  if (s.kind == TiebreakKind::ARO || s.kind == TiebreakKind::TPR || s.kind == TiebreakKind::PTP) {
    for (int p = 0; p < c.n; ++p)
      if (auto v = pick(perf[size_t(p)])) out[size_t(p)] = *v;
    return out;
  }
  // APRO / APPO: mean of the opponents' TPR / PTP over the games played, rounded half up.
  for (int p = 0; p < c.n; ++p) {
    long long sum = 0;
    int num = 0;
    for (int r = 1; r <= c.R; ++r) {
      const Cell& cell = c.cell(p, r);
      if (!cell.played()) continue;
      if (auto v = pick(perf[size_t(cell.opponent - 1)])) {
        sum += *v;
        ++num;
      }
    }
    if (num == 0) continue;
    long long nume = 2 * sum + num, den = 2LL * num;
    long long q = nume / den;
    if (nume % den != 0 && nume < 0) --q;
    out[size_t(p)] = double(q);
  }
  return out;
}

}  // namespace arbiter::pairing::detail
