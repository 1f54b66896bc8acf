// B.02 8.1.1 and 8.1.2: the two FIDE conversion tables, exactly as published (rating.md 2.1, 2.2).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include "arbiter/pairing/rating.h"

namespace arbiter::pairing::rating {
namespace {
// 8.1.2: upper end of the rating-difference band in which the higher-rated player's expected
// score is 0.50, 0.51, ..., 0.99; above 735 it is 1.00.
constexpr std::array<int, 50> kPdBandTop = {
    3,   10,  17,  25,  32,  39,  46,  53,  61,  68,  76,  83,  91,  98,  106, 113, 121,
    129, 137, 145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278,
    290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735};
// 8.1.1: dp for p = 0.50, 0.51, ..., 1.00 (dp(1 - p) = -dp(p)).
constexpr std::array<int, 51> kDp = {
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};
}  // namespace

int expected_pd100(int diff) {
  int d = std::abs(diff);
  auto it = std::lower_bound(kPdBandTop.begin(), kPdBandTop.end(), d);
  int high = 50 + int(it - kPdBandTop.begin());  // 100 when beyond the last band
  return diff >= 0 ? high : 100 - high;
}

int dp_from_percentage(int p100) {
  p100 = std::clamp(p100, 0, 100);
  return p100 >= 50 ? kDp[p100 - 50] : -kDp[50 - p100];
}

int percentage(double score, int games) {
  if (games <= 0) return 0;
  long long s100 = std::llround(score * 100);
  // Half up, as FIDE's reference code rounds (round(x + 1e-6)).
  long long num = 2 * s100 + games, den = 2LL * games;
  long long q = num / den;
  if (num % den != 0 && num < 0) --q;
  return int(q);
}

}  // namespace arbiter::pairing::rating
