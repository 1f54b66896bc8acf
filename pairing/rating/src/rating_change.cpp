// B.02 8.2 (initial rating) and 8.3 (rating change of a rated player), 2024 text with the
// 1 Dec 2024 (rapid/blitz gap) and 1 Oct 2025 (400-point rule exemption at 2650) amendments.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "arbiter/pairing/rating.h"

namespace arbiter::pairing::rating {
namespace {
constexpr int kGapRuleDate = 20241201;  // rapid/blitz: >= 600 with one player > 2600 not rated
constexpr int kExemption2650Date = 20251001;  // standard: 400-point rule only below 2650

bool on_or_after(int date, int amendment) { return date == 0 || date >= amendment; }

// Nearest integer, .5 away from zero, of hundredths (B.02 8.3.4).
int round_hundredths(long long v100) {
  long long a = std::llabs(v100);
  long long r = (a + 50) / 100;
  return int(v100 < 0 ? -r : r);
}
}  // namespace

bool rapid_blitz_gap_rated(int a, int b, int date) {
  if (!on_or_after(date, kGapRuleDate)) return true;
  return !(std::abs(a - b) >= 600 && (a > 2600 || b > 2600));
}

int k_factor(const Player& p, int year, int period_games) {
  int k;
  // B.02 8.3.3: 40 for a new player (fewer than 30 games) and for juniors up to the end of the
  // year of their 18th birthday while below 2300; 10 once the published rating reached 2400;
  // otherwise 20.
  if (p.games_before < 30)
    k = 40;
  else if (p.birth_year > 0 && year > 0 && year - p.birth_year <= 18 && p.rating < 2300)
    k = 40;
  else if (p.reached_2400 || p.rating >= 2400)
    k = 10;
  else
    k = 20;
  // ... and K x n must not exceed 700 for the n games of the period.
  if (period_games > 0 && k * period_games > 700) k = 700 / period_games;
  return k;
}

Change rating_change(const Player& p, std::span<const Game> games, const Options& o) {
  Change c;
  long long delta100 = 0, expected100 = 0, score100 = 0;
  for (const Game& g : games) {
    GameChange gc;
    gc.opponent = g.opponent;
    gc.score = g.score;
    int d = p.rating - g.opponent;
    if (!g.played)
      gc.reason = "not played (B.02 5.1)";
    else if (g.unequal_time)
      gc.reason = "unequal playing times (rapid/blitz 1.2)";
    else if (g.opponent <= 0)
      gc.reason = "opponent unrated";
    else if (o.list != RatingList::Standard && !rapid_blitz_gap_rated(p.rating, g.opponent, o.date))
      gc.reason = "difference >= 600 with a player above 2600 (from 1 Dec 2024)";
    else
      gc.rated = true;
    if (gc.rated) {
      // 8.3.1: a difference of more than 400 points counts as 400; from 1 Oct 2025 (standard
      // only) not for a player rated 2650 or more.
      bool exempt = o.list == RatingList::Standard && on_or_after(o.date, kExemption2650Date) &&
                    p.rating >= 2650;
      if (!exempt) d = std::clamp(d, -400, 400);
      int pd = expected_pd100(d);
      long long s100 = std::llround(g.score * 100);
      gc.diff = d;
      gc.expected = pd / 100.0;
      gc.change = (s100 - pd) / 100.0;
      delta100 += s100 - pd;
      expected100 += pd;
      score100 += s100;
      ++c.rated_games;
    }
    c.games.push_back(std::move(gc));
  }
  int year = o.date > 0 ? o.date / 10000 : 0;
  c.k = o.k ? *o.k : k_factor(p, year, o.period_games > 0 ? o.period_games : c.rated_games);
  c.score = score100 / 100.0;
  c.expected = expected100 / 100.0;
  c.delta = delta100 / 100.0;
  c.change = double(delta100 * c.k) / 100.0;
  c.rounded = round_hundredths(delta100 * c.k);
  return c;
}

std::optional<int> initial_rating(std::span<const Game> games) {
  long long sum = 0;
  int n = 0;
  double score = 0;
  for (const Game& g : games) {
    if (!g.played || g.unequal_time || g.opponent <= 0) continue;
    sum += g.opponent;
    score += g.score;
    ++n;
  }
  // 8.2: at least 5 games against rated opponents; a zero score in a first event is disregarded.
  if (n < 5 || score <= 0) return std::nullopt;
  // Two hypothetical 1800 opponents, both drawn.
  double ra = double(sum + 2 * 1800) / (n + 2);
  int dp = dp_from_percentage(percentage(score + 1, n + 2));
  int ru = int(std::floor(ra + dp + 0.5));
  if (ru > 2200) ru = 2200;
  if (ru < 1400) return std::nullopt;
  return ru;
}

}  // namespace arbiter::pairing::rating
