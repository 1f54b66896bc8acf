// C.07 art. 10 performance figures (ARO, TPR, PTP) and the B.01 norm performance.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "arbiter/pairing/rating.h"

namespace arbiter::pairing::rating {

std::optional<int> average_rating(std::span<const int> ratings) {
  if (ratings.empty()) return std::nullopt;
  long long sum = std::accumulate(ratings.begin(), ratings.end(), 0LL);
  long long n = static_cast<long long>(ratings.size());
  // C.07 10.1: rounded to the nearest integer, .5 up.
  long long num = 2 * sum + n, den = 2 * n;
  long long q = num / den;
  if (num % den != 0 && num < 0) --q;
  return int(q);
}

std::optional<int> performance_rating(double score, std::span<const int> ratings) {
  auto aro = average_rating(ratings);
  if (!aro) return std::nullopt;
  // C.07 10.2: ARO + dp(p), p rounded to two decimals.
  return *aro + dp_from_percentage(percentage(score, int(ratings.size())));
}

std::optional<int> perfect_performance(double score, std::span<const int> ratings) {
  if (ratings.empty()) return std::nullopt;
  auto [lo_it, hi_it] = std::minmax_element(ratings.begin(), ratings.end());
  // C.07 10.3: a zero score gives the lowest-rated opponent - 800.
  if (score <= 0) return *lo_it - 800;
  long long target = std::llround(score * 100);
  if (target > 100LL * static_cast<long long>(ratings.size())) return *hi_it + 800;
  auto expected = [&](int r) {
    long long e = 0;
    for (int o : ratings) e += expected_pd100(r - o);  // full table, no 400-point cap
    return e;
  };
  // Lowest R with expected(R) >= target; expected() is non-decreasing in R.
  int lo = *lo_it - 801, hi = *hi_it + 801;  // expected(lo) < target <= expected(hi)
  while (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    (expected(mid) >= target ? hi : lo) = mid;
  }
  return hi;
}

std::optional<int> norm_performance(double score, std::vector<int> ratings,
                                    const std::string& norm) {
  if (ratings.empty()) return std::nullopt;
  int floor = norm == "GM"    ? 2200
              : norm == "IM"  ? 2050
              : norm == "WGM" ? 2000
              : norm == "WIM" ? 1850
                              : 0;
  auto lowest = std::min_element(ratings.begin(), ratings.end());
  *lowest = std::max(*lowest, floor);  // B.01 1.4.x: only the lowest opponent is raised
  return performance_rating(score, ratings);
}

}  // namespace arbiter::pairing::rating
